// Diagnostics: what every layer reports about a config, located in the source.
//
// Locations are llvm::SMRange pointers into the buffers of a SourceSet (parser/source.h), so a
// diagnostic can be printed with the source line and a caret, and resolved to file:line:col for
// JSON and SARIF. Diagnostics are values; no layer prints or throws.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "llvm/Support/SMLoc.h"
#include "schemas/problem.h"   // Severity
#include "schemas/rule_ids.h"  // RuleId

namespace maui {

struct DiagnosticNote {
  llvm::SMRange range;  // may be invalid (a note without a location)
  std::string message;
};

struct Diagnostic {
  std::string rule;  // stable id, e.g. "unknown-parameter" (docs/rules/<rule>.md)
  Severity severity = Severity::Error;
  llvm::SMRange range;  // invalid for file-level problems: then `file` says which file
  std::string file;     // used only when `range` is invalid
  std::string message;
  std::vector<DiagnosticNote> notes;
};

// Collects diagnostics in the order they were found; renderers sort them.
class DiagnosticSink {
 public:
  Diagnostic& report(const RuleId& rule, llvm::SMRange range, std::string message) {
    diagnostics_.push_back(Diagnostic{std::string(rule.id), rule.severity, range, {}, std::move(message), {}});
    return diagnostics_.back();
  }
  Diagnostic& report_file(const RuleId& rule, std::string file, std::string message) {
    diagnostics_.push_back(
        Diagnostic{std::string(rule.id), rule.severity, {}, std::move(file), std::move(message), {}});
    return diagnostics_.back();
  }
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  std::vector<Diagnostic>& diagnostics() { return diagnostics_; }
  bool has_errors() const {
    for (const auto& d : diagnostics_)
      if (d.severity == Severity::Error) return true;
    return false;
  }

 private:
  std::vector<Diagnostic> diagnostics_;
};

// A range covering [begin, begin + length).
inline llvm::SMRange range_of(const char* begin, std::size_t length) {
  return {llvm::SMLoc::getFromPointer(begin), llvm::SMLoc::getFromPointer(begin + length)};
}

}  // namespace maui
