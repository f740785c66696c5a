// Tests of the lowering (parser/lower.h) through the whole check pipeline: the typed IR built
// from representative lines (credentials, SRCFG, NODECFG, RMCFG, scalars bound into priority,
// fairshare and backfill settings) with provenance, #INCLUDE handling, and error recovery.
//
// Expectations: docs/reference/maui-3.3-semantics.md §1 (reading), §1.5/§1.7 (limits), §2
// (defaults the manual and Maui 3.3.1 agree on), the manual's 7.1.5 SRCFG table; "§N" below is
// section N of that reference.
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include "checker/pipeline.h"
#include "checker/report.h"
#include "parser/lower.h"
#include "schemas/ir.h"

namespace {

namespace fs = std::filesystem;
using namespace maui;
using Strings = std::vector<std::string>;
using ir::Derivation;

std::unique_ptr<Compilation> check(std::string_view text) { return checker::check_text("t.cfg", text); }

// "line:column rule" of the diagnostics with `rule` ("" = all).
Strings located(const Compilation& c, std::string_view rule = "") {
  Strings out;
  for (const auto& d : checker::resolve(c))
    if (rule.empty() || d.rule == rule) out.push_back(fmt::format("{}:{} {}", d.line, d.column, d.rule));
  return out;
}

std::size_t count_rule(const Compilation& c, std::string_view rule) {
  return static_cast<std::size_t>(std::count_if(c.diagnostics.diagnostics().begin(), c.diagnostics.diagnostics().end(),
                                                [&](const Diagnostic& d) { return d.rule == rule; }));
}

// 1-based column of `needle` in `line`.
unsigned col(std::string_view line, std::string_view needle) {
  auto at = line.find(needle);
  EXPECT_NE(at, std::string_view::npos) << needle;
  return static_cast<unsigned>(at + 1);
}

void expect_at(const ir::Provenance& p, std::string_view file, unsigned line, unsigned column,
               Derivation how = Derivation::Explicit) {
  EXPECT_EQ(p.where.file.str(), file);
  EXPECT_EQ(p.where.line, line);
  EXPECT_EQ(p.where.column, column);
  EXPECT_EQ(p.how, how);
}

void expect_default(const ir::Provenance& p) {
  EXPECT_EQ(p.how, Derivation::BuiltinDefault);
  EXPECT_EQ(p.where.line, 0u);
  EXPECT_TRUE(p.where.file.empty());
}

// --- credentials ----------------------------------------------------------------------------

TEST(LowerCredentials, LimitsPriorityFairshareQosList) {
  const std::string l2 = "USERCFG[bob] MAXJOB=2,8 MAXIJOB=3 MAXPROC=16 PRIORITY=100";
  const std::string l3 = "USERCFG[bob] FSTARGET=50.0+ QLIST=a,b:c& QDEF=a";
  auto c = check("SERVERHOST head\n" + l2 + "\n" + l3 + "\n");
  const auto* bob = c->policy.find(ir::CredKind::User, "bob");
  ASSERT_NE(bob, nullptr);
  expect_at(bob->declared, "t.cfg", 2, 1);

  const auto& job = bob->active[ir::LimitResource::Job];
  ASSERT_TRUE(job);
  EXPECT_EQ(job->soft, 2);
  EXPECT_EQ(job->hard, 8);
  expect_at(job->from, "t.cfg", 2, col(l2, "MAXJOB=2,8"));
  EXPECT_EQ(job->from.where.end_column, col(l2, "MAXJOB=2,8") + 10);

  const auto& idle = bob->idle[ir::LimitResource::Job];
  ASSERT_TRUE(idle);
  EXPECT_EQ(idle->soft, 3);
  EXPECT_EQ(idle->hard, 3);
  EXPECT_FALSE(bob->active[ir::LimitResource::Node]);

  const auto& proc = bob->active[ir::LimitResource::Proc];
  ASSERT_TRUE(proc);
  EXPECT_EQ(proc->soft, 16);
  EXPECT_EQ(proc->hard, 16);

  ASSERT_TRUE(bob->priority);
  EXPECT_EQ(bob->priority->value, 100);
  expect_at(bob->priority->from, "t.cfg", 2, col(l2, "PRIORITY=100"));

  ASSERT_TRUE(bob->fairshare_target);
  EXPECT_DOUBLE_EQ(bob->fairshare_target->value, 50.0);
  EXPECT_EQ(bob->fairshare_target->mode, ir::FairshareMode::Floor);
  expect_at(bob->fairshare_target->from, "t.cfg", 3, col(l3, "FSTARGET"));

  ASSERT_TRUE(bob->qos_list);
  EXPECT_EQ(bob->qos_list->names, (Strings{"a", "b", "c"}));
  EXPECT_EQ(bob->qos_list->mode, ir::ListMode::And);
  ASSERT_TRUE(bob->qos_default);
  EXPECT_EQ(bob->qos_default->value, "a");
  expect_at(bob->qos_default->from, "t.cfg", 3, col(l3, "QDEF"));
  EXPECT_EQ(count_rule(*c, "syntax-error"), 0u);
}

TEST(LowerCredentials, QosOverridesAndTimeValuedLimit) {
  const std::string l = "QOSCFG[hi] OMAXJOB=4,5 OMAXIPROC=8 OMAXJPROC=32 MAXWC=72:00:00";
  auto c = check("SERVERHOST head\n" + l + "\n");
  const auto* hi = c->policy.find(ir::CredKind::Qos, "hi");
  ASSERT_NE(hi, nullptr);
  const auto& oa = hi->qos->override_active[ir::LimitResource::Job];
  ASSERT_TRUE(oa);
  EXPECT_EQ(oa->soft, 4);
  EXPECT_EQ(oa->hard, 5);
  const auto& oi = hi->qos->override_idle[ir::LimitResource::Proc];
  ASSERT_TRUE(oi);
  EXPECT_EQ(oi->hard, 8);
  const auto& os = hi->qos->override_system[ir::LimitResource::Proc];
  ASSERT_TRUE(os);
  EXPECT_EQ(os->hard, 32);
  // Override limits are not the QOS's own limits.
  EXPECT_FALSE(hi->active[ir::LimitResource::Job]);
  EXPECT_FALSE(hi->idle[ir::LimitResource::Proc]);

  // MAXWC=72:00:00: 72 hours by the manual, with the Maui 3.3.1 difference reported there.
  const auto& wc = hi->active[ir::LimitResource::WC];
  ASSERT_TRUE(wc);
  EXPECT_EQ(wc->soft, 259200);
  EXPECT_EQ(wc->hard, 259200);
  auto at = fmt::format("2:{} compat-limit-time-format", col(l, "72:00:00"));
  auto found = located(*c, "compat-limit-time-format");
  ASSERT_FALSE(found.empty());
  for (const auto& f : found) EXPECT_EQ(f, at);
}

TEST(LowerCredentials, TimeValuedLimitIsReportedOnce) {
  auto c = check("SERVERHOST head\nUSERCFG[bob] MAXWC=72:00:00\n");
  auto n = count_rule(*c, "compat-limit-time-format");
  EXPECT_EQ(n, 1u);
}

TEST(LowerCredentials, OverrideOnNonQosIsDropped) {
  auto c = check("SERVERHOST head\nUSERCFG[bob] OMAXJOB=4\n");
  const auto* bob = c->policy.find(ir::CredKind::User, "bob");
  ASSERT_NE(bob, nullptr);
  EXPECT_FALSE(bob->active[ir::LimitResource::Job]);
  EXPECT_TRUE(bob->qos->override_active.empty());
  EXPECT_EQ(located(*c, "override-on-non-qos"), Strings{"2:14 override-on-non-qos"});
  EXPECT_TRUE(located(*c, "unknown-attribute").empty());
}

TEST(LowerCredentials, ScopedLimit) {
  auto c = check("SERVERHOST head\nCLASSCFG[fast] MAXPROC[USER:steve]=3 MAXJOBPERUSER=2\n");
  const auto* fast = c->policy.find(ir::CredKind::Class, "fast");
  ASSERT_NE(fast, nullptr);
  ASSERT_EQ(fast->scoped.size(), 2u);
  const auto& steve = fast->scoped[0];
  EXPECT_EQ(steve.resource, ir::LimitResource::Proc);
  EXPECT_FALSE(steve.idle);
  EXPECT_EQ(steve.scope, ir::CredKind::User);
  EXPECT_EQ(steve.scope_name, std::optional<std::string>("steve"));
  EXPECT_EQ(steve.limit.soft, 3);
  EXPECT_EQ(steve.limit.hard, 3);
  const auto& per_user = fast->scoped[1];
  EXPECT_EQ(per_user.resource, ir::LimitResource::Job);
  EXPECT_EQ(per_user.scope, ir::CredKind::User);
  EXPECT_FALSE(per_user.scope_name);
  EXPECT_EQ(per_user.limit.hard, 2);
}

TEST(LowerCredentials, LinesAccumulate) {
  // Several USERCFG[john] lines add attributes one by one; a later value replaces an earlier one.
  auto c = check("SERVERHOST head\nUSERCFG[john] MAXJOB=2\nUSERCFG[john] MAXPROC=4\nUSERCFG[john] MAXJOB=3\n");
  const auto* john = c->policy.find(ir::CredKind::User, "john");
  ASSERT_NE(john, nullptr);
  ASSERT_TRUE(john->active[ir::LimitResource::Job]);
  EXPECT_EQ(john->active[ir::LimitResource::Job]->hard, 3);
  EXPECT_EQ(john->active[ir::LimitResource::Job]->from.where.line, 4u);
  ASSERT_TRUE(john->active[ir::LimitResource::Proc]);
  EXPECT_EQ(john->active[ir::LimitResource::Proc]->hard, 4);
  expect_at(john->declared, "t.cfg", 2, 1);
}

TEST(LowerCredentials, QosFlagLists) {
  // Flags are a list (Maui matches them by substring; ',' and ':' both seen in real configs).
  auto c = check("SERVERHOST head\nQOSCFG[hi] QFLAGS=PREEMPTOR,DEDICATED\nQOSCFG[lo] QFLAGS=PREEMPTEE:NOBF\n");
  const auto* hi = c->policy.find(ir::CredKind::Qos, "hi");
  const auto* lo = c->policy.find(ir::CredKind::Qos, "lo");
  ASSERT_NE(hi, nullptr);
  ASSERT_NE(lo, nullptr);
  auto names = [](const auto& flags) {
    Strings out;
    for (const auto& f : flags) out.push_back(f.value);
    return out;
  };
  EXPECT_EQ(names(hi->qos->flags), (Strings{"PREEMPTOR", "DEDICATED"}));
  EXPECT_EQ(names(lo->qos->flags), (Strings{"PREEMPTEE", "NOBF"}));
}

// --- standing reservations ------------------------------------------------------------------

TEST(LowerReservations, EveryAttributeOfTheManualTable) {
  const std::vector<std::string> lines = {
      "SERVERHOST head",
      "SRCFG[test] ACCESS=SHARED ACCOUNTLIST=ops,staff CHARGEACCOUNT=jupiter CLASSLIST=interactive",
      "SRCFG[test] DAYS=Mon,Tue,Wed,Thu,Fri DEPTH=7 STARTTIME=8:00:00 ENDTIME=17:00:00 FLAGS=BYNAME",
      "SRCFG[test] GROUPLIST=staff,ops,special HOSTLIST=node001,node002,node003 JOBATTRLIST=PREEMPTEE",
      "SRCFG[test] NODEFEATURES=wide,fddi OWNER=USER:tom PARTITION=OLD PERIOD=DAY PRIORITY=10",
      "SRCFG[test] QOSLIST=hi,low,special RESOURCES=PROCS:2;MEM:512 TASKCOUNT=2 TIMELIMIT=1:00:00",
      "SRCFG[test] TIMELOGIC=AND TPN=4 TRIGGER=start+5:00:00:exec@/usr/local/domail.pl USERLIST=bob,joe,mary",
  };
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  auto c = check(text);
  EXPECT_EQ(count_rule(*c, "syntax-error"), 0u);
  EXPECT_EQ(count_rule(*c, "unknown-attribute"), 0u);
  EXPECT_EQ(count_rule(*c, "invalid-value"), 0u) << fmt::format("{}", fmt::join(located(*c), "\n"));
  ASSERT_EQ(c->policy.standing_reservations.count("test"), 1u);
  const auto& r = c->policy.standing_reservations.at("test");
  EXPECT_EQ(r.name, "test");
  expect_at(r.declared, "t.cfg", 2, 1);

  ASSERT_TRUE(r.access);
  EXPECT_EQ(r.access->value, "SHARED");
  expect_at(r.access->from, "t.cfg", 2, col(lines[1], "ACCESS"));
  ASSERT_TRUE(r.charge_account);
  EXPECT_EQ(r.charge_account->value, "jupiter");

  std::multiset<std::string> acl;
  for (const auto& e : r.acl) {
    acl.insert(fmt::format("{}:{}", ir::to_string(e.kind), e.value));
    EXPECT_FALSE(e.negated);
    EXPECT_FALSE(e.required);
  }
  auto k = [](ir::AclEntry::Kind kind, std::string_view v) { return fmt::format("{}:{}", ir::to_string(kind), v); };
  using K = ir::AclEntry::Kind;
  EXPECT_EQ(acl, (std::multiset<std::string>{k(K::Account, "ops"), k(K::Account, "staff"), k(K::Class, "interactive"),
                                             k(K::Group, "staff"), k(K::Group, "ops"), k(K::Group, "special"),
                                             k(K::JobAttr, "PREEMPTEE"), k(K::Qos, "hi"), k(K::Qos, "low"),
                                             k(K::Qos, "special"), k(K::Duration, "1:00:00"), k(K::User, "bob"),
                                             k(K::User, "joe"), k(K::User, "mary")}));
  for (const auto& e : r.acl)
    if (e.kind == K::Duration) {
      EXPECT_EQ(e.number, 3600);
      expect_at(e.from, "t.cfg", 6, col(lines[5], "TIMELIMIT"));
    }

  ASSERT_TRUE(r.days);
  EXPECT_EQ(static_cast<unsigned>(r.days->value), 0b0111110u);  // Mon..Fri, bit 0 = Sunday
  EXPECT_EQ(r.depth.value, 7);
  expect_at(r.depth.from, "t.cfg", 3, col(lines[2], "DEPTH"));
  ASSERT_TRUE(r.start_time);
  EXPECT_EQ(r.start_time->value, 8 * 3600);
  ASSERT_TRUE(r.end_time);
  EXPECT_EQ(r.end_time->value, 17 * 3600);
  ASSERT_EQ(r.flags.size(), 1u);
  EXPECT_EQ(r.flags[0].value, "BYNAME");

  ASSERT_TRUE(r.hosts);
  EXPECT_EQ(r.hosts->value.kind, ir::HostExpression::Kind::Names);
  EXPECT_EQ(r.hosts->value.names, (Strings{"node001", "node002", "node003"}));
  ASSERT_EQ(r.node_features.size(), 2u);
  EXPECT_EQ(r.node_features[0].value, "wide");
  EXPECT_EQ(r.node_features[1].value, "fddi");
  ASSERT_TRUE(r.owner);
  EXPECT_EQ(r.owner->value, (ir::Credential{ir::CredKind::User, "tom"}));
  ASSERT_TRUE(r.partition);
  EXPECT_EQ(r.partition->value, "OLD");
  EXPECT_EQ(r.period.value, ir::ReservationPeriod::Day);
  expect_at(r.period.from, "t.cfg", 5, col(lines[4], "PERIOD"));
  ASSERT_TRUE(r.priority);
  EXPECT_EQ(r.priority->value, 10);

  ASSERT_TRUE(r.resources);
  EXPECT_EQ(r.resources->value.procs, 2);
  EXPECT_EQ(r.resources->value.mem_mb, 512);
  ASSERT_TRUE(r.task_count);
  EXPECT_EQ(r.task_count->value, 2);
  ASSERT_TRUE(r.tasks_per_node);
  EXPECT_EQ(r.tasks_per_node->value, 4);
  ASSERT_TRUE(r.trigger);
  EXPECT_EQ(r.trigger->value, "start+5:00:00:exec@/usr/local/domail.pl");
  // TIMELOGIC is obsolete in Maui 3.2.6+ (use '*'): kept as written, reported.
  ASSERT_EQ(r.other.count("TIMELOGIC"), 1u);
  EXPECT_EQ(r.other.at("TIMELOGIC").value, "AND");
  EXPECT_EQ(located(*c, "ignored-by-maui"), Strings{fmt::format("7:{} ignored-by-maui", col(lines[6], "TIMELOGIC"))});
}

TEST(LowerReservations, Defaults) {
  // 7.1.5 table: DEPTH 2, PERIOD DAY.
  auto c = check("SERVERHOST head\nSRCFG[x] TASKCOUNT=1 USERLIST=a\n");
  const auto& r = c->policy.standing_reservations.at("x");
  EXPECT_EQ(r.depth.value, 2);
  EXPECT_EQ(r.period.value, ir::ReservationPeriod::Day);
  EXPECT_FALSE(r.access);
  EXPECT_FALSE(r.hosts);
}

TEST(LowerReservations, PeriodsMarkersAndHostRegex) {
  auto c = check(
      "SERVERHOST head\n"
      "SRCFG[w] PERIOD=WEEK TASKCOUNT=1 ACCOUNTLIST=!projectX,!projectY\n"
      "SRCFG[i] PERIOD=INFINITY HOSTLIST=^compute-1-[0-13] TIMELIMIT=1:00:00*\n"
      "SRCFG[i] QOSLIST=high,low,special-\n");
  const auto& w = c->policy.standing_reservations.at("w");
  EXPECT_EQ(w.period.value, ir::ReservationPeriod::Week);
  ASSERT_EQ(w.acl.size(), 2u);
  for (const auto& e : w.acl) {
    EXPECT_TRUE(e.negated);
    EXPECT_EQ(e.kind, ir::AclEntry::Kind::Account);
  }
  const auto& i = c->policy.standing_reservations.at("i");
  EXPECT_EQ(i.period.value, ir::ReservationPeriod::Infinity);
  ASSERT_TRUE(i.hosts);
  EXPECT_EQ(i.hosts->value.kind, ir::HostExpression::Kind::Regex);
  EXPECT_EQ(i.hosts->value.regex, "^compute-1-[0-13]");
  ASSERT_EQ(i.acl.size(), 4u);
  EXPECT_EQ(i.acl[0].kind, ir::AclEntry::Kind::Duration);
  EXPECT_TRUE(i.acl[0].required);
  EXPECT_EQ(i.acl[0].number, 3600);
  EXPECT_EQ(i.acl[3].value, "special");
  EXPECT_EQ(i.acl[3].affinity, ir::AclEntry::Affinity::Negative);
}

TEST(LowerReservations, BlankSeparatedListKeepsTheFirstItem) {
  // The manual's own `QOSLIST=high low special-`: a blank ends the attribute (§7.3 table).
  auto c = check("SERVERHOST head\nSRCFG[s] TASKCOUNT=1 QOSLIST=high low special-\n");
  const auto& r = c->policy.standing_reservations.at("s");
  ASSERT_EQ(r.acl.size(), 1u);
  EXPECT_EQ(r.acl[0].value, "high");
  EXPECT_EQ(located(*c, "sr-blank-separated-list"),
            (Strings{"2:35 sr-blank-separated-list", "2:39 sr-blank-separated-list"}));
}

TEST(LowerReservations, SeveralFlags) {
  // FLAGS: "comma delimited list of zero or more of the following flags" (7.1.5).
  auto c = check("SERVERHOST head\nSRCFG[f] TASKCOUNT=1 FLAGS=BYNAME,OWNERPREEMPT\n");
  const auto& r = c->policy.standing_reservations.at("f");
  EXPECT_EQ(r.flags[0].value, "BYNAME");
  EXPECT_EQ(r.flags[1].value, "OWNERPREEMPT");
  EXPECT_EQ(count_rule(*c, "invalid-value"), 0u);
}

// --- nodes and resource managers ------------------------------------------------------------

TEST(LowerNodes, Attributes) {
  const std::string l2 =
      "NODECFG[node01] CFGMEM=16384 FEATURES=fast,gpu PARTITION=p1 SPEED=1.5 PRIORITY=5 MAXJOB=4 MAXLOAD=2.5";
  auto c =
      check("SERVERHOST head\n" + l2 + "\nNODECFG[DEFAULT] RESOURCES=PROCS:4;MEM:8192 PRIORITYF='5 * PREF - LOAD'\n");
  ASSERT_EQ(c->policy.nodes.count("node01"), 1u);
  const auto& n = c->policy.nodes.at("node01");
  expect_at(n.declared, "t.cfg", 2, 1);
  ASSERT_TRUE(n.mem_mb);
  EXPECT_EQ(n.mem_mb->value, 16384);
  expect_at(n.mem_mb->from, "t.cfg", 2, col(l2, "CFGMEM"));
  ASSERT_EQ(n.features.size(), 2u);
  EXPECT_EQ(n.features[0].value, "fast");
  EXPECT_EQ(n.features[1].value, "gpu");
  ASSERT_TRUE(n.partition);
  EXPECT_EQ(n.partition->value, "p1");
  ASSERT_TRUE(n.speed);
  EXPECT_DOUBLE_EQ(n.speed->value, 1.5);
  ASSERT_TRUE(n.priority);
  EXPECT_EQ(n.priority->value, 5);
  ASSERT_TRUE(n.max_jobs);
  EXPECT_EQ(n.max_jobs->value, 4);
  ASSERT_TRUE(n.max_load);
  EXPECT_DOUBLE_EQ(n.max_load->value, 2.5);

  ASSERT_EQ(c->policy.nodes.count("DEFAULT"), 1u);
  const auto& d = c->policy.nodes.at("DEFAULT");
  ASSERT_TRUE(d.procs);
  EXPECT_EQ(d.procs->value, 4);
  ASSERT_TRUE(d.mem_mb);
  EXPECT_EQ(d.mem_mb->value, 8192);
  ASSERT_TRUE(d.priority_function);
  EXPECT_EQ(d.priority_function->value, "5 * PREF - LOAD");
  EXPECT_EQ(count_rule(*c, "syntax-error"), 0u);
}

TEST(LowerResourceManagers, RmcfgAndLegacyIndex) {
  auto c = check(
      "SERVERHOST head\n"
      "RMCFG[base] TYPE=PBS HOST=server1 PORT=15001 TIMEOUT=90\n"
      "RMTYPE[0] PBS\n"
      "RMHOST[0] pbs.example.org\n");
  ASSERT_EQ(c->policy.resource_managers.count("base"), 1u);
  const auto& rm = c->policy.resource_managers.at("base");
  ASSERT_TRUE(rm.type);
  EXPECT_EQ(rm.type->value, "PBS");
  ASSERT_TRUE(rm.host);
  EXPECT_EQ(rm.host->value, "server1");
  ASSERT_TRUE(rm.port);
  EXPECT_EQ(rm.port->value, 15001);
  ASSERT_TRUE(rm.timeout);
  EXPECT_EQ(rm.timeout->value, 90);
  expect_at(rm.timeout->from, "t.cfg", 2, 46);

  ASSERT_EQ(c->policy.resource_managers.count("0"), 1u);
  const auto& legacy = c->policy.resource_managers.at("0");
  ASSERT_TRUE(legacy.type);
  EXPECT_EQ(legacy.type->value, "PBS");
  EXPECT_EQ(legacy.type->from.how, Derivation::Legacy);
  EXPECT_EQ(legacy.type->from.where.line, 3u);
  ASSERT_TRUE(legacy.host);
  EXPECT_EQ(legacy.host->value, "pbs.example.org");
  EXPECT_EQ(legacy.host->from.where.line, 4u);
}

// --- scalars bound into typed settings ------------------------------------------------------

TEST(LowerScalars, BoundWithProvenance) {
  auto c = check(
      "SERVERHOST head\n"         // 1
      "QUEUETIMEWEIGHT 10\n"      // 2
      "FSWEIGHT 5\n"              // 3
      "FSPOLICY DEDICATEDPS%\n"   // 4
      "FSDECAY 0.8\n"             // 5
      "FSINTERVAL 1:00:00:00\n"   // 6
      "BACKFILLPOLICY BESTFIT\n"  // 7
      "RESERVATIONDEPTH 2\n"      // 8
      "RESERVATIONDEPTH 4\n"      // 9
      "RESERVATIONDEPTH[1] 3\n"   // 10
      "BACKFILLDEPTH=12\n");      // 11
  const auto& p = c->policy;
  EXPECT_EQ(p.server_host.value, "head");
  expect_at(p.server_host.from, "t.cfg", 1, 1);

  const auto& qt = p.priority[ir::PrioritySubcomponent::QueueTime].weight;
  EXPECT_EQ(qt.value, 10);
  expect_at(qt.from, "t.cfg", 2, 1);
  EXPECT_EQ(qt.from.where.end_column, 1u + 18u);  // "QUEUETIMEWEIGHT 10"
  const auto& fs = p.priority[ir::PriorityComponent::Fairshare].weight;
  EXPECT_EQ(fs.value, 5);
  expect_at(fs.from, "t.cfg", 3, 1);

  EXPECT_EQ(p.fairshare.metric.value, ir::FairshareMetric::DedicatedPS);
  expect_at(p.fairshare.metric.from, "t.cfg", 4, 1);
  EXPECT_TRUE(p.fairshare.percentage_mode.value);
  EXPECT_DOUBLE_EQ(p.fairshare.decay.value, 0.8);
  expect_at(p.fairshare.decay.from, "t.cfg", 5, 1);
  EXPECT_EQ(p.fairshare.interval.value, 86400);
  expect_at(p.fairshare.interval.from, "t.cfg", 6, 1);

  EXPECT_EQ(p.scheduling.backfill_policy.value, ir::BackfillPolicy::BestFit);
  expect_at(p.scheduling.backfill_policy.from, "t.cfg", 7, 1);
  EXPECT_EQ(p.scheduling.backfill_depth.value, 12);  // NAME=VALUE form
  expect_at(p.scheduling.backfill_depth.from, "t.cfg", 11, 1);

  // Last line wins, and the earlier one is remembered.
  ASSERT_EQ(p.scheduling.reservation_groups.count(0), 1u);
  const auto& depth0 = p.scheduling.reservation_groups.at(0).depth;
  EXPECT_EQ(depth0.value, 4);
  expect_at(depth0.from, "t.cfg", 9, 1, Derivation::LaterLineWins);
  ASSERT_EQ(depth0.from.earlier.size(), 1u);
  EXPECT_EQ(depth0.from.earlier[0].file.str(), "t.cfg");
  EXPECT_EQ(depth0.from.earlier[0].line, 8u);
  EXPECT_EQ(depth0.from.earlier[0].column, 1u);
  ASSERT_EQ(p.scalars.count("RESERVATIONDEPTH"), 1u);
  EXPECT_EQ(p.scalars.at("RESERVATIONDEPTH").value, "4");
  EXPECT_EQ(p.scalars.at("RESERVATIONDEPTH").from, depth0.from);
  EXPECT_EQ(located(*c, "duplicate-scalar"), Strings{"9:1 duplicate-scalar"});

  ASSERT_EQ(p.scheduling.reservation_groups.count(1), 1u);
  EXPECT_EQ(p.scheduling.reservation_groups.at(1).depth.value, 3);
  expect_at(p.scheduling.reservation_groups.at(1).depth.from, "t.cfg", 10, 1);
  ASSERT_EQ(p.scalars.count("RESERVATIONDEPTH[1]"), 1u);
  EXPECT_EQ(p.scalars.at("RESERVATIONDEPTH[1]").index, "1");
}

TEST(LowerScalars, BuiltinDefaults) {
  // Defaults on which the manual and Maui 3.3.1 agree (reference §2): RMPOLLINTERVAL 60 s,
  // QUEUETIMEWEIGHT 1, other subcomponent weights 0, FSDECAY 1.0, BACKFILLPOLICY FIRSTFIT,
  // BACKFILLDEPTH 0, RESERVATIONDEPTH 1, SERVICEWEIGHT 1, CREDWEIGHT 1.
  auto c = check("SERVERHOST head\n");
  const auto& p = c->policy;
  EXPECT_EQ(p.scheduling.poll_interval.value, 60);
  expect_default(p.scheduling.poll_interval.from);
  EXPECT_EQ(p.priority[ir::PrioritySubcomponent::QueueTime].weight.value, 1);
  expect_default(p.priority[ir::PrioritySubcomponent::QueueTime].weight.from);
  EXPECT_EQ(p.priority[ir::PrioritySubcomponent::XFactor].weight.value, 0);
  EXPECT_EQ(p.priority[ir::PrioritySubcomponent::Proc].weight.value, 0);
  EXPECT_EQ(p.priority[ir::PriorityComponent::Service].weight.value, 1);
  EXPECT_EQ(p.priority[ir::PriorityComponent::Cred].weight.value, 1);
  EXPECT_DOUBLE_EQ(p.fairshare.decay.value, 1.0);
  expect_default(p.fairshare.decay.from);
  EXPECT_EQ(p.scheduling.backfill_policy.value, ir::BackfillPolicy::FirstFit);
  expect_default(p.scheduling.backfill_policy.from);
  EXPECT_EQ(p.scheduling.backfill_depth.value, 0);
  ASSERT_EQ(p.scheduling.reservation_groups.count(0), 1u);
  EXPECT_EQ(p.scheduling.reservation_groups.at(0).depth.value, 1);
  expect_default(p.scheduling.reservation_groups.at(0).depth.from);
  EXPECT_TRUE(p.scalars.count("SERVERHOST"));
  EXPECT_FALSE(p.scalars.count("RMPOLLINTERVAL"));
}

// An index of 0 names what the unindexed name does where the row's index is a partition or a
// reservation group (the table's kPartitionScoped and kPerReservationGroup); a group must be a
// number, and an index of 0 elsewhere is an index of its own.
TEST(LowerScalars, IndexZeroIsTheUnindexedSetting) {
  auto c = check(
      "SERVERHOST head\nRESERVATIONDEPTH[0] 4\nRESERVATIONQOSLIST[0] high\nFSWEIGHT[0] 7\n"
      "RESERVATIONDEPTH[two] 5\nQOSPRIORITY[0] 9\n");
  const auto& p = c->policy;
  EXPECT_EQ(p.scalars.count("RESERVATIONDEPTH"), 1u);
  EXPECT_EQ(p.scalars.count("RESERVATIONDEPTH[0]"), 0u);
  ASSERT_EQ(p.scheduling.reservation_groups.count(0), 1u);
  EXPECT_EQ(p.scheduling.reservation_groups.at(0).depth.value, 4);
  EXPECT_EQ(p.scheduling.reservation_groups.at(0).depth.from.where.line, 2u);
  ASSERT_TRUE(p.scheduling.reservation_groups.at(0).qos.has_value());
  EXPECT_EQ(p.scheduling.reservation_groups.at(0).qos->value, Strings{"high"});
  EXPECT_EQ(p.priority[ir::PriorityComponent::Fairshare].weight.value, 7);
  EXPECT_EQ(located(*c, "invalid-value"), Strings{"5:18 invalid-value"});  // group "two"
  EXPECT_EQ(p.scalars.count("QOSPRIORITY[0]"), 1u) << "a QOS named 0";
}

TEST(LowerScalars, InvalidValueKeepsTheDefault) {
  // "A recognised parameter with an unparsable value ... keeps its previous value" (§1.1).
  auto c = check("SERVERHOST head\nRMPOLLINTERVAL soon\nFSDECAY abc\n");
  EXPECT_EQ(c->policy.scheduling.poll_interval.value, 60);
  expect_default(c->policy.scheduling.poll_interval.from);
  EXPECT_DOUBLE_EQ(c->policy.fairshare.decay.value, 1.0);
  EXPECT_EQ(located(*c, "invalid-value"), (Strings{"2:16 invalid-value", "3:9 invalid-value"}));
}

// The scheduling policies are typed when the config is lowered, read as the manual reads them
// (any case; BACKFILLPOLICY also TRUE / FALSE), never parsed again by the engine.
TEST(LowerScalars, PoliciesAreTyped) {
  auto c = check(
      "SERVERHOST head\n"
      "BACKFILLPOLICY greedy\n"
      "RESERVATIONPOLICY NEVER\n"
      "RESERVATIONTHRESHOLDTYPE XFactor\n"
      "NODEALLOCATIONPOLICY FASTEST\n"
      "NODEACCESSPOLICY SINGLEUSER\n"
      "JOBPRIOACCRUALPOLICY FULLPOLICY\n"
      "BACKFILLMETRIC nonsense\n"
      "CLASSCFG[batch] NODEACCESSPOLICY=SINGLETASK\n");
  const ir::Policy& p = c->policy;
  EXPECT_EQ(p.scheduling.backfill_policy.value, ir::BackfillPolicy::Greedy);
  expect_at(p.scheduling.backfill_policy.from, "t.cfg", 2, 1);
  EXPECT_EQ(p.scheduling.reservation_policy.value, ir::ReservationPolicy::Never);
  EXPECT_EQ(p.scheduling.reservation_threshold_type.value, ir::ReservationThreshold::XFactor);
  EXPECT_EQ(p.scheduling.node_allocation_policy.value, ir::NodeAllocationPolicy::Fastest);
  EXPECT_EQ(p.scheduling.node_access_policy.value, ir::NodeAccessPolicy::SingleUser);
  EXPECT_EQ(p.priority.accrual_policy.value, ir::AccrualPolicy::FullPolicy);
  // Not a metric: the table's default, from nowhere (and reported).
  EXPECT_EQ(p.scheduling.backfill_metric.value, ir::BackfillMetric::Procs);
  expect_default(p.scheduling.backfill_metric.from);
  EXPECT_EQ(located(*c, "invalid-value"), (Strings{"8:16 invalid-value"}));
  const ir::CredentialConfig* batch = p.find(ir::CredKind::Class, "batch");
  ASSERT_NE(batch, nullptr);
  ASSERT_TRUE(batch->node_access);
  EXPECT_EQ(batch->node_access->value, ir::NodeAccessPolicy::SingleTask);
  expect_at(batch->node_access->from, "t.cfg", 9, 17);
  EXPECT_FALSE(batch->other.count("NODEACCESSPOLICY"));

  EXPECT_EQ(check("BACKFILLPOLICY FALSE\n")->policy.scheduling.backfill_policy.value, ir::BackfillPolicy::None);
  EXPECT_EQ(check("BACKFILLPOLICY TRUE\n")->policy.scheduling.backfill_policy.value, ir::BackfillPolicy::FirstFit);
  EXPECT_EQ(check("\n")->policy.priority.accrual_policy.value, ir::AccrualPolicy::QueuePolicy);
}

TEST(LowerScalars, InvalidValueKeepsTheEarlierLine) {
  // §1.1: the earlier line's value stays, and the finding names it; the next valid line is not a
  // repeat of the rejected one.
  auto c = check(
      "SERVERHOST head\nBACKFILLPOLICY BESTFIT\nBACKFILLPOLICY FIRSTFITT\nRMPOLLINTERVAL 30\n"
      "RMPOLLINTERVAL soon\n");
  EXPECT_EQ(c->policy.scheduling.backfill_policy.value, ir::BackfillPolicy::BestFit);
  expect_at(c->policy.scheduling.backfill_policy.from, "t.cfg", 2, 1);
  EXPECT_EQ(c->policy.scheduling.poll_interval.value, 30);
  EXPECT_EQ(located(*c, "duplicate-scalar"), Strings{});
  for (const auto& d : checker::resolve(*c))
    if (d.rule == "invalid-value" && d.line == 3) {
      EXPECT_NE(d.message.find("uses BESTFIT (from the earlier line)"), std::string::npos) << d.message;
    }
}

TEST(LowerScalars, BooleanForAPolicyNamesTheValueMauiUses) {
  // BACKFILLPOLICY ON is no value of BACKFILLPOLICY: Maui 3.3.1 reads a boolean, true = FIRSTFIT;
  // FSPOLICY TRUE is DEDICATEDPS; a mis-cased FSPOLICY is read as the manual's value.
  auto c = check("SERVERHOST head\nBACKFILLPOLICY OFF\nFSPOLICY TRUE\n");
  EXPECT_EQ(c->policy.scheduling.backfill_policy.value, ir::BackfillPolicy::None);
  EXPECT_EQ(c->policy.fairshare.metric.value, ir::FairshareMetric::DedicatedPS);
  Strings messages;
  for (const auto& d : checker::resolve(*c))
    if (d.rule == "invalid-value") messages.push_back(d.message.substr(d.message.find("Maui")));
  EXPECT_EQ(messages, (Strings{"Maui 3.3.1 reads it as a boolean and uses NONE; write NONE",
                               "Maui 3.3.1 reads it as a boolean and uses DEDICATEDPS; write DEDICATEDPS"}));
  auto lower = check("SERVERHOST head\nFSPOLICY dedicatedpes\n");
  EXPECT_EQ(lower->policy.fairshare.metric.value, ir::FairshareMetric::DedicatedPES);
  EXPECT_EQ(located(*lower, "wrong-case"), Strings{"2:10 wrong-case"});
}

TEST(LowerScalars, LinesMauiIgnoresAreNoDuplicates) {
  // A line Maui 3.3.1 does not apply (mis-cased or indented name, -1, 'on') sets nothing there:
  // the correct line after it is not reported as a repeat, and it is not one of the line before.
  auto c = check(
      "SERVERHOST head\n"
      "reservationdepth 4\n"
      "RESERVATIONDEPTH 8\n"
      "  RESERVATIONDEPTH 2\n"
      "DEFERCOUNT 3\n"
      "DEFERCOUNT -1\n"
      "USESYSTEMQUEUETIME on\n"
      "USESYSTEMQUEUETIME TRUE\n"
      "DEFERCOUNT 5\n");
  EXPECT_EQ(located(*c, "duplicate-scalar"), Strings{"9:1 duplicate-scalar"});
  for (const auto& d : checker::resolve(*c))
    if (d.rule == "duplicate-scalar") {
      ASSERT_EQ(d.notes.size(), 1u);
      EXPECT_EQ(d.notes[0].line, 5u);  // the earlier line Maui applies, not the -1 one
    }
  // The compiled policy still reads every line as the manual does: the last one wins.
  EXPECT_EQ(c->policy.scheduling.reservation_groups.at(0).depth.value, 2);
}

TEST(LowerScalars, MauiReadingQuirksAreReported) {
  auto c = check(
      "SERVERHOST head\n"
      "  RMPOLLINTERVAL 30\n"  // indented: ignored by Maui 3.3.1
      "reservationdepth 4\n"   // names are case-sensitive
      "RMPOLINTERVAL 30\n"     // unknown, close to RMPOLLINTERVAL
      "LOGLEVEL 010\n");       // octal
  EXPECT_EQ(located(*c, "compat-indented-parameter"), Strings{"2:3 compat-indented-parameter"});
  EXPECT_EQ(located(*c, "wrong-case"), Strings{"3:1 wrong-case"});
  EXPECT_EQ(located(*c, "unknown-parameter"), Strings{"4:1 unknown-parameter"});
  EXPECT_EQ(located(*c, "integer-format"), Strings{"5:10 integer-format"});
  for (const auto& d : checker::resolve(*c)) {
    if (d.rule == "unknown-parameter") {
      EXPECT_NE(d.message.find("RMPOLLINTERVAL"), std::string::npos);
    }
  }
}

TEST(LowerScalars, Suppressions) {
  auto c = check(
      "SERVERHOST head\n"
      "LOGLEVEL 1\n"
      "LOGLEVEL 2 # mauic: ignore=duplicate-scalar\n"
      "# mauic: ignore=unknown-parameter\n"
      "NOSUCHPARAM 1\n"
      "NOSUCHPARAM2 1\n");
  EXPECT_TRUE(located(*c, "duplicate-scalar").empty());
  EXPECT_EQ(located(*c, "unknown-parameter"), Strings{"6:1 unknown-parameter"});
}

TEST(LowerScalars, TemplatesAreFlaggedOncePerFile) {
  auto c = check("SERVERHOST <%= @fqdn %>\nRMPOLLINTERVAL {{ poll }}\n");
  EXPECT_TRUE(c->policy.is_template);
  EXPECT_EQ(located(*c, "template-placeholder"), Strings{"1:12 template-placeholder"});
  EXPECT_EQ(count_rule(*c, "invalid-value"), 0u);  // templated values are not checked
}

TEST(LowerColumns, BareCarriageReturnIsABlank) {
  // A CR in the middle of a line is a blank (§1.1); columns count bytes from the line start.
  auto c = check("SERVERHOST head\nUSERCFG[bob]\rMAXJOB=2 NOSUCH=1\n");
  const auto* bob = c->policy.find(ir::CredKind::User, "bob");
  ASSERT_NE(bob, nullptr);
  ASSERT_TRUE(bob->active[ir::LimitResource::Job]);
  auto column = bob->active[ir::LimitResource::Job]->from.where.column;
  auto diag = located(*c, "unknown-attribute");
  EXPECT_EQ(column, 14u);
  EXPECT_EQ(diag, Strings{"2:23 unknown-attribute"});
}

// --- #INCLUDE -------------------------------------------------------------------------------

class Include : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "mauic-lower-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  std::string write(const std::string& name, std::string_view text) {
    fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }
  fs::path dir_;
};

