#include "runtime/engine/calendar.h"

#include <algorithm>

#include <llvm/ADT/STLExtras.h>

namespace maui::runtime {

Resources resources_of(const Node& node) { return {node.procs, node.memory_mb, node.swap_mb, node.disk_mb}; }

void ResourceCalendar::reset(std::span<const Node> nodes, Epoch now) {
  now_ = now;
  ++changes_;
  nodes_.resize(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Node& n = nodes[i];
    NodeCalendar& c = nodes_[i];
    c.node = &n;
    c.capacity = resources_of(n);
    c.usable = takes_new_work(n);
    c.max_jobs = n.max_jobs;
    c.bookings.clear();
    c.unsorted = false;
    c.base = 0;
  }
  unsorted_.clear();
  job_reservations_.clear();
  base_kept_ = at_base_ = false;
  ++base_version_;
}

ResourceCalendar ResourceCalendar::detached() const {
  ResourceCalendar copy = *this;
  for (auto& c : copy.nodes_) c.node = nullptr;
  copy.last_opening_ = {};
  return copy;
}

void ResourceCalendar::keep_as_base() {
  for (auto& c : nodes_) c.base = static_cast<std::uint32_t>(c.bookings.size());
  base_kept_ = at_base_ = true;
  ++base_version_;
}

bool ResourceCalendar::back_to_base(std::span<const Node> nodes, Epoch now) {
  if (!base_kept_) return false;
  if (nodes.size() != nodes_.size()) return base_kept_ = false;
  ++changes_;
  // One pass: a node that differs leaves the calendar half gone back, and reset() follows.
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    NodeCalendar& c = nodes_[i];
    const Node& n = nodes[i];
    if (c.capacity.procs != n.procs || c.capacity.mem_mb != n.memory_mb || c.capacity.swap_mb != n.swap_mb ||
        c.capacity.disk_mb != n.disk_mb || c.usable != takes_new_work(n) || c.max_jobs != n.max_jobs) {
      base_kept_ = false;
      return false;
    }
    c.node = &n;
    c.bookings.truncate(c.base);
  }
  now_ = now;
  job_reservations_.clear();
  at_base_ = true;
  return true;
}

void ResourceCalendar::book_in_base(std::size_t node, const Booking& booking) {
  if (!at_base_) {  // other bookings are there too: the base is lost
    book(node, booking);
    base_kept_ = false;
    return;
  }
  const bool kept = base_kept_;  // book() may place it among the base bookings: it is one
  book(node, booking);
  base_kept_ = kept, at_base_ = true;
  ++base_version_;
  nodes_[node].base = static_cast<std::uint32_t>(nodes_[node].bookings.size());
}

void ResourceCalendar::insert_in_order(std::size_t node, const Booking& booking) {
  // After the bookings that start no later (book() appends the usual case itself).
  NodeCalendar& c = nodes_[node];
  auto at = std::upper_bound(c.bookings.begin(), c.bookings.end(), booking.start,
                             [](Epoch t, const Booking& b) { return t < b.start; });
  if (base_kept_ && at - c.bookings.begin() < static_cast<std::ptrdiff_t>(c.base)) base_kept_ = false;
  c.bookings.insert(at, booking);
}

void ResourceCalendar::unbook(std::size_t node, const Booking& booking) {
  NodeCalendar& c = nodes_[node];
  auto it = std::find(c.bookings.begin(), c.bookings.end(), booking);
  if (it == c.bookings.end()) return;
  ++changes_;
  ++base_version_;  // when at the base, the base changes
  if (it - c.bookings.begin() < static_cast<std::ptrdiff_t>(c.base)) --c.base;
  c.bookings.erase(it);
}

void ResourceCalendar::sort_bookings() {
  // Stable: bookings that start together stay in booking order, as book() inserts them.
  const auto by_start = [](const Booking& a, const Booking& b) { return a.start < b.start; };
  for (std::size_t n : unsorted_) {
    std::stable_sort(nodes_[n].bookings.begin(), nodes_[n].bookings.end(), by_start);
    nodes_[n].unsorted = false;
  }
  unsorted_.clear();
}

