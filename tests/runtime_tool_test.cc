// Tests of the mauirun command line: the subcommands on a small site, their JSON
// contracts (docs/jobs-json.md), exit codes (0 done, 1 a queued job is not eligible, 2 usage or
// input error) and located errors for bad JOBS.json and FS files.
//
// The binary under test is MAUIRUN_PATH (tests/CMakeLists.txt); commands run through /bin/sh
// with `exec`, so a crash shows up as a signal.
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "tests/command_test_support.h"

#include "llvm/Support/JSON.h"

namespace {

namespace fs = std::filesystem;
namespace json = llvm::json;

using Outcome = maui::testing_support::CommandOutcome;
using maui::testing_support::slurp;

// The window start of the 24-hour fairshare window containing kNow.
constexpr long long kNow = 1700000000;
constexpr long long kWindow = kNow - kNow % 86400;

constexpr std::string_view kConfig =
    "SERVERHOST head\n"
    "USERWEIGHT 1\n"
    "FSPOLICY DEDICATEDPS\n"
    "FSWEIGHT 1\n"
    "FSUSERWEIGHT 10\n"
    "USERCFG[DEFAULT] MAXJOB=2,8\n"
    "USERCFG[john] PRIORITY=100 FSTARGET=50\n"
    "USERCFG[steve] FSTARGET=20-\n";

constexpr std::string_view kJobs = R"({
  "now": 1700000000,
  "jobs": [
    {"id": "r1", "user": "steve", "walltime": 3600, "submit_time": 1699990000, "state": "Running",
     "start_time": 1699999000},
    {"id": "r2", "user": "steve", "walltime": 3600, "submit_time": 1699990000, "state": "Running",
     "start_time": 1699999000},
    {"id": "s1", "user": "steve", "walltime": 3600, "submit_time": 1699999000},
    {"id": "j1", "user": "john", "walltime": 3600, "submit_time": 1699999400},
    {"id": "j2", "user": "john", "walltime": 3600, "submit_time": 1699999500, "holds": ["user"]}
  ]})";

class MauirunTool : public maui::testing_support::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    write("site.cfg", kConfig);
    write("jobs.json", kJobs);
    fs::create_directory(dir_ / "fs");
    write("fs/FS." + std::to_string(kWindow), "user john 3000\nuser steve 7000\nsched NONE 10000\n");
  }

  Outcome run(const std::string& args) { return run_in_dir(MAUIRUN_PATH, args); }
};

TEST_F(MauirunTool, PriorityTextAndJson) {
  auto text = run("priority --config site.cfg --jobs jobs.json --fs-dir fs");
  ASSERT_TRUE(text.exited);
  EXPECT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("PRIORITY"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("Percent Contribution"), std::string::npos) << text.out;

  auto r = run("priority --config site.cfg --jobs jobs.json --fs-dir fs --format json");
  EXPECT_EQ(r.code, 0) << r.err;
  auto parsed = json::parse(r.out);
  ASSERT_TRUE(bool(parsed)) << r.out;
  const auto* jobs = parsed->getAsObject()->getArray("jobs");
  ASSERT_EQ(jobs->size(), 3u);  // the queued jobs, running ones are not listed
  // j1: CRED 100, FS 10 * (50 - 30) = 200, SERV 10 minutes: 310. s1: ceiling 20-, usage 70: 10 *
  // -50 = -500, SERV 16.67: floored at 1.
  const auto* first = (*jobs)[0].getAsObject();
  EXPECT_EQ(*first->getString("id"), "j1");
  EXPECT_EQ(*first->getInteger("priority"), 310);
  EXPECT_EQ(*first->getObject("components")->getObject("fs")->getNumber("contribution"), 200);
  EXPECT_EQ(*(*jobs)[2].getAsObject()->getString("id"), "s1");
  EXPECT_EQ(*(*jobs)[2].getAsObject()->getInteger("priority"), 1);

  auto detail = run("priority --config site.cfg --jobs jobs.json --fs-dir fs --job j1");
  EXPECT_NE(detail.out.find("job j1: priority 310"), std::string::npos) << detail.out;
  EXPECT_EQ(run("priority --config site.cfg --jobs jobs.json --job nope").code, 2);
}

TEST_F(MauirunTool, AQosTheJobMayNotUseIsReplacedByItsDefault) {
  // docs/semantics.md 78: john may use hiprio, steve may not and runs under his QDEF.
  write("qos.cfg",
        "SERVERHOST head\nQOSWEIGHT 1\nQOSCFG[hiprio] PRIORITY=1000\nQOSCFG[normal] PRIORITY=10\n"
        "USERCFG[john] QLIST=hiprio\nUSERCFG[steve] QDEF=normal\n");
  write("qos.json", R"({"now": 1700000000, "jobs": [
    {"id": "j1", "user": "john", "qos": "hiprio", "walltime": 60, "submit_time": 1700000000},
    {"id": "s1", "user": "steve", "qos": "hiprio", "walltime": 60, "submit_time": 1700000000}]})");
  auto r = run("priority --config qos.cfg --jobs qos.json --format json");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err,
            "mauirun: note: job s1 asks for QOS hiprio, which no QLIST or QDEF of its credentials gives it; it "
            "runs under QOS normal (docs/semantics.md 78)\n");
  auto parsed = json::parse(r.out);
  ASSERT_TRUE(bool(parsed)) << r.out;
  const auto* jobs = parsed->getAsObject()->getArray("jobs");
  ASSERT_EQ(jobs->size(), 2u);
  EXPECT_EQ(*(*jobs)[0].getAsObject()->getString("id"), "j1");
  EXPECT_EQ(*(*jobs)[0].getAsObject()->getInteger("priority"), 1000);
  EXPECT_EQ(*(*jobs)[1].getAsObject()->getString("id"), "s1");
  EXPECT_EQ(*(*jobs)[1].getAsObject()->getInteger("priority"), 10);
}

