// The what-if commands on the whole KTH SP2 trace (28,476 jobs, 100 procs):
//   BM_RecordKth/<config>  the simulation with the report's recorder watching it
//                          (runtime/report/report_recorder.h); BM_SimulateKth of bench_schedule is
//                          the same run unwatched, so the difference is what watching costs;
//   BM_RenderKth/<sides>   the HTML written from the recorded data (report_html.h), of one run
//                          (`mauirun report`) or of two (`mauirun compare --html`); reports its size;
//   BM_CompareKth          `mauirun compare`'s work after the two simulations: both runs compared
//                          per user, group and class (what_if.h) and written as text and JSON.
// <config>: examples/easy.cfg on 100 one-proc nodes (0), examples/site.cfg (1). The comparison is
// easy.cfg against conservative.cfg on 100 one-proc nodes, as in the README.
// MAUI_BENCH_SMALL=1 in the environment replays the first 500 jobs only (the smoke test).
#include <array>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "checker/pipeline.h"
#include "runtime/io/swf.h"
#include "runtime/report/report_html.h"
#include "runtime/report/report_recorder.h"
#include "runtime/report/what_if.h"

namespace {

using namespace maui;
using namespace maui::runtime;

const bool kSmall = std::getenv("MAUI_BENCH_SMALL") != nullptr;

// The KTH trace, read once for every benchmark.
const TraceReadResult& kth_trace() {
  static const TraceReadResult read = [] {
    TraceReadOptions options;
    options.limit_jobs = kSmall ? 500 : 0;
    return read_swf(std::string(MAUI_SOURCE_DIR) + "/examples/traces/KTH-SP2-1996-2.1-cln.swf.gz", options);
  }();
  return read;
}

// One example config on the KTH trace: on its own NODECFG nodes (site.cfg) or on 100 one-proc
// nodes (`--nodes 100 --procs-per-node 1`).
struct KthRun {
  std::unique_ptr<Compilation> unit;
  std::vector<Node> nodes;
  std::string error;
  explicit KthRun(const char* config) {
    const std::string name = config;
    unit = checker::check_file(std::string(MAUI_SOURCE_DIR) + "/examples/" + name);
    error = kth_trace().error;
    if (error.empty()) {
      auto cluster = simulated_nodes(unit->policy, {name == "site.cfg" ? 0 : 100, 1});
      nodes = std::move(cluster.nodes);
      error = std::move(cluster.error);
    }
  }
  bool ok() const { return !nodes.empty(); }
  // The run as `mauirun report` makes it: replayed with the recorder attached.
  ReportSide record() const {
    ReportRecorder recorder(unit->policy, nodes, kth_trace().trace);
    SimulationOptions options;
    recorder.attach(options);
    const PolicyRun run = replay(unit->policy, "cfg", kth_trace().trace, "kth", {nodes, {}, {}}, options);
    return recorder.side("cfg", "cfg", run.result);
  }
  PolicyRun run() const { return replay(unit->policy, "cfg", kth_trace().trace, "kth", {nodes, {}, {}}, {}); }
};

const char* config_of(std::int64_t arg) { return arg == 1 ? "site.cfg" : "easy.cfg"; }

void BM_RecordKth(benchmark::State& state) {
  const KthRun kth(config_of(state.range(0)));
  if (!kth.ok()) return state.SkipWithError(kth.error.c_str());
  for (auto _ : state) {
    ReportSide side = kth.record();
    benchmark::DoNotOptimize(side);
  }
  state.counters["jobs/s"] = benchmark::Counter(static_cast<double>(kth_trace().trace.jobs.size()),
                                                benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_RecordKth)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_RenderKth(benchmark::State& state) {
  const KthRun easy("easy.cfg"), conservative("conservative.cfg");
  if (!easy.ok()) return state.SkipWithError(easy.error.c_str());
  if (!conservative.ok()) return state.SkipWithError(conservative.error.c_str());
  ReportData data;
  data.sides.push_back(easy.record());
  if (state.range(0) == 2) data.sides.push_back(conservative.record());
  std::size_t bytes = 0;
  for (auto _ : state) {
    const std::string html = render_report_html(data);
    bytes = html.size();
    benchmark::DoNotOptimize(html);
  }
  state.counters["MB"] = static_cast<double>(bytes) / 1e6;
}
BENCHMARK(BM_RenderKth)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

void BM_CompareKth(benchmark::State& state) {
  const KthRun easy("easy.cfg"), conservative("conservative.cfg");
  if (!easy.ok()) return state.SkipWithError(easy.error.c_str());
  if (!conservative.ok()) return state.SkipWithError(conservative.error.c_str());
  const PolicyRun old_run = easy.run(), new_run = conservative.run();
  const std::array by = {GroupBy::User, GroupBy::Group, GroupBy::Class};
  std::int64_t moved = 0;
  for (auto _ : state) {
    // what_if takes the runs by value, as compare_command hands them over; the copies are not
    // part of compare's work.
    state.PauseTiming();
    PolicyRun old_copy = old_run, new_copy = new_run;
    state.ResumeTiming();
    const WhatIf w = what_if(std::move(old_copy), std::move(new_copy), by);
    const std::string text = comparison_text(w), json = comparison_json(w);
    moved = w.comparison.jobs_moved;
    benchmark::DoNotOptimize(text);
    benchmark::DoNotOptimize(json);
  }
  state.counters["jobs moved"] = static_cast<double>(moved);
}
BENCHMARK(BM_CompareKth)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
