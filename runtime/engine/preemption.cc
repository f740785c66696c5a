#include "runtime/engine/preemption.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

#include "runtime/engine/standing_reservations.h"

namespace maui::runtime {

namespace {

// At most this many preemptors are helped per iteration: each costs a few iterations.
constexpr int kMaxPreemptorsPerIteration = 8;

struct Victim {
  std::size_t job;
  std::int64_t start_priority;  // unknown: lowest
  Epoch start;
};

// `snapshot` with `victims` back in the queue, as the RM leaves a requeued job.
ClusterSnapshot with_victims_requeued(const ClusterSnapshot& snapshot, std::span<const Victim> victims) {
  ClusterSnapshot out = snapshot;
  for (const auto& v : victims) {
    Job& j = out.jobs[v.job];
    j.state = JobState::Idle;
    j.start_time.reset();
    j.sched.start_priority.reset();
    j.allocated_nodes.clear();
    j.allocated_tasks.clear();
    j.allocated_node_hint.clear();
  }
  return out;
}

// A standing reservation in force now whose OWNER's jobs may preempt in it (OWNERPREEMPT).
struct OwnedNodes {
  const ir::Credential* owner;
  std::vector<std::size_t> nodes;  // sorted
};
std::vector<OwnedNodes> owned_now(const ir::Policy& policy, const IterationResult& r, Epoch now) {
  std::vector<OwnedNodes> out;
  for (const auto& res : r.reservations) {
    if (res.kind != ReservationKind::Standing) continue;
    const auto sr = policy.standing_reservations.find(res.standing);
    if (sr == policy.standing_reservations.end() || !owner_preempts(sr->second)) continue;
    if (res.start > now || res.end <= now) continue;
    OwnedNodes o{&sr->second.owner->value, {}};
    for (const auto& nt : res.nodes) o.nodes.push_back(nt.node);
    std::sort(o.nodes.begin(), o.nodes.end());
    out.push_back(std::move(o));
  }
  return out;
}

bool starts_job(const IterationResult& r, std::size_t job) {
  return std::any_of(r.starts.begin(), r.starts.end(), [&](const StartDecision& s) { return s.job == job; });
}

}  // namespace

IterationResult preempt_for_blocked(const SchedulerInput& input, IterationResult planned) {
  const CredentialDirectory& dir = *input.dir;
  ClusterSnapshot current = *input.snapshot;  // the jobs requeued so far are idle in it
  std::vector<IterationResult::Preemption> preempted;
  std::vector<StartDecision> preemptors_started;  // by earlier rounds: running in `current`
  std::vector<std::size_t> tried;
  auto qos_of = [&](const Job& j) { return j.qos.empty() ? dir.default_qos(j) : j.qos; };
  auto owns = [&](const Job& j, const ir::Credential& owner) {
    return (owner.kind == ir::CredKind::Qos ? qos_of(j) : j.credential(owner.kind)) == owner.name;
  };
  for (int round = 0; round < kMaxPreemptorsPerIteration; ++round) {
    std::unordered_map<std::size_t, std::int64_t> priority;
    for (const auto& r : planned.queue.ranked) priority[r.index] = r.priority;
    const std::vector<OwnedNodes> owned = owned_now(dir.policy(), planned, current.now);
    // The OWNERPREEMPT reservations whose owner job i is.
    auto owned_by = [&](const Job& j) {
      std::vector<const OwnedNodes*> out;
      for (const auto& o : owned)
        if (owns(j, *o.owner)) out.push_back(&o);
      return out;
    };
    // The highest-priority preemptor still waiting: its QOS has PREEMPTOR, or it owns one.
    std::optional<std::size_t> preemptor;
    for (const auto& e : planned.queue.eligibility.jobs) {
      const std::size_t i = e.index;
      if (!e.soft_eligible || starts_job(planned, i) || std::count(tried.begin(), tried.end(), i)) continue;
      if (!dir.qos_flags(qos_of(current.jobs[i])).preemptor && owned_by(current.jobs[i]).empty()) continue;
      preemptor = i;
      break;
    }
    if (!preemptor) break;
    tried.push_back(*preemptor);
    const Job& p = current.jobs[*preemptor];
    const std::int64_t p_priority = priority[*preemptor];
    const bool by_qos = dir.qos_flags(qos_of(p)).preemptor;
    const std::vector<const OwnedNodes*> mine = owned_by(p);

    // Whether running job v runs on nodes of a reservation p owns, without owning it itself.
    auto in_owned = [&](const Job& v) {
      for (const OwnedNodes* o : mine) {
        if (owns(v, *o->owner)) continue;
        for (std::size_t k = 0; k < v.allocated_nodes.size(); ++k)
          if (auto n = current.allocated_node(v, k); n && std::binary_search(o->nodes.begin(), o->nodes.end(), *n))
            return true;
      }
      return false;
    };
    // PREEMPTEE jobs that started with a lower priority (unknown counts as lower), and, for an
    // owner, the other jobs in its reservation whatever their priority; the lowest start
    // priority first, then the latest started (the least work lost), then snapshot order.
    // Only jobs the RM runs, each requeued once: a job an earlier round started (a preemptor,
    // or a victim started again) is not running yet.
    auto requeued_already = [&](std::size_t j) {
      return std::any_of(preempted.begin(), preempted.end(), [&](const auto& q) { return q.job == j; });
    };
    std::vector<Victim> victims;
    for (std::size_t j = 0; j < current.jobs.size(); ++j) {
      const Job& v = current.jobs[j];
      if (!v.is_active() || !input.snapshot->jobs[j].is_active() || requeued_already(j)) continue;
      const bool lower = !v.sched.start_priority || *v.sched.start_priority < p_priority;
      if (!(by_qos && lower && dir.qos_flags(qos_of(v)).preemptee) && !in_owned(v)) continue;
      victims.push_back({j, v.sched.start_priority.value_or(std::numeric_limits<std::int64_t>::min()),
                         v.start_time.value_or(current.now)});
    }
    std::stable_sort(victims.begin(), victims.end(), [](const Victim& a, const Victim& b) {
      return a.start_priority != b.start_priority ? a.start_priority < b.start_priority : a.start > b.start;
    });
    // The fewest victims whose procs, with the free ones, could hold the preemptor.
    std::int64_t free = 0;
    for (const auto& n : current.nodes)
      if (takes_new_work(n)) free += n.procs;
    for (const auto& j : current.jobs)
      if (j.is_active()) free -= j.procs();
    std::size_t k = 0;
    while (k < victims.size() && free < p.procs()) free += current.jobs[victims[k++].job].procs();
    if (free < p.procs() || k == 0) continue;

    // Plans the iteration with the first n victims requeued; the preemptor starts first.
    auto plan_with_victims = [&](std::size_t n, ClusterSnapshot& snapshot) {
      snapshot = with_victims_requeued(current, std::span(victims).first(n));
      SchedulerInput again = input;
      again.snapshot = &snapshot;
      again.workspace = nullptr;  // a what-if: the workspace carries the real iteration's state
      again.start_first = *preemptor;
      return plan_iteration(again);
    };
    // Doubling, then halving back to the fewest victims that let it start.
    ClusterSnapshot tried_snapshot, found_snapshot;
    std::optional<IterationResult> found;
    std::size_t found_n = 0, failed = k - 1;
    for (std::size_t n = k;; n = std::min(victims.size(), 2 * n)) {
      IterationResult r = plan_with_victims(n, tried_snapshot);
      if (starts_job(r, *preemptor)) {
        found = std::move(r), found_n = n, found_snapshot = std::move(tried_snapshot);
        break;
      }
      failed = n;
      if (n == victims.size()) break;
    }
    if (!found) continue;
    while (found_n - failed > 1) {
      const std::size_t mid = failed + (found_n - failed) / 2;
      IterationResult r = plan_with_victims(mid, tried_snapshot);
      if (starts_job(r, *preemptor))
        found = std::move(r), found_n = mid, found_snapshot = std::move(tried_snapshot);
      else
        failed = mid;
    }
    for (std::size_t v = 0; v < found_n; ++v) preempted.push_back({victims[v].job, *preemptor});
    // The preemptor runs from here on: the next rounds decide around it.
    auto s = std::find_if(found->starts.begin(), found->starts.end(),
                          [&](const StartDecision& d) { return d.job == *preemptor; });
    Job& running = found_snapshot.jobs[*preemptor];
    running.state = JobState::Running;
    running.start_time = found_snapshot.now;
    running.sched.start_priority = p_priority;
    for (const auto& nt : s->nodes) {
      running.allocated_nodes.push_back(found_snapshot.nodes[nt.node].name);
      running.allocated_tasks.push_back(nt.tasks);
    }
    preemptors_started.push_back(std::move(*s));
    found->starts.erase(s);
    planned = std::move(*found);
    current = std::move(found_snapshot);
  }
  planned.starts.insert(planned.starts.begin(), std::make_move_iterator(preemptors_started.begin()),
                        std::make_move_iterator(preemptors_started.end()));
  planned.preempted = std::move(preempted);
  return planned;
}

}  // namespace maui::runtime
