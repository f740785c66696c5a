#include "checker/pipeline.h"

#include "checker/moab_config.h"
#include "checker/report.h"
#include "checker/rules.h"

namespace maui::checker {

namespace {
void finish(Compilation& c) {
  run_checks(c);
  apply_suppressions(c);
  sort_diagnostics(c);
  // After the suppressions (a suppressed Moab line is no note) and in file order (the notes follow
  // it); the summary can be suppressed on its own line like any finding.
  if (summarize_moab_config(c)) {
    apply_suppressions(c);
    sort_diagnostics(c);
  }
}
}  // namespace

std::unique_ptr<Compilation> check_file(const std::string& path) {
  auto c = std::make_unique<Compilation>();
  compile_file(path, *c);
  finish(*c);
  return c;
}

std::unique_ptr<Compilation> check_text(std::string name, std::string_view text) {
  auto c = std::make_unique<Compilation>();
  compile_text(std::move(name), text, *c);
  finish(*c);
  return c;
}

}  // namespace maui::checker
