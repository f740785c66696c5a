// The `mauic check` and `mauic diff` commands: exit codes, formats, --baseline, --print-smtlib,
// --assert, and bad input (missing file, unknown option, wrong arity).
#include <filesystem>

#include "llvm/Support/JSON.h"
#include "tests/command_test_support.h"

namespace {

using maui::testing_support::shell_quote;

class CheckTool : public maui::testing_support::TempDirTest {
 protected:
  maui::testing_support::CommandOutcome mauic(const std::string& args) { return run_in_dir(MAUIC_PATH, args); }
};

const char* kStarved = "SERVERHOST h\nFSPOLICY DEDICATEDPS\nNODECFG[n01] PROCS=4\nUSERCFG[steve] FSTARGET=0.5^\n";
const char* kWarningOnly = "SERVERHOST h\nQUEUETIMEWEIGHT 5000\n";
const char* kClean = "SERVERHOST h\nNODECFG[n01] PROCS=4\nUSERCFG[steve] MAXJOB=2\n";

TEST_F(CheckTool, ExitCodes) {
  write("starved.cfg", kStarved);
  write("warning.cfg", kWarningOnly);
  write("clean.cfg", kClean);
  EXPECT_EQ(mauic("check clean.cfg").code, 0);
  EXPECT_EQ(mauic("check starved.cfg").code, 1);  // a VIOLATED error
  EXPECT_EQ(mauic("check warning.cfg").code, 0);  // only a warning, --fail-on error
  EXPECT_EQ(mauic("check warning.cfg --fail-on warning").code, 1);
  EXPECT_EQ(mauic("check missing.cfg").code, 2);
  EXPECT_EQ(mauic("check clean.cfg --format yaml").code, 2);
  EXPECT_EQ(mauic("check clean.cfg --no-such-option").code, 2);
  EXPECT_EQ(mauic("check clean.cfg --assert nothing.txt").code, 2);  // an unreadable assertions file
}

// --cluster JOBS.json: the properties are about its nodes; a bad file is a located error (exit 2).
TEST_F(CheckTool, ClusterNodesComeFromJobsJson) {
  write("procs.cfg", "SERVERHOST h\nRESWEIGHT 1\nPROCWEIGHT 100000000\n");
  write("cluster.json", R"({"nodes": [{"name": "n01", "procs": 8}, {"name": "n02", "procs": 8}], "jobs": []})");
  auto r = mauic("check procs.cfg --cluster cluster.json");
  EXPECT_EQ(r.code, 0) << r.out << r.err;  // the VIOLATED cap is a warning
  EXPECT_NE(r.out.find("any job (10 procs, walltime 1:00:00, queued 0:01:00)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("at most 16 procs (the 2 nodes of cluster.json)"), std::string::npos) << r.out;
  auto without = mauic("check procs.cfg");
  EXPECT_NE(without.out.find("UNKNOWN: whether a job's priority can reach the 1e9 cap"), std::string::npos)
      << without.out;

  write("empty.json", R"({"nodes": [], "jobs": []})");
  auto empty = mauic("check procs.cfg --cluster empty.json");
  EXPECT_EQ(empty.code, 2);
  EXPECT_NE(empty.err.find("empty.json: error: nodes: expected the cluster's nodes"), std::string::npos) << empty.err;
  write("broken.json", "{\"nodes\": [{\"name\": \"n01\", \"procs\": -4}], \"jobs\": []}");
  auto broken = mauic("check procs.cfg --cluster broken.json");
  EXPECT_EQ(broken.code, 2);
  EXPECT_NE(broken.err.find("broken.json:1:37: error: nodes[0].procs: "), std::string::npos) << broken.err;
  write("syntax.json", "{\"nodes\": [\n");
  auto syntax = mauic("check procs.cfg --cluster syntax.json");
  EXPECT_EQ(syntax.code, 2);
  EXPECT_NE(syntax.err.find("syntax.json:2:"), std::string::npos) << syntax.err;
  EXPECT_EQ(mauic("check procs.cfg --cluster missing.json").code, 2);
}

// --assert (docs/check.md, "Assertions"): QOS hiprio's 1000 is worth 1000 minutes of queue time.
const char* kQos =
    "SERVERHOST h\nQOSCFG[hiprio] PRIORITY=1000\nQOSCFG[normal] PRIORITY=0\nQOSWEIGHT 1\n"
    "USERCFG[DEFAULT] QLIST=hiprio,normal\n";

TEST_F(CheckTool, AssertExitCodes) {
  write("qos.cfg", kQos);
  write("holds.assert", "assert outranks: job(qos=hiprio) > job(qos=normal) when queuetime < 16:00:00\n");
  write("fails.assert", "assert outranks: job(qos=hiprio) > job(qos=normal) when queuetime < 24:00:00\n");
  auto proved = mauic("check qos.cfg --assert holds.assert");
  EXPECT_EQ(proved.code, 0) << proved.out << proved.err;
  EXPECT_NE(proved.out.find("holds.assert:1: proved: "), std::string::npos) << proved.out;
  auto violated = mauic("check qos.cfg --assert fails.assert");
  EXPECT_EQ(violated.code, 1) << violated.out << violated.err;
  EXPECT_NE(violated.out.find("fails.assert:1:1: error: VIOLATED: "), std::string::npos) << violated.out;
  EXPECT_NE(violated.out.find("[priority-assertion]"), std::string::npos) << violated.out;
}

TEST_F(CheckTool, AssertBadLineIsLocatedAndExitsTwoAfterTheRest) {
  write("qos.cfg", kQos);
  write("mixed.assert",
        "assert outranks: job(qos=hiprio) > job(qos=normal) when queuetime < 16:00:00\n"
        "assert share: component(FS) <= 30 of total\n"
        "assert bound: priority(job(user=nobody)) >= 1\n");
  auto r = mauic("check qos.cfg --assert mixed.assert");
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("mixed.assert:2:34: error: expected '%' [assert-syntax]"), std::string::npos) << r.err;
  // The good lines are still checked and printed; the unknown user is a warning.
  EXPECT_NE(r.out.find("mixed.assert:1: proved: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("mixed.assert:3: proved: "), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("mixed.assert:3:33: warning: user 'nobody' is not named in the config"), std::string::npos)
      << r.err;
  EXPECT_EQ(mauic("check qos.cfg --assert missing.assert").code, 2);
}

TEST_F(CheckTool, UnknownExitsThreeWithFailOnUnknown) {
  // A TASKCOUNT on nodes of unknown size cannot be decided.
  write("unknown.cfg",
        "SERVERHOST h\nSRCFG[r] TASKCOUNT=8 RESOURCES=PROCS:2 HOSTLIST=a1,a2 ACCESS=SHARED USERLIST=ann\n");
  auto r = mauic("check unknown.cfg --fail-on unknown");
  EXPECT_EQ(r.code, 3) << r.out << r.err;
  EXPECT_EQ(mauic("check unknown.cfg").code, 0);
}

TEST_F(CheckTool, JsonContract) {
  write("starved.cfg", kStarved);
  auto r = mauic("check starved.cfg --format json");
  auto parsed = llvm::json::parse(r.out);
  ASSERT_TRUE(static_cast<bool>(parsed)) << r.out;
  const auto* doc = parsed->getAsObject();
  EXPECT_EQ(doc->getInteger("version").getValueOr(0), 1);
  const auto* results = doc->getArray("results");
  ASSERT_NE(results, nullptr);
  bool starved = false;
  for (const auto& v : *results) {
    const auto* o = v.getAsObject();
    for (const char* key : {"property", "status", "severity", "file", "message"}) EXPECT_TRUE(o->getString(key)) << key;
    EXPECT_TRUE(o->getInteger("line"));
    EXPECT_TRUE(o->getArray("blame"));
    if (o->getString("property") == llvm::StringRef("starvation") &&
        o->getString("status") == llvm::StringRef("VIOLATED")) {
      starved = true;
      EXPECT_EQ(o->getString("subject").getValueOr(""), "user steve");
      EXPECT_EQ(o->getInteger("line").getValueOr(0), 4);
      ASSERT_TRUE(o->getObject("witness"));
      EXPECT_EQ(o->getArray("blame")->size(), 1u);
    }
  }
  EXPECT_TRUE(starved) << r.out;
}

TEST_F(CheckTool, SarifAndBaseline) {
  write("starved.cfg", kStarved);
  auto sarif = mauic("check starved.cfg --format sarif");
  auto parsed = llvm::json::parse(sarif.out);
  ASSERT_TRUE(static_cast<bool>(parsed)) << sarif.out;
  EXPECT_NE(sarif.out.find("\"relatedLocations\""), std::string::npos);
  EXPECT_NE(sarif.out.find("\"mauicCheck/v1\""), std::string::npos);
  write("base.sarif", sarif.out);
  // With its own findings as the baseline, nothing new: exit 0 and no VIOLATED result.
  auto again = mauic("check starved.cfg --baseline base.sarif");
  EXPECT_EQ(again.code, 0) << again.out;
  EXPECT_EQ(again.out.find("VIOLATED"), std::string::npos) << again.out;
  // A new finding still shows.
  write("starved.cfg", std::string(kStarved) + "USERCFG[ann] FSTARGET=0.25^\n");
  auto more = mauic("check starved.cfg --baseline base.sarif");
  EXPECT_EQ(more.code, 1);
  EXPECT_NE(more.out.find("user ann"), std::string::npos) << more.out;
  EXPECT_EQ(mauic("check starved.cfg --baseline nothing.sarif").code, 2);
  write("bad.sarif", "{]");
  EXPECT_EQ(mauic("check starved.cfg --baseline bad.sarif").code, 2);
  // Nesting that would overflow the JSON parser's stack is refused before it is parsed.
  write("deep.sarif", std::string(100000, '[') + std::string(100000, ']'));
  auto deep = mauic("check starved.cfg --baseline deep.sarif");
  EXPECT_TRUE(deep.exited) << "killed by signal " << deep.signal;
  EXPECT_EQ(deep.code, 2);
  EXPECT_NE(deep.err.find("deep.sarif:1:65: not JSON: nested deeper than 64 levels"), std::string::npos) << deep.err;
}

TEST_F(CheckTool, PrintSmtlib) {
  write("clean.cfg", kClean);
  EXPECT_EQ(mauic("check clean.cfg --print-smtlib queries").code, 0);
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir_ / "queries")) files += e.path().extension() == ".smt2";
  EXPECT_GT(files, 0u);

  // A query file that cannot be written (here each name leads to /dev/full: the disk is full)
  // is an I/O error: exit 2 and the file named, never a run that looks complete.
  std::filesystem::create_directory(dir_ / "full");
  for (const auto& e : std::filesystem::directory_iterator(dir_ / "queries"))
    std::filesystem::create_symlink("/dev/full", dir_ / "full" / e.path().filename());
  auto full = mauic("check clean.cfg --print-smtlib full");
  EXPECT_EQ(full.code, 2) << full.err;
  EXPECT_NE(full.err.find("mauic: cannot write 'full/"), std::string::npos) << full.err;
  EXPECT_NE(full.err.find("No space left on device"), std::string::npos) << full.err;
}

// Standard output that cannot be written is an I/O error (exit 2, said on stderr), not an abort.
TEST_F(CheckTool, FullStandardOutputIsAnError) {
  write("clean.cfg", kClean);
  auto r = run_in_dir(MAUIC_PATH, "lint clean.cfg --format json >/dev/full");
  EXPECT_TRUE(r.exited) << "killed by signal " << r.signal;
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "mauic: cannot write standard output: No space left on device\n");
  auto help = run_in_dir(MAUIC_PATH, "--help >/dev/full");
  EXPECT_TRUE(help.exited) << "killed by signal " << help.signal;
  EXPECT_EQ(help.code, 2);
}

TEST_F(CheckTool, DiffFailOnNewAccess) {
  write("old.cfg",
        "SERVERHOST h\nNODECFG[n1] PROCS=2\nSRCFG[r] HOSTLIST=n1 PERIOD=INFINITY ACCESS=SHARED GROUPLIST=ops\n");
  write("new.cfg",
        "SERVERHOST h\nNODECFG[n1] PROCS=2\nSRCFG[r] HOSTLIST=n1 PERIOD=INFINITY ACCESS=SHARED GROUPLIST=ops,staff\n");
  auto r = mauic("diff old.cfg new.cfg --fail-on-new-access");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("+ group staff gains n1 always"), std::string::npos) << r.out;
  EXPECT_EQ(mauic("diff old.cfg new.cfg").code, 0);
  EXPECT_EQ(mauic("diff new.cfg old.cfg --fail-on-new-access").code, 0);  // only losses
  auto json = mauic("diff old.cfg new.cfg --format json");
  EXPECT_TRUE(static_cast<bool>(llvm::json::parse(json.out))) << json.out;
  auto sarif = mauic("diff old.cfg new.cfg --format sarif");
  EXPECT_TRUE(static_cast<bool>(llvm::json::parse(sarif.out))) << sarif.out;
  EXPECT_EQ(mauic("diff old.cfg").code, 2);
  EXPECT_EQ(mauic("diff old.cfg missing.cfg").code, 2);
}

