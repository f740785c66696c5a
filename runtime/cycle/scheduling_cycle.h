// The scheduling cycle: what carries scheduling from one iteration to the next, the same for
// the simulator and the daemon. Each turn, its driver waits on the resource manager up to the
// cycle's next wake-up, moves the cycle's clock to the RM's (usage and queue time accrue over
// the time that passed), and runs one iteration, whose decisions the cycle asks the RM to carry
// out. The clock is injected: the cycle never reads the time, it is told.
//
// What the cycle keeps (SchedulerJobState of every job, the reservations of the last iteration,
// the fairshare windows, the last job end) is keyed by job and node names, so that a live RM's
// fresh snapshot gets it merged in every iteration, and it can be saved and restored
// (CycleMemory). With the simulator, whose snapshot is its own state kept between iterations,
// the memory stays in the snapshot and nothing is merged.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "runtime/engine/credentials.h"
#include "runtime/engine/easy_fast_path.h"
#include "runtime/engine/eligibility.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/partitions.h"
#include "runtime/engine/priority.h"
#include "runtime/engine/reservations.h"
#include "runtime/engine/scheduler.h"
#include "runtime/rm/rm.h"

namespace maui::runtime {

struct CycleOptions {
  std::vector<AdminReservation> admin_reservations;
  Seconds utc_offset = 0;  // the site's (or the trace's) time zone: local = epoch + utc_offset
  // An iteration in which no waiting job fits in the free procs starts nothing and is skipped
  // where that changes nothing (fairshare and queue-time accrual still follow it): faster, the
  // same schedule, which a test checks. Only for an RM whose nodes never change.
  bool skip_futile_iterations = true;
  // EASY on identical one-proc nodes runs without the resource calendar where it applies
  // (runtime/engine/easy_fast_path.h): the same decisions. Only for an RM whose nodes never change.
  bool fast_path = true;
  // Explain every waiting job in every iteration (SchedulerInput::explain): what the admin
  // commands show (`mauirun serve`); a string per job, so the simulator leaves it off.
  bool explain = false;
};

// What one call of iterate() is asked beyond the usual.
struct IterationRequest {
  std::optional<std::string> run_now;  // an operator's runjob: this job starts now, if it fits
  bool apply = true;                   // false (schedctl -s): decide and explain, ask the RM for nothing
};

// What the cycle carries between iterations, by name: what a restart needs to go on as if the
// scheduler had never stopped.
struct CycleMemory {
  std::map<std::string, SchedulerJobState> jobs;  // by job id: queued and running jobs
  // The last iteration's reservations, and the names of the nodes their NodeTasks index.
  std::vector<Reservation> reservations;
  std::vector<std::string> reservation_nodes;
  FairshareHistory fairshare;
  // The fairshare standing iterations use is refreshed once per RMPOLLINTERVAL: when it was, and
  // the windows as they were then, so that a restart uses the same standing until the next refresh.
  std::optional<Epoch> standing_at;
  FairshareHistory standing_fairshare;
  std::optional<Epoch> accrued_until;    // usage and queue time are accrued up to here
  std::optional<Epoch> last_completion;  // the last job end (backfill chunking)
  // What next_wakeup() reads: the last iteration's time, whether it left jobs waiting, and
  // whether it removed a job it can never run (the next one then comes at once).
  Epoch iterated_at = 0;
  bool left_waiting = false;
  bool removed_never_runnable = false;
};

// One decision as the RM took it.
struct AppliedDecision {
  // Cancel: a job that can never run, removed (the simulator); Hold: the same, held with its
  // reason where the owner sees it (a live RM: Maui's JOBREJECTPOLICY HOLD).
  enum class Kind : std::uint8_t { Requeue, Start, Cancel, Hold } kind = Kind::Start;
  std::size_t job = 0;  // index in the snapshot the iteration ran on
  RmStatus status;
  bool backfill = false;  // a start made by backfill
};

struct IterationReport {
  bool ran = false;  // false: skipped (nothing could start) or nothing waited
  bool fast_path = false;
  // What the engine decided; its reservations move into the cycle (SchedulingCycle::reservations).
  IterationResult result;
  std::vector<AppliedDecision> applied;  // in the order asked: requeues, starts, cancellations or holds
};

class SchedulingCycle {
 public:
  // `nodes`: an RM's fixed nodes (the simulator's), which the cycle may prepare for once
  // (partitions, the EASY fast path); empty for a live RM.
  SchedulingCycle(const CredentialDirectory& dir, CycleOptions options, std::span<const Node> fixed_nodes = {});

