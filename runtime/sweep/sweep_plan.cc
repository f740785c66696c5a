#include "runtime/sweep/sweep_plan.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace maui::runtime {

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-'; }

// `WORD` or `WORD[ID] ATTR`: anything else could not be one config line's setting.
bool valid_name(std::string_view name) {
  const std::size_t open = name.find('[');
  auto word = [](std::string_view w) { return !w.empty() && std::all_of(w.begin(), w.end(), name_char); };
  if (open == std::string_view::npos) return word(name);
  const std::size_t close = name.find(']', open);
  if (close == std::string_view::npos || close + 1 >= name.size() || name[close + 1] != ' ') return false;
  const std::string_view id = name.substr(open + 1, close - open - 1);
  // An object's name: printable, no blank, nothing that would end the index or start a comment.
  auto id_char = [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u > 0x20 && u != 0x7f && c != '#' && c != '[' && c != ']' && c != '=';
  };
  return word(name.substr(0, open)) && !id.empty() && std::all_of(id.begin(), id.end(), id_char) &&
         word(trimmed(name.substr(close + 1)));
}

}  // namespace

VaryParse parse_vary(std::string_view text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string_view::npos)
    return {std::nullopt, fmt::format("--vary '{}': expected NAME=V1,V2,... (e.g. 'FSWEIGHT=0,1,10' or "
                                      "'USERCFG[DEFAULT] MAXJOB=2,4')",
                                      text)};
  Vary v;
  std::string_view name = trimmed(text.substr(0, eq));
  // One blank between an object and its attribute, however many were typed.
  if (const std::size_t close = name.find(']'); close != std::string_view::npos && close + 1 < name.size())
    v.name = fmt::format("{} {}", name.substr(0, close + 1), trimmed(name.substr(close + 1)));
  else
    v.name = std::string(name);
  if (!valid_name(v.name))
    return {std::nullopt, fmt::format("--vary '{}': expected a parameter (FSWEIGHT) or an object's attribute "
                                      "(USERCFG[DEFAULT] MAXJOB) before '=', found '{}'",
                                      text, name)};
  std::string_view rest = text.substr(eq + 1);
  for (;;) {
    const std::size_t comma = rest.find(',');
    const std::string_view value = trimmed(rest.substr(0, comma));
    if (value.empty())
      return {std::nullopt, fmt::format("--vary '{}': an empty value (expected V1,V2,... after '=')", text)};
    if (std::any_of(value.begin(), value.end(), [](char c) {
          const auto u = static_cast<unsigned char>(c);
          return u < 0x20 || u == 0x7f || c == '#';
        }))
      return {std::nullopt, fmt::format("--vary '{}': a value may not hold a control character or '#'", text)};
    if (std::find(v.values.begin(), v.values.end(), value) != v.values.end())
      return {std::nullopt, fmt::format("--vary '{}': the value '{}' is given twice", text, value)};
    v.values.emplace_back(value);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return {std::move(v), ""};
}

std::optional<std::vector<Candidate>> combinations(std::span<const Vary> varies, std::size_t limit) {
  std::size_t count = 1;
  for (const Vary& v : varies) {
    if (v.values.empty() || count > limit / v.values.size()) return std::nullopt;
    count *= v.values.size();
  }
  std::vector<Candidate> out(count);
  for (std::size_t k = 0; k < count; ++k) {
    out[k].index = k;
    std::size_t rest = k, stride = count;
    for (const Vary& v : varies) {
      stride /= v.values.size();
      out[k].settings.emplace_back(v.name, v.values[rest / stride]);
      rest %= stride;
    }
  }
  return out;
}

std::string setting_line(const std::string& name, const std::string& value) {
  return name.find('[') == std::string::npos ? fmt::format("{} {}", name, value) : fmt::format("{}={}", name, value);
}

std::string candidate_text(std::string_view base_text, const Candidate& candidate) {
  std::string text(base_text);
  if (!text.empty() && text.back() != '\n') text += '\n';
  text += fmt::format("# mauirun sweep: candidate {}\n", candidate.index);
  for (const auto& [name, value] : candidate.settings) text += setting_line(name, value) + "\n";
  return text;
}

unsigned first_setting_line(std::string_view base_text) {
  const auto lines = static_cast<unsigned>(std::count(base_text.begin(), base_text.end(), '\n'));
  const bool open_line = !base_text.empty() && base_text.back() != '\n';
  return lines + (open_line ? 1U : 0U) + 2;  // the base's lines, the comment, then the settings
}

}  // namespace maui::runtime
