// The PEG grammar of one maui.cfg line (PEGTL 3.2).
//
// It describes how Maui reads a line (docs/reference/maui-3.3-semantics.md §1.1): `#` starts a
// comment anywhere, `\` at the end of a line continues it, blanks are spaces, tabs, CR and
// no-break spaces (U+00A0, pasted from the manual), `NAME VALUE`, `NAME=VALUE`,
// `NAME[INDEX] VALUE ...`, `#INCLUDE file`, and template placeholders (ERB, Jinja, Template
// Toolkit, autoconf) that may appear anywhere in a name, index or value. Which names exist is not
// the grammar's business (schemas/schema.h).
#pragma once

#include <array>
#include <cstring>
#include <string_view>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

namespace maui::grammar {

namespace pegtl = tao::pegtl;
using pegtl::any;
using pegtl::at;
using pegtl::eof;
using pegtl::must;
using pegtl::not_at;
using pegtl::not_one;
using pegtl::one;
using pegtl::opt;
using pegtl::plus;
using pegtl::ranges;
using pegtl::seq;
using pegtl::sor;
using pegtl::star;
using pegtl::string;
using pegtl::until;

// --- blanks ---------------------------------------------------------------------------------
struct nbsp : string<'\xC2', '\xA0'> {};  // U+00A0 in UTF-8
struct hspace : sor<one<' ', '\t', '\r', '\v', '\f'>, nbsp> {};
// A backslash, optional blanks and a newline join two lines (Maui blanks them all).
struct continuation : seq<one<'\\'>, star<hspace>, one<'\n'>> {};
// A run of spaces or tabs is one match: the same language (blanks are only ever repeated), without
// a rule call per character of the alignment padding that is a sixth of a large site's file.
struct blank : sor<plus<one<' ', '\t'>>, hspace, continuation> {};
struct newline : one<'\n'> {};
struct line_end : sor<newline, eof> {};

// --- template placeholders ------------------------------------------------------------------
// ERB, Jinja and Template Toolkit tags may span lines (`<% @x.each do |v|\n -%>`).
template <char A, char B, char C, char D>
struct delimited : seq<string<A, B>, until<string<C, D>, not_one<'\n'>>> {};
template <char A, char B, char C, char D>
struct multiline : seq<string<A, B>, until<string<C, D>>> {};
struct erb : multiline<'<', '%', '%', '>'> {};               // <%= @x %>, <% if %>
struct jinja_expression : delimited<'{', '{', '}', '}'> {};  // {{ x }}
struct jinja_statement : multiline<'{', '%', '%', '}'> {};   // {% if %}
struct jinja_comment : multiline<'{', '#', '#', '}'> {};     // {# x #}
struct template_toolkit : multiline<'[', '%', '%', ']'> {};  // [% x %]
struct autoconf : seq<one<'@'>, ranges<'A', 'Z', 'a', 'z', '_', '_'>,
                      star<ranges<'A', 'Z', 'a', 'z', '0', '9', '_', '_'>>, one<'@'>> {};  // @VAR@
// Every placeholder starts with one of these characters, and then with one of these pairs:
// checking them first keeps the alternatives from being tried at each character of ordinary text
// (the first character), and at the '[' of every `USERCFG[name]` (the pair). Same language.
struct placeholder_start : sor<string<'<', '%'>, seq<one<'{'>, one<'{', '%', '#'>>, string<'[', '%'>,
                               seq<one<'@'>, ranges<'A', 'Z', 'a', 'z', '_', '_'>>> {};
struct placeholder : seq<at<one<'<', '{', '[', '@'>>, at<placeholder_start>,
                         sor<erb, jinja_expression, jinja_statement, jinja_comment, template_toolkit, autoconf>> {};

// --- comments -------------------------------------------------------------------------------
// The rest of the physical line, found by memchr: star<not_one<'\n'>> took a rule call per
// character of comments, a sixth of a large site's file.
struct rest_of_line {
  using rule_t = rest_of_line;
  using subs_t = pegtl::empty_list;
  template <typename ParseInput>
  static bool match(ParseInput& in) {
    const void* newline = std::memchr(in.current(), '\n', in.size());
    const char* const stop = newline ? static_cast<const char*>(newline) : in.end();
    in.bump_in_this_line(static_cast<std::size_t>(stop - in.current()));
    return true;
  }
};
struct comment : seq<one<'#'>, rest_of_line> {};

// --- tokens ---------------------------------------------------------------------------------
// Quotes group blanks into one token (Moab; Maui 3.3.1 keeps the quote characters). A `#`
// still ends the line inside quotes, as in Maui. An unterminated quote is an ordinary char.
struct single_quoted : seq<one<'\''>, star<not_one<'\'', '\n', '#'>>, one<'\''>> {};
struct double_quoted : seq<one<'"'>, star<not_one<'"', '\n', '#'>>, one<'"'>> {};
struct token_char : seq<not_at<hspace>, not_one<'\n', '#'>> {};
// One or more characters of a set, one table lookup per character: a custom rule, as plus<> of
// PEGTL's character rules peeks, tests every range or character and advances per character (names,
// indices and values are most of a large site's file). No set holds '\n'.
template <const std::array<bool, 256>& kInSet>
struct char_run {
  using rule_t = char_run;
  using subs_t = pegtl::empty_list;
  template <typename ParseInput>
  static bool match(ParseInput& in) {
    const char* const begin = in.current();
    const char* const end = in.end();
    const char* p = begin;
    while (p != end && kInSet[static_cast<unsigned char>(*p)]) ++p;
    if (p == begin) return false;
    in.bump_in_this_line(static_cast<std::size_t>(p - begin));  // a run holds no line end
    return true;
  }
};
// Every character except `excluded`.
constexpr std::array<bool, 256> all_but(std::string_view excluded) {
  std::array<bool, 256> table{};
  table.fill(true);
  for (char c : excluded) table[static_cast<unsigned char>(c)] = false;
  return table;
}
// Characters that can only be token characters (no blank, line end, comment, quote or start of a
// placeholder or of a no-break space), taken as a run: the same language as token_char alone,
// without trying every alternative at each character of the values that make up most of a file.
inline constexpr auto kPlainChar = all_but(" \t\r\v\f\xC2\n#'\"<{[@");
struct plain_run : char_run<kPlainChar> {};
struct token_piece : sor<plain_run, placeholder, single_quoted, double_quoted, token_char> {};
// A blank, a line end or a comment ends a token: checked once instead of trying every piece there
// (no piece starts with one; same language as plus<token_piece>).
struct token : seq<token_piece, star<at<not_one<' ', '\t', '\n', '#'>>, token_piece>> {};

// --- the head of a statement: NAME[INDEX] ---------------------------------------------------
struct name_start : sor<placeholder, ranges<'A', 'Z', 'a', 'z', '_', '_'>> {};
// Runs of plain characters are taken at once, as in tokens (a placeholder cannot start with one).
inline constexpr auto kNameChar = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 256; ++c)
    table[static_cast<std::size_t>(c)] =
        (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
  return table;
}();
struct name_chars : char_run<kNameChar> {};
struct name : seq<name_start, star<sor<name_chars, placeholder>>> {};
inline constexpr auto kIndexChar = all_but("]\n#<{[@");
struct index_chars : char_run<kIndexChar> {};
struct index_body : star<sor<index_chars, placeholder, not_one<']', '\n', '#'>>> {};
struct close_bracket : one<']'> {};
struct index : seq<one<'['>, index_body, must<close_bracket>> {};
struct head_end : at<sor<blank, one<'=', '#'>, line_end>> {};
struct equals : one<'='> {};
// Only used under must<>: PEGTL's must_if control raises whenever a rule with a message fails.
struct statement_end : sor<newline, eof> {};

