// Explanations (runtime/engine/explain.h, runtime/views/explanation_json.h): the text of blocked-job reasons with
// where each limit was set, the priority table and breakdown, the fairshare report, and the
// JSON contracts of mauirun.
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "llvm/Support/JSON.h"
#include "runtime/engine/eligibility.h"
#include "runtime/engine/explain.h"
#include "runtime/views/explanation_json.h"
#include "tests/runtime_support.h"

namespace maui::runtime {
namespace {

using namespace testing;
namespace json = llvm::json;
constexpr Epoch kNow = 1'700'000'000;

TEST(RuntimeExplain, BlockedJobReasonsSayWhereTheLimitWasSet) {
  auto t = compile_policy(
      "USERCFG[DEFAULT] MAXJOB=2,8\nCLASSCFG[fast] MAXPROC[USER:steve]=3\n"
      "QOSCFG[hiprio] OMAXNODE=64\nUSERCFG[steve] MAXNODE=30\nSYSTEMMAXPROCPERJOB 4\n");
  ClusterSnapshot s;
  s.now = kNow;
  for (int i = 0; i < 8; ++i) s.jobs.push_back(J(fmt::format("r{}", i)).user("steve").job_class("other").running(kNow));
  s.jobs.push_back(J("x").user("steve").job_class("fast").qos("hiprio").tasks(5).nodes(70).submit(kNow).hold("user"));
  auto q = evaluate_queue(*t.dir, {}, s);
  ASSERT_EQ(q.eligibility.jobs.size(), 1u);
  EXPECT_EQ(
      obstacles(q.eligibility.jobs[0]),
      (std::vector<std::string>{
          "has a user hold",
          "violates active HARD MAXJOB limit of 8 for user steve (request 1, usage 8) "
          "[USERCFG[DEFAULT] MAXJOB at t.cfg:2]",
          "violates active HARD MAXNODE limit of 64 for user steve (request 70, usage 0) "
          "[QOSCFG[hiprio] OMAXNODE at t.cfg:4]",
          "violates active HARD MAXPROC limit of 3 for user steve in class fast (request 5, usage 0) "
          "[CLASSCFG[fast] MAXPROC[USER:steve] at t.cfg:3]",
          "violates system HARD SYSTEMMAXPROCPERJOB limit of 4 per job (request 5) [SYSTEMMAXPROCPERJOB at t.cfg:6]"}));
  auto text = render_eligibility(s, q.eligibility);
  EXPECT_NE(text.find("1 queued job: 0 eligible under the hard limits, 0 of them within the soft limits"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("BLOCKED"), std::string::npos);
}

TEST(RuntimeExplain, PriorityTableAndBreakdown) {
  auto t = compile_policy("USERWEIGHT 1\nXFACTORWEIGHT 10\nUSERCFG[john] PRIORITY=100\n");
  Job a = J("a").user("john").walltime(3600).submit(kNow - 3600);
  Job b = J("b").walltime(3600).submit(kNow - 600);
  FairshareStanding no_fairshare;
  PriorityCalculator calc(*t.dir, no_fairshare, {}, kNow);
  std::vector<PriorityRow> rows = {{&a, calc.evaluate(a)}, {&b, calc.evaluate(b)}};
  std::string table = render_priority_table(t.policy(), rows);
  // a: CRED 100, SERV 60 + 10 * 2 = 80: 180. Only weighted columns appear.
  EXPECT_NE(table.find("Cred( User)"), std::string::npos) << table;
  EXPECT_NE(table.find("Serv(QTime:XFctr)"), std::string::npos) << table;
  EXPECT_EQ(table.find("FS("), std::string::npos) << table;
  EXPECT_NE(table.find("a                           180   55.6(  100)   44.4(   60:    2)"), std::string::npos)
      << table;
  std::string detail = render_priority_breakdown(t.policy(), rows[0]);
  EXPECT_NE(detail.find("job a: priority 180"), std::string::npos) << detail;
  EXPECT_NE(detail.find("    XFACTOR                     2       10          -               20"), std::string::npos)
      << detail;

  auto parsed = json::parse(priority_json(t.policy(), rows));
  ASSERT_TRUE(bool(parsed));
  const auto* jobs = parsed->getAsObject()->getArray("jobs");
  ASSERT_EQ(jobs->size(), 2u);
  const auto* first = (*jobs)[0].getAsObject();
  EXPECT_EQ(*first->getString("id"), "a");
  EXPECT_EQ(*first->getInteger("priority"), 180);
  const auto* serv = first->getObject("components")->getObject("serv");
  EXPECT_EQ(*serv->getNumber("contribution"), 80);
  EXPECT_EQ(*serv->getObject("subcomponents")->getObject("xfactor")->getInteger("weight"), 10);
  EXPECT_EQ(serv->get("cap")->kind(), json::Value::Null);
}

TEST(RuntimeExplain, FairshareReportAndJson) {
  auto t = compile_policy(
      "FSPOLICY DEDICATEDPS\nFSDEPTH 2\nUSERCFG[john] FSTARGET=50\nUSERCFG[mary] FSTARGET=10+\n"
      "GROUPCFG[staff] FSTARGET=1000^\n");
  FairshareHistory h;
  auto& w0 = h.window(window_start(kNow, 86400));
  w0.usage[{ir::CredKind::User, "john"}] = 30;
  w0.usage[{ir::CredKind::Group, "staff"}] = 30;
  w0.total = 40;
  auto& w1 = h.window(window_start(kNow, 86400) - 86400);
  w1.usage[{ir::CredKind::User, "john"}] = 30;
  w1.total = 60;
  auto s = FairshareStanding::compute(*t.dir, h, kNow);
  std::string text = render_fairshare(t.policy(), s);
  EXPECT_NE(text.find("Depth: 2 intervals   Interval Length: 1:00:00:00   Decay Rate: 1.00"), std::string::npos)
      << text;
  // john: 60 of 100 = 60%, 10 points over 50: marked; per window 75% and 50%.
  EXPECT_NE(text.find("john*             60.00    50.00   75.00   50.00"), std::string::npos) << text;
  EXPECT_NE(text.find("mary*              0.00   10.00+ ------- -------"), std::string::npos) << text;

  auto parsed = json::parse(fairshare_json(t.policy(), s));
  ASSERT_TRUE(bool(parsed));
  const auto* creds = parsed->getAsObject()->getArray("credentials");
  ASSERT_EQ(creds->size(), 3u);
  const auto* john = (*creds)[0].getAsObject();
  EXPECT_EQ(*john->getString("type"), "user");
  EXPECT_EQ(*john->getString("name"), "john");
  EXPECT_DOUBLE_EQ(*john->getNumber("usage_percent"), 60);
  EXPECT_DOUBLE_EQ(*john->getNumber("target"), 50);
  EXPECT_EQ(*john->getString("mode"), "target");
  const auto* staff = (*creds)[2].getAsObject();
  EXPECT_EQ(*staff->getString("type"), "group");
  EXPECT_EQ(*staff->getString("mode"), "cap");
  EXPECT_EQ(*staff->getString("cap"), "absolute");
}

TEST(RuntimeExplain, EligibilityJson) {
  auto t = compile_policy("USERCFG[steve] MAXJOB=1\n");
  ClusterSnapshot s;
  s.now = kNow;
  s.jobs = {J("r").user("steve").running(kNow), J("w").user("steve").submit(kNow)};
  auto q = evaluate_queue(*t.dir, {}, s);
  auto parsed = json::parse(eligibility_json(s, q.eligibility));
  ASSERT_TRUE(bool(parsed));
  const auto* job = (*parsed->getAsObject()->getArray("jobs"))[0].getAsObject();
  EXPECT_EQ(*job->getBoolean("eligible"), false);
  const auto* v = (*job->getArray("violations"))[0].getAsObject();
  EXPECT_EQ(*v->getString("limit"), "MAXJOB");
  EXPECT_EQ(*v->getString("level"), "HARD");
  EXPECT_EQ(*v->getString("set_at"), "t.cfg:2");
  EXPECT_EQ(*v->getObject("credential")->getString("name"), "steve");
  EXPECT_EQ(*v->getString("message"), "violates active HARD MAXJOB limit of 1 for user steve (request 1, usage 1)");
}

}  // namespace
}  // namespace maui::runtime
