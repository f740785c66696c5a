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
#include <string>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "bench/bench_cluster.h"
#include "checker/pipeline.h"
#include "runtime/engine/credentials.h"
#include "runtime/engine/scheduler.h"
#include "runtime/io/swf.h"
#include "runtime/rm/sim/simulator.h"

namespace {

using namespace maui;
using namespace maui::runtime;

const bool kSmall = std::getenv("MAUI_BENCH_SMALL") != nullptr;

void BM_Iteration(benchmark::State& state) {
  const int nodes = static_cast<int>(state.range(0)), jobs = static_cast<int>(state.range(1));
  auto c = bench::make_bench_cluster(kSmall ? nodes / 10 : nodes, kSmall ? jobs / 100 : jobs);
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
  if (trace.error) {
    state.SkipWithError(trace.error->message.c_str());
    return;
  }
  auto nodes = simulated_nodes(unit->policy, {site ? 0 : 100, 1}).nodes;
  for (auto _ : state) {
    SimulationResult r = simulate(dir, trace.trace, nodes);
    benchmark::DoNotOptimize(r);
  }
  state.counters["jobs/s"] =
      benchmark::Counter(static_cast<double>(trace.trace.jobs.size()), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_SimulateKth)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
