// The parameter table is the single source of truth for what a name means: a row marked as read
// by the engine (Support::Engine, and the obsolete and manual spellings that stand for one) must
// reach the typed IR. For every such row, a config that sets it (in every family an attribute is
// valid in) is lowered, and some typed member of the policy must come from that line: not only
// the copy every scalar keeps as written (`scalars`), nor an attribute kept as written (`other`,
// `other_objects`), nor the line that declared the object. The policy is walked with the IR's
// member lists (schemas/ir_members.h), so a member added to the IR is walked too.
#include <array>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include "parser/lower.h"
#include "schemas/ir.h"
#include "schemas/ir_members.h"
#include "schemas/schema.h"

namespace maui {
namespace {

using schema::Row;
using schema::RowKind;
using schema::Support;
using schema::ValueType;

// ---------------------------------------------------------------------------------------------
// Every provenance of a policy, with the JSON path of the member that holds it

template <class T>
inline constexpr bool kIsVector = false;
template <class T>
inline constexpr bool kIsVector<std::vector<T>> = true;
template <class T>
inline constexpr bool kIsArray = false;
template <class T, std::size_t N>
inline constexpr bool kIsArray<std::array<T, N>> = true;
template <class T>
inline constexpr bool kIsMap = false;
template <class K, class V>
inline constexpr bool kIsMap<std::map<K, V>> = true;
template <class T>
inline constexpr bool kIsOnDemand = false;
template <class T>
inline constexpr bool kIsOnDemand<ir::OnDemand<T>> = true;

struct Located {
  std::vector<std::string> path;  // member names from the policy down, e.g. {"credentials", "active"}
  const ir::Provenance* from;
};

class ProvenanceWalk {
 public:
  std::vector<Located> found;

  template <class T>
  void walk(const T& value) {
    if constexpr (std::is_same_v<T, ir::Provenance>) {
      found.push_back({path_, &value});
    } else if constexpr (std::is_same_v<T, ir::LimitTable>) {
      walk(value.by_resource());
    } else if constexpr (kIsOnDemand<T>) {
      walk(value.get());
    } else if constexpr (ir::members::kIsOptional<T>) {
      if (value) walk(*value);
    } else if constexpr (kIsVector<T> || kIsArray<T>) {
      for (const auto& element : value) walk(element);
    } else if constexpr (kIsMap<T>) {
      for (const auto& [key, element] : value) walk(element);
    } else if constexpr (ir::members::Described<T>) {
      std::apply([&](const auto&... f) { (member(value, f), ...); }, ir::members::describe(ir::members::Is<T>{}));
    }
    // Everything else is a plain value without a provenance of its own.
  }

 private:
  std::vector<std::string> path_;

