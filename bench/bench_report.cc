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
//   BM_LiveTurn/<jobs>     what one turn of `mauirun serve --http` adds: the live report told of a
//                          snapshot of <jobs> jobs (a tenth running on whole 16-proc nodes, the rest
//                          queued, 2,000 users) that it has seen before (runtime/report/live_report.h);
//   BM_LivePage/<jobs>     the page a browser asks of it: the data gathered, then the HTML.
// MAUI_BENCH_SMALL=1 in the environment replays the first 500 jobs only (the smoke test), and
// the live benchmarks take 1,000 jobs.
#include <array>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "checker/pipeline.h"
#include "runtime/io/swf.h"
#include "runtime/report/live_report.h"
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
    error = kth_trace().error ? kth_trace().error->message : "";
    if (error.empty()) {
      auto cluster = simulated_nodes(unit->policy, {name == "site.cfg" ? 0 : 100, 1});
      nodes = std::move(cluster.nodes);
      if (cluster.error) error = cluster.error->message;
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

// A live cluster of 1,000 16-proc nodes: jobs of 16 procs, the first tenth running one to a node
// (up to 1,000), the others queued; submitted a second apart, users u0 ... u1999.
ClusterSnapshot live_cluster(std::int64_t jobs) {
  ClusterSnapshot s;
  s.now = 1'800'000'000;
  for (int n = 0; n < 1000; ++n) {
    Node node;
    node.name = fmt::format("node{:03}", n);
    node.procs = 16;
    s.nodes.push_back(std::move(node));
  }
  for (std::int64_t k = 0; k < jobs; ++k) {
    Job j;
    j.id = fmt::format("{}", 100000 + k);
    j.user = fmt::format("u{}", k % 2000);
    j.group = fmt::format("g{}", k % 100);
    j.tasks = 16;
    j.walltime = 3600;
    j.submit_time = s.now - jobs + k;
    if (k < jobs / 10 && k < 1000) {
      j.state = JobState::Running;
      j.start_time = s.now - 10;
      j.allocated_nodes = {s.nodes[static_cast<std::size_t>(k)].name};
    }
    s.jobs.push_back(std::move(j));
  }
  return s;
}

std::int64_t live_jobs(const benchmark::State& state) { return kSmall ? 1000 : state.range(0); }

void BM_LiveTurn(benchmark::State& state) {
  const KthRun easy("easy.cfg");
  const std::shared_ptr<const ir::Policy> policy(std::shared_ptr<const ir::Policy>(), &easy.unit->policy);
  ClusterSnapshot cluster = live_cluster(live_jobs(state));
  const FairshareHistory fairshare;
  LiveReport live;
  live.observe(policy, cluster, {}, fairshare);  // the jobs are known: a steady turn
  for (auto _ : state) {
    ++cluster.now;
    live.observe(policy, cluster, {}, fairshare);
  }
  state.counters["jobs"] = static_cast<double>(cluster.jobs.size());
}
BENCHMARK(BM_LiveTurn)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMillisecond);

void BM_LivePage(benchmark::State& state) {
  const KthRun easy("easy.cfg");
  const std::shared_ptr<const ir::Policy> policy(std::shared_ptr<const ir::Policy>(), &easy.unit->policy);
  ClusterSnapshot cluster = live_cluster(live_jobs(state));
  const FairshareHistory fairshare;
  LiveReport live;
  for (int turn = 0; turn < 10; ++turn, cluster.now += 60) live.observe(policy, cluster, {}, fairshare);
  std::size_t bytes = 0;
  for (auto _ : state) {
    const std::string html = render_report_html(live.data("site.cfg", 0, nullptr));
    bytes = html.size();
    benchmark::DoNotOptimize(html);
  }
  state.counters["MB"] = static_cast<double>(bytes) / 1e6;
}
BENCHMARK(BM_LivePage)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
