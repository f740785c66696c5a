#include "runtime/engine/scheduler.h"

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <set>
#include <unordered_map>

#include <fmt/format.h>

#include "runtime/engine/limits.h"
#include "runtime/engine/partitions.h"
#include "runtime/engine/placement_order.h"
#include "runtime/engine/preemption.h"
#include "runtime/engine/priority.h"
#include "runtime/engine/scheduler_settings.h"

namespace maui::runtime {

namespace {

using Affinity = ir::AclEntry::Affinity;

// Maui's affinity passes (reference §7.2): positive reservations first, then neutral ones,
// then unreserved nodes, negative reservations last.
int affinity_rank(std::optional<Affinity> a) {
  if (!a) return 2;
  switch (*a) {
    case Affinity::Positive: return 0;
    case Affinity::Neutral: return 1;
    case Affinity::Negative: return 3;
  }
  return 2;
}

std::string node_list(const std::vector<NodeTasks>& nodes, const std::vector<Node>& cluster) {
  std::string out;
  for (std::size_t i = 0; i < nodes.size() && i < 8; ++i) {
    if (i) out += ',';
    out += cluster[nodes[i].node].name;
  }
  if (nodes.size() > 8) out += fmt::format(",... ({} nodes)", nodes.size());
  return out;
}

}  // namespace

// What Iteration::too_few_tasks_now knows of one job shape: the shape, its access and the
// calendar it was found short for, and what all nodes offer it by run length.
struct NowCapacity {
  std::uint64_t calendar_changes = std::numeric_limits<std::uint64_t>::max();
  Resources per_task;
  std::int64_t cap = 0;
  std::vector<std::uint8_t> may_use;
  bool whole_nodes = false;
  NodeUser user;
  bool built = false;
  std::int64_t at_one = 0;                               // tasks for a 1 s run
  std::vector<std::pair<Seconds, std::int64_t>> falls;  // (duration, tasks lost up to it)
};

// The running jobs as the calendar's base holds them (ResourceCalendar::keep_as_base). A
// workspace carries them from one iteration to the next, so that an iteration books only the
// jobs that started, changed or ended since the last one; each carried job is checked against
// the snapshot (id, times, shape, node names, tasks) before it is kept.
struct RunningJob {
  std::string id;
  std::size_t job;  // its index in this iteration's snapshot
  Epoch start, end;
  Resources per_task;
  std::size_t first, count;  // its nodes in RunningLayer::nodes
  bool all_nodes_known;      // else booked again each iteration (and warned about again)
  bool whole_nodes;          // holds its nodes whole (runtime/engine/node_access.h)
  NodeUser user;             // its user, when SINGLEUSER applies
};
struct RunningLayer {
  std::vector<RunningJob> jobs, next;
  std::vector<NodeTasks> nodes, next_nodes;
  std::vector<std::uint8_t> handled;   // per carried job: kept or unbooked already
  std::vector<std::int64_t> free_now;  // procs free now per node, running jobs only
  std::int64_t usable_procs = 0;       // procs of the usable nodes
};

// What an iteration keeps per job and per node. A workspace keeps them from one iteration to
// the next for their memory: clear() empties every one but the running layer, which the next
// iteration checks before it uses it.
struct IterationLists {
  RunningLayer running;
  CredentialIndex index;  // emptied by the iteration's PriorityCalculator
  std::vector<JobCredentialIds> ids;
  std::vector<std::string> qos;
  // Per job, what the iteration did with it (Iteration::kStarted ...): one byte per job, read by
  // index in every loop over the queue. One array, so that a job's marks share a cache line;
  // bytes, because the bit arithmetic of std::vector<bool> cost 3 % of a simulation.
  std::vector<std::uint8_t> marks;
  std::vector<std::size_t> hard_list, position, all_nodes, free_nodes;
  std::vector<std::int64_t> bypass_diff, free_now;
  std::vector<LimitViolation> scratch;
  std::vector<Offer> offers;                     // a placement's, one placement at a time
  std::vector<OfferRun> offer_runs;              // a placement's offers as runs (take_front_of_runs)
  PlacementScratch placement;                    // take_front's memory
  std::vector<std::size_t> backfill_candidates;  // a backfill pass's
  Viewer viewer;                                 // the last job's access (Iteration::viewer)
  NowCapacity now_capacity;
  PartitionLayout partitions;                    // the nodes' partitions, unless the caller gives them
  std::vector<std::uint32_t> open_partitions;    // one job's, one job at a time
  std::vector<std::int64_t> partition_procs;     // usable procs per partition
  // Users numbered for SINGLEUSER (Iteration::user_of). Never cleared: the running jobs' bookings
  // carried to the next iteration keep their numbers.
  std::unordered_map<std::string, std::uint32_t> users;
  void clear() {
    now_capacity.calendar_changes = std::numeric_limits<std::uint64_t>::max();
    now_capacity.built = false;
    ids.clear(), qos.clear(), marks.clear();
    hard_list.clear(), position.clear(), all_nodes.clear(), free_nodes.clear(), bypass_diff.clear(), free_now.clear();
    scratch.clear(), offers.clear(), offer_runs.clear(), backfill_candidates.clear();
  }
};

SchedulerWorkspace::SchedulerWorkspace() : lists(std::make_unique<IterationLists>()) {}
SchedulerWorkspace::~SchedulerWorkspace() = default;
SchedulerWorkspace::SchedulerWorkspace(SchedulerWorkspace&&) noexcept = default;
SchedulerWorkspace& SchedulerWorkspace::operator=(SchedulerWorkspace&&) noexcept = default;

namespace {

class Iteration {
 public:
  Iteration(const SchedulerInput& in, IterationResult& out)
      : in_(in),
        snap_(*in.snapshot),
        policy_(in.dir->policy()),
        out_(out),
        settings_(SchedulerSettings::from(policy_, out.warnings)),
        // Only limits and the PE priority factor weigh jobs against the cluster's size.
        totals_(in.dir->has_limits() || in.dir->priority_plan().ranks_by_pe ? snap_.totals() : ClusterTotals{}),
        calendar_(in.workspace ? in.workspace->calendar : own_calendar_),
        table_(*in.dir, calendar_),
        lists_(in.workspace && in.workspace->lists ? *in.workspace->lists : own_lists_),
        calc_(*in.dir, in.fairshare ? *in.fairshare : no_fairshare_, totals_, snap_.now, &lists_.index) {
    const auto& ignored = in.dir->unimplemented();
    out.warnings.insert(out.warnings.end(), ignored.begin(), ignored.end());
    // Administrative reservations are booked before the running jobs, and the running jobs
    // are booked again inside standing ones (book_reservations): no base to keep with either.
    keeps_base_ = in.workspace && in.workspace->lists && in.admin_reservations.empty() &&
                  policy_.standing_reservations.empty();
    carried_ = keeps_base_ && calendar_.back_to_base(snap_.nodes, snap_.now);
    if (!carried_) calendar_.reset(snap_.nodes, snap_.now);
    lists_.clear();
    // Without a configured limit no job can break one: usage is not counted at all.
    if (in.dir->has_limits()) limits_.emplace(*in.dir, totals_, snap_.now, &calc_.index());
    if (in.partitions) {
      partitions_ = in.partitions;
      partitioned_ = in.dir->has_partition_lists() || partitions_->size() > 1;
    } else if ((partitioned_ = confines_to_partitions(*in.dir, snap_.nodes))) {
      lists_.partitions.assign(snap_.nodes);
      partitions_ = &lists_.partitions;
    }
    if (partitioned_) {
      lists_.partition_procs.assign(partitions_->size(), 0);
      for (std::size_t n = 0; n < snap_.nodes.size(); ++n)
        lists_.partition_procs[partitions_->of(n)] += capacity_for_ever(n);
    }
    if (in.nodes_may_return)
      for (const auto& node : snap_.nodes) {
        configured_procs_ += node.procs;
        nodes_out_now_ |= !takes_new_work(node);
      }
  }

