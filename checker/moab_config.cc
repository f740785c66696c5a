#include "checker/moab_config.h"

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include "schemas/rule_ids.h"
#include "schemas/schema.h"

namespace maui::checker {

namespace {

// Why the config is Moab's ("the file name moab.cfg", "SCHEDCFG on line 3"), empty if it is not.
std::string moab_evidence(const Compilation& c) {
  if (c.sources.buffer_count() == 0) return {};
  const std::string name = llvm::sys::path::filename(c.sources.display_name(1)).str();
  if (llvm::StringRef(name).contains_insensitive("moab")) return fmt::format("its file name {}", name);
  for (const Statement& s : c.syntax.statements) {
    if (s.kind != Statement::Kind::Parameter) continue;
    const schema::Row* row = schema::find_parameter(s.name.text);
    if (row && row->kind == schema::RowKind::Family && row->support == schema::Support::MoabOnly)
      return fmt::format("{} on line {}", row->name, c.sources.resolve(s.name.range().Start).line);
  }
  return {};
}

}  // namespace

bool summarize_moab_config(Compilation& c) {
  const std::string evidence = moab_evidence(c);
  if (evidence.empty()) return false;
  auto& all = c.diagnostics.diagnostics();
  std::vector<DiagnosticNote> lines;
  llvm::SMRange first;
  std::erase_if(all, [&](const Diagnostic& d) {
    if (d.rule != rules::kMoabOnly.id) return false;
    if (!first.Start.isValid()) first = d.range;
    lines.push_back({d.range, d.message});
    return true;
  });
  std::string message = fmt::format(
      "this is a Moab config ({}): mauic reads it as Maui 3.3.1 would read it; {}", evidence,
      lines.empty() ? std::string("no line uses a name or form that only Moab reads")
                    : fmt::format("Moab reads the {} line{} below differently (Maui 3.3.1 ignores {})", lines.size(),
                                  lines.size() == 1 ? "" : "s", lines.size() == 1 ? "it" : "them"));
  Diagnostic& summary = first.Start.isValid() ? c.diagnostics.report(rules::kMoabConfig, first, std::move(message))
                                              : c.diagnostics.report_file(rules::kMoabConfig, c.sources.display_name(1),
                                                                          std::move(message));
  summary.notes = std::move(lines);
  return true;
}

}  // namespace maui::checker
