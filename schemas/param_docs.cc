#include "schemas/param_docs.h"

#include <array>
#include <string_view>

#include "fmt/format.h"
#include "schemas/param_fields.h"
#include "schemas/schema.h"

namespace maui::schema {
namespace {

// A table cell: `|` would end the cell and a newline the row.
std::string cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '\n') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

// Names and literal values in code spans, so `_NODERANGE` or `*` are not read as emphasis.
std::string code(std::string_view text) { return text.empty() ? std::string() : fmt::format("`{}`", cell(text)); }

std::string support(const Row& row) {
  if (row.canonical.empty()) return std::string(to_string(row.support));
  return fmt::format("{} → `{}`", to_string(row.support), row.canonical);
}

void render_table(std::string& out, RowKind kind, std::string_view heading) {
  std::size_t count = 0;
  for (const Row& row : all_rows()) count += row.kind == kind ? 1 : 0;
  out += fmt::format("\n## {} ({})\n\n", heading, count);
  out +=
      "| name | type | unit | default | allowed | where | section | support | meaning | "
      "Maui 3.3.1 |\n";
  out += "|---|---|---|---|---|---|---|---|---|---|\n";
  for (const Row& row : all_rows()) {
    if (row.kind != kind) continue;
    std::string place = row_where(row);
    if (const std::string notes = row_attribute_notes(row); !notes.empty()) {
      place += place.empty() ? notes : fmt::format(" ({})", notes);
    }
    out += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", code(row.name), to_string(row.type),
                       cell(row.unit), code(row.default_value), cell(row.allowed), cell(place), cell(row.section),
                       support(row), cell(row.meaning), cell(row.maui331));
  }
}

}  // namespace

std::string render_parameter_docs() {
  std::string out;
  out += "# maui.cfg parameter reference\n\n";
  out +=
      "Generated from the parameter table (`schemas/parameter_table.cc`) by `gen_param_docs`; "
      "do not edit by hand (rebuild with the `param_docs` target).\n\n";
  out +=
      "Every scalar parameter, `*CFG` family and `*CFG` attribute the tools know, with its value "
      "type, the default Maui 3.3.1 really uses, the manual section that documents it, and how "
      "Maui 3.3.1 treats it where that differs from the manual. Names are case-sensitive, as in "
      "Maui.\n\n";
  out +=
      "Support: **engine** = used by this scheduler's engine; **accepted** = a real Maui 3.3.1 "
      "name kept but not used by the engine; **moab-only** = a Moab or other-version name that "
      "Maui 3.3.1 ignores; **obsolete** = an old name Maui 3.3.1 translates (→ the current "
      "name); **misspelling** = a spelling seen in configs or manuals that Maui ignores (→ the "
      "name that was meant); **ignored** = in Maui 3.3.1's table but rejected or dropped.\n";
  render_table(out, RowKind::Parameter, "Parameters");
  render_table(out, RowKind::Family, "Families");
  render_table(out, RowKind::Attribute, "Attributes");
  return out;
}

}  // namespace maui::schema
