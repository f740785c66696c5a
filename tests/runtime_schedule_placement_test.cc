// Placement: the resource calendar's answers the iteration builds on (runtime/engine/calendar.h:
// free tasks by duration, appended bookings, the running jobs' base carried between iterations,
// NODECFG MAXJOB, earliest starts over runs of nodes), the placement order
// (runtime/engine/placement_order.h) against a full sort, and the nodes a job starting now takes
// (runtime/engine/placement_now.h: NODEALLOCATIONPOLICY, node counts).
//
// Shared with the other scheduling-iteration tests: tests/schedule_fixtures.h (FCFS policies,
// kNow) and tests/schedule_support.h (one iteration, lookups in its result). Every expected start
// time below is worked out by hand in the comment next to it.
#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/engine/calendar.h"
#include "runtime/engine/placement_order.h"
#include "runtime/engine/scheduler.h"
#include "tests/runtime_support.h"
#include "tests/schedule_fixtures.h"
#include "tests/schedule_support.h"

namespace maui::runtime {
namespace {

using namespace testing;

// free_tasks_by_duration is free_tasks for every duration at once: on random calendars (nodes
// of 4 procs and 8 GB, bookings of running jobs and of reservations, some the viewer may use),
// the step it returns for d equals free_tasks(now, now + d) for every d up to past the last
// booking.
TEST(ResourceCalendarSteps, FreeTasksByDurationEqualsFreeTasksForEveryDuration) {
  std::mt19937 rng(7);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto random_user = [&] {
    return pick(0, 2) == 0 ? NodeUser{} : NodeUser{static_cast<std::uint32_t>(pick(1, 3)), pick(0, 1) == 1};
  };
  for (int round = 0; round < 200; ++round) {
    std::vector<Node> nodes;
    for (int i = 0; i < 3; ++i) {
      nodes.push_back(make_node(lines({"n", std::to_string(i)}), 4));
      nodes.back().memory_mb = 8192;
      nodes.back().max_jobs = pick(0, 3);  // NODECFG MAXJOB, 0: none
    }
    const Epoch t = kNow;
    ResourceCalendar cal(nodes, t);
    if (pick(0, 1)) cal.mark_job_reservation(0);  // a job's reservation: a job on its nodes
    for (int b = pick(0, 6); b > 0; --b) {
      const Epoch start = t + pick(-50, 60), end = start + pick(1, 80);
      const auto reservation = pick(0, 2) == 0 ? kNoReservation : static_cast<ReservationId>(pick(0, 1));
      // Running jobs' bookings, some inside reservation 0; some users' jobs SINGLEUSER.
      const auto inside = reservation == kNoReservation && pick(0, 1) ? ReservationId{0} : kNoReservation;
      cal.book(pick(0, 2),
               {start, end, Resources{pick(1, 3), pick(0, 4096), 0, 0}, reservation, inside, random_user()});
    }
    Viewer v;
    v.may_use = {pick(0, 1) == 1, false};
    v.user = random_user();
    const Resources per_task{pick(1, 2), pick(0, 1) * 2048, 0, 0};
    for (std::size_t n = 0; n < nodes.size(); ++n) {
      std::vector<std::pair<Seconds, std::int64_t>> steps;
      cal.free_tasks_by_duration(n, t, per_task, v, steps);
      ASSERT_FALSE(steps.empty());
      ASSERT_EQ(steps.front().first, 1);
      std::int64_t least = std::numeric_limits<std::int64_t>::max();  // second by second
      for (Seconds d = 1; d <= 150; ++d) {
        least = std::min(least, tasks_in(cal.free_at(n, t + d - 1, v), per_task));
        auto at = std::upper_bound(steps.begin(), steps.end(), std::pair{d, std::numeric_limits<std::int64_t>::max()});
        ASSERT_EQ(cal.free_tasks(n, t, t + d, per_task, v), least)
            << "round " << round << " node " << n << " duration " << d;
        ASSERT_EQ(std::prev(at)->second, least) << "round " << round << " node " << n << " duration " << d;
      }
      // How long a task stays free: the first second without one (bookings end by t + 140).
      Seconds free_for = 0;
      while (free_for < 150 && tasks_in(cal.free_at(n, t + free_for, v), per_task) > 0) ++free_for;
      EXPECT_EQ(cal.free_for(n, t, per_task, v), free_for == 150 ? kEndOfTime - t : free_for)
          << "round " << round << " node " << n;
    }
  }
}

// Booking many at once (append, then sort_bookings) leaves every node's bookings as booking
// them one by one does: in start order, bookings that start together in booking order, after
// those already there; empty bookings dropped.
TEST(ResourceCalendarAppend, AppendedThenSortedEqualsBookedOneByOne) {
  std::mt19937 rng(29);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int reordered = 0;
  for (int round = 0; round < 300; ++round) {
    std::vector<Node> nodes;
    for (int i = 0; i < 6; ++i) nodes.push_back(make_node(lines({"n", std::to_string(i)}), 4));
    ResourceCalendar one_by_one(nodes, kNow), appended(nodes, kNow);
    for (int b = pick(0, 4); b > 0; --b) {  // already there (an administrative reservation)
      const auto n = static_cast<std::size_t>(pick(0, 5));
      const Booking booking{kNow + pick(-5, 5), kNow + pick(0, 20), Resources{1, 0, 0, 0}, 0, kNoReservation, {}};
      one_by_one.book(n, booking);
      appended.book(n, booking);
    }
    for (int b = pick(0, 25); b > 0; --b) {
      const auto n = static_cast<std::size_t>(pick(0, 5));
      // Few distinct starts, so that many bookings start together; ids tell them apart.
      const Booking booking{kNow - pick(0, 3), kNow + pick(-1, 30),           Resources{pick(1, 2), 0, 0, 0},
                            kNoReservation,    static_cast<ReservationId>(b), {}};
      one_by_one.book(n, booking);
      appended.append(n, booking);
    }
    for (std::size_t n = 0; n < nodes.size(); ++n) {
      const auto a = appended.bookings(n);
      reordered +=
          !std::is_sorted(a.begin(), a.end(), [](const Booking& x, const Booking& y) { return x.start < y.start; });
    }
    appended.sort_bookings();
    for (std::size_t n = 0; n < nodes.size(); ++n) {
      const auto want = one_by_one.bookings(n), got = appended.bookings(n);
      ASSERT_TRUE(std::equal(want.begin(), want.end(), got.begin(), got.end())) << "round " << round << " node " << n;
    }
  }
  EXPECT_GT(reordered, 100);  // sorting had work to do
}

// The base a scheduler keeps from one iteration to the next: back_to_base() drops exactly what
// was booked after keep_as_base(), and refuses (false) when a booking went in among the base
// ones or the nodes changed; unbook() and book_in_base() change the base itself.
TEST(ResourceCalendarBase, BackToBaseDropsExactlyWhatCameAfter) {
  std::mt19937 rng(31);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto list = [](const ResourceCalendar& c, std::size_t n) {
    const auto b = c.bookings(n);
    return std::vector<Booking>(b.begin(), b.end());
  };
  int kept = 0, refused = 0;
  for (int round = 0; round < 300; ++round) {
    std::vector<Node> nodes;
    for (int i = 0; i < 5; ++i) nodes.push_back(make_node(lines({"n", std::to_string(i)}), 4));
    ResourceCalendar cal(nodes, kNow);
    EXPECT_FALSE(cal.back_to_base(nodes, kNow));  // nothing kept yet
    for (int b = pick(0, 8); b > 0; --b)
      cal.book(static_cast<std::size_t>(pick(0, 4)),
               {kNow - pick(0, 50), kNow + pick(1, 50), Resources{1, 0, 0, 0}, kNoReservation, kNoReservation, {}});
    cal.keep_as_base();
    std::vector<std::vector<Booking>> base;
    for (std::size_t n = 0; n < nodes.size(); ++n) base.push_back(list(cal, n));
    // Later bookings; now and then one that starts before a base booking on its node.
    bool among_base = false;
    for (int b = pick(0, 6); b > 0; --b) {
      const auto n = static_cast<std::size_t>(pick(0, 4));
      const Epoch start = pick(0, 9) == 0 ? kNow - pick(0, 60) : kNow + pick(0, 40);
      for (const auto& x : base[n]) among_base |= start < x.start;
      cal.book(n, {start, start + pick(1, 30), Resources{1, 0, 0, 0}, 0, kNoReservation, {}});
    }
    ASSERT_EQ(cal.back_to_base(nodes, kNow + 5), !among_base) << "round " << round;
    if (among_base) {
      ++refused;
      continue;
    }
    ++kept;
    EXPECT_EQ(cal.now(), kNow + 5);
    for (std::size_t n = 0; n < nodes.size(); ++n) ASSERT_EQ(list(cal, n), base[n]) << "round " << round;
    // The base changes: one booking leaves, one comes; going back keeps both changes.
    const auto n = static_cast<std::size_t>(pick(0, 4));
    if (!base[n].empty()) {
      const Booking gone = base[n][static_cast<std::size_t>(pick(0, static_cast<int>(base[n].size()) - 1))];
      cal.unbook(n, gone);
      base[n].erase(std::find(base[n].begin(), base[n].end(), gone));
    }
    const Booking added{kNow - pick(0, 50), kNow + pick(1, 50), Resources{2, 0, 0, 0},
                        kNoReservation,     kNoReservation,     {}};
    cal.book_in_base(n, added);
    base[n].insert(std::upper_bound(base[n].begin(), base[n].end(), added.start,
                                    [](Epoch t, const Booking& b) { return t < b.start; }),
                   added);
    cal.book(n, {kNow + 100, kNow + 200, Resources{1, 0, 0, 0}, 0, kNoReservation, {}});
    ASSERT_TRUE(cal.back_to_base(nodes, kNow + 6));
    for (std::size_t k = 0; k < nodes.size(); ++k) ASSERT_EQ(list(cal, k), base[k]) << "round " << round;
    // Other nodes: no going back.
    std::vector<Node> changed = nodes;
    switch (round % 4) {
      case 0: changed[static_cast<std::size_t>(pick(0, 4))].procs = 8; break;
      case 1: changed[static_cast<std::size_t>(pick(0, 4))].memory_mb = 1024; break;
      case 2: changed[static_cast<std::size_t>(pick(0, 4))].state = NodeState::Down; break;
      case 3: changed.pop_back(); break;
    }
    EXPECT_FALSE(cal.back_to_base(changed, kNow + 7)) << "round " << round;
    EXPECT_FALSE(cal.back_to_base(nodes, kNow + 7)) << "round " << round;  // until kept again
  }
  EXPECT_GT(kept, 100);
  EXPECT_GT(refused, 15);
}

// earliest_start at the base answers as a search on a calendar built afresh with the same
// bookings: through base changes (unbook, book_in_base), bookings beyond the base, going back to
// it at later times, and questions asked again (the answer it remembers) or changed.
TEST(ResourceCalendarBase, EarliestStartAtTheBaseEqualsAFreshSearch) {
  std::mt19937 rng(37);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  // Jobs of users 1 to 3, some SINGLEUSER (NodeUser); the question asked for one of them.
  auto random_user = [&] { return NodeUser{static_cast<std::uint32_t>(pick(1, 3)), pick(0, 2) == 0}; };
  auto asking = [&] {
    Viewer v;
    v.user = random_user();
    return v;
  };
  std::vector<Node> nodes;
  for (int i = 0; i < 6; ++i) nodes.push_back(make_node(lines({"n", std::to_string(i)}), 2));
  const std::vector<std::size_t> all{0, 1, 2, 3, 4, 5};
  int asked_again = 0, questions = 0;
  for (int round = 0; round < 200; ++round) {
    ResourceCalendar cal(nodes, kNow);
    Epoch now = kNow;
    auto running = [&] {
      const Epoch start = now - pick(0, 50);
      return Booking{start,          now + pick(1, 80), Resources{pick(1, 2), 0, 0, 0},
                     kNoReservation, kNoReservation,    random_user()};
    };
    for (int b = pick(0, 6); b > 0; --b) cal.book(static_cast<std::size_t>(pick(0, 5)), running());
    cal.keep_as_base();
    struct Question {
      std::int64_t tasks;
      Seconds walltime;
      Viewer viewer;
    } q{pick(1, 12), pick(1, 100), asking()};
    for (int step = 0; step < 30; ++step) {
      now += pick(0, 3) == 0 ? 0 : pick(1, 20);
      ASSERT_TRUE(cal.back_to_base(nodes, now)) << "round " << round << " step " << step;
      switch (pick(0, 5)) {
        case 0: {  // a running job ends
          const auto n = static_cast<std::size_t>(pick(0, 5));
          const auto b = cal.bookings(n);
          if (!b.empty()) cal.unbook(n, b[static_cast<std::size_t>(pick(0, static_cast<int>(b.size()) - 1))]);
          break;
        }
        case 1: cal.book_in_base(static_cast<std::size_t>(pick(0, 5)), running()); break;  // one starts
        case 2: q = {pick(1, 12), pick(1, 100), asking()}; break;                          // another question
        case 3: q.viewer = asking(); break;  // the same, maybe by another user
        default: break;                      // time passes
      }
      for (int again = pick(1, 2); again > 0; --again) {  // the same question once or twice
        ResourceCalendar fresh(nodes, now);
        for (std::size_t n = 0; n < nodes.size(); ++n)
          for (const auto& b : cal.bookings(n)) fresh.book(n, b);
        const auto want = fresh.earliest_start(all, Resources{1, 0, 0, 0}, q.tasks, q.walltime, 0, q.viewer, now);
        const auto got = cal.earliest_start(all, Resources{1, 0, 0, 0}, q.tasks, q.walltime, 0, q.viewer, now);
        ++questions, asked_again += again == 1;
        ASSERT_EQ(got.has_value(), want.has_value()) << "round " << round << " step " << step;
        if (!want) continue;
        ASSERT_EQ(got->start, want->start) << "round " << round << " step " << step;
        ASSERT_EQ(got->offer, want->offer) << "round " << round << " step " << step;
      }
      // A booking beyond the base (a reservation), asked about too, gone at the next step.
      if (pick(0, 1)) {
        cal.book(static_cast<std::size_t>(pick(0, 5)),
                 {now + pick(0, 40), now + pick(41, 90), Resources{2, 0, 0, 0}, 0, kNoReservation, {}});
        ResourceCalendar fresh(nodes, now);
        for (std::size_t n = 0; n < nodes.size(); ++n)
          for (const auto& b : cal.bookings(n)) fresh.book(n, b);
        const auto want = fresh.earliest_start(all, Resources{1, 0, 0, 0}, q.tasks, q.walltime, 0, q.viewer, now);
        const auto got = cal.earliest_start(all, Resources{1, 0, 0, 0}, q.tasks, q.walltime, 0, q.viewer, now);
        ASSERT_EQ(got.has_value(), want.has_value()) << "round " << round << " step " << step;
        if (want) {
          ASSERT_EQ(got->start, want->start) << "round " << round << " step " << step;
        }
      }
    }
  }
  EXPECT_GT(questions, 5000);
  EXPECT_GT(asked_again, 1000);
}

// NODECFG MAXJOB in the calendar: n0 (4 procs, at most 2 jobs) runs two 1-proc jobs, until +50
// and +80; n1 (1 proc, no limit) is busy until +30. One more 1-proc task finds n0's free procs
// only when a job ends: n1 first, at +30; with n1 busy longer, n0 at +50. Another job's
// reservation counts as a job; the asking job's own does not.
TEST(ResourceCalendarJobLimit, AJobWaitsForAJobToEndNotForProcs) {
  std::vector<Node> nodes{make_node("n0", 4), make_node("n1", 1)};
  nodes[0].max_jobs = 2;
  const Epoch t = kNow;
  const Resources one{1, 0, 0, 0};
  auto running = [](Epoch from, Epoch to) {
    return Booking{from, to, Resources{1, 0, 0, 0}, kNoReservation, kNoReservation, {}};
  };
  const std::vector<std::size_t> all{0, 1};
  Viewer v;
  {
    ResourceCalendar cal(nodes, t);
    cal.book(0, running(t - 10, t + 50));
    cal.book(0, running(t - 10, t + 80));
    cal.book(1, running(t - 10, t + 30));
    EXPECT_EQ(cal.free_tasks(0, t, t + 1, one, v), 0);
    EXPECT_EQ(cal.earliest_start(all, one, 1, 10, 0, v, t)->start, t + 30);
    cal.book(1, running(t + 30, t + 100));
    EXPECT_EQ(cal.earliest_start(all, one, 1, 10, 0, v, t)->start, t + 50);
    EXPECT_EQ(cal.free_tasks(0, t + 50, t + 60, one, v), 3);  // one job left: its 3 free procs
  }
  // One job runs on n0 until +50; job reservation 0 holds 1 proc of n0 from +20 to +90. From +20
  // to +50 n0 holds two jobs for anyone but the reserved job itself: a 30 s task fits at +50.
  ResourceCalendar cal(nodes, t);
  cal.mark_job_reservation(0);
  cal.book(0, running(t - 10, t + 50));
  cal.book(0, Booking{t + 20, t + 90, one, 0, kNoReservation, {}});
  cal.book(1, running(t - 10, t + 200));
  EXPECT_EQ(cal.free_tasks(0, t, t + 10, one, v), 3);
  EXPECT_EQ(cal.free_tasks(0, t, t + 30, one, v), 0);
  EXPECT_EQ(cal.earliest_start(all, one, 1, 30, 0, v, t)->start, t + 50);
  Viewer reserved;
  reserved.may_use = {1};
  EXPECT_EQ(cal.free_tasks(0, t, t + 30, one, reserved), 3);
}

// earliest_start asks once per run of neighbouring nodes with the same calendar: on calendars
// where runs of nodes hold the same bookings (and some differ by one booking), its answer must
// be the brute-force one: the first second at which the nodes' offers for the whole walltime add
// up to the job, and every node's offer then (a down node offers nothing, even amid a run). An
// offer marked as on the same calendar as the one before it must be (callers then ask once for
// both).
TEST(ResourceCalendarRuns, EarliestStartEqualsTheBruteForceAnswer) {
  int marked = 0;
  std::mt19937 rng(11);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto random_user = [&] {
    return pick(0, 2) == 0 ? NodeUser{} : NodeUser{static_cast<std::uint32_t>(pick(1, 3)), pick(0, 1) == 1};
  };
  for (int round = 0; round < 300; ++round) {
    std::vector<Node> nodes;
    // Identical nodes on some calendars: long runs, which a down node must cut.
    const bool identical = pick(0, 2) == 0;
    for (int i = 0; i < 8; ++i)
      nodes.push_back(make_node(lines({"n", std::to_string(i)}), identical || pick(1, 2) == 1 ? 2 : 4,
                                !identical && pick(0, 1) ? 4096 : 0));
    if (pick(0, 3) == 0) nodes[static_cast<std::size_t>(pick(0, 7))].state = NodeState::Down;
    if (pick(0, 2) == 0)
      for (auto& n : nodes) n.max_jobs = identical ? 2 : pick(0, 3);  // NODECFG MAXJOB, 0: none
    const Epoch t = kNow;
    ResourceCalendar cal(nodes, t);
    if (pick(0, 1)) cal.mark_job_reservation(0);
    // A booking on a run of nodes, like a job's; many of them on some calendars (conservative
    // backfill books a reservation per waiting job), some asking memory as well as procs.
    for (int b = pick(0, 3) == 0 ? pick(6, 20) : pick(0, 5); b > 0; --b) {
      const Epoch start = t + pick(-50, 100), end = start + pick(1, 100);
      const auto reservation = pick(0, 2) == 0 ? static_cast<ReservationId>(0) : kNoReservation;
      const int first = pick(0, 7), last = pick(first, 7);
      const NodeUser user = random_user();  // one job's
      for (int n = first; n <= last; ++n)
        cal.book(static_cast<std::size_t>(n), {start, end, Resources{pick(1, 2) == 1 ? 1 : 2, pick(0, 2) * 1024, 0, 0},
                                               reservation, kNoReservation, user});
    }
    Viewer v;
    v.may_use = {pick(0, 1) == 1};
    v.user = random_user();
    const Resources per_task{pick(1, 2), pick(0, 1) * 1024, 0, 0};
    const std::int64_t tasks = pick(1, 12), cap = pick(0, 2);
    const Seconds w = pick(1, 60);
    std::vector<std::size_t> candidates(nodes.size());
    std::iota(candidates.begin(), candidates.end(), 0);
    auto got = cal.earliest_start(candidates, per_task, tasks, w, cap, v, t);
    std::optional<ResourceCalendar::Opening> want;
    for (Epoch s = t; s <= t + 300 && !want; ++s) {
      ResourceCalendar::Opening o{s, {}, {}};
      std::int64_t total = 0;
      for (std::size_t n : candidates)
        if (const std::int64_t k = tasks_offered(cal.free_tasks(n, s, s + w, per_task, v), cap); k > 0) {
          o.offer.push_back({n, k});
          total += k;
        }
      if (total >= tasks) want = o;
    }
    ASSERT_EQ(got.has_value(), want.has_value()) << "round " << round;
    if (!got) continue;
    EXPECT_EQ(got->start, want->start) << "round " << round;
    EXPECT_EQ(got->offer, want->offer) << "round " << round;
    ASSERT_EQ(got->same_as_previous.size(), got->offer.size()) << "round " << round;
    for (std::size_t k = 0; k < got->offer.size(); ++k) {
      if (!got->same_as_previous[k]) continue;
      ASSERT_GT(k, 0u) << "round " << round;
      EXPECT_TRUE(cal.same_calendar(got->offer[k - 1].node, got->offer[k].node)) << "round " << round << " offer " << k;
      ++marked;
    }
  }
  EXPECT_GT(marked, 30);  // neighbouring nodes with the same bookings are marked
}

// take_front takes what a job takes, in key order: on random offers (few or many distinct
// prefixes, allocation keys increasing along the offers or not, as node order gives them or
// not) it takes the shortest prefix of a full sort that holds the job's tasks, the last offer
// cut to the tasks left.
TEST(PlacementOrder, TakeFrontEqualsTheTakenPrefixOfAFullSort) {
  std::mt19937 rng(5);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int shortened = 0;
  PlacementScratch scratch;  // reused from round to round, as the scheduler does
  for (int round = 0; round < 2000; ++round) {
    const int n = pick(0, 60), prefixes = pick(1, 24);
    const bool increasing = pick(0, 3) != 0;
    std::vector<Offer> offers;
    for (int k = 0; k < n; ++k) {
      const int p = pick(0, prefixes - 1);
      const std::int64_t alloc = increasing ? k : pick(0, 1000) * 100 + k;  // distinct either way
      offers.push_back({{static_cast<std::size_t>(k), pick(1, 3)}, {p % 4, p / 4, pick(0, 1), alloc, 0, k}});
    }
    std::vector<Offer> want = offers;
    std::sort(want.begin(), want.end(), [](const Offer& a, const Offer& b) { return a.key < b.key; });
    const std::int64_t tasks = pick(0, 2 * n + 2);
    std::int64_t left = tasks;
    std::vector<NodeTasks> taken;  // node k is offer k's, so the nodes show the order
    for (std::size_t k = 0; k < want.size() && left > 0; ++k) {
      taken.push_back({want[k].nt.node, std::min(want[k].nt.tasks, left)});
      left -= taken.back().tasks;
    }
    ASSERT_EQ(take_front(offers, tasks, scratch), taken) << "round " << round;
    shortened += taken.size() < want.size();
  }
  EXPECT_GT(shortened, 500);  // most rounds leave offers behind
}

// take_front_of_runs takes what take_front takes of the offers the runs stand for: on random
// runs of consecutive nodes (each run one place, few or many distinct places), with
// FIRSTAVAILABLE keys (the node index) and MINRESOURCE keys (the run's procs and memory, then
// the index), in node order or shuffled.
TEST(PlacementOrder, TakeFrontOfRunsEqualsTakeFrontOfTheirOffers) {
  std::mt19937 rng(11);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int cut = 0, multi_run = 0, in_order = 0;
  PlacementScratch scratch;
  for (int round = 0; round < 2000; ++round) {
    const bool min_resource = pick(0, 1);
    const int places = pick(1, 6);
    std::vector<OfferRun> runs;
    std::vector<Offer> offers;
    std::size_t node = static_cast<std::size_t>(pick(0, 3));
    for (int r = pick(0, 12); r > 0; --r) {
      const std::int64_t count = pick(1, 8), tasks = pick(1, 3), procs = pick(1, 3), mem = pick(0, 1) * 1024;
      const int place = pick(0, places - 1);
      auto key = [&](std::size_t n) -> std::array<std::int64_t, 6> {
        const auto i = static_cast<std::int64_t>(n);
        if (min_resource) return {place % 2, place / 2, 0, procs, mem, i};
        return {place % 2, place / 2, 0, i, 0, 0};
      };
      runs.push_back({node, count, tasks, key(node)});
      for (std::int64_t k = 0; k < count; ++k) {
        const std::size_t n = node + static_cast<std::size_t>(k);
        offers.push_back({{n, tasks}, key(n)});
      }
      node += static_cast<std::size_t>(count + pick(0, 2));  // a gap: a node that offers nothing
    }
    const bool shuffled = pick(0, 1);
    if (shuffled) std::shuffle(runs.begin(), runs.end(), rng);
    std::int64_t total = 0;
    for (const auto& o : offers) total += o.nt.tasks;
    const std::int64_t tasks = pick(0, static_cast<int>(total) + 2);
    const auto want = take_front(offers, tasks, scratch);
    ASSERT_EQ(take_front_of_runs(runs, tasks), want) << "round " << round;
    cut += tasks < total;
    multi_run += runs.size() > 3;
    in_order += !shuffled && !min_resource && runs.size() > 3;
  }
  EXPECT_GT(cut, 1000);
  EXPECT_GT(multi_run, 1000);
  EXPECT_GT(in_order, 300);
}

// A run of nodes 3 and 4 grows by node 5 only: not by 7 (a gap), not by 4 again; no run, no growth.
TEST(PlacementOrder, ARunGrowsOnlyByItsNextNode) {
  std::vector<OfferRun> runs;
  EXPECT_FALSE(extends_last_run(runs, 0));
  runs.push_back({3, 2, 1, {}});
  EXPECT_FALSE(extends_last_run(runs, 7));
  EXPECT_FALSE(extends_last_run(runs, 4));
  EXPECT_TRUE(extends_last_run(runs, 5));
  EXPECT_EQ(runs.back().count, 3);
  EXPECT_TRUE(extends_last_run(runs, 6));
  EXPECT_EQ(runs.back().count, 4);
}

// ---------------------------------------------------------------------------------------------
// Shape (beyond the numbered cases): the nodes a job starting now takes, and a job that asks
// for a node count.

// NODEALLOCATIONPOLICY on three idle nodes n1 (8 procs), n2 (2), n3 (4): every node stays free
// for ever, so best fit in time ties and the policy decides a 1-proc job's node: the first
// (n1), the last (n3), or the one with the fewest resources (n2).
TEST(JobShape, NodeAllocationPolicyPicksTheNode) {
  for (auto [allocation, node] : {std::pair<std::string_view, std::string_view>{"FIRSTAVAILABLE", "n1:1"},
                                  {"LASTAVAILABLE", "n3:1"},
                                  {"MINRESOURCE", "n2:1"}}) {
    SCOPED_TRACE(allocation);
    TestPolicy p = fcfs(lines({"NODEALLOCATIONPOLICY ", allocation, "\n"}));
    ClusterSnapshot snap =
        snapshot_of(kNow, {make_node("n1", 8), make_node("n2", 2), make_node("n3", 4)}, {J("j").submit(kNow)});
    IterationResult r = iterate(p, snap);
    const StartDecision* j = start_of(r, snap, "j");
    ASSERT_NE(j, nullptr);
    EXPECT_EQ(placed(snap, j->nodes), Strings{std::string(node)});
  }
}

// On identical idle nodes (one run of the same calendar) a 2-task job takes the first two nodes,
// or the last two with LASTAVAILABLE, whatever the runs the placement forms.
TEST(JobShape, IdenticalNodesAreTakenInAllocationOrder) {
  for (auto [allocation, nodes] : {std::pair<std::string_view, Strings>{"FIRSTAVAILABLE", {"n1:1", "n2:1"}},
                                   {"LASTAVAILABLE", {"n3:1", "n4:1"}},
                                   {"MINRESOURCE", {"n1:1", "n2:1"}},
                                   {"CPULOAD", {"n1:1", "n2:1"}}}) {
    SCOPED_TRACE(allocation);
    TestPolicy p = fcfs(lines({"NODEALLOCATIONPOLICY ", allocation, "\n"}));
    ClusterSnapshot snap =
        snapshot_of(kNow, {make_node("n1", 1), make_node("n2", 1), make_node("n3", 1), make_node("n4", 1)},
                    {J("j").tasks(2).submit(kNow)});
    IterationResult r = iterate(p, snap);
    const StartDecision* j = start_of(r, snap, "j");
    ASSERT_NE(j, nullptr);
    EXPECT_EQ(placed(snap, j->nodes), nodes);
  }
}

// TASKS=4 NODES=2: two nodes with two tasks each (docs/jobs-json.md: `nodes` is the requested
// node count). n1 has 3 free procs, n2 4, n3 1: the job fits as n1:2 + n2:2; n3's single proc
// cannot hold two tasks and must not be used.
TEST(JobShape, NodeCountIsHonoured) {
  TestPolicy p = fcfs("");
  ClusterSnapshot snap = snapshot_of(
      kNow, {make_node("n1", 4), make_node("n2", 4), make_node("n3", 4)},
      {running_on(J("R1").walltime(10 * kHour), kNow - kHour, {"n1"}),
       running_on(J("R3").tasks(3).walltime(10 * kHour), kNow - kHour, {"n3"}), J("j").tasks(4).nodes(2).submit(kNow)});
  IterationResult r = iterate(p, snap);
  const StartDecision* s = start_of(r, snap, "j");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(placed(snap, s->nodes), (Strings{"n1:2", "n2:2"}));
}

}  // namespace
}  // namespace maui::runtime