// --simulate: the three jobs of tests/report/README.md under EASY and with user u2 favoured. u2
// waits 180 s, then 80 s; u1 45 s, then 95 s.
TEST_F(CheckTool, DiffSimulate) {
  const std::string src = MAUI_SOURCE_DIR;
  std::filesystem::copy_file(src + "/examples/easy.cfg", dir_ / "old.cfg");
  std::filesystem::copy_file(src + "/tests/report/favour_u2.cfg", dir_ / "new.cfg");
  std::filesystem::copy_file(src + "/tests/report/three_jobs.swf", dir_ / "three.swf");
  auto r = mauic("diff old.cfg new.cfg --simulate three.swf --nodes 2");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0) << r.err;
  const auto summary = r.out.find("mauirun compare: old.cfg → new.cfg on three.swf\n");
  ASSERT_NE(summary, std::string::npos) << r.out;
  EXPECT_GT(summary, 0u);  // after the diff itself
  EXPECT_NE(r.out.find("    user u2: average wait 0:03:00 → 0:01:20 (-56 %)\n"), std::string::npos) << r.out;
  auto json = mauic("diff old.cfg new.cfg --simulate three.swf --nodes 2 --format json");
  auto parsed = llvm::json::parse(json.out);
  ASSERT_TRUE(static_cast<bool>(parsed)) << json.out;
  const auto* simulation = parsed->getAsObject()->getObject("simulation");
  ASSERT_NE(simulation, nullptr);
  const auto& first = *(*simulation->getObject("by")->getArray("user"))[0].getAsObject();
  EXPECT_EQ(*first.getString("name"), "u2");
  EXPECT_EQ(*first.getObject("change")->getInteger("average_wait"), -100);
  EXPECT_NE(parsed->getAsObject()->get("version"), nullptr);  // the diff's own JSON is still there
  // No --nodes and no NODECFG: nothing to replay on.
  auto no_nodes = mauic("diff old.cfg new.cfg --simulate three.swf");
  EXPECT_EQ(no_nodes.code, 2);
  EXPECT_NE(no_nodes.err.find("old.cfg: the simulated cluster has no nodes"), std::string::npos) << no_nodes.err;
  EXPECT_EQ(mauic("diff old.cfg new.cfg --simulate missing.swf --nodes 2").code, 2);
}

}  // namespace
