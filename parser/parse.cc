#include "parser/parse.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <deque>
#include <string_view>

#include <fmt/format.h>

#include "parser/grammar.h"
#include "schemas/rule_ids.h"

namespace maui {
namespace {

namespace pegtl = tao::pegtl;
namespace g = grammar;

struct ParseState {
  SyntaxTree& tree;
  unsigned buffer;
  std::vector<Token>& tokens;  // this buffer's block of tree.tokens
  unsigned line = 1;           // line number of the current logical line's start
  const char* line_begin = nullptr;
  Statement current;
  std::size_t values_begin = 0;  // where the current line's values start in `tokens`
  // [begin, end) in `tokens` of the values of each statement this buffer added: the block still
  // grows while the buffer is parsed, so the statements view it once it is complete.
  std::vector<std::pair<std::size_t, std::size_t>> values;
  bool has_content = false;  // the line has a statement or directive (for trailing comments)
};

std::string_view span_text(const char* b, const char* e) { return {b, static_cast<std::size_t>(e - b)}; }

template <typename Rule>
struct action : pegtl::nothing<Rule> {};

template <>
struct action<g::name> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.current.name = Token{span_text(in.begin(), in.end())};
    st.current.indented = in.begin() != st.line_begin;
    st.has_content = true;
  }
};

template <>
struct action<g::index_body> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.current.index = Token{span_text(in.begin(), in.end())};
    st.current.has_index = true;
  }
};

template <>
struct action<g::equals> {
  template <typename Input>
  static void apply(const Input&, ParseState& st) {
    st.current.equals_after_name = true;
  }
};

template <>
struct action<g::token> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.tokens.push_back(Token{span_text(in.begin(), in.end())});
  }
};

// Completes `s`, the last statement of the tree, whose name, index and values are read.
void complete_statement(Statement& s, ParseState& st) {
  s.kind = Statement::Kind::Parameter;
  s.buffer = st.buffer;
  s.line = st.line;
  const bool has_values = st.tokens.size() > st.values_begin;
  const char* end = !has_values ? (s.has_index ? s.index.text.data() + s.index.text.size() + 1
                                               : s.name.text.data() + s.name.text.size())
                                : st.tokens.back().text.data() + st.tokens.back().text.size();
  s.whole = Token{span_text(s.name.begin(), end)};
  st.values.emplace_back(st.values_begin, st.tokens.size());
}

template <>
struct action<g::statement> {
  template <typename Input>
  static void apply(const Input&, ParseState& st) {
    // st.current is reset at the start of the next line the grammar reads
    complete_statement(st.tree.statements.emplace_back(st.current), st);
  }
};

template <>
struct action<g::include_file> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    Statement s;
    s.kind = Statement::Kind::Include;
    s.buffer = st.buffer;
    s.line = st.line;
    s.name = Token{span_text(in.begin(), in.end())};
    s.whole = s.name;
    st.tree.statements.push_back(s);
    st.values.emplace_back(st.tokens.size(), st.tokens.size());
    st.has_content = true;
  }
};

template <typename Rule, const char* Syntax>
struct placeholder_action {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.tree.placeholders.push_back(Placeholder{Token{span_text(in.begin(), in.end())}, Syntax});
  }
};
inline constexpr char kErb[] = "ERB";
inline constexpr char kJinja[] = "Jinja";
inline constexpr char kToolkit[] = "Template Toolkit";
inline constexpr char kAutoconf[] = "autoconf";
template <>
struct action<g::erb> : placeholder_action<g::erb, kErb> {};
template <>
struct action<g::jinja_expression> : placeholder_action<g::jinja_expression, kJinja> {};
template <>
struct action<g::jinja_statement> : placeholder_action<g::jinja_statement, kJinja> {};
template <>
struct action<g::jinja_comment> : placeholder_action<g::jinja_comment, kJinja> {};
template <>
struct action<g::template_toolkit> : placeholder_action<g::template_toolkit, kToolkit> {};
template <>
struct action<g::autoconf> : placeholder_action<g::autoconf, kAutoconf> {};

