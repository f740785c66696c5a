// A problem with an input, located where it is: a trace line, a fairshare file's line, a value
// of a JOBS.json snapshot, a line of a Slurm command's output, the line of a config a simulation
// made an assumption about. Every layer reports such problems as values of this one type, and
// the tools print them with one printer, so that an admin reads every input's problems the
// same way: `file:line:col: error: message`, as compilers write them, and one JSON object.
//
// Config diagnostics keep their richer form (parser/diagnostic.h): a source range for the caret,
// a rule id, notes on other lines. Their first line is printed in the same form as this one.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace maui {

enum class Severity { Error, Warning, Note };

inline const char* to_string(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

struct Problem {
  std::string file;         // as the admin named it (a path, "JOBS.json", "sinfo --json"); "" = none
  std::int64_t line = 0;    // 1-based; 0 = the file as a whole
  std::int64_t column = 0;  // 1-based, in bytes; 0 = the whole line
  Severity severity = Severity::Error;
  std::string message;  // what is wrong and what was expected, without the location
  bool operator==(const Problem&) const = default;
};

// "file:line:col", "file:line" without a column, "file" without a line ("" without a file).
std::string where(const Problem& p);
// "file:line:col: error: message" (the location as where() gives it; without one,
// "error: message").
std::string to_text(const Problem& p);

}  // namespace maui
