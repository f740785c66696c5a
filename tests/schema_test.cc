// Tests of the parameter table: coverage of Maui 3.3.1's own name list and of every name used in
// the real-config corpus and the manual examples, internal consistency of the rows, the lookup and
// suggestion functions, and that the committed docs/parameters.md matches the table.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "schemas/ir_names.h"
#include "schemas/param_docs.h"
#include "schemas/schema.h"

namespace maui::schema {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Every distinct object bit set in a mask.
std::vector<Object> objects_in(std::uint32_t mask) {
  std::vector<Object> out;
  for (std::uint32_t bit = 1; bit != 0 && bit <= mask; bit <<= 1) {
    if ((mask & bit) != 0) out.push_back(static_cast<Object>(bit));
  }
  return out;
}

// Lookups that report a missing row as a test failure instead of crashing on a null pointer.
const Row& missing_row() {
  static const Row missing{};
  return missing;
}
const Row& parameter(std::string_view name) {
  if (const Row* r = find_parameter(name)) return *r;
  ADD_FAILURE() << "no parameter or family " << name;
  return missing_row();
}
const Row& family(std::string_view name) {
  if (const Row* r = find_family(name)) return *r;
  ADD_FAILURE() << "no family " << name;
  return missing_row();
}
const Row& attribute(std::string_view name, Object object) {
  if (const Row* r = find_attribute(name, object)) return *r;
  ADD_FAILURE() << "no attribute " << name << " in " << family_name(object);
  return missing_row();
}
const Row& parameter_ignoring_case(std::string_view name) {
  if (const Row* r = find_parameter_ignoring_case(name)) return *r;
  ADD_FAILURE() << "no parameter spelled " << name << " ignoring case";
  return missing_row();
}
const Row& attribute_ignoring_case(std::string_view name, Object object) {
  if (const Row* r = find_attribute_ignoring_case(name, object)) return *r;
  ADD_FAILURE() << "no attribute spelled " << name << " ignoring case in " << family_name(object);
  return missing_row();
}
std::string_view first(const std::vector<std::string_view>& names) {
  return names.empty() ? std::string_view("<none>") : names.front();
}

// --- coverage of Maui 3.3.1's own parameter table ------------------------------------------------

TEST(ParameterTable, EveryMaui331NameHasARow) {
  const fs::path list = fs::path(MAUI_TEST_DATA_DIR) / "maui-3.3-parameter-names.txt";
  const auto lines = split_lines(read_file(list));
  ASSERT_GT(lines.size(), 300u) << "cannot read " << list;
  std::size_t names = 0;
  for (const std::string& name : lines) {
    if (name.empty() || name.front() == '#') continue;
    ++names;
    EXPECT_NE(find_parameter(name), nullptr) << list.string() << ": no row for " << name;
  }
  EXPECT_GT(names, 300u);
}

// --- coverage of the corpus and the manual examples ----------------------------------------------

// Template syntax from ERB, Jinja2, Template Toolkit, autoconf and shell: tokens containing it are
// not literal names.
bool has_template_marker(std::string_view token) {
  for (std::string_view marker : {"<%", "%>", "{{", "}}", "{%", "%}", "[%", "%]", "${"}) {
    if (token.find(marker) != std::string_view::npos) return true;
  }
  // Autoconf @VAR@.
  const auto at = token.find('@');
  return at != std::string_view::npos && token.find('@', at + 1) != std::string_view::npos;
}

// What Maui would take as a parameter name: upper-case letters, digits and _, starting with a
// letter; or anything ending in CFG (the families). Lower-case tokens (the Moab `include`
// directive), prompts (`> showconfig`) and `...` are not names.
bool looks_like_name(std::string_view token) {
  if (token.empty()) return false;
  if (token.size() > 3 && token.ends_with("CFG")) return true;
  if (token.front() < 'A' || token.front() > 'Z') return false;
  return std::all_of(token.begin(), token.end(),
                     [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; });
}

// Splits attribute text on blanks, keeping quoted values ('...' or "...") in one token, as Moab
// and Maui's NODECFG tokenizer do (TRIGGER actions and PRIORITYF expressions contain blanks).
std::vector<std::string> split_attribute_tokens(std::string_view text) {
  std::vector<std::string> tokens;
  std::string current;
  char quote = 0;
  for (char c : text) {
    if (quote != 0) {
      current += c;
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
      current += c;
    } else if (c == ' ' || c == '\t') {
      if (!current.empty()) tokens.push_back(std::move(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) tokens.push_back(std::move(current));
  return tokens;
}

// Docs copy/paste hazard: U+00A0 no-break spaces (UTF-8 C2 A0) between name and value act as
// blanks.
std::string nbsp_to_blank(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\xC2' && i + 1 < text.size() && text[i + 1] == '\xA0') {
      out += ' ';
      ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

std::string fmt_where(const fs::path& path, std::size_t line_index) {
  return path.string() + ":" + std::to_string(line_index + 1);
}

struct Finding {
  std::string where;  // file:line
  std::string what;
};

// Checks one config file: every name-like leading token is a known parameter or family, and every
// ATTR= / ATTR[...]= of a family line is a known attribute of that family.
void check_config(const fs::path& path, std::vector<Finding>& findings, std::size_t& checked) {
  const auto lines = split_lines(read_file(path));
  for (std::size_t n = 0; n < lines.size(); ++n) {
    // Maui: `#` anywhere starts a comment.
    const std::string line = nbsp_to_blank(std::string_view(lines[n]).substr(0, lines[n].find('#')));
    const std::size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos) continue;
    const std::size_t end = line.find_first_of("[ \t\r=", start);
    const std::string token = line.substr(start, end == std::string::npos ? end : end - start);
    if (has_template_marker(token) || !looks_like_name(token)) continue;
    // Maui only reads scalar parameters starting in column 0; an indented line can only be a
    // *CFG line. This drops the hard-wrapped continuation lines of pasted wiki text (` HOSTLIST=`).
    const bool is_family_like = token.ends_with("CFG");
    if (start != 0 && !is_family_like) continue;
    const std::string where = fmt_where(path, n);
    ++checked;
    const Row* row = find_parameter(token);
    if (row == nullptr) {
      findings.push_back({where, "unknown parameter " + token});
      continue;
    }
    if (row->kind != RowKind::Family) continue;
    const auto object = object_for_family(token);
    if (!object) continue;  // a family without attributes of its own (QUEUECFG)
    // Skip the [id], which may itself contain brackets and blanks in templates.
    std::size_t pos = start + token.size();
    if (pos < line.size() && line[pos] == '[') {
      int depth = 0;
      for (; pos < line.size(); ++pos) {
        if (line[pos] == '[') ++depth;
        if (line[pos] == ']' && --depth == 0) break;
      }
      ++pos;
    }
    if (pos >= line.size()) continue;
    for (const std::string& item : split_attribute_tokens(std::string_view(line).substr(pos))) {
      const std::size_t eq = item.find('=');
      if (eq == std::string::npos || eq == 0) continue;  // positional word: Maui ignores it
      std::string key = item.substr(0, eq);
      if (has_template_marker(key)) continue;                        // e.g. `-%>SUBMITCMD=` glued to an ERB tag
      if (key.ends_with("+") || key.ends_with("-")) key.pop_back();  // += and -=
      key = key.substr(0, key.find('['));                            // MAXPROC[USER:yao]
      if (key.empty()) continue;
      if (find_attribute(key, *object) == nullptr) {
        findings.push_back({where, "unknown " + token + " attribute " + key});
      }
    }
  }
}

TEST(ParameterTable, CoversEveryNameInCorpusAndManualExamples) {
  const fs::path data(MAUI_TEST_DATA_DIR);
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(data / "corpus/configs")) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 30u) << "corpus not found under " << data;
  files.push_back(data / "doc-examples.cfg");

  std::vector<Finding> findings;
  std::size_t checked = 0;
  for (const fs::path& file : files) check_config(file, findings, checked);
  // The corpus has well over a thousand parameter and family lines; a broken scanner that skips
  // everything must not pass.
  EXPECT_GT(checked, 1000u);
  for (const Finding& f : findings) ADD_FAILURE() << f.where << ": " << f.what;
}

// --- internal consistency ----------------------------------------------------------------------

TEST(ParameterTable, IsSortedByKindAndName) {
  const auto rows = all_rows();
  ASSERT_FALSE(rows.empty());
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const Row& a = rows[i - 1];
    const Row& b = rows[i];
    EXPECT_TRUE(a.kind < b.kind || (a.kind == b.kind && a.name <= b.name)) << a.name << " before " << b.name;
  }
}

TEST(ParameterTable, EveryRowHasMeaningAndSection) {
  for (const Row& r : all_rows()) {
    EXPECT_FALSE(r.meaning.empty()) << r.name;
    EXPECT_FALSE(r.section.empty()) << r.name;
    EXPECT_FALSE(r.name.empty());
  }
}

TEST(ParameterTable, KindsHaveConsistentShapes) {
  for (const Row& r : all_rows()) {
    switch (r.kind) {
      case RowKind::Parameter:
        EXPECT_EQ(r.objects, 0u) << r.name;
        EXPECT_NE(r.type, ValueType::Object) << r.name;
        break;
      case RowKind::Family:
        EXPECT_EQ(r.type, ValueType::Object) << r.name;
        EXPECT_EQ(r.objects, 0u) << r.name;
        break;
      case RowKind::Attribute:
        EXPECT_NE(r.objects, 0u) << r.name << " is valid nowhere";
        EXPECT_NE(r.type, ValueType::Object) << r.name;
        break;
    }
  }
}

TEST(ParameterTable, NoDuplicateRows) {
  const auto rows = all_rows();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    for (std::size_t j = i + 1; j < rows.size() && rows[j].kind == rows[i].kind && rows[j].name == rows[i].name; ++j) {
      if (rows[i].kind != RowKind::Attribute) {
        ADD_FAILURE() << "duplicate " << to_string(rows[i].kind) << " " << rows[i].name;
      } else {
        EXPECT_EQ(rows[i].objects & rows[j].objects, 0u) << "attribute " << rows[i].name << " has two rows for "
                                                         << objects_to_string(rows[i].objects & rows[j].objects);
      }
    }
  }
}