  void run() {
    if (settings_.allocation == NodeAllocation::Priority) node_priorities();
    evaluate_queue();
    book_reservations();
    priority_scheduling();
    if (settings_.backfill != BackfillPolicy::None) {
      backfill(LimitLevel::Soft);
      backfill(LimitLevel::Hard);
    }
    finish();
  }

 private:
  // ------------------------------------------------------------------------------------------
  // Setting up

  // NODECFG[node] PRIORITY (else NODECFG[DEFAULT]) for NODEALLOCATIONPOLICY PRIORITY.
  void node_priorities() {
    auto priority_of = [&](const std::string& name) -> std::optional<std::int64_t> {
      auto it = policy_.nodes.find(name);
      if (it == policy_.nodes.end() || !it->second.priority) return std::nullopt;
      return it->second.priority->value;
    };
    const std::int64_t fallback = priority_of("DEFAULT").value_or(0);
    for (const auto& n : snap_.nodes) settings_.node_priority.push_back(priority_of(n.name).value_or(fallback));
  }

  // Administrative reservations, then what runs, then standing reservations (a floating one is
  // placed around the running jobs), then the running jobs again, now charged to the
  // reservations they run in.
  void book_reservations() {
    table_.add_admin(in_.admin_reservations, out_.warnings);
    book_running_jobs();
    table_.add_standing(policy_, snap_, in_.clock, booking_horizon(snap_), in_.previous_reservations,
                        out_.warnings);
    any_shared_reservation_ = !table_.all().empty();
    if (any_shared_reservation_) {
      calendar_.release_running();
      for (std::size_t n = 0; n < snap_.nodes.size(); ++n) free_now_[n] = calendar_.usable_procs(n);
      for (const auto& r : layer_.jobs) book_job(r.job, nodes_of(r), r.start, r.end);
    }
    // The nodes with procs free now, in node order: loops over the nodes a job could start on
    // pass the others by. Free procs only fall within an iteration, so the list stays a superset.
    for (std::size_t n = 0; n < free_now_.size(); ++n)
      if (free_now_[n] > 0) free_nodes_.push_back(n);
  }

  void evaluate_queue() {
    ids_.reserve(snap_.jobs.size());
    // Running jobs need their credentials only to count against limits (none configured: the
    // throttle counts nothing), queued jobs for priority and eligibility, completed ones never.
    const bool count_running = in_.dir->has_limits();
    // Limits count every kind; ranking reads only the kinds that weigh something.
    const unsigned kinds = limits_ ? JobCredentialIds::kAllKinds : calc_.ranked_kinds();
    for (const auto& j : snap_.jobs)
      ids_.push_back(j.is_queued() || (count_running && j.is_active()) ? calc_.index().intern(j, kinds)
                                                                      : JobCredentialIds{});
    if (limits_) limits_->hard.size_for(calc_.index());  // copied to `soft` once running jobs count
    out_.queue.ranked = rank_jobs(calc_, snap_.jobs, ids_);
    // Active limits are checked when a job starts, against what really runs (below), not
    // against every eligible job as if all of them started.
    out_.queue.eligibility = select_eligible(*in_.dir, in_.fairshare ? *in_.fairshare : no_fairshare_, snap_,
                                             out_.queue.ranked, calc_.index(), ids_, /*admitted_use_active=*/false);
    marks_.assign(snap_.jobs.size(), 0);
    qos_.resize(snap_.jobs.size());
    for (const auto& e : out_.queue.eligibility.jobs)
      if (e.eligible) hard_list_.push_back(e.index);
    position_.assign(snap_.jobs.size(), hard_list_.size());
    for (std::size_t p = 0; p < hard_list_.size(); ++p) position_[hard_list_[p]] = p;
    bypass_diff_.assign(hard_list_.size() + 1, 0);
  }

  // Running jobs are the calendar's base (RunningLayer). Carried from the last iteration, each
  // job there is kept if the snapshot still runs it as it was booked, booked again if anything
  // of it changed, unbooked if it no longer runs; the others are booked anew. Without a carried
  // layer every running job is booked anew: what the calendar holds is the same either way.
  void book_running_jobs() {
    RunningLayer& layer = layer_;
    if (!carried_) {
      layer.jobs.clear(), layer.nodes.clear();
      layer.free_now.resize(snap_.nodes.size());
      layer.usable_procs = 0;
      for (std::size_t n = 0; n < snap_.nodes.size(); ++n) {
        layer.free_now[n] = calendar_.usable_procs(n);
        layer.usable_procs += layer.free_now[n];
      }
    }
    layer.next.clear(), layer.next_nodes.clear();
    layer.handled.assign(layer.jobs.size(), 0);
    std::size_t cursor = 0;  // carried jobs keep the snapshot's order: the next is usually it
    for (std::size_t i = 0; i < snap_.jobs.size(); ++i) {
      const Job& job = snap_.jobs[i];
      if (!job.is_active()) continue;
      if (limits_) limits_->throttle.add(limits_->hard, ids_[i], active_usage(job, snap_.now, totals_), false);
      if (job.allocated_nodes.empty()) {
        out_.warnings.push_back(fmt::format("running job {} has no allocated nodes: its resources are not booked", job.id));
        continue;
      }
      Epoch start = job.start_time.value_or(snap_.now);
      Epoch end = start + job.walltime;
      // A job past its wallclock limit still holds its nodes until the RM ends it.
      if (end <= snap_.now) end = snap_.now + std::max<Seconds>(settings_.poll_interval, 1);
      start = std::min(start, snap_.now);
      const Resources per_task = task_resources(job);
      if (carried_) {
        std::optional<std::size_t> c;
        for (std::size_t k = cursor; k < layer.jobs.size() && !c; ++k)
          if (!layer.handled[k] && same_name(layer.jobs[k].id, job.id)) c = k;
        if (c) {
          cursor = *c + 1;
          layer.handled[*c] = 1;
          RunningJob& old = layer.jobs[*c];
          if (old.all_nodes_known && old.start == start && old.end == end && old.per_task == per_task &&
              runs_where_booked(job, old) && old.whole_nodes == whole(i) && old.user == user_of(i)) {
            const std::size_t first = layer.next_nodes.size();
            const auto from = layer.nodes.begin() + static_cast<std::ptrdiff_t>(old.first);
            layer.next_nodes.insert(layer.next_nodes.end(), from, from + static_cast<std::ptrdiff_t>(old.count));
            layer.next.push_back(std::move(old));
            layer.next.back().job = i, layer.next.back().first = first;
            ++in_.workspace->running_jobs_carried;
            continue;
          }
          unbook_running(old);
        }
      }
      book_running_job(i, start, end, per_task);
    }
    for (std::size_t k = 0; k < layer.jobs.size(); ++k)
      if (!layer.handled[k]) unbook_running(layer.jobs[k]);  // no longer running
    std::swap(layer.jobs, layer.next), std::swap(layer.nodes, layer.next_nodes);
    if (!carried_) {
      calendar_.sort_bookings();
      if (keeps_base_) calendar_.keep_as_base();
    }
    free_now_.assign(layer.free_now.begin(), layer.free_now.end());
    usable_procs_ = layer.usable_procs;
    if (limits_) limits_->soft = limits_->hard;  // both levels start from what runs
  }

