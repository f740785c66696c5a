// Parsing: config text -> SyntaxTree, with error recovery per line.
#pragma once

#include "parser/source.h"
#include "parser/syntax.h"

namespace maui {

// Parses `main_buffer` and every file it pulls in with `#INCLUDE`. Maui appends an included
// file to the end of the configuration, so its statements come after those of the including
// file (in the order the directives appear). A line that does not parse gets one located
// error (rule syntax-error) and the next line is parsed as usual.
SyntaxTree parse_config(SourceSet& sources, unsigned main_buffer, DiagnosticSink& sink);

// How parse_buffer reads lines: the usual plain line without the grammar, every other line with
// it (Shortcut), or every line with the grammar (tests that check the shortcut against it).
enum class LineReader { Shortcut, GrammarOnly };

// Parses one buffer without following includes (tests, fuzzing).
void parse_buffer(SourceSet& sources, unsigned buffer, SyntaxTree& tree, DiagnosticSink& sink,
                  LineReader lines_read = LineReader::Shortcut);

}  // namespace maui
