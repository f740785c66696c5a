// Settings the engine does not implement are reported, each once, with what happens instead
// (runtime/engine/unimplemented.h, docs/semantics.md 81); the settings it does implement, or left at
// Maui's default, are not.
#include <gtest/gtest.h>

#include "runtime/engine/unimplemented.h"
#include "tests/runtime_support.h"

namespace maui::runtime::testing {
namespace {

using Strings = std::vector<std::string>;

TEST(Unimplemented, EachIgnoredSettingIsReportedOnce) {
  // SINGLEUSER and NODECFG MAXJOB are implemented: not reported.
  auto t = compile_policy(
      "NODEACCESSPOLICY SINGLEUSER\nRESERVATIONRETRYTIME 00:10:00\nUSESYSTEMQUEUETIME TRUE\n"
      "USERCFG[john] JOBFLAGS=PREEMPTEE\nSYSCFG[base] PLIST=small PDEF=small\nCLASSCFG[batch] "
      "NODEACCESSPOLICY=SINGLEUSER\n"
      "QOSCFG[hi] QFLAGS=RESTARTPREEMPT,IGNJOBPERUSER\nPREEMPTPOLICY SUSPEND\n"
      "NODECFG[n1] MAXJOB=2 SPEED=1.5\nNODECFG[n2] SPEED=2 MAXJOBPERUSER=1\nNODECFG[n3] SPEED=1 ACCESS=SHARED\n");
  const std::vector<Problem> ignored = unimplemented_settings(t.policy());
  EXPECT_EQ(
      messages(ignored),
      (Strings{"PREEMPTPOLICY SUSPEND: ignored: preempted jobs are requeued (REQUEUE)",
               "RESERVATIONRETRYTIME: ignored: a reservation that cannot be placed is tried again every iteration",
               "USESYSTEMQUEUETIME TRUE: ignored: queue time accrues as JOBPRIOACCRUALPOLICY says",
               "USERCFG[john] JOBFLAGS=PREEMPTEE: ignored: default job flags are not implemented by this engine",
               "QOSCFG[hi] QFLAGS=RESTARTPREEMPT: ignored: this engine preempts by requeueing; nothing to restart",
               "SYSCFG[base] PLIST: ignored: jobs are confined by their credentials' PLISTs only",
               "SYSCFG[base] PDEF: ignored: a job's first partition comes from its credentials' PDEF only",
               "NODECFG MAXJOBPERUSER (on n2): ignored: per-node job limits per user are not implemented by this "
               "engine (MAXJOB is)",
               "NODECFG SPEED (on n1, n2): ignored: jobs run as long on every node (node speeds are not implemented by "
               "this engine)"}));
  // Each at the line that writes it (compile_policy puts SERVERHOST on line 1, so the text's line
  // k is the file's line k + 1): PREEMPTPOLICY is the text's line 8, RESERVATIONRETRYTIME 2,
  // USESYSTEMQUEUETIME 3, USERCFG 4, QOSCFG 7, SYSCFG 5 (PLIST and PDEF), NODECFG[n2]'s
  // MAXJOBPERUSER 10, and SPEED at its first node's line, NODECFG[n1] (9).
  std::vector<std::int64_t> lines;
  for (const auto& p : ignored) {
    EXPECT_EQ(p.file, "t.cfg") << to_text(p);
    EXPECT_EQ(p.severity, Severity::Warning) << to_text(p);
    lines.push_back(p.line);
  }
  EXPECT_EQ(lines, (std::vector<std::int64_t>{9, 3, 4, 5, 8, 6, 6, 11, 10}));
  // Maui's defaults, written out, and implemented settings: nothing to report.
  auto quiet = compile_policy(
      "NODEACCESSPOLICY SINGLEJOB\nUSESYSTEMQUEUETIME FALSE\nQOSCFG[hi] QFLAGS=NOBF,IGNALL,DEDICATED\n"
      "QOSCFG[lo] QFLAGS=PREEMPTOR,PREEMPTEE\nPREEMPTPOLICY REQUEUE\n"
      "RESERVATIONTHRESHOLDTYPE XFACTOR\nRESERVATIONTHRESHOLDVALUE 2\n"
      "CLASSCFG[batch] NODEACCESSPOLICY=SINGLETASK\n"
      "NODECFG[n1] SPEED=1.0 PROCS=4\nUSERCFG[john] MAXJOB=2 QLIST=hi\n"
      "GROUPCFG[staff] PLIST=small PDEF=small\n");
  EXPECT_TRUE(unimplemented_settings(quiet.policy()).empty())
      << to_text(unimplemented_settings(quiet.policy()).front());
}

}  // namespace
}  // namespace maui::runtime::testing