// `# mauic: ignore=RULE[,RULE...]`: a trailing comment covers its own line, a comment on a
// line of its own covers the next line. `text` is the comment from its '#' to the end of its line.
void note_comment(std::string_view text, ParseState& st) {
  auto at = text.find("mauic:");
  if (at == std::string_view::npos) return;
  auto rest = text.substr(at + 6);
  auto ignore = rest.find("ignore=");
  if (ignore == std::string_view::npos) return;
  rest = rest.substr(ignore + 7);
  rest = rest.substr(0, rest.find_first_of(" \t\r"));
  unsigned line = st.line;
  if (!st.has_content) {
    // Count the lines of a continued comment-only line: the next statement follows it.
    line += static_cast<unsigned>(std::count(st.line_begin, text.data() + text.size(), '\n')) + 1;
  }
  auto& rules = st.tree.suppressions[{st.buffer, line}];
  while (!rest.empty()) {
    auto comma = rest.find(',');
    auto rule = rest.substr(0, comma);
    if (!rule.empty()) rules.insert(std::string(rule));
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
}

template <>
struct action<g::comment> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    note_comment(span_text(in.begin(), in.end()), st);
  }
};

// The end of a multi-line ERB / Jinja / Template Toolkit tag starting at `p`, or nullptr when `p` starts none
// (or the tag is never closed: then it is ordinary text).
const char* multiline_tag_end(const char* p, const char* end) {
  if (end - p < 2) return nullptr;
  std::string_view close;
  if (p[0] == '<' && p[1] == '%')
    close = "%>";
  else if (p[0] == '{' && p[1] == '%')
    close = "%}";
  else if (p[0] == '{' && p[1] == '#')
    close = "#}";
  else if (p[0] == '[' && p[1] == '%')
    close = "%]";
  else
    return nullptr;
  std::string_view rest(p + 2, static_cast<std::size_t>(end - p - 2));
  auto at = rest.find(close);
  return at == std::string_view::npos ? nullptr : p + 2 + at + 2;
}

// The number of '\n' in [p, end), by memchr: std::count looks at every byte, and the parser counts
// the lines of every logical line (one, unless continued).
std::size_t count_newlines(const char* p, const char* end) {
  std::size_t n = 0;
  while ((p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p))))) {
    ++n;
    ++p;
  }
  return n;
}

// The characters logical_line_end stops at; everything else is skipped by one table lookup.
constexpr std::array<bool, 256> kLineSpecial = [] {
  std::array<bool, 256> table{};
  for (unsigned char c : {'\n', '#', '\\', '<', '{', '['}) table[c] = true;
  return table;
}();

// End of the logical line that starts at `p`: the next newline not continued by a backslash
// (a backslash inside a comment does not continue, as in Maui) and not inside a template tag.
// `joined`: false when the line is one physical line (it then holds no newline before its end).
const char* logical_line_end(const char* p, const char* end, bool& joined) {
  joined = false;
  {
    // Most lines are neither continued nor hold a tag: they end at the next newline. A
    // continuation needs a '\\' and every tag start a '%' or "{#", which memchr rules out much
    // faster than the loop below, which looks at each byte.
    const void* newline = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
    const char* stop = newline ? static_cast<const char*>(newline) : end;
    const auto n = static_cast<std::size_t>(stop - p);
    if (!std::memchr(p, '\\', n) && !std::memchr(p, '%', n) && !std::memchr(p, '{', n)) return stop;
  }
  joined = true;
  bool in_comment = false;
  while (p < end) {
    while (p < end && !kLineSpecial[static_cast<unsigned char>(*p)]) ++p;  // ordinary characters
    if (p == end) break;
    char c = *p;
    if (c == '\n') return p;
    if (in_comment) {
      // Only a newline ends a comment: no tags, no continuations inside it.
      const void* newline = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
      return newline ? static_cast<const char*>(newline) : end;
    }
    if (!in_comment) {
      if (const char* tag_end = multiline_tag_end(p, end)) {
        p = tag_end;
        continue;
      }
    }
    if (c == '#') in_comment = true;
    if (c == '\\' && !in_comment) {
      const char* q = p + 1;
      while (q < end && (*q == ' ' || *q == '\t' || *q == '\r')) ++q;
      if (q < end && *q == '\n') {
        p = q + 1;
        continue;
      }
    }
    ++p;
  }
  return end;
}

