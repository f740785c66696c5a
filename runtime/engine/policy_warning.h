// The engine's warnings (a setting it cannot honour, a reservation it cannot place) as the one
// located problem of schemas/problem.h, at the config line of the value they concern, so that
// an admin is led to the line to change. A warning about no config line (a running job on an
// unknown node, a host an operator's reservation names) has file "" and line 0.
#pragma once

#include <string>

#include "schemas/ir.h"
#include "schemas/problem.h"

namespace maui::runtime {

// A warning at `at` (a built-in default has no line: file "" and line 0 then).
inline Problem warning_at(const ir::SourceRange& at, std::string message) {
  return {at.file.str(), at.line, at.column, Severity::Warning, std::move(message)};
}
inline Problem warning_at(const ir::Provenance& at, std::string message) {
  return warning_at(at.where, std::move(message));
}
// A warning about no config line.
inline Problem unlocated_warning(std::string message) { return {{}, 0, 0, Severity::Warning, std::move(message)}; }

}  // namespace maui::runtime