TEST_F(MauirunTool, SystemPriorityIsMarkedAndExplained) {
  write("sp.cfg", "SERVERHOST head\nQUEUETIMEWEIGHT 1\n");
  write("sp.json", R"({"now": 1700000000, "jobs": [
    {"id": "old", "user": "u", "walltime": 60, "submit_time": 1699994000},
    {"id": "pushed", "user": "u", "walltime": 60, "submit_time": 1700000000, "system_priority": 5},
    {"id": "nudged", "user": "u", "walltime": 60, "submit_time": 1699999400, "relative_system_priority": 95}]})");
  auto text = run("priority --config sp.cfg --jobs sp.json");
  EXPECT_EQ(text.code, 0) << text.err;
  // 100 minutes queued: 100; 1e9 + 5; 10 minutes + 95 = 105.
  auto pushed = text.out.find("pushed               1000000005*   0.0(    0)");
  auto nudged = text.out.find("nudged                      105* 100.0(   10)");
  auto old = text.out.find("old                         100  100.0(  100)");
  EXPECT_TRUE(pushed != std::string::npos && nudged != std::string::npos && old != std::string::npos) << text.out;
  EXPECT_TRUE(pushed < nudged && nudged < old) << text.out;
  EXPECT_NE(text.out.find("\n* system priority set on the job\n"), std::string::npos) << text.out;
  auto detail = run("priority --config sp.cfg --jobs sp.json --job nudged");
  EXPECT_NE(detail.out.find("job nudged: priority 105 (system priority: +95 added)"), std::string::npos) << detail.out;
  auto r = run("priority --config sp.cfg --jobs sp.json --format json");
  auto parsed = json::parse(r.out);
  ASSERT_TRUE(bool(parsed)) << r.out;
  const auto* jobs = parsed->getAsObject()->getArray("jobs");
  ASSERT_EQ(jobs->size(), 3u);
  const auto* first = (*jobs)[0].getAsObject()->getObject("system_priority");
  ASSERT_NE(first, nullptr) << r.out;
  EXPECT_EQ(*first->getInteger("value"), 5);
  EXPECT_EQ(*first->getBoolean("relative"), false);
  EXPECT_EQ((*jobs)[2].getAsObject()->get("system_priority")->kind(), json::Value::Null);
}

TEST_F(MauirunTool, FairshareJson) {
  auto r = run("fairshare --config site.cfg --fs-dir fs --now 1700000000 --format json");
  EXPECT_EQ(r.code, 0) << r.err;
  auto parsed = json::parse(r.out);
  ASSERT_TRUE(bool(parsed)) << r.out;
  const auto* creds = parsed->getAsObject()->getArray("credentials");
  ASSERT_EQ(creds->size(), 2u);
  const auto* john = (*creds)[0].getAsObject();
  EXPECT_EQ(*john->getString("type"), "user");
  EXPECT_EQ(*john->getString("name"), "john");
  EXPECT_DOUBLE_EQ(*john->getNumber("usage_percent"), 30);
  EXPECT_DOUBLE_EQ(*john->getNumber("target"), 50);
  EXPECT_EQ(*john->getString("mode"), "target");
  EXPECT_EQ(*(*creds)[1].getAsObject()->getString("mode"), "ceiling");
  auto text = run("fairshare --config site.cfg --fs-dir fs --now 1700000000");
  EXPECT_NE(text.out.find("FairShare Information"), std::string::npos);
  EXPECT_NE(text.out.find("steve*"), std::string::npos) << text.out;
}

TEST_F(MauirunTool, EligibleExitsOneWhenAJobIsBlocked) {
  auto r = run("eligible --config site.cfg --jobs jobs.json");
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.out.find("has a user hold"), std::string::npos) << r.out;
  auto j = run("eligible --config site.cfg --jobs jobs.json --format json");
  auto parsed = json::parse(j.out);
  ASSERT_TRUE(bool(parsed)) << j.out;
  EXPECT_EQ(*parsed->getAsObject()->getInteger("eligible"), 2);
  EXPECT_EQ(*parsed->getAsObject()->getInteger("soft_eligible"), 1);  // steve is at his soft 2
  // Without the held job everything is eligible: exit 0.
  write("ok.json", R"({"now": 1700000000, "jobs": [{"id": "a", "user": "x", "walltime": 60, "submit_time": 1}]})");
  EXPECT_EQ(run("eligible --config site.cfg --jobs ok.json").code, 0);
}

