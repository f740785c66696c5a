#include "runtime/engine/reservations.h"

#include <algorithm>
#include <unordered_map>

#include <fmt/format.h>

#include "runtime/engine/policy_warning.h"

namespace maui::runtime {

std::string_view to_string(ReservationKind k) {
  switch (k) {
    case ReservationKind::Job: return "job";
    case ReservationKind::Standing: return "standing";
    case ReservationKind::Admin: return "admin";
  }
  return "?";
}

ReservationId ReservationTable::add(Reservation r) {
  r.id = static_cast<ReservationId>(reservations_.size());
  if (r.kind == ReservationKind::Job) calendar_.mark_job_reservation(r.id);
  for (const auto& nt : r.nodes)
    calendar_.book(nt.node,
                   {r.start, r.end, r.whole_nodes ? resources_of(calendar_.node(nt.node)) : r.per_task * nt.tasks, r.id,
                    kNoReservation, r.user});
  any_job_attributes_ |= std::any_of(r.acl.begin(), r.acl.end(),
                                     [](const ir::AclEntry& e) { return e.kind == ir::AclEntry::Kind::JobAttr; });
  reservations_.push_back(std::move(r));
  return reservations_.back().id;
}

Reservation job_reservation(std::size_t job, const std::string& job_id, Epoch start, Epoch end,
                            const Resources& per_task, std::vector<NodeTasks> nodes, bool whole_nodes, NodeUser user) {
  Reservation r;
  r.kind = ReservationKind::Job;
  r.name = job_id;
  r.start = start;
  r.end = end;
  r.per_task = per_task;
  r.nodes = std::move(nodes);
  r.job = job;
  r.dedicated = true;  // two job reservations never share (reference §7.2)
  r.whole_nodes = whole_nodes;
  r.user = user;
  return r;
}

bool may_use(const Reservation& r, const Job& job, std::optional<std::size_t> self, const AccessRequest& access) {
  if (r.kind == ReservationKind::Job) return self && r.job == *self;
  if (r.rm && job.reservation == r.name) return true;
  return (!r.rm || r.magnetic) && check_access(r.acl, access).granted;
}

ReservationId ReservationTable::add_job(std::size_t job, const std::string& job_id, Epoch start, Epoch end,
                                        const Resources& per_task, std::vector<NodeTasks> nodes, bool whole_nodes,
                                        NodeUser user) {
  return add(job_reservation(job, job_id, start, end, per_task, std::move(nodes), whole_nodes, user));
}

void ReservationTable::add_admin(std::span<const AdminReservation> admin, std::vector<Problem>& warnings) {
  if (admin.empty()) return;
  std::unordered_map<std::string_view, std::size_t> by_name;
  for (std::size_t i = 0; i < calendar_.node_count(); ++i) by_name.emplace(calendar_.node(i).name, i);
  for (const auto& a : admin) {
    if (a.end <= calendar_.now()) continue;
    Reservation r;
    r.kind = ReservationKind::Admin;
    r.name = a.name;
    r.start = a.start;
    r.end = a.end;
    r.acl = a.acl;
    r.dedicated = true;
    r.rm = a.rm;
    r.magnetic = a.magnetic;
    for (const auto& h : a.hosts) {
      auto it = by_name.find(h);
      if (it == by_name.end()) {
        warnings.push_back(
            unlocated_warning(fmt::format("reservation {}: host {} is not a node of the cluster", a.name, h)));
        continue;
      }
      // An administrative reservation takes the whole node.
      r.nodes.push_back({it->second, 1});
    }
    r.per_task = {};
    // Whole nodes: book each node's full capacity (nodes differ, so per node).
    Reservation booked = r;
    booked.nodes.clear();
    ReservationId id = add(std::move(booked));
    for (const auto& nt : r.nodes) {
      calendar_.book(nt.node, {r.start, r.end, resources_of(calendar_.node(nt.node)), id, kNoReservation, NodeUser{}});
      reservations_[id].nodes.push_back(nt);
    }
  }
}

void ReservationTable::add_standing(const ir::Policy& policy, const ClusterSnapshot& snapshot,
                                    const ReservationClock& clock, Epoch horizon, std::span<const Reservation> previous,
                                    std::vector<Problem>& warnings, StandingPlans* kept) {
  StandingPlans fresh;
  const std::vector<PlacementResult>& plans =
      (kept ? *kept : fresh).plan(policy, snapshot.nodes, [&](std::string_view name) {
        return snapshot.find_node(name);
      });
  std::size_t k = 0;
  for (const auto& [name, sr] : policy.standing_reservations) {
    const PlacementResult& plan = plans[k++];
    warnings.insert(warnings.end(), plan.errors.begin(), plan.errors.end());
    if (!plan.placement) continue;
    for (const auto& when : instances(sr, calendar_.now(), clock)) {
      if (when.start >= horizon) break;
      place_standing(sr, *plan.placement, when, previous, warnings);
    }
  }
}

void ReservationTable::place_standing(const ir::StandingReservation& sr, const StandingPlacement& plan,
                                      const ReservationInstance& when, std::span<const Reservation> previous,
                                      std::vector<Problem>& /*warnings*/) {
  Reservation r;
  r.kind = ReservationKind::Standing;
  // Maui names instances <SR>.<depth>; one still running from the previous period is .prev.
  r.name = when.depth < 0 ? fmt::format("{}.prev", sr.name) : fmt::format("{}.{}", sr.name, when.depth);
  r.start = std::max(when.start, calendar_.now());
  r.end = when.end;
  r.acl = sr.acl;
  r.dedicated = plan.dedicated;
  r.standing = sr.name;
  r.wanted_tasks = plan.task_count;
  const ir::TaskResources& t = plan.per_task;
  auto per_task_on = [&](std::size_t n) {
    const Node& node = calendar_.node(n);
    // PROCS -1: the whole node is one task.
    return t.procs < 0 ? Resources{node.procs, t.mem_mb, t.swap_mb, t.disk_mb}
                       : Resources{t.procs, t.mem_mb, t.swap_mb, t.disk_mb};
  };

  if (plan.host_locked) {
    // Maui's force mode: the listed hosts are reserved whatever runs on them now.
    ReservationId id = add(r);
    for (std::size_t n : plan.candidates) {
      std::int64_t k = tasks_that_fit(plan.per_task, calendar_.node(n));
      if (k <= 0) continue;
      calendar_.book(n, {r.start, r.end, per_task_on(n) * k, id, kNoReservation, NodeUser{}});
      reservations_[id].nodes.push_back({n, k});
    }
    return;
  }

  // Floating: the placement sees running jobs and the reservations it may not overlay (a
  // DEDICATED SR overlays none; a SHARED one overlays other shared standing and admin ones).
  Viewer sees;
  sees.may_use.resize(reservations_.size());
  for (const auto& o : reservations_)
    sees.may_use[o.id] = !plan.dedicated && !o.dedicated && o.kind != ReservationKind::Job;

  std::vector<NodeTasks> chosen;
  std::int64_t wanted = plan.task_count;
  auto take = [&](std::size_t n) {
    if (wanted <= 0) return;
    std::int64_t k = calendar_.free_tasks(n, r.start, r.end, per_task_on(n), sees);
    if (plan.tasks_per_node > 0 && k < plan.tasks_per_node) return;
    k = std::min(k, wanted);
    if (k <= 0) return;
    chosen.push_back({n, k});
    wanted -= k;
  };
  // An instance placed before keeps its nodes (complete instances are not moved).
  auto prev = std::find_if(previous.begin(), previous.end(), [&](const Reservation& p) {
    return p.kind == ReservationKind::Standing && p.name == r.name;
  });
  if (prev != previous.end())
    for (const auto& nt : prev->nodes)
      if (std::find(plan.candidates.begin(), plan.candidates.end(), nt.node) != plan.candidates.end()) take(nt.node);
  // Then the nodes with the fewest resources (Maui places SR pseudo-jobs MINRESOURCE).
  std::vector<std::size_t> order(plan.candidates.begin(), plan.candidates.end());
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const Node &x = calendar_.node(a), &y = calendar_.node(b);
    return x.procs != y.procs ? x.procs < y.procs : x.memory_mb < y.memory_mb;
  });
  for (std::size_t n : order)
    if (std::none_of(chosen.begin(), chosen.end(), [n](const NodeTasks& c) { return c.node == n; })) take(n);

  ReservationId id = add(r);
  for (const auto& nt : chosen) {
    calendar_.book(nt.node, {r.start, r.end, per_task_on(nt.node) * nt.tasks, id, kNoReservation, NodeUser{}});
    reservations_[id].nodes.push_back(nt);
  }
}

