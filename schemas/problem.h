// The two shapes of a located problem, and nothing else:
//
//   - `Diagnostic` (parser/diagnostic.h) for a finding in a config: a source range for the caret,
//     a rule id, notes on other lines. The parser and `mauic lint` report those.
//   - `Problem` (this file) for every other located problem: a line of an input (a trace, a
//     fairshare file, a JOBS.json snapshot, a Slurm command's output, a state file), an engine
//     warning about a config line it cannot honour (located at that line), an RM's refusal or a
//     file the tools cannot write (file "" and line 0 when no line is concerned).
//
// A command-line usage message (runtime/views/view_args.h) concerns no input and stays text.
// Every layer reports such problems as values of this one type, and the tools print them with
// one printer, so that an admin reads every input's problems the same way:
// `file:line:col: error: message`, as compilers write them, and one JSON object
// (schemas/problem_json.h). A Diagnostic's first line is printed in the same form.
#pragma once

#include <compare>
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
  // By file, line, column, then severity and message: a sorted list reads in config order, and
  // "sorted, each once" (the engine's warnings) is std::sort then std::unique.
  auto operator<=>(const Problem&) const = default;
};

// "file:line:col", "file:line" without a column, "file" without a line ("" without a file).
std::string where(const Problem& p);
// "file:line:col: error: message" (the location as where() gives it; without one,
// "error: message").
std::string to_text(const Problem& p);

}  // namespace maui