  // Tasks the RM did not list per node are spread evenly, the first nodes taking one more.
  static std::int64_t tasks_on(const Job& job, std::size_t k) {
    if (k < job.allocated_tasks.size()) return job.allocated_tasks[k];
    const std::int64_t n = static_cast<std::int64_t>(job.allocated_nodes.size());
    return job.tasks / n + (static_cast<std::int64_t>(k) < job.tasks % n ? 1 : 0);
  }

  // Whether the job still runs on the nodes, with the tasks, it was booked with.
  bool runs_where_booked(const Job& job, const RunningJob& booked) const {
    if (job.allocated_nodes.size() != booked.count) return false;
    for (std::size_t k = 0; k < booked.count; ++k) {
      const NodeTasks& nt = layer_.nodes[booked.first + k];
      if (!same_name(snap_.nodes[nt.node].name, job.allocated_nodes[k]) || nt.tasks != tasks_on(job, k)) return false;
    }
    return true;
  }

  void unbook_running(const RunningJob& r) {
    for (std::size_t k = r.first; k < r.first + r.count; ++k) {
      const NodeTasks& nt = layer_.nodes[k];
      const Resources amount = booked_on(nt.node, r.per_task, nt.tasks, r.whole_nodes);
      calendar_.unbook(nt.node, {r.start, r.end, amount, kNoReservation, kNoReservation, r.user});
      layer_.free_now[nt.node] += amount.procs;
    }
  }

  // Books running job i into the base (layer_.next, layer_.next_nodes).
  void book_running_job(std::size_t i, Epoch start, Epoch end, const Resources& per_task) {
    const Job& job = snap_.jobs[i];
    RunningLayer& layer = layer_;
    const std::size_t first = layer.next_nodes.size();
    const bool whole_node = whole(i);
    const NodeUser user = user_of(i);
    bool all_known = true;
    for (std::size_t k = 0; k < job.allocated_nodes.size(); ++k) {
      auto node = snap_.allocated_node(job, k);
      if (!node) {
        out_.warnings.push_back(fmt::format("running job {} runs on {}, which is not a node of the cluster", job.id,
                                            job.allocated_nodes[k]));
        all_known = false;
        continue;
      }
      const std::int64_t tasks = tasks_on(job, k);
      layer.next_nodes.push_back({*node, tasks});
      // No reservation is booked yet, so the node is booked whole (book_reservations charges
      // it to reservations afterwards). A calendar built anew gets every running job: appended,
      // sorted once (sort_bookings); a carried one gets a few, each in its place.
      const Booking b{start, end, booked_on(*node, per_task, tasks, whole_node), kNoReservation, kNoReservation, user};
      if (carried_) calendar_.book_in_base(*node, b);
      else calendar_.append(*node, b);
      layer.free_now[*node] -= b.amount.procs;
    }
    layer.next.push_back({keeps_base_ ? job.id : std::string(), i, start, end, per_task, first,
                          layer.next_nodes.size() - first, all_known, whole_node, user});
  }

  // Books a job's nodes; where the job runs inside a reservation it may use, that part is
  // charged to the reservation (runtime/engine/calendar.h).
  void book_job(std::size_t i, std::span<const NodeTasks> nodes, Epoch start, Epoch end) {
    const Job& job = snap_.jobs[i];
    const Resources per_task = task_resources(job);
    const Viewer* v = any_shared_reservation_ ? &viewer(i, snap_.now) : nullptr;
    const bool whole_node = whole(i);
    const NodeUser user = user_of(i);
    for (const auto& nt : nodes) {
      Resources amount = booked_on(nt.node, per_task, nt.tasks, whole_node);
      Epoch from = start;
      std::optional<Booking> inside;  // a copy: booking below moves the node's bookings
      if (v)
        for (const auto& b : calendar_.bookings(nt.node))
          if (b.reservation != kNoReservation && v->uses(b.reservation) && b.end > from && b.start < end) {
            inside = b;  // one reservation per job and node is enough for the accounting
            break;
          }
      if (inside) {
        // The job is charged to the reservation up to what the reservation holds on the node
        // (less what earlier jobs took of it); the rest of the job is outside it.
        Resources& taken = charged_[{nt.node, inside->reservation}];
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
          calendar_.book(nt.node, {from, inside->start, amount, kNoReservation, kNoReservation, user});
        calendar_.book(nt.node, {at, to, in, kNoReservation, inside->reservation, user});
        calendar_.book(nt.node, {at, to, out, kNoReservation, kNoReservation, user});
        from = to;
      }
      calendar_.book(nt.node, {from, end, amount, kNoReservation, kNoReservation, user});
      if (start <= snap_.now && end > snap_.now) free_now_[nt.node] -= amount.procs;
    }
  }

  // ------------------------------------------------------------------------------------------
  // Per-job facts

  std::string_view qos(std::size_t i) {
    const Job& job = snap_.jobs[i];
    if (!job.qos.empty()) return job.qos;
    if (qos_[i].empty()) qos_[i] = in_.dir->default_qos(job);  // computed once per iteration
    return qos_[i];
  }

  // The job's access to this iteration's reservations (cached while no reservation is added).
  const Viewer& viewer(std::size_t i, std::optional<Epoch> start) {
    view(i, start, cached_viewer_);
    return cached_viewer_;
  }
  // Job i's access to the reservations for a start at `start`, and whether it takes whole nodes.
  void view(std::size_t i, std::optional<Epoch> start, Viewer& v) {
    table_.viewer(snap_.jobs[i], i, qos(i), start, v);
    v.whole_nodes = whole(i);
    v.user = user_of(i);
  }

  // A job that asks for N nodes gets ceil(tasks / N) tasks on each node it uses (the last one
  // may get fewer), so it spans at most N nodes; 0 = tasks go wherever they fit.
  std::int64_t max_per_node(const Job& job) const {
    return job.nodes > 0 ? (job.tasks + job.nodes - 1) / job.nodes : 0;
  }
  // The same for job i, whose node access policy may allow one task per node (SINGLETASK).
  std::int64_t tasks_per_node_cap(std::size_t i) {
    return in_.dir->has_whole_node_jobs() && access(i) == NodeAccess::SingleTask ? 1 : max_per_node(snap_.jobs[i]);
  }

  // Job i's node access policy (runtime/engine/node_access.h), and whether it takes whole nodes. Out of
  // line: most policies share nodes, and the loops that ask stay small enough to inline theirs.
  [[gnu::noinline]] NodeAccess access(std::size_t i) { return in_.dir->node_access(snap_.jobs[i].job_class, qos(i)); }
  bool whole(std::size_t i) { return in_.dir->has_whole_node_jobs() && whole_nodes(access(i)); }
  // Job i's user on the nodes (NodeUser, runtime/engine/calendar.h): numbered only when some job is
  // SINGLEUSER, so that otherwise no booking tells users apart.
  NodeUser user_of(std::size_t i) {
    if (!in_.dir->has_single_user_jobs()) return {};
    const Job& job = snap_.jobs[i];
    const auto number = static_cast<std::uint32_t>(lists_.users.size() + 1);
    return {lists_.users.try_emplace(job.user, number).first->second, access(i) == NodeAccess::SingleUser};
  }
  // What a job books on a node: its tasks there, or the whole node.
  Resources booked_on(std::size_t node, const Resources& per_task, std::int64_t tasks, bool whole_node) const {
    return whole_node ? resources_of(snap_.nodes[node]) : per_task * tasks;
  }

