// The report's rows: every setting of every file read, found in the syntax tree (not in the
// IR, which keeps only what it understood), so that no line can go missing: each scalar line,
// each ATTR=VALUE of an object line (and an object line without attributes), each token of an
// object line that is no ATTR=VALUE (Maui ignores it), each #INCLUDE. A row takes what the steps
// said of its setting (the ledger, by file, line and column: the columns the IR's provenance
// has); a setting no step used is classified by unused_settings.h.
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "checker/report.h"
#include "migrate/steps.h"
#include "migrate/unused_settings.h"
#include "schemas/schema.h"

namespace maui::migrate {

namespace {

// The attribute's name in `NAME[INDEX]=VALUE` / `NAME+=VALUE`; empty when the token has no '='.
std::string_view attribute_name(std::string_view token) {
  const auto eq = token.find('=');
  if (eq == std::string_view::npos || eq == 0) return {};
  const auto end = token.find_first_of("[+-=");
  return token.substr(0, std::min(end, eq));
}

class SettingReport {
 public:
  explicit SettingReport(Context& ctx) : ctx_(ctx), sources_(ctx.unit.sources) {
    // A finding's notes name lines too: moab-config lists every line Moab reads differently.
    for (const auto& d : checker::resolve(ctx.unit)) {
      if (d.line > 0) findings_[{d.file, d.line}].insert(d.rule);
      for (const auto& n : d.notes)
        if (n.line > 0 && d.rule == "moab-config") findings_[{n.file, n.line}].insert(d.rule);
    }
  }

  void run() {
    for (const Statement& s : ctx_.unit.syntax.statements) {
      switch (s.kind) {
        case Statement::Kind::Include: include(s); break;
        case Statement::Kind::Parameter: parameter(s); break;
        case Statement::Kind::TemplateOnly: break;  // a template's control line sets nothing
      }
    }
  }

 private:
  Context& ctx_;
  const SourceSet& sources_;
  std::map<std::pair<std::string, unsigned>, std::set<std::string>> findings_;

  SourceSet::Position at(std::string_view text) const {
    return sources_.resolve(llvm::SMLoc::getFromPointer(text.data()));
  }

  // Whether a template placeholder lies in `text` (the tree lists every placeholder it read).
  bool templated(std::string_view text) const {
    for (const auto& p : ctx_.unit.syntax.placeholders) {
      const char* b = p.token.text.data();
      if (b + p.token.text.size() > text.data() && b < text.data() + text.size()) return true;
    }
    return false;
  }

  // The lint findings on a line, for the note of a setting Maui itself ignores.
  std::string lint_of(const std::string& file, unsigned line) const {
    auto it = findings_.find({file, line});
    if (it == findings_.end()) return {};
    return fmt::format(" (mauic lint: {})", fmt::join(it->second, ", "));
  }

  Setting& add(std::string_view located, std::string parameter, std::string_view text) {
    const auto p = at(located);
    Setting s;
    s.file = p.file;
    s.line = p.line;
    s.column = p.column;
    s.parameter = std::move(parameter);
    s.text = std::string(text);
    ctx_.out.settings.push_back(std::move(s));
    return ctx_.out.settings.back();
  }

  // The row's classification: the steps' verdict, else the unused-settings rules.
  void settle(Setting& s, const UnusedSetting& what, const Verdict* extra = nullptr) {
    const Verdict* v = ctx_.ledger.find(s.file, s.line, s.column);
    if (v) {
      s.status = v->status;
      s.note = fmt::format("{}", fmt::join(v->notes, "; "));
      s.slurm = v->slurm;
    } else {
      const auto fallback = classify_unused(ctx_.policy, what);
      s.status = fallback.status;
      s.note = fallback.note;
      const std::string lint = lint_of(s.file, s.line);
      if (fallback.maui_ignores) {
        s.note += lint;
      } else if (!lint.empty() && !what.templated && fallback.status == Status::NotExpressible) {
        // A line lint finds fault with whose value the compiled policy does not hold (a value
        // Maui rejects, a Moab form): Maui does not apply it as written, so nothing carries over.
        s.status = Status::NotNeeded;
        s.note =
            fmt::format("the compiled policy holds no value of this line{}: Maui does not apply it as written", lint);
      }
    }
    // The commands that make the line's object (ensure_user ...) are listed with its first setting.
    if (extra)
      for (const auto& line : extra->slurm)
        if (std::find(s.slurm.begin(), s.slurm.end(), line) == s.slurm.end()) s.slurm.push_back(line);
  }

  void include(const Statement& s) {
    Setting& row = add(s.whole.text, "#INCLUDE", fmt::format("#INCLUDE {}", s.name.text));
    row.status = Status::NotNeeded;
    row.note = "the included file's settings are listed under their own lines";
  }

  void parameter(const Statement& s) {
    const std::string name(s.name.text);
    const schema::Row* row = schema::find_parameter(name);
    const std::string index = s.has_index ? fmt::format("[{}]", s.index.text) : "";
    if (!row || row->kind != schema::RowKind::Family) {
      Setting& r = add(s.whole.text, name + index, s.whole.text);
      settle(r, UnusedSetting{row, nullptr, name, {}, std::string(s.index.text), false, templated(s.whole.text)});
      return;
    }
    const auto family = schema::object_of_family(*row);
    const auto statement = at(s.whole.text);
    const Verdict* declared = ctx_.ledger.find(statement.file, statement.line, statement.column);
    const std::string object = name + index;
    if (s.values.empty()) {
      Setting& r = add(s.whole.text, object, s.whole.text);
      if (declared) {
        r.status = declared->status;
        r.note = fmt::format("{}", fmt::join(declared->notes, "; "));
        r.slurm = declared->slurm;
      } else {
        settle(r, UnusedSetting{row, nullptr, name, {}, std::string(s.index.text), false, templated(s.whole.text)});
      }
      if (r.note.empty()) r.note = "an object line without attributes: it only names the object";
      return;
    }
    bool first = true;
    for (const Token& t : s.values) {
      const std::string_view attr = attribute_name(t.text);
      const schema::Row* attr_row = attr.empty() || !family ? nullptr : schema::find_attribute(attr, *family);
      Setting& r =
          add(t.text, attr.empty() ? object + " " + std::string(t.text) : object + " " + std::string(attr), t.text);
      settle(r,
             UnusedSetting{row, attr_row, name, std::string(attr), std::string(s.index.text), attr.empty(),
                           templated(t.text) || (s.has_index && templated(s.index.text))},
             first ? declared : nullptr);
      first = false;
    }
  }
};

}  // namespace

void account_for_settings(Context& ctx) { SettingReport(ctx).run(); }

}  // namespace maui::migrate
