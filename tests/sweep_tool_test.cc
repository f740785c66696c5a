// mauirun sweep as an admin runs it: each candidate's metrics are what `mauirun simulate` gives
// for BASE with the settings appended (the test appends them itself), a setting Maui would not
// take stops the sweep before anything runs, and the job array's tasks, run here one by one as
// Slurm would run them, merge into the local ranking byte for byte; a failed task is named, and
// a rerun of the array skips what is done. (tests/slurm/test_sweep.py submits the array to a
// real Slurm.)
#include <filesystem>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "llvm/Support/JSON.h"
#include "tests/command_test_support.h"

namespace {

namespace fs = std::filesystem;
namespace json = llvm::json;
using maui::testing_support::shell_quote;
using maui::testing_support::slurp;

constexpr std::string_view kBase =
    "SERVERHOST head\n"
    "RMCFG[base] TYPE=PBS\n"
    "QUEUETIMEWEIGHT 1\n"
    "RESERVATIONDEPTH 1\n";

// 30 jobs of four users on 4 nodes, arriving faster than they run: limits and backfill matter.
std::string trace() {
  std::string swf = "; 30 jobs, four users\n";
  for (int i = 1; i <= 30; ++i)
    swf += fmt::format("{} {} -1 {} {} -1 -1 {} {} -1 1 {} 1 -1 1 -1 -1 -1\n", i, 10 * i, 100 + 37 * (i % 5), 1 + i % 3,
                       1 + i % 3, 200 + 37 * (i % 5), 1 + i % 4);
  return swf;
}

class SweepToolTest : public maui::testing_support::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    write("base.cfg", kBase);
    write("t.swf", trace());
  }
  maui::testing_support::CommandOutcome sweep(const std::string& args) {
    return run_in_dir(MAUIRUN_PATH, "sweep --config base.cfg --trace t.swf --nodes 4 " + args);
  }
  static constexpr const char* kVaries =
      "--vary 'USERCFG[DEFAULT] MAXJOB=1,2' --vary 'BACKFILLPOLICY=FIRSTFIT,NONE' --jobs 2";
};

TEST_F(SweepToolTest, EachCandidateIsWhatSimulateGivesForBaseWithItsSettingsAppended) {
  auto r = sweep(std::string(kVaries) + " --format json");
  ASSERT_TRUE(r.exited) << r.err;
  ASSERT_EQ(r.code, 0) << r.err;
  auto parsed = json::parse(r.out);
  ASSERT_TRUE(bool(parsed)) << r.out;
  const json::Array* candidates = parsed->getAsObject()->getArray("candidates");
  ASSERT_NE(candidates, nullptr);
  ASSERT_EQ(candidates->size(), 4U);
  std::set<std::string> waits;
  for (const json::Value& c : *candidates) {
    const json::Object* o = c.getAsObject();
    const json::Object* settings = o->getObject("settings");
    std::string config(kBase);
    config += "USERCFG[DEFAULT] MAXJOB=" + settings->getString("USERCFG[DEFAULT] MAXJOB")->str() + "\n";
    config += "BACKFILLPOLICY " + settings->getString("BACKFILLPOLICY")->str() + "\n";
    write("by-hand.cfg", config);
    auto s = run_in_dir(MAUIRUN_PATH, "simulate --config by-hand.cfg --trace t.swf --nodes 4 --format json --by user");
    ASSERT_EQ(s.code, 0) << s.err;
    auto simulated = json::parse(s.out);
    ASSERT_TRUE(bool(simulated));
    EXPECT_EQ(*o->get("metrics"), *simulated->getAsObject()->get("metrics")) << config;
    std::string text;
    llvm::raw_string_ostream(text) << *o->get("metrics");
    waits.insert(text);
  }
  EXPECT_GT(waits.size(), 1U);  // the settings change the schedule: the comparison above means something
  // Ranked: each rank's average wait is at most the next one's.
  double last = -1;
  for (const json::Value& c : *candidates) {
    const double wait = *c.getAsObject()->getObject("metrics")->getNumber("average_wait");
    EXPECT_GE(wait, last);
    last = wait;
  }
}

