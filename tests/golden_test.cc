// Golden tests: each folder under tests/golden/ holds an input config (`input.cfg`, plus any
// files it #INCLUDEs) and the expected output of `mauic lint` in `expected.txt`; optionally
// `expected.ir.json` (the compiled IR). The real-world configs of tests/data/corpus/configs and
// the manual's examples, tests/data/doc-examples.cfg, have their expectations in
// tests/golden/corpus/<file>.txt; tests/data/corpus/INDEX.tsv lists the configs with their sources.
//
// The inputs also say, in their comments, which findings each line must get:
//   BACKFILLPOLICY GREEDY   # expect: compat-backfill-policy[, another-rule ...]
//   # expect: include-cycle (next line)      the line after the comment
//   # expect: missing-serverhost (file)      a finding about the whole file (no line)
// and the case's findings must be exactly those, both ways: every expected (file, line, rule)
// is reported, and every finding of the case (in any of its files) is expected on its line by
// its rule. Several findings of one rule on one line are one expectation.
//
// Regenerate every expectation with:  MAUI_UPDATE_GOLDEN=1 ./golden_tests
// then review the diff (the expectations are hand-reviewed, never copied blindly).
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "tests/golden_support.h"

#include "checker/pipeline.h"
#include "checker/report.h"
#include "llvm/Support/raw_ostream.h"
#include "schemas/ir_json.h"

namespace fs = std::filesystem;

namespace {

// Lints `file` (relative to `dir`, so diagnostics show stable relative paths).
std::string lint_in(const fs::path& dir, const std::string& file, std::string* ir_json = nullptr) {
  auto old = fs::current_path();
  fs::current_path(dir);
  auto unit = maui::checker::check_file(file);
  std::string out;
  llvm::raw_string_ostream os(out);
  maui::checker::render_text(os, *unit, false);
  os.flush();
  if (ir_json) *ir_json = maui::ir::to_json(unit->policy);
  fs::current_path(old);
  return out;
}

// (file, line, rule); line 0 = a finding about the whole file.
using Finding = std::tuple<std::string, unsigned, std::string>;

// The `# expect:` comments of every .cfg file of a case.
std::set<Finding> expected_findings(const fs::path& dir) {
  static const std::regex expect(R"re(#.*\bexpect:\s*([a-z0-9-]+(\s*,\s*[a-z0-9-]+)*)\s*(\((next line|file)\))?)re");
  static const std::regex rule("[a-z0-9-]+");
  std::set<Finding> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".cfg") continue;
    std::ifstream in(e.path());
    std::string text;
    for (unsigned number = 1; std::getline(in, text); ++number) {
      std::smatch m;
      if (!std::regex_search(text, m, expect)) continue;
      unsigned line = m[4] == "next line" ? number + 1 : m[4] == "file" ? 0 : number;
      const std::string rules = m[1];
      for (std::sregex_iterator it(rules.begin(), rules.end(), rule), end; it != end; ++it)
        out.insert({e.path().filename().string(), line, it->str()});
    }
  }
  return out;
}

std::string list(const std::set<Finding>& findings) {
  std::string out;
  for (const auto& [file, line, rule] : findings) out += fmt::format("  {}:{} [{}]\n", file, line, rule);
  return out;
}

std::vector<std::string> case_names() {
  std::vector<std::string> names;
  fs::path root = fs::path(MAUI_SOURCE_DIR) / "tests" / "golden";
  for (const auto& e : fs::directory_iterator(root))
    if (e.is_directory() && fs::exists(e.path() / "input.cfg")) names.push_back(e.path().filename());
  std::sort(names.begin(), names.end());
  return names;
}

class GoldenCase : public testing::TestWithParam<std::string> {};

TEST_P(GoldenCase, FindingsAreTheExpectedOnes) {
  fs::path dir = fs::path(MAUI_SOURCE_DIR) / "tests" / "golden" / GetParam();
  const std::set<Finding> expected = expected_findings(dir);
  ASSERT_FALSE(expected.empty()) << dir << ": no '# expect:' comment";
  auto old = fs::current_path();
  fs::current_path(dir);
  auto unit = maui::checker::check_file("input.cfg");
  fs::current_path(old);
  std::set<Finding> reported;
  for (const auto& d : maui::checker::resolve(*unit)) reported.insert({d.file, d.line, d.rule});
  std::set<Finding> missing, unexpected;
  std::set_difference(expected.begin(), expected.end(), reported.begin(), reported.end(),
                      std::inserter(missing, missing.end()));
  std::set_difference(reported.begin(), reported.end(), expected.begin(), expected.end(),
                      std::inserter(unexpected, unexpected.end()));
  EXPECT_TRUE(missing.empty()) << "expected but not reported:\n" << list(missing);
  EXPECT_TRUE(unexpected.empty()) << "reported but not expected:\n" << list(unexpected);
}

