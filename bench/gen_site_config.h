// A generator of large, realistic maui.cfg files for benchmarks, in several shapes: how sites
// write big configs differs, and the front end must be fast on each (a speed tuned to one shape
// says nothing about the next site). Deterministic for a given shape, size and seed; the file has
// exactly `lines` lines, each ending in '\n'; smaller `lines` scale every count down.
//
// SiteShape::Provisioned (the default, 100,000 lines) is a big site's config as a provisioning
// tool writes it (one block per user, reservations over several SRCFG lines, one NODECFG line
// per node):
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
// The user blocks absorb the line budget. The other shapes are described at SiteShape.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace maui::bench {

enum class SiteShape : std::uint8_t {
  Provisioned,  // above
  // 5,000 users written one attribute a line (QDEF, QLIST, FSTARGET, PRIORITY, MAXJOB, MAXPROC),
  // 40 QOS, and floating standing reservations (TASKCOUNT, RESOURCES=PROCS:n;MEM:m, PERIOD,
  // times, ACLs over four lines each) filling the rest: a site whose tool writes attribute by
  // attribute and reserves by resources, not hosts.
  AttributeLines,
  // Every credential on one long line with all its attributes (QDEF, QLIST, FSTARGET, PRIORITY,
  // MAXJOB, MAXPROC, MAX.WCLIMIT): about 95,000 users, with groups and accounts the same way.
  OneLine,
  // A large cluster: a NODECFG line per node (RESOURCES=PROCS:n;MEM:m, FEATURES, PARTITION,
  // MAXJOB) for most of the file, standing reservations by HOSTLIST regex, few credentials.
  Nodes,
  // 5,000 users on one line each (QDEF, QLIST, FSTARGET, PRIORITY, MAXJOB, MAXPROC), then
  // standing reservations for the rest, each on one or two lines (TASKCOUNT, RESOURCES, PERIOD,
  // DAYS, times, ACLs, FLAGS): a site that reserves for projects by the thousand.
  Reservations,
};
inline constexpr SiteShape kSiteShapes[] = {SiteShape::Provisioned, SiteShape::AttributeLines, SiteShape::OneLine,
                                            SiteShape::Nodes, SiteShape::Reservations};
// "provisioned", "attribute-lines", "one-line", "nodes", "reservations"
std::string_view to_string(SiteShape shape);

struct SiteConfigOptions {
  std::size_t lines = 100000;
  std::uint64_t seed = 0x6d617569'63666721ULL;  // "mauicfg!"
  SiteShape shape = SiteShape::Provisioned;
};

// The config text; throws std::invalid_argument when `lines` is too small (< 1,000).
std::string generate_site_config(const SiteConfigOptions& options = {});

// Number of '\n'-terminated lines (plus one for a trailing line without '\n').
std::size_t count_lines(std::string_view text);

}  // namespace maui::bench
