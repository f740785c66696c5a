// The syntax of a maui.cfg: one Statement per logical line, tokens pointing into the source.
//
// The grammar (parser/grammar.h) knows how lines, names, indices, tokens, comments, quotes,
// continuations and template placeholders are written; it does not know which names exist.
// Lowering (parser/lower.h) gives the tokens their meaning using the parameter table.
#pragma once

#include <deque>
#include <map>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "parser/diagnostic.h"

namespace maui {

// A piece of source text. `text` points into a SourceSet buffer.
struct Token {
  std::string_view text;
  bool empty() const { return text.empty(); }
  const char* begin() const { return text.data(); }
  llvm::SMRange range() const { return range_of(text.data(), text.size()); }
};

// `ATTR[INDEX]=VALUE` inside an object line (also `+=` / `-=`, which Maui treats as `=`).
struct AttributeToken {
  Token whole;
  Token name;
  Token index;  // empty when the attribute has no [INDEX]
  bool has_index = false;
  Token op;  // "=", "+=" or "-="; empty when the token has no operator (Maui ignores it)
  Token value;
};

struct Statement {
  enum class Kind { Parameter, Include, TemplateOnly };
  Kind kind = Kind::Parameter;
  unsigned buffer = 0;  // SourceSet buffer id
  unsigned line = 0;    // 1-based line of the statement's first character
  Token whole;          // the logical line without the trailing comment
  Token name;           // PARAM or FAMILY name, or the #INCLUDE file name
  Token index;          // text inside [ ] (may be empty)
  bool has_index = false;
  bool indented = false;           // name does not start in column 1
  bool equals_after_name = false;  // `NAME=VALUE` form
  std::span<const Token> values;   // blank-separated tokens after the name/index, in the tree
};

// A template construct: ERB <% %>, Jinja {{ }} / {% %} / {# #}, TT [% %], autoconf @VAR@.
struct Placeholder {
  Token token;
  std::string_view syntax;  // "ERB", "Jinja", "Template Toolkit", "autoconf"
};

struct SyntaxTree {
  SyntaxTree() = default;
  // Moved, never copied: a copy's statements would view the original's token blocks.
  SyntaxTree(SyntaxTree&&) = default;
  SyntaxTree& operator=(SyntaxTree&&) = default;

  std::vector<Statement> statements;  // in load order (main file, then #INCLUDEd files)
  // The statements' values, one block per parsed buffer, which never moves once complete (a
  // deque keeps its elements in place): a vector per statement was an allocation per line.
  std::deque<std::vector<Token>> tokens;
  std::vector<Placeholder> placeholders;
  // `# mauic: ignore=RULE[,RULE]` comments: (buffer, line) -> rule ids ("*" = all).
  std::map<std::pair<unsigned, unsigned>, std::set<std::string>> suppressions;
};

}  // namespace maui
