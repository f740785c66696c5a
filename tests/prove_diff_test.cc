// mauic diff (checker/diff/): structural changes with both locations, per-credential verdicts
// with concrete gained / lost access, and the plan-style summary.
#include <map>

#include <gtest/gtest.h>

#include "checker/diff/diff.h"
#include "checker/pipeline.h"

namespace {

maui::diff::DiffResult diff(const std::string& a, const std::string& b) {
  auto old_unit = maui::checker::check_text("old.cfg", a);
  auto new_unit = maui::checker::check_text("new.cfg", b);
  return maui::diff::diff_policies(*old_unit, *new_unit);
}

bool has_line(const maui::diff::DiffResult& d, const std::string& line) {
  return std::find(d.summary.begin(), d.summary.end(), line) != d.summary.end();
}

const char* kNodes =
    "SERVERHOST h\nNODECFG[DEFAULT] PROCS=4\nNODECFG[node001]\nNODECFG[node002]\nNODECFG[node003]\n"
    "NODECFG[node004]\nNODECFG[node005]\n";

TEST(Diff, IdenticalConfigsHaveNoChanges) {
  std::string cfg = std::string(kNodes) + "USERCFG[john] MAXJOB=8\n";
  auto d = diff(cfg, cfg);
  EXPECT_TRUE(d.structural.empty());
  EXPECT_TRUE(d.semantic.empty());
  EXPECT_FALSE(d.gains_access());
  EXPECT_EQ(maui::diff::render_text(d), "no changes\n");
}

TEST(Diff, LimitChangeIsLessPermissive) {
  auto d = diff(std::string(kNodes) + "USERCFG[john] MAXJOB=8\n", std::string(kNodes) + "USERCFG[john] MAXJOB=4\n");
  EXPECT_TRUE(has_line(d, "~ user john MAXJOB 8 → 4")) << maui::diff::render_text(d);
  ASSERT_EQ(d.semantic.size(), 1u);
  EXPECT_EQ(d.semantic[0].verdict, maui::diff::Verdict::LessPermissive);
  EXPECT_FALSE(d.gains_access());
  ASSERT_EQ(d.structural.size(), 1u);
  EXPECT_EQ(d.structural[0].path, "credentials[user john].active.job");
  EXPECT_EQ(d.structural[0].old_side.line, 8u);
  EXPECT_EQ(d.structural[0].new_side.file, "new.cfg");
}

TEST(Diff, ReservationAccessGainedAndLost) {
  // Old: node001-node004 are the ops group's in business hours; new: group staff's instead.
  std::string sr =
      "SRCFG[biz] HOSTLIST=node001,node002,node003,node004 PERIOD=DAY DAYS=MON,TUE,WED,THU,FRI\n"
      "SRCFG[biz] STARTTIME=09:00:00 ENDTIME=17:00:00 ACCESS=SHARED\n";
  auto d = diff(std::string(kNodes) + sr + "SRCFG[biz] GROUPLIST=ops\n",
                std::string(kNodes) + sr + "SRCFG[biz] GROUPLIST=staff\n");
  EXPECT_TRUE(has_line(d, "+ group staff gains node001–node004 Mon–Fri 09:00–17:00")) << maui::diff::render_text(d);
  EXPECT_TRUE(has_line(d, "- group ops loses node001–node004 Mon–Fri 09:00–17:00")) << maui::diff::render_text(d);
  EXPECT_TRUE(d.gains_access());
  for (const auto& c : d.semantic) {
    if (c.credential.name == "staff") {
      EXPECT_EQ(c.verdict, maui::diff::Verdict::MorePermissive);
    }
    if (c.credential.name == "ops") {
      EXPECT_EQ(c.verdict, maui::diff::Verdict::LessPermissive);
    }
  }
}

TEST(Diff, AReservationTellsWhoGainsItAndSummarizesTheRest) {
  // A business-hours reservation for group biolab: biolab gains reserved (guaranteed) access, and
  // every other job (any credentials but biolab) loses those node-hours: one line, not one per
  // credential the configs name.
  std::string named =
      "USERCFG[john] MAXJOB=4\nUSERCFG[ann] MAXJOB=4\nGROUPCFG[staff] MAXJOB=9\nCLASSCFG[batch] MAXJOB=9\n"
      "ACCOUNTCFG[phys] MAXJOB=9\nQOSCFG[hi] MAXJOB=9\nGROUPCFG[biolab] MAXJOB=9\n";
  std::string sr =
      "SRCFG[bio] HOSTLIST=node001,node002,node003,node004 PERIOD=DAY DAYS=MON,TUE,WED,THU,FRI\n"
      "SRCFG[bio] STARTTIME=09:00:00 ENDTIME=17:00:00 ACCESS=SHARED GROUPLIST=biolab\n";
  auto d = diff(std::string(kNodes) + named, std::string(kNodes) + named + sr);
  EXPECT_EQ(d.summary,
            (std::vector<std::string>{"+ group biolab gains reserved node001–node004 Mon–Fri 09:00–17:00",
                                      "- everyone but group biolab loses node001–node004 Mon–Fri 09:00–17:00"}))
      << maui::diff::render_text(d);
  // The verdicts stay per credential: biolab more permissive, the 11 others less.
  std::size_t less = 0;
  for (const auto& c : d.semantic) {
    if (c.credential.name == "biolab") {
      EXPECT_EQ(c.verdict, maui::diff::Verdict::MorePermissive);
      ASSERT_EQ(c.reserved_gained.size(), 1u);
      EXPECT_TRUE(c.lost.empty());
    } else {
      ++less;
      EXPECT_EQ(c.verdict, maui::diff::Verdict::LessPermissive) << c.credential.name;
    }
  }
  EXPECT_EQ(less, 11u);  // john, ann, staff, batch, phys, hi and the unnamed credential of each of 5 kinds
  EXPECT_NE(maui::diff::render_text(d).find("more permissive: group biolab\n"), std::string::npos);
  // Removing it: the mirror image.
  auto back = diff(std::string(kNodes) + named + sr, std::string(kNodes) + named);
  EXPECT_EQ(back.summary,
            (std::vector<std::string>{"+ everyone but group biolab gains node001–node004 Mon–Fri 09:00–17:00",
                                      "- group biolab loses reserved node001–node004 Mon–Fri 09:00–17:00"}))
      << maui::diff::render_text(back);
}

TEST(Diff, TurningFairshareOnChangesWhoGoesFirst) {
  // The reference job has none of the recorded usage: john's target of 50% counts in full,
  // FSWEIGHT 100 x FSUSERWEIGHT 10 x 50 = 50000 over any other user (no target, delta 0).
  std::string common = std::string(kNodes) + "USERCFG[john] FSTARGET=50\n";
  auto d = diff(common, common + "FSPOLICY DEDICATEDPS\nFSWEIGHT 100\nFSUSERWEIGHT 10\n");
  ASSERT_EQ(d.priority.size(), 1u) << maui::diff::render_text(d);
  EXPECT_EQ(d.priority[0].text,
            "~ user john's advantage over any other user +0 → +50000 (its jobs now go before any other user's)");
}

TEST(Diff, IncomparableWhenBothDirections) {
  std::string sr = "SRCFG[r] HOSTLIST=node001 PERIOD=INFINITY ACCESS=SHARED USERLIST=ann\n";
  auto d = diff(std::string(kNodes) + sr + "USERCFG[ann] MAXJOB=2\n",
                std::string(kNodes) +
                    "SRCFG[r] HOSTLIST=node002 PERIOD=INFINITY ACCESS=SHARED USERLIST=bob\n"
                    "USERCFG[ann] MAXJOB=4\n");
  bool found = false;
  for (const auto& c : d.semantic)
    if (c.credential.name == "ann") {
      found = true;
      EXPECT_EQ(c.verdict, maui::diff::Verdict::Incomparable);  // loses node001, gains MAXJOB and node002
    }
  EXPECT_TRUE(found) << maui::diff::render_text(d);
  EXPECT_NE(maui::diff::render_json(d).find("\"verdict\": \"incomparable\""), std::string::npos);
}

TEST(Diff, QosAccessGainedAndLost) {
  // docs/semantics.md 78: QLISTs and QDEFs give QOS; a QDEF replaces DEFAULT as the default.
  std::string qos = "QOSCFG[hiprio] PRIORITY=10\nQOSCFG[normal] PRIORITY=1\n";
  auto d = diff(std::string(kNodes) + qos + "USERCFG[john] QLIST=normal\nUSERCFG[ann] QLIST=normal\n",
                std::string(kNodes) + qos + "USERCFG[john] QLIST=normal,hiprio\nGROUPCFG[staff] QDEF=hiprio\n");
  const std::string text = maui::diff::render_text(d);
  EXPECT_TRUE(has_line(d, "+ user john gains QOS hiprio")) << text;
  EXPECT_TRUE(has_line(d, "- user ann loses QOS normal")) << text;
  EXPECT_TRUE(has_line(d, "+ group staff gains QOS hiprio")) << text;
  EXPECT_TRUE(has_line(d, "- group staff loses QOS DEFAULT")) << text;
  EXPECT_EQ(d.summary.size(), 4u) << text;
  EXPECT_TRUE(d.gains_access());
  std::map<std::string, maui::diff::Verdict> verdicts;
  for (const auto& c : d.semantic) verdicts[c.credential.name] = c.verdict;
  EXPECT_EQ(verdicts["john"], maui::diff::Verdict::MorePermissive);
  EXPECT_EQ(verdicts["ann"], maui::diff::Verdict::LessPermissive);
  EXPECT_EQ(verdicts["staff"], maui::diff::Verdict::Incomparable);
  EXPECT_EQ(verdicts.size(), 3u) << text;
  const std::string json = maui::diff::render_json(d);
  EXPECT_NE(json.find("\"qos_gained\": [\n        \"hiprio\"\n      ]"), std::string::npos) << json;
}

TEST(Diff, PartitionsGainedAndLost) {
  // docs/semantics.md 83: every credential's PLIST (own, else DEFAULT's) confines its jobs.
  std::string nodes = std::string(kNodes) + "NODECFG[node001] PARTITION=a\nNODECFG[node002] PARTITION=b\n";
  auto d = diff(nodes + "USERCFG[DEFAULT] PLIST=a:b\nGROUPCFG[g] PLIST=a\nCLASSCFG[c] PLIST=ALL\n",
                nodes + "USERCFG[DEFAULT] PLIST=a\nGROUPCFG[g] PLIST=a:b\nCLASSCFG[c] PLIST=b\n");
  const std::string text = maui::diff::render_text(d);
  EXPECT_TRUE(has_line(d, "+ group g gains partition b")) << text;
  EXPECT_TRUE(has_line(d, "- any other user loses partition b")) << text;
  EXPECT_TRUE(has_line(d, "- class c loses partition DEFAULT, a")) << text;
  EXPECT_EQ(d.summary.size(), 3u) << text;
  EXPECT_TRUE(d.gains_access());
  const std::string json = maui::diff::render_json(d);
  EXPECT_NE(json.find("\"partitions_gained\": [\n        \"b\"\n      ]"), std::string::npos) << json;
}

TEST(Diff, PriorityByReferenceJobs) {
  // The unnamed job: QUEUETIMEWEIGHT 1 → 2 doubles its day in the queue (1440 → 2880 minutes);
  // on submission its sum 0 is raised to 1 in both. John's own PRIORITY adds 2000, then 500;
  // ann's QDEF moves her jobs to QOS fast, worth 300 with QOSWEIGHT 1.
  std::string common = std::string(kNodes) + "USERWEIGHT 1\nQOSWEIGHT 1\nQOSCFG[fast] PRIORITY=300\n";
  auto d = diff(common + "QUEUETIMEWEIGHT 1\nUSERCFG[john] PRIORITY=2000\nUSERCFG[ann] MAXJOB=4\n",
                common + "QUEUETIMEWEIGHT 2\nUSERCFG[john] PRIORITY=500\nUSERCFG[ann] MAXJOB=4 QDEF=fast\n");
  const std::string text = maui::diff::render_text(d);
  ASSERT_EQ(d.priority.size(), 3u) << text;
  EXPECT_EQ(d.priority[0].text, "~ any job's priority 1 → 1 on submission, 1440 → 2880 after a day queued");
  EXPECT_FALSE(d.priority[0].credential.has_value());
  // Ann's jobs, level with any other user's before, now go first among otherwise equal jobs.
  EXPECT_EQ(d.priority[1].text,
            "~ user ann's advantage over any other user +0 → +300 (its jobs now go before any other user's)");
  EXPECT_EQ(d.priority[2].text, "~ user john's advantage over any other user +2000 → +500");
  EXPECT_EQ(d.priority[2].new_value.day, 500);
  EXPECT_NE(text.find("~ user john's advantage over any other user +2000 → +500\n"), std::string::npos) << text;
  // Priority is neither more nor less permissive: only ann's QOS access (gains fast, loses
  // DEFAULT) has a verdict.
  ASSERT_EQ(d.semantic.size(), 1u) << text;
  EXPECT_EQ(d.semantic[0].credential.name, "ann");
  EXPECT_EQ(d.semantic[0].verdict, maui::diff::Verdict::Incomparable);
  const std::string json = maui::diff::render_json(d);
  EXPECT_NE(json.find("\"credential\": \"user john\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"day_queued\": 2880"), std::string::npos) << json;
  EXPECT_NE(maui::diff::render_sarif(d, "test").find("\"ruleId\": \"priority-changed\""), std::string::npos);
  // Unchanged weights and priorities: no priority lines.
  EXPECT_TRUE(diff(common, common).priority.empty());
}

}  // namespace