TEST_F(MauirunTool, InputErrorsAreLocatedAndExitTwo) {
  write("bad.json", R"({"jobs": [{"id": "a", "user": "x", "walltime": 60, "submit_time": 1, "procs": 0}]})");
  auto r = run("priority --config site.cfg --jobs bad.json");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("bad.json:1:79: error: jobs[0].procs: expected a number of processors from 1 to 1000000000"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out, "");
  write("syntax.json", "{\n ]");
  auto syntax = run("priority --config site.cfg --jobs syntax.json");
  EXPECT_EQ(syntax.code, 2);
  EXPECT_EQ(syntax.err.rfind("syntax.json:2:2: error: invalid JSON: ", 0), 0u) << syntax.err;  // located once
  auto far = run("priority --config site.cfg --jobs bad.json --now 1000000000001");
  EXPECT_EQ(far.code, 2);
  EXPECT_NE(far.err.find("--now must be within 1000000000000 seconds of 1970"), std::string::npos) << far.err;

  write("fs/FS." + std::to_string(kWindow), "user john 3000\nuser steve lots\nsched NONE 10000\n");
  auto f = run("fairshare --config site.cfg --fs-dir fs --now 1700000000");
  EXPECT_EQ(f.code, 2);
  EXPECT_NE(f.err.find("fs/FS." + std::to_string(kWindow) + ":2:12: error: expected a usage"), std::string::npos)
      << f.err;
  EXPECT_NE(f.err.find("1 bad line"), std::string::npos) << f.err;
  EXPECT_NE(f.out.find("john"), std::string::npos);  // the good lines still count

  EXPECT_EQ(run("eligible --config missing.cfg --jobs jobs.json").code, 2);
  EXPECT_EQ(run("eligible --config site.cfg --jobs missing.json").code, 2);
  EXPECT_EQ(run("fairshare --config site.cfg --fs-dir nowhere").code, 2);
  EXPECT_EQ(run("priority --config site.cfg").code, 2);  // --jobs is required
  EXPECT_EQ(run("priority --config site.cfg --jobs jobs.json --format xml").code, 2);
  EXPECT_EQ(run("").code, 2);
  EXPECT_EQ(run("--version").code, 0);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// mauirun simulate

// The 8.2.1 story on two 1-proc nodes, as a trace: A (job 1: 1 proc, limit 4 h) runs 2 h; B
// (job 2: 2 procs, 1 h) arrives 1 h later and is reserved at A's limit (4 h); C (job 4: 1 proc,
// 2 h) arrives a second after B and is backfilled at once (it ends at 3 h + 1 s, before B's
// reservation). A ends at 2 h, C at 10801, so B starts at 10801. Line 4 is broken (a letter in
// field 5).
constexpr std::string_view kStoryTrace =
    "; UnixStartTime: 1700000000\n"
    "1 0    0 7200 1 -1 -1 1 14400 -1 1 1 1 -1 1 -1 -1 -1\n"
    "2 3600 0 3600 2 -1 -1 2 3600  -1 1 2 2 -1 1 -1 -1 -1\n"
    "3 3600 0 7200 x -1 -1 1 7200  -1 1 3 3 -1 1 -1 -1 -1\n"
    "4 3601 0 7200 1 -1 -1 1 7200  -1 1 3 3 -1 1 -1 -1 -1\n";

class SimulateTool : public MauirunTool {
 protected:
  void SetUp() override {
    MauirunTool::SetUp();
    write("easy.cfg", "SERVERHOST head\nQUEUETIMEWEIGHT 1\nBACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 1\n");
    write("story.swf", kStoryTrace);
  }
};

TEST_F(SimulateTool, ScheduleCsvAndLocatedTraceErrors) {
  auto r = run("simulate --config easy.cfg --trace story.swf --nodes 2 --jobs-out jobs.csv");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0) << r.err;
  // The broken line is named with its line and column, counted, and the rest still runs.
  EXPECT_NE(r.err.find("story.swf:4:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("field 5 (allocated procs)"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("3 read, 3 started, 0 never started, 1 trace lines skipped"), std::string::npos) << r.out;
  EXPECT_EQ(slurp(dir_ / "jobs.csv"),
            "id,submit,start,end,procs,wait,backfilled,user,group,class,qos,reason,preempted\n"
            "1,0,0,7200,1,0,0,u1,g1,q1,DEFAULT,,0\n"
            "2,3600,10801,14401,2,7201,0,u2,g2,q1,DEFAULT,,0\n"
            "4,3601,3601,10801,1,0,1,u3,g3,q1,DEFAULT,,0\n");
}

// Nothing is simulated from nothing: a file with no job in it (a config, an empty file) is an
// input error that says why, and no report is printed.
TEST_F(SimulateTool, NoJobInTheTraceIsAnInputError) {
  auto config = run("simulate --config easy.cfg --trace easy.cfg --nodes 2");
  ASSERT_TRUE(config.exited);
  EXPECT_EQ(config.code, 2) << config.out;
  EXPECT_EQ(config.out, "");
  EXPECT_NE(config.err.find("easy.cfg:1:16: error: expected 18 fields, found 2"), std::string::npos) << config.err;
  EXPECT_NE(config.err.find("mauirun: no line of 'easy.cfg' is a job of the Standard Workload Format"),
            std::string::npos)
      << config.err;
  write("empty.swf", "");
  auto empty = run("simulate --config easy.cfg --trace empty.swf --nodes 2 --format json");
  EXPECT_EQ(empty.code, 2);
  EXPECT_EQ(empty.out, "");
  EXPECT_EQ(empty.err, "mauirun: 'empty.swf' is empty: there is no job to replay\n");
}

// A trace mostly in error is replayed, but the report says so before anything else, in text and
// in JSON.
TEST_F(SimulateTool, MostlyBadTraceSaysSoFirst) {
  write("mostly.swf",
        "; UnixStartTime: 1700000000\n"
        "1 0 0 60 1 -1 -1 1 60 -1 1 1 1 -1 1 -1 -1 -1\n"
        "this is not a job\n"
        "nor this\n");
  auto r = run("simulate --config easy.cfg --trace mostly.swf --nodes 2");
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string warning =
      "mostly.swf: warning: most of the trace is not jobs: 2 of its lines are in error (the first at "
      "mostly.swf:3:18), 1 job read: the results below are that job's only; is it the trace you meant?";
  EXPECT_EQ(r.out.substr(0, r.out.find("  cluster")), "mauirun simulate: easy.cfg on mostly.swf\n  " + warning + "\n")
      << r.out;
  auto j = run("simulate --config easy.cfg --trace mostly.swf --nodes 2 --format json");
  ASSERT_EQ(j.code, 0) << j.err;
  auto parsed = llvm::json::parse(j.out);
  ASSERT_TRUE(static_cast<bool>(parsed)) << j.out;
  const llvm::json::Array* notes = parsed->getAsObject()->getArray("notes");
  ASSERT_NE(notes, nullptr);
  ASSERT_EQ(notes->size(), 1u);
  const llvm::json::Object* note = (*notes)[0].getAsObject();
  EXPECT_EQ(*note->getString("severity"), "warning");
  EXPECT_EQ(*note->getString("file"), "mostly.swf");
  EXPECT_EQ(*note->getInteger("line"), 0);
  EXPECT_EQ("mostly.swf: warning: " + note->getString("message")->str(), warning);
  // A trace with more jobs than bad lines has no such note.
  auto story = run("simulate --config easy.cfg --trace story.swf --nodes 2 --format json");
  auto story_json = llvm::json::parse(story.out);
  ASSERT_TRUE(static_cast<bool>(story_json)) << story.out;
  EXPECT_EQ(story_json->getAsObject()->getArray("notes")->size(), 0u);
}

// NODECFG nodes that state no procs are simulated with 1 proc, or --procs-per-node P, under their
// own names, and the report says so once, at the config line, in text and JSON.
TEST_F(SimulateTool, AssumedProcsAreSaidOnce) {
  write("nodes.cfg", "SERVERHOST head\nQUEUETIMEWEIGHT 1\nNODECFG[n1] FEATURES=a\nNODECFG[n2] FEATURES=b\n");
  auto r = run("simulate --config nodes.cfg --trace story.swf");
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string note =
      "  nodes.cfg:3:1: note: 2 NODECFG nodes (n1, n2) state no procs (RESOURCES=PROCS:n, nor NODECFG[DEFAULT]): each "
      "is simulated with 1 proc, what Maui assumes of a node its resource manager reports none for; give "
      "--procs-per-node P for the procs they have\n";
  EXPECT_EQ(r.out.substr(0, r.out.find("  jobs")),
            "mauirun simulate: nodes.cfg on story.swf\n" + note + "  cluster                   2 nodes, 2 procs\n")
      << r.out;
  EXPECT_EQ(r.out.find("state no procs", r.out.find("state no procs") + 1), std::string::npos) << r.out;  // once
  EXPECT_EQ(r.err.find("state no procs"), std::string::npos) << r.err;
  auto given = run("simulate --config nodes.cfg --trace story.swf --procs-per-node 2 --format json");
  ASSERT_EQ(given.code, 0) << given.err;
  auto parsed = llvm::json::parse(given.out);
  ASSERT_TRUE(static_cast<bool>(parsed)) << given.out;
  const llvm::json::Object& o = *parsed->getAsObject();
  EXPECT_EQ(*o.getInteger("procs"), 4);
  const llvm::json::Object* assumed = (*o.getArray("notes"))[0].getAsObject();
  EXPECT_EQ(*assumed->getString("severity"), "note");
  EXPECT_EQ(*assumed->getString("file"), "nodes.cfg");
  EXPECT_EQ(*assumed->getInteger("line"), 3);
  EXPECT_EQ(*assumed->getInteger("column"), 1);
  EXPECT_EQ(*assumed->getString("message"),
            "2 NODECFG nodes (n1, n2) state no procs (RESOURCES=PROCS:n, nor NODECFG[DEFAULT]): each is simulated "
            "with 2 procs, as --procs-per-node says");
  // --procs-per-node 0 is no number of procs.
  EXPECT_EQ(run("simulate --config nodes.cfg --trace story.swf --procs-per-node 0").code, 2);
}

// --runs-out: where each job ran, one row per run in the order they started (the same story:
// LASTAVAILABLE puts job 1 on the last node, job 4 on the other, job 2 on both).
TEST_F(SimulateTool, RunsCsvSaysWhereEachJobRan) {
  auto r = run("simulate --config easy.cfg --trace story.swf --nodes 2 --runs-out runs.csv");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("where each job ran        runs.csv"), std::string::npos) << r.out;
  EXPECT_EQ(slurp(dir_ / "runs.csv"),
            "job,start,end,how,nodes\n"
            "1,0,7200,ended,node002:1\n"
            "4,3601,10801,ended,node001:1\n"
            "2,10801,14401,ended,node002:1 node001:1\n");
  auto full = run("simulate --config easy.cfg --trace story.swf --nodes 2 --runs-out /dev/full");
  EXPECT_EQ(full.code, 2);
  EXPECT_NE(full.err.find("mauirun: cannot write '/dev/full': No space left on device"), std::string::npos) << full.err;
}

// With JOBPRIOACCRUALPOLICY ALWAYS the story is in the EASY fast path's reach
// (runtime/engine/easy_fast_path.h): the same schedule with it and without it (--no-fast-path), and the
// iteration count says which ran. Three iterations: at 0 (A starts), 3601 (C is backfilled) and
// 10801 (B starts); at 3600 and 7200 no waiting job fits the free proc, and they are skipped.
TEST_F(SimulateTool, NoFastPathGivesTheSameSchedule) {
  write("always.cfg",
        "SERVERHOST head\nQUEUETIMEWEIGHT 1\nJOBPRIOACCRUALPOLICY ALWAYS\nBACKFILLPOLICY FIRSTFIT\n"
        "RESERVATIONDEPTH 1\n");
  auto fast =
      run("simulate --config always.cfg --trace story.swf --nodes 2 --jobs-out fast.csv --runs-out fast-runs.csv");
  ASSERT_EQ(fast.code, 0) << fast.err;
  auto general =
      run("simulate --config always.cfg --trace story.swf --nodes 2 --no-fast-path --jobs-out general.csv "
          "--runs-out general-runs.csv");
  ASSERT_EQ(general.code, 0) << general.err;
  EXPECT_EQ(slurp(dir_ / "fast.csv"), slurp(dir_ / "general.csv"));
  EXPECT_EQ(slurp(dir_ / "fast-runs.csv"), slurp(dir_ / "general-runs.csv"));
  EXPECT_NE(slurp(dir_ / "fast.csv").find("4,3601,3601,10801,1,0,1,"), std::string::npos);
  EXPECT_NE(fast.out.find("scheduling iterations     3 (3 on the EASY fast path)\n"), std::string::npos) << fast.out;
  EXPECT_NE(general.out.find("scheduling iterations     3\n"), std::string::npos) << general.out;
  auto json = run("simulate --config always.cfg --trace story.swf --nodes 2 --format json --no-fast-path");
  auto parsed = json::parse(json.out);
  ASSERT_TRUE(bool(parsed)) << json.out;
  EXPECT_EQ(*parsed->getAsObject()->getInteger("fast_path_iterations"), 0);
}

TEST_F(SimulateTool, JsonMetricsWorkedByHand) {
  auto r = run("simulate --config easy.cfg --trace story.swf --nodes 2 --format json");
  EXPECT_EQ(r.code, 0) << r.err;
  auto parsed = json::parse(r.out);
  ASSERT_TRUE(bool(parsed)) << r.out;
  const auto* o = parsed->getAsObject();
  EXPECT_EQ(*o->getInteger("version"), 1);
  EXPECT_EQ(*o->getInteger("procs"), 2);
  EXPECT_EQ(*o->getInteger("trace_problems"), 1);
  const auto* m = o->getObject("metrics");
  // Waits 0, 7201, 0; makespan 14401 - 0; busy proc-seconds 7200 + 2 * 3600 + 7200 = 21600 of
  // 2 * 14401 = 28802 (JSON rounds to 6 decimals).
  EXPECT_NEAR(*m->getNumber("average_wait"), 7201.0 / 3, 1e-6);
  EXPECT_EQ(*m->getInteger("max_wait"), 7201);
  EXPECT_EQ(*m->getInteger("makespan"), 14401);
  EXPECT_NEAR(*m->getNumber("utilization"), 21600.0 / 28802, 1e-6);
  EXPECT_EQ(*m->getInteger("backfilled"), 1);
}

// --by: the story's metrics per user and per class (worked out as in JsonMetricsWorkedByHand:
// u2's job waited 7201 s for a 3600 s run on 2 procs, slowdown 10801 / 3600 = 3.00; each job
// delivered 2 proc-hours, a third of the 6). A kind asked twice is printed once.
TEST_F(SimulateTool, ByPrintsEachCredentialsJobs) {
  auto r = run("simulate --config easy.cfg --trace story.swf --nodes 2 --by user --by class --by user");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("  by user         jobs started   never   avg wait   max wait  slowdown  backfill   "
                       "proc-hours    share\n"
                       "    u1               1       1       0    0:00:00    0:00:00      1.00     0.0 %          "
                       "2.0   33.3 %\n"
                       "    u2               1       1       0    2:00:01    2:00:01      3.00     0.0 %          "
                       "2.0   33.3 %\n"
                       "    u3               1       1       0    0:00:00    0:00:00      1.00   100.0 %          "
                       "2.0   33.3 %\n"
                       "  by class        jobs started   never   avg wait   max wait  slowdown  backfill   "
                       "proc-hours    share\n"
                       "    q1               3       3       0    0:40:00    2:00:01      1.67    33.3 %          "
                       "6.0  100.0 %\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("by user"), r.out.rfind("by user")) << r.out;

  auto j = run("simulate --config easy.cfg --trace story.swf --nodes 2 --by qos --format json");
  ASSERT_EQ(j.code, 0) << j.err;
  auto parsed = json::parse(j.out);
  ASSERT_TRUE(bool(parsed)) << j.out;
  const auto* by = parsed->getAsObject()->getObject("by");
  ASSERT_NE(by, nullptr) << j.out;
  const auto* qos = by->getArray("qos");
  ASSERT_NE(qos, nullptr) << j.out;
  ASSERT_EQ(qos->size(), 1u);
  const auto* all = (*qos)[0].getAsObject();
  EXPECT_EQ(*all->getString("name"), "DEFAULT");
  EXPECT_EQ(*all->getInteger("jobs"), 3);
  EXPECT_EQ(*all->getInteger("max_wait"), 7201);
  EXPECT_NEAR(*all->getNumber("proc_seconds"), 21600, 1e-6);
  EXPECT_NEAR(*all->getNumber("share"), 1, 1e-6);
  EXPECT_EQ(by->getArray("user"), nullptr);  // only what was asked

  // SWF jobs have no account: one row, the account-less jobs.
  auto accounts = run("simulate --config easy.cfg --trace story.swf --nodes 2 --by account --format json");
  EXPECT_EQ(accounts.code, 0) << accounts.err;
  auto a = json::parse(accounts.out);
  ASSERT_TRUE(bool(a));
  const json::Array* rows = a->getAsObject()->getObject("by")->getArray("account");
  ASSERT_NE(rows, nullptr);
  ASSERT_EQ(rows->size(), 1u);
  EXPECT_EQ(*(*rows)[0].getAsObject()->getString("name"), "");

  auto bad = run("simulate --config easy.cfg --trace story.swf --nodes 2 --by project");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("project"), std::string::npos) << bad.err;
}

// A Slurm accounting export (tests/sacct/week.txt, worked out in runtime_sacct_test.cc) through
// the commands: its notes and bad lines located, each side of compare what simulate prints,
// the SWF it converts to, and the HTML report.
class WhatIfTool : public MauirunTool {
 protected:
  void SetUp() override {
    MauirunTool::SetUp();
    write("easy.cfg", "SERVERHOST head\nQUEUETIMEWEIGHT 1\nBACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 1\n");
    // bob's jobs first: they asked for QOS high, which this config gives to user bob.
    write("bob.cfg",
          "SERVERHOST head\nQUEUETIMEWEIGHT 1\nQOSWEIGHT 1\nCREDWEIGHT 1\nQOSCFG[high] PRIORITY=100000\n"
          "USERCFG[bob] QLIST=high\nBACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 1\n");
    fs::copy_file(std::string(MAUI_SOURCE_DIR) + "/tests/sacct/week.txt", dir_ / "week.txt");
  }
};

TEST_F(WhatIfTool, SlurmAccountingIsAWorkload) {
  auto r = run("simulate --config easy.cfg --trace week.txt --nodes 2 --procs-per-node 16 --by account");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("week.txt:8:62: note: job 1004 never started (CANCELLED by 1000): not replayed"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("7 jobs read from Slurm accounting; 3 job steps skipped, 3 jobs never started"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.out.find("7 read, 7 started"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("    proj-a "), std::string::npos) << r.out;
  // A bad line is an error at its field, and the others still run.
  std::string broken = slurp(dir_ / "week.txt");
  broken.replace(broken.find("|01:00:00|4|1|COMPLETED"), 23, "|01:00:00|four|1|COMPLETED");  // job 1002, line 6
  write("broken.txt", broken);
  auto b = run("simulate --config easy.cfg --trace broken.txt --nodes 2 --procs-per-node 16");
  EXPECT_EQ(b.code, 0) << b.err;
  EXPECT_NE(b.err.find("broken.txt:6:"), std::string::npos) << b.err;
  EXPECT_NE(b.err.find(": error: NCPUS: expected a processor count, got 'four'"), std::string::npos) << b.err;
  EXPECT_NE(b.out.find("6 read, 6 started, 0 never started, 1 trace lines skipped"), std::string::npos) << b.out;
}

TEST_F(WhatIfTool, EachSideOfCompareIsWhatSimulatePrints) {
  auto c =
      run("compare --old easy.cfg --new bob.cfg --trace week.txt --nodes 1 --procs-per-node 16 --by user --by qos "
          "--format json --jobs-out jobs.csv");
  ASSERT_TRUE(c.exited);
  ASSERT_EQ(c.code, 0) << c.err;
  auto compared = json::parse(c.out);
  ASSERT_TRUE(bool(compared)) << c.out;
  const json::Object& o = *compared->getAsObject();
  for (const char* side : {"old", "new"}) {
    auto s = run(std::string("simulate --config ") + (side == std::string("old") ? "easy.cfg" : "bob.cfg") +
                 " --trace week.txt --nodes 1 --procs-per-node 16 --by user --by qos --format json");
    auto simulated = json::parse(s.out);
    ASSERT_TRUE(bool(simulated));
    EXPECT_EQ(*o.get(side), *simulated) << side;
  }
  // Under bob.cfg bob's jobs run under QOS high; under easy.cfg no QOS is given: DEFAULT.
  const json::Array& qos = *o.getObject("by")->getArray("qos");
  std::vector<std::string> names;
  for (const auto& q : qos) names.push_back(q.getAsObject()->getString("name")->str());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"DEFAULT", "high"}));
  const std::string csv = slurp(dir_ / "jobs.csv");
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "id,submit,procs,user,group,account,class,old_qos,new_qos,old_start,new_start,old_wait,new_wait,moved");
  EXPECT_NE(csv.find("\n1002,600,4,bob,phys,proj-b,batch,DEFAULT,high,"), std::string::npos) << csv;
}