TEST(ParameterTable, EnumRowsListTheirValuesAndDefaultToOne) {
  std::size_t enums = 0;
  for (const Row& r : all_rows()) {
    if (r.type != ValueType::Enum && r.type != ValueType::EnumList) {
      EXPECT_TRUE(r.allowed.empty()) << r.name << " is not an enum but lists values";
      continue;
    }
    ++enums;
    const auto values = allowed_values(r);
    ASSERT_FALSE(values.empty()) << r.name;
    for (std::string_view v : values) EXPECT_FALSE(v.empty()) << r.name << ": empty value";
    if (r.type == ValueType::Enum && !r.default_value.empty()) {
      EXPECT_NE(std::find(values.begin(), values.end(), r.default_value), values.end())
          << r.name << " defaults to " << r.default_value << ", not one of " << r.allowed;
    }
  }
  EXPECT_GT(enums, 20u);
}

// The IR's policy enums name exactly the values the table allows, in its order: the lowering
// types every value lint accepts, and nothing lint refuses.
template <class E>
void expect_same_values(std::string_view parameter, std::string_view attribute_family = "") {
  const Row* row = attribute_family.empty() ? find_parameter(parameter)
                                            : find_attribute(parameter, *object_for_family(attribute_family));
  ASSERT_NE(row, nullptr) << parameter;
  const auto names = ir::enum_names<E>();
  EXPECT_EQ(allowed_values(*row), std::vector<std::string_view>(names.begin(), names.end())) << parameter;
}

