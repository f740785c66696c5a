// The rule registry against its documentation and its golden tests: every rule has a doc page
// (docs/rules/<id>.md) listed in docs/rules/README.md and a golden case (tests/golden/<id>/) whose
// expected output shows the rule; every rule id that any expected output mentions is registered;
// the registry is sorted and has no duplicates.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "checker/rules.h"

namespace fs = std::filesystem;

namespace {

const fs::path kSource = MAUI_SOURCE_DIR;

// Rules that no file in a folder can produce: they have a doc page but no golden case.
const std::set<std::string> kNoGoldenCase = {
    "io-error",  // the main file itself cannot be read
};

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// Every expected output under tests/golden/: <case>/expected.txt and corpus/*.txt.
std::vector<fs::path> expectation_files() {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(kSource / "tests" / "golden")) {
    if (!e.is_regular_file()) continue;
    const auto& p = e.path();
    if (p.filename() == "expected.txt" || (p.parent_path().filename() == "corpus" && p.extension() == ".txt"))
      files.push_back(p);
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The rule ids of the diagnostic lines of a rendered lint output:
// `file:line:col: warning: message [rule-id]` or `file: error: message [rule-id]`.
std::set<std::string> rules_mentioned(const std::string& output) {
  static const std::regex diagnostic(R"(: (error|warning|note): .* \[([a-z][a-z0-9-]*)\]$)");
  std::set<std::string> ids;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (std::regex_search(line, m, diagnostic)) ids.insert(m[2]);
  }
  return ids;
}

TEST(RuleRegistry, IsSortedAndUnique) {
  auto rules = maui::checker::all_rules();
  ASSERT_FALSE(rules.empty());
  for (std::size_t i = 1; i < rules.size(); ++i)
    EXPECT_LT(rules[i - 1].id, rules[i].id) << "registry not sorted or duplicate id at " << rules[i].id;
  for (const auto& r : rules) {
    EXPECT_FALSE(r.summary.empty()) << r.id;
    EXPECT_EQ(maui::checker::find_rule(r.id), &r) << r.id;
  }
}

// The constants of schemas/rule_ids.h, which every layer reports with, are the registry's rules.
TEST(RuleRegistry, ListsEveryRuleConstant) {
  static const std::regex constant(R"re(inline constexpr RuleId k\w+\{"([a-z0-9-]+)", Severity::\w+\};)re");
  const std::string header = read(kSource / "schemas" / "rule_ids.h");
  std::set<std::string> constants;
  for (std::sregex_iterator it(header.begin(), header.end(), constant), end; it != end; ++it)
    constants.insert((*it)[1]);
  std::set<std::string> registered;
  for (const auto& r : maui::checker::all_rules()) registered.insert(std::string(r.id));
  EXPECT_EQ(constants, registered);
}

TEST(RuleDocs, EveryRuleHasAPage) {
  for (const auto& r : maui::checker::all_rules()) {
    std::string id(r.id);
    fs::path page = kSource / "docs" / "rules" / (id + ".md");
    ASSERT_TRUE(fs::exists(page)) << "missing doc page " << page;
    EXPECT_EQ(first_line(read(page)), "# " + id) << page;
  }
}

TEST(RuleDocs, EveryPageIsARule) {
  for (const auto& e : fs::directory_iterator(kSource / "docs" / "rules")) {
    if (e.path().extension() != ".md" || e.path().filename() == "README.md") continue;
    EXPECT_NE(maui::checker::find_rule(e.path().stem().string()), nullptr)
        << "doc page of an unregistered rule: " << e.path();
  }
}

TEST(RuleDocs, ReadmeListsEveryRule) {
  std::string readme = read(kSource / "docs" / "rules" / "README.md");
  ASSERT_FALSE(readme.empty());
  for (const auto& r : maui::checker::all_rules()) {
    std::string id(r.id);
    EXPECT_NE(readme.find("[" + id + "](" + id + ".md)"), std::string::npos)
        << "docs/rules/README.md does not link " << id;
  }
}

TEST(RuleGolden, EveryRuleHasACaseShowingIt) {
  for (const auto& r : maui::checker::all_rules()) {
    std::string id(r.id);
    if (kNoGoldenCase.count(id)) continue;
    fs::path dir = kSource / "tests" / "golden" / id;
    ASSERT_TRUE(fs::exists(dir / "input.cfg")) << "missing golden case " << dir;
    ASSERT_TRUE(fs::exists(dir / "expected.txt")) << "missing " << dir / "expected.txt";
    bool shown = rules_mentioned(read(dir / "expected.txt")).count(id) > 0;
    EXPECT_TRUE(shown) << dir / "expected.txt"
                       << " does not show [" << id << "]";
  }
}

TEST(RuleGolden, ExpectationsMentionOnlyRegisteredRules) {
  auto files = expectation_files();
  ASSERT_FALSE(files.empty());
  for (const auto& f : files)
    for (const auto& id : rules_mentioned(read(f)))
      EXPECT_NE(maui::checker::find_rule(id), nullptr) << f << " mentions unregistered rule [" << id << "]";
}

}  // namespace