TEST_F(WhatIfTool, CompareUsageAndInputErrors) {
  auto no_new = run("compare --old easy.cfg --trace week.txt --nodes 1");
  EXPECT_EQ(no_new.code, 2);
  EXPECT_NE(no_new.err.find("new"), std::string::npos) << no_new.err;
  auto missing = run("compare --old easy.cfg --new nope.cfg --trace week.txt --nodes 1");
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("nope.cfg"), std::string::npos) << missing.err;
  auto no_nodes = run("compare --old easy.cfg --new bob.cfg --trace week.txt");
  EXPECT_EQ(no_nodes.code, 2);
  EXPECT_NE(no_nodes.err.find("easy.cfg: the simulated cluster has no nodes"), std::string::npos) << no_nodes.err;
  auto unwritable =
      run("compare --old easy.cfg --new bob.cfg --trace week.txt --nodes 1 --jobs-out /nonexistent/x.csv");
  EXPECT_EQ(unwritable.code, 2);
  EXPECT_NE(unwritable.err.find("cannot write '/nonexistent/x.csv'"), std::string::npos) << unwritable.err;
}

TEST_F(WhatIfTool, TraceConvertWritesSwf) {
  auto r = run("trace convert --trace week.txt -o week.swf");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0) << r.err;
  const std::string swf = slurp(dir_ / "week.swf");
  // Job 1002: 600 s in, waited 3000 s, ran 1800 s on 4 procs of a 3600 s limit, completed,
  // user bob 2, group phys 3, queue batch 1.
  EXPECT_NE(swf.find("\n1002 600 3000 1800 4 -1 -1 4 3600 -1 1 2 3 -1 1 -1 -1 -1\n"), std::string::npos) << swf;
  // The SWF replays as the export does.
  auto a = run("simulate --config easy.cfg --trace week.txt --nodes 1 --procs-per-node 16 --jobs-out a.csv");
  auto b = run("simulate --config easy.cfg --trace week.swf --nodes 1 --procs-per-node 16 --jobs-out b.csv");
  EXPECT_EQ(a.code, 0);
  EXPECT_EQ(b.code, 0) << b.err;
  auto starts = [](const std::string& csv) {  // id,submit,start,end per row
    std::string out;
    std::istringstream in(csv);
    for (std::string line; std::getline(in, line);) {
      std::size_t cut = 0;
      for (int k = 0; k < 4 && cut != std::string::npos; ++k) cut = line.find(',', cut + 1);
      out += line.substr(0, cut) + "\n";
    }
    return out;
  };
  EXPECT_EQ(starts(slurp(dir_ / "a.csv")), starts(slurp(dir_ / "b.csv")));
  auto bad = run("trace frobnicate --trace week.txt");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("expected the action 'convert'"), std::string::npos) << bad.err;
}

