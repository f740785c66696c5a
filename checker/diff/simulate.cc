#include "checker/diff/simulate.h"

namespace maui::diff {

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
      error = *names[k] + ": " + cluster.error;
      return std::nullopt;
    }
    runs[k] = runtime::replay(units[k]->policy, *names[k], trace, trace_name, std::move(cluster), {});
  }
  const runtime::GroupBy kinds[] = {runtime::GroupBy::User, runtime::GroupBy::Group, runtime::GroupBy::Account,
                                    runtime::GroupBy::Class, runtime::GroupBy::Qos};
  return runtime::what_if(std::move(*runs[0]), std::move(*runs[1]), kinds);
}

}  // namespace maui::diff
