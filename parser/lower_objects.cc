// Lowering of object lines: the line, its object and each attribute's name, operator and checks
// (parser/object_lowerer.h); the attributes of each kind of object are lowered in
// lower_credentials.cc (USERCFG GROUPCFG ACCOUNTCFG CLASSCFG QOSCFG SYSCFG) and lower_resources.cc
// (SRCFG NODECFG RMCFG); families kept as written (AMCFG ...) are kept here.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "parser/object_lowerer.h"

namespace maui {

namespace lowering {

using schema::Row;
using schema::Support;
using schema::ValueType;

namespace {

// The characters of an attribute name: what std::isalnum accepts in the C locale, '_' and '.'.
// A table, one lookup per character: this runs on every attribute of every object line.
constexpr std::array<bool, 256> kAttributeNameChar = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 256; ++c)
    table[static_cast<std::size_t>(c)] =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
  return table;
}();
bool attribute_name_char(char c) { return kAttributeNameChar[static_cast<unsigned char>(c)]; }

// `ATTR[INDEX]OP VALUE` inside an object line; false (and `a` unspecified) for a token that is
// not one. Filled in place: an optional<AttributeToken> returned by value was built and copied
// through the stack in pieces the processor could not forward (a stall per attribute).
bool split_attribute(const Token& t, AttributeToken& a) {
  std::string_view s = t.text;
  std::size_t i = 0;
  while (i < s.size() && attribute_name_char(s[i])) ++i;
  if (i == 0) return false;
  a.whole = t;
  a.name = Token{s.substr(0, i)};
  a.index = Token{};
  a.has_index = false;
  if (i < s.size() && s[i] == '[') {
    auto close = s.find(']', i);
    if (close == std::string_view::npos) return false;
    a.index = Token{s.substr(i + 1, close - i - 1)};
    a.has_index = true;
    i = close + 1;
  }
  std::size_t op_begin = i;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  if (i >= s.size() || s[i] != '=') return false;
  ++i;
  a.op = Token{s.substr(op_begin, i - op_begin)};
  a.value = Token{s.substr(i)};
  return true;
}

std::optional<ir::CredKind> cred_kind_of(schema::Object o) {
  switch (o) {
    case schema::kUser: return ir::CredKind::User;
    case schema::kGroup: return ir::CredKind::Group;
    case schema::kAccount: return ir::CredKind::Account;
    case schema::kClass: return ir::CredKind::Class;
    case schema::kQos: return ir::CredKind::Qos;
    case schema::kSys: return ir::CredKind::System;
    default: return std::nullopt;
  }
}

}  // namespace

std::string strip_quotes(std::string_view v) {
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
    return std::string(v.substr(1, v.size() - 2));
  return std::string(v);
}

std::optional<ir::CredKind> scope_kind(std::string_view s) {
  if (s == "USER") return ir::CredKind::User;
  if (s == "GROUP") return ir::CredKind::Group;
  if (s == "ACCOUNT" || s == "ACCT") return ir::CredKind::Account;
  if (s == "CLASS") return ir::CredKind::Class;
  if (s == "QOS") return ir::CredKind::Qos;
  return std::nullopt;
}

ObjectLowerer::ObjectLowerer(LowerContext& ctx, const Statement& s, const Row& family, schema::Object object)
    : ctx_(ctx), s_(s), family_(family), object_(object), cred_kind_(cred_kind_of(object)) {}

