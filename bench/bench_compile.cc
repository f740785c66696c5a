// Front-end throughput and memory on generated 100,000-line site configs (bench/gen_site_config.h),
// one of each shape: every benchmark runs on each (its name ends in /provisioned,
// /attribute-lines, /one-line, /nodes or /reservations), since a front end fast on one shape may
// be slow on the next site's.
//
//   BM_CompileAndSerialize  maui::compile_text (read + parse + lower) then maui::ir::write_json to
//                           a file stream on /dev/null, as `mauic compile -o FILE` streams the
//                           document: the README figure (target >= 50 MB/s, peak RSS < 20x the
//                           file size). Freeing the compilation is not timed (mauic leaves it to
//                           the exit) but reported as teardown_ms
//   BM_CompileToString      the same with maui::ir::to_json, which holds the whole document
//                           (28 MB) in memory: for comparison
//   BM_ParseOnly            maui::parse_buffer
//   BM_LowerOnly            maui::lower on a parsed tree
//   BM_ToJsonOnly/1         maui::ir::to_json on a compiled policy (pretty, as `mauic compile`)
//   BM_ToJsonOnly/0         the same without indentation (as `mauic annotate`)
//   BM_LintPipeline         maui::checker::check_text + resolve + render_json (`mauic lint --format json`)
//
// Each benchmark reports bytes/s of config text (SetBytesProcessed) and memory counters read from
// /proc/self/status: peak_rss_MiB (VmHWM after the run; the peak is reset before each benchmark
// through /proc/self/clear_refs, so it is that benchmark's own peak), base_rss_MiB (VmRSS before
// the run: program, input text, allocator caches), peak_x_file (peak RSS / file size) and
// delta_x_file ((peak - base) / file size). Run the compile benchmark first (the default order)
// for the lowest baseline, or alone with --benchmark_filter=BM_CompileAndSerialize.
//
// Rates (bytes_per_second, printed in binary units: 50 MB/s = 47.7 MiB/s) are per CPU second, so
// other load on the machine slows the wall clock but not the figure.
// MAUI_BENCH_LINES=N in the environment generates N lines instead of 100,000 (profiling runs).
// --benchmark_filter picks benchmarks and shapes, e.g. 'BM_CompileAndSerialize/one-line'.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "llvm/Support/raw_ostream.h"
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "bench/gen_site_config.h"
#include "checker/pipeline.h"
#include "checker/report.h"
#include "parser/lower.h"
#include "parser/parse.h"
#include "schemas/ir_json.h"

namespace {

using maui::bench::SiteShape;

// Each shape's config, generated the first time a benchmark asks for it.
const std::string& site_config(SiteShape shape) {
  static std::map<SiteShape, std::string> texts;
  auto [it, inserted] = texts.try_emplace(shape);
  if (inserted) {
    maui::bench::SiteConfigOptions options;
    options.shape = shape;
    if (const char* lines = std::getenv("MAUI_BENCH_LINES"); lines != nullptr && *lines != '\0')
      options.lines = std::stoul(lines);
    it->second = maui::bench::generate_site_config(options);
  }
  return it->second;
}

// A field of /proc/self/status in bytes ("VmHWM:", "VmRSS:"), 0 when unavailable.
double status_bytes(const char* key) {
  std::FILE* f = std::fopen("/proc/self/status", "r");
  if (f == nullptr) return 0;
  char line[256];
  double value = 0;
  std::size_t key_length = std::strlen(key);
  while (std::fgets(line, sizeof line, f) != nullptr) {
    if (std::strncmp(line, key, key_length) == 0) {
      value = std::strtod(line + key_length, nullptr) * 1024.0;  // the kernel writes kB
      break;
    }
  }
  std::fclose(f);
  return value;
}

// Starts a new peak: returns freed heap to the kernel (what earlier benchmarks left in malloc's
// caches would count as this one's baseline), then VmHWM becomes the current RSS (Linux >= 4.0).
void reset_peak_rss() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
  std::ofstream clear("/proc/self/clear_refs");
  clear << "5";
}

class MemoryCounters {
 public:
  MemoryCounters() {
    reset_peak_rss();
    base_ = status_bytes("VmRSS:");
  }
  void report(benchmark::State& state, std::size_t file_bytes) const {
    double peak = status_bytes("VmHWM:");
    constexpr double kMiB = 1024.0 * 1024.0;
    state.counters["peak_rss_MiB"] = peak / kMiB;
    state.counters["base_rss_MiB"] = base_ / kMiB;
    state.counters["peak_x_file"] = peak / static_cast<double>(file_bytes);
    state.counters["delta_x_file"] = (peak - base_) / static_cast<double>(file_bytes);
    state.counters["file_MiB"] = static_cast<double>(file_bytes) / kMiB;
  }

 private:
  double base_ = 0;
};

void set_bytes(benchmark::State& state, std::size_t file_bytes) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(file_bytes));
}