// How read_plain_line sees the characters of a line.
enum class Char : std::uint8_t {
  Token,    // part of a name, an index or a value
  Blank,    // ' ' and '\t'
  LineEnd,  // '\n'
  Hash,     // '#': a comment to the end of the line
  // What only the grammar reads: quotes, '@' (autoconf), '\\' (a continuation), the '%' and '{'
  // of template tags, the other blanks (CR, VT, FF) and the first byte of a no-break space.
  Special,
};
constexpr std::array<Char, 256> kCharClass = [] {
  std::array<Char, 256> table{};
  table.fill(Char::Token);
  table[' '] = table['\t'] = Char::Blank;
  table['\n'] = Char::LineEnd;
  table['#'] = Char::Hash;
  for (unsigned char c : {'\'', '"', '@', '\\', '%', '{', '\r', '\v', '\f', '\xC2'}) table[c] = Char::Special;
  return table;
}();
Char char_class(const char* q) { return kCharClass[static_cast<unsigned char>(*q)]; }
// The characters of a plain index: tokens and blanks, up to the ']'.
constexpr std::array<bool, 256> kIndexChar = [] {
  std::array<bool, 256> table{};
  for (std::size_t c = 0; c < 256; ++c)
    table[c] = c != ']' && (kCharClass[c] == Char::Token || kCharClass[c] == Char::Blank);
  return table;
}();
// Blanks from `q` on, before `end`. The alignment padding after names (a sixth of a large site's
// bytes) is taken eight spaces at a time.
const char* skip_blanks(const char* q, const char* end) {
  constexpr std::uint64_t kEightSpaces = 0x2020202020202020;
  for (std::uint64_t word; end - q >= 8; q += 8) {
    std::memcpy(&word, q, 8);
    if (word != kEightSpaces) break;
  }
  while (*q == ' ' || *q == '\t') ++q;
  return q;
}

// Most lines of a config, read without the grammar: blanks, then nothing, a comment, or a
// statement `NAME[INDEX] VALUE ...` (or `NAME=VALUE`) with a comment or nothing after it, where
// no character before the comment is Char::Special. Such a line is one logical line (no
// continuation, no template tag: every tag needs a '%' or a '{'), so '<' and '[' start nothing
// and are ordinary characters, and the grammar would read it exactly so: this records what its
// actions would and returns the line's '\n'. Any other line (errors included) gets nullptr, with
// nothing recorded, and goes through the grammar. The grammar's per-rule calls were most of the
// parsing time of a large site, whose lines are all plain. tests/grammar_test.cc checks that both
// ways agree on random text.
//
// A '\n' must follow `p` before `end`: every scan stops at it (none takes a '\n'), so none needs
// to check for the end of the text at each character.
const char* read_plain_line(const char* p, const char* end, ParseState& st) {
  const auto comment_to_newline = [&st, end](const char* hash) {
    const char* const newline = static_cast<const char*>(std::memchr(hash, '\n', static_cast<std::size_t>(end - hash)));
    note_comment(span_text(hash, newline), st);
    return newline;
  };
  const char* q = skip_blanks(p, end);
  switch (char_class(q)) {
    case Char::LineEnd: return q;  // a blank line
    case Char::Hash:               // a comment line; an #INCLUDE directive is the grammar's
      return span_text(q, end).starts_with("#INCLUDE") ? nullptr : comment_to_newline(q);
    default: break;
  }
  const auto first = static_cast<unsigned char>(*q);
  if (!((first >= 'A' && first <= 'Z') || (first >= 'a' && first <= 'z') || first == '_')) return nullptr;
  // The statement is made in place; a line left to the grammar takes it out again.
  Statement& s = st.tree.statements.emplace_back();
  const auto leave_to_grammar = [&st]() -> const char* {
    st.tree.statements.pop_back();
    st.tokens.resize(st.values_begin);
    return nullptr;
  };
  const char* const name_begin = q;
  while (g::kNameChar[static_cast<unsigned char>(*q)]) ++q;
  s.name = Token{span_text(name_begin, q)};
  s.indented = name_begin != p;
  if (*q == '[') {
    // The index: anything up to ']' on this line (a missing ']' is an error: the grammar's).
    const char* const index_begin = ++q;
    while (kIndexChar[static_cast<unsigned char>(*q)]) ++q;
    if (*q != ']') return leave_to_grammar();
    s.index = Token{span_text(index_begin, q)};
    s.has_index = true;
    ++q;
  } else if (const Char c = char_class(q); c != Char::Blank && c != Char::Hash && c != Char::LineEnd && *q != '=') {
    return leave_to_grammar();  // the grammar's error (or a blank it reads, such as CR)
  }
  q = skip_blanks(q, end);  // the alignment padding: scanned once
  if (*q == '=') {
    s.equals_after_name = true;
    ++q;
  }
  // The values: runs of token characters between blanks.
  for (;;) {
    q = skip_blanks(q, end);
    const char* const token_begin = q;
    while (char_class(q) == Char::Token) ++q;
    if (char_class(q) == Char::Special) return leave_to_grammar();
    if (q != token_begin) {
      st.tokens.push_back(Token{span_text(token_begin, q)});
      continue;
    }
    // The end of the line, or a comment.
    st.has_content = true;
    complete_statement(s, st);
    return char_class(q) == Char::LineEnd ? q : comment_to_newline(q);
  }
}

}  // namespace

