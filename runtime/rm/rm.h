// What the scheduler needs of a resource manager, and what a resource manager tells it. The
// trace-driven simulator (runtime/rm/sim/) is one; the Slurm adapter (runtime/rm/slurm/) is
// another. The scheduling cycle (runtime/cycle/) drives either the same way: wait for events
// up to a deadline, read the cluster, decide, and ask the RM to carry the decisions out. Every
// request answers with an RmStatus: an RM that refuses says why.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/engine/model.h"
#include "schemas/problem.h"

namespace maui::runtime {

struct RmStatus {
  bool ok = true;
  // What the RM said when it refused, in its words: a problem about no file or line (an RM's
  // refusal, schemas/problem.h).
  Problem error;
  static RmStatus failure(std::string why) { return {false, {{}, 0, 0, Severity::Error, std::move(why)}}; }
};

// Something that happened in the cluster since the scheduler last looked.
struct RmEvent {
  enum class Kind : std::uint8_t {
    Submitted,    // a job entered the queue
    Started,      // a start the scheduler asked for is confirmed: the job runs
    StartFailed,  // a start the scheduler asked for did not happen (detail: why)
    Ended,        // a job left the cluster: completed, failed, cancelled (detail: how)
    NodeChanged,  // a node came, went or changed state (subject: the node; detail: its state)
  };
  Kind kind = Kind::Submitted;
  std::string subject;  // the job id, or the node name
  Epoch at = 0;
  std::string detail;
  // StartFailed: why it failed through no fault of the job (a node it was given went down, the
  // RM requeued it); empty when nothing but the job explains it. Maui's defer rules count only
  // the latter (runtime/daemon/defer_rules.h).
  std::string no_fault_of_the_job = {};
};
std::string_view to_string(RmEvent::Kind);

// What an RM can do and how it behaves, so that the cycle asks only for what it can carry out.
struct RmCapabilities {
  // A real cluster: every snapshot is read anew from the RM (the cycle merges its own state
  // into it), nodes may come and go, and the clock is the wall clock. Otherwise (the simulator)
  // the snapshot is the RM's own state, kept between iterations, and the nodes never change.
  bool live = false;
  bool requeue = false;       // can put a running job back in the queue (preemption)
  bool set_priority = false;  // can show the scheduler's priority of a queued job to users
  // A start is confirmed later by a Started or StartFailed event (Slurm), not done when
  // start_job returns (the simulator).
  bool confirms_starts = false;
};

// Start a queued job: these nodes, these tasks on each.
struct StartRequest {
  std::string job;
  std::vector<std::string> nodes;
  std::vector<std::int64_t> tasks;  // per node, in the same order
  // Where each node was in the snapshot the decision was made on: a hint the RM checks against
  // the name (the simulator finds its nodes without hashing their names); may be empty.
  std::vector<std::size_t> where;
};

class ResourceManager {
 public:
  virtual ~ResourceManager() = default;
  virtual std::string name() const = 0;
  virtual RmCapabilities capabilities() const = 0;

  // Waits until something happens or the RM's clock reaches `deadline`, whichever is first,
  // and appends what happened to `events`, in order; cluster() then shows the cluster as of the
  // time returned (a live RM: the moment it was read, so that what runs in it ran then).
  virtual Epoch wait(Epoch deadline, std::vector<RmEvent>& events) = 0;
  // Reads the cluster anew (nodes, jobs, the time). A failure leaves the last snapshot as it
  // was, and says why.
  virtual RmStatus refresh() = 0;
  // The cluster as last read. The cycle iterates on it and may write the scheduler's own
  // state (Job::sched) into it.
  virtual ClusterSnapshot& cluster() = 0;

  virtual RmStatus start_job(StartRequest&& request) = 0;
  // The starts of one iteration, in its order, each with its outcome. One by one unless the RM
  // does better (the Slurm adapter journals them all with one save).
  virtual std::vector<RmStatus> start_jobs(std::vector<StartRequest>&& requests) {
    std::vector<RmStatus> out;
    out.reserve(requests.size());
    for (auto& r : requests) out.push_back(start_job(std::move(r)));
    return out;
  }
  virtual RmStatus hold_job(const std::string& id, const std::string& reason) = 0;
  virtual RmStatus release_job(const std::string& id) = 0;
  // Removes a queued job for good; `reason` is shown to its owner where the RM can.
  virtual RmStatus cancel_job(const std::string& id, const std::string& reason) = 0;
  // Puts a running job back in the queue (its resources are freed).
  virtual RmStatus requeue_job(const std::string& id) = 0;
  // Shows the scheduler's priority of a queued job in the RM (capabilities().set_priority).
  virtual RmStatus set_priority(const std::string& id, std::int64_t priority) = 0;
};

}  // namespace maui::runtime
