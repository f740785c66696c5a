// Slurm as a resource manager (docs/slurm.md). Every job waits held (examples/slurm/
// job_submit.lua gives it priority 0, and sched/builtin never starts such a job); to start one
// on the nodes the iteration chose, the adapter binds it to exactly them (ReqNodeList, node
// count) and releases it in the same request, then watches Slurm run it there. A start not
// running within the bound is held again, its nodes cleared, and reported (StartFailed) for
// Maui's defer rules. A job released by anyone else is held again at once.
//
// What the adapter does that Slurm cannot tell apart (starts in flight, jobs it held again)
// is its own state (AdapterView): it goes to `persist` before every change, so that after a
// crash the daemon gives it back and nothing is started twice.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "runtime/rm/rm.h"
#include "runtime/rm/slurm/slurm_control.h"
#include "runtime/rm/slurm/slurm_snapshot.h"

namespace maui::runtime::slurm {

struct SlurmOptions {
  // A released job runs within this (measured on 22.05: 1.3 s at worst on a loaded machine), or
  // it is held again and the start reported failed.
  Seconds start_timeout = 10;
  // How often wait() asks Slurm whether anything changed (one round trip without data): while
  // jobs wait for the scheduler or a start is in flight, and when none does. Slurm tells no one
  // when a job ends, and it starts a released job only at its next pass, which an ended job's
  // epilog brings at once and a release only at its next second (slurmctld's background
  // thread): a release that comes 10 ms after an end catches the end's own pass more often than
  // one that comes 50 ms after. Measured by bench/slurm/serve_bench.py's burst: 50 ms, 55 jobs
  // a second; 10 ms, 83, what sched/backfill does.
  double busy_poll_seconds = 0.01;
  double poll_seconds = 0.05;
  MappingOptions mapping;
  // Read and decide, change nothing in Slurm (`mauirun serve --dry-run`, SERVERMODE TEST).
  bool dry_run = false;
};

// The adapter's own state, for the state directory.
struct AdapterState {
  AdapterView view;
  // What each job in flight asked for before the adapter bound it (Slurm keeps the new node
  // counts): given back when a start is undone.
  struct Request {
    std::uint32_t min_nodes = 0, max_nodes = 0;
    std::string required_nodes, excluded_nodes;
    // Slurm's restart count at the release: a higher one later says Slurm requeued the job.
    std::uint32_t restarts = 0;
    std::string partitions;  // a job asking several: the list, given back (empty: one partition)
  };
  std::map<std::string, Request, std::less<>> requests;  // by the engine's job id, as AdapterView
};

class SlurmCluster final : public ResourceManager {
 public:
  using Clock = std::function<Epoch()>;
  // `persist` saves the adapter's state durably; a start is not made when it fails.
  using Persist = std::function<RmStatus(const AdapterState&)>;

  SlurmCluster(SlurmControl& control, SlurmOptions options, Clock clock, Persist persist);

  std::string name() const override { return "slurm"; }
  RmCapabilities capabilities() const override;
  // Asks Slurm every poll_seconds (busy_poll_seconds while jobs wait) whether something changed,
  // until something did, a start in
  // flight is due for its check, `deadline` passes or wake() is called; then reads the cluster
  // and reports what changed since the last reading. The cluster stays as last read when
  // Slurm cannot be read (the failure is in `last_error()`).
  Epoch wait(Epoch deadline, std::vector<RmEvent>& events) override;
  RmStatus refresh() override;
  ClusterSnapshot& cluster() override { return mapped_.snapshot; }
  RmStatus start_job(StartRequest&& request) override;
  std::vector<RmStatus> start_jobs(std::vector<StartRequest>&& requests) override;
  RmStatus hold_job(const std::string& id, const std::string& reason) override;
  RmStatus release_job(const std::string& id) override;
  RmStatus cancel_job(const std::string& id, const std::string& reason) override;
  RmStatus requeue_job(const std::string& id) override;
  RmStatus set_priority(const std::string& id, std::int64_t priority) override;

  // Cuts a wait short (from another thread or a signal handler's flag).
  void wake();
  // Applied to every snapshot the adapter makes (the daemon gives each job the QOS it may use).
  void set_adjust(std::function<void(ClusterSnapshot&)> adjust) { adjust_ = std::move(adjust); }
  // The adapter's state, and giving it back after a restart (before the first refresh).
  const AdapterState& state() const { return state_; }
  void restore(AdapterState state) { state_ = std::move(state); }
  // What the adapter did on its own or found wrong since last asked (jobs held again,
  // records it could not map, Slurm unreachable), each a line for the log.
  std::vector<std::string> take_notices();
  const std::string& last_error() const { return last_error_; }
  // Seconds spent in requests that change Slurm, and in journalling them, since last asked
  // (what applying decisions costs).
  double take_request_seconds() { return std::exchange(request_seconds_, 0.0); }
  // Seconds the last reading of Slurm took (jobs, nodes, partitions, and mapping them).
  double read_seconds() const { return read_seconds_; }
  // The Slurm record behind a job of the snapshot (admin comment, reason...), by position.
  const JobRecord* record(std::size_t job) const;

 private:
  RmStatus read(std::vector<RmEvent>* events);
  void diff(const MappedCluster& before, std::vector<RmEvent>& events);
  void check_starts(std::vector<RmEvent>* events);
  std::string no_fault_of_the_job(const std::string& id, const JobRecord* r, const AdapterView::Start& start) const;
  void hold_released_elsewhere();
  void explain_dependencies_never_met();
  void end_jobs_past_their_deadline();
  RmStatus undo_start(const std::string& id, const std::string& why);
  // How to name the engine's job `id` to Slurm, and its record in the last reading (none: not in
  // it). An array task still in its array's record is named by the array's id and its task id.
  struct Target {
    std::uint32_t id = 0;
    std::optional<std::uint32_t> task;
    const JobRecord* record = nullptr;
  };
  // A start checked, placed and shown in the snapshot, not yet journalled nor asked of Slurm.
  struct Prepared {
    std::string id;           // the engine's job id; empty: nothing to ask (a dry run)
    Target target;            // what Slurm is told: the job, or the array and the task
    std::string partition;    // a job asking several partitions: the one it is released into
    std::size_t job = 0;      // in mapped_.snapshot.jobs
    Job before;               // the job as the snapshot showed it, for a start not made
    std::size_t request = 0;  // in start_jobs' requests
  };
  std::variant<Prepared, RmStatus> prepare_start(const StartRequest& request);
  void forget_start(const Prepared& p);
  RmStatus release_to_nodes(const Prepared& p);
  RmStatus save();
  std::optional<Target> target(std::string_view id) const;
  void notice(std::string text);
  void remap();  // mapped_ from reading_ and the adapter's view
  void held_now(std::string_view id);
  RmStatus timed(const std::function<RmStatus()>& request);  // counted in request_seconds_

  SlurmControl& control_;
  SlurmOptions options_;
  Clock clock_;
  Persist persist_;
  AdapterState state_;
  Reading reading_;
  MappedCluster mapped_;
  bool read_once_ = false;
  std::string last_error_;
  std::vector<std::string> notices_;
  std::function<void(ClusterSnapshot&)> adjust_;
  double request_seconds_ = 0;
  double read_seconds_ = 0;
  std::mutex wake_mutex_;
  std::condition_variable wake_cv_;
  bool woken_ = false;
};

// Slurm's node list for a set of node names, in the order given ("n1,n2").
std::string node_list(const std::vector<std::string>& nodes);

}  // namespace maui::runtime::slurm
