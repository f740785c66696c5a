// Rendering `mauic check` results: clang-style text (caret, note: lines for the blamed config
// lines, the witness, the coverage table in its compact form), JSON (the public contract in
// docs/check.md) and SARIF 2.1.0 (VIOLATED and UNKNOWN results; blame as relatedLocations).
// Also the filters applied before rendering: inline `# mauic: ignore=ID` and --baseline.
#pragma once

#include <set>
#include <string>

#include "checker/prove/prove.h"
#include "llvm/Support/raw_ostream.h"
#include "parser/lower.h"

namespace maui::prove {

void render_text(llvm::raw_ostream& os, const Compilation& unit, const Report& report, bool color);
std::string render_json(const Report& report);
std::string render_sarif(const Report& report, std::string_view tool_version);

// Stable identity of a finding for --baseline: property, check, subject and file, not the line
// (so that edits elsewhere in the file keep it).
std::string fingerprint(const Result& r);

// Drops VIOLATED / UNKNOWN results suppressed by `# mauic: ignore=ID` on their line (or the
// line before, on a line of its own).
void apply_suppressions(const Compilation& unit, Report& report);

// The fingerprints of a SARIF file written by `mauic check --format sarif`; on failure an
// error message instead.
struct Baseline {
  std::set<std::string> fingerprints;
  std::string error;
};
Baseline read_baseline(const std::string& path);
// Drops results whose finding is in the baseline.
void apply_baseline(const Baseline& baseline, Report& report);

}  // namespace maui::prove
