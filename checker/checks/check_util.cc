#include "checker/checks/check_util.h"

#include "llvm/ADT/StringRef.h"

namespace maui::checker {

llvm::SMRange locate(const Compilation& c, const ir::SourceRange& where) {
  if (where.line == 0) return {};
  for (unsigned b = 1; b <= c.sources.buffer_count(); ++b) {
    if (c.sources.display_name(b) != where.file) continue;
    // SourceMgr builds its line table lazily, hence the non-const lookup.
    auto& mgr = const_cast<llvm::SourceMgr&>(c.sources.manager());
    llvm::SMLoc start = mgr.FindLocForLineAndColumn(b, where.line, where.column);
    if (!start.isValid()) return {};
    unsigned length = where.end_column > where.column ? where.end_column - where.column : 0;
    return {start, llvm::SMLoc::getFromPointer(start.getPointer() + length)};
  }
  return {};
}

std::string closest(std::string_view name, const std::vector<std::string>& candidates) {
  std::string best;
  unsigned best_distance = ~0u;
  for (const auto& c : candidates) {
    unsigned d = llvm::StringRef(c).edit_distance(llvm::StringRef(name.data(), name.size()), true, 4);
    if (d < best_distance && d > 0) {
      best_distance = d;
      best = c;
    }
  }
  return best_distance <= std::max<std::size_t>(1, name.size() / 3) ? best : std::string();
}

std::vector<std::string> configured(const ir::Policy& p, ir::CredKind kind) {
  std::vector<std::string> out;
  for (const auto& [id, cfg] : p.credentials)
    if (id.kind == kind && id.name != "DEFAULT") out.push_back(id.name);
  return out;
}

}  // namespace maui::checker
