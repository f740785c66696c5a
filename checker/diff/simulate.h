// `mauic diff OLD NEW --simulate TRACE`: next to what a change permits, what it does to a
// workload: the trace replayed under both configs on the same cluster (runtime/report/), every
// credential kind compared, as `mauirun compare` shows it.
#pragma once

#include <optional>
#include <string>

#include "parser/lower.h"
#include "runtime/report/what_if.h"

namespace maui::diff {

// nullopt with `error` when a config gives no nodes (no --nodes and no NODECFG).
std::optional<runtime::WhatIf> simulate_change(const Compilation& old_unit, const std::string& old_name,
                                               const Compilation& new_unit, const std::string& new_name,
                                               const runtime::Trace& trace, const std::string& trace_name,
                                               const runtime::NodeSource& nodes, std::string& error);

}  // namespace maui::diff
