// Fairshare (runtime/engine/fairshare.h, runtime/io/fairshare_files.h) against the manual's section 6.3:
// user John's decayed usage, the decay table of 6.3.2.2, the FSPOLICY metrics (the 4-processor
// sleep of 6.3.2.1), epoch-aligned windows and rolling, the FS.<epoch> file format (Maui's and
// the manual's sample), located errors for bad lines, atomic writes, and fairshare caps.
#include <stdlib.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "runtime/engine/eligibility.h"
#include "runtime/engine/fairshare.h"
#include "runtime/io/fairshare_files.h"
#include "tests/runtime_support.h"
#include "tests/temp_dir.h"

namespace maui::runtime {
namespace {

namespace fs = std::filesystem;
using namespace testing;
using K = ir::CredKind;

constexpr Epoch kHalfDay = 12 * 3600;
// A time inside a 12-hour window: the window started 1'699'963'200 (an exact multiple).
constexpr Epoch kNow = 1'699'963'200 + 3600;

using testing_support::TempDir;

// 6.3.2.3: FSINTERVAL 12:00:00, FSDEPTH 4, FSDECAY 0.5 and John's usage in four windows:
// Usage = (60 + .5^1*0 + .5^2*10 + .5^3*50) / (110 + .5^1*125 + .5^2*100 + .5^3*150).
constexpr std::string_view kJohnConfig = "FSPOLICY DEDICATEDPS\nFSINTERVAL 12:00:00\nFSDEPTH 4\nFSDECAY 0.5\n";
const double kJohnUsage = (60 + .5 * 0 + .25 * 10 + .125 * 50) / (110 + .5 * 125 + .25 * 100 + .125 * 150);

TEST(RuntimeFairshare, JohnsDecayedUsage) {
  auto t = compile_policy(kJohnConfig);
  FairshareHistory h;
  const double john[] = {60, 0, 10, 50}, total[] = {110, 125, 100, 150};
  Epoch current = window_start(kNow, kHalfDay);
  for (int k = 0; k < 4; ++k) {
    auto& w = h.window(current - k * kHalfDay);
    if (john[k] != 0) w.usage[{K::User, "John"}] = john[k];
    w.total = total[k];
  }
  // A fifth, older window is beyond FSDEPTH and does not count.
  h.window(current - 4 * kHalfDay).usage[{K::User, "John"}] = 1e6;
  h.window(current - 4 * kHalfDay).total = 1e6;
  auto s = FairshareStanding::compute(*t.dir, h, kNow);
  EXPECT_NEAR(s.usage_percent(K::User, "John"), 100 * kJohnUsage, 1e-9);
  EXPECT_NEAR(s.total_decayed(), 110 + .5 * 125 + .25 * 100 + .125 * 150, 1e-9);
  ASSERT_NE(s.find(K::User, "John"), nullptr);
  EXPECT_EQ(s.find(K::User, "John")->window_usage, (std::vector<double>{60, 0, 10, 50}));
}

TEST(RuntimeFairshare, JohnsUsageFromTheManualsFileFormat) {
  // The same data as FS files, in the capitalised format of the manual's sample file.
  auto t = compile_policy(kJohnConfig);
  TempDir dir;
  Epoch current = window_start(kNow, kHalfDay);
  const char* files[] = {"User John 60.000\nTOTAL 110.00\n", "TOTAL 125\n", "User John 10.0\nTOTAL 100\n",
                         "# Fairshare Data File (Duration: 43200 Seconds) Starting: Fri Aug 18 18:00:00\n\n"
                         "User John 50\nTOTAL 150\n"};
  for (int k = 0; k < 4; ++k) dir.write(fmt::format("FS.{}", current - k * kHalfDay), files[k]);
  auto load = load_fairshare_dir(dir.path().string(), FairshareClock::from(t.policy().fairshare), kNow);
  EXPECT_FALSE(load.failure);
  EXPECT_TRUE(load.errors.empty());
  EXPECT_EQ(load.files.size(), 4u);
  auto s = FairshareStanding::compute(*t.dir, load.history, kNow);
  EXPECT_NEAR(s.usage_percent(K::User, "John"), 100 * kJohnUsage, 1e-9);
}

// 6.3.2.2: "WeightedValue = Value * <DECAY> ^ <N>" and the table of contributions per window.
TEST(RuntimeFairshare, DecayTable) {
  struct Row {
    const char* decay;
    int percent[8];
  } rows[] = {{"1.00", {100, 100, 100, 100, 100, 100, 100, 100}},
              {"0.80", {100, 80, 64, 51, 41, 33, 26, 21}},
              {"0.50", {100, 50, 25, 13, 6, 3, 2, 1}}};
  for (const auto& row : rows) {
    auto t = compile_policy(fmt::format("FSPOLICY DEDICATEDPS\nFSDEPTH 8\nFSDECAY {}\n", row.decay));
    auto s = FairshareStanding::compute(*t.dir, FairshareHistory{}, kNow);
    ASSERT_EQ(s.window_weights().size(), 8u);
    for (int n = 0; n < 8; ++n)
      EXPECT_EQ(std::lround(100 * s.window_weights()[n]), row.percent[n]) << "decay " << row.decay << " window " << n;
  }
  // The manual's 0.75 row (100 75 56 42 31 23 17 12) drifts from 0.75^N after window 3
  // (0.75^4 = 31.6%, 0.75^7 = 13.3%): the formula is what counts, the row agrees within 1.5.
  auto t = compile_policy("FSPOLICY DEDICATEDPS\nFSDEPTH 8\nFSDECAY 0.75\n");
  auto s = FairshareStanding::compute(*t.dir, FairshareHistory{}, kNow);
  const int printed[] = {100, 75, 56, 42, 31, 23, 17, 12};
  for (int n = 0; n < 8; ++n) {
    EXPECT_DOUBLE_EQ(s.window_weights()[n], std::pow(0.75, n));
    EXPECT_NEAR(100 * s.window_weights()[n], printed[n], 1.5);
  }
}

TEST(RuntimeFairshare, DedicatedAgainstUtilizedUsage) {
  // 6.3.2.1: "a 4 processor job is running a parallel '/bin/sleep' for 15 minutes. It will have a
  // dedicated fairshare usage of 1 proc-hour but a consumed fairshare usage of essentially
  // nothing".
  ClusterSnapshot snap;
  snap.now = kNow;
  Job sleep = J("sleep").user("john").group("staff").account("a").qos("q").tasks(4).running(kNow);
  sleep.utilized_procs = 0.0;
  snap.jobs = {sleep};
  for (auto [config, expected] :
       {std::pair{"FSPOLICY DEDICATEDPS\n", 3600.0}, std::pair{"FSPOLICY UTILIZEDPS\n", 0.0}}) {
    auto t = compile_policy(config);
    FairshareHistory h;
    accrue_usage(h, t.policy(), snap, kNow, kNow + 15 * 60);
    const auto* w = h.find(window_start(kNow, 86400));
    EXPECT_DOUBLE_EQ(w ? w->total : 0.0, expected) << config;
    if (expected > 0) {
      ASSERT_NE(w, nullptr);
      for (auto who : {ir::Credential{K::User, "john"}, ir::Credential{K::Group, "staff"},
                       ir::Credential{K::Account, "a"}, ir::Credential{K::Qos, "q"}, ir::Credential{K::Class, "batch"}})
        EXPECT_DOUBLE_EQ(w->usage.at(who), expected) << ir::to_string(who.kind);
    }
  }
  // FSPOLICY NONE records nothing.
  auto off = compile_policy("");
  FairshareHistory h;
  accrue_usage(h, off.policy(), snap, kNow, kNow + 900);
  EXPECT_TRUE(h.windows().empty());
}

TEST(RuntimeFairshare, DedicatedProcessorEquivalents) {
  // DEDICATEDPES: 2 procs and half the memory of a 16-proc cluster: PE 8.
  auto t = compile_policy("FSPOLICY DEDICATEDPES\n");
  ClusterSnapshot snap;
  snap.now = kNow;
  snap.nodes = {make_node("n1", 8, 1000), make_node("n2", 8, 1000)};
  Job j = J("j").tasks(2).running(kNow);
  j.memory_per_task_mb = 500;
  snap.jobs = {j};
  FairshareHistory h;
  accrue_usage(h, t.policy(), snap, kNow, kNow + 100);
  EXPECT_DOUBLE_EQ(h.find(window_start(kNow, 86400))->total, 8 * 100);
}

TEST(RuntimeFairshare, UsageIsSplitAtWindowBoundariesAndOnlyAfterStart) {
  auto t = compile_policy("FSPOLICY DEDICATEDPS\nFSINTERVAL 1:00:00\n");
  ClusterSnapshot snap;
  const Epoch hour = 1'699'999'200;  // a multiple of 3600
  snap.now = hour + 1800;
  snap.jobs = {J("j").tasks(2).running(hour - 600), J("late").running(hour + 1200), J("idle").submit(hour)};
  FairshareHistory h;
  accrue_usage(h, t.policy(), snap, hour - 1800, hour + 1800);
  EXPECT_DOUBLE_EQ(h.find(hour - 3600)->total, 2 * 600);      // from its start to the boundary
  EXPECT_DOUBLE_EQ(h.find(hour)->total, 2 * 1800 + 1 * 600);  // both jobs after the boundary
  EXPECT_EQ(window_start(hour + 3599, 3600), hour);
  EXPECT_EQ(window_start(hour, 3600), hour);
  // Rolling drops windows older than the depth.
  h.forget_before(hour);
  EXPECT_EQ(h.find(hour - 3600), nullptr);
  EXPECT_NE(h.find(hour), nullptr);
}

TEST(RuntimeFairshare, FileRoundTripIsAtomicAndInMauisFormat) {
  TempDir dir;
  FairshareWindow w;
  w.start = 1'699'920'000;
  w.usage[{K::User, "john"}] = 60;
  w.usage[{K::Group, "staff"}] = 60;
  w.usage[{K::Account, "chem"}] = 60;
  w.usage[{K::Qos, "high"}] = 60;
  w.usage[{K::Class, "batch"}] = 60;
  w.usage[{K::User, "idle"}] = 0;  // zero entries are not written
  w.total = 110;
  ASSERT_FALSE(write_fairshare_file(dir.path().string(), w, 86400));
  std::ifstream in(dir.path() / "FS.1699920000");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(),
            "# FS Data File (Duration:  86400 seconds)  Starting: Tue Nov 14 00:00:00 2023\n"
            "user                  john       60.000\n"
            "group                staff       60.000\n"
            "acct                  chem       60.000\n"
            "qos                   high       60.000\n"
            "class                batch       60.000\n"
            "sched                 NONE      110.000\n");
  // Only the final file is left: the temporary one was renamed.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator{}), 1);
  auto parsed = parse_fairshare_file("FS.1699920000", text.str(), w.start);
  EXPECT_TRUE(parsed.errors.empty());
  EXPECT_TRUE(parsed.has_total);
  EXPECT_DOUBLE_EQ(parsed.window.total, 110);
  w.usage.erase({K::User, "idle"});
  EXPECT_EQ(parsed.window.usage, w.usage);
}

TEST(RuntimeFairshare, ManualSampleFileParses) {
  const char* sample =
      "# Fairshare Data File (Duration: 172800 Seconds) Starting: Fri Aug 18 18:00:00\n\n"
      "User USERA 150000.000\nUser USERB 150000.000\nUser USERC 200000.000\nUser USERD 100000.000\n"
      "Group GROUPA 350000.000\nGroup GROUPB 250000.000\nAccount ACCTA 300000.000\nAccount ACCTB 200000.000\n"
      "Account ACCTC 100000.000\nQOS 0 50000.000\nQOS 1 450000.000\nQOS 2 100000.000\nTOTAL 600000.00\n";
  auto p = parse_fairshare_file("FS.1", sample, 1);
  EXPECT_TRUE(p.errors.empty());
  EXPECT_DOUBLE_EQ(p.window.total, 600000);
  EXPECT_EQ(p.window.usage.size(), 12u);
  // "USERA + USERB + ... + USERD = GROUPA + GROUPB = ACCTA + ... + ACCTC = QOS0 + ... + QOS2 = TOTAL"
  std::array<double, 6> sums{};
  for (const auto& [who, v] : p.window.usage) sums[static_cast<std::size_t>(who.kind)] += v;
  for (auto k : {K::User, K::Group, K::Account, K::Qos}) EXPECT_DOUBLE_EQ(sums[static_cast<std::size_t>(k)], 600000);
}

// A file whose total line says 0 beside usage (a damaged or hand-made one): written back, the
// total stays 0 rather than becoming the fullest kind's sum, 1000 here (found by fuzzing).
TEST(RuntimeFairshare, AZeroTotalBesideUsageIsWrittenBack) {
  auto p = parse_fairshare_file("FS.1", "user john 1000\nsched NONE 0\n", 1);
  ASSERT_TRUE(p.errors.empty());
  EXPECT_EQ(p.window.total, 0);
  const std::string written = format_fairshare_file(p.window, 86400);
  EXPECT_NE(written.find("sched                 NONE        0.000"), std::string::npos) << written;
  auto back = parse_fairshare_file("FS.1", written, 1);
  EXPECT_EQ(back.window.total, 0);
  EXPECT_EQ(back.window.usage, p.window.usage);
}

TEST(RuntimeFairshare, BadLinesAreLocatedAndCounted) {
  const char* text =
      "# header\n"
      "user john 10\n"
      "usr mary 5\n"
      "group staff\n"
      "qos high lots\n"
      "user john 12\n"
      "class batch -3\n"
      "sched NONE 40\n"
      "acct a 1e31\n";
  auto p = parse_fairshare_file("FS.123", text, 123);
  std::vector<std::string> errors;
  for (const auto& e : p.errors) errors.push_back(to_text(e));
  // Each at the field that is wrong (column 1: the type word; the whole line when a field is
  // missing).
  EXPECT_EQ(errors,
            (std::vector<std::string>{
                "FS.123:3:1: error: expected a type (user, group, acct, qos, class or sched), found 'usr'",
                "FS.123:4: error: expected '<type> <name> <usage>', found 2 fields",
                "FS.123:5:10: error: expected a usage (a number of proc-seconds from 0 to 1e+30), found 'lots'",
                "FS.123:6:1: error: a second line for user john replaces the first",
                "FS.123:7:13: error: expected a usage (a number of proc-seconds from 0 to 1e+30), found '-3'",
                "FS.123:9:8: error: expected a usage (a number of proc-seconds from 0 to 1e+30), found '1e31'"}));
  EXPECT_DOUBLE_EQ(p.window.usage.at({K::User, "john"}), 12);
  EXPECT_DOUBLE_EQ(p.window.total, 40);

  // Through the directory reader the errors name the file's path.
  TempDir dir;
  auto t = compile_policy("FSPOLICY DEDICATEDPS\n");
  dir.write(fmt::format("FS.{}", window_start(kNow, 86400)), "user john 1\n  bogus 3\n");
  auto load = load_fairshare_dir(dir.path().string(), FairshareClock::from(t.policy().fairshare), kNow);
  ASSERT_EQ(load.errors.size(), 1u);
  EXPECT_EQ(to_text(load.errors[0]), fmt::format("{}/FS.{}:2:3: error: expected a type (user, group, acct, qos, "
                                                 "class or sched), found 'bogus'",
                                                 dir.path().string(), window_start(kNow, 86400)));
  // A file without a total line: the total is the per-kind usage.
  EXPECT_DOUBLE_EQ(load.history.find(window_start(kNow, 86400))->total, 1);
  EXPECT_TRUE(load_fairshare_dir((dir.path() / "missing").string(), FairshareClock{}, kNow).failure);
  // A window's name taken by something that is not a file is said, not skipped.
  std::filesystem::create_directory(dir.path() / fmt::format("FS.{}", window_start(kNow, 86400) - 86400));
  auto odd = load_fairshare_dir(dir.path().string(), FairshareClock::from(t.policy().fairshare), kNow);
  ASSERT_EQ(odd.errors.size(), 2u);
  EXPECT_EQ(to_text(odd.errors[1]), fmt::format("{}/FS.{}: error: cannot be read: it is a directory",
                                                dir.path().string(), window_start(kNow, 86400) - 86400));
}

TEST(RuntimeFairshare, SaveRollsOldWindowsOut) {
  TempDir dir;
  auto t = compile_policy("FSPOLICY DEDICATEDPS\nFSINTERVAL 1:00:00\nFSDEPTH 2\n");
  auto clock = FairshareClock::from(t.policy().fairshare);
  const Epoch hour = 1'699'999'200;
  FairshareHistory h;
  for (int k = 0; k < 4; ++k) h.window(hour - k * 3600).total = 10 + k;
  ASSERT_FALSE(save_fairshare(dir.path().string(), h, clock, hour + 5));
  EXPECT_EQ(h.windows().size(), 2u);
  EXPECT_TRUE(fs::exists(dir.path() / fmt::format("FS.{}", hour)));
  EXPECT_TRUE(fs::exists(dir.path() / fmt::format("FS.{}", hour - 3600)));
  EXPECT_FALSE(fs::exists(dir.path() / fmt::format("FS.{}", hour - 7200)));
  auto load = load_fairshare_dir(dir.path().string(), clock, hour + 5);
  EXPECT_DOUBLE_EQ(load.history.find(hour - 3600)->total, 11);
}

// 6.3.3.2: "If the fairshare cap is reached or exceeded, the job is not allowed to run even if
// there are resources available" — '^' in proc-seconds, '%' in percent of the total.
TEST(RuntimeFairshare, CapsMakeJobsInfeasible) {
  auto t = compile_policy("FSPOLICY DEDICATEDPS\nUSERCFG[john] FSTARGET=1000^\nUSERCFG[mary] FSTARGET=50%\n");
  FairshareHistory h;
  auto& w = h.window(window_start(kNow, 86400));
  w.usage[{K::User, "john"}] = 900;
  w.usage[{K::User, "mary"}] = 400;
  w.total = 1000;
  auto s = FairshareStanding::compute(*t.dir, h, kNow);
  auto caps = [&](const Job& j) { return fairshare_cap_violations(*t.dir, s, j, {}); };
  EXPECT_TRUE(caps(J("a").user("john").walltime(100)).empty());  // 900 + 100 = 1000: not over
  auto over = caps(J("b").user("john").walltime(101));
  ASSERT_EQ(over.size(), 1u);
  EXPECT_DOUBLE_EQ(over[0].usage, 900);
  EXPECT_DOUBLE_EQ(over[0].request, 101);
  EXPECT_TRUE(caps(J("c").user("mary").walltime(100)).empty());            // (400 + 100) / 1000 = 50%
  EXPECT_EQ(caps(J("d").user("mary").tasks(2).walltime(100)).size(), 1u);  // 60%

  ClusterSnapshot snap;
  snap.now = kNow;
  snap.jobs = {J("b").user("john").walltime(101).submit(kNow)};
  auto q = evaluate_queue(*t.dir, s, snap);
  EXPECT_FALSE(q.eligibility.jobs[0].eligible);
  EXPECT_EQ(q.eligibility.jobs[0].fairshare_caps.size(), 1u);
}

TEST(RuntimeFairshare, OutOfBoundsMarkers) {
  auto t = compile_policy(
      "FSPOLICY DEDICATEDPS\nUSERCFG[a] FSTARGET=50\nUSERCFG[b] FSTARGET=10+\n"
      "USERCFG[c] FSTARGET=20-\nUSERCFG[d] FSTARGET=30\n");
  FairshareHistory h;
  auto& w = h.window(window_start(kNow, 86400));
  w.usage[{K::User, "a"}] = 40;  // 10 points under its target: marked
  w.usage[{K::User, "b"}] = 5;   // under its floor: marked
  w.usage[{K::User, "c"}] = 25;  // over its ceiling: marked
  w.usage[{K::User, "d"}] = 30;  // on target
  w.total = 100;
  auto s = FairshareStanding::compute(*t.dir, h, kNow);
  EXPECT_TRUE(out_of_bounds(*s.find(K::User, "a"), s));
  EXPECT_TRUE(out_of_bounds(*s.find(K::User, "b"), s));
  EXPECT_TRUE(out_of_bounds(*s.find(K::User, "c"), s));
  EXPECT_FALSE(out_of_bounds(*s.find(K::User, "d"), s));
}

// Every field of two standings, doubles compared exactly: a refresh must add up as a fresh merge.
void expect_same_standing(const FairshareStanding& a, const FairshareStanding& b, const std::string& where) {
  EXPECT_EQ(a.total_decayed(), b.total_decayed()) << where;
  EXPECT_EQ(a.window_starts(), b.window_starts()) << where;
  EXPECT_EQ(a.window_totals(), b.window_totals()) << where;
  ASSERT_EQ(a.credentials().size(), b.credentials().size()) << where;
  for (std::size_t i = 0; i < a.credentials().size(); ++i) {
    const CredentialStanding &x = a.credentials()[i], &y = b.credentials()[i];
    const std::string who = fmt::format("{} {}:{}", where, ir::to_string(x.who.kind), x.who.name);
    EXPECT_EQ(x.who, y.who) << who;
    EXPECT_EQ(x.window_usage, y.window_usage) << who;
    EXPECT_EQ(x.decayed_usage, y.decayed_usage) << who;
    EXPECT_EQ(x.usage_percent, y.usage_percent) << who;
    ASSERT_EQ(x.target.has_value(), y.target.has_value()) << who;
    if (x.target) {
      EXPECT_EQ(x.target->target, y.target->target) << who;
    }
  }
}

// The simulator refreshes the standing from the last one (FairshareStanding::compute with
// `previous`): over a random history that accrues mostly into the current window, sometimes
// into older ones, crosses window boundaries, sees new credentials, loses entries, drops old
// windows and has windows replaced whole, every refresh equals a fresh computation.
TEST(RuntimeFairshare, RefreshedStandingEqualsAFreshOne) {
  auto t = compile_policy(
      "FSPOLICY DEDICATEDPS\nFSINTERVAL 1:00:00\nFSDEPTH 5\nFSDECAY 0.7\n"
      "USERCFG[u1] FSTARGET=10\nGROUPCFG[g2] FSTARGET=20-\nUSERCFG[u7] FSTARGET=5+\n");
  std::mt19937_64 rng(20261122);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); };
  constexpr Seconds kHour = 3600;
  FairshareHistory h;
  Epoch now = 1'700'000'000;
  FairshareStanding refreshed;
  std::int64_t changed_credentials = 0;
  for (int step = 0; step < 4000; ++step) {
    const Epoch current = window_start(now, kHour);
    const int action = pick(100);
    if (action < 70) {  // a job's usage, nearly always into the current window
      const Epoch start = pick(10) == 0 ? current - kHour * pick(6) : current;
      const ir::Credential who = pick(2) ? ir::Credential{K::User, fmt::format("u{}", pick(pick(50) == 0 ? 40 : 8))}
                                         : ir::Credential{K::Group, fmt::format("g{}", pick(4))};
      const double amount = static_cast<double>(1 + pick(5000)) / 7.0;
      FairshareWindow& w = h.window(start);
      w.usage[who] += amount;
      w.total += amount;
    } else if (action < 88) {
      now += pick(1500);       // some refreshes cross into the next window
    } else if (action < 92) {  // an entry leaves the current window
      FairshareWindow& w = h.window(current);
      if (!w.usage.empty()) w.usage.erase(std::next(w.usage.begin(), pick(static_cast<int>(w.usage.size()))));
    } else if (action < 94) {
      h.forget_before(current - kHour * pick(8));
    } else if (action < 96) {  // a window read back from its file replaces the one in memory
      FairshareWindow w;
      w.start = current - kHour * pick(3);
      w.usage[{K::User, "u3"}] = 100;
      w.total = 100;
      h.window(w.start) = w;
    }
    const std::size_t before = refreshed.credentials().size();
    refreshed = FairshareStanding::compute(*t.dir, h, now, std::move(refreshed));
    changed_credentials += refreshed.credentials().size() != before;
    expect_same_standing(refreshed, FairshareStanding::compute(*t.dir, h, now), fmt::format("step {}", step));
    if (HasFatalFailure()) return;
  }
  // The walk did see credentials come and go, not one list refreshed all along.
  EXPECT_GT(changed_credentials, 20) << changed_credentials;
}

}  // namespace
}  // namespace maui::runtime
