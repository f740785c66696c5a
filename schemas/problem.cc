#include "schemas/problem.h"

#include <fmt/format.h>

namespace maui {

std::string where(const Problem& p) {
  if (p.line <= 0) return p.file;
  if (p.column <= 0) return fmt::format("{}:{}", p.file, p.line);
  return fmt::format("{}:{}:{}", p.file, p.line, p.column);
}

std::string to_text(const Problem& p) {
  const std::string at = where(p);
  if (at.empty()) return fmt::format("{}: {}", to_string(p.severity), p.message);
  return fmt::format("{}: {}: {}", at, to_string(p.severity), p.message);
}

}  // namespace maui