void ObjectLowerer::run() {
  if (family_.support == Support::Misspelling) {
    ctx_.report(rules::kKnownMisspelling, s_.name.text,
                fmt::format("'{}' is not a Maui family (did you mean '{}'?): Maui 3.3.1 ignores "
                            "this line",
                            family_.name, family_.canonical));
    return;  // the manual's own ACCTCFG example: still not a family Maui reads
  }
  if (family_.support == Support::MoabOnly)
    ctx_.report(rules::kMoabOnly, s_.name.text,
                fmt::format("{} is a Moab family; Maui 3.3.1 ignores this line", family_.name));
  if (!s_.has_index && object_ != schema::kSys) {
    ctx_.report(rules::kMissingObjectId, s_.name.text,
                fmt::format("{} needs an object name in brackets ({}[name]); Maui ignores this line", family_.name,
                            family_.name));
    return;
  }
  if (s_.has_index && ctx_.templated(s_.index.text)) return;  // `SRCFG[<%= key %>]`: unknown object
  id_ = s_.has_index ? s_.index.text : std::string_view("base");
  if (s_.has_index && s_.index.text.empty()) {
    ctx_.report(rules::kMissingObjectId, s_.name.text,
                fmt::format("{}[] has an empty object name; Maui ignores this line", family_.name));
    return;
  }
  declare();
  AttributeToken attr;  // each token's, filled in by split_attribute
  for (std::size_t i = 0; i < s_.values.size(); ++i) {
    const Token& t = s_.values[i];
    if (!split_attribute(t, attr)) {
      if (!ctx_.templated(t.text)) stray(t, i);  // a placeholder may render as ATTR=VALUE
      continue;
    }
    last_acl_ = nullptr;
    attribute(attr);
  }
}

// Finds or creates the object; a new one is declared by this line (most lines add to an
// object declared earlier, so the provenance is made only when needed).
void ObjectLowerer::declare() {
  ir::Policy& p = ctx_.policy;
  if (auto kind = cred_kind_) {
    auto& c = ctx_.credential(*kind, id_);
    cred_ = &c;
    if (c.id.name.empty()) {
      c.id = ir::Credential{*kind, std::string(id_)};
      c.declared = ctx_.provenance(s_.whole.text);
    }
  } else if (object_ == schema::kSres) {
    auto& r = ctx_.standing_reservation(id_);
    sres_ = &r;
    if (r.name.empty()) {
      r.name = id_;
      r.declared = ctx_.provenance(s_.whole.text);
      r.depth.value = 2;
      r.period.value = ir::ReservationPeriod::Day;
    }
  } else if (object_ == schema::kNode) {
    auto& n = ctx_.node(id_);
    node_ = &n;
    if (n.name.empty()) {
      n.name = id_;
      n.declared = ctx_.provenance(s_.whole.text);
    }
  } else if (object_ == schema::kRm) {
    auto& r = p.resource_managers.try_emplace(p.resource_managers.end(), std::string(id_))->second;
    rm_ = &r;
    if (r.name.empty()) {
      r.name = id_;
      r.declared = ctx_.provenance(s_.whole.text);
    }
  }
}

// A token without '=': Maui ignores it.
void ObjectLowerer::stray(const Token& t, std::size_t position) {
  if (object_ == schema::kSres && last_acl_) {
    ctx_.report(rules::kSrBlankSeparatedList, t.text,
                fmt::format("'{}' is separated from the {} list by a blank: Maui keeps only the "
                            "items before the blank; separate list items with ','",
                            t.text, last_acl_->name));
    return;
  }
  if (object_ == schema::kRm && position == 0) {
    ctx_.report(rules::kMissingAttributeName, t.text,
                fmt::format("'{}' has no ATTRIBUTE= in front: Maui ignores it; did you mean "
                            "'TYPE={}'?",
                            t.text, t.text));
    return;
  }
  ctx_.report(rules::kMissingAttributeName, t.text,
              fmt::format("'{}' is not ATTRIBUTE=VALUE: Maui ignores it", t.text));
}

