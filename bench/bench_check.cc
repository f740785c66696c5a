// Benchmarks of `mauic check` (checker/prove/): every corpus config (tests/data/corpus/configs;
// target < 1 s each) and a generated site of 1,000 users / 100 groups / 50 accounts / 20 QOS /
// 100 standing reservations / 2,000 nodes (target < 30 s, < 2 GiB), with the time of each property
// as counters (ms). Peak RSS: /usr/bin/time -v on `mauic check` of `bench_check --write-site FILE`.
//   MAUI_BENCH_CHECK_SCALE=10 divides the generated site's counts (the smoke test uses it).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <system_error>

#include "bench/gen_check_site.h"
#include "checker/pipeline.h"
#include "checker/prove/prove.h"

namespace {

maui::bench::CheckSiteOptions site_options() {
  maui::bench::CheckSiteOptions o;
  if (const char* s = std::getenv("MAUI_BENCH_CHECK_SCALE")) {
    std::size_t k = std::max<std::size_t>(1, std::strtoul(s, nullptr, 10));
    o.users /= k, o.groups /= k, o.accounts /= k, o.reservations /= k, o.nodes /= k;
    o.qos = std::max<std::size_t>(5, o.qos / k);
    o.classes = std::max<std::size_t>(2, o.classes / k);
  }
  return o;
}

void report_timings(benchmark::State& state, const maui::prove::Report& report) {
  for (const auto& t : report.timings) state.counters[t.property + "_ms"] = t.milliseconds;
  state.counters["results"] = static_cast<double>(report.results.size());
  state.counters["internal_errors"] = static_cast<double>(report.internal_errors.size());
}

void BM_CheckGeneratedSite(benchmark::State& state) {
  std::string text = maui::bench::generate_check_site(site_options());
  auto unit = maui::checker::check_text("site.cfg", text);
  maui::prove::Report last;
  for (auto _ : state) {
    last = maui::prove::check_policy(*unit, {});
    benchmark::DoNotOptimize(last.results.data());
  }
  report_timings(state, last);
}
BENCHMARK(BM_CheckGeneratedSite)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_CheckCorpusConfig(benchmark::State& state, std::string path) {
  auto unit = maui::checker::check_file(path);
  maui::prove::Report last;
  for (auto _ : state) {
    last = maui::prove::check_policy(*unit, {});
    benchmark::DoNotOptimize(last.results.data());
  }
  report_timings(state, last);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string_view(argv[1]) == "--write-site") {
    std::ofstream(argv[2]) << maui::bench::generate_check_site(site_options());
    return 0;
  }
  namespace fs = std::filesystem;
  const fs::path corpus_dir = fs::path(MAUI_TEST_DATA_DIR) / "corpus" / "configs";
  std::vector<fs::path> corpus;
  std::error_code error;
  for (fs::directory_iterator it(corpus_dir, error), end; !error && it != end; it.increment(error))
    corpus.push_back(it->path());
  if (error || corpus.empty()) {  // a benchmark of no configs would report nothing and look fine
    std::cerr << "bench_check: no corpus configs in " << corpus_dir.string()
              << (error ? ": " + error.message() : std::string()) << "\n";
    return 2;
  }
  std::sort(corpus.begin(), corpus.end());
  for (const auto& p : corpus)
    benchmark::RegisterBenchmark(("BM_CheckCorpusConfig/" + p.filename().string().substr(0, 40)).c_str(),
                                 BM_CheckCorpusConfig, p.string())
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