// After an index Maui skips zero or more blanks (`USERCFG[x]MAXJOB=2` is read); after a bare
// name a blank, '=' or the end of the line must follow.
struct statement : seq<name, sor<index, must<head_end>>, opt<star<blank>, equals>, star<star<blank>, token>,
                       star<blank>, opt<comment>, must<statement_end>> {};

// --- other line shapes ----------------------------------------------------------------------
struct include_file : token {};
struct include_directive : seq<string<'#', 'I', 'N', 'C', 'L', 'U', 'D', 'E'>, plus<blank>, include_file,
                               star<not_one<'\n', '#'>>, opt<comment>, line_end> {};
struct comment_line : seq<comment, line_end> {};
// A line made only of template constructs ({% if %}, <% end %>, [% FOREACH %] ...).
struct template_only : seq<plus<placeholder, star<blank>>, opt<comment>, line_end> {};
struct empty_line : line_end {};

struct line_start : star<blank> {};
struct line : seq<line_start,
                  sor<empty_line, include_directive, comment_line, seq<at<template_only>, template_only>, statement>> {
};

// Error messages for must<> (and the whole-line failure).
template <typename>
inline constexpr const char* error_message = nullptr;
template <>
inline constexpr auto error_message<close_bracket> = "expected ']' to close the index";
template <>
inline constexpr auto error_message<head_end> = "expected a blank, '=' or the end of the line after the name";
template <>
inline constexpr auto error_message<statement_end> = "expected the end of the line";

struct error_messages {
  template <typename Rule>
  static constexpr auto message = error_message<Rule>;
};
template <typename Rule>
using control = pegtl::must_if<error_messages>::control<Rule>;

}  // namespace maui::grammar

// For pegtl::analyze: a character run consumes at least one character, like the rule it stands
// for; the rest of a line may be empty.
template <typename Name, const std::array<bool, 256>& kInSet>
struct tao::pegtl::analyze_traits<Name, maui::grammar::char_run<kInSet>> : analyze_any_traits<> {};
template <typename Name>
struct tao::pegtl::analyze_traits<Name, maui::grammar::rest_of_line> : analyze_opt_traits<> {};