const Row* ObjectLowerer::resolve(const AttributeToken& a) {
  std::string_view name = a.name.text;
  if (const Row* row = ctx_.attribute_row(name, object_)) return row;
  if (const Row* row = schema::find_attribute_ignoring_case(name, object_)) {
    ctx_.report(rules::kWrongCase, name,
                fmt::format("'{}' is spelt '{}': Maui 3.3.1 matches attribute names "
                            "case-sensitively and ignores it",
                            name, row->name));
    return row;
  }
  if (const Row* qos_only = schema::find_attribute(name, schema::kQos);
      qos_only && (qos_only->flags & (schema::kOverride | schema::kSystemLimit))) {
    ctx_.report(rules::kOverrideOnNonQos, name,
                fmt::format("override limit {} only works on QOSCFG lines: Maui ignores it on {}", name, family_.name));
    return nullptr;
  }
  auto suggestions = schema::suggest_attributes(name, object_);
  ctx_.report(
      rules::kUnknownAttribute, name,
      fmt::format("unknown {} attribute '{}': Maui ignores it{}", family_.name, name,
                  suggestions.empty() ? std::string() : fmt::format("; did you mean '{}'?", suggestions.front())));
  return nullptr;
}

void ObjectLowerer::attribute(const AttributeToken& a) {
  const Row* row = resolve(a);
  if (!row) return;
  std::string_view name = a.name.text;
  if (row->support == Support::ManualName && row->name != "FLAGS")
    ctx_.report(rules::kCompatManualName, name,
                fmt::format("'{}' is the manual's name for '{}': this engine applies it, but Maui "
                            "3.3.1 ignores it; write '{}'",
                            name, row->canonical, row->canonical));
  if (row->support == Support::Misspelling) {
    ctx_.report(rules::kKnownMisspelling, name,
                fmt::format("'{}' is a misspelling of '{}': Maui ignores this attribute", name, row->canonical));
    return;
  }
  if (row->support == Support::MoabOnly && family_.support != Support::MoabOnly)
    ctx_.report(rules::kMoabOnly, name, fmt::format("'{}' is a Moab attribute; Maui 3.3.1 ignores it", row->name));
  if (row->support == Support::Ignored)
    ctx_.report(rules::kIgnoredByMaui, name,
                fmt::format("Maui 3.3.1 accepts '{}' but ignores it{}", row->name,
                            row->maui331.empty() ? std::string() : fmt::format(": {}", row->maui331)));
  if (a.op.text.size() != 1)  // "+=" or "-=" (split_attribute's operators all end in '=')
    ctx_.report(rules::kCompatAppendOperator, a.op.text,
                fmt::format("Maui 3.3.1 treats '{}' as '=': the value replaces the old one", a.op.text));
  std::string_view value = a.value.text;
  if (value.empty()) {
    if (row->type != ValueType::CredList)
      ctx_.report(rules::kMissingValue, a.whole.text, fmt::format("'{}=' has no value: Maui ignores it", row->name));
    return;
  }
  if (ctx_.templated(value)) return;
  if (cred_kind_) {
    credential(a, *row);  // checks the values itself
    return;
  }
  // Reservations and nodes check the values they store as they parse them (once: a large
  // site has a line per node), and the others with check_value.
  if (object_ == schema::kSres) return reservation(a, *row);
  if (object_ == schema::kNode) return node(a, *row);
  if (row->type != ValueType::AclList && row->type != ValueType::Limit && !ctx_.check_value(*row, value, false)) return;
  if (object_ == schema::kRm)
    resource_manager(a, *row);
  else
    keep_raw(ctx_.policy.other_objects[fmt::format("{}[{}]", family_.name, id_)], a, *row);
}

void ObjectLowerer::keep_raw(std::map<std::string, ir::RawSetting>& into, const AttributeToken& a, const Row& row) {
  std::string key(row.name);
  if (a.has_index) key += fmt::format("[{}]", a.index.text);
  into[key] = ir::RawSetting{(row.flags & schema::kSecret) ? "<redacted>" : std::string(a.value.text),
                             ctx_.provenance(a.whole.text)};
}

}  // namespace lowering

void lower_object(LowerContext& ctx, const Statement& s, const schema::Row& family, schema::Object object) {
  lowering::ObjectLowerer(ctx, s, family, object).run();
}

}  // namespace maui
