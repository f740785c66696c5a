// The checker's QOS access formula (checker/prove/job_encoding.h may_use_qos) against the
// runtime's (CredentialDirectory::may_use_qos), on every job of the world of random configs,
// and what starvation makes of a QOS that nothing gives (docs/semantics.md 78).
#include <map>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "checker/pipeline.h"
#include "checker/prove/job_encoding.h"
#include "checker/prove/world.h"
#include "runtime/engine/acl.h"
#include "tests/prove_support.h"

namespace maui::prove {
namespace {

// QLIST / QDEF lines on every credential kind, DEFAULT and SYSCFG included, each list with a
// random marker (none, '&' or '^').
std::string random_config(std::mt19937& rng) {
  const std::vector<std::string> families{"USERCFG", "GROUPCFG", "ACCOUNTCFG", "CLASSCFG"};
  const std::vector<std::string> names{"DEFAULT", "x", "y"};
  const std::vector<std::string> qos{"a", "b", "c", "DEFAULT"};
  auto pick = [&](const std::vector<std::string>& v) { return v[rng() % v.size()]; };
  auto list = [&] {
    std::string out = pick(qos);
    if (rng() % 2) out += "," + pick(qos);
    const char* markers[] = {"", "", "&", "^"};
    return out + markers[rng() % 4];
  };
  std::string cfg = "SERVERHOST h\nQOSCFG[a] PRIORITY=1\nQOSCFG[b] PRIORITY=2\nQOSCFG[c] PRIORITY=3\n";
  if (rng() % 3 == 0) cfg += "SYSCFG QLIST=" + list() + (rng() % 2 ? " QDEF=" + pick(qos) : "") + "\n";
  for (const auto& family : families)
    for (const auto& name : names) {
      std::string line;
      if (rng() % 2) line += " QLIST=" + list();
      if (rng() % 3 == 0) line += " QDEF=" + pick(qos);
      if (!line.empty()) cfg += family + "[" + name + "]" + line + "\n";
    }
  return cfg;
}

// Every combination of one name per kind (user, group, account, class).
void for_each_job(const World& w, const std::function<void(const std::array<std::size_t, 4>&)>& f) {
  std::array<std::size_t, 4> at{};
  const auto& kinds = ir::kCredKinds;
  while (true) {
    f(at);
    std::size_t k = 0;
    while (k < 4 && ++at[k] == w.names(kinds[k]).size()) at[k++] = 0;
    if (k == 4) return;
  }
}

// The world of a config, a symbolic job in it, and the job's credential literals in order (what
// a test substitutes concrete values for).
struct SymbolicWorld {
  explicit SymbolicWorld(const std::string& text)
      : unit(checker::check_text("q.cfg", text)), w(unit->policy), s(z, 0), j(declare_job(s, w, "job")), literals(z) {
    for (const auto& per_kind : j.is)
      for (const auto& l : per_kind) literals.push_back(l);
  }
  std::unique_ptr<Compilation> unit;
  World w;
  z3::context z;
  Session s;
  SymbolicJob j;
  z3::expr_vector literals;
};

TEST(QosAccessEncoding, MirrorsTheRuntimeOnEveryJob) {
  std::mt19937 rng(20261122);
  std::size_t compared = 0, allowed = 0;
  for (int round = 0; round < 40; ++round) {
    const std::string text = random_config(rng);
    SymbolicWorld sw(text);
    const World& w = sw.w;
    z3::context& z = sw.z;
    const SymbolicJob& j = sw.j;
    const z3::expr_vector& literals = sw.literals;
    for_each_job(w, [&](const std::array<std::size_t, 4>& at) {
      runtime::Job job = plain_job(w, "j");
      z3::expr_vector values(z);
      for (std::size_t k = 0; k < 5; ++k)
        for (std::size_t n = 0; n < j.is[k].size(); ++n) values.push_back(z.bool_val(k < 4 && n == at[k]));
      for (std::size_t k = 0; k < 4; ++k) set_credential(job, ir::kCredKinds[k], w.names(ir::kCredKinds[k])[at[k]]);
      for (const auto& q : w.names(ir::CredKind::Qos)) {
        const bool runtime = w.directory().may_use_qos(job, q);
        z3::expr formula = may_use_qos(j, w, q).substitute(literals, values).simplify();
        ASSERT_TRUE(formula.is_true() || formula.is_false()) << formula;
        ASSERT_EQ(formula.is_true(), runtime) << text << "job " << job.user << "/" << job.group << "/" << job.account
                                              << "/" << job.job_class << " QOS " << q;
        ++compared;
        allowed += runtime;
      }
    });
  }
  // The random configs exercise both answers, often.
  EXPECT_GT(compared, 4000u);
  EXPECT_GT(allowed, compared / 5);
  EXPECT_LT(allowed, compared * 4 / 5);
}

// JOBATTRLIST entries (docs/semantics.md 87): the checker's ACL formula against the runtime's
// check_access, for a job of every QOS, on random QOS flags and random ACLs of attribute and QOS
// entries (plain, NOT, required).
TEST(JobAttributeEncoding, MirrorsTheRuntimeOnEveryQos) {
  std::mt19937 rng(20261123);
  const std::vector<std::string> flags{"", "PREEMPTEE", "PREEMPTOR", "PREEMPTEE,PREEMPTOR"};
  const std::vector<std::string> attributes{"PREEMPTEE", "PREEMPTOR", "BACKFILL"};
  std::size_t compared = 0, granted = 0;
  for (int round = 0; round < 60; ++round) {
    std::string text = "SERVERHOST h\n";
    for (const char* q : {"DEFAULT", "a", "b", "c"})
      if (const std::string& f = flags[rng() % flags.size()]; !f.empty())
        text += fmt::format("QOSCFG[{}] QFLAGS={}\n", q, f);
    text += "QOSCFG[a] PRIORITY=1\nQOSCFG[b] PRIORITY=2\nQOSCFG[c] PRIORITY=3\n";
    std::vector<ir::AclEntry> acl(1 + rng() % 3);
    for (auto& e : acl) {
      const bool attribute = rng() % 3 != 0;
      e.kind = attribute ? ir::AclEntry::Kind::JobAttr : ir::AclEntry::Kind::Qos;
      e.value = attribute ? attributes[rng() % attributes.size()] : std::string(1, static_cast<char>('a' + rng() % 3));
      e.negated = rng() % 4 == 0;
      e.required = !e.negated && rng() % 4 == 0;
    }
    SymbolicWorld sw(text);
    const World& w = sw.w;
    z3::context& z = sw.z;
    const SymbolicJob& j = sw.j;
    const z3::expr_vector& literals = sw.literals;
    const auto& qos = w.names(ir::CredKind::Qos);
    for (std::size_t qi = 0; qi < qos.size(); ++qi) {
      z3::expr_vector values(z);
      for (std::size_t k = 0; k < 5; ++k)
        for (std::size_t n = 0; n < j.is[k].size(); ++n) values.push_back(z.bool_val(n == (k < 4 ? 0 : qi)));
      runtime::Job job = plain_job(w, "j");
      job.qos = qos[qi];
      const bool runtime = runtime::check_access(acl, {&job, job.qos, 0, &w.directory().qos_flags(job.qos)}).granted;
      z3::expr formula = acl_admits(j, w, acl).substitute(literals, values).simplify();
      ASSERT_TRUE(formula.is_true() || formula.is_false()) << formula;
      ASSERT_EQ(formula.is_true(), runtime) << text << "QOS " << qos[qi];
      ++compared;
      granted += runtime;
    }
  }
  EXPECT_GT(compared, 200u);
  EXPECT_GT(granted, compared / 5);
  EXPECT_LT(granted, compared * 4 / 5);
}

TEST(QosAccessStarvation, AQosNothingGivesNeverRuns) {
  auto c = testing_support::check_config(
      "SERVERHOST h\nQOSCFG[hiprio] PRIORITY=1000\nQOSCFG[granted] PRIORITY=10\nUSERCFG[steve] QLIST=granted\n");
  const Result* hiprio = nullptr;
  const Result* granted = nullptr;
  for (const auto& r : c.report.results) {
    if (r.property != "starvation") continue;
    if (r.subject == "qos hiprio") hiprio = &r;
    if (r.subject == "qos granted") granted = &r;
  }
  ASSERT_TRUE(hiprio && granted) << c.text;
  EXPECT_EQ(hiprio->status, Status::Violated) << hiprio->message;
  EXPECT_NE(hiprio->message.find("no QLIST or QDEF of its credentials gives it QOS hiprio"), std::string::npos)
      << hiprio->message;
  EXPECT_EQ(granted->status, Status::Proved) << granted->message;
  // The witness is a job of the one user the QLIST gives it to.
  EXPECT_NE(granted->message.find("user steve"), std::string::npos) << granted->message;
  EXPECT_TRUE(c.report.internal_errors.empty());
}

// never-binds asks the same question: an '&' list alone gives nothing, a '^' list takes over.
TEST(QosAccessOverrides, NeverBindsFollowsTheAccessRules) {
  auto verdict = [](const std::string& config) {
    auto c = testing_support::check_config("SERVERHOST h\nQOSCFG[hiprio] OMAXJOB=2\n" + config);
    for (const auto& r : c.report.results)
      if (r.property == "override-consistency" && r.check == "never-binds") return std::make_pair(r.status, r.message);
    return std::make_pair(Status::Unknown, c.text);
  };
  EXPECT_EQ(verdict("USERCFG[steve] QLIST=hiprio\n").first, Status::Proved);
  auto only_and = verdict("USERCFG[steve] QLIST=hiprio&\n");
  EXPECT_EQ(only_and.first, Status::Violated) << only_and.second;
  EXPECT_NE(only_and.second.find("the QLISTs naming it give it to no job"), std::string::npos) << only_and.second;
  EXPECT_EQ(verdict("USERCFG[steve] QLIST=hiprio\nCLASSCFG[DEFAULT] QLIST=low^\n").first, Status::Violated);
  EXPECT_EQ(verdict("USERCFG[steve] QLIST=hiprio\nCLASSCFG[DEFAULT] QLIST=low^\nCLASSCFG[fast] QLIST=normal\n").first,
            Status::Proved);  // class fast has a list of its own: no ONLY list for its jobs
  EXPECT_EQ(verdict("GROUPCFG[g] QDEF=hiprio\n").first, Status::Proved);
  auto none = verdict("");
  EXPECT_EQ(none.first, Status::Violated);
  EXPECT_NE(none.second.find("no QLIST or QDEF grants QOS hiprio to any credential"), std::string::npos) << none.second;
}

// The starvation results of a check, by subject ("user steve").
template <class Checked>
std::map<std::string, const Result*> starvation_by_subject(const Checked& c) {
  std::map<std::string, const Result*> out;
  for (const auto& r : c.report.results)
    if (r.property == "starvation") out[r.subject] = &r;
  return out;
}

// Starvation knows the QOS flags that lift limits (decision 80). The only node admits jobs of
// more than an hour (a NOT TIMELIMIT ACL) while SYSTEMMAXJOBWALLTIME allows an hour: only jobs
// of a QOS with IGNSYSMAXTIME can run there, and with MAXPS=3600 on the user, only those whose
// QOS lifts both (IGNALL). The witnesses are replayed through the runtime.
TEST(QosAccessStarvation, QosFlagsThatLiftLimitsAreUsed) {
  auto c = testing_support::check_config(
      "SERVERHOST h\nNODECFG[n1] PROCS=1\nSRCFG[long] HOSTLIST=n1 PERIOD=INFINITY TIMELIMIT=!1:00:00\n"
      "SYSTEMMAXJOBWALLTIME 1:00:00\nQOSCFG[long] QFLAGS=IGNSYSMAXTIME\nQOSCFG[free] QFLAGS=IGNPSPERUSER\n"
      "QOSCFG[all] QFLAGS=IGNALL\nUSERCFG[steve] QLIST=long\nUSERCFG[eve] MAXJOB=3\n"
      "USERCFG[ann] MAXPS=3600 QLIST=free,long\nUSERCFG[bob] MAXPS=3600 QLIST=all\n");
  ASSERT_TRUE(c.report.internal_errors.empty()) << c.report.internal_errors.front();
  auto by_subject = starvation_by_subject(c);
  for (const char* who : {"user steve", "user eve", "user ann", "user bob"})
    ASSERT_TRUE(by_subject.count(who)) << who << "\n" << c.text;
  EXPECT_EQ(by_subject["user steve"]->status, Status::Proved) << by_subject["user steve"]->message;
  EXPECT_NE(by_subject["user steve"]->message.find("QOS long"), std::string::npos) << by_subject["user steve"]->message;
  EXPECT_EQ(by_subject["user eve"]->status, Status::Violated) << by_subject["user eve"]->message;
  // QOS long lifts the walltime but not ann's MAXPS, QOS free the reverse.
  EXPECT_EQ(by_subject["user ann"]->status, Status::Violated) << by_subject["user ann"]->message;
  EXPECT_EQ(by_subject["user bob"]->status, Status::Proved) << by_subject["user bob"]->message;
  EXPECT_NE(by_subject["user bob"]->message.find("QOS all"), std::string::npos) << by_subject["user bob"]->message;
}

// JOBATTRLIST=PREEMPTEE admits the jobs of a PREEMPTEE QOS (docs/semantics.md 87). The only
// node is in such a reservation: steve, whose QLIST gives QOS low, can run there; eve cannot.
TEST(QosAccessStarvation, JobAttributesAreTheQosFlags) {
  auto c = testing_support::check_config(
      "SERVERHOST h\nNODECFG[n1] PROCS=1\nSRCFG[scavenge] HOSTLIST=n1 PERIOD=INFINITY JOBATTRLIST=PREEMPTEE\n"
      "QOSCFG[low] QFLAGS=PREEMPTEE\nQOSCFG[high] QFLAGS=PREEMPTOR\nUSERCFG[steve] QLIST=low\nUSERCFG[eve] MAXJOB=3\n");
  ASSERT_TRUE(c.report.internal_errors.empty()) << c.report.internal_errors.front();
  auto by_subject = starvation_by_subject(c);
  for (const char* who : {"user steve", "user eve"}) ASSERT_TRUE(by_subject.count(who)) << who << "\n" << c.text;
  EXPECT_EQ(by_subject["user steve"]->status, Status::Proved) << by_subject["user steve"]->message;
  EXPECT_NE(by_subject["user steve"]->message.find("QOS low"), std::string::npos) << by_subject["user steve"]->message;
  EXPECT_EQ(by_subject["user eve"]->status, Status::Violated) << by_subject["user eve"]->message;
}

}  // namespace
}  // namespace maui::prove
