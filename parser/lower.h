// Lowering: SyntaxTree -> typed policy IR, using the parameter table for names, value types
// and built-in defaults. Reports what it cannot use (unknown or mis-cased names, values that
// do not parse, lines Maui 3.3.1 would read differently) and keeps going.
#pragma once

#include "parser/source.h"
#include "parser/syntax.h"
#include "schemas/ir.h"

namespace maui {

ir::Policy lower(const SyntaxTree& tree, const SourceSet& sources, DiagnosticSink& sink);

// The whole front end in one visible pipeline: read, parse (following #INCLUDE), lower.
struct Compilation {
  SourceSet sources;
  SyntaxTree syntax;
  ir::Policy policy;
  DiagnosticSink diagnostics;
  bool loaded = false;  // false when the main file could not be read
};
void compile_file(const std::string& path, Compilation& out);
void compile_text(std::string name, std::string_view text, Compilation& out);

}  // namespace maui