TEST(ParameterTable, PolicyEnumsOfTheIrAreTheAllowedValues) {
  expect_same_values<ir::BackfillPolicy>("BACKFILLPOLICY");
  expect_same_values<ir::BackfillMetric>("BACKFILLMETRIC");
  expect_same_values<ir::ReservationPolicy>("RESERVATIONPOLICY");
  expect_same_values<ir::ReservationThreshold>("RESERVATIONTHRESHOLDTYPE");
  expect_same_values<ir::AccrualPolicy>("JOBPRIOACCRUALPOLICY");
  expect_same_values<ir::NodeAllocationPolicy>("NODEALLOCATIONPOLICY");
  expect_same_values<ir::NodeAccessPolicy>("NODEACCESSPOLICY");
  expect_same_values<ir::NodeAccessPolicy>("NODEACCESSPOLICY", "CLASSCFG");
}

TEST(ParameterTable, CanonicalNamesExist) {
  for (const Row& r : all_rows()) {
    const bool needs =
        r.support == Support::Obsolete || r.support == Support::Misspelling || r.support == Support::ManualName;
    EXPECT_EQ(needs, !r.canonical.empty()) << r.name << ": canonical only for obsolete/misspelt";
    if (!needs) continue;
    EXPECT_NE(r.canonical, r.name);
    const Row* target = nullptr;
    switch (r.kind) {
      case RowKind::Parameter: target = find_parameter(r.canonical); break;
      case RowKind::Family: target = find_family(r.canonical); break;
      case RowKind::Attribute:
        for (Object o : objects_in(r.objects)) {
          target = find_attribute(r.canonical, o);
          EXPECT_NE(target, nullptr) << r.name << " -> " << r.canonical << " in " << family_name(o);
        }
        break;
    }
    ASSERT_NE(target, nullptr) << r.name << " -> " << r.canonical;
    EXPECT_EQ(target->kind, r.kind) << r.name;
    EXPECT_TRUE(target->support != Support::Misspelling && target->support != Support::Obsolete)
        << r.name << " -> " << r.canonical << " is itself not a current name";
  }
}

