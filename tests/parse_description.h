// Everything parse_buffer produced for one buffer, as text: statements with all their fields and
// values, placeholders, suppressions and diagnostics, with text positions as offsets into the
// buffer. The two line readers (parser/parse.h, LineReader) must give the same description of
// any text: tests/grammar_test.cc checks it on generated text, the fuzz target on its inputs.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "parser/diagnostic.h"
#include "parser/syntax.h"

namespace maui::testing {

inline std::string describe_parse(std::string_view buffer, const SyntaxTree& tree,
                                  std::span<const Diagnostic> diagnostics) {
  const char* base = buffer.data();
  const auto at = [base](std::string_view t) {
    return std::to_string(t.data() - base) + "+" + std::to_string(t.size());
  };
  std::string out;
  for (const auto& s : tree.statements) {
    out += "statement kind=" + std::to_string(static_cast<int>(s.kind)) + " buffer=" + std::to_string(s.buffer) +
           " line=" + std::to_string(s.line) + " whole=" + at(s.whole.text) + " name=" + at(s.name.text) +
           " index=" + (s.has_index ? at(s.index.text) : "none") + " indented=" + std::to_string(s.indented) +
           " equals=" + std::to_string(s.equals_after_name) + " values=";
    for (const auto& v : s.values) out += at(v.text) + ",";
    out += "\n";
  }
  for (const auto& ph : tree.placeholders)
    out += "placeholder " + at(ph.token.text) + " " + std::string(ph.syntax) + "\n";
  for (const auto& [where, rules] : tree.suppressions) {
    out += "suppress " + std::to_string(where.first) + ":" + std::to_string(where.second);
    for (const auto& r : rules) out += " " + r;
    out += "\n";
  }
  for (const auto& d : diagnostics) {
    out += "diagnostic " + d.rule + " ";
    if (d.range.Start.isValid())
      out += std::to_string(d.range.Start.getPointer() - base) + "+" +
             std::to_string(d.range.End.getPointer() - d.range.Start.getPointer());
    else
      out += "unlocated";
    out += " " + d.message + "\n";
  }
  return out;
}

}  // namespace maui::testing