  template <class C, class F>
  void member(const C& object, const F& field) {
    path_.emplace_back(field.name);
    walk(object.*field.member);
    path_.pop_back();
  }
};

// Where a value kept as written lives, or the line that named an object: not a binding.
bool as_written(const std::vector<std::string>& path) {
  for (const std::string& name : path)
    if (name == "scalars" || name == "other" || name == "other_objects" || name == "declared") return true;
  return false;
}

// ---------------------------------------------------------------------------------------------
// A line that sets each row

// A value each type reads (the ranges of the table allow them).
std::string sample_value(const Row& row) {
  if (row.name == "OWNER") return "USER:x";  // a credential, as KIND:NAME
  switch (row.type) {
    case ValueType::Integer: return "3";
    case ValueType::Weight: return "2";
    case ValueType::Double: return "0.5";
    case ValueType::Boolean: return "TRUE";
    case ValueType::Duration: return "1:00:00";
    case ValueType::DateTime: return "12:00:00";
    case ValueType::Limit: return "4";
    case ValueType::FairshareTarget: return "10";
    case ValueType::HostList: return "node01";
    case ValueType::Resources: return "PROCS:2";
    case ValueType::DayList: return "Mon";
    case ValueType::Expression: return "1";
    case ValueType::Enum:
    case ValueType::EnumList: return std::string(schema::allowed_values(row).front());
    case ValueType::AclList:  // a duration or a count for the ACLs of numbers (TIMELIMIT, PROCLIMIT)
      if (row.unit == "seconds") return "1:00:00";
      return row.unit.empty() ? "x" : "4";
    case ValueType::String:
    case ValueType::StringList:
    case ValueType::CredList:
    case ValueType::Text:
    case ValueType::Object: return "x";
  }
  return "x";
}

// The row a name stands for: its canonical row for the spellings this engine translates.
const Row* applied_row(const Row& row) {
  if (row.support != Support::Obsolete && row.support != Support::ManualName) return &row;
  switch (row.kind) {
    case RowKind::Parameter: return schema::find_parameter(row.canonical);
    case RowKind::Family: return schema::find_family(row.canonical);
    case RowKind::Attribute:
      for (std::uint32_t bit = 1; bit != 0 && bit <= row.objects; bit <<= 1)
        if (row.objects & bit) return schema::find_attribute(row.canonical, static_cast<schema::Object>(bit));
      return nullptr;
  }
  return nullptr;
}

bool engine_reads(const Row& row) {
  const Row* applied = applied_row(row);
  return applied != nullptr && applied->support == Support::Engine;
}

struct Setting {
  std::string line;  // of the config
  unsigned column;   // where the setting begins on it
};

// The lines that set `row`: one per family an attribute is valid in.
std::vector<Setting> settings_of(const Row& row) {
  const std::string value = sample_value(row);
  std::vector<Setting> out;
  switch (row.kind) {
    case RowKind::Parameter: {
      // A Maui 3.0 style scalar of a QOS, a standing reservation or a resource manager needs the
      // one it is of.
      const bool per_object = row.flags & (schema::kPerQos | schema::kPerSres);
      const std::string index = per_object ? "[x]" : (row.flags & schema::kPerRm) ? "[0]" : "";
      out.push_back({fmt::format("{}{} {}", row.name, index, value), 1});
      break;
    }
    case RowKind::Family: out.push_back({fmt::format("{}[x]", row.name), 1}); break;
    case RowKind::Attribute:
      for (std::uint32_t bit = 1; bit != 0 && bit <= row.objects; bit <<= 1) {
        if (!(row.objects & bit)) continue;
        const std::string head = fmt::format("{}[x] ", schema::family_name(static_cast<schema::Object>(bit)));
        out.push_back({fmt::format("{}{}={}", head, row.name, value), static_cast<unsigned>(head.size() + 1)});
      }
      break;
  }
  return out;
}

// Whether some typed member of the policy lowered from `setting` comes from it. A family line
// binds the object it declares (an object of its own in the IR).
bool bound(const Row& row, const Setting& setting) {
  Compilation c;
  compile_text("t.cfg", setting.line + "\n", c);
  ProvenanceWalk walk;
  walk.walk(c.policy);
  for (const Located& l : walk.found) {
    const ir::SourceRange& where = l.from->where;
    if (where.line != 1 || where.column != setting.column) continue;
    if (row.kind == RowKind::Family ? l.path.back() == "declared" : !as_written(l.path)) return true;
  }
  return false;
}

// Rows the engine reads from the value as written (Policy::scalars) instead of a typed member,
// and why: each must still be unbound (a row that gets a member leaves this list).
struct ReadAsWritten {
  std::string_view name;
  std::string_view why;
};
constexpr ReadAsWritten kReadAsWritten[] = {
    {"PREEMPTPOLICY",
     "only REQUEUE is implemented; runtime/engine/unimplemented.cc reads the value to say "
     "that another one is ignored"},
};

bool read_as_written(const Row& row) {
  for (const ReadAsWritten& r : kReadAsWritten)
    if (r.name == row.name && row.kind == RowKind::Parameter) return true;
  return false;
}

TEST(ParameterBinding, EveryRowTheEngineReadsReachesTheTypedIr) {
  std::size_t checked = 0;
  for (const Row& row : schema::all_rows()) {
    if (!engine_reads(row)) continue;
    for (const Setting& s : settings_of(row)) {
      ++checked;
      if (read_as_written(row)) {
        EXPECT_FALSE(bound(row, s)) << row.name << " is bound now: take it off kReadAsWritten";
        continue;
      }
      EXPECT_TRUE(bound(row, s)) << "`" << s.line << "`: the table says the engine reads "
                                 << schema::to_string(row.kind) << " " << row.name
                                 << ", but no typed member of the IR comes from this line";
    }
  }
  // The table marks 336 settings (names x families) as read by the engine; a filter that lets
  // none through must not pass.
  EXPECT_GT(checked, 300u);
  for (const ReadAsWritten& r : kReadAsWritten) {
    const Row* row = schema::find_parameter(r.name);
    ASSERT_NE(row, nullptr) << r.name;
    EXPECT_TRUE(engine_reads(*row)) << r.name << ": " << r.why;
  }
}

// The walk itself: a typed member is found where it is, and the copies kept as written are told
// apart from it.
TEST(ParameterBinding, TheWalkFindsTypedMembersAndCopiesAsWritten) {
  Compilation c;
  compile_text("t.cfg", "BACKFILLDEPTH 3\nUSERCFG[ann] MAXJOB=4 OVERRUN=1:00\n", c);
  ProvenanceWalk walk;
  walk.walk(c.policy);
  std::vector<std::string> paths;
  for (const Located& l : walk.found)
    if (l.from->where.line != 0)
      paths.push_back(fmt::format("{}:{} {}", l.from->where.line, l.from->where.column, fmt::join(l.path, ".")));
  EXPECT_EQ(paths, (std::vector<std::string>{"1:1 scheduling.backfill_depth.from", "2:1 credentials.declared",
                                             "2:14 credentials.active.from", "2:23 credentials.other.from",
                                             "1:1 scalars.from"}));
}

}  // namespace
}  // namespace maui