TEST_F(Include, IncludedScalarWinsOverTheMainFile) {
  // Maui appends an included file to the end of the configuration (§1.1).
  std::string main = write("main.cfg",
                           "SERVERHOST head\n"
                           "RMPOLLINTERVAL 30\n"
                           "#INCLUDE extra.cfg\n"
                           "FSDEPTH 4\n");
  std::string extra = write("extra.cfg", "RMPOLLINTERVAL 45\nFSDECAY 0.5\n");
  auto c = checker::check_file(main);
  ASSERT_TRUE(c->loaded);
  EXPECT_TRUE(located(*c, "include-not-found").empty());
  EXPECT_EQ(c->policy.files, (Strings{main, extra}));

  const auto& poll = c->policy.scheduling.poll_interval;
  EXPECT_EQ(poll.value, 45);
  EXPECT_EQ(poll.from.where.file.str(), extra);
  EXPECT_EQ(poll.from.where.line, 1u);
  EXPECT_EQ(poll.from.how, Derivation::LaterLineWins);
  ASSERT_EQ(poll.from.earlier.size(), 1u);
  EXPECT_EQ(poll.from.earlier[0].file.str(), main);
  EXPECT_EQ(poll.from.earlier[0].line, 2u);

  // The main file's line after the directive is still read before the included file.
  EXPECT_EQ(c->policy.fairshare.depth.value, 4);
  expect_at(c->policy.fairshare.depth.from, main, 4, 1);
  EXPECT_DOUBLE_EQ(c->policy.fairshare.decay.value, 0.5);
  expect_at(c->policy.fairshare.decay.from, extra, 2, 1, Derivation::Include);

  Strings order;
  for (const auto& s : c->syntax.statements) order.emplace_back(s.name.text);
  EXPECT_EQ(order, (Strings{"SERVERHOST", "RMPOLLINTERVAL", "extra.cfg", "FSDEPTH", "RMPOLLINTERVAL", "FSDECAY"}));
  // The duplicate is reported on the winning line, in the included file.
  auto dups = checker::resolve(*c);
  auto it = std::find_if(dups.begin(), dups.end(), [](const auto& d) { return d.rule == "duplicate-scalar"; });
  ASSERT_NE(it, dups.end());
  EXPECT_EQ(it->file, extra);
  EXPECT_EQ(it->line, 1u);
}

