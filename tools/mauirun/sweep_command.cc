// mauirun sweep: BASE replayed under every combination of the --vary values, on threads, ranked
// (runtime/sweep/); or written out as a Slurm job array (sweep_array.cc).
#include <algorithm>
#include <atomic>
#include <fstream>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "checker/pipeline.h"
#include "checker/report.h"
#include "llvm/Support/raw_ostream.h"
#include "runtime/report/simulation_summary.h"
#include "runtime/rm/sim/simulated_nodes.h"
#include "runtime/rm/sim/simulator.h"
#include "runtime/sweep/sweep_html.h"
#include "tools/mauirun/output_file.h"
#include "tools/mauirun/sweep.h"
#include "tools/replay_inputs.h"

namespace maui::tools {

namespace {

// More would be a typing mistake (a --vary with a range pasted in), not a sweep.
constexpr std::size_t kMaxCandidates = 10000;

// Findings a sweep's own lines are expected to make: each overrides BASE's setting on purpose,
// and one of a combination may leave another without effect (FSWEIGHT 0 and FSUSERWEIGHT 10).
bool expected_of_a_setting(std::string_view rule) { return rule == "duplicate-scalar" || rule == "no-effect"; }

std::string settings_text(const runtime::Candidate& c) {
  std::string s;
  for (const auto& [name, value] : c.settings) s += fmt::format("{}{}={}", s.empty() ? "" : " ", name, value);
  return s;
}

}  // namespace

std::optional<std::string> read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::unique_ptr<SweepPlan> plan_sweep(const SweepOptions& o) {
  std::vector<runtime::Vary> varies;
  bool bad = false;
  for (const auto& text : o.vary) {
    auto parsed = runtime::parse_vary(text);
    if (!parsed.vary) {
      llvm::errs() << "mauirun sweep: " << parsed.error << "\n";
      bad = true;
      continue;
    }
    for (const auto& v : varies)
      if (v.name == parsed.vary->name) {
        llvm::errs() << "mauirun sweep: --vary '" << text << "': " << v.name << " is varied twice\n";
        bad = true;
      }
    varies.push_back(std::move(*parsed.vary));
  }
  if (bad) return nullptr;
  auto candidates = runtime::combinations(varies, kMaxCandidates);
  if (!candidates) {
    llvm::errs() << fmt::format("mauirun sweep: the --vary values make more than {} candidates\n", kMaxCandidates);
    return nullptr;
  }
  auto plan = std::make_unique<SweepPlan>();
  auto text = read_text(o.config);
  plan->base = checker::check_file(o.config);
  if (!text || !plan->base->loaded) {
    checker::render_text(llvm::errs(), *plan->base, false);
    return nullptr;
  }
  plan->base_text = std::move(*text);
  std::size_t errors = 0;
  for (const auto& d : checker::resolve(*plan->base))
    if (d.severity == Severity::Error) {
      llvm::errs() << checker::render_line(d) << "\n";
      ++errors;
    }
  if (errors) {
    llvm::errs() << fmt::format("mauirun sweep: {} has {} error{} (see 'mauic lint {}'): nothing was run\n", o.config,
                                errors, errors == 1 ? "" : "s", o.config);
    return nullptr;
  }
  // Every candidate is compiled before anything runs: a setting Maui would not take is said
  // now, not found in the ranking as a candidate no different from BASE.
  const unsigned first = runtime::first_setting_line(plan->base_text);
  // A problem of one setting is the same in every candidate that has it: said once, with the
  // first such candidate and how many more.
  std::vector<std::pair<std::string, std::vector<std::size_t>>> problems;
  for (const auto& c : *candidates) {
    auto config = checker::check_text(o.config, runtime::candidate_text(plan->base_text, c));
    for (const auto& d : checker::resolve(*config)) {
      const bool ours = d.file == o.config && d.line >= first;
      if (d.severity != Severity::Error && !(ours && d.severity == Severity::Warning && !expected_of_a_setting(d.rule)))
        continue;
      const std::string line = checker::render_line(d);
      auto it = std::find_if(problems.begin(), problems.end(), [&](const auto& p) { return p.first == line; });
      if (it == problems.end()) it = problems.insert(problems.end(), {line, {}});
      it->second.push_back(c.index);
    }
    plan->configs.push_back(std::move(config));
  }
  for (const auto& [line, which] : problems) {
    const auto& c = (*candidates)[which.front()];
    llvm::errs() << fmt::format("mauirun sweep: candidate {} ({}){}: {}\n", c.index, settings_text(c),
                                which.size() > 1 ? fmt::format(" and {} more", which.size() - 1) : "", line);
  }
  if (!problems.empty()) {
    llvm::errs() << fmt::format("mauirun sweep: {} problem{} in the candidates' settings: nothing was run\n",
                                problems.size(), problems.size() == 1 ? "" : "s");
    return nullptr;
  }
  plan->candidates = std::move(*candidates);
  return plan;
}

runtime::SweepRun replay(const Compilation& config, const std::string& config_name, const runtime::Trace& trace,
                         const std::string& trace_name, const SweepOptions& o) {
  auto cluster = runtime::simulated_nodes(config.policy, runtime::NodeSource{o.nodes, o.procs_per_node});
  if (cluster.nodes.empty()) return {"", cluster.error ? cluster.error->message : "no nodes to simulate"};
  runtime::CredentialDirectory dir(config.policy);
  runtime::SimulationResult result = runtime::simulate(dir, trace, cluster.nodes, {});
  const runtime::SimulationSummary summary =
      runtime::summarize_run(config_name, trace_name, trace, cluster.nodes, std::move(cluster.assumptions));
  const runtime::Breakdown by{o.by, runtime::metrics_by(result.jobs, o.by, summary.procs)};
  return {runtime::simulation_json(summary, result, std::span(&by, 1)), ""};
}

int print_sweep(const runtime::SweepRanking& ranking, const SweepOptions& o) {
  llvm::outs() << (o.format == RunFormat::Json ? runtime::sweep_json(ranking) : runtime::sweep_text(ranking));
  if (!o.html.empty() && !write_output_file(o.html, runtime::sweep_html(ranking))) return kRunInputError;
  return ranking.failed.empty() && ranking.base ? kRunOk : kRunFindings;
}

int sweep_command(const SweepOptions& o) {
  if (!runtime::rank_by_named(o.rank_by)) {
    llvm::errs() << "mauirun sweep: --rank-by '" << o.rank_by
                 << "': expected average_wait, p95_wait, slowdown, utilization or worst_wait\n";
    return kRunInputError;
  }
  if (!o.merge.empty()) return merge_sweep(o);
  if (o.vary.empty()) {
    llvm::errs() << "mauirun sweep: expected at least one --vary 'NAME=V1,V2,...'\n";
    return kRunInputError;
  }
  auto plan = plan_sweep(o);
  if (!plan) return kRunInputError;
  if (!o.slurm_array.empty()) return write_sweep_array(*plan, o);

  auto trace = load_workload(o.trace, {}, "mauirun");
  if (!trace) return kRunInputError;
  // The candidates, then BASE: one list of runs for the threads to take from.
  const std::size_t total = plan->candidates.size() + 1;
  std::vector<runtime::SweepRun> runs(total);
  std::atomic<std::size_t> next{0};
  ProgressBar bar(o.progress, "mauirun sweep");
  std::atomic<std::size_t> finished{0};
  bar.update(0, static_cast<std::int64_t>(total), "runs");
  auto work = [&] {
    for (std::size_t k = next++; k < total; k = next++) {
      const bool base = k == plan->candidates.size();
      runs[k] = replay(base ? *plan->base : *plan->configs[k], o.config, *trace, o.trace, o);
      bar.update(static_cast<std::int64_t>(++finished), static_cast<std::int64_t>(total), "runs");
    }
  };
  const unsigned threads =
      std::max(1U, std::min<unsigned>(o.jobs ? o.jobs : std::thread::hardware_concurrency(), total));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  bar.finish();
  const runtime::SweepRun base = std::move(runs.back());
  runs.pop_back();
  const runtime::SweepInputs in{o.config, o.trace, std::string(runtime::to_string(o.by)),
                                *runtime::rank_by_named(o.rank_by)};
  return print_sweep(runtime::rank_sweep(in, plan->candidates, runs, base), o);
}

}  // namespace maui::tools