TEST_P(GoldenCase, LintOutputMatches) {
  fs::path dir = fs::path(MAUI_SOURCE_DIR) / "tests" / "golden" / GetParam();
  std::string ir;
  std::string out = lint_in(dir, "input.cfg", &ir);
  maui::testing_support::compare_golden(dir / "expected.txt", out);
  if (fs::exists(dir / "expected.ir.json")) maui::testing_support::compare_golden(dir / "expected.ir.json", ir);
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenCase, testing::ValuesIn(case_names()), maui::testing_support::config_test_name);

class GoldenCorpus : public testing::TestWithParam<std::string> {};

TEST_P(GoldenCorpus, LintOutputMatches) {
  std::string out = lint_in(maui::testing_support::corpus_dir(), GetParam());
  maui::testing_support::compare_golden(
      fs::path(MAUI_SOURCE_DIR) / "tests" / "golden" / "corpus" / (GetParam() + ".txt"), out);
  // A real config that Maui accepts gets no errors (only warnings where Maui would misread it).
}

INSTANTIATE_TEST_SUITE_P(Corpus, GoldenCorpus, testing::ValuesIn(maui::testing_support::corpus_config_names()),
                         maui::testing_support::config_test_name);

// The corpus directory holds exactly the configs its INDEX.tsv gives the sources of (the first
// column of every row after the header): none lost, none without a source.
TEST(CorpusData, HoldsExactlyTheIndexedConfigs) {
  const fs::path index = fs::path(MAUI_TEST_DATA_DIR) / "corpus" / "INDEX.tsv";
  std::ifstream in(index);
  ASSERT_TRUE(in) << "cannot read " << index;
  std::set<std::string> indexed;
  std::string row;
  std::getline(in, row);  // the header
  while (std::getline(in, row))
    if (!row.empty()) indexed.insert(row.substr(0, row.find('\t')));
  ASSERT_GE(indexed.size(), 30u) << index << " lists too few configs";
  const auto names = maui::testing_support::corpus_config_names();
  const std::set<std::string> present(names.begin(), names.end());
  for (const auto& name : indexed)
    EXPECT_TRUE(present.count(name)) << "missing from " << maui::testing_support::corpus_dir() << ": " << name;
  for (const auto& name : present) EXPECT_TRUE(indexed.count(name)) << "not in " << index << ": " << name;
}

TEST(GoldenDocExamples, LintOutputMatches) {
  const fs::path dir(MAUI_TEST_DATA_DIR);
  ASSERT_TRUE(fs::exists(dir / "doc-examples.cfg")) << "missing " << dir / "doc-examples.cfg";
  std::string out = lint_in(dir, "doc-examples.cfg");
  maui::testing_support::compare_golden(
      fs::path(MAUI_SOURCE_DIR) / "tests" / "golden" / "corpus" / "doc-examples.cfg.txt", out);
}

// The one-line form `mauirun serve` logs (tools/mauirun/serve_command.cc): each diagnostic's
// first line of the lint text, nothing else.
TEST(LintLines, EachDiagnosticOnOneLineAsLintStartsIt) {
  auto unit = maui::checker::check_text("site.cfg", "SERVERHOST h\nFROBNICATEPOLICY 1\nBACKFILLPOLICY SOMETIMES\n");
  const auto resolved = maui::checker::resolve(*unit);
  ASSERT_EQ(resolved.size(), 2u);
  std::string text;
  llvm::raw_string_ostream os(text);
  maui::checker::render_text(os, *unit, false);
  os.flush();
  std::vector<std::string> lint_first_lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("site.cfg:", 0) == 0) lint_first_lines.push_back(line);
  ASSERT_EQ(lint_first_lines.size(), 2u) << text;
  EXPECT_EQ(maui::checker::render_line(resolved[0]), lint_first_lines[0]);
  EXPECT_EQ(maui::checker::render_line(resolved[1]), lint_first_lines[1]);
  EXPECT_EQ(lint_first_lines[0],
            "site.cfg:2:1: warning: unknown parameter 'FROBNICATEPOLICY': Maui ignores this line [unknown-parameter]");
  // Without a line (a file that cannot be read): the file alone.
  maui::checker::ResolvedDiagnostic d;
  d.rule = "io-error";
  d.severity = maui::Severity::Error;
  d.file = "missing.cfg";
  d.message = "No such file or directory";
  EXPECT_EQ(maui::checker::render_line(d), "missing.cfg: error: No such file or directory [io-error]");
}

}  // namespace
