// The resource calendar: per node, what is booked over time (running jobs, job reservations,
// standing and administrative reservations), and the two questions the scheduler asks of it:
// "where and when can this job shape start at the earliest" and "what can start now, for how
// long" (the backfill windows of seed 8.2.2).
//
// Access is decided per job by a Viewer: a booking of a reservation the job may use does not
// take resources away from it (reference §7.2: inaccessible reservations are subtracted,
// accessible ones are not, so overlapping reservations combine as AND). A running job that
// started inside a reservation is charged to it: a job that cannot use that reservation already
// loses the reservation's resources, and does not lose them twice.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include <llvm/ADT/SmallVector.h>

#include "runtime/engine/model.h"
#include "schemas/ir.h"

namespace maui::runtime {

inline constexpr Epoch kEndOfTime = std::numeric_limits<Epoch>::max() / 4;

// Procs, memory, swap, disk of a node or a booking.
struct Resources {
  std::int64_t procs = 0, mem_mb = 0, swap_mb = 0, disk_mb = 0;
  Resources& operator+=(const Resources& o) {
    procs += o.procs, mem_mb += o.mem_mb, swap_mb += o.swap_mb, disk_mb += o.disk_mb;
    return *this;
  }
  bool operator==(const Resources&) const = default;
};
Resources resources_of(const Node& node);
// One task of the job. Inline, as the next: every booking and placement asks.
inline Resources task_resources(const Job& job) {
  return {job.procs_per_task, job.memory_per_task_mb, job.swap_per_task_mb, job.disk_per_task_mb};
}
inline Resources operator*(const Resources& per_task, std::int64_t tasks) {
  return {per_task.procs * tasks, per_task.mem_mb * tasks, per_task.swap_mb * tasks, per_task.disk_mb * tasks};
}
// Tasks of `per_task` that fit in `free` (a request of nothing but procs 0 fits once).
// Inline: the calendar asks it for every booking it passes.
inline std::int64_t tasks_in(const Resources& free, const Resources& per_task) {
  std::int64_t n = std::numeric_limits<std::int64_t>::max();
  auto limit = [&](std::int64_t have, std::int64_t need) {
    if (need > 0) n = std::min(n, have > 0 ? have / need : 0);
  };
  limit(free.procs, per_task.procs);
  limit(free.mem_mb, per_task.mem_mb);
  limit(free.swap_mb, per_task.swap_mb);
  limit(free.disk_mb, per_task.disk_mb);
  // A task that asks for nothing still needs a node that has a proc to run on.
  if (n == std::numeric_limits<std::int64_t>::max()) n = free.procs > 0 ? 1 : 0;
  return n;
}

// What a node with `k` free tasks offers a job: all of them, or, for a job that asked for a node
// count (max_per_node > 0), exactly its share of a node or nothing.
inline std::int64_t tasks_offered(std::int64_t k, std::int64_t max_per_node) {
  return max_per_node > 0 ? (k >= max_per_node ? max_per_node : 0) : std::max<std::int64_t>(k, 0);
}

// Who holds a booking: a running job, or reservation number r (job, standing, admin).
using ReservationId = std::uint32_t;
inline constexpr ReservationId kNoReservation = std::numeric_limits<ReservationId>::max();

// The user of a job's booking or of the job asking, for NODEACCESSPOLICY SINGLEUSER
// (runtime/engine/node_access.h): a node offers a SINGLEUSER job nothing while a job of another user is
// booked there, and a node a SINGLEUSER job holds offers the jobs of other users nothing.
// User 0: no job's (standing and administrative reservations, the backfill windows' anyone),
// or no job of the policy is SINGLEUSER, so that no user is ever told from another.
struct NodeUser {
  std::uint32_t user = 0;
  bool single_user = false;  // the job is SINGLEUSER
  bool operator==(const NodeUser&) const = default;
};

struct Booking {
  Epoch start = 0, end = 0;  // [start, end)
  Resources amount;
  ReservationId reservation = kNoReservation;  // kNoReservation: a running job
  // A running job's booking inside reservation `inside` (kNoReservation: outside any).
  ReservationId inside = kNoReservation;
  NodeUser user;  // the job's (running, or its job reservation)
  bool operator==(const Booking&) const = default;
};

// Which reservations a job may use (indexed by ReservationId). A job never uses a running
// job's resources.
struct Viewer {
  std::vector<std::uint8_t> may_use;  // bytes, not bits: asked for every booking a question passes
  // The job takes whole nodes (runtime/engine/node_access.h): a node offers it tasks only while nothing
  // it cannot use is booked there.
  bool whole_nodes = false;
  NodeUser user;  // the job's (SINGLEUSER)
  bool uses(ReservationId r) const { return r != kNoReservation && r < may_use.size() && may_use[r]; }
  // A booking of another user's job where one of the two is SINGLEUSER: the node is not shared.
  bool shut_out_by(const Booking& b) const {
    return user.user != 0 && b.user.user != 0 && b.user.user != user.user && (b.user.single_user || user.single_user);
  }
};

struct NodeTasks {
  std::size_t node = 0;  // index into the calendar's nodes
  std::int64_t tasks = 0;
  bool operator==(const NodeTasks&) const = default;
};

// Backfill windows: nodes with free procs now and how long they stay free. Window k holds the
// nodes free at least `duration` (each next window is longer and narrower; they overlap, as
// in the manual's figure): the suffix nodes_by_duration[first...].
struct BackfillWindow {
  Seconds duration = 0;    // kEndOfTime - now: unlimited
  std::int64_t procs = 0;  // free procs now on the window's nodes
  std::size_t first = 0;
};
struct BackfillWindows {
  std::vector<std::size_t> nodes_by_duration;
  std::vector<BackfillWindow> windows;  // widest (= shortest) first
  std::span<const std::size_t> nodes(const BackfillWindow& w) const {
    return std::span(nodes_by_duration).subspan(w.first);
  }
};

class ResourceCalendar {
 public:
  ResourceCalendar(std::span<const Node> nodes, Epoch now) { reset(nodes, now); }
  ResourceCalendar() = default;
  // Empties the calendar for `nodes` at `now`, keeping the memory the bookings took (a
  // scheduler that runs iteration after iteration books much the same every time).
  void reset(std::span<const Node> nodes, Epoch now);

