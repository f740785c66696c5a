// mauic check --assert (checker/prove/assertions.h, priority_assertions.cc): the grammar one
// production at a time with exact error locations, the semantics of each assertion kind proved
// and violated with witnesses checked by hand against the priority formula, the issue's two
// examples, and the priority-assertion golden cases (tests/golden/check/priority-assertion/,
// whose assertions are input.assert next to input.cfg).
//
// Regenerate the golden expectations with:  MAUI_UPDATE_GOLDEN=1 ./prove_tests
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "checker/pipeline.h"
#include "checker/prove/assertions.h"
#include "checker/prove/prove.h"
#include "checker/prove/render.h"
#include "tests/golden_support.h"
#include "tests/prove_support.h"

namespace fs = std::filesystem;
using maui::prove::AssertionKind;
using maui::prove::Cmp;
using maui::prove::JobAttr;
using maui::prove::parse_assertions;
using maui::prove::Report;
using maui::prove::Result;
using maui::prove::Status;
using maui::testing_support::Checked;
using maui::testing_support::compare_golden;

namespace {

// ---------------------------------------------------------------------------------------------
// Grammar.

// The one error of a one-line file.
std::string error_of(const std::string& line) {
  auto f = parse_assertions(line + "\n", "a.assert");
  EXPECT_TRUE(f.assertions.empty()) << line;
  if (f.errors.size() == 1) return f.errors.front();
  return std::to_string(f.errors.size()) + " errors";
}

TEST(AssertGrammar, BlankAndCommentLinesAreNothing) {
  auto f = parse_assertions("\n   \n# a comment\n  # indented\n", "a.assert");
  EXPECT_TRUE(f.assertions.empty());
  EXPECT_TRUE(f.errors.empty());
}

TEST(AssertGrammar, Outranks) {
  auto f = parse_assertions(
      "assert outranks: job(qos=hiprio) > job(qos=normal, user=steve) when queuetime < 24:00:00  # day\n", "a.assert");
  ASSERT_EQ(f.assertions.size(), 1u) << (f.errors.empty() ? "" : f.errors.front());
  const auto& a = f.assertions.front();
  EXPECT_EQ(a.kind, AssertionKind::Outranks);
  EXPECT_EQ(a.line, 1u);
  EXPECT_EQ(a.column, 1u);
  EXPECT_FALSE(a.or_equal);
  ASSERT_EQ(a.jobs.size(), 2u);
  ASSERT_EQ(a.jobs[0].credentials.size(), 1u);
  EXPECT_EQ(a.jobs[0].credentials[0].kind, maui::ir::CredKind::Qos);
  EXPECT_EQ(a.jobs[0].credentials[0].name, "hiprio");
  EXPECT_EQ(a.jobs[0].credentials[0].column, 26u);
  ASSERT_EQ(a.jobs[1].credentials.size(), 2u);
  EXPECT_EQ(a.jobs[1].credentials[1].kind, maui::ir::CredKind::User);
  EXPECT_EQ(a.jobs[1].credentials[1].name, "steve");
  ASSERT_EQ(a.when.size(), 1u);
  EXPECT_EQ(a.when[0].attr, JobAttr::QueueTime);
  EXPECT_EQ(a.when[0].op, Cmp::Lt);
  EXPECT_EQ(a.when[0].value, 86400);
  // The statement as written, without the comment.
  EXPECT_EQ(a.text, "assert outranks: job(qos=hiprio) > job(qos=normal, user=steve) when queuetime < 24:00:00");
  auto ge = parse_assertions("assert outranks: job >= job()\n", "a.assert");
  ASSERT_EQ(ge.assertions.size(), 1u);
  EXPECT_TRUE(ge.assertions[0].or_equal);
  EXPECT_TRUE(ge.assertions[0].jobs[0].credentials.empty());
  EXPECT_TRUE(ge.assertions[0].jobs[1].credentials.empty());
}

TEST(AssertGrammar, ShareAndBound) {
  auto f = parse_assertions(
      "assert share: component(FS) <= 30% of total\n"
      "assert bound: priority(job(class=batch, user=steve)) >= -1000\n"
      "assert bound: component(SERV, job(procs <= 4)) <= 500000 when queuetime <= 7:00:00:00 and xfactor > 1.5\n",
      "a.assert");
  ASSERT_EQ(f.assertions.size(), 3u) << (f.errors.empty() ? "" : f.errors.front());
  const auto& share = f.assertions[0];
  EXPECT_EQ(share.kind, AssertionKind::Share);
  EXPECT_TRUE(share.of_component);
  EXPECT_EQ(share.component, maui::ir::PriorityComponent::Fairshare);
  EXPECT_EQ(share.op, Cmp::Le);
  EXPECT_EQ(share.value, 30);
  const auto& prio = f.assertions[1];
  EXPECT_EQ(prio.kind, AssertionKind::Bound);
  EXPECT_FALSE(prio.of_component);
  EXPECT_EQ(prio.op, Cmp::Ge);
  EXPECT_EQ(prio.value, -1000);
  EXPECT_EQ(prio.line, 2u);
  ASSERT_EQ(prio.jobs.size(), 1u);
  EXPECT_EQ(prio.jobs[0].credentials[0].kind, maui::ir::CredKind::Class);
  const auto& serv = f.assertions[2];
  EXPECT_EQ(serv.component, maui::ir::PriorityComponent::Service);
  ASSERT_EQ(serv.jobs.size(), 1u);
  ASSERT_EQ(serv.jobs[0].conditions.size(), 1u);
  EXPECT_EQ(serv.jobs[0].conditions[0].attr, JobAttr::Procs);
  EXPECT_EQ(serv.jobs[0].conditions[0].value, 4);
  ASSERT_EQ(serv.when.size(), 2u);
  EXPECT_EQ(serv.when[0].value, 7 * 86400);
  EXPECT_EQ(serv.when[1].attr, JobAttr::XFactor);
  EXPECT_EQ(serv.when[1].op, Cmp::Gt);
  EXPECT_EQ(serv.when[1].value, 1.5);
}

TEST(AssertGrammar, DurationsAreMauiTimes) {
  auto f = parse_assertions(
      "assert bound: priority(job) >= 1 when walltime = 90\n"
      "assert bound: priority(job) >= 1 when walltime = 1:30\n"
      "assert bound: priority(job) >= 1 when walltime = 2:00:00\n",
      "a.assert");
  ASSERT_EQ(f.assertions.size(), 3u);
  EXPECT_EQ(f.assertions[0].when[0].value, 90);
  EXPECT_EQ(f.assertions[1].when[0].value, 90);
  EXPECT_EQ(f.assertions[2].when[0].value, 7200);
  EXPECT_EQ(f.assertions[2].when[0].op, Cmp::Eq);
}

TEST(AssertGrammar, ErrorsAreLocatedAtTheFirstCharacterThatDoesNotFit) {
  EXPECT_EQ(error_of("hello"), "a.assert:1:1: error: expected 'assert', a '#' comment or a blank line [assert-syntax]");
  EXPECT_EQ(error_of("assert bogus"),
            "a.assert:1:8: error: expected 'outranks:', 'share:' or 'bound:' after 'assert' [assert-syntax]");
  EXPECT_EQ(error_of("assert outranks job"), "a.assert:1:17: error: expected ':' [assert-syntax]");
  EXPECT_EQ(error_of("assert outranks: jab"), "a.assert:1:18: error: expected 'job' or 'job(...)' [assert-syntax]");
  EXPECT_EQ(error_of("assert outranks: job < job"),
            "a.assert:1:22: error: expected '>' or '>=' between the two jobs [assert-syntax]");
  EXPECT_EQ(error_of("assert outranks: job(foo=1) > job"),
            "a.assert:1:22: error: expected user=, group=, account=, class=, qos= or a condition on queuetime, "
            "walltime, procs or xfactor [assert-syntax]");
  EXPECT_EQ(error_of("assert outranks: job(user=a b) > job"),
            "a.assert:1:29: error: expected ',' or ')' in the job [assert-syntax]");
  EXPECT_EQ(error_of("assert outranks: job(user) > job"),
            "a.assert:1:26: error: expected '=' and a name [assert-syntax]");
  EXPECT_EQ(error_of("assert outranks: job(user=) > job"),
            "a.assert:1:27: error: expected a credential name [assert-syntax]");
  EXPECT_EQ(error_of("assert outranks: job(procs ~ 2) > job"),
            "a.assert:1:28: error: expected a comparison: <, <=, =, >= or > [assert-syntax]");
  EXPECT_EQ(error_of("assert outranks: job(procs < x) > job"),
            "a.assert:1:30: error: expected a whole number [assert-syntax]");
  EXPECT_EQ(error_of("assert outranks: job(queuetime < x) > job"),
            "a.assert:1:34: error: expected a duration [[[DD:]HH:]MM:]SS [assert-syntax]");
  EXPECT_EQ(error_of("assert outranks: job(xfactor < x) > job"),
            "a.assert:1:32: error: expected a number [assert-syntax]");
  EXPECT_EQ(error_of("assert share: priority(job) <= 3% of total"),
            "a.assert:1:15: error: expected 'component(NAME)' [assert-syntax]");
  EXPECT_EQ(error_of("assert share: component FS) <= 3% of total"),
            "a.assert:1:25: error: expected '(' [assert-syntax]");
  EXPECT_EQ(error_of("assert share: component(XX) <= 3% of total"),
            "a.assert:1:25: error: expected a component: CRED, FS, RES, SERV, TARG or USAGE [assert-syntax]");
  EXPECT_EQ(error_of("assert share: component(FS <= 3% of total"),
            "a.assert:1:28: error: expected ')' [assert-syntax]");
  EXPECT_EQ(error_of("assert share: component(FS) is 3% of total"),
            "a.assert:1:29: error: expected a comparison: <, <=, =, >= or > [assert-syntax]");
  EXPECT_EQ(error_of("assert share: component(FS) <= x of total"),
            "a.assert:1:32: error: expected a percentage such as 30% [assert-syntax]");
  EXPECT_EQ(error_of("assert share: component(FS) <= 30 of total"),
            "a.assert:1:34: error: expected '%' [assert-syntax]");
  EXPECT_EQ(error_of("assert share: component(FS) <= 30% total"),
            "a.assert:1:36: error: expected 'of total' [assert-syntax]");
  EXPECT_EQ(error_of("assert share: component(FS) <= 30% of all"),
            "a.assert:1:39: error: expected 'total' [assert-syntax]");
  EXPECT_EQ(error_of("assert bound: job >= 1"),
            "a.assert:1:15: error: expected 'priority(job...)' or 'component(NAME)' [assert-syntax]");
  EXPECT_EQ(error_of("assert bound: priority(job) >= x"), "a.assert:1:32: error: expected a number [assert-syntax]");
  EXPECT_EQ(error_of("assert bound: priority(job) >= 1 unless"),
            "a.assert:1:34: error: expected 'when', a '#' comment or the end of the line [assert-syntax]");
  EXPECT_EQ(
      error_of("assert bound: priority(job) >= 1 when"),
      "a.assert:1:38: error: expected a condition: queuetime, walltime, procs or xfactor, a comparison and a value "
      "[assert-syntax]");
  EXPECT_EQ(error_of("assert bound: priority(job) >= 1 when procs < 1.5"),
            "a.assert:1:48: error: expected 'and', a '#' comment or the end of the line [assert-syntax]");
}

TEST(AssertGrammar, OneBadLineHidesNoOther) {
  auto f = parse_assertions(
      "assert bound: priority(job) >= 1\n"
      "assert bound: priority(job) >=\n"
      "oops\n"
      "assert share: component(FS) <= 30% of total\n",
      "a.assert");
  ASSERT_EQ(f.assertions.size(), 2u);
  EXPECT_EQ(f.assertions[0].line, 1u);
  EXPECT_EQ(f.assertions[1].line, 4u);
  ASSERT_EQ(f.errors.size(), 2u);
  EXPECT_EQ(f.errors[0], "a.assert:2:31: error: expected a number [assert-syntax]");
  EXPECT_EQ(f.errors[1], "a.assert:3:1: error: expected 'assert', a '#' comment or a blank line [assert-syntax]");
}

// ---------------------------------------------------------------------------------------------
// Semantics: each assertion kind proved and violated.

Checked check(const std::string& config, const std::string& assertions) {
  return maui::testing_support::check_config(config, assertions);
}

// The priority-assertion result on line `line` of the assertions file.
const Result* on_line(const Report& r, unsigned line) {
  for (const auto& x : r.results)
    if (x.property == "priority-assertion" && x.where.line == line) return &x;
  return nullptr;
}

std::int64_t number(const llvm::json::Object& o, llvm::StringRef key) { return o.getInteger(key).getValueOr(-1); }

// "16:40:00" -> minutes.
std::int64_t minutes(const llvm::json::Object& job) {
  auto text = job.getString("queued").getValueOr("").str();
  long h = 0, m = 0, s = 0;
  std::sscanf(text.c_str(), "%ld:%ld:%ld", &h, &m, &s);
  return h * 60 + m;  // whole minutes: the seconds never add a whole priority point here
}

bool blames(const Result& r, std::string_view message) {
  for (const auto& b : r.blame)
    if (b.message == message) return true;
  return false;
}

// Issue 5's first example. QOS PRIORITY p with QOSWEIGHT 1 against QUEUETIMEWEIGHT 1 per
// minute: hiprio outranks normal for a day iff p > 1440 minutes.
const char* kQosConfig = "SERVERHOST h\nQOSCFG[hiprio] PRIORITY={}\nQOSCFG[normal] PRIORITY=0\nQOSWEIGHT 1\n";
const char* kIssueOutranks = "assert outranks: job(qos=hiprio) > job(qos=normal) when queuetime < 24:00:00\n";

std::string qos_config(int priority) {
  std::string s = kQosConfig;
  return s.replace(s.find("{}"), 2, std::to_string(priority));
}

TEST(AssertSemantics, IssueExampleOutranksProved) {
  auto c = check(qos_config(2000), kIssueOutranks);
  const Result* r = on_line(c.report, 1);
  ASSERT_NE(r, nullptr) << c.text;
  EXPECT_EQ(r->status, Status::Proved) << r->message;
  EXPECT_EQ(r->check, "outranks");
  EXPECT_EQ(r->where.file, "input.assert");
  // It rests on hiprio's PRIORITY line (among the weights).
  bool priority_line = false;
  for (const auto& b : r->blame) priority_line |= b.file == "input.cfg" && b.line == 2;
  EXPECT_TRUE(priority_line) << c.json;
}

TEST(AssertSemantics, IssueExampleOutranksViolatedWithAReplayedPair) {
  auto c = check(qos_config(1000), kIssueOutranks);
  ASSERT_TRUE(c.report.internal_errors.empty()) << c.report.internal_errors.front();
  const Result* r = on_line(c.report, 1);
  ASSERT_NE(r, nullptr) << c.text;
  ASSERT_EQ(r->status, Status::Violated) << r->message;
  EXPECT_EQ(r->severity, maui::Severity::Error);
  const auto* higher = r->witness.getObject("higher");
  const auto* lower = r->witness.getObject("lower");
  ASSERT_TRUE(higher && lower) << c.json;
  EXPECT_EQ(higher->getString("qos").getValueOr(""), "hiprio");
  EXPECT_EQ(lower->getString("qos").getValueOr(""), "normal");
  // By hand: priority = QOS PRIORITY + minutes queued (floored at 1); both queued under a day.
  std::int64_t hi_min = minutes(*higher), lo_min = minutes(*lower);
  EXPECT_LT(hi_min, 1440);
  EXPECT_LT(lo_min, 1440);
  EXPECT_EQ(number(*higher, "priority"), 1000 + hi_min);
  EXPECT_EQ(number(*lower, "priority"), std::max<std::int64_t>(1, lo_min));
  EXPECT_LE(number(*higher, "priority"), number(*lower, "priority"));
  EXPECT_TRUE(blames(*r, "QOSWEIGHT=1")) << c.json;
  EXPECT_TRUE(blames(*r, "QUEUETIMEWEIGHT=1")) << c.json;
}

TEST(AssertSemantics, OutranksOrEqualAllowsTheTie) {
  // At 1000 minutes the two tie: > fails, >= holds under 1000 minutes of queue time.
  auto c = check(qos_config(1000),
                 "assert outranks: job(qos=hiprio) >= job(qos=normal) when queuetime <= 16:40:00\n"
                 "assert outranks: job(qos=hiprio) > job(qos=normal) when queuetime <= 16:40:00\n");
  ASSERT_NE(on_line(c.report, 1), nullptr);
  ASSERT_NE(on_line(c.report, 2), nullptr);
  EXPECT_EQ(on_line(c.report, 1)->status, Status::Proved) << on_line(c.report, 1)->message;
  EXPECT_EQ(on_line(c.report, 2)->status, Status::Violated) << on_line(c.report, 2)->message;
}

// Issue 5's second example: fairshare at most 30% of the total (the runtime's percent of the
// sum of |contributions|). User steve's target 20 gives a delta in [-80, 20].
const char* kIssueShare = "assert share: component(FS) <= 30% of total\n";

TEST(AssertSemantics, IssueExampleShareProvedWhenFairshareIsOff) {
  auto c = check("SERVERHOST h\nFSPOLICY DEDICATEDPS\nFSUSERWEIGHT 1\nUSERCFG[steve] FSTARGET=20\n", kIssueShare);
  const Result* r = on_line(c.report, 1);
  ASSERT_NE(r, nullptr) << c.text;
  EXPECT_EQ(r->status, Status::Proved) << r->message;
  // FSWEIGHT is 0 by default: that is why it holds.
  EXPECT_TRUE(blames(*r, "FSWEIGHT=0")) << c.json;
}

TEST(AssertSemantics, IssueExampleShareViolatedWithAFairshareHistory) {
  auto c = check("SERVERHOST h\nFSPOLICY DEDICATEDPS\nFSWEIGHT 10\nFSUSERWEIGHT 1\nUSERCFG[steve] FSTARGET=20\n",
                 kIssueShare);
  ASSERT_TRUE(c.report.internal_errors.empty()) << c.report.internal_errors.front();
  const Result* r = on_line(c.report, 1);
  ASSERT_NE(r, nullptr) << c.text;
  ASSERT_EQ(r->status, Status::Violated) << r->message;
  const auto* job = r->witness.getObject("job");
  ASSERT_TRUE(job) << c.json;
  EXPECT_EQ(job->getString("user").getValueOr(""), "steve");
  // By hand: FS = 10 x (20 - usage); SERV = minutes queued; share = |FS| / (|FS| + SERV).
  const auto* usage = r->witness.getObject("fairshare_usage");
  ASSERT_TRUE(usage) << c.json;
  double used = std::stod(usage->getString("user steve").getValueOr("0").str());
  double fs = 10 * (20 - used), serv = static_cast<double>(minutes(*job));
  double percent = std::fabs(fs) / (std::fabs(fs) + serv) * 100;
  EXPECT_GT(percent, 30);
  EXPECT_NEAR(std::stod(r->witness.getString("percent").getValueOr("0").str()), percent, 0.01);
  EXPECT_TRUE(blames(*r, "FSWEIGHT=10")) << c.json;
}

TEST(AssertSemantics, BoundOnPriorityProvedAndViolated) {
  auto c = check("SERVERHOST h\nUSERCFG[steve] PRIORITY=1000\nUSERWEIGHT 1\n",
                 "assert bound: priority(job(user=steve)) >= 1000\n"
                 "assert bound: priority(job(user=steve)) >= 1001 when queuetime < 0:01:00\n");
  const Result* holds = on_line(c.report, 1);
  const Result* fails = on_line(c.report, 2);
  ASSERT_TRUE(holds && fails) << c.text;
  EXPECT_EQ(holds->status, Status::Proved) << holds->message;
  bool user_line = false;
  for (const auto& b : holds->blame) user_line |= b.line == 2 && b.message == "user steve PRIORITY=1000";
  EXPECT_TRUE(user_line) << c.json;
  ASSERT_EQ(fails->status, Status::Violated) << fails->message;
  // By hand: under a minute of queue time, SERV adds 0 whole points: 1000 + 0.x truncates to 1000.
  EXPECT_EQ(number(*fails->witness.getObject("job"), "priority"), 1000) << c.json;
}

TEST(AssertSemantics, BoundOnComponentProvedAndViolated) {
  // SERV over a week: QUEUETIMEWEIGHT x 10080 minutes.
  const char* week = "assert bound: component(SERV) <= 500000 when queuetime <= 7:00:00:00\n";
  auto ok = check("SERVERHOST h\nQUEUETIMEWEIGHT 49\n", week);
  ASSERT_NE(on_line(ok.report, 1), nullptr);
  EXPECT_EQ(on_line(ok.report, 1)->status, Status::Proved) << on_line(ok.report, 1)->message;
  EXPECT_TRUE(blames(*on_line(ok.report, 1), "QUEUETIMEWEIGHT=49")) << ok.json;
  auto bad = check("SERVERHOST h\nQUEUETIMEWEIGHT 50\n", week);
  const Result* r = on_line(bad.report, 1);
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->status, Status::Violated) << r->message;
  const auto* job = r->witness.getObject("job");
  ASSERT_TRUE(job);
  // By hand: 50 x minutes > 500000 needs more than 10000 minutes, at most 10080.
  std::int64_t m = minutes(*job);
  EXPECT_GT(50 * m, 500000);
  EXPECT_LE(m, 10080);
  EXPECT_EQ(job->getObject("components")->getString("SERV").getValueOr(""), std::to_string(50 * m));
}

