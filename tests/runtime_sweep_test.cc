// mauirun sweep's pure part (runtime/sweep/): the --vary grammar, the combinations, the
// candidates' config text, and the ranking read back from simulate's JSON, on runs whose
// metrics are written here so that each rank and Pareto mark is worked out by hand.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "runtime/sweep/sweep_html.h"
#include "runtime/sweep/sweep_plan.h"
#include "runtime/sweep/sweep_ranking.h"

namespace maui::runtime {
namespace {

TEST(SweepVary, AScalarAndAnAttributeWithTheirValuesInOrder) {
  auto v = parse_vary("FSWEIGHT=0, 1,10");
  ASSERT_TRUE(v.vary) << v.error;
  EXPECT_EQ(v.vary->name, "FSWEIGHT");
  EXPECT_EQ(v.vary->values, (std::vector<std::string>{"0", "1", "10"}));
  auto a = parse_vary("USERCFG[DEFAULT]   MAXJOB=4,8");
  ASSERT_TRUE(a.vary) << a.error;
  EXPECT_EQ(a.vary->name, "USERCFG[DEFAULT] MAXJOB");  // one blank, however many were typed
  EXPECT_EQ(setting_line(a.vary->name, "4"), "USERCFG[DEFAULT] MAXJOB=4");
  EXPECT_EQ(setting_line("FSWEIGHT", "0"), "FSWEIGHT 0");
}

TEST(SweepVary, WhatCouldNotBeOneSettingIsRefusedAndSaidSo) {
  for (const char* bad : {"FSWEIGHT", "FSWEIGHT=", "FSWEIGHT=1,,2", "FSWEIGHT=1,1", "=1,2", "FS WEIGHT=1",
                          "USERCFG[DEFAULT]=1", "USERCFG[] MAXJOB=1", "FSWEIGHT=1 # two", "USERCFG[DEFAULT MAXJOB=1"}) {
    auto v = parse_vary(bad);
    EXPECT_FALSE(v.vary) << bad;
    EXPECT_NE(v.error.find(bad), std::string::npos) << v.error;  // the error quotes what was typed
  }
}

TEST(SweepCandidates, EveryCombinationTheLastVaryFastest) {
  const std::vector<Vary> varies{{"A", {"1", "2"}}, {"B", {"x", "y", "z"}}};
  auto all = combinations(varies, 100);
  ASSERT_TRUE(all);
  ASSERT_EQ(all->size(), 6U);
  const std::vector<std::pair<std::string, std::string>> third{{"A", "1"}, {"B", "z"}};
  const std::vector<std::pair<std::string, std::string>> fourth{{"A", "2"}, {"B", "x"}};
  EXPECT_EQ((*all)[2].settings, third);
  EXPECT_EQ((*all)[3].settings, fourth);
  EXPECT_EQ((*all)[5].index, 5U);
  EXPECT_FALSE(combinations(varies, 5));  // 6 > 5
}

TEST(SweepCandidates, TheSettingsAreTheLastLinesAndTheirLineIsKnown) {
  const Candidate c{3, {{"FSWEIGHT", "0"}, {"USERCFG[DEFAULT] MAXJOB", "4"}}};
  for (const std::string base : {"SERVERHOST h\nFSWEIGHT 1\n", "SERVERHOST h\nFSWEIGHT 1"}) {
    const std::string text = candidate_text(base, c);
    EXPECT_EQ(text, "SERVERHOST h\nFSWEIGHT 1\n# mauirun sweep: candidate 3\nFSWEIGHT 0\nUSERCFG[DEFAULT] MAXJOB=4\n");
    EXPECT_EQ(first_setting_line(base), 4U);  // two lines of BASE, the comment, then line 4
  }
}

// simulate's JSON, as much of it as the ranking reads.
std::string run_json(double avg, double p95, double slowdown, double util, double u1_wait, double u2_wait) {
  return fmt::format(
      R"({{"version":1,"metrics":{{"average_wait":{},"p95_wait":{},"average_bounded_slowdown":{},"utilization":{},"jobs":4}},
"by":{{"user":[{{"name":"u1","jobs":2,"average_wait":{},"p95_wait":0}},{{"name":"u2","jobs":2,"average_wait":{},"p95_wait":0}}]}}}})",
      avg, p95, slowdown, util, u1_wait, u2_wait);
}