void BM_CompileAndSerialize(benchmark::State& state, SiteShape shape) {
  const std::string& text = site_config(shape);
  std::error_code ec;
  llvm::raw_fd_ostream out("/dev/null", ec);
  if (ec) {
    state.SkipWithError("cannot open /dev/null");
    return;
  }
  MemoryCounters memory;
  std::uint64_t json_bytes = 0;
  double teardown_seconds = 0;
  for (auto _ : state) {
    const std::uint64_t before = out.tell();
    auto c = std::make_unique<maui::Compilation>();
    maui::compile_text("site.cfg", text, *c);
    maui::ir::write_json(c->policy, out);
    out.flush();
    json_bytes = out.tell() - before;
    // `mauic compile` leaves its compilation to the end of the process (llvm::BuryPointer):
    // the teardown is not timed, as in BM_ParseOnly, but reported (teardown_ms).
    state.PauseTiming();
    const auto teardown_start = std::chrono::steady_clock::now();
    c.reset();
    teardown_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - teardown_start).count();
    state.ResumeTiming();
  }
  set_bytes(state, text.size());
  memory.report(state, text.size());
  state.counters["json_MiB"] = static_cast<double>(json_bytes) / (1024.0 * 1024.0);
  state.counters["teardown_ms"] = 1000 * teardown_seconds / static_cast<double>(state.iterations());
}

void BM_CompileToString(benchmark::State& state, SiteShape shape) {
  const std::string& text = site_config(shape);
  MemoryCounters memory;
  std::size_t json_bytes = 0;
  for (auto _ : state) {
    maui::Compilation c;
    maui::compile_text("site.cfg", text, c);
    std::string json = maui::ir::to_json(c.policy);
    json_bytes = json.size();
    benchmark::DoNotOptimize(json.data());
  }
  set_bytes(state, text.size());
  memory.report(state, text.size());
  state.counters["json_MiB"] = static_cast<double>(json_bytes) / (1024.0 * 1024.0);
}

void BM_ParseOnly(benchmark::State& state, SiteShape shape) {
  const std::string& text = site_config(shape);
  MemoryCounters memory;
  std::size_t statements = 0;
  for (auto _ : state) {
    state.PauseTiming();
    auto sources = std::make_unique<maui::SourceSet>();
    unsigned buffer = sources->add_buffer("site.cfg", text);
    state.ResumeTiming();
    maui::SyntaxTree tree;
    maui::DiagnosticSink sink;
    maui::parse_buffer(*sources, buffer, tree, sink);
    statements = tree.statements.size();
    benchmark::DoNotOptimize(tree.statements.data());
    state.PauseTiming();
    sources.reset();
    state.ResumeTiming();
  }
  set_bytes(state, text.size());
  memory.report(state, text.size());
  state.counters["statements"] = static_cast<double>(statements);
}

void BM_LowerOnly(benchmark::State& state, SiteShape shape) {
  const std::string& text = site_config(shape);
  MemoryCounters memory;
  for (auto _ : state) {
    state.PauseTiming();
    auto c = std::make_unique<maui::Compilation>();
    unsigned buffer = c->sources.add_buffer("site.cfg", text);
    c->syntax = maui::parse_config(c->sources, buffer, c->diagnostics);
    state.ResumeTiming();
    c->policy = maui::lower(c->syntax, c->sources, c->diagnostics);
    benchmark::DoNotOptimize(&c->policy);
    state.PauseTiming();
    c.reset();
    state.ResumeTiming();
  }
  set_bytes(state, text.size());
  memory.report(state, text.size());
}

// Argument 1: pretty JSON (`mauic compile`); 0: one line, no indentation (`mauic annotate`).
void BM_ToJsonOnly(benchmark::State& state, SiteShape shape) {
  const bool pretty = state.range(0) != 0;
  const std::string& text = site_config(shape);
  maui::Compilation c;
  maui::compile_text("site.cfg", text, c);
  MemoryCounters memory;  // base includes the compiled policy
  std::size_t json_bytes = 0;
  for (auto _ : state) {
    std::string json = maui::ir::to_json(c.policy, pretty);
    json_bytes = json.size();
    benchmark::DoNotOptimize(json.data());
  }
  set_bytes(state, text.size());
  memory.report(state, text.size());
  state.counters["json_MiB"] = static_cast<double>(json_bytes) / (1024.0 * 1024.0);
}

void BM_LintPipeline(benchmark::State& state, SiteShape shape) {
  const std::string& text = site_config(shape);
  MemoryCounters memory;
  std::size_t diagnostics = 0;
  for (auto _ : state) {
    auto c = maui::checker::check_text("site.cfg", text);
    std::string json = maui::checker::render_json(maui::checker::resolve(*c));
    diagnostics = c->diagnostics.diagnostics().size();
    benchmark::DoNotOptimize(json.data());
  }
  set_bytes(state, text.size());
  memory.report(state, text.size());
  state.counters["diagnostics"] = static_cast<double>(diagnostics);
}

}  // namespace

// Registered per shape, in this order: every benchmark on the provisioned site first, as the
// memory counters' baseline is lowest before anything else ran.
int main(int argc, char** argv) {
  for (SiteShape shape : maui::bench::kSiteShapes) {
    auto named = [shape](std::string_view benchmark) {
      return fmt::format("{}/{}", benchmark, maui::bench::to_string(shape));
    };
    benchmark::RegisterBenchmark(named("BM_CompileAndSerialize").c_str(), BM_CompileAndSerialize, shape)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(named("BM_CompileToString").c_str(), BM_CompileToString, shape)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(named("BM_ParseOnly").c_str(), BM_ParseOnly, shape)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(named("BM_LowerOnly").c_str(), BM_LowerOnly, shape)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(named("BM_ToJsonOnly").c_str(), BM_ToJsonOnly, shape)
        ->Arg(1)
        ->Arg(0)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(named("BM_LintPipeline").c_str(), BM_LintPipeline, shape)
        ->Unit(benchmark::kMillisecond);
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
