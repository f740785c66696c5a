// Tests of the maui.cfg line grammar (parser/grammar.h), one group per production, and of
// parse_buffer (parser/parse.h): statement fields, error recovery and error locations,
// placeholders and `# mauic: ignore=` suppressions.
//
// Expectations follow docs/reference/maui-3.3-semantics.md §1.1 (how Maui reads a line) and the
// constructs of tests/data/corpus/features.md (the survey of the real-world configs).
#include <map>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

#include "parser/grammar.h"
#include "parser/parse.h"
#include "parser/source.h"
#include "parser/syntax.h"
#include "tests/parse_description.h"

namespace {

namespace pegtl = tao::pegtl;
namespace g = maui::grammar;

// True when `text` is exactly one `Rule` (default control: a must<> failure is a parse_error,
// reported here as "does not match").
template <class Rule>
bool matches(std::string_view text) {
  pegtl::memory_input<> in(text, "t");
  try {
    return pegtl::parse<pegtl::seq<Rule, pegtl::eof>>(in);
  } catch (const pegtl::parse_error&) {
    return false;
  }
}

// The error a must<> inside `Rule` raises on `text` with the project's error messages, as
// "message@byte"; "" when the text parses, "no-match" when it fails without an error.
template <class Rule>
std::string error_of(std::string_view text) {
  pegtl::memory_input<> in(text, "t");
  try {
    return pegtl::parse<pegtl::seq<Rule, pegtl::eof>, pegtl::nothing, g::control>(in) ? "" : "no-match";
  } catch (const pegtl::parse_error& e) {
    return std::string(e.message()) + "@" + std::to_string(e.positions().front().byte);
  }
}

const std::string kNbsp = "\xC2\xA0";

// --- whole-grammar sanity ------------------------------------------------------------------

TEST(Grammar, AnalyzeFindsNoProblems) {
  // 0 = no rule can loop forever without consuming input.
  EXPECT_EQ(pegtl::analyze<g::line>(0), 0u);
}

// --- blanks --------------------------------------------------------------------------------

TEST(Grammar, NbspIsTheUtf8NoBreakSpace) {
  EXPECT_TRUE(matches<g::nbsp>(kNbsp));
  EXPECT_FALSE(matches<g::nbsp>("\xC2"));
  EXPECT_FALSE(matches<g::nbsp>("\xA0"));
  EXPECT_FALSE(matches<g::nbsp>(" "));
}

TEST(Grammar, HspaceAcceptsBlanksTabsCrAndNbsp) {
  for (std::string_view s : {" ", "\t", "\r", "\v", "\f"}) EXPECT_TRUE(matches<g::hspace>(s)) << int(s[0]);
  EXPECT_TRUE(matches<g::hspace>(kNbsp));
  EXPECT_FALSE(matches<g::hspace>("\n"));
  EXPECT_FALSE(matches<g::hspace>("x"));
  EXPECT_FALSE(matches<g::hspace>(""));
  EXPECT_FALSE(matches<g::hspace>("  "));  // exactly one blank
}

TEST(Grammar, ContinuationIsBackslashBlanksNewline) {
  EXPECT_TRUE(matches<g::continuation>("\\\n"));
  EXPECT_TRUE(matches<g::continuation>("\\   \n"));
  EXPECT_TRUE(matches<g::continuation>("\\\r\n"));  // CRLF file
  EXPECT_TRUE(matches<g::continuation>("\\\t" + kNbsp + "\n"));
  EXPECT_FALSE(matches<g::continuation>("\\"));  // no newline: an ordinary character
  EXPECT_FALSE(matches<g::continuation>("\\x\n"));
  EXPECT_FALSE(matches<g::continuation>("\n"));
  EXPECT_TRUE(matches<g::blank>("\\\n"));
  EXPECT_TRUE(matches<g::blank>("\t"));
}

TEST(Grammar, LineEndIsNewlineOrEof) {
  EXPECT_TRUE(matches<g::line_end>("\n"));
  EXPECT_TRUE(matches<g::line_end>(""));
  EXPECT_FALSE(matches<g::line_end>("x"));
}

// --- template placeholders -----------------------------------------------------------------

TEST(Grammar, ErbSingleAndMultiLine) {
  EXPECT_TRUE(matches<g::erb>("<%= @serverhost %>"));
  EXPECT_TRUE(matches<g::erb>("<% if @fs -%>"));
  EXPECT_TRUE(matches<g::erb>("<% @admins.each do |a|\n -%>"));  // spans lines
  EXPECT_TRUE(matches<g::erb>("<%%>"));
  EXPECT_FALSE(matches<g::erb>("<% unclosed"));
  EXPECT_FALSE(matches<g::erb>("<%= x %> y"));  // the tag ends at the first %>
  EXPECT_TRUE(matches<g::placeholder>("<%= @x[0] %>"));
}

TEST(Grammar, JinjaExpressionStatementComment) {
  EXPECT_TRUE(matches<g::jinja_expression>("{{ maui_server }}"));
  EXPECT_TRUE(matches<g::jinja_expression>("{{x}}"));
  EXPECT_FALSE(matches<g::jinja_expression>("{{ x\n }}"));  // expressions stay on one line
  EXPECT_FALSE(matches<g::jinja_expression>("{{ x }"));
  EXPECT_TRUE(matches<g::jinja_statement>("{% if maui_fs %}"));
  EXPECT_TRUE(matches<g::jinja_statement>("{% for q in qos\n   %}"));  // may span lines
  EXPECT_FALSE(matches<g::jinja_statement>("{% if x }"));
  EXPECT_TRUE(matches<g::jinja_comment>("{# a note #}"));
  EXPECT_TRUE(matches<g::jinja_comment>("{# line one\nline two #}"));
  EXPECT_FALSE(matches<g::jinja_comment>("{# open"));
  for (std::string_view s : {"{{ x }}", "{% x %}", "{# x #}"}) EXPECT_TRUE(matches<g::placeholder>(s)) << s;
}

TEST(Grammar, TemplateToolkit) {
  EXPECT_TRUE(matches<g::template_toolkit>("[% inc %]"));
  EXPECT_TRUE(matches<g::template_toolkit>("[% FOREACH q IN qos %]"));
  EXPECT_TRUE(matches<g::template_toolkit>("[% IF x\n %]"));
  EXPECT_FALSE(matches<g::template_toolkit>("[% x"));
  EXPECT_FALSE(matches<g::template_toolkit>("[x]"));
  EXPECT_TRUE(matches<g::placeholder>("[% x %]"));
}

TEST(Grammar, AutoconfVariables) {
  EXPECT_TRUE(matches<g::autoconf>("@HOSTNAME@"));
  EXPECT_TRUE(matches<g::autoconf>("@RM_TYPE2@"));
  EXPECT_TRUE(matches<g::autoconf>("@_x@"));
  EXPECT_TRUE(matches<g::autoconf>("@lower@"));
  EXPECT_FALSE(matches<g::autoconf>("@@"));
  EXPECT_FALSE(matches<g::autoconf>("@1X@"));  // must start with a letter or _
  EXPECT_FALSE(matches<g::autoconf>("@A-B@"));
  EXPECT_FALSE(matches<g::autoconf>("@OPEN"));
  EXPECT_FALSE(matches<g::autoconf>("@A B@"));
}

TEST(Grammar, NonPlaceholders) {
  EXPECT_FALSE(matches<g::placeholder>("a@b"));
  EXPECT_FALSE(matches<g::placeholder>("user@host"));
  EXPECT_FALSE(matches<g::placeholder>("@b"));
  EXPECT_FALSE(matches<g::placeholder>("exec@/usr/local/domail.pl"));
  EXPECT_FALSE(matches<g::placeholder>("{ x }"));
  EXPECT_FALSE(matches<g::placeholder>("<x>"));
  EXPECT_FALSE(matches<g::placeholder>("[ALL]"));
  // ...but they are ordinary tokens.
  EXPECT_TRUE(matches<g::token>("a@b"));
  EXPECT_TRUE(matches<g::token>("exec@/usr/local/domail.pl"));
  EXPECT_TRUE(matches<g::token>("[ALL]"));
}

// --- comments ------------------------------------------------------------------------------

TEST(Grammar, Comment) {
  EXPECT_TRUE(matches<g::comment>("#"));
  EXPECT_TRUE(matches<g::comment>("# a comment"));
  EXPECT_TRUE(matches<g::comment>("##SRCFG[x] ACCESS=SHARED"));
  EXPECT_TRUE(matches<g::comment>("# \"quoted # still comment\" \\"));
  EXPECT_TRUE(matches<g::comment>("# non-ASCII \xC3\xBC"));
  EXPECT_FALSE(matches<g::comment>("x # c"));
  EXPECT_FALSE(matches<g::comment>("# one\n# two"));  // a comment ends at the newline
  EXPECT_TRUE(matches<g::comment_line>("# c\n"));
  EXPECT_TRUE(matches<g::comment_line>("# c"));
}

// --- tokens --------------------------------------------------------------------------------

TEST(Grammar, QuotedTokens) {
  EXPECT_TRUE(matches<g::single_quoted>("'5 * PREF - LOAD'"));
  EXPECT_TRUE(matches<g::single_quoted>("''"));
  EXPECT_TRUE(matches<g::double_quoted>("\"$TOOLSDIR/sync.py -f /opt/x.log\""));
  EXPECT_TRUE(matches<g::double_quoted>("\"it's\""));
  EXPECT_FALSE(matches<g::single_quoted>("'a#b'"));  // '#' ends the line even inside quotes
  EXPECT_FALSE(matches<g::double_quoted>("\"a\nb\""));
  EXPECT_FALSE(matches<g::single_quoted>("'open"));
  EXPECT_FALSE(matches<g::double_quoted>("\"a\"b"));
}

TEST(Grammar, Token) {
  EXPECT_TRUE(matches<g::token>("FIRSTFIT"));
  EXPECT_TRUE(matches<g::token>("MAXJOB=2,8"));
  EXPECT_TRUE(matches<g::token>("PRIORITYF='FEATURE[matlab] + 0.01*CPROCS'"));  // quotes group blanks
  EXPECT_TRUE(matches<g::token>("action=\"a b c\",etype=standing"));
  EXPECT_TRUE(matches<g::token>("TYPE=@RMTYPE@@RMHOST@"));
  EXPECT_TRUE(matches<g::token>("<%= @a b %>"));  // blanks inside a placeholder
  EXPECT_TRUE(matches<g::token>("x{{ a b }}y"));
  EXPECT_TRUE(matches<g::token>("'open"));              // an unterminated quote is an ordinary character
  EXPECT_TRUE(matches<g::token>("a\\b"));               // a backslash not before a newline
  EXPECT_TRUE(matches<g::token>("\xC3\xA9t\xC3\xA9"));  // other UTF-8 is ordinary text
  EXPECT_FALSE(matches<g::token>(""));
  EXPECT_FALSE(matches<g::token>("a b"));
  EXPECT_FALSE(matches<g::token>("a\tb"));
  EXPECT_FALSE(matches<g::token>("a" + kNbsp + "b"));  // NBSP separates tokens
  EXPECT_FALSE(matches<g::token>("a#b"));              // '#' starts a comment
  EXPECT_FALSE(matches<g::token>("a\nb"));
  EXPECT_FALSE(matches<g::token>("'a b"));  // unterminated: the blank still separates
}

// --- NAME[INDEX] ---------------------------------------------------------------------------

TEST(Grammar, Name) {
  EXPECT_TRUE(matches<g::name>("RMPOLLINTERVAL"));
  EXPECT_TRUE(matches<g::name>("reservationdepth"));  // case is the lowering's business
  EXPECT_TRUE(matches<g::name>("_X1"));
  EXPECT_TRUE(matches<g::name>("MAX.WCLIMIT"));
  EXPECT_TRUE(matches<g::name>("ADMIN1"));
  EXPECT_FALSE(matches<g::name>("1ABC"));
  EXPECT_FALSE(matches<g::name>(".X"));
  EXPECT_FALSE(matches<g::name>("A-B"));
  EXPECT_FALSE(matches<g::name>("A B"));
  EXPECT_FALSE(matches<g::name>(""));
}

TEST(Grammar, TemplatedName) {
  EXPECT_TRUE(matches<g::name>("<%= @param %>"));
  EXPECT_TRUE(matches<g::name>("{{ name }}"));
  EXPECT_TRUE(matches<g::name>("FS{{ kind }}WEIGHT"));
  EXPECT_TRUE(matches<g::name>("@NAME@"));
  EXPECT_TRUE(matches<g::name>("[% p %]CFG"));
  EXPECT_TRUE(matches<g::name>("RM@X@2"));
}

TEST(Grammar, Index) {
  EXPECT_TRUE(matches<g::index>("[bob]"));
  EXPECT_TRUE(matches<g::index>("[]"));
  EXPECT_TRUE(matches<g::index>("[USER:steve]"));
  EXPECT_TRUE(matches<g::index>("[@MACHINE@]"));
  // A placeholder inside the index may contain ']' itself.
  EXPECT_TRUE(matches<g::index>("[<%= @hosts[0] %>]"));
  EXPECT_TRUE(matches<g::index>("[{{ q['name'] }}]"));
  EXPECT_TRUE(matches<g::index>("[[% x.0 %]]"));
  EXPECT_FALSE(matches<g::index>("bob]"));
  EXPECT_FALSE(matches<g::index>("[a]b"));
}

TEST(Grammar, UnclosedIndexRaisesItsMessage) {
  EXPECT_EQ(error_of<g::index>("[bob"), "expected ']' to close the index@4");
  EXPECT_EQ(error_of<g::index>("[bob#x]"), "expected ']' to close the index@4");  // '#' ends the line
  EXPECT_EQ(error_of<g::index>("[bob\n]"), "expected ']' to close the index@4");
  EXPECT_EQ(error_of<g::index>("[bob]"), "");
}

// --- statements ----------------------------------------------------------------------------

TEST(Grammar, StatementForms) {
  EXPECT_TRUE(matches<g::statement>("RMPOLLINTERVAL 00:01:00"));
  EXPECT_TRUE(matches<g::statement>("LOGLEVEL=3"));
  EXPECT_TRUE(matches<g::statement>("LOGLEVEL = 3"));
  EXPECT_TRUE(matches<g::statement>("RESERVATIONDEPTH[1] 4"));
  EXPECT_TRUE(matches<g::statement>("RESERVATIONDEPTH[1]=4"));
  EXPECT_TRUE(matches<g::statement>("XCFG[id] A=1 B=2"));
  EXPECT_TRUE(matches<g::statement>("QOSCFG[med]"));  // no attributes
  EXPECT_TRUE(matches<g::statement>("SERVERHOST"));   // no value (lowering reports it)
  EXPECT_TRUE(matches<g::statement>("ADMIN1 root e0joakim jo"));
  EXPECT_TRUE(matches<g::statement>("RMPOLLINTERVAL 00:00:05 # Set time step resolution"));
  EXPECT_TRUE(matches<g::statement>("QOSCFG[fast]\t\tPRIORITY=1000  #QFLAGS=USERESERVED:fast"));
  EXPECT_TRUE(matches<g::statement>("BACKFILLPOLICY" + kNbsp + kNbsp + "FIRSTFIT"));
  EXPECT_TRUE(matches<g::statement>("RMPOLLINTERVAL 30\r\n"));
  EXPECT_TRUE(matches<g::statement>("ADMIN1 root \\\n  admin2\n"));
  EXPECT_TRUE(matches<g::statement>("RMPOLLINTERVAL 30   "));  // trailing blanks
  EXPECT_TRUE(matches<g::statement>("SERVERHOST <%= @fqdn %>"));
  EXPECT_TRUE(matches<g::statement>("{{ param }} {{ value }}"));
  EXPECT_TRUE(matches<g::statement>("RMCFG[@MACHINE@] TYPE=@RMTYPE@@RMHOST@"));
  EXPECT_TRUE(matches<g::statement>("NODECFG[DEFAULT] PRIORITYF='5 * PREF - LOAD'"));
  EXPECT_TRUE(matches<g::statement>("SERVERHOST head # trailing\n"));
}

TEST(Grammar, StatementIsOneLogicalLine) {
  EXPECT_FALSE(matches<g::statement>("A 1\nB 2"));  // two lines
  EXPECT_FALSE(matches<g::statement>("  A 1"));     // leading blanks belong to `line`
  EXPECT_FALSE(matches<g::statement>("1A 2"));
  EXPECT_FALSE(matches<g::statement>("=3"));
}

TEST(Grammar, StatementErrors) {
  EXPECT_EQ(error_of<g::statement>("USERCFG[bob MAXJOB=2"), "expected ']' to close the index@20");
  EXPECT_EQ(error_of<g::statement>("PARAM-X 1"), "expected a blank, '=' or the end of the line after the name@5");
  EXPECT_EQ(error_of<g::statement>("LOGLEVEL$ 1"), "expected a blank, '=' or the end of the line after the name@8");
  // After NAME[INDEX] the value is the remainder of the line (§1.2): no blank is needed.
  EXPECT_EQ(error_of<g::statement>("USERCFG[bob]MAXJOB=2"), "");
  EXPECT_EQ(error_of<g::statement>("1A 2"), "no-match");
}

TEST(Grammar, IncludeDirective) {
  EXPECT_TRUE(matches<g::include_directive>("#INCLUDE extra.cfg"));
  EXPECT_TRUE(matches<g::include_directive>("#INCLUDE /etc/maui/extra.cfg\n"));
  EXPECT_TRUE(matches<g::include_directive>("#INCLUDE\tx.cfg trailing words\n"));
  EXPECT_TRUE(matches<g::include_directive>("#INCLUDE [% inc %]"));
  EXPECT_FALSE(matches<g::include_directive>("#INCLUDE"));
  EXPECT_FALSE(matches<g::include_directive>("#INCLUDEx.cfg"));
  EXPECT_FALSE(matches<g::include_directive>("#include x.cfg"));  // exact upper case
  EXPECT_FALSE(matches<g::include_directive>("# INCLUDE x.cfg"));
}

TEST(Grammar, TemplateOnlyLines) {
  EXPECT_TRUE(matches<g::template_only>("{% if maui_fs %}"));
  EXPECT_TRUE(matches<g::template_only>("<% end -%>\n"));
  EXPECT_TRUE(matches<g::template_only>("[% FOREACH q IN qos %]"));
  EXPECT_TRUE(matches<g::template_only>("{% if a %} {% endif %}"));
  EXPECT_TRUE(matches<g::template_only>("<% end %> # done"));
  EXPECT_TRUE(matches<g::template_only>("<% @admins.each do |a|\n -%>\n"));
  EXPECT_TRUE(matches<g::template_only>("{# a Jinja comment #}"));
  EXPECT_FALSE(matches<g::template_only>("{{ name }} 5"));  // a statement with a templated name
  EXPECT_FALSE(matches<g::template_only>("SERVERHOST {{ x }}"));
  EXPECT_FALSE(matches<g::template_only>(""));
}

TEST(Grammar, LineShapes) {
  for (std::string_view s : {"", "\n", "   \n", "# c\n", "  # indented comment", "#INCLUDE a.cfg\n", "{% endif %}\n",
                             "A 1\n", "  USERCFG[bob] MAXJOB=2\n", "\tA=1", "A 1 \\\n  2\n", "A 1\r\n", " \\\n"})
    EXPECT_TRUE(matches<g::line>(s)) << '"' << s << '"';
  for (std::string_view s : {"1A 2", "=3", "[x] y", "!oops", "-A 1"})
    EXPECT_FALSE(matches<g::line>(s)) << '"' << s << '"';
}

// --- parse_buffer ----------------------------------------------------------------------------

struct Parsed {
  maui::SourceSet sources;
  maui::SyntaxTree tree;
  maui::DiagnosticSink sink;
  unsigned buffer = 0;

