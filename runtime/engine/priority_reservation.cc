#include "runtime/engine/priority_reservation.h"

#include <algorithm>
#include <numeric>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "runtime/engine/never_runnable.h"

namespace maui::runtime::iteration {

namespace {

std::string node_list(const std::vector<NodeTasks>& nodes, const std::vector<Node>& cluster) {
  std::string out;
  for (std::size_t i = 0; i < nodes.size() && i < 8; ++i) {
    if (i) out += ',';
    out += cluster[nodes[i].node].name;
  }
  if (nodes.size() > 8) out += fmt::format(",... ({} nodes)", nodes.size());
  return out;
}

// TIMELIMIT judges how long the job would overlap a reservation, which depends on when it
// starts: a start found with the whole walltime as the overlap may be later than one where
// only the job's last hour falls into the reservation. The overlap with a reservation
// [s, e) of limit L fits from e - L on (the job's start enters its last L) and up to
// s + L - w (the job's end enters its first L): try those starts, earliest first, and keep
// the first the job is really admitted at.
void earlier_by_overlap(State& s, std::size_t i, const Resources& per_task, Seconds w,
                        std::span<const std::size_t> nodes, std::optional<ResourceCalendar::Opening>& opening) {
  const Job& job = s.snap.jobs[i];
  std::vector<Epoch> candidates;
  for (const auto& r : s.table.all())
    for (const auto& e : r.acl)
      if (e.kind == ir::AclEntry::Kind::Duration && e.number > 0)
        for (Epoch t : {r.end - e.number, r.start + e.number - w})
          if (t >= s.snap.now && (!opening || t < opening->start)) candidates.push_back(t);
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
  Viewer at;
  for (std::size_t k = 0; k < candidates.size() && k < 64; ++k) {
    s.facts.fill_viewer(i, candidates[k], at);
    auto there =
        s.calendar.earliest_start(nodes, per_task, job.tasks, w, s.facts.tasks_per_node_cap(i), at, candidates[k]);
    if (!there || (opening && there->start >= opening->start)) continue;
    if (there->start != candidates[k]) {  // later than asked: check the access there
      s.facts.fill_viewer(i, there->start, at);
      auto again =
          s.calendar.earliest_start(nodes, per_task, job.tasks, w, s.facts.tasks_per_node_cap(i), at, there->start);
      if (!again || again->start != there->start) continue;
      there = std::move(again);
    }
    opening = std::move(there);
    return;
  }
}

}  // namespace

bool reserve_earliest(State& s, std::size_t i) {
  const ClusterSnapshot& snap = s.snap;
  const Job& job = snap.jobs[i];
  const Resources per_task = task_resources(job);
  const Viewer& v = s.facts.viewer_of(i, std::nullopt);
  if (s.all_nodes.size() != s.calendar.node_count()) {
    s.all_nodes.resize(s.calendar.node_count());
    std::iota(s.all_nodes.begin(), s.all_nodes.end(), 0);
  }
  const Seconds w = std::max<Seconds>(job.walltime, 1);
  auto earliest_on = [&](std::span<const std::size_t> nodes) {
    const std::span<const std::size_t> candidates = s.nodes_for(i, nodes);  // its class's, with its features
    auto opening =
        s.calendar.earliest_start(candidates, per_task, job.tasks, w, s.facts.tasks_per_node_cap(i), v, snap.now);
    if (s.table.any_time_limited()) earlier_by_overlap(s, i, per_task, w, candidates, opening);
    return opening;
  };
  std::optional<ResourceCalendar::Opening> opening;
  if (!s.partitioned)
    opening = earliest_on(s.all_nodes);
  else  // the partition where it starts soonest; on a tie, the one it tries first
    for (std::uint32_t p : s.open_partitions(i))
      if (auto there = earliest_on(s.partitions->nodes(p)); there && (!opening || there->start < opening->start))
        opening = std::move(there);
  if (!opening && s.nodes_out_now) {
    // Down, drained or unknown now, nodes may come back: the job waits for them.
    if (s.in.explain)
      s.explain_wait(i, fmt::format("needs {} task(s) of {} proc(s) for {} s; no set of nodes it may use{} takes work "
                                    "now",
                                    job.tasks, per_task.procs, job.walltime, s.partitioned ? " in one partition" : ""));
    return false;
  }
  if (!opening) {
    mark_never_runnable(s, i,
                        fmt::format("needs {} task(s) of {} proc(s) for {} s; no set of nodes it may use{} ever has "
                                    "them",
                                    job.tasks, per_task.procs, job.walltime, s.partitioned ? " in one partition" : ""));
    return false;
  }
  std::vector<Offer>& offers = s.lists.offers;
  std::vector<OfferRun>& runs = s.lists.offer_runs;
  offers.clear(), runs.clear();
  // Nodes with the same calendar have the same place: ordered as runs where they can be.
  const bool by_runs = s.orders_by_runs();
  struct Place {
    int affinity = 2;
    std::int64_t free_now = 0;
    Seconds free_for = 0;
  };
  Place p;
  for (std::size_t k = 0; k < opening->offer.size(); ++k) {
    const NodeTasks& nt = opening->offer[k];
    const bool same = opening->same_as_previous[k];
    if (!same) {
      p = Place{};
      if (s.room_now(nt.node, per_task)) {
        p.free_now = s.calendar.free_tasks(nt.node, snap.now, snap.now + 1, per_task, v);
        if (p.free_now > 0) p.free_for = s.calendar.free_for(nt.node, snap.now, per_task, v);
      }
      if (s.any_shared_reservation) p.affinity = s.facts.affinity_on(i, nt.node, opening->start, opening->start + w, v);
    }
    // Nodes busy now before idle ones: the idle nodes stay free for backfill
    // (docs/reference/backfill-notes.md).
    if (by_runs && same && extends_last_run(runs, nt.node)) continue;
    const auto key = s.placement_key(nt.node, p.affinity, p.free_now, p.free_for);
    if (by_runs)
      runs.push_back({nt.node, 1, nt.tasks, key});
    else
      offers.push_back({nt, key});
  }
  std::vector<NodeTasks> nodes =
      by_runs ? take_front_of_runs(runs, job.tasks) : take_front(offers, job.tasks, s.lists.placement);
  s.table.add_job(i, job.id, opening->start, opening->start + w, per_task, std::move(nodes),
                  s.facts.takes_whole_nodes(i), s.facts.user_of(i));
  s.marks[i] |= kReserved;
  if (s.in.explain)
    s.explain_wait(i, fmt::format("reserved: starts in {} (epoch {}) on {}", duration_text(opening->start - snap.now),
                                  opening->start, node_list(s.table.all().back().nodes, snap.nodes)));
  return true;
}

}  // namespace maui::runtime::iteration
