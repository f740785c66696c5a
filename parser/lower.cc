// Lowering of scalar lines (NAME[INDEX] VALUE) and the helpers every part of the lowering shares
// (LowerContext); object lines are lowered in lower_objects.cc, the typed settings bound in
// bind_scalars.cc. "reference §N" is section N of docs/reference/maui-3.3-semantics.md.
#include "parser/lower.h"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "parser/lower_context.h"
#include "parser/parse.h"
#include "parser/values.h"
#include "schemas/schema.h"

namespace maui {

using schema::Row;
using schema::Support;
using schema::ValueType;

namespace {

std::string join(const std::vector<std::string_view>& items, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += sep;
    out += items[i];
  }
  return out;
}

std::string_view first_token(std::string_view text) { return text.substr(0, text.find(' ')); }

std::string did_you_mean(const std::vector<std::string_view>& suggestions) {
  if (suggestions.empty()) return "";
  return fmt::format("; did you mean '{}'?", suggestions.front());
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// LowerContext: shared helpers

LowerContext::LowerContext(const SyntaxTree& t, const SourceSet& s, DiagnosticSink& d) : tree(t), sources(s), sink(d) {
  for (unsigned b = 1; b <= sources.buffer_count(); ++b) file_names_.emplace_back(sources.display_name(b));
  for (const auto& ph : tree.placeholders)
    placeholders.emplace_back(ph.token.begin(), ph.token.begin() + ph.token.text.size());
  std::sort(placeholders.begin(), placeholders.end());
}

bool LowerContext::overlaps_placeholder(std::string_view text) const {
  const char* b = text.data();
  const char* e = b + text.size();
  auto it = std::upper_bound(placeholders.begin(), placeholders.end(), std::pair<const char*, const char*>{b, nullptr});
  if (it != placeholders.begin() && std::prev(it)->second > b) return true;
  return it != placeholders.end() && it->first < e;
}

// One buffer lookup for both the range and the derivation.
ir::SourceRange LowerContext::range_at(const SourceSet::Location& l, std::string_view text) const {
  ir::SourceRange r;
  if (l.buffer != 0) {
    r.file = file_names_[l.buffer - 1];
    r.line = l.line;
    r.column = l.column;
  }
  r.end_column = r.column + static_cast<unsigned>(text.size());
  return r;
}

ir::Provenance LowerContext::provenance(std::string_view text) const {
  ir::Provenance p;
  const SourceSet::Location l = sources.locate(llvm::SMLoc::getFromPointer(text.data()));
  p.where = range_at(l, text);
  p.how = l.buffer > 1 ? ir::Derivation::Include : ir::Derivation::Explicit;
  return p;
}

ir::CredentialConfig& LowerContext::credential(ir::CredKind kind, std::string_view name) {
  auto& map = policy.credentials;
  if (last_credential_ != map.end() && last_credential_->first.kind == kind &&
      same_name(last_credential_->first.name, name))
    return last_credential_->second;
  // The hint is checked by the map: a wrong one costs an ordinary search.
  auto hint = last_credential_ == map.end() ? map.end() : std::next(last_credential_);
  last_credential_ = map.try_emplace(hint, ir::Credential{kind, std::string(name)});
  return last_credential_->second;
}

Diagnostic& LowerContext::report(const RuleId& rule, std::string_view at, std::string message) {
  return sink.report(rule, range_of(at.data(), at.size()), std::move(message));
}

void LowerContext::report_each(const std::vector<values::Issue>& issues, std::string_view text) {
  for (const auto& i : issues) {
    std::size_t offset = std::min(i.offset, text.size());
    std::size_t length = std::min(i.length, text.size() - offset);
    report(i.rule, text.substr(offset, length), i.message);
  }
}

// ---------------------------------------------------------------------------------------------
// Lowering of scalar parameters

namespace {

class Lowerer : public LowerContext {
 public:
  using LowerContext::LowerContext;

  ir::Policy lower_policy() {
    report_templates();
    for (const Statement& s : tree.statements) {
      if (s.kind != Statement::Kind::Parameter) continue;
      lower_statement(s);
    }
    bind_scalars(*this);
    return std::move(policy);
  }

 private:
  std::string_view last_name_;                             // the name of the line before
  const Row* last_row_ = nullptr;                          // schema::find_parameter(last_name_)
  const Row* last_family_ = nullptr;                       // the family row of the last object line
  std::optional<schema::Object> last_object_;              // schema::object_of_family(*last_family_)
  std::size_t line_findings_ = 0;                          // the sink's size when the current line began
  std::map<std::string, const Statement*> maui_settings_;  // the last line Maui 3.3.1 applies, per NAME[INDEX]

  void report_templates() {
    // One finding per file: the file is a template; its literal lines are still checked.
    std::map<unsigned, std::vector<const Placeholder*>> by_buffer;
    for (const auto& ph : tree.placeholders)
      by_buffer[sources.buffer_of(llvm::SMLoc::getFromPointer(ph.token.begin()))].push_back(&ph);
    for (auto& [buffer, list] : by_buffer) {
      policy.is_template = true;
      const Placeholder& first = *list.front();
      auto& d = report(rules::kTemplatePlaceholder, first.token.text,
                       fmt::format("{} template placeholder: this file is a template, not a "
                                   "deployable config; render it and check the result",
                                   first.syntax));
      if (list.size() > 1)
        d.notes.push_back({{},
                           fmt::format("{} more placeholders in this file; lines that contain "
                                       "them are not checked",
                                       list.size() - 1)});
    }
  }

  void lower_statement(const Statement& s) {
    if (templated(s.name.text)) return;  // a templated name: nothing to check until rendered
    line_findings_ = sink.diagnostics().size();
    std::string_view name = s.name.text;
    // Lines come in runs of one name (thousands of USERCFG lines): the row of the line before is
    // reused without hashing the name again.
    const Row* row = same_name(name, last_name_) ? last_row_ : schema::find_parameter(name);
    last_name_ = name;
    last_row_ = row;
    if (!row) row = unknown_parameter(s);
    if (!row) return;
    if (row->support == Support::Obsolete) {
      report(rules::kObsoleteName, name,
             fmt::format("'{}' is an old name that Maui translates to '{}'; write '{}'", name, row->canonical,
                         row->canonical));
      if (const Row* canonical = schema::find_parameter(row->canonical)) row = canonical;
    }
    if (row->support == Support::ManualName) {
      report(rules::kCompatManualName, name,
             fmt::format("'{}' is the manual's name for '{}': this engine applies it, but Maui 3.3.1 "
                         "ignores this line; write '{}'",
                         name, row->canonical, row->canonical));
      if (const Row* canonical = schema::find_parameter(row->canonical)) row = canonical;
    }
    if (row->kind == schema::RowKind::Family) {
      // The same run of lines: the object of the line before, without comparing family names.
      if (row != last_family_) {
        last_family_ = row;
        last_object_ = schema::object_of_family(*row);
      }
      const auto object = last_object_;
      if (!object || row->support == Support::Ignored) {
        report(rules::kIgnoredByMaui, name,
               fmt::format("Maui 3.3.1 knows the name {} but does not configure anything with it", row->name));
        return;
      }
      lower_object(*this, s, *row, *object);
      return;
    }
    if (s.indented) {
      report(rules::kCompatIndentedParameter, name,
             fmt::format("Maui 3.3.1 reads parameters only when they start in column 1 and "
                         "ignores this indented '{}'",
                         row->name));
    }
    lower_scalar(s, *row);
  }

  // A name that is not a parameter: wrong case, a known misspelling, an attribute outside its
  // object line, the Moab `include` directive, or unknown. Returns the row to apply, if any.
  const Row* unknown_parameter(const Statement& s) {
    std::string_view name = s.name.text;
    if (name == "include") {
      report(rules::kMoabOnly, name,
             "the lower-case 'include' directive is Moab's; Maui 3.3.1 ignores this line (it "
             "reads '#INCLUDE file')");
      return nullptr;
    }
    if (const Row* row = schema::find_parameter_ignoring_case(name)) {
      report(rules::kWrongCase, name,
             fmt::format("'{}' is spelt '{}': Maui 3.3.1 matches names case-sensitively and "
                         "ignores this line",
                         name, row->name));
      return row;  // the manual says names are case-insensitive: apply it
    }
    for (std::uint32_t bit = 1; bit <= schema::kApp; bit <<= 1) {
      auto object = static_cast<schema::Object>(bit);
      if (const Row* attr = schema::find_attribute(name, object)) {
        if (attr->support == Support::Misspelling) continue;
        report(rules::kUnknownParameter, name,
               fmt::format("'{}' is an attribute of {} lines, not a parameter: Maui ignores this "
                           "line (a continuation of the previous line must end that line with "
                           "'\\')",
                           name, schema::objects_to_string(attr->objects)));
        return nullptr;
      }
    }
    report(rules::kUnknownParameter, name,
           fmt::format("unknown parameter '{}': Maui ignores this line{}", name,
                       did_you_mean(schema::suggest_parameters(name))));
    return nullptr;
  }

  void lower_scalar(const Statement& s, const Row& row) {
    std::string_view name = s.name.text;
    switch (row.support) {
      case Support::Misspelling:
        report(rules::kKnownMisspelling, name,
               fmt::format("'{}' is a misspelling of '{}': Maui ignores this line", name, row.canonical));
        return;
      case Support::MoabOnly:
        report(rules::kMoabOnly, name,
               fmt::format("'{}' is not a Maui 3.3.1 parameter (Moab or another version); "
                           "Maui 3.3.1 ignores this line",
                           row.name));
        break;
      case Support::Ignored:
        report(rules::kIgnoredByMaui, name,
               fmt::format("Maui 3.3.1 accepts '{}' but ignores it{}", row.name,
                           row.maui331.empty() ? std::string() : fmt::format(": {}", row.maui331)));
        break;
      default: break;
    }
    if (s.has_index && !(row.flags & (schema::kIndexed | schema::kPartitionScoped | schema::kPerQos | schema::kPerSres |
                                      schema::kPerRm)))
      report(rules::kUnexpectedIndex, s.index.text,
             fmt::format("'{}' takes no [index]; Maui reads the line but ignores the index", row.name));

    for (const Token& v : s.values)
      if (templated(v.text)) return;  // the value is known only once the template is rendered
    // `FSWEIGHT[0]` is the global partition and `RESERVATIONDEPTH[0]` group 0: the same setting
    // as the unindexed name.
    std::string_view index = s.has_index ? s.index.text : std::string_view();
    if (index == "0" && (row.flags & (schema::kPartitionScoped | schema::kPerReservationGroup))) index = {};
    std::string key = index.empty() ? std::string(row.name) : fmt::format("{}[{}]", row.name, index);
    std::string value_text;
    for (std::size_t i = 0; i < s.values.size(); ++i) {
      if (i) value_text += ' ';
      value_text += s.values[i].text;
    }
    // A value that cannot be read sets nothing: Maui keeps what it had (reference §1.1).
    const auto in_force = policy.scalars.find(key);
    if (!check_scalar_value(
            s, row, in_force == policy.scalars.end() ? std::string_view() : first_token(in_force->second.value)))
      return;

    ir::ScalarSetting setting{std::string(row.name), std::string(index),
                              (row.flags & schema::kSecret) ? "<redacted>" : value_text, provenance(s.whole.text)};
    auto [it, inserted] = policy.scalars.try_emplace(key, setting);
    // Maui applies scalar lines in file order: the last one wins. A line Maui 3.3.1 ignores
    // (its own finding says so) sets nothing there, so it neither repeats nor is repeated.
    if (!maui_ignores_line()) {
      auto [earlier, first] = maui_settings_.try_emplace(key, &s);
      if (!first) {
        auto& d = report(rules::kDuplicateScalar, name,
                         fmt::format("'{}' is set again; this line wins over the earlier one", key));
        d.notes.push_back({earlier->second->name.range(), "earlier setting is here"});
        earlier->second = &s;
      }
    }
    if (!inserted) {
      setting.from.earlier = it->second.from.earlier;
      setting.from.earlier.push_back(it->second.from.where);
      setting.from.how = ir::Derivation::LaterLineWins;
      it->second = setting;
    }
    scalar_statements[key] = &s;
  }

  // Whether a value of the line can be used; `in_force` is the value an earlier line set.
  bool check_scalar_value(const Statement& s, const Row& row, std::string_view in_force) {
    if (s.values.empty()) {
      report(rules::kMissingValue, s.name.text,
             fmt::format("'{}' has no value; Maui keeps its default{}", row.name,
                         row.default_value.empty() ? std::string() : fmt::format(" ({})", row.default_value)));
      return false;
    }
    // Maui 3.0-style SR* list parameters (SRUSERLIST[x] a b c) are blank-separated lists.
    bool legacy_list =
        (row.flags & schema::kPerSres) &&
        (row.type == ValueType::AclList || row.type == ValueType::DayList || row.type == ValueType::HostList);
    bool multi = row.type == ValueType::StringList || row.type == ValueType::EnumList || row.type == ValueType::Text ||
                 row.type == ValueType::Expression || legacy_list;
    if (!multi && s.values.size() > 1 && !templated(s.values[1].text)) {
      const Token& extra = s.values[1];
      const Token& last = s.values.back();
      report(rules::kIgnoredTokens,
             std::string_view(extra.begin(), static_cast<std::size_t>(last.begin() + last.text.size() - extra.begin())),
             fmt::format("'{}' takes one value; Maui ignores the rest of the line", row.name));
    }
    std::size_t count = multi ? s.values.size() : 1;
    bool usable = false;
    for (std::size_t i = 0; i < count; ++i) {
      if (templated(s.values[i].text)) continue;
      usable |= check_value(row, s.values[i].text, true, in_force);
    }
    return usable;
  }

  // Whether a finding on the current line says that Maui 3.3.1 does not apply it: its name
  // (mis-cased, indented, the manual's or Moab's) or its value (mis-cased, 'on', -1).
  bool maui_ignores_line() const {
    const auto& all = sink.diagnostics();
    for (std::size_t i = line_findings_; i < all.size(); ++i)
      for (const RuleId& r : {rules::kWrongCase, rules::kCompatIndentedParameter, rules::kCompatManualName,
                              rules::kMoabOnly, rules::kIgnoredByMaui, rules::kCompatBooleanOn, rules::kCompatMinusOne})
        if (all[i].rule == r.id) return true;
    return false;
  }
};

}  // namespace

// Validates one value against a row's type and reports located issues. Used for scalars and
// attributes alike. Returns false if the value is unusable.
bool LowerContext::check_value(const Row& row, std::string_view text, bool scalar, std::string_view in_force) {
  auto issues = [&](auto result) { return checked(row, std::move(result), text).has_value(); };
  switch (row.type) {
    case ValueType::Integer: return checked_integer(row, text, scalar).has_value();
    case ValueType::Weight: {
      std::string_view number = text;
      if (!number.empty() && number.back() == '%') number.remove_suffix(1);
      auto r = values::parse_integer(number);
      report_issues(r.issues, text);
      return r.value.has_value();
    }
    case ValueType::Double: return checked_double(row, text).has_value();
    case ValueType::Boolean: return issues(values::parse_boolean(text));
    case ValueType::Duration: return checked_duration(row, text).has_value();
    case ValueType::DateTime: return issues(values::parse_datetime(text));
    case ValueType::Limit: return issues(values::parse_limit(text, row.unit == "seconds"));
    case ValueType::FairshareTarget: return issues(values::parse_fairshare_target(text));
    case ValueType::CredList: return issues(values::parse_name_list(text));
    case ValueType::HostList: return issues(values::parse_hostlist(text));
    case ValueType::Resources: return issues(values::parse_resources(text));
    case ValueType::DayList: return issues(values::parse_days(text));
    case ValueType::AclList: return true;  // checked by the SRCFG lowering with its ACL kind
    case ValueType::Enum: return check_enum(row, text, false, scalar, in_force);
    case ValueType::EnumList: {  // an unknown item is dropped, the others are kept
      bool any = false;
      for (auto item : values::Pieces(text, ",:| ")) any |= check_enum(row, item, true, scalar, in_force);
      return any;
    }
    case ValueType::String:
    case ValueType::StringList:
    case ValueType::Expression:
    case ValueType::Text:
    case ValueType::Object: return true;
  }
  return true;
}

std::optional<std::int64_t> LowerContext::checked_integer(const Row& row, std::string_view text, bool scalar) {
  auto v = checked(row, values::parse_integer(text), text);
  if (v && scalar && *v == -1)
    report(rules::kCompatMinusOne, text,
           fmt::format("Maui 3.3.1 ignores the value -1 for '{}' (its parser uses -1 as "
                       "'not set') and keeps the default",
                       row.name));
  if (v) check_range(row, static_cast<double>(*v), text);
  return v;
}

std::optional<double> LowerContext::checked_double(const Row& row, std::string_view text) {
  auto v = checked(row, values::parse_double(text), text);
  if (v) check_range(row, *v, text);
  return v;
}

std::optional<ir::Seconds> LowerContext::checked_duration(const Row& row, std::string_view text) {
  auto v = checked(row, values::parse_duration(text), text);
  if (v) check_range(row, static_cast<double>(*v), text);
  return v;
}

std::optional<std::string_view> enum_for_boolean(const Row& row, std::string_view text) {
  if (row.name != "FSPOLICY" && row.name != "BACKFILLPOLICY") return std::nullopt;
  auto b = values::parse_boolean(text);
  if (!b.value || !b.issues.empty()) return std::nullopt;
  if (!*b.value) return "NONE";
  return row.name == "FSPOLICY" ? "DEDICATEDPS" : "FIRSTFIT";
}

namespace {
// What Maui 3.3.1 uses when it ignores a value: the one in force before the line. An attribute's
// earlier value on its object is not known here, nor whether its table default is Maui's.
std::string kept_value(const Row& row, std::string_view in_force, bool scalar) {
  if (!in_force.empty()) return fmt::format("{} (from the earlier line)", in_force);
  if (scalar && !row.default_value.empty()) return fmt::format("{} (the default)", row.default_value);
  return "the value it had";
}
}  // namespace

bool LowerContext::check_enum(const Row& row, std::string_view text, bool list_item, bool scalar,
                              std::string_view in_force) {
  // The allowed values walked in the row's text: no vector for a value that is fine.
  const values::Pieces allowed(row.allowed, "|");
  std::string_view value = text;
  // FSPOLICY DEDICATEDPS% : the percentage marker is part of the value.
  if (row.name == "FSPOLICY" && !value.empty() && value.back() == '%') value.remove_suffix(1);
  if (row.name == "FSPOLICY" && value.size() > 2 && value.front() == '[' && value.back() == ']')
    value = value.substr(1, value.size() - 2);
  for (auto a : allowed)
    if (a == value) return true;
  if (auto meant = enum_for_boolean(row, value)) {
    report(rules::kInvalidValue, text,
           fmt::format("'{}' is not a value of {} (expected one of {}): Maui 3.3.1 reads it as a boolean "
                       "and uses {}; write {}",
                       value, row.name, join(schema::allowed_values(row), ", "), *meant, *meant));
    return true;
  }
  for (auto a : allowed) {
    if (a.size() == value.size() && std::equal(a.begin(), a.end(), value.begin(), [](char x, char y) {
          return std::toupper(static_cast<unsigned char>(x)) == std::toupper(static_cast<unsigned char>(y));
        })) {
      report(rules::kWrongCase, text,
             fmt::format("'{}' is spelt '{}': Maui 3.3.1 matches values case-sensitively and "
                         "{}",
                         value, a,
                         list_item ? "ignores this item" : fmt::format("uses {}", kept_value(row, in_force, scalar))));
      return true;
    }
  }
  std::string_view best;
  unsigned best_distance = ~0u;
  for (auto a : allowed) {
    unsigned d = llvm::StringRef(a).edit_distance(llvm::StringRef(value.data(), value.size()), true, 4);
    if (d < best_distance) {
      best_distance = d;
      best = a;
    }
  }
  report(rules::kInvalidValue, text,
         fmt::format("'{}' is not a value of {} (expected one of {}): Maui {}{}", value, row.name,
                     join(schema::allowed_values(row), ", "),
                     list_item ? "ignores this item"
                               : fmt::format("3.3.1 ignores it and uses {}", kept_value(row, in_force, scalar)),
                     best_distance <= std::max<std::size_t>(2, value.size() / 3)
                         ? fmt::format("; did you mean '{}'?", best)
                         : std::string()));
  return false;
}

// Values outside the range Maui (or the manual) allows: the row's own.
void LowerContext::check_range(const Row& row, double v, std::string_view text) {
  if (!row.range) return;
  const schema::ValueRange& r = *row.range;
  bool below = r.min_open ? v <= r.min : v < r.min;
  if (below || v > r.max)
    report(rules::kOutOfRange, text, fmt::format("{} {} is out of range: {}", row.name, text, r.why));
}

ir::Policy lower(const SyntaxTree& tree, const SourceSet& sources, DiagnosticSink& sink) {
  Lowerer l(tree, sources, sink);
  return l.lower_policy();
}

void compile_file(const std::string& path, Compilation& out) {
  auto main = out.sources.load_main(path, out.diagnostics);
  if (!main) return;
  out.loaded = true;
  out.syntax = parse_config(out.sources, *main, out.diagnostics);
  out.policy = lower(out.syntax, out.sources, out.diagnostics);
}

void compile_text(std::string name, std::string_view text, Compilation& out) {
  unsigned main = out.sources.add_buffer(std::move(name), text);
  out.loaded = true;
  out.syntax = parse_config(out.sources, main, out.diagnostics);
  out.policy = lower(out.syntax, out.sources, out.diagnostics);
}

}  // namespace maui
