// Checks on JSON read from outside (a policy IR, JOBS.json, a SARIF baseline) that
// llvm::json::parse (LLVM 14) does not make; run before it. It recurses once per nesting level
// without a limit, so garbage like a million '[' would overflow the stack; and it reads an
// integer that does not fit in 64 bits as INT64_MAX (strtoll clamps), which would silently turn
// a typo into "unlimited".
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace maui {

// Deeper than any document the tools read (the IR nests about ten deep).
inline constexpr int kMaxJsonDepth = 64;

struct JsonInputProblem {
  std::size_t offset = 0;  // the byte where it is
  std::size_t line = 1, column = 1;  // 1-based, of that byte
  std::string message;     // "nested deeper than 64 levels", "integer 1e... does not fit in 64 bits"
};

std::optional<JsonInputProblem> json_input_problem(std::string_view text);

}  // namespace maui