TEST_F(Include, NotFound) {
  std::string main = write("main.cfg", "SERVERHOST head\n#INCLUDE missing.cfg\nLOGLEVEL 3\n");
  auto c = checker::check_file(main);
  EXPECT_EQ(located(*c, "include-not-found"), Strings{"2:10 include-not-found"});
  for (const auto& d : c->diagnostics.diagnostics())
    if (d.rule == "include-not-found") {
      EXPECT_EQ(d.severity, Severity::Error);
      EXPECT_NE(d.message.find("missing.cfg"), std::string::npos);
    }
  ASSERT_EQ(c->policy.scalars.count("LOGLEVEL"), 1u);  // the rest of the file is still read
  EXPECT_EQ(c->policy.scalars.at("LOGLEVEL").value, "3");
}

TEST_F(Include, CycleNamesTheChain) {
  std::string a = write("a.cfg", "SERVERHOST head\n#INCLUDE b.cfg\n");
  std::string b = write("b.cfg", "LOGLEVEL 1\n#INCLUDE a.cfg\n");
  auto c = checker::check_file(a);
  auto resolved = checker::resolve(*c);
  std::vector<checker::ResolvedDiagnostic> cycles;
  for (const auto& d : resolved)
    if (d.rule == "include-cycle") cycles.push_back(d);
  ASSERT_EQ(cycles.size(), 1u);
  EXPECT_EQ(cycles[0].severity, Severity::Error);
  EXPECT_EQ(cycles[0].file, b);
  EXPECT_EQ(cycles[0].line, 2u);
  EXPECT_EQ(cycles[0].column, 10u);
  ASSERT_EQ(cycles[0].notes.size(), 2u);
  EXPECT_NE(cycles[0].notes[0].message.find(a), std::string::npos) << cycles[0].notes[0].message;
  EXPECT_NE(cycles[0].notes[1].message.find(b), std::string::npos) << cycles[0].notes[1].message;
  EXPECT_EQ(c->policy.files, (Strings{a, b}));  // a.cfg is read once
  EXPECT_EQ(c->policy.scalars.at("LOGLEVEL").value, "1");
}