TEST_F(WhatIfTool, ReportIsOneSelfContainedFile) {
  auto r = run("report --config easy.cfg --trace week.txt --nodes 1 --procs-per-node 16 -o week.html");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("mauirun report: week.html (7 jobs,"), std::string::npos) << r.out;
  const std::string html = slurp(dir_ / "week.html");
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("\"user\":[\"alice\",\"bob\",\"carol\",\"dave\",\"erin\"]"), std::string::npos);
  auto missing = run("report --config easy.cfg --trace week.txt --nodes 1");
  EXPECT_EQ(missing.code, 2);  // -o is required
}

TEST_F(SimulateTool, AdminReservationHoldsItsHosts) {
  // A SYSTEM reservation on node001 for the first 3 hours: job 1 runs on node002, B (2 procs)
  // must wait for both nodes (A ends at 2 h, the reservation at 3 h), job 4 cannot backfill.
  auto r =
      run("simulate --config easy.cfg --trace story.swf --nodes 2 --jobs-out jobs.csv "
          "--reservation 'maint STARTTIME=0 ENDTIME=10800 HOSTLIST=node001'");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("reservation maint"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("SYSTEM"), std::string::npos) << r.out;
  const std::string csv = slurp(dir_ / "jobs.csv");
  EXPECT_NE(csv.find("\n2,3600,10800,14400,2,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\n4,3601,14400,21600,1,"), std::string::npos) << csv;
}

