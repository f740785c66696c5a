#include "schemas/param_man.h"

#include <cstdint>

#include "fmt/format.h"
#include "schemas/param_fields.h"
#include "schemas/schema.h"

namespace maui::schema {
namespace {

// Text for roff: a backslash is an escape, a line starting with '.' or '\'' a request, and the
// table's non-ASCII characters (→, ×, ...) are written as \[uXXXX] so that the page is ASCII.
std::string roff(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";  // a real hyphen-minus (option names, negative numbers), not a hyphen
    } else if (c == '\n') {
      out += ' ';
    } else if (c < 0x80) {
      out += static_cast<char>(c);
    } else {
      // A UTF-8 sequence; the table is valid UTF-8 (schema_test checks the generated page).
      const int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
      std::uint32_t code = c & (0x3F >> extra);
      for (int k = 0; k < extra && i + 1 < text.size(); ++k) code = (code << 6) | (text[++i] & 0x3F);
      out += fmt::format("\\[u{:04X}]", code);
    }
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
  return out;
}

// Enum values are '|'-separated without blanks, which would make one word too long to fit a line.
std::string values(std::string_view allowed) {
  std::string out;
  for (char c : allowed) out += c == '|' ? std::string(" | ") : std::string(1, c);
  return roff(out);
}

std::string support_text(const Row& row) {
  if (row.canonical.empty()) return std::string(to_string(row.support));
  return fmt::format("{} \\(-> \\fB{}\\fR", to_string(row.support), roff(row.canonical));
}

// One row: its name as the tag, then its facts on one line, its meaning and what Maui 3.3.1 does.
void render_row(std::string& out, const Row& row) {
  out += fmt::format(".TP\n.B {}\n", roff(row.name));
  std::string facts = std::string(to_string(row.type));
  const auto add = [&facts](const std::string& s) { facts += "; " + s; };
  if (!row.unit.empty()) add("unit " + roff(row.unit));
  if (!row.default_value.empty()) add(fmt::format("default \\fB{}\\fR", roff(row.default_value)));
  if (!row.allowed.empty()) add("one of " + values(row.allowed));
  std::string place = row_where(row);
  if (const std::string notes = row_attribute_notes(row); !notes.empty())
    place += place.empty() ? notes : fmt::format(" ({})", notes);
  if (!place.empty()) add(roff(place));
  if (!row.section.empty()) add("manual " + roff(row.section));
  add(support_text(row));
  out += facts + ".\n";
  if (!row.meaning.empty()) out += ".br\n" + roff(row.meaning) + "\n";
  if (!row.maui331.empty()) out += ".br\nMaui 3.3.1: " + roff(row.maui331) + "\n";
}

void render_rows(std::string& out, RowKind kind, std::string_view heading) {
  std::size_t count = 0;
  for (const Row& row : all_rows()) count += row.kind == kind ? 1 : 0;
  out += fmt::format(".SH {} ({})\n", heading, count);
  for (const Row& row : all_rows())
    if (row.kind == kind) render_row(out, row);
}

// The language, as parser/grammar.h reads it (docs/mauic.md, "What mauic reads").
constexpr std::string_view kLanguage = R"(.SH DESCRIPTION
.B maui.cfg
is the configuration of the Maui scheduler (3.3.1): the job priority weights, fairshare targets,
throttling limits, standing reservations and backfill of a site.
.BR mauic (1)
compiles, lints, proves and migrates it;
.BR mauirun (1)
schedules with it. Names are case\-sensitive, as in Maui: a mis\-cased or unknown name is
reported, since Maui silently ignores it.
.SH SYNTAX
.TP
.B Comments
\fB#\fR starts a comment anywhere on a line. A trailing \fB# mauic: ignore=RULE\fR silences a lint
rule on its line.
.TP
.B Includes
\fB#INCLUDE\fR \fIfile\fR reads another file, relative to the including one; as Maui does, its
lines count as if appended after the including file. Cycles are reported.
.TP
.B Continuation
A \fB\e\fR at the end of a line continues it on the next.
.TP
.B Parameters
\fIPARAM VALUE\fR or \fIPARAM\fR=\fIVALUE\fR; indexed forms \fIPARAM\fR[\fIINDEX\fR] \fIVALUE\fR
(a partition, QOS, reservation or resource manager, see each parameter below). A later line
overrides an earlier one.
.TP
.B Objects
\fIXCFG\fR[\fIid\fR] \fIATTR\fR=\fIVALUE\fR ... (USERCFG, GROUPCFG, ACCOUNTCFG, CLASSCFG,
QOSCFG, SRCFG, NODECFG, ...): the attributes of one object accumulate over lines.
.TP
.B Limits
\fISOFT\fR[,\fIHARD\fR] with \-1 meaning unlimited; per credential \fBMAXJOB[USER]=\fR or
\fBMAXPROC[USER:steve]=\fR; the idle (\fBMAXI*\fR) and override (\fBOMAX*\fR, \fBOMAXI*\fR,
\fBOMAXJ*\fR) families.
.TP
.B Markers
Fairshare targets take \fB+ \- ^ %\fR (floor, ceiling, cap, percent); ACL items take
\fB! * + \- =\fR.
.TP
.B Values
Durations \fB[[[DD:]HH:]MM:]SS\fR or \fBINFINITY\fR (\fB5:00\fR is five minutes by that
grammar and five hours for Maui 3.3.1: the tools read minutes and warn \fBambiguous\-time\fR);
absolute dates; host lists (\fBnode[01\-16]\fR, comma lists, regular
expressions); quoted values; every list separator Maui accepts. Integers are read with base 0,
as Maui does: \fB010\fR is eight (warned as \fBinteger\-format\fR).
.TP
.B Templates
ERB, Jinja, Template Toolkit and autoconf placeholders make the file reported as a template;
its literal lines are still checked.
.PP
A broken line gets one located error (\fIfile\fR:\fIline\fR:\fIcol\fR) and never hides the
lines after it. Where the manual and Maui 3.3.1 disagree, the compiled policy follows the manual
and the linter says what 3.3.1 would do (\fIdocs/semantics.md\fR).
.SH SUPPORT
Each entry below ends with what the tools do with the name:
\fBengine\fR, used by the scheduling engine;
\fBaccepted\fR, a real Maui 3.3.1 name kept but not used by the engine;
\fBmoab\-only\fR, a Moab or other\-version name that Maui 3.3.1 ignores;
\fBobsolete\fR, an old name Maui 3.3.1 translates (\(-> the current name);
\fBmisspelling\fR, a spelling seen in configs or manuals that Maui ignores (\(-> the name meant);
\fBignored\fR, in Maui 3.3.1's table but rejected or dropped.
)";

}  // namespace

std::string render_config_manpage(std::string_view version, std::string_view date) {
  std::string out;
  out += ".\\\" Generated from the parameter table (schemas/parameter_table.cc) by gen_param_docs.\n";
  out += fmt::format(".TH MAUI.CFG 5 \"{}\" \"mauitools {}\" \"File Formats\"\n", roff(date), roff(version));
  out += ".SH NAME\nmaui.cfg \\- the Maui scheduler's configuration, as mauic and mauirun read it\n";
  out += ".SH SYNOPSIS\n.I /etc/maui/maui.cfg\n(any file given to\n.B mauic\nor\n.BR \"mauirun \\-\\-config\" )\n";
  out += kLanguage;
  render_rows(out, RowKind::Parameter, "PARAMETERS");
  render_rows(out, RowKind::Family, "FAMILIES");
  render_rows(out, RowKind::Attribute, "ATTRIBUTES");
  out += ".SH SEE ALSO\n.BR mauic (1),\n.BR mauirun (1);\n";
  out += "the same table as Markdown: \\fI/usr/share/doc/mauitools/docs/parameters.md\\fR.\n";
  return out;
}

}  // namespace maui::schema