class SweepRankingTest : public ::testing::Test {
 protected:
  // A: 100 s average, 300 s p95. B: a better average (80) and a worse p95 (400): neither
  // dominates the other. C: A's p95 and a worse average (120), the rest equal: A dominates it.
  // D failed; E printed no JSON.
  std::vector<Candidate> candidates{
      {0, {{"X", "a"}}}, {1, {{"X", "b"}}}, {2, {{"X", "c"}}}, {3, {{"X", "d"}}}, {4, {{"X", "e"}}}};
  std::vector<SweepRun> runs{{run_json(100, 300, 2, 0.5, 50, 150), ""},
                             {run_json(80, 400, 2, 0.5, 120, 40), ""},
                             {run_json(120, 300, 2, 0.5, 90, 150), ""},
                             {"", "task 3 failed (exit status 2): mauirun: cannot read"},
                             {"Segmentation fault", ""}};
  SweepRun base{run_json(90, 350, 3, 0.5, 90, 90), ""};
  SweepRanking rank(RankBy by) { return rank_sweep({"base.cfg", "t.swf", "user", by}, candidates, runs, base); }
};

TEST_F(SweepRankingTest, RankedByTheMetricAskedParetoMarkedFailuresNamed) {
  const SweepRanking r = rank(RankBy::AverageWait);
  ASSERT_EQ(r.ranked.size(), 3U);
  EXPECT_EQ(r.ranked[0].candidate.index, 1U);  // B: 80
  EXPECT_EQ(r.ranked[1].candidate.index, 0U);  // A: 100
  EXPECT_EQ(r.ranked[2].candidate.index, 2U);  // C: 120
  EXPECT_TRUE(r.ranked[0].pareto);
  EXPECT_TRUE(r.ranked[1].pareto);
  EXPECT_FALSE(r.ranked[2].pareto);
  EXPECT_EQ(r.ranked[0].worst_name, "u1");  // B's u1 waited 120, its u2 40
  EXPECT_EQ(r.ranked[0].worst_wait, 120);
  ASSERT_EQ(r.failed.size(), 2U);
  EXPECT_EQ(r.failed[0].candidate.index, 3U);
  EXPECT_EQ(r.failed[0].error, "task 3 failed (exit status 2): mauirun: cannot read");
  EXPECT_NE(r.failed[1].error.find("not JSON"), std::string::npos) << r.failed[1].error;
  ASSERT_TRUE(r.base);
  EXPECT_EQ(r.base->average_wait, 90);
}

TEST_F(SweepRankingTest, TiesGoToTheEarlierCandidate) {
  const SweepRanking r = rank(RankBy::P95Wait);  // A and C 300, B 400
  ASSERT_EQ(r.ranked.size(), 3U);
  EXPECT_EQ(r.ranked[0].candidate.index, 0U);
  EXPECT_EQ(r.ranked[1].candidate.index, 2U);
  EXPECT_EQ(r.ranked[2].candidate.index, 1U);
  EXPECT_EQ(r.ranked[2].rank, 3U);
}

TEST_F(SweepRankingTest, AnOutputWithoutTheBreakdownIsAFailureThatSaysWhy) {
  runs[0].output = R"({"metrics":{"average_wait":1,"p95_wait":1,"average_bounded_slowdown":1,"utilization":1}})";
  const SweepRanking r = rank(RankBy::AverageWait);
  ASSERT_EQ(r.failed.size(), 3U);
  EXPECT_EQ(r.failed[0].candidate.index, 0U);
  EXPECT_NE(r.failed[0].error.find("--by user"), std::string::npos) << r.failed[0].error;
}

TEST_F(SweepRankingTest, TheTableTheJsonAndThePage) {
  const SweepRanking r = rank(RankBy::AverageWait);
  const std::string text = sweep_text(r);
  EXPECT_NE(text.find("5 candidates of base.cfg on t.swf, ranked by average_wait"), std::string::npos) << text;
  // Rank 1 is B: 80 s average (00:01:20), 400 s p95 (00:06:40), Pareto.
  EXPECT_NE(text.find("     1 *    00:01:20    00:06:40"), std::string::npos) << text;
  EXPECT_NE(text.find("failed: candidate 3 (X=d): task 3 failed"), std::string::npos) << text;
  const std::string json = sweep_json(r);
  EXPECT_NE(json.find("\"rank_by\": \"average_wait\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"X\": \"b\""), std::string::npos) << json;
  const std::string page = sweep_html(r);
  EXPECT_NE(page.find("<script type=\"application/json\" id=\"sweep-data\">"), std::string::npos);
  EXPECT_EQ(page.find("</script><"), std::string::npos);  // no data text closes its element early
}

TEST_F(SweepRankingTest, NoNameInTheDataClosesItsScriptElement) {
  candidates[0].settings = {{"X", "</script><script>alert(1)</script>"}};
  const std::string page = sweep_html(rank(RankBy::AverageWait));
  EXPECT_EQ(page.find("alert(1)</script>"), std::string::npos);
  EXPECT_NE(page.find("<\\/script><script>alert(1)<\\/script>"), std::string::npos);
}

}  // namespace
}  // namespace maui::runtime
