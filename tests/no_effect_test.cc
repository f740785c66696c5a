// The no-effect lint rule (checker/checks/no_effect.cc): priority settings the admin wrote that
// change no job's priority, each reported once where it is configured, and nothing when the
// setting does act (docs/semantics.md 94).
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "checker/pipeline.h"
#include "checker/report.h"

namespace {

using Strings = std::vector<std::string>;

// "line: message" of the no-effect findings, with "  note line: message" for their notes.
Strings no_effect(const std::string& body) {
  auto c = maui::checker::check_text("t.cfg", "SERVERHOST head\n" + body);
  Strings out;
  for (const auto& d : maui::checker::resolve(*c)) {
    if (d.rule != "no-effect") continue;
    out.push_back(fmt::format("{}: {}", d.line, d.message));
    for (const auto& n : d.notes) out.push_back(fmt::format("  note {}: {}", n.line, n.message));
  }
  return out;
}

TEST(NoEffect, FairshareWithoutAnyTargetIsReportedAtFsPolicy) {
  const std::string fairshare = "FSPOLICY DEDICATEDPS\nFSDEPTH 7\nFSINTERVAL 24:00:00\nFSWEIGHT 100\nFSUSERWEIGHT 10\n";
  EXPECT_EQ(
      no_effect(fairshare),
      (Strings{"2: fairshare is on, but no credential has an FSTARGET (nor USERCFG[DEFAULT] ...): every job's "
               "fairshare factor is 0 and the fairshare settings change no priority; give the credentials FSTARGETs",
               "  note 5: FSWEIGHT 100 is set here", "  note 6: FSUSERWEIGHT 10 is set here"}));
  // A DEFAULT target steers every user: the same lines then act.
  EXPECT_EQ(no_effect(fairshare + "USERCFG[DEFAULT] FSTARGET=10\n"), Strings{});
  // Only a cap: it limits eligibility, but the weights still change no priority.
  EXPECT_EQ(no_effect(fairshare + "USERCFG[john] FSTARGET=10^\n"),
            (Strings{"5: fairshare is on, but its only FSTARGET values are caps (^ %), which limit eligibility: every "
                     "job's fairshare factor is 0 and the fairshare weights change no priority",
                     "  note 6: FSUSERWEIGHT 10 is set here"}));
  EXPECT_EQ(no_effect("FSPOLICY DEDICATEDPS\nFSDEPTH 7\nFSINTERVAL 24:00:00\nUSERCFG[john] FSTARGET=10^\n"), Strings{});
}

TEST(NoEffect, FairshareTurnedOffNamesEverythingItSilences) {
  EXPECT_EQ(no_effect("FSWEIGHT 100\nFSUSERWEIGHT 10\nUSERCFG[ann] FSTARGET=20\n"),
            (Strings{"2: fairshare is off (FSPOLICY is not set): FSWEIGHT 100, FSUSERWEIGHT 10 and the FSTARGET values "
                     "change no job's priority; set FSPOLICY (e.g. DEDICATEDPS) to use fairshare",
                     "  note 3: FSUSERWEIGHT 10 is set here", "  note 4: the first FSTARGET is here"}));
}

TEST(NoEffect, TargetsAndWeightsOfDifferentKinds) {
  const std::string on = "FSPOLICY DEDICATEDPS\nFSDEPTH 7\nFSINTERVAL 24:00:00\nFSWEIGHT 1\n";
  EXPECT_EQ(
      no_effect(on + "FSUSERWEIGHT 10\nFSGROUPWEIGHT 5\nUSERCFG[DEFAULT] FSTARGET=10\nACCOUNTCFG[chem] FSTARGET=30\n"),
      (Strings{"7: FSGROUPWEIGHT 5 has no effect: no group has an FSTARGET (nor GROUPCFG[DEFAULT])",
               "9: the account FSTARGET values (this one of account chem) have no effect on priority: "
               "FSACCOUNTWEIGHT is 0 (not set); set FSACCOUNTWEIGHT"}));
}

TEST(NoEffect, WeightsUnderAZeroWeightAndComponentsWithoutWeights) {
  EXPECT_EQ(no_effect("RESWEIGHT 0\nPROCWEIGHT 10\nMEMWEIGHT 0\n"),
            (Strings{"3: PROCWEIGHT 10 has no effect: its component weight RESWEIGHT is 0",
                     "  note 2: RESWEIGHT is set to 0 here"}));
  EXPECT_EQ(no_effect("RESWEIGHT 5\n"),
            (Strings{"2: RESWEIGHT 5 has no effect: every weight of its component is 0 (NODEWEIGHT, PROCWEIGHT, "
                     "MEMWEIGHT, SWAPWEIGHT, DISKWEIGHT, PSWEIGHT, PEWEIGHT and WALLTIMEWEIGHT)"}));
  // SERVICEWEIGHT with QUEUETIMEWEIGHT 0 still acts through a QOS's QTWEIGHT.
  EXPECT_EQ(no_effect("SERVICEWEIGHT 2\nQUEUETIMEWEIGHT 0\nQOSCFG[fast] QTWEIGHT=5\n"), Strings{});
  // Unwritten component weights are compat-component-weight-default's (Maui 3.3.1 differs there).
  EXPECT_EQ(no_effect("PROCWEIGHT 10\n"), Strings{});
}

TEST(NoEffect, CredentialPrioritiesWithoutTheirWeight) {
  EXPECT_EQ(no_effect("QOSCFG[high] PRIORITY=100\nQOSCFG[low] PRIORITY=-10\nQOSCFG[mid] PRIORITY=0\n"),
            (Strings{"2: PRIORITY=100 of QOS high (and 1 more QOS PRIORITY value) has no effect on job priority: "
                     "QOSWEIGHT is 0 (not set); set QOSWEIGHT"}));
  EXPECT_EQ(no_effect("QOSWEIGHT 1\nQOSCFG[high] PRIORITY=100\n"), Strings{});
}

}  // namespace
