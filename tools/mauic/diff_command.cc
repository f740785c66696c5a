// `mauic diff OLD NEW`: structural and semantic changes (checker/diff/), and with --simulate
// what the change does to a workload: the trace replayed under both configs on the same cluster,
// every credential kind compared, as `mauirun compare` shows it (runtime/report/what_if.h). The
// command composes the two here, so that the checker never links the simulator (ARCHITECTURE.md).
#include "checker/diff/diff.h"
#include "checker/pipeline.h"
#include "checker/report.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include "runtime/report/what_if.h"
#include "tools/mauic/commands.h"
#include "tools/replay_inputs.h"

namespace maui::tools {

namespace {

// The trace replayed under each config, compared; nullopt with `error` when a config gives no
// nodes (no --nodes and no NODECFG).
std::optional<runtime::WhatIf> simulate_change(const Compilation& old_unit, const std::string& old_name,
                                               const Compilation& new_unit, const std::string& new_name,
                                               const runtime::Trace& trace, const std::string& trace_name,
                                               const runtime::NodeSource& nodes, std::string& error) {
  std::optional<runtime::PolicyRun> runs[2];
  const Compilation* units[2] = {&old_unit, &new_unit};
  const std::string* names[2] = {&old_name, &new_name};
  for (int k = 0; k < 2; ++k) {
    auto cluster = runtime::simulated_nodes(units[k]->policy, nodes);
    if (cluster.nodes.empty()) {
      error = *names[k] + ": " + cluster.error->message;
      return std::nullopt;
    }
    runs[k] = runtime::replay(units[k]->policy, *names[k], trace, trace_name, std::move(cluster), {});
  }
  const runtime::GroupBy kinds[] = {runtime::GroupBy::User, runtime::GroupBy::Group, runtime::GroupBy::Account,
                                    runtime::GroupBy::Class, runtime::GroupBy::Qos};
  return runtime::what_if(std::move(*runs[0]), std::move(*runs[1]), kinds);
}

// The diff's JSON with the comparison as "simulation" (both are objects we printed).
std::string with_simulation(const std::string& diff, const std::string& simulation) {
  auto d = llvm::json::parse(diff);
  auto s = llvm::json::parse(simulation);
  if (!d || !s || !d->getAsObject()) {
    if (!d) llvm::consumeError(d.takeError());
    if (!s) llvm::consumeError(s.takeError());
    return diff;
  }
  (*d->getAsObject())["simulation"] = std::move(*s);
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", *d) << "\n";
  return os.str();
}

}  // namespace

int diff_command(const DiffOptions& options) {
  auto old_unit = checker::check_file(options.old_file);
  auto new_unit = checker::check_file(options.new_file);
  if (!old_unit->loaded || !new_unit->loaded) {
    checker::render_text(llvm::errs(), old_unit->loaded ? *new_unit : *old_unit, false);
    return kExitUsage;
  }
  std::optional<runtime::WhatIf> what_if;
  if (!options.simulate.empty()) {
    auto trace = load_workload(options.simulate, {}, "mauic");
    if (!trace) return kExitUsage;
    std::string error;
    what_if = simulate_change(*old_unit, options.old_file, *new_unit, options.new_file, *trace, options.simulate,
                              {options.nodes, options.procs_per_node}, error);
    if (!what_if) {
      llvm::errs() << "mauic diff --simulate: " << error << "\n";
      return kExitUsage;
    }
  }
  diff::DiffResult d = diff::diff_policies(*old_unit, *new_unit);
  switch (options.format) {
    case OutputFormat::Text:
      llvm::outs() << diff::render_text(d);
      if (what_if) llvm::outs() << "\n" << runtime::comparison_text(*what_if);
      break;
    case OutputFormat::Json:
      llvm::outs() << (what_if ? with_simulation(diff::render_json(d), runtime::comparison_json(*what_if))
                               : diff::render_json(d));
      break;
    case OutputFormat::Sarif:
      llvm::outs() << diff::render_sarif(d, MAUI_VERSION);
      if (what_if) llvm::errs() << "mauic diff: the --simulate summary is shown in text and JSON, not in SARIF\n";
      break;
  }
  llvm::outs().flush();
  return options.fail_on_new_access && d.gains_access() ? kExitFindings : kExitClean;
}

}  // namespace maui::tools