TEST(ParameterTable, EngineDefaults) {
  // Where the manual and Maui 3.3.1's code disagree (docs/reference/maui-3.3-semantics.md section
  // 13 #4-#7), the table holds the manual's default (docs/semantics.md) and the row's Maui 3.3.1
  // note names the code's.
  const std::vector<std::pair<std::string_view, std::string_view>> expected = {
      {"FSDEPTH", "7"},
      {"FSINTERVAL", "24:00:00"},
      {"XFMINWCLIMIT", ""},
      {"QUEUETIMEWEIGHT", "1"},
      {"FSWEIGHT", "0"},
      {"TARGETWEIGHT", "0"},
      {"RESWEIGHT", "0"},
      {"USAGEWEIGHT", "0"},
      {"SERVICEWEIGHT", "1"},
      {"CREDWEIGHT", "1"},
      {"USERWEIGHT", "0"},
      {"RESERVATIONDEPTH", "1"},
      {"BACKFILLPOLICY", "FIRSTFIT"},
      {"NODEALLOCATIONPOLICY", "LASTAVAILABLE"},
      {"RESERVATIONPOLICY", "CURRENTHIGHEST"},
      {"REJECTNEGPRIOJOBS", "TRUE"},
  };
  for (const auto& [name, def] : expected) {
    const Row* r = find_parameter(name);
    ASSERT_NE(r, nullptr) << name;
    EXPECT_EQ(r->default_value, def) << name;
  }
  EXPECT_EQ(attribute("DEPTH", kSres).default_value, "2");
  EXPECT_EQ(attribute("ACCESS", kSres).default_value, "DEDICATED");
  for (std::string_view name : {"FSDEPTH", "FSINTERVAL", "XFMINWCLIMIT", "FSWEIGHT", "REJECTNEGPRIOJOBS"})
    EXPECT_NE(find_parameter(name)->maui331.find("Maui 3.3.1 defaults"), std::string_view::npos) << name;
  EXPECT_EQ(attribute("PERIOD", kSres).default_value, "DAY");
}

