#include "runtime/engine/iteration_bookings.h"

#include <algorithm>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "runtime/engine/policy_warning.h"

namespace maui::runtime {

Epoch booking_horizon(const ClusterSnapshot& snapshot) {
  Seconds longest = 0;
  for (const auto& j : snapshot.jobs)
    if (j.state != JobState::Completed) longest = std::max(longest, j.walltime);
  return snapshot.now + 2 * longest + 86400;
}

namespace iteration {

namespace {

// Whether the job still runs on the nodes, with the tasks, it was booked with.
bool runs_where_booked(const State& s, const Job& job, const RunningJob& booked) {
  if (job.allocated_nodes.size() != booked.count) return false;
  for (std::size_t k = 0; k < booked.count; ++k) {
    const NodeTasks& nt = s.layer.nodes[booked.first + k];
    if (!same_name(s.snap.nodes[nt.node].name, job.allocated_nodes[k]) || nt.tasks != job.tasks_on(k)) return false;
  }
  return true;
}

void unbook_running(State& s, const RunningJob& r) {
  for (std::size_t k = r.first; k < r.first + r.count; ++k) {
    const NodeTasks& nt = s.layer.nodes[k];
    const Resources amount = s.facts.booked_on(nt.node, r.per_task, nt.tasks, r.whole_nodes);
    s.calendar.unbook(nt.node, {r.start, r.end, amount, kNoReservation, kNoReservation, r.user});
    s.layer.free_now[nt.node] += amount.procs;
  }
}

// Books running job i into the base (layer.next, layer.next_nodes).
void book_running_job(State& s, std::size_t i, Epoch start, Epoch end, const Resources& per_task) {
  const Job& job = s.snap.jobs[i];
  RunningLayer& layer = s.layer;
  const std::size_t first = layer.next_nodes.size();
  const bool whole_node = s.facts.takes_whole_nodes(i);
  const NodeUser user = s.facts.user_of(i);
  bool all_known = true;
  for (std::size_t k = 0; k < job.allocated_nodes.size(); ++k) {
    auto node = s.snap.allocated_node(job, k);
    if (!node) {
      s.out.warnings.push_back(unlocated_warning(fmt::format(
          "running job {} runs on {}, which is not a node of the cluster", job.id, job.allocated_nodes[k])));
      all_known = false;
      continue;
    }
    const std::int64_t tasks = job.tasks_on(k);
    layer.next_nodes.push_back({*node, tasks});
    // No reservation is booked yet, so the node is booked whole (book_reservations charges
    // it to reservations afterwards). A calendar built anew gets every running job: appended,
    // sorted once (sort_bookings); a carried one gets a few, each in its place.
    const Booking b{start,          end, s.facts.booked_on(*node, per_task, tasks, whole_node), kNoReservation,
                    kNoReservation, user};
    if (s.carried)
      s.calendar.book_in_base(*node, b);
    else
      s.calendar.append(*node, b);
    layer.free_now[*node] -= b.amount.procs;
  }
  layer.next.push_back({s.keeps_base ? job.id : std::string(), i, start, end, per_task, first,
                        layer.next_nodes.size() - first, all_known, whole_node, user});
}

// Running jobs are the calendar's base (RunningLayer). Carried from the last iteration, each
// job there is kept if the snapshot still runs it as it was booked, booked again if anything
// of it changed, unbooked if it no longer runs; the others are booked anew. Without a carried
// layer every running job is booked anew: what the calendar holds is the same either way.
void book_running_jobs(State& s) {
  const ClusterSnapshot& snap = s.snap;
  RunningLayer& layer = s.layer;
  if (!s.carried) {
    layer.jobs.clear(), layer.nodes.clear();
    layer.free_now.resize(snap.nodes.size());
    layer.usable_procs = 0;
    for (std::size_t n = 0; n < snap.nodes.size(); ++n) {
      layer.free_now[n] = s.calendar.usable_procs(n);
      layer.usable_procs += layer.free_now[n];
    }
  }
  layer.next.clear(), layer.next_nodes.clear();
  layer.handled.assign(layer.jobs.size(), 0);
  std::size_t cursor = 0;  // carried jobs keep the snapshot's order: the next is usually it
  for (std::size_t i = 0; i < snap.jobs.size(); ++i) {
    const Job& job = snap.jobs[i];
    if (!job.is_active()) continue;
    if (s.limits) s.limits->throttle.add(s.limits->hard, s.ids[i], active_usage(job, snap.now, s.totals), false);
    if (job.allocated_nodes.empty()) {
      s.out.warnings.push_back(unlocated_warning(
          fmt::format("running job {} has no allocated nodes: its resources are not booked", job.id)));
      continue;
    }
    Epoch start = job.start_time.value_or(snap.now);
    Epoch end = start + job.walltime;
    // A job past its wallclock limit still holds its nodes until the RM ends it.
    if (end <= snap.now) end = snap.now + std::max<Seconds>(s.settings.poll_interval, 1);
    start = std::min(start, snap.now);
    const Resources per_task = task_resources(job);
    if (s.carried) {
      std::optional<std::size_t> c;
      for (std::size_t k = cursor; k < layer.jobs.size() && !c; ++k)
        if (!layer.handled[k] && same_name(layer.jobs[k].id, job.id)) c = k;
      if (c) {
        cursor = *c + 1;
        layer.handled[*c] = 1;
        RunningJob& old = layer.jobs[*c];
        if (old.all_nodes_known && old.start == start && old.end == end && old.per_task == per_task &&
            runs_where_booked(s, job, old) && old.whole_nodes == s.facts.takes_whole_nodes(i) &&
            old.user == s.facts.user_of(i)) {
          const std::size_t first = layer.next_nodes.size();
          const auto from = layer.nodes.begin() + static_cast<std::ptrdiff_t>(old.first);
          layer.next_nodes.insert(layer.next_nodes.end(), from, from + static_cast<std::ptrdiff_t>(old.count));
          layer.next.push_back(std::move(old));
          layer.next.back().job = i, layer.next.back().first = first;
          ++s.in.workspace->running_jobs_carried;
          continue;
        }
        unbook_running(s, old);
      }
    }
    book_running_job(s, i, start, end, per_task);
  }
  for (std::size_t k = 0; k < layer.jobs.size(); ++k)
    if (!layer.handled[k]) unbook_running(s, layer.jobs[k]);  // no longer running
  std::swap(layer.jobs, layer.next), std::swap(layer.nodes, layer.next_nodes);
  if (!s.carried) {
    s.calendar.sort_bookings();
    if (s.keeps_base) s.calendar.keep_as_base();
  }
  s.free_now.assign(layer.free_now.begin(), layer.free_now.end());
  s.usable_procs = layer.usable_procs;
  if (s.limits) s.limits->soft = s.limits->hard;  // both levels start from what runs
}

}  // namespace

// Administrative reservations and the resource manager's, then what runs, then standing reservations (a floating one is
// placed around the running jobs), then the running jobs again, now charged to the
// reservations they run in.
void book_reservations(State& s) {
  const ClusterSnapshot& snap = s.snap;
  s.table.add_admin(s.in.admin_reservations, s.out.warnings);
  s.table.add_admin(snap.rm_reservations, s.out.warnings);
  book_running_jobs(s);
  s.table.add_standing(s.policy, snap, s.in.clock, booking_horizon(snap), s.in.previous_reservations, s.out.warnings,
                       s.in.workspace ? &s.in.workspace->standing_plans : nullptr);
  s.any_shared_reservation = !s.table.all().empty();
  if (s.any_shared_reservation) {
    s.calendar.release_running();
    for (std::size_t n = 0; n < snap.nodes.size(); ++n) s.free_now[n] = s.calendar.usable_procs(n);
    for (const auto& r : s.layer.jobs) book_job(s, r.job, s.nodes_of(r), r.start, r.end);
  }
  // The nodes with procs free now, in node order: loops over the nodes a job could start on
  // pass the others by. Free procs only fall within an iteration, so the list stays a superset.
  for (std::size_t n = 0; n < s.free_now.size(); ++n)
    if (s.free_now[n] > 0) s.free_nodes.push_back(n);
}

void book_job(State& s, std::size_t i, std::span<const NodeTasks> nodes, Epoch start, Epoch end) {
  const Job& job = s.snap.jobs[i];
  const Resources per_task = task_resources(job);
  const Viewer* v = s.any_shared_reservation ? &s.facts.viewer_of(i, s.snap.now) : nullptr;
  const bool whole_node = s.facts.takes_whole_nodes(i);
  const NodeUser user = s.facts.user_of(i);
  for (const auto& nt : nodes) {
    Resources amount = s.facts.booked_on(nt.node, per_task, nt.tasks, whole_node);
    Epoch from = start;
    std::optional<Booking> inside;  // a copy: booking below moves the node's bookings
    if (v)
      for (const auto& b : s.calendar.bookings(nt.node))
        if (b.reservation != kNoReservation && v->uses(b.reservation) && b.end > from && b.start < end) {
          inside = b;  // one reservation per job and node is enough for the accounting
          break;
        }
    if (inside) {
      // The job is charged to the reservation up to what the reservation holds on the node
      // (less what earlier jobs took of it); the rest of the job is outside it.
      Resources& taken = s.charged[{nt.node, inside->reservation}];
      Resources in{std::min(amount.procs, inside->amount.procs - taken.procs),
                   std::min(amount.mem_mb, inside->amount.mem_mb - taken.mem_mb),
                   std::min(amount.swap_mb, inside->amount.swap_mb - taken.swap_mb),
                   std::min(amount.disk_mb, inside->amount.disk_mb - taken.disk_mb)};
      in = {std::max<std::int64_t>(in.procs, 0), std::max<std::int64_t>(in.mem_mb, 0),
            std::max<std::int64_t>(in.swap_mb, 0), std::max<std::int64_t>(in.disk_mb, 0)};
      taken += in;
      const Resources out{amount.procs - in.procs, amount.mem_mb - in.mem_mb, amount.swap_mb - in.swap_mb,
                          amount.disk_mb - in.disk_mb};
      const Epoch at = std::max(from, inside->start), to = std::min(end, inside->end);
      if (inside->start > from)
        s.calendar.book(nt.node, {from, inside->start, amount, kNoReservation, kNoReservation, user});
      s.calendar.book(nt.node, {at, to, in, kNoReservation, inside->reservation, user});
      s.calendar.book(nt.node, {at, to, out, kNoReservation, kNoReservation, user});
      from = to;
    }
    s.calendar.book(nt.node, {from, end, amount, kNoReservation, kNoReservation, user});
    if (start <= s.snap.now && end > s.snap.now) s.free_now[nt.node] -= amount.procs;
  }
}

}  // namespace iteration
}  // namespace maui::runtime