void ResourceCalendar::release_running() {
  ++changes_;
  base_kept_ = at_base_ = false;
  for (auto& n : nodes_) llvm::erase_if(n.bookings, [](const Booking& b) { return b.reservation == kNoReservation; });
}

bool ResourceCalendar::counts(const Booking& b, const Viewer& viewer) const {
  if (b.reservation != kNoReservation) return !viewer.uses(b.reservation);
  // A running job inside a reservation the viewer cannot use is already covered by that
  // reservation's booking.
  return b.inside == kNoReservation || viewer.uses(b.inside);
}

std::int64_t ResourceCalendar::jobs_at(const NodeCalendar& c, Epoch t, const Viewer& viewer) const {
  std::int64_t jobs = 0;
  for (const auto& b : c.bookings) {
    if (b.start > t) break;
    jobs += t < b.end && is_job_for(b, viewer);
  }
  return jobs;
}

Resources ResourceCalendar::free_at(std::size_t node, Epoch t, const Viewer& viewer) const {
  const NodeCalendar& c = nodes_[node];
  // NODECFG MAXJOB: a node running as many jobs as it may has room for no other.
  if (c.max_jobs > 0 && jobs_at(c, t, viewer) >= c.max_jobs) return {};
  Resources used;
  for (const auto& b : c.bookings) {
    if (b.start > t) break;
    if (t < b.end) used += taken(c, b, viewer);
  }
  return {c.capacity.procs - used.procs, c.capacity.mem_mb - used.mem_mb, c.capacity.swap_mb - used.swap_mb,
          c.capacity.disk_mb - used.disk_mb};
}

std::int64_t ResourceCalendar::free_tasks(std::size_t node, Epoch from, Epoch to, const Resources& per_task,
                                          const Viewer& viewer) const {
  const NodeCalendar& c = nodes_[node];
  if (!c.usable) return 0;
  if (to <= from) to = from + 1;
  // Free resources only drop where a booking starts: the minimum over [from, to) is at `from`
  // or at one of those starts.
  std::int64_t tasks = tasks_for(c, free_at(node, from, viewer), per_task, viewer);
  for (const auto& b : c.bookings) {
    if (tasks == 0 || b.start >= to) break;
    if (b.start > from && matters(b, viewer))
      tasks = std::min(tasks, tasks_for(c, free_at(node, b.start, viewer), per_task, viewer));
  }
  return tasks;
}

Seconds ResourceCalendar::free_for(std::size_t node, Epoch from, const Resources& per_task,
                                   const Viewer& viewer) const {
  if (free_tasks(node, from, from + 1, per_task, viewer) == 0) return 0;
  const NodeCalendar& c = nodes_[node];
  for (const auto& b : c.bookings)
    if (b.start > from && matters(b, viewer) && tasks_for(c, free_at(node, b.start, viewer), per_task, viewer) == 0)
      return b.start - from;
  return kEndOfTime - from;
}

void ResourceCalendar::free_tasks_by_duration(std::size_t node, Epoch from, const Resources& per_task,
                                              const Viewer& viewer,
                                              std::vector<std::pair<Seconds, std::int64_t>>& out) const {
  // The same minimum as free_tasks, taken one booking start at a time: a booking starting at s
  // is inside [from, from + d) from d = s - from + 1 on.
  const NodeCalendar& c = nodes_[node];
  std::int64_t tasks = c.usable ? tasks_for(c, free_at(node, from, viewer), per_task, viewer) : 0;
  out.emplace_back(1, tasks);
  for (const auto& b : c.bookings) {
    if (tasks == 0) break;
    if (b.start <= from || !matters(b, viewer)) continue;
    const std::int64_t k = tasks_for(c, free_at(node, b.start, viewer), per_task, viewer);
    if (k < tasks) out.emplace_back(b.start - from + 1, tasks = k);
  }
}

