// One Maui scheduling iteration (seed 8.2, reference §8; "reference §N" in the engine is
// docs/reference/maui-3.3-semantics.md): a pure function of the policy, the cluster snapshot, the
// fairshare standing and what the previous iteration left (reservations to keep stable),
// returning decisions. It never talks to a resource manager: the simulator
// (runtime/rm/sim/simulator.h) and the live adapters apply the decisions.
//
// Two layers, the dependency running one way: plan_iteration (runtime/engine/iteration_plan.h)
// is the iteration without preemption, one file per step (book running jobs and reservations,
// priority scheduling, backfill by BACKFILLPOLICY, the result); preemption
// (runtime/engine/preemption.h) is built on it; schedule_iteration composes the two.
//
// Placement (docs/semantics.md): a job starting now takes the nodes whose free time ends
// soonest after it (best fit in time), then NODEALLOCATIONPOLICY order; a reservation for a
// blocked job takes nodes that are busy now before idle ones, so that idle nodes stay free for
// backfill (docs/reference/backfill-notes.md). Reservation affinity orders both first.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "runtime/engine/calendar.h"
#include "runtime/engine/credentials.h"
#include "runtime/engine/eligibility.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/model.h"
#include "runtime/engine/partitions.h"
#include "runtime/engine/reservations.h"
#include "schemas/problem.h"

namespace maui::runtime {

// What one iteration leaves to the next, for a caller that runs many (the simulator): memory,
// and the running jobs as the calendar holds them, each checked against the next snapshot
// before it is used; every iteration decides the same with or without a workspace.
struct IterationLists;  // the iteration's per-job and per-node lists (runtime/engine/iteration_state.h)
struct SchedulerWorkspace {
  SchedulerWorkspace();
  ~SchedulerWorkspace();
  SchedulerWorkspace(SchedulerWorkspace&&) noexcept;
  SchedulerWorkspace& operator=(SchedulerWorkspace&&) noexcept;

  ResourceCalendar calendar;
  std::unique_ptr<IterationLists> lists;  // emptied at the start of each iteration
  std::int64_t running_jobs_carried = 0;  // running jobs found booked as they run (not booked again)
  StandingPlans standing_plans;           // the standing reservations' placements while the nodes hold
};

struct SchedulerInput {
  const CredentialDirectory* dir = nullptr;
  const FairshareStanding* fairshare = nullptr;  // null: fairshare off
  const ClusterSnapshot* snapshot = nullptr;
  std::span<const AdminReservation> admin_reservations;
  ReservationClock clock;
  // What the previous iteration decided: its standing reservation instances keep their nodes.
  std::span<const Reservation> previous_reservations;
  // The last time a job ended or was removed (backfill chunking, BFCHUNKDURATION).
  std::optional<Epoch> last_completion;
  // Explain every eligible job that does not start (IterationResult::waiting); costs a string
  // per job, so the simulator leaves it off.
  bool explain = false;
  SchedulerWorkspace* workspace = nullptr;  // none: the iteration allocates its own
  // The partitions of snapshot->nodes, from a caller whose nodes never change (the simulator):
  // the iteration then need not look at every node's partition. None: the iteration finds them.
  const PartitionLayout* partitions = nullptr;
  // A live RM's down, drained or unknown nodes may come back (a slurmctld that restarts shows
  // every node unknown for a moment): a job is then never runnable only when it needs more than
  // all the snapshot's nodes have, whatever their state, and a job no node set can hold while
  // some nodes are out waits for them rather than being judged never runnable.
  bool nodes_may_return = false;
  // An operator's runjob: start this queued job now, before anything else, on the nodes the
  // calendar gives, whatever its holds, dependencies and limits (IterationResult::
  // run_now_refusal says why not when no nodes hold it now).
  std::optional<std::size_t> run_now;
  // Start this queued job first, before the queue (a preemptor on the resources its preemption
  // freed; runtime/engine/preemption.h). Such an iteration looks for no further preemption.
  std::optional<std::size_t> start_first;
};

struct StartDecision {
  std::size_t job = 0;                 // index into the snapshot's jobs
  std::vector<NodeTasks> nodes;        // NodeTasks::node indexes the snapshot's nodes
  bool backfill = false;               // started while a higher-priority job waited
  LimitLevel pass = LimitLevel::Soft;  // the limit level it was checked at
  std::int64_t priority = 0;           // the job's priority as it starts (kept only when some QOS is PREEMPTOR)
};

// Why an eligible job did not start in this iteration.
struct WaitNote {
  std::size_t job = 0;
  std::string reason;
};

struct IterationResult {
  QueueEvaluation queue;  // priorities and eligibility
  std::vector<StartDecision> starts;
  std::vector<Reservation> reservations;  // every reservation of the iteration (job, standing, admin)
  std::vector<std::pair<std::size_t, std::int64_t>> bypassed;  // job index, times bypassed now
  std::vector<WaitNote> waiting;                               // with SchedulerInput::explain
  std::vector<WaitNote> never_runnable;                        // eligible jobs no node set can ever hold
  // Running jobs to requeue before the starts are made, each for the PREEMPTOR job it makes
  // room for (indices into the snapshot's jobs).
  struct Preemption {
    std::size_t job = 0, by = 0;
  };
  std::vector<Preemption> preempted;
  // With SchedulerInput::explain: the calendar as the iteration left it (running jobs, every
  // reservation, the starts it decided; ReservationId = position in `reservations`), detached
  // from the snapshot's nodes, for the admin commands that ask what is free when (showbf,
  // showstart). A calendar answers one question at a time: ask a copy. Null otherwise.
  std::shared_ptr<const ResourceCalendar> calendar;
  // Policy the engine cannot honour (at the config line concerned), running jobs it cannot book
  // (no line): sorted, each once.
  std::vector<Problem> warnings;
  std::string run_now_refusal;  // SchedulerInput::run_now could not start the job: why
};

// plan_iteration, then, when some QOS is PREEMPTOR and the input starts no preemptor first,
// preempt_for_blocked.
IterationResult schedule_iteration(const SchedulerInput& input);

}  // namespace maui::runtime
