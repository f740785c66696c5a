// The simulated cluster's nodes from NODECFG or --nodes (simulated_nodes.h). "reference §N" is
// docs/reference/maui-3.3-semantics.md.
#include "runtime/rm/sim/simulated_nodes.h"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

namespace maui::runtime {

namespace {

// "n01, n02, n03 and 13 more": enough of a list of names for a message.
std::string some_of(const std::vector<std::string>& names) {
  constexpr std::size_t kShown = 3;
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < kShown; ++i) {
    if (i > 0) out += ", ";
    out += names[i];
  }
  if (names.size() > kShown) out += fmt::format(" and {} more", names.size() - kShown);
  return out;
}

// An assumption, said at the config line it concerns.
Problem note_at(const ir::Provenance& from, std::string message) {
  return {from.where.file.str(), from.where.line, from.where.column, Severity::Note, std::move(message)};
}

}  // namespace

SimulatedNodes simulated_nodes(const ir::Policy& policy, const NodeSource& source) {
  SimulatedNodes out;
  // The config's own nodes, in name order: NODECFG[DEFAULT] and NODECFG[GLOBAL] are none.
  std::vector<const ir::NodeConfig*> configured;
  std::vector<std::string> configured_names;
  for (const auto& [name, cfg] : policy.nodes)
    if (name != "DEFAULT" && name != "GLOBAL") configured.push_back(&cfg), configured_names.push_back(name);

  if (source.count > 0) {
    const std::int64_t procs = source.procs_per_node > 0 ? source.procs_per_node : 1;
    const int width = std::max<int>(3, static_cast<int>(std::to_string(source.count).size()));
    for (std::int64_t i = 1; i <= source.count; ++i) {
      Node n;
      n.name = fmt::format("node{:0{}}", i, width);
      n.procs = procs;
      out.nodes.push_back(std::move(n));
    }
    // Nothing of the config's nodes carries over, not even their names: say so where they are.
    if (!configured.empty())
      out.assumptions.push_back(note_at(
          configured.front()->declared,
          fmt::format("--nodes {} replaces the config's {} NODECFG node{} ({}) by {} .. {}: their RESOURCES, FEATURES, "
                      "PARTITION and MAXJOB do not apply, and a standing reservation whose HOSTLIST names them "
                      "reserves nothing; leave out --nodes to simulate the config's nodes (--procs-per-node P "
                      "alone gives procs to those that state none)",
                      source.count, configured.size(), configured.size() == 1 ? "" : "s", some_of(configured_names),
                      out.nodes.front().name, out.nodes.back().name)));
    return out;
  }

  const ir::NodeConfig* defaults = nullptr;
  if (auto it = policy.nodes.find("DEFAULT"); it != policy.nodes.end()) defaults = &it->second;
  auto pick = [&](const auto& own, const auto& fallback_member) {
    return own ? own->value
               : (defaults && (defaults->*fallback_member) ? (defaults->*fallback_member)->value
                                                           : decltype(own->value){});
  };
  std::vector<std::string> without_procs;  // the nodes whose procs nothing states
  const ir::NodeConfig* first_without_procs = nullptr;
  for (std::size_t k = 0; k < configured.size(); ++k) {
    const ir::NodeConfig& cfg = *configured[k];
    Node n;
    n.name = configured_names[k];
    n.procs = pick(cfg.procs, &ir::NodeConfig::procs);
    if (n.procs <= 0) {
      // Maui learns a node's procs from its resource manager; the simulator has only the config.
      n.procs = source.procs_per_node > 0 ? source.procs_per_node : 1;
      without_procs.push_back(n.name);
      if (!first_without_procs) first_without_procs = &cfg;
    }
    n.memory_mb = pick(cfg.mem_mb, &ir::NodeConfig::mem_mb);
    n.swap_mb = pick(cfg.swap_mb, &ir::NodeConfig::swap_mb);
    n.disk_mb = pick(cfg.disk_mb, &ir::NodeConfig::disk_mb);
    for (const auto& f : (cfg.features.empty() && defaults ? defaults->features : cfg.features))
      n.features.push_back(f.value);
    std::string partition = pick(cfg.partition, &ir::NodeConfig::partition);
    if (!partition.empty()) n.partition = partition;
    // MAXJOB: the node's own when above 0, else NODECFG[DEFAULT]'s (reference §2.7); a limit
    // beyond 2^31 jobs is none.
    const std::int64_t max_jobs = cfg.max_jobs && cfg.max_jobs->value > 0 ? cfg.max_jobs->value
                                  : defaults && defaults->max_jobs        ? defaults->max_jobs->value
                                                                          : 0;
    n.max_jobs = max_jobs > std::numeric_limits<std::int32_t>::max() ? 0 : static_cast<std::int32_t>(max_jobs);
    out.nodes.push_back(std::move(n));
  }
  if (first_without_procs) {
    const std::size_t count = without_procs.size();
    out.assumptions.push_back(note_at(
        first_without_procs->declared,
        fmt::format(
            "{} NODECFG node{} ({}) state{} no procs (RESOURCES=PROCS:n, nor NODECFG[DEFAULT]): {}", count,
            count == 1 ? "" : "s", some_of(without_procs), count == 1 ? "s" : "",
            source.procs_per_node > 0
                ? fmt::format("each is simulated with {} procs, as --procs-per-node says", source.procs_per_node)
                : "each is simulated with 1 proc, what Maui assumes of a node its resource manager reports "
                  "none for; give --procs-per-node P for the procs they have")));
  } else if (source.procs_per_node > 0 && !configured.empty()) {
    out.assumptions.push_back(
        {policy.files.empty() ? std::string() : policy.files.front(), 0, 0, Severity::Note,
         fmt::format("--procs-per-node {} is not used: every NODECFG node states its procs (RESOURCES=PROCS:n)",
                     source.procs_per_node)});
  }
  if (out.nodes.empty())
    out.error = Problem{policy.files.empty() ? std::string() : policy.files.front(), 0, 0, Severity::Error,
                        "the simulated cluster has no nodes: give --nodes N --procs-per-node P, or NODECFG[<name>] "
                        "lines in the config"};
  return out;
}

}  // namespace maui::runtime
