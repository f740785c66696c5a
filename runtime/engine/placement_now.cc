#include "runtime/engine/placement_now.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace maui::runtime::iteration {

namespace {

// Fills lists.offers with what each node free now (of `partition`, if given) offers the job
// until `end`; returns the tasks offered in all.
std::int64_t offer_now(State& s, std::size_t i, const Resources& per_task, const Viewer& v, Epoch end, std::int64_t cap,
                       std::optional<std::uint32_t> partition) {
  std::vector<Offer>& offers = s.lists.offers;
  offers.clear();
  std::int64_t total = 0;
  SameCalendarMemo<std::int64_t> tasks_on;
  for (std::size_t n : s.free_nodes) {
    if (!s.room_now(n, per_task) || (partition && s.partitions->of(n) != *partition) || !s.admits_now(n, i)) continue;
    const std::int64_t k = tasks_on(
        s.calendar, n, [&] { return tasks_offered(s.calendar.free_tasks(n, s.snap.now, end, per_task, v), cap); });
    if (k <= 0) continue;
    offers.push_back({{n, k}, {}});
    total += k;
  }
  return total;
}

// The tasks nodes_for_now would find for every run length (before it sorts them).
void build_now_capacity(State& s, const Viewer& v) {
  NowCapacity& c = s.now_capacity;
  c.falls.clear();
  c.at_one = 0;
  SameCalendarMemo<std::vector<std::pair<Seconds, std::int64_t>>> steps_on;
  for (std::size_t n : s.free_nodes) {
    if (!s.room_now(n, c.per_task)) continue;
    const auto& steps = steps_on(s.calendar, n, [&] {
      std::vector<std::pair<Seconds, std::int64_t>> steps;
      s.calendar.free_tasks_by_duration(n, s.snap.now, c.per_task, v, steps);
      return steps;
    });
    std::int64_t last = tasks_offered(steps.front().second, c.cap);
    c.at_one += last;
    for (std::size_t k = 1; k < steps.size(); ++k)
      if (const std::int64_t o = tasks_offered(steps[k].second, c.cap); o < last) {
        c.falls.emplace_back(steps[k].first, last - o);
        last = o;
      }
  }
  std::sort(c.falls.begin(), c.falls.end());
  for (std::size_t k = 1; k < c.falls.size(); ++k) c.falls[k].second += c.falls[k - 1].second;  // running sum
  c.built = true;
}

// Whether a job shape surely finds fewer than `tasks` tasks now for a run of `duration`
// seconds (false: walk the nodes to know). While a reservation protects the top job, most
// backfill candidates find too few, one after another; once a shape found too few by walking
// (note_shortage), the next attempt of that shape before any new booking builds what all nodes
// offer as a function of the run's length (each node's offer only falls as it grows, at the
// bookings it reaches) and answers this one and the following ones without walking. Jobs
// that start do not pay for it.
bool too_few_tasks_now(State& s, const Resources& per_task, std::int64_t cap, const Viewer& v, Seconds duration,
                       std::int64_t tasks) {
  NowCapacity& c = s.now_capacity;
  if (c.calendar_changes != s.calendar.changes() || c.per_task != per_task || c.cap != cap || c.may_use != v.may_use ||
      c.whole_nodes != v.whole_nodes || c.user != v.user)
    return false;
  if (!c.built) build_now_capacity(s, v);
  // Everything that fell at a duration <= `duration`.
  auto after =
      std::upper_bound(c.falls.begin(), c.falls.end(), std::pair{duration, std::numeric_limits<std::int64_t>::max()});
  return c.at_one - (after == c.falls.begin() ? 0 : std::prev(after)->second) < tasks;
}

void note_shortage(State& s, const Resources& per_task, std::int64_t cap, const Viewer& v) {
  NowCapacity& c = s.now_capacity;
  c.calendar_changes = s.calendar.changes();
  c.per_task = per_task;
  c.cap = cap;
  c.may_use = v.may_use;
  c.whole_nodes = v.whole_nodes;
  c.user = v.user;
  c.built = false;
}

}  // namespace

std::vector<NodeTasks> nodes_for_now(State& s, std::size_t i) {
  const ClusterSnapshot& snap = s.snap;
  const Job& job = snap.jobs[i];
  if (job.procs() > s.free_procs_now()) return {};
  const Resources per_task = task_resources(job);
  const Viewer& v = s.facts.viewer_of(i, snap.now);
  const Epoch end = snap.now + std::max<Seconds>(job.walltime, 1);
  const std::int64_t cap = s.facts.tasks_per_node_cap(i);
  std::vector<Offer>& offers = s.lists.offers;
  if (!s.partitioned) {
    // What all nodes offer a shape (too_few_tasks_now) is not what a confined job's nodes offer.
    const bool all_nodes = !s.confined(i);
    if (all_nodes && too_few_tasks_now(s, per_task, cap, v, end - snap.now, job.tasks)) return {};
    if (offer_now(s, i, per_task, v, end, cap, std::nullopt) < job.tasks) {
      if (all_nodes) note_shortage(s, per_task, cap, v);
      return {};
    }
  } else {
    // The first partition open to the job (its PDEF first) that has room for all of it.
    const auto& open = s.open_partitions(i);
    if (std::none_of(open.begin(), open.end(),
                     [&](std::uint32_t p) { return offer_now(s, i, per_task, v, end, cap, p) >= job.tasks; }))
      return {};
  }
  // Offered in node order, as the contiguity of Slurm's node table asks (docs/semantics.md 149).
  if (job.contiguous) return take_contiguous(offers, job.tasks);
  // Best fit in time: the nodes whose free time ends soonest after the job keep the longer
  // gaps for the jobs that need them. Neighbours with the same calendar share their place:
  // for FIRSTAVAILABLE and MINRESOURCE they are ordered as runs (take_front_of_runs).
  std::vector<OfferRun>& runs = s.lists.offer_runs;
  runs.clear();
  const bool by_runs = s.orders_by_runs();
  std::optional<std::size_t> previous;
  int affinity = 2;
  Seconds free_for = 0;
  for (auto& o : offers) {
    const std::size_t n = o.nt.node;
    const bool same = previous && s.calendar.same_calendar(*previous, n);
    previous = n;
    if (!same) {
      affinity = s.any_shared_reservation ? s.facts.affinity_on(i, n, snap.now, end, v) : 2;
      free_for = s.calendar.free_for(n, snap.now, per_task, v);
    }
    if (by_runs && same && extends_last_run(runs, n)) continue;
    const auto key = s.placement_key(n, affinity, 0, free_for);
    if (by_runs)
      runs.push_back({n, 1, o.nt.tasks, key});
    else
      o.key = key;
  }
  return by_runs ? take_front_of_runs(runs, job.tasks) : take_front(offers, job.tasks, s.lists.placement);
}

}  // namespace maui::runtime::iteration