  // A copy with every booking, capacity and state but no pointer to the snapshot's nodes
  // (node() must not be asked of it): what an explained iteration keeps for the admin commands
  // (IterationResult::calendar), past the snapshot it was made on.
  ResourceCalendar detached() const;

  Epoch now() const { return now_; }
  std::size_t node_count() const { return nodes_.size(); }
  const Node& node(std::size_t i) const { return *nodes_[i].node; }
  // Down, drained or draining nodes take no new work.
  bool usable(std::size_t i) const { return nodes_[i].usable; }
  // The node's procs when it takes new work, else 0.
  std::int64_t usable_procs(std::size_t i) const { return nodes_[i].usable ? nodes_[i].capacity.procs : 0; }

  // Inline: a reservation books each of its nodes, and most bookings go last on their node.
  void book(std::size_t node, const Booking& booking) {
    if (booking.end <= booking.start) return;
    ++changes_;
    at_base_ = false;
    auto& list = nodes_[node].bookings;
    if (list.empty() || list.back().start <= booking.start)
      list.push_back(booking);
    else
      insert_in_order(node, booking);
  }
  // Removes one booking equal to `booking` from the node (none: nothing changes).
  void unbook(std::size_t node, const Booking& booking);

  // The base: what stays booked from one question to the next (a scheduler's running jobs,
  // iteration after iteration). keep_as_base() makes what each node holds now its base;
  // back_to_base() drops every booking made since, for the same nodes at a later `now`. It
  // says false when it cannot: the nodes differ (capacity, state, number), or a booking went in
  // among the base ones (it starts before one of them); then only reset() makes it usable.
  void keep_as_base();
  bool back_to_base(std::span<const Node> nodes, Epoch now);
  // book() at the base (after back_to_base, nothing else booked since): the booking joins the
  // base. Anywhere else it is book(), and the base is lost (back_to_base says false).
  void book_in_base(std::size_t node, const Booking& booking);
  // book() for many bookings at once: append() each, then sort_bookings() before asking
  // anything. One sort per node instead of a search per booking (the scheduler books every
  // running job at the start of each iteration); the bookings end up as book() leaves them.
  void append(std::size_t node, const Booking& booking) {
    if (booking.end <= booking.start) return;
    ++changes_;
    base_kept_ = at_base_ = false;  // sort_bookings() may move anything: keep_as_base() again after it
    NodeCalendar& c = nodes_[node];
    // Only nodes that got a booking out of order are sorted (most get one running job).
    if (!c.bookings.empty() && booking.start < c.bookings.back().start && !c.unsorted) {
      c.unsorted = true;
      unsorted_.push_back(node);
    }
    c.bookings.push_back(booking);
  }
  void sort_bookings();
  // Drops every running job's booking (to book them again, charged to reservations).
  void release_running();
  // Counts the changes above: an answer cached at one count holds while the count stays.
  std::uint64_t changes() const { return changes_; }
  std::span<const Booking> bookings(std::size_t node) const { return nodes_[node].bookings; }
  // Whether two nodes have the same capacity, state and bookings, so that every question below
  // has the same answer for both. Most nodes are idle or run the same job as their neighbour:
  // the scheduler asks once per run of such nodes (SameCalendarMemo). Always inline: asked for
  // every node a job could start on, and GCC kept it out of line there (0.5 % of an EASY run).
  [[gnu::always_inline]] bool same_calendar(std::size_t a, std::size_t b) const {
    const NodeCalendar &x = nodes_[a], &y = nodes_[b];
    // Bookings first: that is where neighbouring nodes differ, if they do.
    return x.bookings == y.bookings && x.capacity == y.capacity && x.usable == y.usable && x.max_jobs == y.max_jobs;
  }
  // Reservation r is a job's (NODECFG MAXJOB counts it as a job on its nodes); asked before r
  // is booked. Job reservations are numbered anew with each calendar (reset, back_to_base).
  void mark_job_reservation(ReservationId r) {
    if (job_reservations_.size() <= r) job_reservations_.resize(r + 1, 0);
    job_reservations_[r] = 1;
  }