// Most nodes hold only bookings that began by `from` (running jobs, current reservations): what
// is free on them only grows, at each booking's end, so what a job of any walltime can take from
// t on is what is free at t. For such a node, calls at(t, free at t, last) at `from` and at each
// end in time order and returns true; returns false (calling nothing) for any other node.
template <class At>
bool ResourceCalendar::settled_changes(std::size_t node, Epoch from, const Viewer& viewer,
                                       std::vector<const Booking*>& ending, At at) const {
  const NodeCalendar& c = nodes_[node];
  ending.clear();
  Resources used;
  // NODECFG MAXJOB: a node as full of jobs as it may be offers nothing. Counted only where set.
  const bool job_limit = c.max_jobs > 0;
  std::int64_t jobs = 0;
  for (const auto& b : c.bookings) {
    if (b.end <= from || !matters(b, viewer)) continue;
    if (b.start > from) return false;
    used += taken(c, b, viewer);
    if (job_limit) jobs += is_job_for(b, viewer);
    ending.push_back(&b);
  }
  if (ending.size() > 1)
    std::sort(ending.begin(), ending.end(), [](const Booking* a, const Booking* b) { return a->end < b->end; });
  Resources free{c.capacity.procs - used.procs, c.capacity.mem_mb - used.mem_mb, c.capacity.swap_mb - used.swap_mb,
                 c.capacity.disk_mb - used.disk_mb};
  std::int64_t last = 0;
  auto free_then = [&] { return job_limit && jobs >= c.max_jobs ? Resources{} : free; };
  at(from, free_then(), last);
  for (std::size_t e = 0; e < ending.size();) {
    const Epoch t = ending[e]->end;
    for (; e < ending.size() && ending[e]->end == t; ++e) {
      free += taken(c, *ending[e], viewer);
      if (job_limit) jobs -= is_job_for(*ending[e], viewer);
    }
    at(t, free_then(), last);
  }
  return true;
}

std::optional<ResourceCalendar::Opening> ResourceCalendar::earliest_start(std::span<const std::size_t> candidates,
                                                                          const Resources& per_task, std::int64_t tasks,
                                                                          Seconds walltime, std::int64_t max_per_node,
                                                                          const Viewer& viewer,
                                                                          Epoch not_before) const {
  LastOpening& last = last_opening_;
  if (!at_base_) return search_earliest_start(candidates, per_task, tasks, walltime, max_per_node, viewer, not_before);
  if (last.asked && last.base_version == base_version_ && last.not_before <= not_before &&
      (!last.answer || last.answer->start >= not_before) && last.tasks == tasks && last.walltime == walltime &&
      last.max_per_node == max_per_node && last.per_task == per_task && last.may_use == viewer.may_use &&
      last.whole_nodes == viewer.whole_nodes && last.user == viewer.user &&
      std::equal(candidates.begin(), candidates.end(), last.candidates.begin(), last.candidates.end()))
    return last.answer;
  last.answer = search_earliest_start(candidates, per_task, tasks, walltime, max_per_node, viewer, not_before);
  last.asked = true;
  last.base_version = base_version_;
  last.candidates.assign(candidates.begin(), candidates.end());
  last.per_task = per_task;
  last.tasks = tasks, last.walltime = walltime, last.max_per_node = max_per_node;
  last.may_use = viewer.may_use;
  last.whole_nodes = viewer.whole_nodes;
  last.user = viewer.user;
  last.not_before = not_before;
  return last.answer;
}

