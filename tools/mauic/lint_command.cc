#include <unistd.h>

#include <cstdlib>

#include "checker/pipeline.h"
#include "checker/report.h"
#include "llvm/Support/raw_ostream.h"
#include "schemas/rule_ids.h"
#include "tools/mauic/commands.h"

namespace maui::tools {

bool use_color(ColorMode mode, bool to_stdout) {
  if (mode != ColorMode::Auto) return mode == ColorMode::Always;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  const char* term = std::getenv("TERM");
  if (term && std::string_view(term) == "dumb") return false;
  return isatty(to_stdout ? STDOUT_FILENO : STDERR_FILENO);
}

int lint_command(const LintOptions& options) {
  std::vector<std::unique_ptr<Compilation>> units;
  for (const auto& file : options.files) units.push_back(checker::check_file(file));

  bool io_error = false;
  bool findings = false;
  std::vector<checker::ResolvedDiagnostic> all;
  for (const auto& unit : units) {
    io_error |= !unit->loaded;
    for (const auto& d : unit->diagnostics.diagnostics()) {
      io_error |= d.rule == rules::kIoError.id;
      findings |= static_cast<int>(d.severity) <= static_cast<int>(options.fail_on);
    }
    auto resolved = checker::resolve(*unit);
    all.insert(all.end(), resolved.begin(), resolved.end());
  }

  switch (options.format) {
    case OutputFormat::Text:
      for (const auto& unit : units) checker::render_text(llvm::outs(), *unit, use_color(options.color, true));
      break;
    case OutputFormat::Json: llvm::outs() << checker::render_json(all); break;
    case OutputFormat::Sarif: llvm::outs() << checker::render_sarif(all, MAUI_VERSION); break;
  }
  llvm::outs().flush();
  if (io_error) return kExitUsage;
  return findings ? kExitFindings : kExitClean;
}

}  // namespace maui::tools
