// Rendering diagnostics: clang-style text with caret, JSON (public contract), SARIF 2.1.0.
#pragma once

#include <string>
#include <vector>

#include "llvm/Support/raw_ostream.h"
#include "parser/lower.h"

namespace llvm::json {
class Array;
}  // namespace llvm::json

namespace maui::checker {

// Sorts a compilation's diagnostics: file load order, then position, then rule and message.
void sort_diagnostics(Compilation& c);

// A diagnostic resolved to file / line / column (what JSON and SARIF print).
struct ResolvedNote {
  std::string file;
  unsigned line = 0, column = 0, end_column = 0;
  std::string message;
};
struct ResolvedDiagnostic {
  std::string rule;
  Severity severity;
  std::string file;
  unsigned line = 0, column = 0, end_column = 0;
  std::string message;
  std::string source_line;  // the text of the line (for fingerprints)
  std::vector<ResolvedNote> notes;
};
std::vector<ResolvedDiagnostic> resolve(const Compilation& c);

// file:line:col: severity: message [rule], the source line, a caret, and note: lines.
void render_text(llvm::raw_ostream& os, const Compilation& c, bool color);

// The first line of render_text's form alone, file:line:col: severity: message [rule] (a log
// line: `mauirun serve` logs each diagnostic of its config so).
std::string render_line(const ResolvedDiagnostic& d);

// {"version":1,"diagnostics":[{"rule","severity","file","line","column","message","notes":[...]}]}
std::string render_json(const std::vector<ResolvedDiagnostic>& diagnostics);

// SARIF 2.1.0: one run, the rule catalogue, repo-relative paths, partialFingerprints.
std::string render_sarif(const std::vector<ResolvedDiagnostic>& diagnostics, std::string_view tool_version);
// One SARIF 2.1.0 log of one run (the tool's driver with its rules, and the results), printed
// as JSON: shared by lint and `mauic check`.
std::string sarif_log(std::string_view tool_name, std::string_view tool_version, llvm::json::Array rules,
                      llvm::json::Array results);

// Path as SARIF wants it: relative to the current directory when inside it, '/' separated.
std::string repo_relative(const std::string& path);

}  // namespace maui::checker