  std::optional<int> affinity_on(std::size_t i, std::size_t n, Epoch from, Epoch to, const Viewer& v) {
    std::optional<Affinity> worst;
    for (const auto& b : calendar_.bookings(n)) {
      if (b.start >= to) break;
      if (b.reservation == kNoReservation || b.end <= from || !v.uses(b.reservation)) continue;
      if (table_[b.reservation].kind == ReservationKind::Job) continue;
      Affinity a = table_.affinity(snap_.jobs[i], qos(i), b.reservation);
      if (!worst || affinity_rank(a) > affinity_rank(*worst)) worst = a;
    }
    return affinity_rank(worst);
  }

  // ------------------------------------------------------------------------------------------
  // Starting and reserving

  // Whether running jobs leave a task of this shape room on node n now (nodes without are not
  // asked further: reservations only take more).
  bool room_now(std::size_t n, const Resources& per_task) const {
    return free_now_[n] >= per_task.procs && free_now_[n] > 0;
  }

  // Nodes on which the job can start now and run its whole walltime, in placement order;
  // empty when it cannot start now.
  std::vector<NodeTasks> nodes_for_now(std::size_t i) {
    const Job& job = snap_.jobs[i];
    if (job.procs() > free_procs_now()) return {};
    const Resources per_task = task_resources(job);
    const Viewer& v = viewer(i, snap_.now);
    const Epoch end = snap_.now + std::max<Seconds>(job.walltime, 1);
    const std::int64_t cap = tasks_per_node_cap(i);
    std::vector<Offer>& offers = lists_.offers;
    if (!partitioned_) {
      if (too_few_tasks_now(per_task, cap, v, end - snap_.now, job.tasks)) return {};
      if (offer_now(per_task, v, end, cap, std::nullopt) < job.tasks) {
        note_shortage(per_task, cap, v);
        return {};
      }
    } else {
      // The first partition open to the job (its PDEF first) that has room for all of it.
      const auto& open = open_partitions(i);
      if (std::none_of(open.begin(), open.end(),
                       [&](std::uint32_t p) { return offer_now(per_task, v, end, cap, p) >= job.tasks; }))
        return {};
    }
    // Best fit in time: the nodes whose free time ends soonest after the job keep the longer
    // gaps for the jobs that need them. Neighbours with the same calendar share their place:
    // for FIRSTAVAILABLE and MINRESOURCE they are ordered as runs (take_front_of_runs).
    std::vector<OfferRun>& runs = lists_.offer_runs;
    runs.clear();
    const bool by_runs = orders_by_runs();
    std::optional<std::size_t> previous;
    int affinity = 2;
    Seconds free_for = 0;
    for (auto& o : offers) {
      const std::size_t n = o.nt.node;
      const bool same = previous && calendar_.same_calendar(*previous, n);
      previous = n;
      if (!same) {
        affinity = any_shared_reservation_ ? *affinity_on(i, n, snap_.now, end, v) : 2;
        free_for = calendar_.free_for(n, snap_.now, per_task, v);
      }
      if (by_runs && same && extends_last_run(runs, n)) continue;
      const auto key = placement_key(n, affinity, 0, free_for);
      if (by_runs) runs.push_back({n, 1, o.nt.tasks, key});
      else o.key = key;
    }
    return by_runs ? take_front_of_runs(runs, job.tasks) : take_front(offers, job.tasks, lists_.placement);
  }

  // Fills lists_.offers with what each node free now (of `partition`, if given) offers the job
  // until `end`; returns the tasks offered in all.
  std::int64_t offer_now(const Resources& per_task, const Viewer& v, Epoch end, std::int64_t cap,
                         std::optional<std::uint32_t> partition) {
    std::vector<Offer>& offers = lists_.offers;
    offers.clear();
    std::int64_t total = 0;
    SameCalendarMemo<std::int64_t> tasks_on;
    for (std::size_t n : free_nodes_) {
      if (!room_now(n, per_task) || (partition && partitions_->of(n) != *partition)) continue;
      const std::int64_t k =
          tasks_on(calendar_, n, [&] { return tasks_offered(calendar_.free_tasks(n, snap_.now, end, per_task, v), cap); });
      if (k <= 0) continue;
      offers.push_back({{n, k}, {}});
      total += k;
    }
    return total;
  }

  // The partitions open to job i, in the order it tries them (runtime/engine/partitions.h).
  const std::vector<std::uint32_t>& open_partitions(std::size_t i) {
    partitions_->open_to(*in_.dir, snap_.jobs[i], lists_.open_partitions);
    return lists_.open_partitions;
  }

  // Whether nodes with the same calendar, one after the other, can be placed as a run
  // (take_front_of_runs): their allocation keys grow with the index.
  bool orders_by_runs() const {
    return settings_.allocation == NodeAllocation::FirstAvailable ||
           settings_.allocation == NodeAllocation::MinResource;
  }