  explicit Parsed(std::string_view text, maui::LineReader lines_read = maui::LineReader::Shortcut) {
    buffer = sources.add_buffer("t.cfg", text);
    maui::parse_buffer(sources, buffer, tree, sink, lines_read);
  }
  const std::vector<maui::Diagnostic>& diags() const { return sink.diagnostics(); }
  // "line:column message" of each diagnostic.
  std::vector<std::string> located() const {
    std::vector<std::string> out;
    for (const auto& d : sink.diagnostics()) {
      auto pos = sources.resolve(d.range.Start);
      out.push_back(std::to_string(pos.line) + ":" + std::to_string(pos.column) + " " + d.message);
    }
    return out;
  }
  std::vector<std::string> values(std::size_t i) const {
    std::vector<std::string> out;
    for (const auto& t : tree.statements.at(i).values) out.emplace_back(t.text);
    return out;
  }
};

using Strings = std::vector<std::string>;

TEST(ParseBuffer, StatementFields) {
  Parsed p(
      "RMPOLLINTERVAL 00:01:00\n"
      "LOGLEVEL=3\n"
      "RESERVATIONDEPTH[1] 4\n"
      "USERCFG[bob] MAXJOB=2,8 MAXPROC=16 # limits\n"
      "  QOSCFG[hi]\tPRIORITY=100\n"
      "QOSCFG[med]\n"
      "ADMIN1 root   admin\n");
  ASSERT_TRUE(p.diags().empty());
  ASSERT_EQ(p.tree.statements.size(), 7u);
  const auto& s = p.tree.statements;
  for (const auto& st : s) {
    EXPECT_EQ(st.kind, maui::Statement::Kind::Parameter);
    EXPECT_EQ(st.buffer, p.buffer);
  }

  EXPECT_EQ(s[0].name.text, "RMPOLLINTERVAL");
  EXPECT_FALSE(s[0].has_index);
  EXPECT_FALSE(s[0].indented);
  EXPECT_FALSE(s[0].equals_after_name);
  EXPECT_EQ(p.values(0), Strings{"00:01:00"});
  EXPECT_EQ(s[0].line, 1u);
  EXPECT_EQ(s[0].whole.text, "RMPOLLINTERVAL 00:01:00");

  EXPECT_EQ(s[1].name.text, "LOGLEVEL");
  EXPECT_TRUE(s[1].equals_after_name);
  EXPECT_EQ(p.values(1), Strings{"3"});

  EXPECT_EQ(s[2].name.text, "RESERVATIONDEPTH");
  EXPECT_TRUE(s[2].has_index);
  EXPECT_EQ(s[2].index.text, "1");
  EXPECT_EQ(p.values(2), Strings{"4"});

  EXPECT_EQ(s[3].name.text, "USERCFG");
  EXPECT_EQ(s[3].index.text, "bob");
  EXPECT_EQ(p.values(3), (Strings{"MAXJOB=2,8", "MAXPROC=16"}));
  EXPECT_EQ(s[3].whole.text, "USERCFG[bob] MAXJOB=2,8 MAXPROC=16");  // without the comment
  EXPECT_FALSE(s[3].equals_after_name);                              // '=' inside a value is not the NAME=VALUE form

  EXPECT_TRUE(s[4].indented);
  EXPECT_EQ(s[4].name.text, "QOSCFG");
  EXPECT_EQ(s[4].line, 5u);

  EXPECT_TRUE(s[5].has_index);
  EXPECT_EQ(s[5].index.text, "med");
  EXPECT_TRUE(s[5].values.empty());
  EXPECT_EQ(s[5].whole.text, "QOSCFG[med]");

  EXPECT_EQ(p.values(6), (Strings{"root", "admin"}));
  EXPECT_EQ(s[6].line, 7u);
}

TEST(ParseBuffer, ValueGluedToTheIndex) {
  Parsed p("USERCFG[bob]MAXJOB=2 MAXPROC=4\n");
  ASSERT_TRUE(p.diags().empty());
  ASSERT_EQ(p.tree.statements.size(), 1u);
  EXPECT_EQ(p.tree.statements[0].index.text, "bob");
  EXPECT_EQ(p.values(0), (Strings{"MAXJOB=2", "MAXPROC=4"}));
}

TEST(ParseBuffer, EmptyIndexIsAnIndex) {
  Parsed p("USERCFG[] MAXJOB=1\n");
  ASSERT_EQ(p.tree.statements.size(), 1u);
  EXPECT_TRUE(p.tree.statements[0].has_index);
  EXPECT_TRUE(p.tree.statements[0].index.text.empty());
}

TEST(ParseBuffer, LineNumbersAcrossContinuations) {
  Parsed p(
      "ADMIN1 root \\\n"
      "  alice \\\n"
      "  bob\n"
      "RMPOLLINTERVAL 30\n"
      "# a comment with a backslash \\\n"
      "LOGLEVEL 2\n");
  ASSERT_TRUE(p.diags().empty());
  ASSERT_EQ(p.tree.statements.size(), 3u);
  EXPECT_EQ(p.values(0), (Strings{"root", "alice", "bob"}));
  EXPECT_EQ(p.tree.statements[0].line, 1u);
  EXPECT_EQ(p.tree.statements[1].name.text, "RMPOLLINTERVAL");
  EXPECT_EQ(p.tree.statements[1].line, 4u);
  // A backslash inside a comment does not continue the line (Maui blanks comments first).
  EXPECT_EQ(p.tree.statements[2].name.text, "LOGLEVEL");
  EXPECT_EQ(p.tree.statements[2].line, 6u);
}

TEST(ParseBuffer, ContinuationBeforeValueAndCrlf) {
  Parsed p("SERVERHOST \\\r\n  head\r\nLOGLEVEL 3\r\n");
  ASSERT_TRUE(p.diags().empty());
  ASSERT_EQ(p.tree.statements.size(), 2u);
  EXPECT_EQ(p.values(0), Strings{"head"});
  EXPECT_EQ(p.values(1), Strings{"3"});  // no trailing CR in the value
  EXPECT_EQ(p.tree.statements[1].line, 3u);
}

TEST(ParseBuffer, NbspSeparatesNameAndValue) {
  Parsed p("BACKFILLPOLICY" + kNbsp + kNbsp + "FIRSTFIT\n" + kNbsp + "LOGLEVEL 1\n");
  ASSERT_TRUE(p.diags().empty());
  ASSERT_EQ(p.tree.statements.size(), 2u);
  EXPECT_EQ(p.tree.statements[0].name.text, "BACKFILLPOLICY");
  EXPECT_EQ(p.values(0), Strings{"FIRSTFIT"});
  EXPECT_TRUE(p.tree.statements[1].indented);
}

TEST(ParseBuffer, QuotedValuesStayOneToken) {
  Parsed p("NODECFG[DEFAULT] PRIORITYF='5 * PREF - LOAD' SPEED=1.0\n");
  ASSERT_EQ(p.tree.statements.size(), 1u);
  EXPECT_EQ(p.values(0), (Strings{"PRIORITYF='5 * PREF - LOAD'", "SPEED=1.0"}));
}

TEST(ParseBuffer, HashInsideQuotesStillStartsAComment) {
  Parsed p("SERVERHOST \"a#b\"\n");
  ASSERT_EQ(p.tree.statements.size(), 1u);
  EXPECT_EQ(p.values(0), Strings{"\"a"});
}

TEST(ParseBuffer, IncludeStatement) {
  Parsed p("LOGLEVEL 1\n#INCLUDE extra.cfg\n#include lower.cfg\n");
  ASSERT_EQ(p.tree.statements.size(), 2u);  // lower-case #include is a comment
  EXPECT_EQ(p.tree.statements[1].kind, maui::Statement::Kind::Include);
  EXPECT_EQ(p.tree.statements[1].name.text, "extra.cfg");
  EXPECT_EQ(p.tree.statements[1].line, 2u);
}

TEST(ParseBuffer, PlaceholdersAreRecordedWithTheirSyntax) {
  Parsed p(
      "SERVERHOST <%= @fqdn %>\n"
      "{% if fs %}\n"
      "FSPOLICY {{ fs_policy }}\n"
      "{% endif %}\n"
      "RMCFG[@MACHINE@] TYPE=@RMTYPE@\n"
      "#INCLUDE [% inc %]\n"
      "ADMIN1 user@host\n");
  ASSERT_TRUE(p.diags().empty()) << p.located().front();
  std::multiset<std::string> seen;
  for (const auto& ph : p.tree.placeholders) seen.insert(std::string(ph.syntax) + " " + std::string(ph.token.text));
  EXPECT_EQ(seen, (std::multiset<std::string>{"ERB <%= @fqdn %>", "Jinja {% if fs %}", "Jinja {{ fs_policy }}",
                                              "Jinja {% endif %}", "autoconf @MACHINE@", "autoconf @RMTYPE@",
                                              "Template Toolkit [% inc %]"}));
  // Template-only lines are not statements.
  std::vector<std::string> names;
  for (const auto& s : p.tree.statements) names.emplace_back(s.name.text);
  EXPECT_EQ(names, (Strings{"SERVERHOST", "FSPOLICY", "RMCFG", "[% inc %]", "ADMIN1"}));
  EXPECT_EQ(p.tree.statements[2].index.text, "@MACHINE@");
  EXPECT_EQ(p.tree.statements[2].line, 5u);
}

TEST(ParseBuffer, MultiLineTemplateTagCountsItsLines) {
  Parsed p("<% @admins.each do |a|\n -%>\nADMIN1 <%= a %>\n<% end %>\nLOGLEVEL 1\n");
  ASSERT_TRUE(p.diags().empty());
  ASSERT_EQ(p.tree.statements.size(), 2u);
  EXPECT_EQ(p.tree.statements[0].name.text, "ADMIN1");
  EXPECT_EQ(p.tree.statements[0].line, 3u);
  EXPECT_EQ(p.tree.statements[1].line, 5u);
}

TEST(ParseBuffer, TemplatedIndexWithBracket) {
  Parsed p("RMCFG[<%= @rm[0] %>] TYPE=PBS\n");
  ASSERT_TRUE(p.diags().empty());
  ASSERT_EQ(p.tree.statements.size(), 1u);
  EXPECT_EQ(p.tree.statements[0].index.text, "<%= @rm[0] %>");
  EXPECT_EQ(p.values(0), Strings{"TYPE=PBS"});
}

TEST(ParseBuffer, ErrorMessagesAndLocations) {
  Parsed p(
      "USERCFG[bob MAXJOB=2\n"  // 1: unclosed index, error at the end of the line
      "PARAM-X 1\n"             // 2: '-' after the name
      "   9LIVES 1\n"           // 3: not a name; the error is at the first non-blank
      "USERCFG[bob#x] A=1\n"    // 4: '#' ends the line inside the index
      "SERVERHOST head\n"       // 5: fine
      "=3\n");                  // 6
  EXPECT_EQ(p.located(),
            (Strings{"1:21 expected ']' to close the index",
                     "2:6 expected a blank, '=' or the end of the line after the name",
                     "3:4 expected a parameter name, '#' comment or blank line", "4:12 expected ']' to close the index",
                     "6:1 expected a parameter name, '#' comment or blank line"}));
  for (const auto& d : p.diags()) {
    EXPECT_EQ(d.rule, "syntax-error");
    EXPECT_EQ(d.severity, maui::Severity::Error);
  }
  ASSERT_EQ(p.tree.statements.size(), 1u);
  EXPECT_EQ(p.tree.statements[0].name.text, "SERVERHOST");
  EXPECT_EQ(p.tree.statements[0].line, 5u);
}

TEST(ParseBuffer, UnclosedIndexWithoutNewlineAtEof) {
  Parsed p("USERCFG[bob MAXJOB=2");
  EXPECT_EQ(p.located(), Strings{"1:21 expected ']' to close the index"});
  EXPECT_TRUE(p.tree.statements.empty());
}

TEST(ParseBuffer, ErrorAfterMultiLineTagIsOnTheRightLine) {
  Parsed p("<% if @x\n %>\nUSERCFG[b\nLOGLEVEL 1\n");
  EXPECT_EQ(p.located(), Strings{"3:10 expected ']' to close the index"});
  ASSERT_EQ(p.tree.statements.size(), 1u);
  EXPECT_EQ(p.tree.statements[0].line, 4u);
}

TEST(ParseBuffer, ABrokenLineDoesNotLeakIntoTheNext) {
  // The failed line's name / index must not end up in the following statement.
  Parsed p("USERCFG[bob MAXJOB=2\nLOGLEVEL 3\n");
  ASSERT_EQ(p.tree.statements.size(), 1u);
  const auto& s = p.tree.statements[0];
  EXPECT_EQ(s.name.text, "LOGLEVEL");
  EXPECT_FALSE(s.has_index);
  EXPECT_EQ(p.values(0), Strings{"3"});
  EXPECT_FALSE(s.indented);
}

TEST(ParseBuffer, BareCarriageReturnIsABlankForColumns) {
  // CR is a blank (§1.1: Maui turns it into a space); it does not start a line or a column.
  Parsed p("A 1\n\rUSERCFG[b\n");
  ASSERT_EQ(p.diags().size(), 1u);
  auto found = p.located().front();
  EXPECT_EQ(found, "2:11 expected ']' to close the index");
}

TEST(ParseBuffer, Suppressions) {
  Parsed p(
      "# mauic: ignore=duplicate-scalar\n"  // covers line 2
      "LOGLEVEL 1\n"
      "FOO 2 # mauic: ignore=unknown-parameter,wrong-case more\n"  // covers line 3
      "  # mauic: ignore=*\n"                                      // covers line 5
      "LOGLEVEL 2\n"
      "# an ordinary comment\n"
      "BAR 1 #mauic:ignore=x\n");
  using Map = std::map<std::pair<unsigned, unsigned>, std::set<std::string>>;
  unsigned b = p.buffer;
  EXPECT_EQ(p.tree.suppressions, (Map{{{b, 2}, {"duplicate-scalar"}},
                                      {{b, 3}, {"unknown-parameter", "wrong-case"}},
                                      {{b, 5}, {"*"}},
                                      {{b, 7}, {"x"}}}));
}

TEST(ParseBuffer, EmptyAndBlankInputs) {
  for (std::string_view text : {"", "\n", "\n\n   \n", "# only a comment", " \\\n"}) {
    Parsed p(text);
    EXPECT_TRUE(p.tree.statements.empty()) << '"' << text << '"';
    EXPECT_TRUE(p.diags().empty()) << '"' << text << '"';
  }
}

TEST(ParseBuffer, BinaryGarbageIsReportedNotFatal) {
  static const char raw[] = "\x00\xFF\xFE\x01 x\n\xFF\xFF\nLOGLEVEL 1\n";
  std::string text(raw, sizeof raw - 1);
  Parsed p(text);
  EXPECT_EQ(p.diags().size(), 2u);
  ASSERT_EQ(p.tree.statements.size(), 1u);
  EXPECT_EQ(p.tree.statements[0].line, 3u);
}

// --- the shortcut for plain lines ------------------------------------------------------------

// What a parse produced (tests/parse_description.h).
std::string describe(const Parsed& p) {
  return maui::testing::describe_parse(p.sources.text(p.buffer), p.tree, p.diags());
}

// parse_buffer reads plain lines without the grammar (parse.cc, read_plain_line): on random text,
// mostly such lines with every character that makes a line not plain sprinkled in, it must
// produce exactly what the grammar produces for every line.
TEST(ParseBuffer, PlainLineShortcutAgreesWithTheGrammar) {
  std::mt19937 random(20261122);
  const auto pick = [&random](const std::vector<std::string_view>& from) { return from[random() % from.size()]; };
  const std::vector<std::string_view> names = {"USERCFG", "LOGLEVEL", "A", "_x.9", "qoscfg", "B2"};
  const std::vector<std::string_view> words = {"MAXJOB=2,8", "x",   "n[01-04]", "<b>",      "a]b",  "=",
                                               "==1",        "[y]", "-1",       "\xFF\x01", "2:00", "\xE2\x82\xAC"};
  const std::vector<std::string_view> blanks = {" ", "\t", "  \t ", "                "};
  const std::vector<std::string_view> comments = {"# note", "#", "# mauic: ignore=duplicate-scalar",
                                                  "#mauic:ignore=a,b,,c x", "# 50% {x} \\"};
  // Anything that sends a line to the grammar, or that the grammar reads as an error.
  const std::vector<std::string_view> specials = {
      "'",        "\"",      "'a b'",   "\"q\"",   "@",  "@V@", "\\\n", "\\",       "%",    "{",
      "{{ x }}",  "<% y %>", "[% z %]", "{# c #}", "\r", "\v",  "\f",   "\xC2\xA0", "\xC2", "#INCLUDE f.cfg",
      "#INCLUDE", "[",       "]",       "#",       "=",  "\n",  "-",    "9",        ".",    std::string_view("\0", 1)};
  for (int round = 0; round < 4000; ++round) {
    std::string text;
    const int lines = 1 + static_cast<int>(random() % 8);
    for (int l = 0; l < lines; ++l) {
      if (random() % 3 == 0) text += pick(blanks);
      switch (random() % 6) {
        case 0: break;  // blank line
        case 1: text += pick(comments); break;
        default: {
          text += pick(names);
          if (random() % 2) {
            text += "[";
            if (random() % 4) text += pick(words);
            if (random() % 8) text += "]";
          }
          if (random() % 4 == 0) text += random() % 2 ? "=" : " = ";
          const int values = static_cast<int>(random() % 4);
          for (int v = 0; v < values; ++v) {
            if (v > 0 || random() % 4) text += pick(blanks);
            text += pick(words);
          }
          if (random() % 3 == 0) text += pick(blanks);
          if (random() % 3 == 0) text += pick(comments);
        }
      }
      // Now and then a character the shortcut leaves to the grammar, anywhere in the line.
      if (random() % 3 == 0) {
        const std::size_t last_newline = text.rfind('\n');
        const std::size_t line_start = last_newline == std::string::npos ? 0 : last_newline + 1;
        text.insert(line_start + random() % (text.size() - line_start + 1), pick(specials));
      }
      if (l + 1 < lines || random() % 2) text += "\n";
    }
    const Parsed shortcut(text, maui::LineReader::Shortcut);
    const Parsed grammar(text, maui::LineReader::GrammarOnly);
    ASSERT_EQ(describe(shortcut), describe(grammar)) << "text: \"" << text << '"';
  }
}

// The same on a plain line of each shape, written out (a check of the check: these must not all
// be empty).
TEST(ParseBuffer, PlainLineShortcutOnEachShape) {
  const std::string text =
      "USERCFG[u1]  MAXJOB=2,8 MAXPROC=16   # mauic: ignore=x\n"
      "  LOGLEVEL=3\n"
      "\t\n"
      "# mauic: ignore=y\n"
      "ADMIN1 root  admin\n"
      "QOSCFG[]\n"
      "FOO [x]\n"
      "SRCFG[a b] HOSTLIST=n[1-2]<x>";
  const Parsed shortcut(text, maui::LineReader::Shortcut);
  const Parsed grammar(text, maui::LineReader::GrammarOnly);
  EXPECT_EQ(shortcut.tree.statements.size(), 6u);
  EXPECT_EQ(shortcut.tree.suppressions.size(), 2u);
  EXPECT_EQ(describe(shortcut), describe(grammar));
}

}  // namespace