// The ranges lint checks numbers against (out-of-range) are the rows' own: only on numbers,
// each a real interval with its reason, and the limits Maui and the manual state.
TEST(ParameterTable, RangesAreOnNumbersAndSayWhy) {
  std::size_t ranged = 0;
  for (const Row& r : all_rows()) {
    if (!r.range) continue;
    ++ranged;
    EXPECT_TRUE(r.type == ValueType::Integer || r.type == ValueType::Double || r.type == ValueType::Duration)
        << r.name << " has a range but is a " << to_string(r.type);
    EXPECT_LT(r.range->min, r.range->max) << r.name;
    EXPECT_FALSE(r.range->why.empty()) << r.name;
  }
  EXPECT_EQ(ranged, 13u);
  const auto range_of = [](const Row& r) { return r.range.value_or(ValueRange{}); };
  EXPECT_EQ(range_of(parameter("SERVERPORT")).max, 65535);
  EXPECT_EQ(range_of(parameter("FSDEPTH")).max, 24);
  EXPECT_TRUE(range_of(parameter("FSDECAY")).min_open) << "a decay of 0 is out of range";
  EXPECT_FALSE(range_of(parameter("FSDEPTH")).min_open);
  EXPECT_EQ(range_of(attribute("DEPTH", kSres)).max, 64);
  EXPECT_EQ(range_of(attribute("LOGLEVEL", kRm)).max, 9) << "Moab's RMCFG LOGLEVEL as the scalar";
  EXPECT_FALSE(parameter("RESERVATIONQOSLIST").range.has_value());
}

TEST(ParameterTable, ClassifiesSpecialNames) {
  EXPECT_EQ(parameter("SERVERHOST").flags & kRequired, kRequired);
  EXPECT_EQ(parameter("ATTRWEIGHT").support, Support::Ignored);
  EXPECT_EQ(parameter("USEMACHINESPEED").support, Support::Ignored);
  EXPECT_EQ(parameter("QUEUETIMEWEIGHT").support, Support::Engine);
  EXPECT_NE(parameter("QUEUETIMEWEIGHT").flags & kPartitionScoped, 0u);
  EXPECT_NE(parameter("RESERVATIONDEPTH").flags & kIndexed, 0u);
  EXPECT_NE(parameter("RESERVATIONDEPTH").flags & kPerReservationGroup, 0u);
  EXPECT_NE(parameter("RESERVATIONQOSLIST").flags & kPerReservationGroup, 0u);
  EXPECT_EQ(parameter("BACKFILLDEPTH").flags & kPerReservationGroup, 0u);
  EXPECT_NE(parameter("SRDAYS").flags & kPerSres, 0u);
  EXPECT_NE(parameter("QOSFLAGS").flags & kPerQos, 0u);
  EXPECT_NE(parameter("RMTYPE").flags & kPerRm, 0u);
  EXPECT_EQ(family("SCHEDCFG").support, Support::MoabOnly);
  EXPECT_NE(attribute("CSKEY", kClient).flags & kSecret, 0u);
  EXPECT_NE(attribute("OMAXJOB", kQos).flags & kOverride, 0u);
  EXPECT_EQ(find_attribute("OMAXJOB", kUser), nullptr) << "override limits exist only on QOSCFG";
  EXPECT_NE(attribute("MAXNODE", kClass).flags & kMultiDim, 0u);
  EXPECT_EQ(attribute("TIMELIMIT", kSres).type, ValueType::AclList);
  EXPECT_EQ(attribute("MAXJOB", kUser).type, ValueType::Limit);
  EXPECT_EQ(attribute("MAXJOB", kNode).type, ValueType::Integer);
}

// --- lookups -------------------------------------------------------------------------------------