// Long runs report progress on stderr, every 5,000 submitted jobs, only when asked (or when
// stderr is a terminal, which it is not here).
TEST_F(SimulateTool, ProgressOnStderrWhenAsked) {
  const std::string kth = std::string(MAUI_SOURCE_DIR) + "/examples/traces/KTH-SP2-1996-2.1-cln.swf.gz";
  const std::string args = "simulate --config easy.cfg --trace " + kth + " --nodes 100 --limit-jobs 5000";
  auto quiet = run(args);
  EXPECT_EQ(quiet.code, 0) << quiet.err;
  EXPECT_EQ(quiet.err.find("jobs submitted"), std::string::npos) << quiet.err;
  auto loud = run(args + " --progress");
  EXPECT_EQ(loud.code, 0) << loud.err;
  EXPECT_NE(loud.err.find("mauirun simulate: 5000 of 5000 jobs submitted, trace day "), std::string::npos) << loud.err;
  EXPECT_EQ(loud.err.find('\r'), std::string::npos) << loud.err;  // lines, no bar, where stderr is a file
  EXPECT_EQ(loud.out, quiet.out);                                 // the results do not change
}

// On a terminal (script(1) gives the command one), a bar redrawn in place and cleared at the
// end; --quiet draws none.
TEST_F(SimulateTool, ABarOnATerminalUnlessQuiet) {
  const std::string kth = std::string(MAUI_SOURCE_DIR) + "/examples/traces/KTH-SP2-1996-2.1-cln.swf.gz";
  const std::string command = std::string(MAUIRUN_PATH) + " simulate --config easy.cfg --trace " + kth +
                              " --nodes 100 --limit-jobs 3000 --format json";
  auto on_terminal = [&](const std::string& extra) {
    using maui::testing_support::shell_quote;
    return run_in_dir("/bin/sh",
                      "-c " + shell_quote("script -qec " + shell_quote(command + extra + " >out.json") + " /dev/null"));
  };
  auto bar = on_terminal("");
  EXPECT_EQ(bar.code, 0) << bar.err;
  EXPECT_NE(bar.out.find("\r\x1b[Kmauirun simulate [##"), std::string::npos) << bar.out;
  EXPECT_NE(bar.out.find("] 3000 of 3000 jobs submitted, trace day "), std::string::npos) << bar.out;
  const std::string cleared = "\r\x1b[K";
  EXPECT_EQ(bar.out.rfind(cleared) + cleared.size(), bar.out.find_last_not_of("\r\n") + 1) << bar.out;
  EXPECT_NE(slurp(dir_ / "out.json").find("\"metrics\""), std::string::npos);
  auto quiet = on_terminal(" --quiet");
  EXPECT_EQ(quiet.code, 0) << quiet.err;
  EXPECT_EQ(quiet.out.find("mauirun simulate ["), std::string::npos) << quiet.out;
}

