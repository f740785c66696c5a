#include "schemas/json_input.h"

#include <algorithm>
#include <charconv>
#include <cstdint>

#include <fmt/format.h>

namespace maui {

namespace {

std::optional<Problem> located(std::string_view text, std::size_t offset, std::string message) {
  Problem p{{}, 1, 1, Severity::Error, std::move(message)};
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n')
      ++p.line, p.column = 1;
    else
      ++p.column;
  }
  return p;
}

}  // namespace

std::size_t offset_of(std::string_view text, const Problem& p) {
  std::size_t at = 0;
  for (std::int64_t line = 1; line < p.line && at < text.size(); ++at)
    if (text[at] == '\n') ++line;
  return at + static_cast<std::size_t>(std::max<std::int64_t>(p.column, 1) - 1);
}

std::optional<Problem> json_input_problem(std::string_view text) {
  int depth = 0;
  bool in_string = false;
  bool escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) return located(text, i, fmt::format("nested deeper than {} levels", kMaxJsonDepth));
    } else if (c == ']' || c == '}') {
      if (depth > 0) --depth;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      std::size_t end = i + 1;
      while (end < text.size() && std::string_view("0123456789.eE+-").find(text[end]) != std::string_view::npos) ++end;
      const std::string_view number = text.substr(i, end - i);
      if (number.find_first_of(".eE") == std::string_view::npos) {
        std::int64_t ignored = 0;
        const auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), ignored);
        if (ec == std::errc::result_out_of_range)
          return located(text, i, fmt::format("integer {} does not fit in 64 bits", number));
      }
      i = end - 1;
    }
  }
  return std::nullopt;
}

JsonLocator::JsonLocator(std::string_view text) : text_(text) {
  line_starts_.push_back(0);
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') line_starts_.push_back(i + 1);
}

std::size_t JsonLocator::skip_blanks(std::size_t at) const {
  while (at < text_.size() && (text_[at] == ' ' || text_[at] == '\t' || text_[at] == '\n' || text_[at] == '\r')) ++at;
  return at;
}

std::size_t JsonLocator::skip_string(std::size_t at) const {
  for (++at; at < text_.size(); ++at) {
    if (text_[at] == '\\')
      ++at;
    else if (text_[at] == '"')
      return at + 1;
  }
  return at;
}

std::size_t JsonLocator::skip_value(std::size_t at) const {
  if (at >= text_.size()) return at;
  if (text_[at] == '"') return skip_string(at);
  if (text_[at] == '{' || text_[at] == '[') {
    int depth = 0;
    while (at < text_.size()) {
      const char c = text_[at];
      if (c == '"') {
        at = skip_string(at);
        continue;
      }
      if (c == '{' || c == '[')
        ++depth;
      else if ((c == '}' || c == ']') && --depth == 0)
        return at + 1;
      ++at;
    }
    return at;
  }
  // A number, true, false or null: up to the next separator.
  while (at < text_.size() && std::string_view(",]} \t\n\r").find(text_[at]) == std::string_view::npos) ++at;
  return at;
}

const std::vector<JsonLocator::Member>& JsonLocator::members(std::size_t container) {
  auto [it, inserted] = members_.try_emplace(container);
  if (!inserted) return it->second;
  std::vector<Member>& out = it->second;
  const bool object = text_[container] == '{';
  std::size_t at = skip_blanks(container + 1);
  while (at < text_.size() && text_[at] != '}' && text_[at] != ']') {
    Member m;
    if (object) {
      const std::size_t end = skip_string(at);
      m.key = text_.substr(at + 1, end - at - 2);
      at = skip_blanks(end);
      at = skip_blanks(at + 1);  // past ':'
    }
    m.value = at;
    out.push_back(m);
    at = skip_blanks(skip_value(at));
    if (at < text_.size() && text_[at] == ',') at = skip_blanks(at + 1);
  }
  return out;
}

JsonLocator::Position JsonLocator::locate(std::string_view path) {
  std::size_t at = skip_blanks(0);
  if (path == "(root)") path = {};
  while (!path.empty() && at < text_.size()) {
    const std::vector<Member>* inside = nullptr;
    if (text_[at] == '{' || text_[at] == '[') inside = &members(at);
    std::optional<std::size_t> next;
    if (path.front() == '[') {  // [i]
      const std::size_t close = path.find(']');
      std::size_t index = 0;
      const auto [end, ec] = std::from_chars(path.data() + 1, path.data() + std::min(close, path.size()), index);
      if (close == std::string_view::npos || ec != std::errc() || text_[at] != '[') break;
      if (index < inside->size()) next = (*inside)[index].value;
      path.remove_prefix(close + 1);
    } else {  // key, up to the next '.' or '['
      if (path.front() == '.') path.remove_prefix(1);
      const std::size_t end = std::min(path.find('.'), path.find('['));
      const std::string_view key = path.substr(0, end);
      if (text_[at] != '{') break;
      for (const Member& m : *inside)
        if (m.key == key && !next) next = m.value;
      path.remove_prefix(std::min(end, path.size()));
    }
    if (!next) break;
    at = *next;
  }
  at = std::min(at, text_.size());
  const auto line = std::upper_bound(line_starts_.begin(), line_starts_.end(), at) - line_starts_.begin();
  return {static_cast<std::size_t>(line), at - line_starts_[static_cast<std::size_t>(line - 1)] + 1};
}

}  // namespace maui
