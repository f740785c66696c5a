// The policy JSON: exact round trip of every IR field, deterministic bytes, useful errors on bad
// input, and agreement with the published schema (schemas/policy.schema.json).
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "llvm/Support/Error.h"
#include "schemas/ir.h"
#include "schemas/ir_json.h"
#include "schemas/ir_names.h"

namespace maui::ir {
namespace {

// ---------------------------------------------------------------------------------------------
// Building a policy by hand

SourceRange at(unsigned line, unsigned column = 1, std::string file = "maui.cfg") {
  return {FileName(file), line, column, column + 7};
}

Provenance prov(unsigned line, Derivation how = Derivation::Explicit) {
  Provenance p;
  p.where = at(line);
  p.how = how;
  if (how == Derivation::LaterLineWins) p.earlier = {at(line - 2, 3), at(line - 1, 5, "site.cfg")};
  if (how == Derivation::Include) p.where.file = FileName("site.cfg");
  if (how == Derivation::BuiltinDefault) p.where = {};
  return p;
}

template <class T>
Sourced<T> src(T value, unsigned line, Derivation how = Derivation::Explicit) {
  return {std::move(value), prov(line, how)};
}

Limit limit(std::int64_t soft, std::int64_t hard, unsigned line, Derivation how = Derivation::Explicit) {
  return {soft, hard, prov(line, how)};
}

// Every limit resource, with distinct values so a mix-up between slots shows.
LimitTable full_table(std::int64_t base, unsigned line, Derivation how) {
  LimitTable t;
  for (std::size_t i = 0; i < kLimitResources; ++i)
    t[static_cast<LimitResource>(i)] =
        limit(base + static_cast<std::int64_t>(i), base * 2 + static_cast<std::int64_t>(i),
              line + static_cast<unsigned>(i), how);
  return t;
}

CredentialConfig credential(CredKind kind, std::string name, unsigned line) {
  CredentialConfig c;
  c.id = {kind, std::move(name)};
  c.declared = prov(line);
  return c;
}

// A policy that sets every field of the IR, uses every enum value (FairshareMetric has one
// slot; EveryFairshareMetricRoundTrips covers the rest) and awkward numbers.
Policy full_policy() {
  Policy p;
  p.files = {"maui.cfg", "site.cfg", "dir with space/ünïcode.cfg"};
  p.is_template = true;
  p.server_host = src<std::string>("head01", 2);

  for (std::size_t i = 0; i < kPriorityComponents; ++i)
    p.priority.component[i] = {src<std::int64_t>(static_cast<std::int64_t>(i) + 1, 10),
                               src<std::int64_t>(-static_cast<std::int64_t>(i), 11, Derivation::Legacy)};
  for (std::size_t i = 0; i < kPrioritySubcomponents; ++i)
    p.priority.sub[i] = {src<std::int64_t>(static_cast<std::int64_t>(i) * 100, 20 + static_cast<unsigned>(i)),
                         src<std::int64_t>(0, 0, Derivation::BuiltinDefault)};
  p.priority.xfactor_min_walltime = src<Seconds>(kInfinity, 50);
  p.priority.accrual_policy = src(AccrualPolicy::FullPolicy, 51);
  p.priority.enable_negative = src(true, 52);
  p.priority.reject_negative = src(false, 53, Derivation::LaterLineWins);
  p.priority.use_system_queue_time = src(true, 54, Derivation::Include);

  p.fairshare.metric = src(FairshareMetric::DedicatedPES, 60);
  p.fairshare.percentage_mode = src(true, 60);
  p.fairshare.interval = src<Seconds>(86400, 61);
  p.fairshare.depth = src<std::int64_t>(7, 62);
  p.fairshare.decay = src(0.1, 63);

  auto& s = p.scheduling;
  s.backfill_policy = src(BackfillPolicy::FirstFit, 70);
  s.backfill_depth = src<std::int64_t>(0, 0, Derivation::BuiltinDefault);
  s.backfill_metric = src(BackfillMetric::Procs, 71);
  s.backfill_max_schedules = src<std::int64_t>(10000, 72);
  s.chunk_size = src<std::int64_t>(4, 73);
  s.chunk_duration = src<Seconds>(300, 74);
  s.reservation_policy = src(ReservationPolicy::CurrentHighest, 75);
  s.reservation_groups[0] = {src<std::int64_t>(4, 76), std::nullopt};
  s.reservation_groups[1] = {src<std::int64_t>(2, 77), src(std::vector<std::string>{"high", "premium"}, 78)};
  s.reservation_groups[-3] = {src<std::int64_t>(1, 79), src(std::vector<std::string>{}, 79)};
  s.reservation_threshold_type = src(ReservationThreshold::XFactor, 80);
  s.reservation_threshold_value = src<std::int64_t>(-5, 81);
  s.reservation_retry_time = src<Seconds>(60, 82);
  s.node_allocation_policy = src(NodeAllocationPolicy::MinResource, 83);
  s.node_access_policy = src(NodeAccessPolicy::SingleUser, 84);
  s.poll_interval = src<Seconds>(30, 85);

  p.system_limits.max_procs = src<std::int64_t>(std::numeric_limits<std::int64_t>::max(), 90);
  p.system_limits.max_walltime = src<Seconds>(kInfinity, 91);
  p.system_limits.max_proc_seconds = src<std::int64_t>(std::numeric_limits<std::int64_t>::min(), 92);

  // Credentials: every kind, DEFAULT entries, every FairshareMode and ListMode.
  const FairshareMode modes[] = {FairshareMode::Target, FairshareMode::Floor, FairshareMode::Ceiling,
                                 FairshareMode::CapAbsolute, FairshareMode::CapRelative};
  const ListMode lists[] = {ListMode::Or, ListMode::And, ListMode::Only};
  unsigned line = 100;
  std::size_t n = 0;
  for (CredKind kind : kCredKinds) {
    for (const char* name : {"DEFAULT", "alpha"}) {
      CredentialConfig c = credential(kind, name, line);
      c.priority = src<std::int64_t>(-static_cast<std::int64_t>(n) * 7, line);
      c.fairshare_target =
          FairshareTarget{n % 2 ? 1e-7 : 12.5, modes[n % 5], prov(line, Derivation::DefaultCredential)};
      if (n % 2) {
        c.active = full_table(static_cast<std::int64_t>(n), line, Derivation::Explicit);
        c.idle[LimitResource::Job] = limit(-1, -1, line, Derivation::DefaultCredential);
      } else {
        c.idle = full_table(static_cast<std::int64_t>(n) + 50, line, Derivation::LaterLineWins);
      }
      c.scoped.push_back({LimitResource::Proc, false, CredKind::User, "steve", limit(3, 3, line)});
      c.scoped.push_back({LimitResource::Node, true, kind, std::nullopt, limit(8, 16, line)});
      c.qos_list = NameList{{"high", "low"}, lists[n % 3], prov(line)};
      c.qos_default = src<std::string>("high", line);
      c.partition_list = NameList{{}, lists[(n + 1) % 3], prov(line, Derivation::Legacy)};
      c.partition_default = src<std::string>("batch", line);
      c.account_default = src<std::string>("chem", line);
      c.job_flags = {src<std::string>("PREEMPTEE", line), src<std::string>("RESTARTABLE", line)};
      c.max_walltime = src<Seconds>(kInfinity, line);
      c.default_walltime = src<Seconds>(3600, line);
      if (kind == CredKind::Class) c.node_access = src(NodeAccessPolicy::SingleTask, line);
      c.other["MAXJOBQUEUED"] = {"10", prov(line)};
      c.other["weird key.with[chars]"] = {"", prov(line, Derivation::Include)};
      if (kind == CredKind::Qos) {
        c.qos->queuetime_weight = src<std::int64_t>(5, line);
        c.qos->queuetime_target = src<Seconds>(7200, line);
        c.qos->xfactor_weight = src<std::int64_t>(-2, line);
        c.qos->xfactor_target = src(1.0 / 3.0, line);
        c.qos->flags = {src<std::string>("PREEMPTOR", line), src<std::string>("IGNMAXJOB", line)};
        c.qos->override_active = full_table(1000, line, Derivation::Override);
        c.qos->override_idle[LimitResource::Mem] = limit(1, 2, line, Derivation::Override);
        c.qos->override_system = full_table(2000, line, Derivation::Override);
      }
      p.credentials[c.id] = c;
      ++line;
      ++n;
    }
  }
  // An entry with nothing but its name: every optional absent, every table empty.
  p.credentials[{CredKind::Class, "bare"}] = credential(CredKind::Class, "bare", 199);
  p.credentials[{CredKind::System, "base"}] = credential(CredKind::System, "base", 198);
  p.other_objects["AMCFG[bank]"]["TYPE"] = RawSetting{"QBANK", prov(197)};
  p.other_objects["AMCFG[bank]"]["HOST"] = RawSetting{"bank.example", prov(197)};
  p.other_objects["CLIENTCFG[x]"]["CSKEY"] = RawSetting{"<redacted>", prov(196)};

  // Standing reservations: every ACL kind and affinity, both host kinds, every period.
  const AclEntry::Kind acl_kinds[] = {AclEntry::Kind::User,     AclEntry::Kind::Group, AclEntry::Kind::Account,
                                      AclEntry::Kind::Class,    AclEntry::Kind::Qos,   AclEntry::Kind::JobAttr,
                                      AclEntry::Kind::Duration, AclEntry::Kind::Procs, AclEntry::Kind::Tasks};
  const AclEntry::Affinity affinities[] = {AclEntry::Affinity::Positive, AclEntry::Affinity::Negative,
                                           AclEntry::Affinity::Neutral};
  StandingReservation full;
  full.name = "interactive";
  full.declared = prov(200);
  full.access = src<std::string>("SHARED", 201);
  for (std::size_t i = 0; i < std::size(acl_kinds); ++i) {
    AclEntry e;
    e.kind = acl_kinds[i];
    e.value = i >= 6 ? "1:00:00" : "name" + std::to_string(i);
    e.number = i >= 6 ? 3600 : 0;
    e.negated = i % 2 == 0;
    e.required = i % 3 == 0;
    e.affinity = affinities[i % 3];
    e.from = prov(202 + static_cast<unsigned>(i));
    full.acl.push_back(e);
  }
  full.charge_account = src<std::string>("admin", 211);
  full.days = src<std::uint8_t>(0b0111110, 212);
  full.depth = src<std::int64_t>(14, 213);
  full.start_time = src<Seconds>(9 * 3600, 214);
  full.end_time = src<Seconds>(17 * 3600, 215);
  full.week_start = src<Seconds>(0, 216);
  full.week_end = src<Seconds>(7 * 86400 - 1, 217);
  full.flags = {src<std::string>("BYNAME", 218)};
  full.hosts = src(HostExpression{HostExpression::Kind::Names, {"node01", "node02", "node03"}, ""}, 219);
  full.node_features = {src<std::string>("fast", 220), src<std::string>("gpu", 220)};
  full.owner = src(Credential{CredKind::Group, "staff"}, 221);
  full.partition = src<std::string>("batch", 222);
  full.period = src(ReservationPeriod::Day, 223);
  full.priority = src<std::int64_t>(100, 224);
  full.resources = src(TaskResources{2, 512, 1024, -1}, 225);
  full.task_count = src<std::int64_t>(16, 226);
  full.tasks_per_node = src<std::int64_t>(4, 227);
  full.trigger = src<std::string>("EType=start,AType=exec", 228);
  full.other["COMMENT"] = {"lunch time", prov(229)};
  p.standing_reservations[full.name] = full;

  StandingReservation regex;
  regex.name = "maint";
  regex.declared = prov(230);
  regex.depth = src<std::int64_t>(1, 230);
  regex.hosts = src(HostExpression{HostExpression::Kind::Regex, {}, "node[0-9]+"}, 231);
  regex.period = src(ReservationPeriod::Week, 232);
  p.standing_reservations[regex.name] = regex;

  StandingReservation forever;
  forever.name = "forever";
  forever.declared = prov(240);
  forever.period = src(ReservationPeriod::Infinity, 241);
  p.standing_reservations[forever.name] = forever;

  NodeConfig node;
  node.name = "node01";
  node.declared = prov(300);
  node.procs = src<std::int64_t>(64, 300);
  node.mem_mb = src<std::int64_t>(262144, 300);
  node.swap_mb = src<std::int64_t>(0, 301);
  node.disk_mb = src<std::int64_t>(1 << 20, 302);
  node.features = {src<std::string>("fast", 303)};
  node.partition = src<std::string>("batch", 304);
  node.speed = src(1e300, 305);
  node.priority = src<std::int64_t>(-10, 306);
  node.max_jobs = src<std::int64_t>(2, 307);
  node.max_jobs_per_user = src<std::int64_t>(1, 308);
  node.max_load = src(std::numeric_limits<double>::infinity(), 309);
  node.priority_function = src<std::string>("-LOAD + 2*CPROCS", 310);
  node.other["ARCH"] = {"x86_64", prov(311)};
  p.nodes[node.name] = node;
  NodeConfig def;
  def.name = "DEFAULT";
  def.declared = prov(320);
  def.speed = src(-0.0, 321);
  def.max_load = src(5e-324, 322);
  p.nodes[def.name] = def;

  ResourceManager rm;
  rm.name = "base";
  rm.declared = prov(400);
  rm.type = src<std::string>("PBS", 400);
  rm.host = src<std::string>("pbs01", 401);
  rm.port = src<std::int64_t>(15001, 402);
  rm.timeout = src<Seconds>(30, 403);
  rm.other["AUTHTYPE"] = {"CHECKSUM", prov(404)};
  p.resource_managers[rm.name] = rm;
  ResourceManager legacy;
  legacy.name = "0";
  legacy.declared = prov(410, Derivation::Legacy);
  p.resource_managers[legacy.name] = legacy;

  p.admins.levels[0] = src(std::vector<std::string>{"root", "maui"}, 500);
  p.admins.levels[2] = src(std::vector<std::string>{}, 501);
  p.admins.hosts = src(std::vector<std::string>{"head01"}, 502);

  p.scalars["BACKFILLPOLICY"] = {"BACKFILLPOLICY", "", "FIRSTFIT", prov(70)};
  p.scalars["RESERVATIONDEPTH[1]"] = {"RESERVATIONDEPTH", "1", "2", prov(77)};
  p.scalars["CLIENTKEY"] = {"CLIENTKEY", "", "<redacted>", prov(600, Derivation::LaterLineWins)};
  return p;
}

std::string error_text(const PolicyFromJson& result) {
  if (result) return "(no error)";
  return result.problem.message;
}

bool accepted(const std::string& text) { return error_text(from_json(text)) == "(no error)"; }

// Replaces the first occurrence of `from` with `to` (the test fails if there is none).
std::string replace_once(std::string text, std::string_view from, std::string_view to) {
  const auto pos = text.find(from);
  EXPECT_NE(pos, std::string::npos) << "no '" << from << "' in the document";
  if (pos != std::string::npos) text.replace(pos, from.size(), to);
  return text;
}

// ---------------------------------------------------------------------------------------------
// Round trip and determinism

TEST(IrJson, FullPolicyRoundTripsExactly) {
  const Policy p = full_policy();
  for (bool pretty : {true, false}) {
    auto back = from_json(to_json(p, pretty));
    ASSERT_TRUE(static_cast<bool>(back)) << to_text(back.problem);
    EXPECT_TRUE(*back == p) << "pretty=" << pretty;
    // Operator== treats -0.0 and 0.0 as equal; the sign must survive too.
    EXPECT_TRUE(std::signbit(back->nodes.at("DEFAULT").speed->value));
  }
}

TEST(IrJson, DefaultPolicyRoundTrips) {
  const Policy p;
  auto back = from_json(to_json(p));
  ASSERT_TRUE(static_cast<bool>(back)) << to_text(back.problem);
  EXPECT_TRUE(*back == p);
}

TEST(IrJson, OutputIsDeterministic) {
  const Policy p = full_policy();
  const std::string first = to_json(p);
  EXPECT_EQ(first, to_json(p));
  EXPECT_EQ(first, to_json(full_policy()));
  auto back = from_json(first);
  ASSERT_TRUE(static_cast<bool>(back)) << to_text(back.problem);
  EXPECT_EQ(first, to_json(*back));
  EXPECT_EQ(to_json(p, false), to_json(*back, false));
}

TEST(IrJson, VersionComesFirstAndKeysKeepTheirOrder) {
  const std::string text = to_json(Policy{}, false);
  EXPECT_TRUE(text.starts_with(R"({"version":1,"files":[],"template":false,"server_host":)")) << text;
  EXPECT_EQ(text.find('\n'), std::string::npos);
  EXPECT_TRUE(to_json(Policy{}, true).starts_with("{\n  \"version\": 1,\n")) << to_json(Policy{});
}

TEST(IrJson, ProvenanceIsFlatAndEarlierOnlyWhenPresent) {
  Policy p;
  p.server_host = src<std::string>("head", 12, Derivation::LaterLineWins);
  const std::string text = to_json(p, false);
  EXPECT_NE(text.find(R"("server_host":{"value":"head","from":{"file":"maui.cfg","line":12,)"
                      R"("column":1,"end_column":8,"how":"later-line-wins","earlier":[)"
                      R"({"file":"maui.cfg","line":10,"column":3,"end_column":10},)"
                      R"({"file":"site.cfg","line":11,"column":5,"end_column":12}]}})"),
            std::string::npos)
      << text;
  // A built-in default has no location and no "earlier" member, but still the full object.
  EXPECT_NE(text.find(R"("backfill_depth":{"value":0,"from":{"file":"","line":0,"column":0,)"
                      R"("end_column":0,"how":"builtin-default"}})"),
            std::string::npos)
      << text;
}

// In an indented document a provenance is one line. Most are written by a shortcut (a head per
// file, padded copies of 64 and 32 bytes); the ones with earlier lines by the general path. Both
// must give the bytes worked out here: for every derivation, and for file names around the
// padded head's size (`{"file": "` + 43 characters + `", "line": ` is 64 bytes), longer than it, longer than the
// shortcut takes, and in more files than it has places for heads (207 names, 64 places), in both orders.
TEST(IrJson, ProvenanceIsOneLineWhateverItsFileName) {
  std::vector<std::string> names = {"",
                                    "m.cfg",
                                    std::string(42, 'a'),
                                    std::string(43, 'b'),
                                    std::string(44, 'c'),
                                    std::string(200, 'd'),
                                    std::string(5000, 'e')};
  for (int i = 0; i < 200; ++i) names.push_back(fmt::format("f{}.cfg", i));
  for (int order = 0; order < 2; ++order) {
    for (std::string_view how_name : enum_names<Derivation>()) {
      const Derivation how = *parse_enum<Derivation>(how_name);
      Policy p;
      unsigned line = 1;
      std::vector<std::string> expected;
      for (const std::string& name : names) {
        Provenance from;
        from.where = {FileName(name), line * 1000, line, line + 100000};
        from.how = how;
        std::string text =
            fmt::format(R"("from": {{"file": "{}", "line": {}, "column": {}, "end_column": {}, "how": "{}")", name,
                        line * 1000, line, line + 100000, how_name);
        if (line % 3 == 0) {  // the general path
          from.earlier = {SourceRange{FileName("x.cfg"), 7, 8, 9}};
          text += R"(, "earlier": [{"file": "x.cfg", "line": 7, "column": 8, "end_column": 9}])";
        }
        expected.push_back(text + "}");
        p.scalars[fmt::format("S{:03}", line)] = {"S", "", "v", from};
        ++line;
      }
      const std::string json = to_json(p, true);
      for (const std::string& e : expected) EXPECT_NE(json.find(e), std::string::npos) << e.substr(0, 120);
      auto back = from_json(json);
      ASSERT_TRUE(static_cast<bool>(back)) << to_text(back.problem);
      EXPECT_EQ(*back, p);
      // Unindented, the same record without the spaces.
      EXPECT_NE(to_json(p, false).find(R"(,"from":{"file":"m.cfg","line":)"), std::string::npos);
    }
    std::reverse(names.begin(), names.end());
  }
}

TEST(IrJson, MapsAreArraysInKeyOrderAndOptionalsAreOmitted) {
  Policy p;
  p.credentials[{CredKind::Qos, "b"}] = credential(CredKind::Qos, "b", 2);
  p.credentials[{CredKind::User, "z"}] = credential(CredKind::User, "z", 1);
  p.scheduling.reservation_groups[3] = {src<std::int64_t>(1, 5), std::nullopt};
  p.scalars["X[1]"] = {"X", "1", "v", prov(6)};
  const std::string text = to_json(p, false);
  const auto user = text.find(R"("id":{"kind":"user","name":"z"})");
  const auto qos = text.find(R"("id":{"kind":"qos","name":"b"})");
  ASSERT_NE(user, std::string::npos) << text;
  ASSERT_NE(qos, std::string::npos) << text;
  EXPECT_LT(user, qos);  // CredKind order: user before qos
  EXPECT_EQ(text.find("\"priority\":{\"value\""), std::string::npos) << "absent optional written";
  EXPECT_NE(text.find(R"("reservation_groups":[{"index":3,"depth":{"value":1,)"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("scalars":[{"key":"X[1]","name":"X","index":"1","value":"v",)"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("levels":[null,null,null,null])"), std::string::npos) << text;
}

TEST(IrJson, InvalidUtf8IsReplacedNotPassedThrough) {
  // maui.cfg files are bytes; JSON is UTF-8. The document must stay valid JSON.
  Policy p;
  p.server_host = src<std::string>("h\xff\xfeost", 1);
  p.files = {"caf\xc3\xa9.cfg"};  // valid UTF-8 is kept as is
  auto back = from_json(to_json(p));
  ASSERT_TRUE(static_cast<bool>(back)) << to_text(back.problem);
  EXPECT_EQ(back->server_host.value, "h\xef\xbf\xbd\xef\xbf\xbdost");
  EXPECT_EQ(back->files, std::vector<std::string>{"caf\xc3\xa9.cfg"});
}

// Provenance file names are written through a per-name shortcut: names that need escaping or
// repair, next to plain ones and in any order, must still come out right.
TEST(IrJson, ProvenanceFileNamesAreEscapedWhereNeeded) {
  Policy p;
  const char* names[] = {"plain.cfg", "with \"quote\".cfg", "tab\there.cfg", "plain.cfg", "bad\xff.cfg"};
  unsigned line = 1;
  for (const char* name : names) {
    CredentialConfig& c = p.credentials[Credential{CredKind::User, "u" + std::to_string(line)}];
    c.id = Credential{CredKind::User, "u" + std::to_string(line)};
    c.declared.where = {FileName(name), line, 1, 5};
    ++line;
  }
  const std::string text = to_json(p);
  auto back = from_json(text);
  ASSERT_TRUE(static_cast<bool>(back)) << to_text(back.problem);
  auto file_of = [&](const char* user) {
    return back->credentials.at(Credential{CredKind::User, user}).declared.where.file.str();
  };
  EXPECT_EQ(file_of("u1"), "plain.cfg");
  EXPECT_EQ(file_of("u2"), "with \"quote\".cfg");
  EXPECT_EQ(file_of("u3"), "tab\there.cfg");
  EXPECT_EQ(file_of("u4"), "plain.cfg");
  EXPECT_EQ(file_of("u5"), "bad\xef\xbf\xbd.cfg");
  EXPECT_NE(text.find(R"("with \"quote\".cfg")"), std::string::npos);
  EXPECT_NE(text.find(R"("tab\there.cfg")"), std::string::npos);
}

TEST(IrJson, DoublesRoundTripBitForBit) {
  const double values[] = {0.1,
                           1e-7,
                           1.0 / 3.0,
                           -2.5,
                           1e300,
                           -1e-300,
                           5e-324,
                           std::numeric_limits<double>::max(),
                           std::numeric_limits<double>::min(),
                           0.0,
                           -0.0,
                           2.0,
                           9007199254740993.0,
                           std::numeric_limits<double>::infinity(),
                           -std::numeric_limits<double>::infinity()};
  for (double v : values) {
    Policy p;
    p.fairshare.decay = src(v, 1);
    auto back = from_json(to_json(p));
    ASSERT_TRUE(static_cast<bool>(back)) << to_text(back.problem);
    const double got = back->fairshare.decay.value;
    EXPECT_EQ(std::memcmp(&got, &v, sizeof v), 0) << "wrote " << v << ", read " << got;
  }
  Policy p;
  p.fairshare.decay = src(std::numeric_limits<double>::quiet_NaN(), 1);
  auto back = from_json(to_json(p));
  ASSERT_TRUE(static_cast<bool>(back)) << to_text(back.problem);
  EXPECT_TRUE(std::isnan(back->fairshare.decay.value));
}

TEST(IrJson, IntegersStayIntegers) {
  const std::int64_t values[] = {0,
                                 -1,
                                 kInfinity,
                                 std::numeric_limits<std::int64_t>::max(),
                                 std::numeric_limits<std::int64_t>::min(),
                                 9007199254740993};
  for (std::int64_t v : values) {
    Policy p;
    p.fairshare.depth = src(v, 1);
    const std::string text = to_json(p, false);
    EXPECT_NE(text.find("\"depth\":{\"value\":" + std::to_string(v) + ","), std::string::npos) << text;
    auto back = from_json(text);
    ASSERT_TRUE(static_cast<bool>(back)) << to_text(back.problem);
    EXPECT_EQ(back->fairshare.depth.value, v);
  }
}

TEST(IrJson, EveryFairshareMetricRoundTrips) {
  for (std::size_t i = 0; i < enum_names<FairshareMetric>().size(); ++i) {
    Policy p;
    p.fairshare.metric = src(static_cast<FairshareMetric>(i), 3);
    auto back = from_json(to_json(p));
    ASSERT_TRUE(static_cast<bool>(back)) << to_text(back.problem);
    EXPECT_EQ(back->fairshare.metric.value, p.fairshare.metric.value);
  }
}

// ---------------------------------------------------------------------------------------------
// Enum spellings

template <class E>
void expect_names_invert(std::size_t expected_count) {
  const auto names = enum_names<E>();
  ASSERT_EQ(names.size(), expected_count);
  for (std::size_t i = 0; i < names.size(); ++i) {
    const auto e = static_cast<E>(i);
    EXPECT_EQ(to_string(e), names[i]);
    EXPECT_EQ(parse_enum<E>(names[i]), e) << names[i];
    for (std::size_t j = 0; j < i; ++j) EXPECT_NE(names[i], names[j]);
  }
  EXPECT_EQ(parse_enum<E>("no-such-name"), std::nullopt);
  EXPECT_EQ(parse_enum<E>(""), std::nullopt);
}

TEST(IrNames, EveryEnumRoundTripsThroughItsName) {
  expect_names_invert<Derivation>(7);
  expect_names_invert<CredKind>(kCredKinds.size() + 1);  // + System (SYSCFG)
  expect_names_invert<LimitResource>(kLimitResources);
  expect_names_invert<FairshareMode>(5);
  expect_names_invert<ListMode>(3);
  expect_names_invert<PriorityComponent>(kPriorityComponents);
  expect_names_invert<PrioritySubcomponent>(kPrioritySubcomponents);
  expect_names_invert<FairshareMetric>(4);
  expect_names_invert<ReservationPeriod>(3);
  expect_names_invert<AclEntry::Kind>(9);
  expect_names_invert<AclEntry::Affinity>(3);
  expect_names_invert<HostExpression::Kind>(2);
  expect_names_invert<AccrualPolicy>(3);
  expect_names_invert<BackfillPolicy>(7);
  expect_names_invert<BackfillMetric>(4);
  expect_names_invert<ReservationPolicy>(3);
  expect_names_invert<ReservationThreshold>(4);
  expect_names_invert<NodeAllocationPolicy>(12);
  expect_names_invert<NodeAccessPolicy>(4);
}

TEST(IrNames, SpellingsArePinned) {
  // These strings are the JSON format: changing one breaks admins' tooling.
  EXPECT_EQ(to_string(Derivation::BuiltinDefault), "builtin-default");
  EXPECT_EQ(to_string(Derivation::DefaultCredential), "default-credential");
  EXPECT_EQ(to_string(Derivation::LaterLineWins), "later-line-wins");
  EXPECT_EQ(to_string(Derivation::Legacy), "legacy");
  EXPECT_EQ(to_string(CredKind::Account), "account");
  EXPECT_EQ(to_string(LimitResource::PE), "pe");
  EXPECT_EQ(to_string(LimitResource::WC), "wc");
  EXPECT_EQ(to_string(FairshareMode::CapRelative), "cap-relative");
  EXPECT_EQ(to_string(ListMode::Only), "only");
  EXPECT_EQ(to_string(PriorityComponent::Fairshare), "FS");
  EXPECT_EQ(to_string(PriorityComponent::Usage), "USAGE");
  EXPECT_EQ(to_string(PrioritySubcomponent::FsQos), "FSQOS");
  EXPECT_EQ(to_string(PrioritySubcomponent::SPViolation), "SPVIOLATION");
  EXPECT_EQ(to_string(PrioritySubcomponent::TargetXFactor), "TARGETXFACTOR");
  EXPECT_EQ(to_string(PrioritySubcomponent::ExecutionTime), "EXECUTIONTIME");
  EXPECT_EQ(to_string(FairshareMetric::DedicatedPS), "DEDICATEDPS");
  EXPECT_EQ(to_string(ReservationPeriod::Infinity), "INFINITY");
  EXPECT_EQ(to_string(AclEntry::Kind::JobAttr), "jobattr");
  EXPECT_EQ(to_string(AclEntry::Affinity::Neutral), "neutral");
  EXPECT_EQ(to_string(HostExpression::Kind::Regex), "regex");
  EXPECT_EQ(to_string(static_cast<CredKind>(200)), "?");
  EXPECT_EQ(family_of(CredKind::User), "USERCFG");
  EXPECT_EQ(family_of(CredKind::Qos), "QOSCFG");
  EXPECT_EQ(parse_family("ACCOUNTCFG"), CredKind::Account);
  EXPECT_EQ(parse_family("accountcfg"), std::nullopt);
  EXPECT_EQ(parse_cred_kind("class"), CredKind::Class);
  EXPECT_EQ(parse_derivation("override"), Derivation::Override);
}

// ---------------------------------------------------------------------------------------------
// Bad input

TEST(IrJson, GarbageGivesAnErrorNotACrash) {
  const std::string binary("\x00\xff\xfe{\x01\"\x80", 7);
  const std::pair<std::string, std::string> cases[] = {
      {"", "invalid JSON: [1:0, byte=0]: Unexpected EOF"},
      {"{", "invalid JSON: "},
      {"[]", "(root): expected an object"},
      {"null", "(root): expected an object"},
      {"{}", "(root): missing key \"version\""},
      {R"({"version":2})", "version: unsupported version 2 (this build reads version 1)"},
      {R"({"version":"1"})", "version: expected an integer"},
      {R"({"version":1.5})", "version: expected an integer"},
      {R"({"version":1})", "(root): missing key \"files\""},
      {R"({"version":99999999999999999999})",
       "invalid JSON: integer 99999999999999999999 does not fit in 64 bits at byte 11"},
      {binary, "invalid JSON: "},
      {std::string(100000, '['), "invalid JSON: nested deeper than 64 levels at byte 64"},
      {std::string(100000, '{'), "invalid JSON: nested deeper than 64 levels"},
  };
  for (const auto& [input, expected] : cases) {
    const std::string message = error_text(from_json(input));
    EXPECT_TRUE(message.starts_with(expected)) << "input: " << input.substr(0, 40) << "\nmessage: " << message;
  }
}

TEST(IrJson, WrongMemberNamesItsPath) {
  Policy p;
  for (const char* name : {"a", "b", "c", "d"}) {
    auto c = credential(CredKind::User, name, 1);
    c.active[LimitResource::Proc] = limit(4, 4, 1);
    p.credentials[c.id] = c;
  }
  p.credentials.at({CredKind::User, "d"}).active[LimitResource::Proc] = limit(777, 778, 9);
  const std::string good = to_json(p, false);
  ASSERT_TRUE(accepted(good)) << error_text(from_json(good));

  const std::string proc = R"("proc":{"soft":777,"hard":778,"from":{"file":"maui.cfg","line":9,)"
                           R"("column":1,"end_column":8,"how":"explicit"}})";
  const std::pair<std::string, std::string> cases[] = {
      {replace_once(good, proc, R"("proc":"oops")"), "credentials[3].active.proc: expected an object"},
      {replace_once(good, R"("soft":777)", R"("soft":7.5)"), "credentials[3].active.proc.soft: expected an integer"},
      {replace_once(good, R"("line":9)", R"("line":-9)"), "credentials[3].active.proc.from.line: -9 is out of range"},
      {replace_once(good, R"("line":9)", R"("line":4294967296)"),
       "credentials[3].active.proc.from.line: 4294967296 is out of range"},
      {replace_once(good, R"("soft":777,)", ""), "credentials[3].active.proc: missing key \"soft\""},
      {replace_once(good, R"("soft":777,)", R"("soft":777,"sfot":1,)"),
       "credentials[3].active.proc: unknown key \"sfot\""},
      {replace_once(good, R"("active":{"proc")", R"("active":{"prok")"), "credentials[0].active: unknown key \"prok\""},
      {replace_once(good, R"("how":"explicit"}}},"idle")", R"("how":"explicitly"}}},"idle")"),
       "credentials[0].active.proc.from.how: unknown value \"explicitly\" (expected one of: "
       "builtin-default, explicit, default-credential, override, later-line-wins, include, legacy)"},
      {replace_once(good, R"("template":false)", R"("template":0)"), "template: expected true or false"},
      {replace_once(good, R"("files":[])", R"("files":[1])"), "files[0]: expected a string"},
      {replace_once(good, R"("files":[])", R"("files":{})"), "files: expected an array"},
      {replace_once(good, R"("name":"b")", R"("name":"a")"),
       "credentials[1]: duplicate entry (same key as an earlier one)"},
      {replace_once(good, R"("levels":[null,null,null,null])", R"("levels":[null])"),
       "admins.levels: expected an array of 4 elements"},
      {replace_once(good, R"("decay":{"value":0,)", R"("decay":{"value":"0",)"),
       "fairshare.decay.value: expected a number"},
      {replace_once(good, R"("components":{"CRED":)", R"("components":{"CREDIT":)"),
       "priority.components: missing key \"CRED\""},
      {replace_once(good, R"("other":{})", R"("other":{"a.b":7})"),
       "credentials[0].other[\"a.b\"]: expected an object"},
      {replace_once(good, R"("version":1,)", R"("version":1,"extra":true,)"), "(root): unknown key \"extra\""},
  };
  for (const auto& [input, expected] : cases) EXPECT_EQ(error_text(from_json(input)), expected);
}

// A cheap stand-in for the fuzzer: truncations and single-byte corruptions spread over a real
// document must give a value or an error, never a crash (run under MAUI_SANITIZE for memory
// errors). The strides keep it to about a thousand parses.
TEST(IrJson, TruncatedAndCorruptedDocumentsNeverCrash) {
  Policy p = full_policy();
  p.credentials.erase(p.credentials.begin(), std::next(p.credentials.begin(), 8));
  const std::string good = to_json(p, false);

  std::size_t cuts = 0;
  std::size_t errors = 0;
  for (std::size_t len = 0; len < good.size(); len += good.size() / 397 + 1) {
    ++cuts;
    auto result = from_json(llvm::StringRef(good.data(), len));
    if (!result) {
      ++errors;
      EXPECT_FALSE(result.problem.message.empty());
    }
  }
  EXPECT_EQ(errors, cuts);  // every proper prefix is incomplete JSON

  const char replacements[] = {'"', '{', '}', '[', ']', ',', ':', '0', '-', 'x', '\\', '\0'};
  std::size_t corruptions = 0;
  for (std::size_t pos = 0; pos < good.size(); pos += good.size() / 601 + 1) {
    std::string bad = good;
    bad[pos] = replacements[++corruptions % std::size(replacements)];
    auto result = from_json(bad);
    if (result) {  // a harmless corruption (inside a string): what was read must round-trip
      auto again = from_json(to_json(*result, false));
      ASSERT_TRUE(static_cast<bool>(again)) << to_text(again.problem);
      EXPECT_TRUE(*again == *result);
    } else {
      EXPECT_FALSE(result.problem.message.empty());
    }
  }
  EXPECT_GT(corruptions, 500u);
}

// ---------------------------------------------------------------------------------------------
// The schema

class SchemaValidation : public ::testing::Test {
 protected:
  void SetUp() override {
    // .ci/install-deps installs python3-jsonschema: a missing validator is a failure, not a skip.
    ASSERT_EQ(std::system("/usr/bin/python3 -c 'import jsonschema' >/dev/null 2>&1"), 0)
        << "python3-jsonschema is not installed (bash .ci/install-deps)";
    dir_ = std::filesystem::path(::testing::TempDir()) / ("ir_json_schema_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ignored;
    if (!dir_.empty()) std::filesystem::remove_all(dir_, ignored);
  }

  // Exit status of validating `document` against schemas/policy.schema.json; the validator's
  // complaint goes to `log` so an unexpected result can show it.
  int validate(const std::string& document, std::string& log) {
    const auto doc = dir_ / "policy.json";
    const auto out = dir_ / "validator.log";
    std::ofstream(doc, std::ios::binary) << document;
    const std::string schema = MAUI_SOURCE_DIR "/schemas/policy.schema.json";
    const std::string command =
        "/usr/bin/python3 -c 'import json,sys,jsonschema; "
        "s=json.load(open(sys.argv[1])); d=json.load(open(sys.argv[2])); "
        "V=jsonschema.validators.validator_for(s); V.check_schema(s); V(s).validate(d)' '" +
        schema + "' '" + doc.string() + "' >'" + out.string() + "' 2>&1";
    const int status = std::system(command.c_str());
    std::ifstream in(out);
    log.assign(std::istreambuf_iterator<char>(in), {});
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  std::filesystem::path dir_;
};

TEST_F(SchemaValidation, OutputMatchesTheSchema) {
  std::string log;
  EXPECT_EQ(validate(to_json(full_policy()), log), 0) << log;
  EXPECT_EQ(validate(to_json(Policy{}, false), log), 0) << log;
}

TEST_F(SchemaValidation, SchemaRejectsWhatTheFormatDoesNotHave) {
  const std::string good = to_json(full_policy(), false);
  const std::string bad[] = {
      replace_once(good, R"("version":1,)", R"("version":1,"extra":true,)"),
      replace_once(good, R"("version":1)", R"("version":2)"),
      replace_once(good, R"("how":"explicit")", R"("how":"explicit","note":"x")"),
      replace_once(good, R"("how":"explicit")", R"("how":"explicitly")"),
      replace_once(good, R"("kind":"user")", R"("kind":"users")"),
      replace_once(good, R"("template":true)", R"("template":"yes")"),
      replace_once(good, R"("active":{"job")", R"("active":{"jobs")"),
      replace_once(good, R"("server_host":{"value":"head01",)", R"("server_host":{)"),
  };
  for (const std::string& document : bad) {
    std::string log;
    EXPECT_NE(validate(document, log), 0) << "accepted: " << document.substr(0, 200);
    // The reader must refuse the same documents.
    EXPECT_FALSE(accepted(document)) << document.substr(0, 200);
  }
}

}  // namespace
}  // namespace maui::ir