std::optional<ResourceCalendar::Opening> ResourceCalendar::search_earliest_start(
    std::span<const std::size_t> candidates, const Resources& per_task, std::int64_t tasks, Seconds walltime,
    std::int64_t max_per_node, const Viewer& viewer, Epoch not_before) const {
  if (tasks <= 0) return Opening{not_before, {}, {}};
  const Seconds w = std::max<Seconds>(walltime, 1);
  auto offered = [&](std::size_t n, Epoch t) {
    std::int64_t k = free_tasks(n, t, t + w, per_task, viewer);
    return tasks_offered(k, max_per_node);
  };

  // What a node offers, as a function of the start time t, changes only where a booking leaves
  // the window [t, t + w) (t = its end) or enters it (t = its start - w + 1). Each run of
  // neighbouring candidates with the same calendar contributes the changes of its step function
  // once, weighted by its length; a sweep over all of them in time order finds the first t at
  // which the total reaches `tasks`.
  auto& [runs, changes, points, ending, offer] = search_;
  runs.clear();
  bool in_run = false;  // the candidate before was usable: a run may go on
  for (std::size_t k = 0; k < candidates.size(); ++k) {
    const std::size_t n = candidates[k];
    if (!nodes_[n].usable) {
      in_run = false;
      continue;
    }
    if (in_run && same_calendar(candidates[runs.back().first], n))
      ++runs.back().nodes;
    else
      runs.push_back({k});
    in_run = true;
  }
  changes.clear();
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const std::size_t n = candidates[runs[r].first];
    if (settled_changes(n, not_before, viewer, ending, [&](Epoch t, const Resources& free, std::int64_t& last) {
          const std::int64_t k = tasks_offered(tasks_for(nodes_[n], free, per_task, viewer), max_per_node);
          if (k != last) changes.push_back({t, k - last, r});
          last = k;
        }))
      continue;
    points.assign(1, not_before);
    for (const auto& b : nodes_[n].bookings) {
      if (!matters(b, viewer)) continue;
      if (b.end > not_before) points.push_back(b.end);
      if (b.start - w + 1 > not_before) points.push_back(b.start - w + 1);
    }
    if (points.size() > 2) {  // every point but the first is later than it
      std::sort(points.begin(), points.end());
      points.erase(std::unique(points.begin(), points.end()), points.end());
    }
    std::int64_t last = 0;
    for (Epoch t : points) {
      std::int64_t k = offered(n, t);
      if (k != last) changes.push_back({t, k - last, r});
      last = k;
    }
  }
  std::sort(changes.begin(), changes.end(), [](const Change& a, const Change& b) { return a.t < b.t; });
  std::int64_t total = 0;
  for (std::size_t i = 0; i < changes.size();) {
    const Epoch t = changes[i].t;
    for (; i < changes.size() && changes[i].t == t; ++i) total += changes[i].delta * runs[changes[i].run].nodes;
    if (total >= tasks) {
      // What each node of a run offers at t: the sum of the run's changes up to t.
      offer.assign(runs.size(), 0);
      for (std::size_t k = 0; k < i; ++k) offer[changes[k].run] += changes[k].delta;
      Opening o{t, {}, {}};
      std::size_t offering = 0;  // nodes of the runs that offer something
      for (std::size_t r = 0; r < runs.size(); ++r)
        if (offer[r] > 0) offering += static_cast<std::size_t>(runs[r].nodes);
      o.offer.reserve(offering);
      o.same_as_previous.reserve(offering);
      for (std::size_t r = 0; r < runs.size(); ++r) {
        if (offer[r] <= 0) continue;
        const std::size_t first = runs[r].first, end = first + static_cast<std::size_t>(runs[r].nodes);
        for (std::size_t k = first; k < end; ++k) {
          o.offer.push_back({candidates[k], offer[r]});
          o.same_as_previous.push_back(k != first);
        }
      }
      return o;
    }
  }
  return std::nullopt;
}

BackfillWindows ResourceCalendar::backfill_windows(const Viewer& viewer, std::span<const std::uint8_t> only) const {
  const Resources one_proc{1, 0, 0, 0};
  struct Free {
    Seconds duration;
    std::int64_t procs;
    std::size_t node;
  };
  std::vector<Free> free;
  SameCalendarMemo<std::pair<Seconds, std::int64_t>> window;  // how long, how many procs
  for (std::size_t n = 0; n < nodes_.size(); ++n) {
    if (!only.empty() && (n >= only.size() || !only[n])) continue;
    const auto [d, procs] = window(*this, n, [&] {
      const Seconds d = free_for(n, now_, one_proc, viewer);
      return std::pair{d, d > 0 ? free_tasks(n, now_, now_ + d, one_proc, viewer) : 0};
    });
    if (d > 0) free.push_back({d, procs, n});
  }
  std::sort(free.begin(), free.end(), [](const Free& a, const Free& b) {
    return a.duration != b.duration ? a.duration < b.duration : a.node < b.node;
  });
  BackfillWindows out;
  std::int64_t procs_from_here = 0;
  for (const auto& f : free) {
    procs_from_here += f.procs;
    out.nodes_by_duration.push_back(f.node);
  }
  for (std::size_t i = 0; i < free.size();) {
    out.windows.push_back({free[i].duration, procs_from_here, i});
    for (const Seconds d = free[i].duration; i < free.size() && free[i].duration == d; ++i)
      procs_from_here -= free[i].procs;
  }
  return out;
}

}  // namespace maui::runtime