TEST_F(Include, SelfInclude) {
  std::string a = write("self.cfg", "SERVERHOST head\n#INCLUDE self.cfg\n");
  auto c = checker::check_file(a);
  EXPECT_EQ(located(*c, "include-cycle"), Strings{"2:10 include-cycle"});
  EXPECT_EQ(c->policy.files.size(), 1u);
}

TEST_F(Include, TemplatedIncludeIsNotFollowed) {
  std::string a = write("t.cfg", "SERVERHOST head\n#INCLUDE [% inc %]\n");
  auto c = checker::check_file(a);
  EXPECT_TRUE(located(*c, "include-not-found").empty());
  EXPECT_EQ(c->policy.files.size(), 1u);
}

// --- error recovery -------------------------------------------------------------------------

TEST(LowerRecovery, FiftyBrokenLinesOutOfAHundred) {
  std::string text;
  Strings expected_errors;
  for (int i = 1; i <= 100; ++i) {
    std::string line;
    unsigned column = 1;
    if (i % 2 == 1) {
      line = fmt::format("USERCFG[u{}] PRIORITY={}", i, i);
    } else {
      switch ((i / 2) % 5) {
        case 0:
          line = fmt::format("USERCFG[x{} MAXJOB=1", i);
          column = static_cast<unsigned>(line.size()) + 1;
          break;
        case 1: line = fmt::format("{}BAD 1", i); break;
        case 2:
          line = fmt::format("BAD-{} 1", i);
          column = 4;
          break;
        case 3: line = fmt::format("={}", i); break;
        default: line = fmt::format("!oops {}", i); break;
      }
      expected_errors.push_back(fmt::format("{}:{} syntax-error", i, column));
    }
    text += line + "\n";
  }
  auto c = check(text);
  EXPECT_EQ(count_rule(*c, "syntax-error"), 50u);
  EXPECT_EQ(located(*c, "syntax-error"), expected_errors);
  for (int i = 1; i <= 100; i += 2) {
    const auto* u = c->policy.find(ir::CredKind::User, fmt::format("u{}", i));
    ASSERT_NE(u, nullptr) << i;
    ASSERT_TRUE(u->priority) << i;
    EXPECT_EQ(u->priority->value, i);
    EXPECT_EQ(u->declared.where.line, static_cast<unsigned>(i));
  }
  EXPECT_EQ(c->policy.credentials.size(), 50u);  // nothing from the broken lines
}

}  // namespace
