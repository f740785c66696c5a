#include "runtime/views/view_args.h"

#include <algorithm>

#include <fmt/format.h>

namespace maui::runtime {

std::string expected_text(const ArgSpec& spec) {
  std::vector<std::string> parts;
  if (!spec.positional.empty()) parts.emplace_back(spec.positional);
  for (auto f : spec.flags) parts.emplace_back(f);
  for (const auto& [name, value] : spec.options) parts.push_back(fmt::format("{} {}", name, value));
  if (parts.empty()) return "no arguments";
  return fmt::format("{}", fmt::join(parts, ", "));
}

ArgsOrError parse_args(std::string_view command, const ArgSpec& spec, std::span<const std::string> args) {
  ParsedArgs out;
  auto fail = [&](std::string why) { return ArgsOrError{std::nullopt, fmt::format("{}: {}", command, why)}; };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (std::find(spec.flags.begin(), spec.flags.end(), a) != spec.flags.end()) {
      if (!out.flags.insert(a).second) return fail(fmt::format("'{}' given twice", a));
      continue;
    }
    auto option = std::find_if(spec.options.begin(), spec.options.end(), [&](const auto& o) { return o.first == a; });
    if (option != spec.options.end()) {
      if (i + 1 >= args.size() || args[i + 1].empty())
        return fail(fmt::format("'{}' needs a {} after it", a, option->second));
      if (!out.options.emplace(a, args[i + 1]).second) return fail(fmt::format("'{}' given twice", a));
      ++i;
      continue;
    }
    if (a.size() > 1 && a[0] == '-')
      return fail(fmt::format("unknown option '{}' (expected {})", a, expected_text(spec)));
    if (spec.positional.empty() || a.empty())
      return fail(fmt::format("unexpected argument '{}' (expected {})", a, expected_text(spec)));
    if (out.positional)
      return fail(fmt::format("unexpected argument '{}': one {} only, '{}' was given first", a, spec.positional,
                              *out.positional));
    out.positional = a;
  }
  if (!spec.positional.empty() && !out.positional)
    return fail(fmt::format("expected a {} (expected {})", spec.positional, expected_text(spec)));
  return {std::move(out), {}};
}

}  // namespace maui::runtime
