// Checks on JSON read from outside (a policy IR, JOBS.json, a SARIF baseline) that
// llvm::json::parse (LLVM 14) does not make; run before it. It recurses once per nesting level
// without a limit, so garbage like a million '[' would overflow the stack; and it reads an
// integer that does not fit in 64 bits as INT64_MAX (strtoll clamps), which would silently turn
// a typo into "unlimited".
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "schemas/problem.h"

namespace maui {

// Deeper than any document the tools read (the IR nests about ten deep).
inline constexpr int kMaxJsonDepth = 64;

// The first such problem: an error at its line and column ("nested deeper than 64 levels",
// "integer 1e... does not fit in 64 bits"), file "" (the caller names the file).
std::optional<Problem> json_input_problem(std::string_view text);
// The byte of `text` at a problem's line and column (1-based, in bytes, as json_input_problem
// gives them).
std::size_t offset_of(std::string_view text, const Problem& p);

// Where a value of a JSON document is, for problems found in its values after parsing
// (`jobs[3].procs: expected a positive integer` is located at the 3rd job's "procs" value).
// Paths are written as readers name values: members joined by '.', array elements as [i], the
// root as "" or "(root)". A path that leads nowhere (a member that is missing) is located at the
// deepest value it reaches: the object that lacks it. The document must have parsed. Each
// container is indexed the first time a path enters it, so that locating every element of a
// long array costs one pass over it, not one per element.
class JsonLocator {
 public:
  explicit JsonLocator(std::string_view text);
  struct Position {
    std::size_t line = 1, column = 1;  // 1-based, in bytes
  };
  Position locate(std::string_view path);

 private:
  struct Member {
    std::string_view key;   // as written, escapes and all; empty for array elements
    std::size_t value = 0;  // the offset where its value starts
  };
  const std::vector<Member>& members(std::size_t container);  // of the object or array there
  std::size_t skip_blanks(std::size_t at) const;
  std::size_t skip_value(std::size_t at) const;   // past the value that starts at `at`
  std::size_t skip_string(std::size_t at) const;  // past the string whose '"' is at `at`

  std::string_view text_;
  std::vector<std::size_t> line_starts_;
  std::map<std::size_t, std::vector<Member>> members_;  // by the container's offset
};

}  // namespace maui
