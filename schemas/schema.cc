// Lookups over the parameter table (parameter_table.cc).
//
// The table is sorted by (kind, name, objects). `find_parameter` runs once per config line, so
// parameter and family names also sit in a hash map, and so do attribute names (a name may have
// several rows, one per meaning). Case-insensitive lookups use a second
// index keyed by the upper-cased name. All indexes are built once, on first use. Suggestions
// ("did you mean") scan every candidate with a bounded edit distance; they only run for unknown
// names, so a linear scan is fine.
#include "schemas/schema.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>

#include "llvm/ADT/StringRef.h"

namespace maui::schema {
namespace {

std::string upper_cased(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// Indexes over the sorted table, built once on first use.
struct Index {
  // All rows of one kind: a contiguous run of the sorted table.
  std::array<std::span<const Row>, 3> by_kind;
  // Parameter and family rows by exact name: the per-line lookup of the parser, so a hash map.
  std::unordered_map<std::string_view, const Row*> scalar_or_family;
  // Attribute rows by exact name (the contiguous run of rows spelled so, in table order): looked
  // up once per attribute of every object line.
  std::unordered_map<std::string_view, std::span<const Row>> attributes;
  // Every row under its upper-cased name, per kind, sorted: case-insensitive lookups.
  std::array<std::vector<std::pair<std::string, const Row*>>, 3> by_upper_name;

  Index() {
    const auto rows = all_rows();
    for (std::size_t k = 0; k < by_kind.size(); ++k) {
      const auto kind = static_cast<RowKind>(k);
      const auto lo = std::partition_point(rows.begin(), rows.end(), [kind](const Row& r) { return r.kind < kind; });
      const auto hi = std::partition_point(lo, rows.end(), [kind](const Row& r) { return r.kind <= kind; });
      by_kind[k] = {lo, hi};
    }
    // Parameters first, so a name that were both (there is none) would resolve to the parameter.
    for (RowKind kind : {RowKind::Parameter, RowKind::Family}) {
      for (const Row& r : by_kind[static_cast<std::size_t>(kind)]) {
        scalar_or_family.emplace(r.name, &r);
      }
    }
    {
      const auto attrs = by_kind[static_cast<std::size_t>(RowKind::Attribute)];
      for (std::size_t i = 0; i < attrs.size();) {
        std::size_t j = i + 1;
        while (j < attrs.size() && attrs[j].name == attrs[i].name) ++j;
        attributes.emplace(attrs[i].name, attrs.subspan(i, j - i));
        i = j;
      }
    }
    for (const Row& r : rows) {
      by_upper_name[static_cast<std::size_t>(r.kind)].emplace_back(upper_cased(r.name), &r);
    }
    for (auto& v : by_upper_name) {
      std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    }
  }

  std::span<const Row> rows_of(RowKind kind) const { return by_kind[static_cast<std::size_t>(kind)]; }

  // Rows of `kind` spelled exactly `name` (several only for attributes valid in different families).
  std::span<const Row> rows_spelled(RowKind kind, std::string_view name) const {
    const auto rows = rows_of(kind);
    const auto lo = std::partition_point(rows.begin(), rows.end(), [name](const Row& r) { return r.name < name; });
    const auto hi = std::partition_point(lo, rows.end(), [name](const Row& r) { return r.name <= name; });
    return {lo, hi};
  }

  // Rows of `kind` whose upper-cased name is `key`, in table order.
  std::vector<const Row*> ignoring_case(RowKind kind, std::string_view key) const {
    const auto& v = by_upper_name[static_cast<std::size_t>(kind)];
    const auto lo = std::partition_point(v.begin(), v.end(), [key](const auto& e) { return e.first < key; });
    const auto hi = std::partition_point(lo, v.end(), [key](const auto& e) { return e.first <= key; });
    std::vector<const Row*> out;
    for (auto it = lo; it != hi; ++it) out.push_back(it->second);
    return out;
  }
};

const Index& table_index() {
  static const Index built;
  return built;
}

// How good a row is as an answer when several fit equally well: names Maui 3.3.1 really uses
// first, then the ones it translates or that other versions use, the dead ones last.
int support_rank(Support s) {
  switch (s) {
    case Support::Engine:
    case Support::Accepted: return 0;
    case Support::Obsolete:
    case Support::MoabOnly: return 1;
    case Support::Ignored: return 2;
    case Support::Misspelling:
    case Support::ManualName: return 3;
  }
  return 4;
}

// Among rows that match ignoring case, prefer the exact spelling, then the best-supported row.
const Row* best_case_match(const std::vector<const Row*>& candidates, std::string_view name) {
  const Row* best = nullptr;
  for (const Row* r : candidates) {
    if (best == nullptr) {
      best = r;
      continue;
    }
    const auto key = [name](const Row* x) {
      return std::make_tuple(x->name != name, support_rank(x->support), x->name);
    };
    if (key(r) < key(best)) best = r;
  }
  return best;
}

// Misspellings are never suggested (they are what we correct *from*), nor are names Maui 3.3.1
// drops (suggesting a parameter that does nothing helps nobody).
bool suggestible(const Row& r) { return r.support != Support::Misspelling && r.support != Support::Ignored; }

// Closest names to `name` among the rows of `kinds` that `accept` admits, best first. The cutoff
// grows with the length of the name: short names allow 2 edits, long ones about a third of it.
template <typename Pred>
std::vector<std::string_view> suggest(std::string_view name, unsigned max, std::initializer_list<RowKind> kinds,
                                      Pred accept) {
  // No name in the table is longer than 64 characters, so nothing is within reach of a longer one
  // (and the edit distance of a megabyte-long token would take seconds).
  if (name.empty() || max == 0 || name.size() > 64) return {};
  const std::string query = upper_cased(name);
  const unsigned cutoff = std::max<unsigned>(2, static_cast<unsigned>(query.size() / 3));
  struct Candidate {
    unsigned distance;
    int rank;
    std::string_view name;
  };
  std::vector<Candidate> found;
  for (RowKind kind : kinds) {
    for (const Row& r : table_index().rows_of(kind)) {
      if (!suggestible(r) || !accept(r) || r.name == name) continue;
      const std::size_t a = query.size(), b = r.name.size();
      if ((a > b ? a - b : b - a) > cutoff) continue;  // the distance is at least the length gap
      const unsigned d = llvm::StringRef(query).edit_distance(llvm::StringRef(upper_cased(r.name)),
                                                              /*AllowReplacements=*/true, cutoff);
      if (d <= cutoff) found.push_back({d, support_rank(r.support), r.name});
    }
  }
  std::sort(found.begin(), found.end(), [](const Candidate& a, const Candidate& b) {
    return std::tie(a.distance, a.rank, a.name) < std::tie(b.distance, b.rank, b.name);
  });
  std::vector<std::string_view> out;
  for (const Candidate& c : found) {
    // An attribute name valid in several families appears once per row; list it once.
    if (std::find(out.begin(), out.end(), c.name) != out.end()) continue;
    out.push_back(c.name);
    if (out.size() == max) break;
  }
  return out;
}

struct FamilyName {
  Object object;
  std::string_view name;
};

// In bit order, so objects_to_string lists families in a stable order.
constexpr std::array<FamilyName, 16> kFamilies = {{
    {kUser, "USERCFG"},
    {kGroup, "GROUPCFG"},
    {kAccount, "ACCOUNTCFG"},
    {kClass, "CLASSCFG"},
    {kQos, "QOSCFG"},
    {kSys, "SYSCFG"},
    {kNode, "NODECFG"},
    {kSres, "SRCFG"},
    {kRm, "RMCFG"},
    {kAm, "AMCFG"},
    {kClient, "CLIENTCFG"},
    {kPar, "PARCFG"},
    {kSched, "SCHEDCFG"},
    {kAdmin, "ADMINCFG"},
    {kId, "IDCFG"},
    {kApp, "APPCFG"},
}};

}  // namespace

const Row* find_parameter(std::string_view name) {
  const auto& map = table_index().scalar_or_family;
  const auto it = map.find(name);
  return it == map.end() ? nullptr : it->second;
}

const Row* find_family(std::string_view name) {
  const auto f = table_index().rows_spelled(RowKind::Family, name);
  return f.empty() ? nullptr : &f.front();
}

const Row* find_attribute(std::string_view name, Object family) {
  const auto& map = table_index().attributes;
  const auto it = map.find(name);
  if (it == map.end()) return nullptr;
  for (const Row& r : it->second) {
    if ((r.objects & family) != 0) return &r;
  }
  return nullptr;
}

const Row* find_parameter_ignoring_case(std::string_view name) {
  const std::string key = upper_cased(name);
  auto candidates = table_index().ignoring_case(RowKind::Parameter, key);
  const auto families = table_index().ignoring_case(RowKind::Family, key);
  candidates.insert(candidates.end(), families.begin(), families.end());
  return best_case_match(candidates, name);
}

const Row* find_attribute_ignoring_case(std::string_view name, Object family) {
  std::vector<const Row*> candidates;
  for (const Row* r : table_index().ignoring_case(RowKind::Attribute, upper_cased(name))) {
    if ((r->objects & family) != 0) candidates.push_back(r);
  }
  return best_case_match(candidates, name);
}

std::vector<std::string_view> suggest_parameters(std::string_view name, unsigned max) {
  return suggest(name, max, {RowKind::Parameter, RowKind::Family}, [](const Row&) { return true; });
}

std::vector<std::string_view> suggest_attributes(std::string_view name, Object family, unsigned max) {
  return suggest(name, max, {RowKind::Attribute}, [family](const Row& r) { return (r.objects & family) != 0; });
}

std::vector<std::string_view> allowed_values(const Row& row) {
  std::vector<std::string_view> out;
  std::string_view rest = row.allowed;
  while (!rest.empty()) {
    const auto bar = rest.find('|');
    out.push_back(rest.substr(0, bar));
    if (bar == std::string_view::npos) break;
    rest.remove_prefix(bar + 1);
  }
  return out;
}

std::vector<const Row*> explain(std::string_view name) {
  const std::string key = upper_cased(name);
  std::vector<const Row*> out;
  for (RowKind kind : {RowKind::Parameter, RowKind::Family, RowKind::Attribute}) {
    const auto rows = table_index().ignoring_case(kind, key);
    out.insert(out.end(), rows.begin(), rows.end());
  }
  // Table order (kind, name, objects): deterministic output for `mauic explain`.
  std::sort(out.begin(), out.end(), [](const Row* a, const Row* b) { return a < b; });
  return out;
}

std::string_view to_string(RowKind kind) {
  switch (kind) {
    case RowKind::Parameter: return "parameter";
    case RowKind::Family: return "family";
    case RowKind::Attribute: return "attribute";
  }
  return "?";
}

std::string_view to_string(ValueType type) {
  switch (type) {
    case ValueType::Integer: return "integer";
    case ValueType::Double: return "double";
    case ValueType::Boolean: return "boolean";
    case ValueType::Duration: return "duration";
    case ValueType::DateTime: return "datetime";
    case ValueType::String: return "string";
    case ValueType::StringList: return "string list";
    case ValueType::Enum: return "enum";
    case ValueType::EnumList: return "enum list";
    case ValueType::Limit: return "limit";
    case ValueType::FairshareTarget: return "fairshare target";
    case ValueType::AclList: return "ACL list";
    case ValueType::CredList: return "credential list";
    case ValueType::HostList: return "host list";
    case ValueType::Resources: return "resources";
    case ValueType::DayList: return "day list";
    case ValueType::Expression: return "expression";
    case ValueType::Text: return "text";
    case ValueType::Weight: return "weight";
    case ValueType::Object: return "object";
  }
  return "?";
}

std::string_view to_string(Support support) {
  switch (support) {
    case Support::Engine: return "engine";
    case Support::Accepted: return "accepted";
    case Support::MoabOnly: return "moab-only";
    case Support::Obsolete: return "obsolete";
    case Support::Misspelling: return "misspelling";
    case Support::ManualName: return "manual-name";
    case Support::Ignored: return "ignored";
  }
  return "?";
}

std::string objects_to_string(std::uint32_t objects) {
  std::string out;
  for (const FamilyName& f : kFamilies) {
    if ((objects & f.object) == 0) continue;
    if (!out.empty()) out += ' ';
    out += f.name;
  }
  return out;
}

std::optional<Object> object_for_family(std::string_view family_name) {
  const Row* row = find_family(family_name);
  if (row == nullptr) return std::nullopt;
  return object_of_family(*row);
}

std::optional<Object> object_of_family(const Row& family) {
  // A misspelt family (ACCTCFG) stands for the family the admin meant, so that its attributes
  // can still be checked against the right rows.
  const std::string_view name =
      family.support == Support::Misspelling || family.support == Support::ManualName ? family.canonical : family.name;
  for (const FamilyName& f : kFamilies) {
    if (f.name == name) return f.object;
  }
  return std::nullopt;  // QUEUECFG: a name Maui knows, without an object of its own here
}

std::string_view family_name(Object object) {
  for (const FamilyName& f : kFamilies) {
    if (f.object == object) return f.name;
  }
  return "";
}

}  // namespace maui::schema