TEST(Lookup, MisspellingsResolveToTheirCanonicalNames) {
  const std::vector<std::pair<std::string_view, std::string_view>> params = {{"LOGFILEROLEDEPTH", "LOGFILEROLLDEPTH"},
                                                                             {"ADMINHOST", "ADMINHOSTS"}};
  for (const auto& [wrong, right] : params) {
    const Row* r = find_parameter(wrong);
    ASSERT_NE(r, nullptr) << wrong;
    EXPECT_EQ(r->support, Support::Misspelling);
    EXPECT_EQ(r->canonical, right);
  }
  EXPECT_EQ(family("ACCTCFG").canonical, "ACCOUNTCFG");
  EXPECT_EQ(object_for_family("ACCTCFG"), kAccount) << "attributes of ACCTCFG are ACCOUNTCFG's";
  EXPECT_EQ(attribute("PRIOTIRY", kQos).canonical, "PRIORITY");
  EXPECT_EQ(attribute("MAXNODES", kGroup).canonical, "MAXNODE");
  EXPECT_EQ(attribute("MAXPROCS", kQos).canonical, "MAXPROC");
  EXPECT_EQ(attribute("ACCCOUNTLIST", kSres).canonical, "ACCOUNTLIST");
  EXPECT_EQ(attribute("FLAGS", kClass).canonical, "JOBFLAGS");
  // Obsolete names are translated by Maui itself.
  EXPECT_EQ(parameter("UFSWEIGHT").canonical, "FSUSERWEIGHT");
  EXPECT_EQ(parameter("BACKFILLTYPE").support, Support::Obsolete);
}

TEST(Lookup, IsCaseSensitiveLikeMaui) {
  EXPECT_EQ(find_parameter("reservationdepth"), nullptr);
  const Row* r = find_parameter_ignoring_case("reservationdepth");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->name, "RESERVATIONDEPTH");
  EXPECT_EQ(parameter_ignoring_case("srcfg").name, "SRCFG");
  EXPECT_EQ(find_attribute("maxjob", kUser), nullptr);
  ASSERT_NE(find_attribute_ignoring_case("maxjob", kUser), nullptr);
  EXPECT_EQ(attribute_ignoring_case("maxjob", kUser).type, ValueType::Limit);
  EXPECT_EQ(attribute_ignoring_case("maxjob", kNode).type, ValueType::Integer);
  // Both `SUN` and `Sun` are in Maui's name list; the exact spelling wins.
  EXPECT_EQ(parameter_ignoring_case("Sun").name, "Sun");
  EXPECT_EQ(find_parameter_ignoring_case("NOSUCHPARAMETER"), nullptr);
}

TEST(Lookup, AttributesDependOnTheFamily) {
  EXPECT_EQ(attribute("PRIORITY", kUser).type, ValueType::Integer);
  EXPECT_NE(find_attribute("PRIORITY", kUser), find_attribute("PRIORITY", kSres));
  EXPECT_NE(find_attribute("PRIORITY", kSres), find_attribute("PRIORITY", kNode));
  EXPECT_EQ(attribute("FLAGS", kSres).support, Support::Engine);
  EXPECT_EQ(attribute("FLAGS", kRm).support, Support::MoabOnly);
  EXPECT_EQ(find_attribute("HOSTLIST", kUser), nullptr);
  EXPECT_EQ(find_attribute("QTWEIGHT", kClass), nullptr) << "QTWEIGHT is QOSCFG only";
}

TEST(Lookup, SuggestsCloseNames) {
  const auto s = suggest_parameters("RESERVATIONDEPHT");
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s.front(), "RESERVATIONDEPTH");
  // A misspelling row is never suggested, its canonical is.
  const auto roll = suggest_parameters("LOGFILEROLEDEPT", 3);
  ASSERT_FALSE(roll.empty());
  EXPECT_EQ(roll.front(), "LOGFILEROLLDEPTH");
  EXPECT_EQ(std::find(roll.begin(), roll.end(), "LOGFILEROLEDEPTH"), roll.end());
  // Wrong case is the closest possible suggestion.
  EXPECT_EQ(first(suggest_parameters("backfillpolicy")), "BACKFILLPOLICY");
  EXPECT_TRUE(suggest_parameters("COMPLETELYUNRELATEDWORD").empty());
  EXPECT_LE(suggest_parameters("FSWEIGT", 3).size(), 3u);
  const auto attr = suggest_attributes("MAXJBO", kUser);
  ASSERT_EQ(attr.size(), 1u);
  EXPECT_EQ(attr.front(), "MAXJOB");
  EXPECT_EQ(first(suggest_attributes("HOSTLSIT", kSres)), "HOSTLIST");
}