  // Tasks of `per_task` free on `node` throughout [from, to) for `viewer`.
  std::int64_t free_tasks(std::size_t node, Epoch from, Epoch to, const Resources& per_task,
                          const Viewer& viewer) const;
  // Free resources on `node` at instant t for `viewer` (negative when over-booked).
  Resources free_at(std::size_t node, Epoch t, const Viewer& viewer) const;
  // How long from `from` at least one task of `per_task` stays free on `node` (0: not free now;
  // kEndOfTime - from: for ever).
  Seconds free_for(std::size_t node, Epoch from, const Resources& per_task, const Viewer& viewer) const;
  // free_tasks(node, from, from + d, ...) as d grows from 1 s: it only falls, when d passes the
  // start of a booking. Appends (d, tasks) for d = 1 and for each d at which it falls.
  void free_tasks_by_duration(std::size_t node, Epoch from, const Resources& per_task, const Viewer& viewer,
                              std::vector<std::pair<Seconds, std::int64_t>>& out) const;

  // The earliest t >= not_before at which `tasks` tasks of `per_task` are free throughout
  // [t, t + walltime) on `candidates`, and how many each candidate offers then. With
  // max_per_node > 0 a node offers exactly that many tasks or none (a job that asked for a node
  // count); 0 = any number. None: never (not enough resources on the candidates).
  // Asked at the base (nothing booked since back_to_base) the same question as last time at
  // the same base, no earlier than then, it answers as then without searching: t is still the
  // first time that fits, if it is not past. A scheduler asks for its top blocked job iteration
  // after iteration, and between events the running jobs often stay the same.
  struct Opening {
    Epoch start = 0;
    std::vector<NodeTasks> offer;  // every candidate with tasks > 0 at `start`
    // Per offer: the offer before it is on a node with the same calendar (same_calendar), so
    // that a caller asking the same of each node asks once per run of them.
    std::vector<std::uint8_t> same_as_previous;
  };
  std::optional<Opening> earliest_start(std::span<const std::size_t> candidates, const Resources& per_task,
                                        std::int64_t tasks, Seconds walltime, std::int64_t max_per_node,
                                        const Viewer& viewer, Epoch not_before) const;

  // Backfill windows now for a one-proc task (seed 8.2.2: largest node x time rectangles),
  // widest (= shortest) first. With `only` (one byte per node), only the nodes marked non-zero.
  BackfillWindows backfill_windows(const Viewer& viewer, std::span<const std::uint8_t> only = {}) const;