void parse_buffer(SourceSet& sources, unsigned buffer, SyntaxTree& tree, DiagnosticSink& sink, LineReader lines_read) {
  std::string_view text = sources.text(buffer);
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  // A statement per line at most: room for them up front spares moving every statement at each
  // growth of the vector (with the capacity at least doubling, so that many small #INCLUDEd
  // files stay linear).
  const std::size_t lines = sources.line_count(buffer);
  if (tree.statements.size() + lines > tree.statements.capacity())
    tree.statements.reserve(std::max(tree.statements.size() + lines, 2 * tree.statements.capacity()));
  const std::size_t first = tree.statements.size();
  ParseState st{tree, buffer, tree.tokens.emplace_back(), 1, nullptr, Statement{}, 0, {}, false};
  // A pointer, not a std::string: each per-line input would otherwise copy the name.
  const char* const source = sources.display_name(buffer).c_str();
  // read_plain_line reads the lines that a '\n' ends: those that start up to the last '\n' (the
  // last line of a file often has none).
  const char* plain_end = begin;
  if (const auto last = text.rfind('\n'); lines_read == LineReader::Shortcut && last != std::string_view::npos)
    plain_end = begin + last + 1;
  const char* p = begin;
  while (p < end) {
    st.line_begin = p;
    st.values_begin = st.tokens.size();
    st.has_content = false;
    if (p < plain_end) {
      if (const char* newline = read_plain_line(p, end, st)) {
        p = newline + 1;
        ++st.line;
        continue;
      }
    }
    st.current = Statement{};
    bool joined = false;
    const char* stop = logical_line_end(p, end, joined);
    const char* next = stop < end ? stop + 1 : end;
    // One logical line per parse: a broken line cannot hide the lines after it.
    pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*> in(p, next, source);
    try {
      if (!pegtl::parse<g::line, action, g::control>(in, st)) {
        const char* at = p;
        while (at < stop && (*at == ' ' || *at == '\t')) ++at;
        sink.report(rules::kSyntaxError, range_of(at, at < stop ? 1 : 0),
                    "expected a parameter name, '#' comment or blank line");
      } else if (in.current() < next) {
        // A line shape that ended early (cannot happen with must<line_end>, kept as a guard).
        sink.report(rules::kSyntaxError, range_of(in.current(), 1), "unexpected text at the end of the line");
      }
    } catch (const pegtl::parse_error& e) {
      const auto& pos = e.positions().front();
      sink.report(rules::kSyntaxError, range_of(p + pos.byte, p + pos.byte < stop ? 1 : 0), std::string(e.message()));
    }
    st.line += static_cast<unsigned>((joined ? count_newlines(p, stop) : 0) + (stop < end ? 1 : 0));
    p = next;
  }
  for (std::size_t i = 0; i < st.values.size(); ++i) {
    const auto [b, e] = st.values[i];
    tree.statements[first + i].values = std::span<const Token>(st.tokens.data() + b, e - b);
  }
}

SyntaxTree parse_config(SourceSet& sources, unsigned main_buffer, DiagnosticSink& sink) {
  SyntaxTree tree;
  std::deque<unsigned> pending{main_buffer};
  while (!pending.empty()) {
    unsigned buffer = pending.front();
    pending.pop_front();
    std::size_t first = tree.statements.size();
    parse_buffer(sources, buffer, tree, sink);
    for (std::size_t i = first; i < tree.statements.size(); ++i) {
      const Statement& s = tree.statements[i];
      if (s.kind != Statement::Kind::Include) continue;
      bool templated = false;
      for (const auto& ph : tree.placeholders)
        if (ph.token.begin() >= s.name.begin() && ph.token.begin() < s.name.begin() + s.name.text.size())
          templated = true;
      if (templated) continue;  // `#INCLUDE [% inc %]`: nothing to read until rendered
      if (auto id = sources.load_include(s.name.text, buffer, s.name.range(), sink)) pending.push_back(*id);
    }
  }
  return tree;
}

}  // namespace maui
