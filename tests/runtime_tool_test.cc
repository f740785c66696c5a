// Tests of the mauirun command line: the three subcommands on a small site, their JSON
// contracts (docs/jobs-json.md), exit codes (0 done, 1 a queued job is not eligible, 2 usage or
// input error) and located errors for bad JOBS.json and FS files.
//
// The binary under test is MAUIRUN_PATH (tests/CMakeLists.txt); commands run through /bin/sh
// with `exec`, so a crash shows up as a signal.
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "tests/command_test_support.h"

#include "llvm/Support/JSON.h"

namespace {

namespace fs = std::filesystem;
namespace json = llvm::json;

using Outcome = maui::testing_support::CommandOutcome;

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
  EXPECT_NE(r.err.find("bad.json: jobs[0].procs: expected a positive integer"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");

  write("fs/FS." + std::to_string(kWindow), "user john 3000\nuser steve lots\nsched NONE 10000\n");
  auto f = run("fairshare --config site.cfg --fs-dir fs --now 1700000000");
  EXPECT_EQ(f.code, 2);
  EXPECT_NE(f.err.find("fs/FS." + std::to_string(kWindow) + ":2: expected a usage"), std::string::npos) << f.err;
  EXPECT_NE(f.err.find("1 bad line"), std::string::npos) << f.err;
  EXPECT_NE(f.out.find("john"), std::string::npos);  // the good lines still count

  EXPECT_EQ(run("eligible --config missing.cfg --jobs jobs.json").code, 2);
  EXPECT_EQ(run("eligible --config site.cfg --jobs missing.json").code, 2);
  EXPECT_EQ(run("fairshare --config site.cfg --fs-dir nowhere").code, 2);
  EXPECT_EQ(run("priority --config site.cfg").code, 2);          // --jobs is required
  EXPECT_EQ(run("priority --config site.cfg --jobs jobs.json --format xml").code, 2);
  EXPECT_EQ(run("").code, 2);
  EXPECT_EQ(run("--version").code, 0);
}

}  // namespace
