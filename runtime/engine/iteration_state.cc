#include "runtime/engine/iteration_state.h"

#include <algorithm>

#include "runtime/engine/eligibility.h"

namespace maui::runtime {

SchedulerWorkspace::SchedulerWorkspace() : lists(std::make_unique<IterationLists>()) {}
SchedulerWorkspace::~SchedulerWorkspace() = default;
SchedulerWorkspace::SchedulerWorkspace(SchedulerWorkspace&&) noexcept = default;
SchedulerWorkspace& SchedulerWorkspace::operator=(SchedulerWorkspace&&) noexcept = default;

namespace iteration {

namespace {

// NODECFG[node] PRIORITY (else NODECFG[DEFAULT]) for NODEALLOCATIONPOLICY PRIORITY.
void read_node_priorities(const ir::Policy& policy, const ClusterSnapshot& snap, SchedulerSettings& settings) {
  auto priority_of = [&](const std::string& name) -> std::optional<std::int64_t> {
    auto it = policy.nodes.find(name);
    if (it == policy.nodes.end() || !it->second.priority) return std::nullopt;
    return it->second.priority->value;
  };
  const std::int64_t fallback = priority_of("DEFAULT").value_or(0);
  for (const auto& n : snap.nodes) settings.node_priority.push_back(priority_of(n.name).value_or(fallback));
}

}  // namespace

State::State(const SchedulerInput& in, IterationResult& out)
    : in(in),
      snap(*in.snapshot),
      policy(in.dir->policy()),
      out(out),
      settings(SchedulerSettings::from(policy, out.warnings)),
      // Only limits and the PE priority factor weigh jobs against the cluster's size.
      totals(in.dir->has_limits() || in.dir->priority_plan().ranks_by_pe ? snap.totals() : ClusterTotals{}),
      calendar(in.workspace ? in.workspace->calendar : own_calendar),
      table(*in.dir, calendar),
      lists(in.workspace && in.workspace->lists ? *in.workspace->lists : own_lists),
      calc(*in.dir, in.fairshare ? *in.fairshare : no_fairshare, totals, snap.now, &lists.index),
      facts(*in.dir, snap, table, calendar, lists.facts) {
  const auto& ignored = in.dir->unimplemented();
  out.warnings.insert(out.warnings.end(), ignored.begin(), ignored.end());
  // Administrative and the RM's reservations are booked before the running jobs, and the running jobs
  // are booked again inside standing ones (book_reservations): no base to keep with either.
  keeps_base = in.workspace && in.workspace->lists && in.admin_reservations.empty() && snap.rm_reservations.empty() &&
               policy.standing_reservations.empty();
  carried = keeps_base && calendar.back_to_base(snap.nodes, snap.now);
  if (!carried) calendar.reset(snap.nodes, snap.now);
  lists.clear();
  // Without a configured limit no job can break one: usage is not counted at all.
  if (in.dir->has_limits()) limits.emplace(*in.dir, totals, snap.now, &calc.index());
  if (in.partitions) {
    partitions = in.partitions;
    partitioned = in.dir->has_partition_lists() || partitions->size() > 1;
  } else if ((partitioned = confines_to_partitions(*in.dir, snap.nodes))) {
    lists.partitions.assign(snap.nodes);
    partitions = &lists.partitions;
  }
  if (partitioned) {
    lists.partition_procs.assign(partitions->size(), 0);
    for (std::size_t n = 0; n < snap.nodes.size(); ++n)
      lists.partition_procs[partitions->of(n)] += capacity_for_ever(n);
  }
  nodes_confine_classes = any_node_confines_classes(snap.nodes);
  // GPUs are not in the calendar: a start now counts what the active jobs hold (docs/semantics.md 137).
  if (std::any_of(snap.jobs.begin(), snap.jobs.end(), [](const Job& j) { return !j.gres_per_node.empty(); })) {
    gres_used.resize(snap.nodes.size());
    for (std::size_t i = 0; i < snap.jobs.size(); ++i)
      if (snap.jobs[i].is_active() && !snap.jobs[i].gres_per_node.empty()) use_gres(i, snap.jobs[i].allocated_nodes);
  }
  if (in.nodes_may_return)
    for (const auto& node : snap.nodes) {
      configured_procs += node.procs;
      nodes_out_now |= !takes_new_work(node);
    }
  if (settings.allocation == NodeAllocation::Priority) read_node_priorities(policy, snap, settings);
}

void State::use_gres(std::size_t i, std::span<const std::string> node_names) {
  for (const std::string& name : node_names)
    if (const auto n = snap.find_node(name))
      for (const auto& [kind, count] : snap.jobs[i].gres_per_node) gres_used[*n][kind] += count;
}

void State::use_gres(std::size_t i, std::span<const NodeTasks> nodes) {
  if (gres_used.empty()) return;
  for (const NodeTasks& nt : nodes)
    for (const auto& [kind, count] : snap.jobs[i].gres_per_node) gres_used[nt.node][kind] += count;
}

void evaluate_queue(State& s) {
  const ClusterSnapshot& snap = s.snap;
  s.ids.reserve(snap.jobs.size());
  // Running jobs need their credentials only to count against limits (none configured: the
  // throttle counts nothing), queued jobs for priority and eligibility, completed ones never.
  const bool count_running = s.in.dir->has_limits();
  // Limits count every kind; ranking reads only the kinds that weigh something.
  const unsigned kinds = s.limits ? JobCredentialIds::kAllKinds : s.calc.ranked_kinds();
  for (const auto& j : snap.jobs)
    s.ids.push_back(j.is_queued() || (count_running && j.is_active()) ? s.calc.index().intern(j, kinds)
                                                                      : JobCredentialIds{});
  if (s.limits) s.limits->hard.size_for(s.calc.index());  // copied to `soft` once running jobs count
  s.out.queue.ranked = rank_jobs(s.calc, snap.jobs, s.ids);
  // Active limits are checked when a job starts, against what really runs (job_starts.cc), not
  // against every eligible job as if all of them started.
  s.out.queue.eligibility = select_eligible(*s.in.dir, s.in.fairshare ? *s.in.fairshare : State::no_fairshare, snap,
                                            s.out.queue.ranked, s.calc.index(), s.ids, /*admitted_use_active=*/false);
  s.marks.assign(snap.jobs.size(), 0);
  s.lists.facts.qos.resize(snap.jobs.size());
  for (const auto& e : s.out.queue.eligibility.jobs)
    if (e.eligible) s.hard_list.push_back(e.index);
  s.position.assign(snap.jobs.size(), s.hard_list.size());
  for (std::size_t p = 0; p < s.hard_list.size(); ++p) s.position[s.hard_list[p]] = p;
  s.bypass_diff.assign(s.hard_list.size() + 1, 0);
}

}  // namespace iteration
}  // namespace maui::runtime