Viewer ReservationTable::viewer(const Job& job, std::size_t self, std::string_view qos,
                                std::optional<Epoch> start) const {
  Viewer v;
  viewer(job, self, qos, start, v);
  return v;
}

void ReservationTable::viewer(const Job& job, std::size_t self, std::string_view qos, std::optional<Epoch> start,
                              Viewer& v) const {
  fill_viewer(job, self, qos, v, [&](const Reservation& r) {
    if (!start) return job.walltime;
    return std::max<Seconds>(0, std::min(*start + job.walltime, r.end) - std::max(*start, r.start));
  });
}

bool ReservationTable::any_time_limited() const {
  return std::any_of(reservations_.begin(), reservations_.end(), [](const Reservation& r) {
    return std::any_of(r.acl.begin(), r.acl.end(),
                       [](const ir::AclEntry& e) { return e.kind == ir::AclEntry::Kind::Duration; });
  });
}

template <class Overlap>
void ReservationTable::fill_viewer(const Job& job, std::size_t self, std::string_view qos, Viewer& v,
                                   Overlap overlap) const {
  v.may_use.assign(reservations_.size(), 0);
  const QosFlags* flags = attributes(qos);
  for (const auto& r : reservations_) v.may_use[r.id] = may_use(r, job, self, {&job, qos, overlap(r), flags});
}

const QosFlags* ReservationTable::attributes(std::string_view qos) const {
  // Looked up only when an ACL asks: a viewer is filled for every job, and hashing the QOS name
  // for each cost 2 % of a simulation with a standing reservation.
  return any_job_attributes_ ? &dir_.qos_flags(qos) : nullptr;
}

ir::AclEntry::Affinity ReservationTable::affinity(const Job& job, std::string_view qos, ReservationId r) const {
  const Reservation& res = reservations_[r];
  if (res.kind == ReservationKind::Job || (res.rm && job.reservation == res.name))
    return ir::AclEntry::Affinity::Positive;
  return check_access(res.acl, {&job, qos, job.walltime, attributes(qos)}).affinity;
}

}  // namespace maui::runtime