TEST(AssertSemantics, UnsatisfiableConditionsHoldVacuously) {
  // The queue-time horizon is 365 days.
  auto c = check("SERVERHOST h\n", "assert bound: priority(job) <= 0 when queuetime > 400:00:00:00\n");
  const Result* r = on_line(c.report, 1);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->status, Status::Proved);
  EXPECT_NE(r->message.find("vacuously"), std::string::npos) << r->message;
}

TEST(AssertSemantics, UnknownNamesWarnAndStandForOther) {
  auto c = check(qos_config(2000),
                 "assert outranks: job(qos=hiprio, user=ghost) > job(qos=normal) when queuetime < 1:00:00\n");
  ASSERT_EQ(c.report.input_warnings.size(), 1u);
  EXPECT_EQ(
      c.report.input_warnings[0],
      "input.assert:1:39: warning: user 'ghost' is not named in the config: it has the settings of every user the "
      "config does not name [assert-unknown-name]");
  ASSERT_NE(on_line(c.report, 1), nullptr);
  EXPECT_EQ(on_line(c.report, 1)->status, Status::Proved);
}

TEST(AssertSemantics, BadLinesAreInputErrorsAndTheRestIsChecked) {
  auto c = check(qos_config(2000), "assert nonsense\n" + std::string(kIssueOutranks));
  ASSERT_EQ(c.report.input_errors.size(), 1u);
  EXPECT_EQ(c.report.input_errors[0],
            "input.assert:1:8: error: expected 'outranks:', 'share:' or 'bound:' after 'assert' [assert-syntax]");
  ASSERT_NE(on_line(c.report, 2), nullptr);
  EXPECT_EQ(on_line(c.report, 2)->status, Status::Proved);
}

// ---------------------------------------------------------------------------------------------
// Golden cases of the property, with their input.assert.

TEST(AssertGolden, ProvedAndViolatedCases) {
  for (const char* kind : {"proved", "violated"}) {
    fs::path dir = fs::path(MAUI_SOURCE_DIR) / "tests" / "golden" / "check" / "priority-assertion" / kind;
    Checked c = maui::testing_support::check_in(dir, "input.cfg", "input.assert");
    EXPECT_TRUE(c.report.internal_errors.empty()) << kind;
    EXPECT_TRUE(c.report.input_errors.empty()) << kind;
    compare_golden(dir / "expected.check.txt", c.text);
    compare_golden(dir / "expected.check.json", c.json);
    std::size_t proved = 0, violated = 0;
    for (const auto& r : c.report.results)
      if (r.property == "priority-assertion") (r.status == Status::Proved ? proved : violated) += 1;
    if (std::string_view(kind) == "proved") {
      EXPECT_GT(proved, 0u);
      EXPECT_EQ(violated, 0u);
    } else {
      EXPECT_GT(violated, 0u);
    }
  }
}

}  // namespace
