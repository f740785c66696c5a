#include "runtime/views/reservation_facts.h"

#include <algorithm>

#include "runtime/engine/priority.h"
#include "runtime/engine/standing_reservations.h"

namespace maui::runtime {

std::vector<ReservationFacts> reservation_facts(const ViewContext& context, const QueueFacts& facts) {
  const ClusterSnapshot& snap = context.cluster;
  std::vector<ReservationFacts> out;
  for (const auto& r : context.iteration.reservations) {
    ReservationFacts f;
    f.name = r.name;
    f.reservation = &r;
    f.start = r.start, f.end = r.end;
    f.nodes = r.nodes;
    switch (r.kind) {
      case ReservationKind::Job:
        f.type = "Job", f.kind = "job";
        if (r.job < snap.jobs.size()) f.job = &snap.jobs[r.job], f.job_state = maui_state(*f.job, facts[r.job]);
        break;
      case ReservationKind::Standing: f.type = "User", f.kind = "standing"; break;
      case ReservationKind::Admin: f.type = "User", f.kind = "admin"; break;
    }
    // What it holds on each node (a Reservation keeps task counts, not always what a task is):
    // a whole-node job's and setres' the whole node; an SRCFG instance tasks of its RESOURCES'
    // procs, the whole node per task without them (PROCS:-1).
    std::int64_t task_procs = r.per_task.procs;
    bool whole = r.whole_nodes || r.kind == ReservationKind::Admin;
    if (r.kind == ReservationKind::Standing) {
      const auto& srs = context.dir.policy().standing_reservations;
      auto sr = srs.find(r.standing);
      task_procs = sr != srs.end() && sr->second.resources ? sr->second.resources->value.procs : -1;
      // The calendar books an instance already open from now on; Maui shows its real start
      // (B T90100: maint.0.0 -00:01:40, 1:00:00): the instance of the period that ends with it.
      if (sr != srs.end() && r.start <= snap.now)
        for (const auto& when : instances(sr->second, snap.now, ReservationClock{context.utc_offset}))
          if (when.end == r.end && when.start < f.start) f.start = when.start;
    }
    for (const auto& nt : r.nodes) {
      const std::int64_t node_procs = nt.node < snap.nodes.size() ? snap.nodes[nt.node].procs : 0;
      const std::int64_t p = whole ? node_procs : nt.tasks * (task_procs < 0 ? node_procs : task_procs);
      f.procs_on.push_back(p);
      f.procs += p;
    }
    out.push_back(std::move(f));
  }
  for (std::size_t j : facts.active_by_completion()) {
    const Job& job = snap.jobs[j];
    ReservationFacts f;
    f.name = job.id;
    f.type = "Job", f.kind = "running";
    f.job = &job;
    f.job_state = maui_state(job, facts[j]);
    f.start = facts.started(j);
    f.end = f.start + job.walltime;
    if (const StartDecision* s = facts[j].start; s && job.is_queued()) {
      f.nodes = s->nodes;
    } else {
      const auto n = static_cast<std::int64_t>(job.allocated_nodes.size());
      for (std::size_t k = 0; k < job.allocated_nodes.size(); ++k) {
        auto node = facts.node(job.allocated_nodes[k]);
        if (!node) continue;
        // Tasks the RM did not list per node are spread evenly, the first nodes taking one more.
        const std::int64_t tasks = k < job.allocated_tasks.size()
                                       ? job.allocated_tasks[k]
                                       : job.tasks / n + (static_cast<std::int64_t>(k) < job.tasks % n ? 1 : 0);
        f.nodes.push_back({*node, tasks});
      }
    }
    for (const auto& nt : f.nodes) {
      f.procs_on.push_back(nt.tasks * job.procs_per_task);
      f.procs += nt.tasks * job.procs_per_task;
    }
    out.push_back(std::move(f));
  }
  std::stable_sort(out.begin(), out.end(), [](const ReservationFacts& a, const ReservationFacts& b) {
    if (a.start != b.start) return a.start < b.start;
    return id_before(a.name, b.name);
  });
  return out;
}

bool visible_to(const ReservationFacts& r, const std::string& user) {
  if (r.job) return r.job->user == user;
  if (!r.reservation) return false;
  return std::any_of(r.reservation->acl.begin(), r.reservation->acl.end(), [&](const ir::AclEntry& e) {
    return e.kind == ir::AclEntry::Kind::User && !e.negated && e.value == user;
  });
}

}  // namespace maui::runtime
