// mauic check (checker/prove/): golden cases per property (tests/golden/check/<id>/{proved,
// violated}/, expected output in expected.check.txt and expected.check.json), the manual's
// examples (6.2.2, 7.1.5 Examples 3, 4 and 5), every corpus config without an internal error.
//
// Regenerate the expectations with:  MAUI_UPDATE_GOLDEN=1 ./prove_tests   (then review the diff)
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "checker/pipeline.h"
#include "checker/prove/prove.h"
#include "checker/prove/render.h"
#include "llvm/Support/JSON.h"
#include "runtime/engine/acl.h"
#include "tests/golden_support.h"
#include "tests/prove_support.h"

namespace fs = std::filesystem;
using maui::prove::Report;
using maui::prove::Result;
using maui::prove::Status;
using maui::testing_support::check_in;
using maui::testing_support::Checked;
using maui::testing_support::compare_golden;
using maui::testing_support::read_file;

namespace {

Checked check_text(const std::string& text) { return maui::testing_support::check_config(text); }

std::vector<const Result*> results_of(const Report& r, std::string_view property, std::string_view check = {}) {
  std::vector<const Result*> out;
  for (const auto& x : r.results)
    if (x.property == property && (check.empty() || x.check == check)) out.push_back(&x);
  return out;
}

std::size_t count(const Report& r, std::string_view property, Status s, std::string_view check = {}) {
  std::size_t n = 0;
  for (const auto* x : results_of(r, property, check)) n += x->status == s;
  return n;
}

const Result* find(const Report& r, std::string_view property, std::string_view subject) {
  for (const auto& x : r.results)
    if (x.property == property && x.subject == subject) return &x;
  return nullptr;
}

// ---------------------------------------------------------------------------------------------
// Golden cases: every property has a PROVED and a VIOLATED case.

std::vector<std::string> golden_cases() {
  std::vector<std::string> names;
  fs::path root = fs::path(MAUI_SOURCE_DIR) / "tests" / "golden" / "check";
  for (const auto& p : fs::directory_iterator(root))
    for (const char* kind : {"proved", "violated"})
      if (fs::exists(p.path() / kind / "input.cfg")) names.push_back(p.path().filename().string() + "/" + kind);
  std::sort(names.begin(), names.end());
  return names;
}

class CheckGolden : public testing::TestWithParam<std::string> {};

TEST_P(CheckGolden, OutputMatchesAndShowsTheStatus) {
  fs::path dir = fs::path(MAUI_SOURCE_DIR) / "tests" / "golden" / "check" / GetParam();
  Checked c = check_in(dir, "input.cfg");
  EXPECT_TRUE(c.report.internal_errors.empty()) << c.report.internal_errors.front();
  compare_golden(dir / "expected.check.txt", c.text);
  compare_golden(dir / "expected.check.json", c.json);
  std::string property = fs::path(GetParam()).parent_path().string();
  bool violated_case = fs::path(GetParam()).filename() == "violated";
  if (violated_case) {
    EXPECT_GT(count(c.report, property, Status::Violated), 0u) << property;
  } else {
    EXPECT_GT(count(c.report, property, Status::Proved), 0u) << property;
    EXPECT_EQ(count(c.report, property, Status::Violated), 0u) << property;
  }
  // Every VIOLATED result says why: a witness or blamed lines.
  for (const auto& r : c.report.results) {
    if (r.status == Status::Violated) {
      EXPECT_TRUE(!r.witness.empty() || !r.blame.empty()) << r.message;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Properties, CheckGolden, testing::ValuesIn(golden_cases()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           std::string n = info.param;
                           for (char& ch : n)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return n;
                         });

TEST(CheckGolden, EveryPropertyHasBothCasesAndADocPage) {
  for (const auto& p : maui::prove::all_properties()) {
    fs::path dir = fs::path(MAUI_SOURCE_DIR) / "tests" / "golden" / "check" / std::string(p.id);
    EXPECT_TRUE(fs::exists(dir / "proved" / "input.cfg")) << p.id;
    EXPECT_TRUE(fs::exists(dir / "violated" / "input.cfg")) << p.id;
    fs::path page = fs::path(MAUI_SOURCE_DIR) / "docs" / "rules" / "check" / (std::string(p.id) + ".md");
    ASSERT_TRUE(fs::exists(page)) << page;
    EXPECT_EQ(read_file(page).substr(0, p.id.size() + 2), "# " + std::string(p.id)) << page;
  }
}

// ---------------------------------------------------------------------------------------------
// The manual's examples.

TEST(CheckManual, OverrideExample622) {
  // 6.2.2: user steve's hiprio job. OMAXNODE=64 supersedes steve's MAXNODE=30 and class batch's
  // MAXNODE=32 (and DEFAULT's 16); MAXJOB limits are not overridden, so the job stays within
  // steve 2 jobs, staff 5 jobs, hiprio 3 jobs: the override only loosens, a job of steve starts.
  Checked c = check_text(
      "SERVERHOST h\nUSERCFG[steve] MAXJOB=2 MAXNODE=30 QLIST=hiprio\nGROUPCFG[staff] MAXJOB=5\n"
      "CLASSCFG[DEFAULT] MAXNODE=16\nCLASSCFG[batch] MAXNODE=32\nQOSCFG[hiprio] MAXJOB=3 OMAXNODE=64\n");
  const Result* r = find(c.report, "override-consistency", "QOS hiprio OMAXNODE");
  ASSERT_NE(r, nullptr) << c.text;
  EXPECT_EQ(r->status, Status::Proved);
  EXPECT_NE(r->message.find("user steve 30"), std::string::npos) << r->message;
  EXPECT_NE(r->message.find("class batch 32"), std::string::npos) << r->message;
  EXPECT_NE(r->message.find("class DEFAULT 16"), std::string::npos) << r->message;
  EXPECT_EQ(count(c.report, "override-consistency", Status::Violated), 0u) << c.text;
  const Result* steve = find(c.report, "starvation", "user steve");
  ASSERT_NE(steve, nullptr);
  EXPECT_EQ(steve->status, Status::Proved);
}

TEST(CheckManual, OverrideStricterThanTheLimitItReplaces) {
  Checked c = check_text("SERVERHOST h\nUSERCFG[steve] MAXJOB=4 QLIST=hiprio\nQOSCFG[hiprio] OMAXJOB=2\n");
  const Result* r = find(c.report, "override-consistency", "QOS hiprio OMAXJOB user steve");
  ASSERT_NE(r, nullptr) << c.text;
  EXPECT_EQ(r->status, Status::Violated);
  EXPECT_EQ(r->witness.getInteger("usage").getValueOr(-1), 2);
  EXPECT_EQ(r->blame.size(), 2u);
}

// Idle overrides replace idle limits the same way (decision 43): OMAXIJOB=1 below steve's
// MAXIJOB=3 blocks a second queued hiprio job that QOS DEFAULT would admit; OMAXIPROC=64 above
// the group's MAXIPROC=16 only loosens.
TEST(CheckManual, IdleOverrideStricterThanTheIdleLimitItReplaces) {
  Checked c = check_text(
      "SERVERHOST h\nUSERCFG[steve] MAXIJOB=3 QLIST=hiprio\nGROUPCFG[DEFAULT] MAXIPROC=16\n"
      "QOSCFG[hiprio] OMAXIJOB=1 OMAXIPROC=64\n");
  ASSERT_TRUE(c.report.internal_errors.empty()) << c.report.internal_errors.front();
  const Result* r = find(c.report, "override-consistency", "QOS hiprio OMAXIJOB user steve");
  ASSERT_NE(r, nullptr) << c.text;
  EXPECT_EQ(r->status, Status::Violated);
  EXPECT_EQ(r->witness.getInteger("usage").getValueOr(-1), 1);
  EXPECT_NE(r->message.find("OMAXIJOB=1 replaces MAXIJOB=3; with 1 jobs queued a hiprio job is blocked that would be "
                            "eligible in QOS DEFAULT"),
            std::string::npos)
      << r->message;
  EXPECT_EQ(r->blame.size(), 2u);
  const Result* procs = find(c.report, "override-consistency", "QOS hiprio OMAXIPROC");
  ASSERT_NE(procs, nullptr) << c.text;
  EXPECT_EQ(procs->status, Status::Proved);
  EXPECT_NE(procs->message.find("group DEFAULT 16"), std::string::npos) << procs->message;
}

const char* kExample3 =
    "SERVERHOST h\nNODECFG[DEFAULT] PROCS=16\n"
    "NODECFG[node001]\nNODECFG[node002]\nNODECFG[node003]\nNODECFG[node004]\nNODECFG[node005]\nNODECFG[node020]\n"
    "SRCFG[interactive] DAYS=MON,TUE,WED,THU,FRI\nSRCFG[interactive] PERIOD=DAY\n"
    "SRCFG[interactive] STARTTIME=10:00:00 ENDTIME=15:00:00\nSRCFG[interactive] RESOURCES=PROCS:16\n"
    "SRCFG[interactive] HOSTLIST=node001,node002,node005,node020\nSRCFG[interactive] TASKCOUNT=4\n"
    "SRCFG[interactive] CLASSLIST=interactive\nSRCFG[interactive] ACCESS=SHARED\n"
    "SRCFG[debug] HOSTLIST=node001,node002,node003,node004\nSRCFG[debug] USERLIST=helpdesk\n"
    "SRCFG[debug] GROUPLIST=operations,sysadmin\nSRCFG[debug] PERIOD=INFINITY\nSRCFG[debug] ACCESS=SHARED\n";

TEST(CheckManual, Example3DoublyReservedNodes) {
  // "The job could only use the doubly reserved resources if it requested the run class
  // interactive AND it met the constraints of reservation debug".
  Checked c = check_text(kExample3);
  const Result* r = find(c.report, "sr-coverage", "stack debug+interactive");
  ASSERT_NE(r, nullptr) << c.text;
  EXPECT_EQ(r->status, Status::Proved);
  EXPECT_NE(r->message.find("node001, node002 Mon–Fri 10:00–15:00"), std::string::npos) << r->message;
  EXPECT_NE(
      r->message.find("(user helpdesk or group operations or group sysadmin) AND [interactive] class interactive"),
      std::string::npos)
      << r->message;
  const auto* job = r->witness.getObject("job");
  ASSERT_NE(job, nullptr);
  EXPECT_EQ(job->getString("class").getValueOr(""), "interactive");
  // Coverage: class interactive alone gets node005/node020 in business hours only; user
  // helpdesk alone gets node001-node004 outside them, and node003/node004 during them.
  std::string interactive, helpdesk;
  for (const auto& row : c.report.coverage) {
    if (row.credential.name == "interactive") interactive = row.text;
    if (row.credential.name == "helpdesk") helpdesk = row.text;
  }
  EXPECT_EQ(interactive, "class interactive: Mon–Fri 10:00–15:00 on node005, node020; otherwise unreserved nodes only");
  EXPECT_EQ(helpdesk,
            "user helpdesk: Mon–Fri 00:00–10:00 and 15:00–24:00, Sat–Sun all day on node001–node004; "
            "Mon–Fri 10:00–15:00 on node003, node004");
}

TEST(CheckManual, Example3AsWrittenIsDedicated) {
  // Without ACCESS both reservations are DEDICATED (decision 18): they cannot stack.
  std::string text = kExample3;
  for (auto pos = text.find("ACCESS=SHARED"); pos != std::string::npos; pos = text.find("ACCESS=SHARED"))
    text.replace(pos, 13, "PRIORITY=1");
  Checked c = check_text(text);
  EXPECT_GT(count(c.report, "sr-coverage", Status::Violated, "dedicated-overlap"), 0u) << c.text;
}

TEST(CheckManual, Example4TimelimitAndNotAccounts) {
  // TIMELIMIT=1:00:00* is required; QOS high/low/special- or an account other than projectX /
  // projectY admits; an account projectX job is excluded even with QOS high.
  Checked c = check_text(
      "SERVERHOST h\nNODECFG[DEFAULT] PROCS=4 FEATURES=largememory\nNODECFG[n01]\nNODECFG[n02]\nNODECFG[n03]\n"
      "SRCFG[special] TASKCOUNT=2 PERIOD=WEEK STARTTIME=1:08:00:00 ENDTIME=5:17:00:00 RESOURCES=PROCS:4\n"
      "SRCFG[special] NODEFEATURES=largememory TIMELIMIT=1:00:00* QOSLIST=high,low,special-\n"
      "SRCFG[special] ACCOUNTLIST=!projectX,!projectY\n");
  const Result* acl = find(c.report, "sr-coverage", "SRCFG[special]");
  ASSERT_NE(acl, nullptr);
  auto dead = results_of(c.report, "sr-coverage", "dead-acl");
  ASSERT_EQ(dead.size(), 1u);
  EXPECT_EQ(dead.front()->status, Status::Proved);
  std::string projectx, high;
  for (const auto& row : c.report.coverage) {
    if (row.credential.name == "projectX") projectx = row.text;
    if (row.credential.name == "high") high = row.text;
  }
  EXPECT_EQ(high,
            "qos high: Mon 08:00–24:00, Tue–Thu all day, Fri 00:00–17:00 on n01, n02; otherwise unreserved nodes only");
  EXPECT_EQ(projectx, "account projectX: unreserved nodes only");
  // The runtime agrees on the witness the checker reports for the reservation.
  maui::runtime::Job job;
  job.user = "u";
  job.account = "projectX";
  job.qos = "high";
  job.walltime = 1800;
  const auto& sr = c.unit->policy.standing_reservations.at("special");
  EXPECT_FALSE(maui::runtime::check_access(sr.acl, {&job, job.qos, 0}).granted);
}

TEST(CheckManual, Example5NegativeAffinity) {
  // ACCOUNTLIST=jupiter,saturn-: both accounts reach node01-node09 always (saturn with negative
  // affinity, which changes preference, not access).
  Checked c = check_text(
      "SERVERHOST h\nNODECFG[DEFAULT] PROCS=2\nNODECFG[node01]\nNODECFG[node02]\nNODECFG[node03]\nNODECFG[node04]\n"
      "NODECFG[node05]\nNODECFG[node06]\nNODECFG[node07]\nNODECFG[node08]\nNODECFG[node09]\nNODECFG[node10]\n"
      "ACCOUNTCFG[jupiter] PRIORITY=10000\nSRCFG[jupiter] HOSTLIST=node0[1-9]\nSRCFG[jupiter] PERIOD=INFINITY\n"
      "SRCFG[jupiter] ACCOUNTLIST=jupiter,saturn-\nSRCFG[jupiter] OWNER=ACCOUNT:jupiter\n"
      "SRCFG[jupiter] FLAGS=OWNERPREEMPT\nSRCFG[jupiter] PERIOD=INFINITY\n");
  std::map<std::string, std::string> rows;
  for (const auto& row : c.report.coverage) rows[row.credential.name] = row.text;
  EXPECT_EQ(rows["jupiter"], "account jupiter: always on node01–node09");
  EXPECT_EQ(rows["saturn"], "account saturn: always on node01–node09");
  EXPECT_TRUE(c.report.internal_errors.empty());
}

// ---------------------------------------------------------------------------------------------
// Every real-world config (tests/data/corpus/configs): checked without an internal error.

class CheckCorpus : public testing::TestWithParam<std::string> {};

TEST_P(CheckCorpus, NoInternalError) {
  Checked c = check_in(maui::testing_support::corpus_dir(), GetParam());
  for (const auto& e : c.report.internal_errors) ADD_FAILURE() << e;
  auto parsed = llvm::json::parse(c.json);
  ASSERT_TRUE(static_cast<bool>(parsed)) << llvm::toString(parsed.takeError());
  for (const auto& r : c.report.results) {
    EXPECT_FALSE(r.message.empty());
    EXPECT_NE(maui::prove::find_property(r.property), nullptr) << r.property;
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, CheckCorpus, testing::ValuesIn(maui::testing_support::corpus_config_names()),
                         maui::testing_support::config_test_name);

TEST(CheckSuppression, InlineIgnoreDropsTheFinding) {
  Checked plain = check_text("SERVERHOST h\nQUEUETIMEWEIGHT 5000\nFSUSERWEIGHT 10\n");
  ASSERT_EQ(count(plain.report, "priority-bounds", Status::Violated, "disabled-weight"), 1u);
  Checked ignored = check_text("SERVERHOST h\nQUEUETIMEWEIGHT 5000\nFSUSERWEIGHT 10 # mauic: ignore=priority-bounds\n");
  EXPECT_EQ(count(ignored.report, "priority-bounds", Status::Violated, "disabled-weight"), 0u);
}

TEST(CheckSmtlib, QueriesAreWrittenAsSmtlib) {
  std::string pattern = (fs::temp_directory_path() / "maui-prove-smtlib-XXXXXX").string();
  ASSERT_NE(mkdtemp(pattern.data()), nullptr);
  const fs::path dir(pattern);
  auto unit = maui::checker::check_text("x.cfg", "SERVERHOST h\nUSERCFG[a] FSTARGET=60\nUSERCFG[b] FSTARGET=50\n");
  maui::prove::Options o;
  o.smtlib_dir = dir.string();
  auto report = maui::prove::check_policy(*unit, o);
  std::string text = read_file(dir / "fairshare-targets-user.smt2");
  EXPECT_NE(text.find("(check-sat)"), std::string::npos);
  EXPECT_NE(text.find("share.a"), std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