  // Moves the cycle's clock to `t`: fairshare usage and queue time accrue over [the last time,
  // t) with the jobs as `rm.cluster()` shows them (a job that ended in that time is charged up
  // to its end). With a live RM the cycle's memory is first merged into the fresh snapshot.
  void advance_to(ResourceManager& rm, Epoch t);
  // What the RM said happened (job ends: backfill chunking).
  void note(std::span<const RmEvent> events);
  // One iteration on rm.cluster() at the current time, its decisions carried out through `rm`.
  const IterationReport& iterate(ResourceManager& rm, const IterationRequest& request = {});
  // When the cycle wants an iteration though nothing else happens, as its last iteration left
  // things: a reservation starts or ends, a backfill chunk period ends, jobs held back by a
  // removed job; kEndOfTime for never (also when no job was left waiting).
  Epoch next_wakeup() const;
  // Every queued job's obstacles, as an explained iteration sees them (no decision applied).
  IterationResult explain(const ClusterSnapshot& snapshot);

  // What a restart needs (taken from the last snapshot iterated on), and giving it back.
  CycleMemory memory(const ClusterSnapshot& snapshot) const;
  void restore(CycleMemory memory);

  // The memory of one job, for decisions taken outside the iterations (defers, an operator's
  // holds and system priorities): what the next iteration merges into a live RM's snapshot.
  SchedulerJobState& job_memory(const std::string& id) { return kept_[id]; }

  void set_admin_reservations(std::vector<AdminReservation> admin) { options_.admin_reservations = std::move(admin); }
  const std::vector<AdminReservation>& admin_reservations() const { return options_.admin_reservations; }
  const std::vector<Reservation>& reservations() const { return previous_; }
  Seconds utc_offset() const { return options_.utc_offset; }  // CycleOptions::utc_offset
  const FairshareHistory& fairshare_history() const { return history_; }
  // The fairshare standing iterations use now (refreshed once per RMPOLLINTERVAL); null: fairshare off.
  const FairshareStanding* fairshare_standing(Epoch now);
  std::int64_t iterations() const { return iterations_; }
  std::int64_t fast_path_iterations() const { return fast_path_iterations_; }
  // Policy the engine cannot honour, each once, sorted.
  const std::set<Problem>& warnings() const { return warnings_; }

 private:
  bool skipping_is_exact() const;
  bool could_start_any(const ClusterSnapshot& snapshot) const;
  std::int64_t largest_partition_open_to(const Job& job) const;
  SchedulerInput input(const ClusterSnapshot& snapshot, const FairshareStanding* standing);
  void apply(ResourceManager& rm, IterationReport& report);
  void merge_memory(ClusterSnapshot& snapshot);
  void capture_memory(const ClusterSnapshot& snapshot);
  void rebase_reservations(const std::vector<Node>& nodes);

  const CredentialDirectory& dir_;
  const ir::Policy& policy_;
  CycleOptions options_;
  const bool fairshare_on_;
  const AccrualPolicy accrual_;
  const bool fixed_nodes_;
  ReservationClock clock_;
  FairshareHistory history_;
  FairshareStanding standing_;
  std::optional<Epoch> standing_at_;
  FairshareHistory standing_history_;  // live: history_ as standing_ was computed from it
  std::optional<Epoch> accrued_until_;
  std::optional<Epoch> last_completion_;
  std::vector<Reservation> previous_;
  std::vector<std::string> previous_nodes_;        // live: the nodes previous_ indexes
  std::map<std::string, SchedulerJobState> kept_;  // live: the memory of every queued and running job
  SchedulerWorkspace workspace_;
  // For fixed nodes: their partitions, usable procs, and the EASY fast path where it applies.
  PartitionLayout partitions_;
  std::optional<EasyFastPath> fast_path_;
  bool confined_ = false;  // confines_to_partitions
  std::int64_t cluster_procs_ = 0;
  std::vector<std::int64_t> partition_procs_;
  mutable std::vector<std::uint32_t> open_scratch_;
  bool skipping_changes_nothing_ = true;
  bool removed_never_runnable_ = false;  // by the last iteration run
  bool left_waiting_ = false;            // the last iteration left queued jobs behind
  Epoch iterated_at_ = 0;                // the time of the last iteration
  IterationReport report_;
  std::int64_t iterations_ = 0;
  std::int64_t fast_path_iterations_ = 0;
  std::set<Problem> warnings_;
  static inline const FairshareStanding no_fairshare_{};
};

}  // namespace maui::runtime
