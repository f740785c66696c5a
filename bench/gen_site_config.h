// A generator of a large, realistic maui.cfg for benchmarks: the configuration of a big site as
// a provisioning tool would write it (one block per user, reservations over several SRCFG lines,
// one NODECFG line per node), deterministic for a given seed.
//
// With the default options (100,000 lines) it holds:
//   - a commented header and the scalar parameters (server, resource manager, logging, priority
//     weights, fairshare, backfill, reservations, node allocation, system limits);
//   - 40 QOS (PRIORITY, QTWEIGHT / XFWEIGHT, limits, O* override limits, QFLAGS);
//   - 24 classes, 400 accounts, 500 groups;
//   - 5,000 users: a comment, then USERCFG lines (MAXJOB soft,hard, MAXPROC, idle limits,
//     FSTARGET with markers, QLIST / QDEF, PLIST / PDEF, ADEF, MAX.WCLIMIT, PRIORITY, ...), a
//     commented-out old value and the later review lines that override earlier ones;
//   - 200 standing reservations, each over several SRCFG lines (PERIOD / DAYS, STARTTIME /
//     ENDTIME, HOSTLIST ranges, ACCESS, USERLIST / GROUPLIST / CLASSLIST / QOSLIST ACLs, ...);
//   - 2,000 NODECFG lines (PARTITION, FEATURES, SPEED, PROCSPEED, CFGMEM) under rack comments;
//   - comments (whole-line and trailing) and blank lines throughout.
// The user blocks absorb the line budget: the file has exactly `lines` lines, each ending in '\n'.
// Smaller `lines` scale every count down (profiling runs).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace maui::bench {

struct SiteConfigOptions {
  std::size_t lines = 100000;
  std::uint64_t seed = 0x6d617569'63666721ULL;  // "mauicfg!"
};

// The config text; throws std::invalid_argument when `lines` is too small (< 1,000).
std::string generate_site_config(const SiteConfigOptions& options = {});

// Number of '\n'-terminated lines (plus one for a trailing line without '\n').
std::size_t count_lines(std::string_view text);

}  // namespace maui::bench
