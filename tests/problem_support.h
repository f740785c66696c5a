// Tests of what a list of located problems says, apart from where: most engine tests check the
// text of a warning, and the tests of locations (runtime_warning_location_test.cc) the rest.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "schemas/problem.h"

namespace maui {

// The messages, in the list's order.
inline std::vector<std::string> messages(const std::vector<Problem>& problems) {
  std::vector<std::string> out;
  for (const auto& p : problems) out.push_back(p.message);
  return out;
}

// The message of a problem that may be absent ("" when there is none): a reader's error.
inline std::string message_of(const std::optional<Problem>& p) { return p ? p->message : std::string(); }

// gtest prints a problem as the tools do.
inline void PrintTo(const Problem& p, std::ostream* os) { *os << to_text(p); }

}  // namespace maui