TEST_F(SimulateTool, InputErrorsExitTwo) {
  auto missing = run("simulate --config easy.cfg --trace nope.swf --nodes 2");
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("nope.swf"), std::string::npos) << missing.err;
  auto no_nodes = run("simulate --config easy.cfg --trace story.swf");
  EXPECT_EQ(no_nodes.code, 2);
  EXPECT_NE(no_nodes.err.find("no nodes"), std::string::npos) << no_nodes.err;
  auto bad_spec = run("simulate --config easy.cfg --trace story.swf --nodes 2 --reservation 'm STARTTIME=1'");
  EXPECT_EQ(bad_spec.code, 2);
  EXPECT_NE(bad_spec.err.find("ENDTIME (or DURATION) is required"), std::string::npos) << bad_spec.err;
  // Ending before it starts, or lasting nothing (tests/fuzz/crashes/reservation-ends-before-it-starts.spec).
  auto backwards =
      run("simulate --config easy.cfg --trace story.swf --nodes 2 --reservation 'm STARTTIME=100 ENDTIME=50 "
          "HOSTLIST=node001'");
  EXPECT_EQ(backwards.code, 2);
  EXPECT_NE(backwards.err.find("ENDTIME (50) must be after STARTTIME (100)"), std::string::npos) << backwards.err;
  auto empty =
      run("simulate --config easy.cfg --trace story.swf --nodes 2 --reservation 'm STARTTIME=100 DURATION=0 "
          "HOSTLIST=node001'");
  EXPECT_EQ(empty.code, 2);
  EXPECT_NE(empty.err.find("DURATION must be more than 0"), std::string::npos) << empty.err;
  auto bad_host =
      run("simulate --config easy.cfg --trace story.swf --nodes 2 "
          "--reservation 'm STARTTIME=1 ENDTIME=2 HOSTLIST=node009'");
  EXPECT_EQ(bad_host.code, 2);
  EXPECT_NE(bad_host.err.find("node009 is not a node of the cluster"), std::string::npos) << bad_host.err;
  EXPECT_EQ(run("simulate --config easy.cfg --trace story.swf --procs-per-node 0 --nodes 2").code, 2);
  // Beyond schemas/ir.h's bounds: refused before anything is built (a cluster of 10^9 nodes
  // would not fit in memory; 10^10 procs per node would overflow the cluster's total).
  for (const char* args : {"--nodes 1000001", "--nodes 2 --procs-per-node 1000000001"}) {
    auto big = run(std::string("simulate --config easy.cfg --trace story.swf ") + args);
    EXPECT_EQ(big.code, 2) << args;
    EXPECT_NE(big.err.find("expected --nodes from 0 to 1000000, --procs-per-node from 1 to 1000000000"),
              std::string::npos)
        << big.err;
    EXPECT_EQ(big.out, "") << args;
  }
  EXPECT_EQ(run("simulate --config easy.cfg --trace story.swf --nodes 1000 --procs-per-node 1000000000").code, 0);
  // Output that cannot be written is an I/O error, never a run that looks complete.
  auto csv = run("simulate --config easy.cfg --trace story.swf --nodes 2 --jobs-out /dev/full");
  EXPECT_EQ(csv.code, 2);
  EXPECT_NE(csv.err.find("mauirun: cannot write '/dev/full': No space left on device"), std::string::npos) << csv.err;
  auto out = run("simulate --config easy.cfg --trace story.swf --nodes 2 >/dev/full");
  EXPECT_TRUE(out.exited) << "killed by signal " << out.signal;
  EXPECT_EQ(out.code, 2);
  EXPECT_NE(out.err.find("mauirun: cannot write standard output: No space left on device"), std::string::npos)
      << out.err;
}

// ---------------------------------------------------------------------------------------------
// mauirun schedule

// EASY (priority by queue time, FIRSTFIT backfill, RESERVATIONDEPTH 1) on two 4-proc nodes at
// 1700000000. r1 runs 4 tasks on n1 until 1700001800 (started 30 minutes ago, 1 h limit). The
// queue, by priority (minutes waited): q1 (6 tasks, 1 h, waited 50 min), q2 (4 tasks, 2 h, 33
// min), q3 (2 tasks, 2 h, 16 min), q9 (9 tasks, 10 s).
//  - q9 needs 9 procs of the cluster's 8: never runnable.
//  - q1 needs 6 procs; only n2's 4 are free: it cannot start, and as the top blocked job it gets
//    the one reservation, at the earliest time 6 procs are free: 1700001800, when r1 ends, until
//    1700005400. A reservation takes nodes busy now before idle ones: n1:4, then n2:2.
//  - q2 would take all of n2 until 1700007200, into q1's n2:2 from 1700001800: it waits.
//  - q3 takes 2 procs of n2 until 1700007200: the 2 that q1's reservation leaves free. It starts
//    now on n2:2, by backfill (q1 and q2, of higher priority, wait).
constexpr std::string_view kEasyConfig =
    "SERVERHOST head\nQUEUETIMEWEIGHT 1\nJOBPRIOACCRUALPOLICY ALWAYS\nBACKFILLPOLICY FIRSTFIT\n"
    "RESERVATIONPOLICY CURRENTHIGHEST\nRESERVATIONDEPTH 1\nNODEALLOCATIONPOLICY FIRSTAVAILABLE\n";
constexpr std::string_view kEasySnapshot = R"({
  "now": 1700000000,
  "nodes": [{"name": "n1", "procs": 4}, {"name": "n2", "procs": 4}],
  "jobs": [
    {"id": "r1", "user": "ann", "tasks": 4, "walltime": 3600, "submit_time": 1699998000, "state": "Running",
     "start_time": 1699998200, "allocated_nodes": ["n1"], "allocated_tasks": [4]},
    {"id": "q1", "user": "bob", "tasks": 6, "walltime": 3600, "submit_time": 1699997000},
    {"id": "q2", "user": "cat", "tasks": 4, "walltime": 7200, "submit_time": 1699998000},
    {"id": "q3", "user": "dan", "tasks": 2, "walltime": 7200, "submit_time": 1699999000},
    {"id": "q9", "user": "eve", "tasks": 9, "walltime": 10, "submit_time": 1699999990}
  ]})";

