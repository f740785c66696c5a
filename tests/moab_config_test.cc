// A Moab config (checker/moab_config.h): recognised by its file name or a Moab-only family, read
// as Maui 3.3.1 would read it, its Moab constructs told once (moab-config) instead of one
// moab-only finding each; a Maui config keeps its moab-only findings.
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "checker/pipeline.h"
#include "checker/report.h"

namespace {

using Strings = std::vector<std::string>;

// "line rule" per finding, and "  note line" per note.
Strings findings(const std::string& name, const std::string& text) {
  auto c = maui::checker::check_text(name, text);
  Strings out;
  for (const auto& d : maui::checker::resolve(*c)) {
    out.push_back(fmt::format("{} {}", d.line, d.rule));
    for (const auto& n : d.notes) out.push_back(fmt::format("  note {}", n.line));
  }
  return out;
}

const std::string kMoabLines = "SERVERHOST head\nUSEDATABASE INTERNAL\nRMPOLLINTERVAL 00:00:15,00:01:00\n";

TEST(MoabConfig, AMauiConfigKeepsAFindingPerMoabConstruct) {
  EXPECT_EQ(findings("maui.cfg", kMoabLines), (Strings{"2 moab-only", "3 moab-only"}));
}

TEST(MoabConfig, ItsFileNameMakesItMoabs) {
  EXPECT_EQ(findings("etc/Moab.cfg", kMoabLines), (Strings{"2 moab-config", "  note 2", "  note 3"}));
  // Nothing only Moab reads: still said once, about the file.
  EXPECT_EQ(findings("moab.cfg", "SERVERHOST head\nRESERVATIONDEPTH 2\n"), (Strings{"0 moab-config"}));
}

TEST(MoabConfig, AMoabFamilyMakesItMoabs) {
  auto c = maui::checker::check_text(
      "site.cfg",
      "SERVERHOST head\nRESERVATIONDEPTH 2\nSCHEDCFG[Moab] MODE=NORMAL\nUSEDATABASE INTERNAL\n"
      "RMPOLLINTERVAL 00:00:15,00:01:00\n");
  auto d = maui::checker::resolve(*c);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].rule, "moab-config");
  EXPECT_EQ(d[0].line, 3u);
  EXPECT_EQ(d[0].message,
            "this is a Moab config (SCHEDCFG on line 3): mauic reads it as Maui 3.3.1 would read it; Moab "
            "reads the 3 lines below differently (Maui 3.3.1 ignores them)");
  ASSERT_EQ(d[0].notes.size(), 3u);
  EXPECT_EQ(d[0].notes[2].message,
            "'00:00:15,00:01:00' is Moab's MIN,MAX form of a time: Maui 3.3.1 reads a single [[[DD:]HH:]MM:]SS and "
            "ignores this value; write one time");
}

TEST(MoabConfig, SuppressedLinesAreNoNotesAndTheSummaryCanBeSuppressed) {
  EXPECT_EQ(findings("moab.cfg",
                     "SERVERHOST head\nUSEDATABASE INTERNAL  # mauic: ignore=moab-only\n"
                     "CLIENTUIPORT 41560\n"),
            (Strings{"3 moab-config", "  note 3"}));
  EXPECT_EQ(findings("moab.cfg", "SERVERHOST head\nUSEDATABASE INTERNAL  # mauic: ignore=moab-config\n"), Strings{});
}

}  // namespace