 private:
  struct NodeCalendar {
    const Node* node = nullptr;
    Resources capacity;
    bool usable = true;
    std::int32_t max_jobs = 0;  // NODECFG MAXJOB, <= 0: no limit (in the padding beside `usable`)
    // Sorted by start. Most nodes hold a booking or two: kept inline, a calendar built per
    // iteration costs one allocation instead of one per node.
    llvm::SmallVector<Booking, 2> bookings;
    bool unsorted = false;   // appended out of order, listed in unsorted_
    std::uint32_t base = 0;  // the first `base` bookings are the base (keep_as_base)
  };
  void insert_in_order(std::size_t node, const Booking& booking);
  std::optional<Opening> search_earliest_start(std::span<const std::size_t> candidates, const Resources& per_task,
                                               std::int64_t tasks, Seconds walltime, std::int64_t max_per_node,
                                               const Viewer& viewer, Epoch not_before) const;
  bool counts(const Booking& b, const Viewer& viewer) const;
  // Whether booking b takes anything from the viewer: it counts, or shuts the viewer out.
  bool matters(const Booking& b, const Viewer& viewer) const { return counts(b, viewer) || viewer.shut_out_by(b); }
  // Whether booking b is a job on its node for the viewer (NODECFG MAXJOB): a running job (its
  // part inside a reservation is booked twice, in and out of it: the part outside counts), or
  // another job's reservation.
  bool is_job_for(const Booking& b, const Viewer& viewer) const {
    if (b.reservation == kNoReservation) return b.inside == kNoReservation;
    return b.reservation < job_reservations_.size() && job_reservations_[b.reservation] && !viewer.uses(b.reservation);
  }
  // The jobs on node c at instant t, for the viewer.
  std::int64_t jobs_at(const NodeCalendar& c, Epoch t, const Viewer& viewer) const;
  // What booking b takes from the viewer on node c: the whole node when it shuts the viewer out.
  Resources taken(const NodeCalendar& c, const Booking& b, const Viewer& viewer) const {
    if (viewer.shut_out_by(b)) return c.capacity;
    return counts(b, viewer) ? b.amount : Resources{};
  }
  // Tasks of `per_task` that `free` holds on node c, for `viewer`: a whole-node viewer finds none
  // on a node anything is booked on. Every question above asks through it.
  static std::int64_t tasks_for(const NodeCalendar& c, const Resources& free, const Resources& per_task,
                                const Viewer& viewer) {
    return viewer.whole_nodes && !(free == c.capacity) ? 0 : tasks_in(free, per_task);
  }
  template <class At>
  bool settled_changes(std::size_t node, Epoch from, const Viewer& viewer, std::vector<const Booking*>& ending,
                       At at) const;

  Epoch now_ = 0;
  std::vector<NodeCalendar> nodes_;
  std::vector<std::size_t> unsorted_;           // nodes sort_bookings() must sort
  std::vector<std::uint8_t> job_reservations_;  // by ReservationId: a job's (mark_job_reservation)
  std::uint64_t changes_ = 0;
  bool base_kept_ = false;          // every node's base bookings are still its first ones
  bool at_base_ = false;            // and nothing else is booked
  std::uint64_t base_version_ = 0;  // counts the changes of the base

  // earliest_start's last question and answer at the base (see there).
  struct LastOpening {
    std::uint64_t base_version = 0;
    std::vector<std::size_t> candidates;
    Resources per_task;
    std::int64_t tasks = 0, max_per_node = 0;
    Seconds walltime = 0;
    std::vector<std::uint8_t> may_use;
    bool whole_nodes = false;
    NodeUser user;
    Epoch not_before = 0;
    std::optional<Opening> answer;
    bool asked = false;
  };
  mutable LastOpening last_opening_;

  // earliest_start's working memory, kept from call to call (the scheduler asks once per
  // blocked job, iteration after iteration): only capacity carries over, so a calendar answers
  // one question at a time.
  struct Run {          // consecutive usable candidates with the same calendar
    std::size_t first;  // the index of its first candidate, which answers for all
    std::int64_t nodes = 1;
  };
  struct Change {
    Epoch t;
    std::int64_t delta;  // per node of the run
    std::size_t run;
  };
  struct SearchMemory {
    std::vector<Run> runs;
    std::vector<Change> changes;
    std::vector<Epoch> points;
    std::vector<const Booking*> ending;
    std::vector<std::int64_t> offer;
  };
  mutable SearchMemory search_;
};

// The last answer a calendar gave about a node, given again for a next node with the same
// calendar (ResourceCalendar::same_calendar) instead of asking the calendar again. For loops
// over nodes that ask the same question of each.
template <class T>
class SameCalendarMemo {
 public:
  template <class Ask>
  const T& operator()(const ResourceCalendar& calendar, std::size_t node, Ask ask) {
    if (!node_ || (*node_ != node && !calendar.same_calendar(*node_, node))) {
      value_ = ask();
      node_ = node;
    }
    return value_;
  }

 private:
  std::optional<std::size_t> node_;  // the node the answer was computed for
  T value_{};
};

}  // namespace maui::runtime