TEST(Lookup, ExplainShowsEveryRowOfAName) {
  const auto rows = explain("PRIORITY");
  std::set<std::uint32_t> objects;
  for (const Row* r : rows) {
    EXPECT_EQ(r->name, "PRIORITY");
    EXPECT_EQ(r->kind, RowKind::Attribute);
    objects.insert(r->objects);
  }
  EXPECT_GE(rows.size(), 3u) << "credential, SRCFG and NODECFG PRIORITY";
  EXPECT_EQ(objects.size(), rows.size());
  // Case-insensitive, and across kinds: LOGLEVEL is a parameter and an RMCFG/APPCFG attribute.
  const auto loglevel = explain("loglevel");
  ASSERT_GE(loglevel.size(), 2u);
  EXPECT_EQ(loglevel.front()->kind, RowKind::Parameter);
  EXPECT_EQ(loglevel.back()->kind, RowKind::Attribute);
  EXPECT_TRUE(explain("NOSUCHNAME").empty());
}

TEST(Lookup, FamilyNamesRoundTrip) {
  for (std::uint32_t bit = 1; bit <= kApp; bit <<= 1) {
    const auto object = static_cast<Object>(bit);
    const std::string_view name = family_name(object);
    ASSERT_FALSE(name.empty()) << bit;
    EXPECT_EQ(object_for_family(name), object) << name;
    EXPECT_NE(find_family(name), nullptr) << name;
  }
  EXPECT_EQ(objects_to_string(kUser | kSres), "USERCFG SRCFG");
  EXPECT_EQ(object_for_family("QUEUECFG"), std::nullopt);
  EXPECT_EQ(object_for_family("NOTAFAMILY"), std::nullopt);
}

TEST(Lookup, AllowedValuesSplitsTheList) {
  const auto values = allowed_values(parameter("BACKFILLPOLICY"));
  const std::vector<std::string_view> expected = {"NONE",        "FIRSTFIT", "BESTFIT", "GREEDY",
                                                  "BESTTIMEFIT", "LAZY",     "PREEMPT"};
  EXPECT_EQ(values, expected);
  EXPECT_TRUE(allowed_values(parameter("LOGLEVEL")).empty());
}

// --- generated documentation ---------------------------------------------------------------------

TEST(ParameterDocs, CommittedPageIsUpToDate) {
  const fs::path page = fs::path(MAUI_SOURCE_DIR) / "docs/parameters.md";
  const auto expected = split_lines(render_parameter_docs());
  const auto actual = split_lines(read_file(page));
  // Report the first differing line rather than two whole pages.
  std::size_t n = 0;
  while (n < expected.size() && n < actual.size() && expected[n] == actual[n]) ++n;
  EXPECT_TRUE(n == expected.size() && n == actual.size())
      << page.string() << ":" << n + 1 << " is stale (expected: \""
      << (n < expected.size() ? expected[n] : "<end of page>") << "\"); rebuild it with "
      << "`cmake --build <build> --target param_docs`";
  EXPECT_TRUE(read_file(page) == render_parameter_docs())
      << page.string() << ": line endings or the final newline differ";
}

TEST(ParameterDocs, ListsEveryRowOnce) {
  const std::string page = render_parameter_docs();
  std::size_t table_rows = 0;
  for (const std::string& line : split_lines(page)) {
    if (line.starts_with("| `")) ++table_rows;
  }
  EXPECT_EQ(table_rows, all_rows().size());
  EXPECT_NE(page.find("| `BACKFILLPOLICY` | enum |"), std::string::npos);
  EXPECT_NE(page.find("NONE\\|FIRSTFIT"), std::string::npos) << "| must be escaped in cells";
}

}  // namespace
}  // namespace maui::schema
