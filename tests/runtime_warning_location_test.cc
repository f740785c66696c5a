// The engine's warnings are located problems (schemas/problem.h): one about a setting the engine
// cannot honour is at the config line that writes it, one about the snapshot at no line; and the
// tools' text is to_text's. The expected lines are counted in the config text the test writes.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "tests/schedule_support.h"

namespace maui::runtime::testing {
namespace {

// The file line of the first line of `text` holding `needle`: compile_policy puts SERVERHOST on
// line 1, before the text.
std::int64_t line_of(std::string_view text, std::string_view needle) {
  const auto at = text.find(needle);
  EXPECT_NE(at, std::string_view::npos) << needle;
  return 2 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n');
}

// The warning whose message starts with `start` (a failure when none does).
Problem warning_starting(const std::vector<Problem>& warnings, std::string_view start) {
  for (const auto& w : warnings)
    if (w.message.rfind(start, 0) == 0) return w;
  ADD_FAILURE() << "no warning starts with " << start;
  return {};
}

constexpr std::string_view kConfig =
    "RMPOLLINTERVAL 00:01:00\n"
    "NODEALLOCATIONPOLICY CONTIGUOUS\n"
    "SRCFG[r] HOSTLIST=node01,node99\n"
    "SRCFG[r] PERIOD=INFINITY\n"
    "\n"
    "BACKFILLPOLICY BESTTIMEFIT\n"
    "SRCFG[r] FLAGS=BYNAME\n"
    "QOSCFG[hi] QFLAGS=PREEMPTSPV\n";

TEST(WarningLocation, EngineWarningsAreAtTheirConfigLines) {
  TestPolicy p = compile_policy(kConfig);
  const ClusterSnapshot snap =
      snapshot_of(kMonday, {make_node("node01", 4), make_node("node02", 4)}, {J("a").tasks(2).submit(kMonday)});
  const IterationResult r = iterate(p, snap);

  const struct {
    std::string_view message, line;
  } expected[] = {
      {"BACKFILLPOLICY BESTTIMEFIT is not implemented", "BACKFILLPOLICY"},
      {"NODEALLOCATIONPOLICY CONTIGUOUS is not implemented", "NODEALLOCATIONPOLICY"},
      {"SRCFG[r] HOSTLIST: no node named node99", "HOSTLIST"},
      {"SRCFG[r] FLAGS=BYNAME: ignored", "FLAGS=BYNAME"},
      {"QOSCFG[hi] QFLAGS=PREEMPTSPV: ignored", "QFLAGS"},
  };
  for (const auto& e : expected) {
    const Problem w = warning_starting(r.warnings, e.message);
    EXPECT_EQ(w.file, "t.cfg") << to_text(w);
    EXPECT_EQ(w.line, line_of(kConfig, e.line)) << to_text(w);
    EXPECT_GT(w.column, 0) << to_text(w);
    EXPECT_EQ(w.severity, Severity::Warning) << to_text(w);
    // What the tools print: the location, then the message as it was.
    const std::string prefix = "t.cfg:" + std::to_string(w.line) + ":";
    EXPECT_EQ(to_text(w).rfind(prefix, 0), 0u) << to_text(w);
    EXPECT_NE(to_text(w).find(": warning: " + std::string(e.message)), std::string::npos) << to_text(w);
  }
  EXPECT_EQ(r.warnings.size(), std::size(expected)) << ::testing::PrintToString(r.warnings);
  // Sorted, each once: in the config's order of lines.
  EXPECT_TRUE(std::is_sorted(r.warnings.begin(), r.warnings.end()));
  EXPECT_EQ(std::adjacent_find(r.warnings.begin(), r.warnings.end()), r.warnings.end());
  EXPECT_EQ(r.warnings.front().message.rfind("NODEALLOCATIONPOLICY", 0), 0u);
}

// A running job the engine cannot book concerns the snapshot, not a config line: no location,
// and the tools print it as before ("warning: ...").
TEST(WarningLocation, SnapshotWarningsHaveNoLine) {
  TestPolicy p = compile_policy("RMPOLLINTERVAL 00:01:00\n");
  const ClusterSnapshot snap =
      snapshot_of(kMonday, {make_node("node01", 4)}, {running_on(J("r").tasks(1), kMonday - kHour, {"node07"})});
  const IterationResult r = iterate(p, snap);
  ASSERT_EQ(r.warnings.size(), 1u) << ::testing::PrintToString(r.warnings);
  EXPECT_EQ(r.warnings[0].file, "");
  EXPECT_EQ(r.warnings[0].line, 0);
  EXPECT_EQ(to_text(r.warnings[0]), "warning: running job r runs on node07, which is not a node of the cluster");
}

}  // namespace
}  // namespace maui::runtime::testing