class ScheduleTool : public MauirunTool {
 protected:
  void SetUp() override {
    MauirunTool::SetUp();
    write("easy.cfg", kEasyConfig);
    write("easy.json", kEasySnapshot);
  }
};

TEST_F(ScheduleTool, EasyBackfillWorkedByHand) {
  auto text = run("schedule --config easy.cfg --jobs easy.json");
  ASSERT_TRUE(text.exited);
  EXPECT_EQ(text.code, 0) << text.err;
  EXPECT_EQ(text.out,
            "starts (1)\n"
            "  q3  backfill  n2:2\n"
            "reservations (1)\n"
            "  q1  1700001800 (in 00:30:00) until 1700005400  n1:4 n2:2\n"
            "never runnable (1)\n"
            "  q9  needs 9 procs; the cluster's usable nodes have 8\n");
  EXPECT_EQ(text.err, "");

  auto r = run("schedule --config easy.cfg --jobs easy.json --format json");
  EXPECT_EQ(r.code, 0) << r.err;
  auto parsed = json::parse(r.out);
  ASSERT_TRUE(bool(parsed)) << r.out;
  const json::Object& o = *parsed->getAsObject();
  EXPECT_EQ(o.getInteger("version").getValueOr(-1), 1);
  EXPECT_EQ(o.getInteger("now").getValueOr(-1), 1700000000);
  const json::Array& starts = *o.getArray("starts");
  ASSERT_EQ(starts.size(), 1u) << r.out;
  const json::Object& start = *starts[0].getAsObject();
  EXPECT_EQ(start.getString("job").getValueOr(""), "q3");
  EXPECT_EQ(start.getBoolean("backfill").getValueOr(false), true);
  const json::Array& nodes = *start.getArray("nodes");
  ASSERT_EQ(nodes.size(), 1u);
  EXPECT_EQ(nodes[0].getAsObject()->getString("name").getValueOr(""), "n2");
  EXPECT_EQ(nodes[0].getAsObject()->getInteger("tasks").getValueOr(-1), 2);
  const json::Array& reservations = *o.getArray("reservations");
  ASSERT_EQ(reservations.size(), 1u) << r.out;
  const json::Object& q1 = *reservations[0].getAsObject();
  EXPECT_EQ(q1.getString("job").getValueOr(""), "q1");
  EXPECT_EQ(q1.getInteger("start").getValueOr(-1), 1700001800);
  EXPECT_EQ(q1.getInteger("end").getValueOr(-1), 1700005400);
  EXPECT_EQ(q1.getArray("nodes")->size(), 2u);
  const json::Array& never = *o.getArray("never_runnable");
  ASSERT_EQ(never.size(), 1u);
  EXPECT_EQ(never[0].getAsObject()->getString("job").getValueOr(""), "q9");
  EXPECT_TRUE(o.getArray("preempted")->empty());
  EXPECT_TRUE(o.getArray("warnings")->empty());
  EXPECT_EQ(run("schedule --config easy.cfg --jobs easy.json --format json").out, r.out);  // the same bytes
}

// Once r1 has ended (a completed job now), all 8 procs are free: q1 starts at once by priority
// on n1:4 n2:2 (the first available nodes). q2 (4 tasks) finds 2 procs free: it is now the top
// blocked job and is reserved at q1's end, 1700003600, on n1:4 (n1 is held by q1 whole). q3
// still fits in n2's last 2 procs, which q2's reservation leaves alone: backfilled.
TEST_F(ScheduleTool, TheTopJobStartsWhenItFits) {
  std::string snapshot(kEasySnapshot);
  snapshot.replace(snapshot.find("\"Running\""), 9, "\"Completed\"");
  write("ended.json", snapshot);
  auto r = run("schedule --config easy.cfg --jobs ended.json");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out,
            "starts (2)\n"
            "  q1  priority  n1:4 n2:2\n"
            "  q3  backfill  n2:2\n"
            "reservations (1)\n"
            "  q2  1700003600 (in 01:00:00) until 1700010800  n1:4\n"
            "never runnable (1)\n"
            "  q9  needs 9 procs; the cluster's usable nodes have 8\n");
}

// --show: the client commands on the snapshot, as serve answers them after a turn on it that
// applied nothing, instead of the decisions. By the decisions worked out above: q1's
// reservation starts when r1 ends, in 30 minutes, on n1:4 n2:2; q3 is starting on n2:2.
TEST_F(ScheduleTool, ShowPrintsTheViewsOfTheSnapshot) {
  auto r = run("schedule --config easy.cfg --jobs easy.json --show 'showstart q1' --show 'checkjob q3'");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Earliest start in         00:30:00"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Nodes: n1:4 n2:2\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("checking job q3\n\nState: Starting\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Allocated Nodes:\n[n2:2]\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("starts ("), std::string::npos) << "the decisions are not printed with --show";
  // A view's bad arguments are said before anything runs; a job the snapshot lacks is not found.
  auto bad = run("schedule --config easy.cfg --jobs easy.json --show 'showq -z'");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("mauirun schedule: --show: showq: unknown option '-z'"), std::string::npos) << bad.err;
  EXPECT_EQ(bad.out, "");
  EXPECT_EQ(run("schedule --config easy.cfg --jobs easy.json --show 'checkjob nosuch'").code, 1);
}

TEST_F(ScheduleTool, BadInputExitsTwo) {
  write("bad.json", R"({"nodes": [{"name": "n1", "procs": 4}],
    "jobs": [{"id": "r", "user": "x", "tasks": 2, "walltime": 60, "submit_time": 1, "state": "Running",
              "start_time": 1, "allocated_nodes": ["n1"], "allocated_tasks": [1, 1]}]})");
  auto r = run("schedule --config easy.cfg --jobs bad.json");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("bad.json:3:78: error: jobs[0].allocated_tasks: 2 task counts for 1 allocated nodes"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(run("schedule --config easy.cfg").code, 2);  // --jobs is required
  EXPECT_EQ(run("schedule --config easy.cfg --jobs easy.json --format xml").code, 2);
  EXPECT_EQ(run("schedule --config missing.cfg --jobs easy.json").code, 2);
}