  // Whether a job shape surely finds fewer than `tasks` tasks now for a run of `duration`
  // seconds (false: walk the nodes to know). While a reservation protects the top job, most
  // backfill candidates find too few, one after another; once a shape found too few by walking
  // (note_shortage), the next attempt of that shape before any new booking builds what all nodes
  // offer as a function of the run's length (each node's offer only falls as it grows, at the
  // bookings it reaches) and answers this one and the following ones without walking. Jobs
  // that start do not pay for it.
  bool too_few_tasks_now(const Resources& per_task, std::int64_t cap, const Viewer& v, Seconds duration,
                         std::int64_t tasks) {
    NowCapacity& c = now_capacity_;
    if (c.calendar_changes != calendar_.changes() || c.per_task != per_task || c.cap != cap ||
        c.may_use != v.may_use || c.whole_nodes != v.whole_nodes || c.user != v.user)
      return false;
    if (!c.built) build_now_capacity(v);
    // Everything that fell at a duration <= `duration`.
    auto after = std::upper_bound(c.falls.begin(), c.falls.end(),
                                  std::pair{duration, std::numeric_limits<std::int64_t>::max()});
    return c.at_one - (after == c.falls.begin() ? 0 : std::prev(after)->second) < tasks;
  }
  void note_shortage(const Resources& per_task, std::int64_t cap, const Viewer& v) {
    NowCapacity& c = now_capacity_;
    c.calendar_changes = calendar_.changes();
    c.per_task = per_task;
    c.cap = cap;
    c.may_use = v.may_use;
    c.whole_nodes = v.whole_nodes;
    c.user = v.user;
    c.built = false;
  }
  // The tasks nodes_for_now would find for every run length (before it sorts them).
  void build_now_capacity(const Viewer& v) {
    NowCapacity& c = now_capacity_;
    c.falls.clear();
    c.at_one = 0;
    SameCalendarMemo<std::vector<std::pair<Seconds, std::int64_t>>> steps_on;
    for (std::size_t n : free_nodes_) {
      if (!room_now(n, c.per_task)) continue;
      const auto& steps = steps_on(calendar_, n, [&] {
        std::vector<std::pair<Seconds, std::int64_t>> steps;
        calendar_.free_tasks_by_duration(n, snap_.now, c.per_task, v, steps);
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

  // A node a job may take, with its place in the placement order (runtime/engine/placement_order.h):
  // reservation affinity first, then what the caller ranks by, then NODEALLOCATIONPOLICY.
  std::array<std::int64_t, 6> placement_key(std::size_t node, int affinity, std::int64_t first,
                                            std::int64_t second) const {
    const auto alloc = settings_.allocation_key(snap_.nodes, free_now_, node);
    return {affinity, first, second, alloc[0], alloc[1], alloc[2]};
  }

  std::int64_t free_procs_now() {
    if (!free_total_)
      free_total_ = std::accumulate(free_nodes_.begin(), free_nodes_.end(), std::int64_t{0},
                                    [&](std::int64_t s, std::size_t n) { return s + std::max<std::int64_t>(free_now_[n], 0); });
    return *free_total_;
  }

  bool limits_allow(std::size_t i, LimitLevel level) {
    scratch_.clear();
    if (!limits_) return true;
    const ResourceAmounts request = job_request(snap_.jobs[i], totals_);
    return limits_->throttle.check(level == LimitLevel::Soft ? limits_->soft : limits_->hard, ids_[i], request,
                                   level, Throttle::kActive, scratch_) == 0;
  }

  // Job i's priority, which preemption compares later (Job::start_priority); 0 when no QOS
  // preempts: nothing reads it then.
  std::int64_t start_priority(std::size_t i) {
    if (!in_.dir->has_preemptors()) return 0;
    for (const auto& e : out_.queue.eligibility.jobs)
      if (e.index == i) return e.priority;
    return 0;
  }

  // A start now would pass a higher-priority job that still waits: a backfill.
  // A job that can never run is cancelled, not waited for: it passes nobody.
  bool would_backfill(std::size_t i) {
    while (first_waiting_ < hard_list_.size() && (marks_[hard_list_[first_waiting_]] & (kStarted | kNeverRunnable)))
      ++first_waiting_;
    return first_waiting_ < position_[i];
  }

  bool try_start(std::size_t i, LimitLevel level) {
    if (taken(i)) return false;
    if (const QosFlags* f = scheduling_flags(i); f && f->no_backfill && !preempting_ && would_backfill(i)) {
      if (in_.explain) note(i, "waits for the jobs ahead of it: its QOS has NOBF");
      return false;
    }
    if (!limits_allow(i, level)) {
      if (in_.explain) note(i, "violates " + describe(scratch_.front()));
      return false;
    }
    // Within an iteration bookings are only added, so a job that found no nodes once finds
    // none later either (the HARD backfill pass retries every job of the SOFT pass).
    if (marks_[i] & kNoNodesNow) return false;
    std::vector<NodeTasks> nodes = nodes_for_now(i);
    if (nodes.empty()) {
      marks_[i] |= kNoNodesNow;
      return false;
    }
    start_on(i, std::move(nodes), level);
    return true;
  }

  // Books job i on `nodes` from now and records the start.
  void start_on(std::size_t i, std::vector<NodeTasks> nodes, LimitLevel level) {
    const Job& job = snap_.jobs[i];
    book_job(i, nodes, snap_.now, snap_.now + std::max<Seconds>(job.walltime, 1));
    free_total_.reset();
    if (limits_) {
      const ResourceAmounts request = job_request(job, totals_);
      limits_->throttle.add(limits_->soft, ids_[i], request, false);
      limits_->throttle.add(limits_->hard, ids_[i], request, false);
    }
    const std::size_t pos = position_[i];
    const bool backfilled = !preempting_ && would_backfill(i);
    marks_[i] |= kStarted;
    if (backfilled) bypass_diff_[0] += 1, bypass_diff_[pos] -= 1;
    out_.starts.push_back({i, std::move(nodes), backfilled, level, start_priority(i)});
  }

  // An operator's runjob (SchedulerInput::run_now): the job starts now wherever the calendar
  // has room for it, first, whatever its holds, dependencies and limits, and whatever jobs
  // ahead of it wait; reservations it may not use still keep their nodes.
  void run_now(std::size_t i) {
    const Job& job = snap_.jobs[i];
    if (!job.is_queued()) {
      out_.run_now_refusal = fmt::format("job {} is {}, not waiting", job.id, to_string(job.state));
      return;
    }
    std::vector<NodeTasks> nodes = nodes_for_now(i);
    if (nodes.empty()) {
      out_.run_now_refusal = fmt::format("job {} cannot start now: no set of free nodes it may use holds {} task(s) "
                                         "of {} proc(s) for {} s",
                                         job.id, job.tasks, job.procs_per_task, job.walltime);
      return;
    }
    start_on(i, std::move(nodes), LimitLevel::Hard);
  }

  // A priority reservation at the earliest time the job fits; false when it never fits.
  bool reserve(std::size_t i) {
    const Job& job = snap_.jobs[i];
    const Resources per_task = task_resources(job);
    const Viewer& v = viewer(i, std::nullopt);
    if (all_nodes_.size() != calendar_.node_count()) {
      all_nodes_.resize(calendar_.node_count());
      std::iota(all_nodes_.begin(), all_nodes_.end(), 0);
    }
    const Seconds w = std::max<Seconds>(job.walltime, 1);
    auto earliest_on = [&](std::span<const std::size_t> candidates) {
      auto opening = calendar_.earliest_start(candidates, per_task, job.tasks, w, tasks_per_node_cap(i), v, snap_.now);
      if (table_.any_time_limited()) earlier_by_overlap(i, per_task, w, candidates, opening);
      return opening;
    };
    std::optional<ResourceCalendar::Opening> opening;
    if (!partitioned_) opening = earliest_on(all_nodes_);
    else  // the partition where it starts soonest; on a tie, the one it tries first
      for (std::uint32_t p : open_partitions(i))
        if (auto there = earliest_on(partitions_->nodes(p)); there && (!opening || there->start < opening->start))
          opening = std::move(there);
    if (!opening && nodes_out_now_) {
      // Down, drained or unknown now, nodes may come back: the job waits for them.
      if (in_.explain)
        note(i, fmt::format("needs {} task(s) of {} proc(s) for {} s; no set of nodes it may use{} takes work now",
                            job.tasks, per_task.procs, job.walltime, partitioned_ ? " in one partition" : ""));
      return false;
    }
    if (!opening) {
      never_runnable(i, fmt::format("needs {} task(s) of {} proc(s) for {} s; no set of nodes it may use{} ever has "
                                    "them",
                                    job.tasks, per_task.procs, job.walltime, partitioned_ ? " in one partition" : ""));
      return false;
    }
    std::vector<Offer>& offers = lists_.offers;
    std::vector<OfferRun>& runs = lists_.offer_runs;
    offers.clear(), runs.clear();
    // Nodes with the same calendar have the same place: ordered as runs where they can be.
    const bool by_runs = orders_by_runs();
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
        if (room_now(nt.node, per_task)) {
          p.free_now = calendar_.free_tasks(nt.node, snap_.now, snap_.now + 1, per_task, v);
          if (p.free_now > 0) p.free_for = calendar_.free_for(nt.node, snap_.now, per_task, v);
        }
        if (any_shared_reservation_) p.affinity = *affinity_on(i, nt.node, opening->start, opening->start + w, v);
      }
      // Nodes busy now before idle ones: the idle nodes stay free for backfill
      // (shared/reference/backfill-notes.md).
      if (by_runs && same && extends_last_run(runs, nt.node)) continue;
      const auto key = placement_key(nt.node, p.affinity, p.free_now, p.free_for);
      if (by_runs) runs.push_back({nt.node, 1, nt.tasks, key});
      else offers.push_back({nt, key});
    }
    std::vector<NodeTasks> nodes =
        by_runs ? take_front_of_runs(runs, job.tasks) : take_front(offers, job.tasks, lists_.placement);
    table_.add_job(i, job.id, opening->start, opening->start + w, per_task, std::move(nodes), whole(i), user_of(i));
    marks_[i] |= kReserved;
    if (in_.explain)
      note(i, fmt::format("reserved: starts in {} (epoch {}) on {}", duration_text(opening->start - snap_.now),
                          opening->start, node_list(table_.all().back().nodes, snap_.nodes)));
    return true;
  }

  // TIMELIMIT judges how long the job would overlap a reservation, which depends on when it
  // starts: a start found with the whole walltime as the overlap may be later than one where
  // only the job's last hour falls into the reservation. The overlap with a reservation
  // [s, e) of limit L fits from e - L on (the job's start enters its last L) and up to
  // s + L - w (the job's end enters its first L): try those starts, earliest first, and keep
  // the first the job is really admitted at.
  void earlier_by_overlap(std::size_t i, const Resources& per_task, Seconds w, std::span<const std::size_t> nodes,
                          std::optional<ResourceCalendar::Opening>& opening) {
    const Job& job = snap_.jobs[i];
    std::vector<Epoch> candidates;
    for (const auto& r : table_.all())
      for (const auto& e : r.acl)
        if (e.kind == ir::AclEntry::Kind::Duration && e.number > 0)
          for (Epoch t : {r.end - e.number, r.start + e.number - w})
            if (t >= snap_.now && (!opening || t < opening->start)) candidates.push_back(t);
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    Viewer at;
    for (std::size_t k = 0; k < candidates.size() && k < 64; ++k) {
      view(i, candidates[k], at);
      auto there = calendar_.earliest_start(nodes, per_task, job.tasks, w, tasks_per_node_cap(i), at, candidates[k]);
      if (!there || (opening && there->start >= opening->start)) continue;
      if (there->start != candidates[k]) {  // later than asked: check the access there
        view(i, there->start, at);
        auto again = calendar_.earliest_start(nodes, per_task, job.tasks, w, tasks_per_node_cap(i), at, there->start);
        if (!again || again->start != there->start) continue;
        there = std::move(again);
      }
      opening = std::move(there);
      return;
    }
  }

  // The job asks for more than the cluster has: it would wait for ever; it must not block
  // the queue behind it.
  bool exceeds_cluster(std::size_t i) {
    const Job& job = snap_.jobs[i];
    if (partitioned_) return exceeds_partitions(i);
    if (in_.nodes_may_return) {
      if (job.procs() <= configured_procs_) return false;
      never_runnable(i, fmt::format("needs {} procs; the cluster has {}, counting the nodes that are down now",
                                    job.procs(), configured_procs_));
      return true;
    }
    if (job.procs() <= usable_procs_) return false;
    never_runnable(i, wider_than_cluster(job.procs(), usable_procs_));
    return true;
  }

  // The procs of node n that a job could ever get: the usable ones, or all of a node that may
  // come back (SchedulerInput::nodes_may_return).
  std::int64_t capacity_for_ever(std::size_t n) const {
    return in_.nodes_may_return ? snap_.nodes[n].procs : calendar_.usable_procs(n);
  }

  // The same within partitions: a job runs inside one (runtime/engine/partitions.h).
  bool exceeds_partitions(std::size_t i) {
    const Job& job = snap_.jobs[i];
    const auto& open = open_partitions(i);
    if (open.empty()) {
      std::vector<std::string_view> names;
      for (std::size_t p = 0; p < partitions_->size(); ++p) names.push_back(partitions_->name(p));
      never_runnable(i, fmt::format("no partition of the cluster ({}) is open to it: its credentials' PLISTs "
                                    "name none of them",
                                    fmt::join(names, ", ")));
      return true;
    }
    std::uint32_t largest = open.front();
    for (std::uint32_t p : open)
      if (lists_.partition_procs[p] > lists_.partition_procs[largest]) largest = p;
    if (job.procs() <= lists_.partition_procs[largest]) return false;
    never_runnable(i, fmt::format("needs {} procs; the largest partition open to it ({}) has {}{}", job.procs(),
                                  partitions_->name(largest), lists_.partition_procs[largest],
                                  in_.nodes_may_return ? ", counting the nodes that are down now" : " usable"));
    return true;
  }

  void never_runnable(std::size_t i, std::string why) {
    if (marks_[i] & kNeverRunnable) return;
    marks_[i] |= kNeverRunnable;
    out_.never_runnable.push_back({i, std::move(why)});
  }
  void note(std::size_t i, std::string why) { notes_[i] = std::move(why); }

  // ------------------------------------------------------------------------------------------
  // Priority scheduling (reference §8.3)

  std::int64_t group_of(std::size_t i) {
    for (const auto& [g, group] : policy_.scheduling.reservation_groups) {
      if (!group.qos) return g;
      const auto& list = group.qos->value;
      if (std::find(list.begin(), list.end(), qos(i)) != list.end()) return g;
    }
    return -1;
  }

  // The job's QOS flags, when some QOS has scheduling flags (NOBF, NORESERVATION).
  const QosFlags* scheduling_flags(std::size_t i) {
    return in_.dir->has_scheduling_qos_flags() ? &in_.dir->qos_flags(qos(i)) : nullptr;
  }

  bool may_reserve(std::size_t i) {
    if (settings_.backfill == BackfillPolicy::None || settings_.reservation_policy == ReservationPolicy::Never)
      return false;
    if (const QosFlags* f = scheduling_flags(i); f && f->no_reservation) return false;
    std::int64_t g = group_of(i);
    if (g < 0) return false;
    auto it = policy_.scheduling.reservation_groups.find(g);
    return reservations_made(g) < it->second.depth.value && over_threshold(i);
  }

  // RESERVATIONTHRESHOLDTYPE / VALUE: only a job whose bypass count, queue time (seconds) or
  // expansion factor exceeds the value gets a priority reservation (reference §8.2).
  bool over_threshold(std::size_t i) const {
    if (settings_.threshold == ReservationThreshold::None) return true;
    const Job& job = snap_.jobs[i];
    const auto value = settings_.threshold_value;
    const Seconds queued = effective_queue_time(job, accrual_policy(policy_), snap_.now);
    switch (settings_.threshold) {
      case ReservationThreshold::None: return true;
      case ReservationThreshold::Bypass: return job.sched.bypass_count > value;
      case ReservationThreshold::QueueTime: return queued > value;
      case ReservationThreshold::XFactor:
        return expansion_factor(queued, job.walltime, policy_.priority.xfactor_min_walltime.value) >
               static_cast<double>(value);
    }
    return true;
  }

  // A preemptor starts first on what its preemption freed (runtime/engine/preemption.h); it passes no
  // one by that, so it counts as no backfill.
  void start_preemptor(std::size_t i) {
    const auto& jobs = out_.queue.eligibility.jobs;
    auto e = std::find_if(jobs.begin(), jobs.end(), [&](const auto& x) { return x.index == i; });
    if (e == jobs.end() || !e->soft_eligible) return;
    preempting_ = true;
    try_start(i, LimitLevel::Soft);
    preempting_ = false;
  }

  // RESERVATIONPOLICY HIGHEST (reference §8.2): a job that held a priority reservation keeps
  // one, slid to its earliest start, whatever the depth; these come before new reservations.
  void keep_highest_reservations() {
    if (settings_.reservation_policy != ReservationPolicy::Highest || settings_.backfill == BackfillPolicy::None)
      return;
    std::set<std::string_view> held;
    for (const auto& r : in_.previous_reservations)
      if (r.kind == ReservationKind::Job) held.insert(r.name);
    if (held.empty()) return;
    for (const auto& e : out_.queue.eligibility.jobs) {
      const std::size_t i = e.index;
      if (!e.soft_eligible || !held.contains(snap_.jobs[i].id) || exceeds_cluster(i)) continue;
      if (!limits_allow(i, LimitLevel::Soft)) continue;
      if (!try_start(i, LimitLevel::Soft)) reserve(i);
    }
  }

  void priority_scheduling() {
    if (in_.run_now) run_now(*in_.run_now);
    if (in_.start_first) start_preemptor(*in_.start_first);
    keep_highest_reservations();
    bool idle_job_found = false;
    for (const auto& e : out_.queue.eligibility.jobs) {
      if (!e.soft_eligible) continue;
      const std::size_t i = e.index;
      if (taken(i)) continue;  // kept by RESERVATIONPOLICY HIGHEST
      if (exceeds_cluster(i)) continue;
      if (!limits_allow(i, LimitLevel::Soft)) {  // policy, not resources: no reservation either
        if (in_.explain) note(i, "violates " + describe(scratch_.front()));
        continue;
      }
      // After strict priority order ended, a job starts here only as a reservation that
      // starts now (reference §8.3); otherwise backfill may start it.
      if (!idle_job_found && try_start(i, LimitLevel::Soft)) continue;
      if (may_reserve(i)) {
        if (idle_job_found && try_start(i, LimitLevel::Soft)) continue;
        if (reserve(i)) ++reservations_made(group_of(i));
        continue;
      }
      // No reservation left: strict priority order ends here; only backfill starts jobs now.
      if (in_.explain) {
        const QosFlags* f = scheduling_flags(i);
        note(i, f && f->no_reservation ? "waiting for resources (its QOS has NORESERVATION: backfill only)"
                                       : "waiting for resources (RESERVATIONDEPTH reached: backfill only)");
      }
      idle_job_found = true;
    }
  }

  // ------------------------------------------------------------------------------------------
  // Backfill (reference §8.4, seed 8.2.2)

  const std::vector<std::size_t>& backfill_candidates(LimitLevel level) {
    std::vector<std::size_t>& list = lists_.backfill_candidates;
    list.clear();
    for (const auto& e : out_.queue.eligibility.jobs) {
      if (!(level == LimitLevel::Soft ? e.soft_eligible : e.eligible)) continue;
      if (taken(e.index)) continue;
      list.push_back(e.index);
    }
    return list;
  }

  // Backfill windows as seen by a job that may use every standing and administrative
  // reservation: the most any job could find (each start is checked with the job's own access).
  BackfillWindows windows_for_anyone() const {
    Viewer anyone;
    anyone.may_use.resize(table_.all().size());
    for (const auto& r : table_.all()) anyone.may_use[r.id] = r.kind != ReservationKind::Job;
    return calendar_.backfill_windows(anyone);
  }

  bool fits(const BackfillWindow& w, std::size_t i) const {
    const Job& job = snap_.jobs[i];
    return job.procs() <= w.procs && job.walltime <= w.duration;
  }

  // BACKFILLDEPTH: at most this many of the jobs that fit a window are considered (0 = all).
  bool depth_reached(std::int64_t considered) const {
    return settings_.backfill_depth > 0 && considered >= settings_.backfill_depth;
  }

  void backfill(LimitLevel level) {
    const std::vector<std::size_t>& jobs = backfill_candidates(level);
    switch (settings_.backfill) {
      case BackfillPolicy::FirstFit: first_fit(jobs, level); break;
      case BackfillPolicy::BestFit: by_window(jobs, level, false); break;
      case BackfillPolicy::Greedy: by_window(jobs, level, true); break;
      case BackfillPolicy::None: break;
    }
  }

  bool chunking_active() const {
    return settings_.chunk_size > 0 && in_.last_completion &&
           snap_.now < *in_.last_completion + settings_.chunk_duration;
  }

  // FIRSTFIT: every job in priority order that fits now starts. With chunking, once a job of
  // at least BFCHUNKSIZE procs stays blocked, smaller jobs are left alone so that the freed
  // resources can aggregate for it.
  void first_fit(const std::vector<std::size_t>& jobs, LimitLevel level) {
    const bool chunking = chunking_active();
    bool chunk_blocked = false;
    std::optional<BackfillWindows> windows;
    if (settings_.backfill_depth > 0) windows = windows_for_anyone();
    std::int64_t considered = 0;
    for (std::size_t i : jobs) {
      if (free_procs_now() <= 0) break;
      if (windows) {
        if (std::none_of(windows->windows.begin(), windows->windows.end(),
                         [&](const BackfillWindow& w) { return fits(w, i); }))
          continue;
        if (depth_reached(considered++)) break;
      }
      const std::int64_t procs = snap_.jobs[i].procs();
      if (chunk_blocked && procs < settings_.chunk_size) continue;
      if (exceeds_cluster(i)) continue;
      if (!try_start(i, level) && chunking && procs >= settings_.chunk_size) chunk_blocked = true;
    }
  }

  double metric(std::size_t i) const {
    const Job& job = snap_.jobs[i];
    switch (settings_.metric) {
      case BackfillMetric::Procs: return static_cast<double>(job.procs());
      case BackfillMetric::ProcSeconds: return static_cast<double>(job.procs()) * static_cast<double>(job.walltime);
      case BackfillMetric::Seconds: return static_cast<double>(job.walltime);
      case BackfillMetric::Nodes:
        return static_cast<double>(job.nodes > 0 ? job.nodes : job.tasks);
    }
    return 0;
  }

  // BESTFIT and GREEDY work window by window, widest first (seed 8.2.2).
  void by_window(const std::vector<std::size_t>& all_jobs, LimitLevel level, bool greedy) {
    const BackfillWindows windows = windows_for_anyone();
    for (const auto& w : windows.windows) {
      // The window's candidates, BACKFILLDEPTH at most, in priority order.
      std::vector<std::size_t> jobs;
      for (std::size_t i : all_jobs)
        if (!started(i) && fits(w, i) && !depth_reached(static_cast<std::int64_t>(jobs.size()))) jobs.push_back(i);
      std::int64_t procs_left = w.procs;
      auto fits_left = [&](std::size_t i) {
        const Job& job = snap_.jobs[i];
        return !started(i) && job.procs() <= procs_left && job.walltime <= w.duration;
      };
      if (greedy && greedy_window(jobs, level, fits_left, procs_left)) continue;
      // BESTFIT: repeatedly start the fitting job with the largest metric (earlier in priority
      // order on ties).
      for (;;) {
        std::vector<std::size_t> fitting;
        for (std::size_t i : jobs)
          if (fits_left(i)) fitting.push_back(i);
        std::stable_sort(fitting.begin(), fitting.end(),
                         [&](std::size_t a, std::size_t b) { return metric(a) > metric(b); });
        bool started = false;
        for (std::size_t i : fitting)
          if (try_start(i, level)) {
            procs_left -= snap_.jobs[i].procs();
            started = true;
            break;
          }
        if (!started) break;
      }
    }
  }

  // GREEDY: the subset of the window's candidates with the largest summed metric that fits the
  // window's procs, searched depth-first in priority order over at most BACKFILLMAXSCHEDULES
  // partial schedules; then started in priority order. False when it started nothing.
  template <class Fits>
  bool greedy_window(const std::vector<std::size_t>& jobs, LimitLevel level, Fits fits, std::int64_t& procs_left) {
    std::vector<std::size_t> cand;
    for (std::size_t i : jobs)
      if (fits(i)) cand.push_back(i);
    if (cand.empty()) return false;
    std::vector<std::size_t> current, best;
    double best_value = -1;
    std::int64_t explored = 0;
    const std::int64_t budget = std::max<std::int64_t>(settings_.max_schedules, 1);
    auto search = [&](auto& self, std::size_t from, std::int64_t room, double value) -> void {
      if (++explored > budget) return;
      if (value > best_value) best_value = value, best = current;
      for (std::size_t k = from; k < cand.size() && explored <= budget; ++k) {
        std::int64_t p = snap_.jobs[cand[k]].procs();
        if (p > room) continue;
        current.push_back(cand[k]);
        self(self, k + 1, room - p, value + metric(cand[k]));
        current.pop_back();
      }
    };
    search(search, 0, procs_left, 0.0);
    bool any = false;
    for (std::size_t i : best)
      if (try_start(i, level)) {
        procs_left -= snap_.jobs[i].procs();
        any = true;
      }
    return any;
  }

  // ------------------------------------------------------------------------------------------

  void finish() {
    out_.reservations = std::move(table_).release();  // the last use of the table
    // Bypass counts: each backfilled start passes every job ahead of it that still waits.
    std::int64_t running = 0;
    for (std::size_t p = 0; p < hard_list_.size(); ++p) {
      running += bypass_diff_[p];
      std::size_t i = hard_list_[p];
      if (running > 0 && !started(i)) out_.bypassed.emplace_back(i, running);
    }
    if (in_.explain) out_.calendar = std::make_shared<const ResourceCalendar>(calendar_.detached());
    if (in_.explain)
      for (std::size_t i : hard_list_)
        if (!started(i)) {
          auto it = notes_.find(i);
          out_.waiting.push_back({i, it != notes_.end() ? it->second
                                                         : fmt::format("waiting for resources: needs {} procs for {} s",
                                                                       snap_.jobs[i].procs(), snap_.jobs[i].walltime)});
        }
    std::sort(out_.warnings.begin(), out_.warnings.end());
    out_.warnings.erase(std::unique(out_.warnings.begin(), out_.warnings.end()), out_.warnings.end());
  }

  static inline const FairshareStanding no_fairshare_{};

  const SchedulerInput& in_;
  const ClusterSnapshot& snap_;
  const ir::Policy& policy_;
  IterationResult& out_;
  SchedulerSettings settings_;
  ClusterTotals totals_;
  ResourceCalendar own_calendar_;  // without a workspace
  ResourceCalendar& calendar_;
  ReservationTable table_;
  IterationLists own_lists_;  // without a workspace
  IterationLists& lists_;
  PriorityCalculator calc_;
  // The limits and what counts against them at each level; none when the policy sets no limit
  // (a ledger is kilobytes of tables: not built for nothing).
  struct Limits {
    Limits(const CredentialDirectory& dir, const ClusterTotals& totals, Epoch now, CredentialIndex* index)
        : throttle(dir, totals, now, index) {}
    Throttle throttle;
    UsageLedger soft, hard;
  };
  std::optional<Limits> limits_;
  std::vector<JobCredentialIds>& ids_ = lists_.ids;
  std::vector<std::string>& qos_ = lists_.qos;
  std::vector<std::uint8_t>& marks_ = lists_.marks;
  enum : std::uint8_t {
    kStarted = 1,
    kReserved = 2,
    kNoNodesNow = 4,  // found no nodes now: bookings are only added within an iteration
    kNeverRunnable = 8,
  };
  bool started(std::size_t i) const { return marks_[i] & kStarted; }
  bool taken(std::size_t i) const { return marks_[i] & (kStarted | kReserved); }  // started or reserved
  std::vector<std::size_t>& hard_list_ = lists_.hard_list;  // HARD-eligible jobs in priority order
  std::vector<std::size_t>& position_ = lists_.position;    // job index -> position in hard_list_
  std::size_t first_waiting_ = 0;
  std::vector<std::int64_t>& bypass_diff_ = lists_.bypass_diff;
  std::vector<std::int64_t>& free_now_ = lists_.free_now;  // procs free now per node, running jobs only
  std::vector<std::size_t>& free_nodes_ = lists_.free_nodes;  // nodes free now (book_reservations)
  std::optional<std::int64_t> free_total_;
  std::int64_t usable_procs_ = 0;  // procs of the usable nodes (book_running_jobs)
  std::int64_t configured_procs_ = 0;  // procs of every node (SchedulerInput::nodes_may_return)
  bool nodes_out_now_ = false;         // nodes that may return take no work now
  // Reservations made per RESERVATIONQOSLIST group (a policy has a few groups).
  llvm::SmallVector<std::pair<std::int64_t, std::int64_t>, 4> reservations_made_;
  std::int64_t& reservations_made(std::int64_t group) {
    for (auto& [g, n] : reservations_made_)
      if (g == group) return n;
    return reservations_made_.emplace_back(group, 0).second;
  }
  std::unordered_map<std::size_t, std::string> notes_;
  std::vector<LimitViolation>& scratch_ = lists_.scratch;
  Viewer& cached_viewer_ = lists_.viewer;
  RunningLayer& layer_ = lists_.running;
  bool keeps_base_ = false;  // the running jobs stay the calendar's base for the next iteration
  bool carried_ = false;     // the calendar went back to the base the last iteration left
  std::span<const NodeTasks> nodes_of(const RunningJob& r) const {
    return std::span(layer_.nodes).subspan(r.first, r.count);
  }
  std::map<std::pair<std::size_t, ReservationId>, Resources> charged_;
  std::vector<std::size_t>& all_nodes_ = lists_.all_nodes;
  NowCapacity& now_capacity_ = lists_.now_capacity;
  bool any_shared_reservation_ = false;
  bool partitioned_ = false;  // jobs are confined to partitions (runtime/engine/partitions.h)
  bool preempting_ = false;   // starting SchedulerInput::start_first
  const PartitionLayout* partitions_ = nullptr;  // when partitioned_
};

}  // namespace

std::string wider_than_cluster(std::int64_t procs, std::int64_t usable_procs) {
  return fmt::format("needs {} procs; the cluster's usable nodes have {}", procs, usable_procs);
}

Epoch booking_horizon(const ClusterSnapshot& snapshot) {
  Seconds longest = 0;
  for (const auto& j : snapshot.jobs)
    if (j.state != JobState::Completed) longest = std::max(longest, j.walltime);
  return snapshot.now + 2 * longest + 86400;
}

IterationResult schedule_iteration(const SchedulerInput& input) {
  IterationResult out;
  Iteration(input, out).run();
  if (input.dir->has_preemptors() && !input.start_first) return preempt_for_blocked(input, std::move(out));
  return out;
}

}  // namespace maui::runtime
