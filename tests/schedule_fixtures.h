// The common ground of the scheduling-iteration tests, one file per engine unit they exercise
// (tests/runtime_schedule_{priority,backfill,placement,reservations,properties,simulator}_test.cc):
// FCFS policies, the clock most cases run at, node names. Apart from tests/schedule_support.h,
// which other tests include too, because some of them have a kNow of their own.
//
// Times are epochs; kMonday (tests/schedule_support.h) is Monday 1996-09-23 00:00 UTC, so
// "Tue 10:00" is kMonday + 1 day + 10 h. Job priorities come from queue time only
// (QUEUETIMEWEIGHT 1, JOBPRIOACCRUALPOLICY ALWAYS): an earlier submission ranks first.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "tests/runtime_support.h"
#include "tests/schedule_support.h"

namespace maui::runtime::testing {

using Strings = std::vector<std::string>;

// FCFS priority (queue time only) and no fairshare; `extra` adds the lines under test.
inline TestPolicy fcfs(std::string_view extra) {
  return compile_policy(
      lines({"QUEUETIMEWEIGHT 1\nXFACTORWEIGHT 0\nFSPOLICY NONE\nJOBPRIOACCRUALPOLICY ALWAYS\n", extra}));
}

// Monday noon: the seed's "now" (8.2.1), and most cases'.
inline constexpr Epoch kNow = kMonday + 12 * kHour;

// "lm07", "node12": a prefix and a two-digit number.
// (Padded by concatenation: GCC 12 at -O3 takes an inlined std::string::insert here for an
// overlapping memcpy, -Wrestrict.)
inline std::string numbered(std::string_view prefix, int i) {
  const std::string n = std::to_string(i);
  return lines({prefix, n.size() < 2 ? "0" : "", n});
}

}  // namespace maui::runtime::testing
