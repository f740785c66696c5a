// Which QOS a job runs under (docs/semantics.md 51 and 78): the one it asks for when its
// credentials' QLISTs or its default QOS give it, else its default QOS.
#include <gtest/gtest.h>

#include "runtime/engine/credentials.h"
#include "tests/runtime_support.h"

namespace maui::runtime::testing {
namespace {

std::string qos_of(const TestPolicy& t, const Job& job) { return t.dir->job_qos(job); }

TEST(QosAccess, WithoutAnyListOnlyTheDefaultQosIsGiven) {
  auto t = compile_policy("QOSCFG[hiprio] PRIORITY=1000\n");
  EXPECT_EQ(qos_of(t, J("1").qos("hiprio")), "DEFAULT");
  EXPECT_EQ(qos_of(t, J("2").qos("DEFAULT")), "DEFAULT");
  EXPECT_EQ(qos_of(t, J("3")), "DEFAULT");  // asked for none
  EXPECT_FALSE(t.dir->may_use_qos(J("1"), "hiprio"));
}

TEST(QosAccess, ManualSection73Example) {
  // "user john's jobs can access QOS geo, chem, or staff with geo as default"; "group systems
  // jobs can access the development qos"; "class batch jobs can access the normal qos".
  auto t = compile_policy(
      "USERCFG[john]     QDEF=geo   QLIST=geo,chem,staff\n"
      "GROUPCFG[systems] QDEF=development\n"
      "CLASSCFG[batch]   QDEF=normal\n");
  EXPECT_EQ(qos_of(t, J("1").user("john").qos("chem")), "chem");
  EXPECT_EQ(qos_of(t, J("2").user("john").qos("staff")), "staff");
  EXPECT_EQ(qos_of(t, J("3").user("john").qos("development")), "geo");  // not his: his default
  EXPECT_EQ(qos_of(t, J("4").user("john")), "geo");
  EXPECT_EQ(qos_of(t, J("5").user("mary").group("systems").qos("development")), "development");
  EXPECT_EQ(qos_of(t, J("6").user("mary").group("systems").qos("chem")), "development");
  // mary in another group falls to class batch's default, and may not use john's list.
  EXPECT_EQ(qos_of(t, J("7").user("mary").qos("normal")), "normal");
  EXPECT_EQ(qos_of(t, J("8").user("mary").qos("geo")), "normal");
  EXPECT_EQ(qos_of(t, J("9").user("mary").job_class("debug").qos("normal")), "DEFAULT");
  // A QDEF alone gives its QOS (the checker's starvation asks this directly).
  EXPECT_TRUE(t.dir->may_use_qos(J("10").group("systems"), "development"));
  EXPECT_FALSE(t.dir->may_use_qos(J("11").group("other"), "development"));
}

TEST(QosAccess, OwnListReplacesTheDefaultCredentialsList) {
  auto t = compile_policy("USERCFG[DEFAULT] QLIST=low\nUSERCFG[ann] QLIST=high\n");
  EXPECT_EQ(qos_of(t, J("1").user("bob").qos("low")), "low");
  EXPECT_EQ(qos_of(t, J("2").user("ann").qos("low")), "DEFAULT");
  EXPECT_EQ(qos_of(t, J("3").user("ann").qos("high")), "high");
  EXPECT_EQ(qos_of(t, J("4").user("bob").qos("high")), "DEFAULT");
}

TEST(QosAccess, ListsOfEveryKindAreOrred) {
  auto t =
      compile_policy("SYSCFG QLIST=sys\nGROUPCFG[g] QLIST=grp\nACCOUNTCFG[a] QLIST=acct\nCLASSCFG[batch] QLIST=cls\n");
  const Job job = J("1").account("a");
  for (const char* q : {"sys", "grp", "acct", "cls"}) EXPECT_TRUE(t.dir->may_use_qos(job, q)) << q;
  EXPECT_FALSE(t.dir->may_use_qos(J("2").group("h"), "grp"));
  EXPECT_FALSE(t.dir->may_use_qos(job, "other"));
}

TEST(QosAccess, AndListsNarrowAndOnlyListsReplace) {
  auto t = compile_policy(
      "SYSCFG QLIST=sys\n"
      "USERCFG[u] QLIST=a,b\n"
      "CLASSCFG[batch] QLIST=b,sys&\n"  // AND: only what it also lists
      "GROUPCFG[only] QLIST=c^\n"       // ONLY: replaces everything
      "USERCFG[first] QLIST=d^\nGROUPCFG[second] QLIST=e^\n");
  EXPECT_FALSE(t.dir->may_use_qos(J("1"), "a"));
  EXPECT_TRUE(t.dir->may_use_qos(J("2"), "b"));
  EXPECT_TRUE(t.dir->may_use_qos(J("3"), "sys"));
  EXPECT_TRUE(t.dir->may_use_qos(J("4").job_class("debug"), "a"));  // no AND list for this class
  EXPECT_TRUE(t.dir->may_use_qos(J("5").group("only"), "c"));
  EXPECT_FALSE(t.dir->may_use_qos(J("6").group("only"), "b"));
  EXPECT_FALSE(t.dir->may_use_qos(J("7").group("only"), "sys"));
  // The user's ONLY list comes before the group's.
  EXPECT_TRUE(t.dir->may_use_qos(J("8").user("first").group("second"), "d"));
  EXPECT_FALSE(t.dir->may_use_qos(J("9").user("first").group("second"), "e"));
}

TEST(QosAccess, AssigningReportsEveryRefusedRequest) {
  auto t = compile_policy("USERCFG[john] QLIST=chem QDEF=geo\n");
  ClusterSnapshot snap;
  snap.jobs = {J("1").user("john").qos("chem"), J("2").user("john").qos("staff"), J("3").user("ann"),
               J("4").user("ann").qos("chem")};
  auto refused = assign_qos(snap, *t.dir);
  ASSERT_EQ(refused.size(), 2u);
  EXPECT_EQ(refused[0].job, "2");
  EXPECT_EQ(refused[0].asked, "staff");
  EXPECT_EQ(refused[0].given, "geo");
  EXPECT_EQ(refused[1].job, "4");
  EXPECT_EQ(refused[1].given, "DEFAULT");
  EXPECT_EQ(snap.jobs[0].qos, "chem");
  EXPECT_EQ(snap.jobs[1].qos, "geo");
  EXPECT_EQ(snap.jobs[2].qos, "DEFAULT");
  EXPECT_EQ(snap.jobs[3].qos, "DEFAULT");
}

}  // namespace
}  // namespace maui::runtime::testing
