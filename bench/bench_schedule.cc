// The scheduling iteration and the simulator (runtime/engine/scheduler.h, runtime/rm/sim/simulator.h).
//
//   BM_Iteration/<nodes>/<jobs>  one schedule_iteration on a cluster of <nodes> 16-proc nodes,
//                                90 % busy, with <jobs> idle jobs of 2,000 users, 20 standing
//                                reservations and RESERVATIONDEPTH 10 (target: 10,000 nodes and
//                                100,000 jobs in < 1 s, 1 core)
//   BM_SimulateKth/<config>      the whole KTH SP2 trace (28,476 jobs, 100 procs) with
//                                examples/easy.cfg (0) and examples/site.cfg (1); reports jobs/s
//
// MAUI_BENCH_SMALL=1 in the environment shrinks everything (the smoke test).
#include <cstdlib>
#include <random>
#include <string>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "checker/pipeline.h"
#include "runtime/engine/credentials.h"
#include "runtime/engine/scheduler.h"
#include "runtime/rm/sim/simulator.h"
#include "runtime/io/swf.h"

namespace {

using namespace maui;
using namespace maui::runtime;

constexpr Epoch kNow = 1'700'000'000;  // a Tuesday, 22:13 UTC
const bool kSmall = std::getenv("MAUI_BENCH_SMALL") != nullptr;

struct Cluster {
  std::unique_ptr<Compilation> unit;
  std::unique_ptr<CredentialDirectory> dir;
  ClusterSnapshot snapshot;
};

std::unique_ptr<Cluster> make_cluster(int nodes, int jobs) {
  auto c = std::make_unique<Cluster>();
  std::string cfg =
      "SERVERHOST head\nQUEUETIMEWEIGHT 1\nXFACTORWEIGHT 10\nCREDWEIGHT 1\nQOSWEIGHT 1\n"
      "USERCFG[DEFAULT] MAXJOB=50,100 MAXIJOB=200\n"
      "QOSCFG[high] PRIORITY=1000\nRESERVATIONDEPTH 10\nBACKFILLPOLICY FIRSTFIT\n";
  // 20 standing reservations: business hours on blocks of nodes, each for one group.
  for (int r = 0; r < 20; ++r)
    cfg += fmt::format("SRCFG[sr{}] PERIOD=DAY DAYS=MON,TUE,WED,THU,FRI STARTTIME=08:00:00 ENDTIME=18:00:00 "
                       "HOSTLIST=n[{:05}-{:05}] GROUPLIST=g{} ACCESS=DEDICATED\n",
                       r, r * 10, r * 10 + 9, r);
  c->unit = checker::check_text("bench.cfg", cfg);
  c->dir = std::make_unique<CredentialDirectory>(c->unit->policy);

  std::mt19937 rng(7);
  c->snapshot.now = kNow;
  for (int n = 0; n < nodes; ++n) {
    Node node;
    node.name = fmt::format("n{:05}", n);
    node.procs = 16;
    c->snapshot.nodes.push_back(std::move(node));
  }
  // 90 % of the nodes run one whole-node job each, ending within a day.
  std::uniform_int_distribution<int> user(0, 1999), size(1, 64), wall(600, 86400), age(0, 3600);
  int id = 0;
  for (int n = 0; n < nodes * 9 / 10; ++n) {
    Job j;
    j.id = std::to_string(++id);
    j.user = fmt::format("u{}", user(rng));
    j.group = fmt::format("g{}", user(rng) % 40);
    j.tasks = 16;
    j.walltime = 86400;
    j.state = JobState::Running;
    j.start_time = kNow - age(rng);
    j.submit_time = *j.start_time - 60;
    j.allocated_nodes = {c->snapshot.nodes[static_cast<std::size_t>(n)].name};
    c->snapshot.jobs.push_back(std::move(j));
  }
  for (int k = 0; k < jobs; ++k) {
    Job j;
    j.id = std::to_string(++id);
    j.user = fmt::format("u{}", user(rng));
    j.group = fmt::format("g{}", user(rng) % 40);
    j.tasks = size(rng);
    j.walltime = wall(rng);
    j.submit_time = kNow - age(rng) * 10;
    if (k % 50 == 0) j.qos = "high";
    c->snapshot.jobs.push_back(std::move(j));
  }
  return c;
}

void BM_Iteration(benchmark::State& state) {
  const int nodes = static_cast<int>(state.range(0)), jobs = static_cast<int>(state.range(1));
  auto c = make_cluster(kSmall ? nodes / 10 : nodes, kSmall ? jobs / 100 : jobs);
  SchedulerInput in;
  in.dir = c->dir.get();
  in.snapshot = &c->snapshot;
  std::size_t started = 0;
  for (auto _ : state) {
    IterationResult r = schedule_iteration(in);
    started = r.starts.size();
    benchmark::DoNotOptimize(r);
  }
  state.counters["started"] = static_cast<double>(started);
}
BENCHMARK(BM_Iteration)
    ->ArgsProduct({{1000, 10000}, {1000, 10000, 100000}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_SimulateKth(benchmark::State& state) {
  const bool site = state.range(0) == 1;
  auto unit = checker::check_file(std::string(MAUI_SOURCE_DIR) + (site ? "/examples/site.cfg" : "/examples/easy.cfg"));
  CredentialDirectory dir(unit->policy);
  TraceReadOptions read;
  read.limit_jobs = kSmall ? 500 : 0;
  auto trace = read_swf(std::string(MAUI_SOURCE_DIR) + "/examples/traces/KTH-SP2-1996-2.1-cln.swf.gz", read);
  if (!trace.error.empty()) {
    state.SkipWithError(trace.error.c_str());
    return;
  }
  auto nodes = simulated_nodes(unit->policy, {site ? 0 : 100, 1}).nodes;
  for (auto _ : state) {
    SimulationResult r = simulate(dir, trace.trace, nodes);
    benchmark::DoNotOptimize(r);
  }
  state.counters["jobs/s"] = benchmark::Counter(static_cast<double>(trace.trace.jobs.size()),
                                                benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_SimulateKth)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