TEST_F(SweepToolTest, ASettingMauiWouldNotTakeStopsTheSweepBeforeAnythingRuns) {
  auto r = sweep("--vary 'BACKFILLPOLICY=FIRSTFIT,SOMETIMES' --vary 'NOSUCHPARAM=1'");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  // BASE has 4 lines: the comment is line 5, the settings lines 6 and 7.
  EXPECT_NE(r.err.find("candidate 1 (BACKFILLPOLICY=SOMETIMES NOSUCHPARAM=1): base.cfg:6:"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("base.cfg:7:1: warning: unknown parameter 'NOSUCHPARAM'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("nothing was run"), std::string::npos) << r.err;
  auto bad = sweep("--vary 'FSWEIGHT'");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("expected NAME=V1,V2,..."), std::string::npos) << bad.err;
  auto none = sweep("");
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.err.find("at least one --vary"), std::string::npos) << none.err;
}

TEST_F(SweepToolTest, TheJobArrayMergesToTheLocalRankingAndNamesAFailedTask) {
  auto local = sweep(kVaries);
  ASSERT_EQ(local.code, 0) << local.err;
  auto wrote = sweep(std::string(kVaries) + " --slurm-array array --array-limit 2");
  ASSERT_EQ(wrote.code, 0) << wrote.err;
  const std::string script = slurp(dir_ / "array" / "array.sh");
  EXPECT_NE(script.find("#SBATCH --array=0-4%2"), std::string::npos) << script;  // 4 candidates and BASE
  EXPECT_NE(slurp(dir_ / "array" / "submit.sh").find("--dependency=afterok:"), std::string::npos);
  // Another sweep into the same directory would find this one's results: refused.
  auto again = sweep("--vary 'RESERVATIONDEPTH=1,2' --slurm-array array");
  EXPECT_EQ(again.code, 2);
  EXPECT_NE(again.err.find("holds a sweep already"), std::string::npos) << again.err;
  // Candidate 1 cannot be read: its task fails.
  const fs::path one = dir_ / "array" / "candidates" / "1.cfg";
  const std::string one_text = slurp(one);
  fs::remove(one);
  fs::create_directory(one);
  auto task = [&](int k) {
    return run_in_dir("/bin/sh",
                      fmt::format("-c {}", shell_quote(fmt::format("SLURM_ARRAY_TASK_ID={} bash array/array.sh", k))));
  };
  for (int k = 0; k <= 4; ++k) EXPECT_EQ(task(k).code, k == 1 ? 2 : 0) << k;
  auto merged = run_in_dir(MAUIRUN_PATH, "sweep --merge array");
  EXPECT_EQ(merged.code, 1) << merged.err;
  EXPECT_NE(merged.out.find("failed: candidate 1 (USERCFG[DEFAULT] MAXJOB=1  BACKFILLPOLICY=NONE): task 1 failed "
                            "(exit status 2)"),
            std::string::npos)
      << merged.out;
  // Fixed and submitted again: the tasks done are skipped, the merge is the local ranking.
  fs::remove(one);
  write("array/candidates/1.cfg", one_text);
  for (int k = 0; k <= 4; ++k) {
    auto again = task(k);
    EXPECT_EQ(again.code, 0) << again.err;
    EXPECT_EQ(again.out.find("done already") != std::string::npos, k != 1) << k << again.out;
  }
  merged = run_in_dir(MAUIRUN_PATH, "sweep --merge array");
  EXPECT_EQ(merged.code, 0) << merged.err;
  EXPECT_EQ(merged.out, local.out);
  auto local_json = sweep(std::string(kVaries) + " --format json");
  EXPECT_EQ(run_in_dir(MAUIRUN_PATH, "sweep --merge array --format json").out, local_json.out);
}

TEST_F(SweepToolTest, MergeRefusesWhatIsNoSweepDirectory) {
  auto r = run_in_dir(MAUIRUN_PATH, "sweep --merge nowhere");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("no manifest.json"), std::string::npos) << r.err;
  write("bad/manifest.json", "");
  fs::create_directory(dir_ / "bad");
  write("bad/manifest.json", R"({"version":1,"candidates":[{"index":0}]})");
  r = run_in_dir(MAUIRUN_PATH, "sweep --merge bad");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("bad/manifest.json: expected version 1"), std::string::npos) << r.err;
  auto both = run_in_dir(MAUIRUN_PATH, "sweep --merge bad --config base.cfg");
  EXPECT_EQ(both.code, 2);
  EXPECT_NE(both.err.find("give none"), std::string::npos) << both.err;
}

}  // namespace
