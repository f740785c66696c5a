// The client commands' views (runtime/views/view.h) on a 10,000-job snapshot: 1,000 16-proc
// nodes, 900 of them running a whole-node job, 9,100 queued jobs of 2,000 users (limits, a QOS,
// priority weights, 20 standing reservations, RESERVATIONDEPTH 10), the explained iteration taken
// once (as `mauirun serve` takes it after a turn); each benchmark renders one view from it.
// Target (issue 25): a view of 10,000 jobs answers in under 100 ms.
//
//   BM_View/<view>/<json>   showq, checkjob of the first queued job, diagnose -p (the three),
//                           then showres, diagnose -r, -j, -l, showbf, showstart; text (0) or JSON (1)
//
// MAUI_BENCH_SMALL=1 in the environment shrinks the snapshot tenfold (the smoke test).
#include <cstdlib>
#include <string>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "bench/bench_cluster.h"
#include "runtime/engine/scheduler.h"
#include "runtime/views/view.h"

namespace {

using namespace maui;
using namespace maui::runtime;

const bool kSmall = std::getenv("MAUI_BENCH_SMALL") != nullptr;

struct Look {
  std::unique_ptr<bench::BenchCluster> cluster;
  IterationResult iteration;
  std::string first_queued;
};

const Look& look() {
  static const Look l = [] {
    Look built;
    Look* c = &built;
    // bench/bench_cluster.h's cluster, with fairshare targets and some held jobs.
    c->cluster = bench::make_bench_cluster(kSmall ? 100 : 1000, kSmall ? 910 : 9100,
                                           "USERWEIGHT 1\nFSPOLICY DEDICATEDPS\nFSWEIGHT 1\nFSUSERWEIGHT 10\n"
                                           "USERCFG[DEFAULT] FSTARGET=5\n");
    auto& jobs = c->cluster->snapshot.jobs;
    for (std::size_t k = 0; k < jobs.size(); k += 97)
      if (jobs[k].is_queued()) jobs[k].holds.push_back("user");
    SchedulerInput in;
    in.dir = c->cluster->dir.get();
    in.snapshot = &c->cluster->snapshot;
    in.explain = true;
    c->iteration = schedule_iteration(in);
    c->first_queued = jobs[c->iteration.queue.ranked.front().index].id;
    return built;
  }();
  return l;
}

void BM_View(benchmark::State& state) {
  const Look& l = look();
  static const std::vector<std::pair<std::string, std::vector<std::string>>> kViews = {{"showq", {}},
                                                                                       {"checkjob", {l.first_queued}},
                                                                                       {"diagnose", {"-p"}},
                                                                                       {"showres", {}},
                                                                                       {"diagnose", {"-r"}},
                                                                                       {"diagnose", {"-j"}},
                                                                                       {"diagnose", {"-l"}},
                                                                                       {"showbf", {}},
                                                                                       {"showstart", {l.first_queued}}};
  const auto& [command, args] = kViews[static_cast<std::size_t>(state.range(0))];
  const ViewContext context{*l.cluster->dir, l.cluster->snapshot, l.iteration, {}, nullptr};
  const ViewRequest request{command, args, state.range(1) != 0, std::nullopt};
  std::size_t bytes = 0;
  for (auto _ : state) {
    ViewAnswer a = render_view(context, request);
    if (a.status != ViewStatus::Ok) state.SkipWithError(a.err.c_str());
    bytes = a.out.size();
    benchmark::DoNotOptimize(a);
  }
  state.SetLabel(fmt::format("{} {}{}", command, fmt::join(args, " "), state.range(1) ? " (JSON)" : ""));
  state.counters["jobs"] = static_cast<double>(l.cluster->snapshot.jobs.size());
  state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_View)->ArgsProduct({{0, 1, 2, 3, 4, 5, 6, 7, 8}, {0, 1}})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
