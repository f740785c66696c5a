// The scheduling iteration for the commonest simulation, EASY backfill on identical one-proc
// nodes, computed without the resource calendar.
//
// When every node has one proc and takes work, jobs rank by queue time alone, and nothing but
// the top blocked job holds a reservation (FIRSTFIT, RESERVATIONDEPTH 0 or 1, no limits, no
// standing or administrative reservations, no partitions, node classes, QOS flags, preemption or
// node access rules, no job asking for features or whole nodes), each node is either free or
// held by one job up to a known end, and the queue's order is its submission order. Under every
// JOBPRIOACCRUALPOLICY: without limits or holds every queued job meets the queue policies and is
// eligible, so it accrues queue time from its submission on, as under ALWAYS (a snapshot in which
// a job accrued less is handed back). schedule_iteration's decisions then reduce to passes over
// the nodes and the queue: the top blocked job starts at the earliest time its task count of
// nodes is free, on nodes busy now before idle ones; a later job starts now on idle nodes, those
// of the reservation first when it ends before the reservation starts, the others otherwise.
//
// EasyFastPath::iterate makes exactly the decisions schedule_iteration makes: the same starts
// on the same nodes in the same order, the same reservation, backfill marks, bypass counts,
// cancellations and warnings (tests compare the two on random workloads and on the whole KTH
// trace). The simulator uses it where it applies (docs/simulator.md); SimulationOptions::
// fast_path and `mauirun simulate --no-fast-path` turn it off.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "runtime/engine/credentials.h"
#include "runtime/engine/eligibility.h"
#include "runtime/engine/model.h"
#include "runtime/engine/priority.h"
#include "runtime/engine/scheduler.h"

namespace maui::runtime {

class EasyFastPath {
 public:
  // Why the fast path does not apply to this policy on these nodes, in the admin's words
  // ("NODEALLOCATIONPOLICY PRIORITY"); empty when it applies.
  static std::string refusal(const CredentialDirectory& dir, std::span<const Node> nodes);
  // Only for a policy and nodes refusal() accepts.
  EasyFastPath(const CredentialDirectory& dir, std::span<const Node> nodes);

  // What schedule_iteration(in) returns, for a snapshot of the nodes given above. None when the
  // snapshot holds what the fast path does not model: a held job, one that waits for another,
  // has a system priority, asks for a node count, memory, more than one proc per task, node
  // features or whole nodes, has accrued less queue time than it waited (JOBPRIOACCRUALPOLICY
  // QUEUEPOLICY or FULLPOLICY), or a running job on a node that is not the cluster's or shares a
  // node. The caller runs
  // schedule_iteration then. IterationResult::queue holds what queue-time accrual reads of it
  // (judge_queue_time_accrual) under JOBPRIOACCRUALPOLICY QUEUEPOLICY or FULLPOLICY: every
  // queued job in order, meeting the queue policies and eligible, as schedule_iteration finds
  // (its priorities are not computed, and `ranked` stays empty); under ALWAYS nobody reads it,
  // and it stays empty.
  std::optional<IterationResult> iterate(const SchedulerInput& in);

  // What queue-time accrual reads of an iteration on `s`, as iterate() gives it, without the
  // iteration: for one the caller skips because it could start nothing. None when the fast path
  // does not model one of the queued jobs (the caller evaluates the queue then); the running
  // jobs and the nodes play no part (without limits they make no job ineligible).
  std::optional<EligibilityReport> queue_judgement(const ClusterSnapshot& s);

 private:
  bool read_snapshot(const ClusterSnapshot& s);
  // Whether the fast path models this queued job (iterate() says what it hands back).
  bool models_queued(const Job& job) const;
  // Puts queue_ in priority order.
  void sort_queue(const ClusterSnapshot& s);
  // Marks the nodes a running job holds until `end`; false when one is not the cluster's, holds
  // another job too, or holds more than one task.
  bool hold_nodes(const ClusterSnapshot& s, const Job& job, Epoch end);
  bool try_start(const ClusterSnapshot& s, std::size_t position, IterationResult& out);
  // The queue's eligibility as queue-time accrual reads it (queue_judgement).
  void judge_queue(EligibilityReport& report) const;
  // Reserves the job at `position` at the earliest time its task count of nodes is free.
  void reserve_top_job(const ClusterSnapshot& s, std::size_t position, IterationResult& out);
  // Takes `tasks` of the idle nodes, those with `reserved` == first_reserved first, each group
  // in NODEALLOCATIONPOLICY order, and holds them until `end`.
  std::vector<NodeTasks> take_idle(std::int64_t tasks, bool reserved_first, Epoch end);
  // Calls f(n) for every node in NODEALLOCATIONPOLICY order until it returns false.
  template <class F>
  void in_allocation_order(F&& f) const {
    if (ascending_) {
      for (std::size_t n = 0; n < node_count_; ++n)
        if (!f(n)) return;
    } else {
      for (std::size_t n = node_count_; n-- > 0;)
        if (!f(n)) return;
    }
  }

  std::size_t node_count_ = 0;
  AccrualPolicy accrual_ = AccrualPolicy::Always;
  bool ascending_ = true;          // NODEALLOCATIONPOLICY takes lower node indices first
  std::int64_t depth_ = 1;         // RESERVATIONDEPTH: 0 or 1
  Seconds poll_interval_ = 0;      // a running job past its walltime holds its node this long
  std::vector<Problem> warnings_;  // what every iteration warns of, sorted, each once

  // This iteration: per node, when it is next free (now: idle; later: a running job or a start
  // of this iteration holds it until then) and whether the reservation holds it; the queue in
  // order.
  Epoch now_ = 0;
  std::vector<Epoch> free_from_;
  std::vector<std::uint8_t> reserved_;
  std::int64_t idle_ = 0, idle_reserved_ = 0;          // idle nodes, and those of them the reservation holds
  std::vector<std::size_t> idle_nodes_;                // idle at the start of the iteration, in allocation order
  std::vector<std::pair<Epoch, std::int64_t>> frees_;  // when busy nodes free, and how many then
  std::optional<Epoch> reservation_start_;
  std::vector<std::size_t> queue_;                       // snapshot indices, in priority order
  enum : std::uint8_t { kStarted = 1, kCancelled = 2 };  // never runnable: it waits for nobody
  std::vector<std::uint8_t> done_;                       // per queue position
  std::vector<std::int64_t> bypass_diff_;
  std::size_t first_waiting_ = 0;
};

}  // namespace maui::runtime
