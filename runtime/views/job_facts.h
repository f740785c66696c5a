// What the views say about each job, worked out once per request from the context: where it
// stands (showq's sections), its state in Maui's words, and every reason it is not running.
// showq, checkjob, showstart and diagnose -j all read it, so that they never disagree.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "runtime/views/view_context.h"

namespace maui::runtime {

// showq's sections (docs/reference/maui-3.3-semantics.md §11.1). Eligible: admitted under the soft
// limits, waiting for resources; Blocked: every other queued job (a hold, a dependency, a limit, a
// job admitted only under the hard limits, one that can never run). Done: completed, shown by no
// section.
enum class JobStanding : std::uint8_t { Active, Eligible, Blocked, Done };

struct JobFacts {
  JobStanding standing = JobStanding::Done;
  const JobEligibility* eligibility = nullptr;  // queued jobs
  const StartDecision* start = nullptr;         // the iteration starts it now (Maui's Starting)
  const Reservation* reservation = nullptr;     // its priority reservation
  const WaitNote* waiting = nullptr;            // why it waits though eligible
  const WaitNote* never_runnable = nullptr;     // eligible, but no node set can ever hold it
};

class QueueFacts {
 public:
  explicit QueueFacts(const ViewContext& context);

  const JobFacts& operator[](std::size_t job) const { return facts_[job]; }
  // Queued jobs in the iteration's priority order (priority, then submission, then id).
  const std::vector<std::size_t>& queued_by_priority() const { return queued_; }
  // Active jobs (running, suspended, starting now), earliest completion first, then by id.
  const std::vector<std::size_t>& active_by_completion() const { return active_; }
  // A queued job's priority in this iteration; a running job's start priority when known, else 0.
  std::int64_t priority(std::size_t job) const;
  // Seconds a running job has left (its whole walltime when it starts now).
  Seconds remaining(std::size_t job) const;
  // When an active job started (now when it starts in this iteration).
  Epoch started(std::size_t job) const;
  // The index of the node of that name. The views never ask ClusterSnapshot::find_node, whose
  // table a miss rebuilds: a context is read by several requests at once.
  std::optional<std::size_t> node(std::string_view name) const;

 private:
  const ViewContext& context_;
  std::vector<JobFacts> facts_;
  std::vector<std::size_t> queued_, active_;
  std::unordered_map<std::string_view, std::size_t> nodes_;
};

// The job's state in Maui's words: Running, Starting, Suspended, Completed; a queued job Idle,
// or UserHold / SystemHold / BatchHold / Deferred / Hold by its holds.
std::string maui_state(const Job& job, const JobFacts& facts);

// Who set a hold and how it goes: "set in the resource manager (its owner or an operator)",
// "set by the scheduler after 1 failed start, until Tue Nov 14 23:13:20 (DEFERTIME)", ...
std::string hold_origin(const ViewContext& context, const Job& job, std::string_view hold);

// Every reason a job is not running, one sentence each: its holds (and who set them), the jobs
// it waits for, a rejected negative priority, fairshare caps, each violated limit with the
// config line that set it, a soft limit that keeps it to the hard backfill pass, the
// reservation or the node shortage it waits for, or why it can never run. Empty for a job that
// runs or starts now.
std::vector<std::string> why_not_running(const ViewContext& context, const Job& job, const JobFacts& facts);

}  // namespace maui::runtime
