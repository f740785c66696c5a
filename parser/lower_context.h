// Internal to the lowering: state and helpers shared by lower.cc (scalars),
// lower_objects.cc (*CFG lines) and bind_scalars.cc (typed settings and defaults).
// "reference §N" is section N of docs/reference/maui-3.3-semantics.md.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "parser/source.h"
#include "parser/syntax.h"
#include "parser/values.h"
#include "schemas/ir.h"
#include "schemas/schema.h"

namespace maui {

// A property that lowering derives from a table row alone (mostly from its name: the field an
// attribute sets, the resource a limit counts), worked out once for every row of the table on
// first use: comparing names as text for every value cost about a dozen string comparisons per
// attribute of a large site. `row` must be a row of schema::all_rows(), as every row is.
template <auto Derive>
const auto& derived(const schema::Row& row) {
  using Fact = std::invoke_result_t<decltype(Derive), const schema::Row&>;
  struct Facts {
    const schema::Row* first;  // of the table
    std::vector<Fact> of_row;  // index = row - first
  };
  static const Facts facts = [] {
    const auto rows = schema::all_rows();
    Facts out{rows.data(), {}};
    for (const schema::Row& r : rows) out.of_row.push_back(Derive(r));
    return out;
  }();
  assert(&row >= facts.first && &row < facts.first + facts.of_row.size());
  return facts.of_row[static_cast<std::size_t>(&row - facts.first)];
}

// Whether a line names the same thing as the line before (its parameter, its credential): the
// names are short, and std::string_view's == calls an out-of-line compare() and then memcmp,
// which cost twice this loop on every line of a large site.
inline bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return false;
  return true;
}

struct LowerContext {
  LowerContext(const SyntaxTree& tree, const SourceSet& sources, DiagnosticSink& sink);

  const SyntaxTree& tree;
  const SourceSet& sources;
  DiagnosticSink& sink;
  ir::Policy policy;
  std::vector<std::pair<const char*, const char*>> placeholders;  // sorted [begin, end)
  std::map<std::string, const Statement*> scalar_statements;      // last line per NAME[INDEX]

  // policy.credentials[{kind, name}]. A large site has thousands of credentials and names one on
  // every object line, so the map is not searched from its root each time: a site writes one
  // credential's lines together (most lines name the credential of the line before), and usually
  // declares credentials in name order (a new one goes right after the one before, which makes
  // the position a hint that inserts in constant time).
  ir::CredentialConfig& credential(ir::CredKind kind, std::string_view name);
  // The same for standing reservations and nodes (a site writes a reservation over several
  // lines, and thousands of them; its nodes in name order).
  ir::StandingReservation& standing_reservation(std::string_view name) {
    return named(policy.standing_reservations, last_reservation_, name);
  }
  ir::NodeConfig& node(std::string_view name) { return named(policy.nodes, last_node_, name); }

  // True if `text` overlaps a template placeholder. Inline for the usual config, which has none:
  // asked for every name and value.
  bool templated(std::string_view text) const { return !placeholders.empty() && overlaps_placeholder(text); }
  // schema::find_attribute, remembered per name: a large site names the same few attributes on
  // every line, and hashing each name into the schema's table cost more than the rest of the
  // attribute's lowering. Names that are no attribute are not remembered (they are reported).
  const schema::Row* attribute_row(std::string_view name, schema::Object family) {
    if (name.empty()) return schema::find_attribute(name, family);
    const std::size_t slot =
        (name.size() * 131 + static_cast<unsigned char>(name.front()) * 31 +
         static_cast<unsigned char>(name[name.size() / 2]) * 7 + static_cast<unsigned char>(name.back()) + family) %
        kAttributesSeen;
    AttributeSeen& seen = attributes_seen_[slot];
    if (seen.row != nullptr && seen.family == family && seen.name == name) return seen.row;
    const schema::Row* row = schema::find_attribute(name, family);
    if (row != nullptr) seen = {name, family, row};
    return row;
  }
  ir::Provenance provenance(std::string_view text) const;
  Diagnostic& report(const RuleId& rule, std::string_view at, std::string message);
  // Inline for the usual value that has nothing to report (a call per value otherwise).
  void report_issues(const std::vector<values::Issue>& issues, std::string_view text) {
    if (!issues.empty()) report_each(issues, text);
  }
  // `in_force`: the value a scalar had before this line (what Maui keeps when it rejects this one).
  bool check_value(const schema::Row& row, std::string_view text, bool scalar, std::string_view in_force = {});
  // What check_value does for one value type, returning the value when it is usable: for the
  // attributes that are stored once checked, so that their text is parsed once.
  template <class T>
  std::optional<T> checked(const schema::Row& row, values::Result<T> parsed, std::string_view text) {
    // Moab reads two-field times as MM:SS like the manual: no ambiguity to report there.
    if (row.support == schema::Support::MoabOnly)
      std::erase_if(parsed.issues, [](const values::Issue& i) { return i.rule == rules::kAmbiguousTime; });
    report_issues(parsed.issues, text);
    return std::move(parsed.value);
  }
  std::optional<std::int64_t> checked_integer(const schema::Row& row, std::string_view text, bool scalar);
  std::optional<ir::Seconds> checked_duration(const schema::Row& row, std::string_view text);
  std::optional<double> checked_double(const schema::Row& row, std::string_view text);
  bool check_enum(const schema::Row& row, std::string_view text, bool list_item, bool scalar,
                  std::string_view in_force);
  void check_range(const schema::Row& row, double value, std::string_view text);

 private:
  bool overlaps_placeholder(std::string_view text) const;
  ir::SourceRange range_at(const SourceSet::Location& l, std::string_view text) const;
  void report_each(const std::vector<values::Issue>& issues, std::string_view text);

  struct AttributeSeen {
    std::string_view name;  // in the config's text, which outlives the lowering
    schema::Object family = schema::kNoObject;
    const schema::Row* row = nullptr;
  };
  static constexpr std::size_t kAttributesSeen = 61;  // a prime: the slot mixes a few bytes
  std::array<AttributeSeen, kAttributesSeen> attributes_seen_{};
  std::vector<ir::FileName> file_names_;  // of each buffer (index = buffer id - 1), interned once
  std::map<ir::Credential, ir::CredentialConfig>::iterator last_credential_ = policy.credentials.end();
  std::map<std::string, ir::StandingReservation>::iterator last_reservation_ = policy.standing_reservations.end();
  std::map<std::string, ir::NodeConfig>::iterator last_node_ = policy.nodes.end();
  template <class Map>
  typename Map::mapped_type& named(Map& map, typename Map::iterator& last, std::string_view name) {
    if (last != map.end() && last->first == name) return last->second;
    // The hint is checked by the map: a wrong one costs an ordinary search.
    last = map.try_emplace(last == map.end() ? map.end() : std::next(last), std::string(name));
    return last->second;
  }
};

// Maui 3.3.1 takes a boolean where FSPOLICY or BACKFILLPOLICY expect a value (reference §2.4,
// §2.7): true is DEDICATEDPS / FIRSTFIT, false NONE. The value that `text` stands for, if any.
std::optional<std::string_view> enum_for_boolean(const schema::Row& row, std::string_view text);

// `FAMILY[id] ATTR=VALUE ...` lines; `object` is schema::object_of_family(family).
void lower_object(LowerContext& ctx, const Statement& s, const schema::Row& family, schema::Object object);

// Typed settings (priority weights, fairshare, backfill, ...) from the scalar lines, with the
// table's defaults for what the config does not set.
void bind_scalars(LowerContext& ctx);

}  // namespace maui
