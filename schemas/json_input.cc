#include "schemas/json_input.h"

#include <charconv>
#include <cstdint>

#include <fmt/format.h>

namespace maui {

namespace {

std::optional<JsonInputProblem> located(std::string_view text, std::size_t offset, std::string message) {
  JsonInputProblem p;
  p.offset = offset;
  p.message = std::move(message);
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') ++p.line, p.column = 1;
    else ++p.column;
  }
  return p;
}

}  // namespace

std::optional<JsonInputProblem> json_input_problem(std::string_view text) {
  int depth = 0;
  bool in_string = false;
  bool escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
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

}  // namespace maui
