#include <fmt/format.h>

#include "llvm/Support/raw_ostream.h"
#include "schemas/schema.h"
#include "tools/mauic/commands.h"

namespace maui::tools {

int explain_command(const std::string& name) {
  auto rows = schema::explain(name);
  if (rows.empty()) {
    auto suggestions = schema::suggest_parameters(name, 3);
    llvm::errs() << fmt::format("mauic: '{}' is not a maui.cfg parameter, family or attribute", name);
    if (!suggestions.empty()) llvm::errs() << fmt::format("; did you mean '{}'?", suggestions.front());
    llvm::errs() << "\n";
    return kExitFindings;
  }
  bool first = true;
  for (const schema::Row* r : rows) {
    if (!first) llvm::outs() << "\n";
    first = false;
    std::string where = r->kind == schema::RowKind::Attribute
                            ? fmt::format("attribute of {}", schema::objects_to_string(r->objects))
                            : std::string(schema::to_string(r->kind));
    llvm::outs() << fmt::format("{} ({})\n", r->name, where);
    llvm::outs() << fmt::format("  meaning:   {}\n", r->meaning);
    llvm::outs() << fmt::format("  type:      {}{}\n", schema::to_string(r->type),
                                r->unit.empty() ? std::string() : fmt::format(" ({})", r->unit));
    if (!r->allowed.empty()) llvm::outs() << fmt::format("  values:    {}\n", r->allowed);
    llvm::outs() << fmt::format("  default:   {}\n", r->default_value.empty() ? "(unset)" : r->default_value);
    llvm::outs() << fmt::format("  section:   {}\n", r->section);
    llvm::outs() << fmt::format("  support:   {}{}\n", schema::to_string(r->support),
                                r->canonical.empty() ? std::string() : fmt::format(" (write {})", r->canonical));
    if (!r->maui331.empty()) llvm::outs() << fmt::format("  Maui 3.3.1: {}\n", r->maui331);
  }
  return kExitClean;
}

}  // namespace maui::tools
