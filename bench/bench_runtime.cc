// The engine's decision pass on a large queue: 100,000 idle jobs of 5,000 users (plus 2,000
// running jobs), a policy with every priority component weighted, fairshare history for every
// user, DEFAULT and per-user limits, idle limits, a QOS override and a multi-dimensional limit.
//
//   BM_PriorityAndEligibility  runtime::evaluate_queue: priority of every queued job, the order,
//                              and the HARD and SOFT eligibility passes (target < 100 ms, 1 core)
//   BM_PriorityOnly            runtime::rank_jobs alone
//   BM_FairshareStanding       runtime::FairshareStanding::compute over 7 windows x 5,000 users
//
// MAUI_BENCH_JOBS=N in the environment queues N jobs instead of 100,000 (the smoke test).
#include <cstdlib>
#include <random>
#include <string>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "checker/pipeline.h"
#include "runtime/engine/credentials.h"
#include "runtime/engine/eligibility.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/priority.h"

namespace {

using namespace maui;
using namespace maui::runtime;

constexpr Epoch kNow = 1'700'000'000;
constexpr int kUsers = 5000, kGroups = 200, kAccounts = 100;

struct World {
  std::unique_ptr<Compilation> unit;
  std::unique_ptr<CredentialDirectory> dir;
  FairshareHistory history;
  FairshareStanding standing;
  ClusterSnapshot snapshot;
};

const World& world() {
  static const World w = [] {
    World w;
    std::string cfg =
        "SERVERHOST head\n"
        "CREDWEIGHT 1\nUSERWEIGHT 10\nGROUPWEIGHT 5\nACCOUNTWEIGHT 5\nQOSWEIGHT 100\nCLASSWEIGHT 10\n"
        "FSPOLICY DEDICATEDPS\nFSWEIGHT 10\nFSUSERWEIGHT 10\nFSGROUPWEIGHT 5\nFSACCOUNTWEIGHT 5\nFSINTERVAL 24:00:00\n"
        "FSDEPTH 7\nFSDECAY 0.8\n"
        "RESWEIGHT 1\nPROCWEIGHT 10\nMEMWEIGHT 1\nPEWEIGHT 5\n"
        "SERVICEWEIGHT 1\nQUEUETIMEWEIGHT 1\nXFACTORWEIGHT 100\nBYPASSWEIGHT 10\n"
        "TARGETWEIGHT 1\nTARGETQUEUETIMEWEIGHT 1\n"
        "USERCFG[DEFAULT] MAXJOB=20,40 MAXPROC=64,128 MAXIJOB=30 FSTARGET=0.02\n"
        "GROUPCFG[DEFAULT] MAXJOB=400 FSTARGET=0.5\n"
        "ACCOUNTCFG[DEFAULT] MAXPROC=2000 FSTARGET=1\n"
        "CLASSCFG[batch] PRIORITY=10 MAXJOBPERUSER=15\nCLASSCFG[short] PRIORITY=100\nCLASSCFG[long] MAXNODE=500\n"
        "QOSCFG[high] PRIORITY=1000 QTWEIGHT=10 QTTARGET=2:00:00 MAXJOB=500 OMAXJOB=50\n"
        "QOSCFG[normal] PRIORITY=10\n"
        "SYSTEMMAXPROCPERJOB 256\n";
    for (int u = 0; u < 100; ++u)
      cfg += fmt::format("USERCFG[user{}] PRIORITY={} MAXJOB=10,30 FSTARGET={}\n", u * 50, u % 7 * 100, 0.05);
    w.unit = checker::check_text("bench.cfg", cfg);
    w.dir = std::make_unique<CredentialDirectory>(w.unit->policy);

    std::mt19937 rng(42);
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const char* classes[] = {"batch", "short", "long"};
    const char* qos[] = {"normal", "normal", "normal", "high"};
    auto cred = [&](Job& j, int user) {
      j.user = fmt::format("user{}", user);
      j.group = fmt::format("group{}", user % kGroups);
      j.account = fmt::format("acct{}", user % kAccounts);
      j.job_class = classes[pick(0, 2)];
      j.qos = qos[pick(0, 3)];
    };
    std::size_t jobs = 100'000;
    if (const char* n = std::getenv("MAUI_BENCH_JOBS"); n && *n) jobs = std::stoul(n);
    w.snapshot.now = kNow;
    for (int n = 0; n < 1000; ++n) {
      Node node;
      node.name = fmt::format("n{:04}", n);
      node.procs = 32;
      node.memory_mb = 128000;
      w.snapshot.nodes.push_back(node);
    }
    for (std::size_t i = 0; i < jobs + 2000; ++i) {
      Job j;
      j.id = fmt::format("{}", 1'000'000 + i);
      cred(j, pick(0, kUsers - 1));
      j.tasks = pick(1, 16);
      j.memory_per_task_mb = pick(0, 4) * 1000;
      j.walltime = pick(1, 48) * 1800;
      j.submit_time = kNow - pick(0, 7 * 86400);
      j.sched.bypass_count = pick(0, 3);
      if (i < 2000) {
        j.state = JobState::Running;
        j.start_time = kNow - pick(0, 3600);
      } else if (pick(0, 50) == 0) {
        j.holds.push_back("user");
      }
      w.snapshot.jobs.push_back(std::move(j));
    }
    // Seven days of usage for every user, group and account.
    Epoch today = window_start(kNow, 86400);
    for (int k = 0; k < 7; ++k) {
      FairshareWindow& win = w.history.window(today - k * 86400);
      for (int u = 0; u < kUsers; ++u) {
        double v = pick(0, 100000);
        win.usage[{ir::CredKind::User, fmt::format("user{}", u)}] += v;
        win.usage[{ir::CredKind::Group, fmt::format("group{}", u % kGroups)}] += v;
        win.usage[{ir::CredKind::Account, fmt::format("acct{}", u % kAccounts)}] += v;
        win.total += v;
      }
    }
    w.standing = FairshareStanding::compute(*w.dir, w.history, kNow);
    return w;
  }();
  return w;
}

void BM_PriorityAndEligibility(benchmark::State& state) {
  const World& w = world();
  std::size_t eligible = 0;
  for (auto _ : state) {
    auto q = evaluate_queue(*w.dir, w.standing, w.snapshot);
    eligible = q.eligibility.eligible;
    benchmark::DoNotOptimize(q);
  }
  state.counters["queued_jobs"] = static_cast<double>(w.snapshot.jobs.size() - 2000);
  state.counters["eligible"] = static_cast<double>(eligible);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(w.snapshot.jobs.size()));
}
BENCHMARK(BM_PriorityAndEligibility)->Unit(benchmark::kMillisecond);

void BM_PriorityOnly(benchmark::State& state) {
  const World& w = world();
  for (auto _ : state) {
    PriorityCalculator calc(*w.dir, w.standing, w.snapshot.totals(), w.snapshot.now);
    auto ranked = rank_jobs(calc, w.snapshot.jobs);
    benchmark::DoNotOptimize(ranked);
  }
}
BENCHMARK(BM_PriorityOnly)->Unit(benchmark::kMillisecond);

void BM_FairshareStanding(benchmark::State& state) {
  const World& w = world();
  for (auto _ : state) {
    auto s = FairshareStanding::compute(*w.dir, w.history, kNow);
    benchmark::DoNotOptimize(s);
  }
}
BENCHMARK(BM_FairshareStanding)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
