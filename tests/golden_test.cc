// Golden tests: each folder under tests/golden/ holds an input config (`input.cfg`, plus any
// files it #INCLUDEs) and the expected output of `mauic lint` in `expected.txt`; optionally
// `expected.ir.json` (the compiled IR). The real-world configs of shared/corpus/configs and
// shared/reference/doc-examples.cfg have their expectations in tests/golden/corpus/<file>.txt.
//
// Regenerate every expectation with:  MAUI_UPDATE_GOLDEN=1 ./golden_tests
// then review the diff (the expectations are hand-reviewed, never copied blindly).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

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

std::vector<std::string> case_names() {
  std::vector<std::string> names;
  fs::path root = fs::path(MAUI_SOURCE_DIR) / "tests" / "golden";
  for (const auto& e : fs::directory_iterator(root))
    if (e.is_directory() && fs::exists(e.path() / "input.cfg")) names.push_back(e.path().filename());
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> corpus_names() {
  std::vector<std::string> names;
  fs::path root = fs::path(MAUI_SHARED_DIR) / "corpus" / "configs";
  for (const auto& e : fs::directory_iterator(root)) names.push_back(e.path().filename());
  std::sort(names.begin(), names.end());
  return names;
}

std::string test_name(const testing::TestParamInfo<std::string>& info) {
  std::string n = info.param.substr(0, 60);
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

class GoldenCase : public testing::TestWithParam<std::string> {};

TEST_P(GoldenCase, LintOutputMatches) {
  fs::path dir = fs::path(MAUI_SOURCE_DIR) / "tests" / "golden" / GetParam();
  std::string ir;
  std::string out = lint_in(dir, "input.cfg", &ir);
  maui::testing_support::compare_golden(dir / "expected.txt", out);
  if (fs::exists(dir / "expected.ir.json")) maui::testing_support::compare_golden(dir / "expected.ir.json", ir);
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenCase, testing::ValuesIn(case_names()), test_name);

class GoldenCorpus : public testing::TestWithParam<std::string> {};

TEST_P(GoldenCorpus, LintOutputMatches) {
  fs::path dir = fs::path(MAUI_SHARED_DIR) / "corpus" / "configs";
  std::string out = lint_in(dir, GetParam());
  maui::testing_support::compare_golden(fs::path(MAUI_SOURCE_DIR) / "tests" / "golden" / "corpus" / (GetParam() + ".txt"), out);
  // A real config that Maui accepts gets no errors (only warnings where Maui would misread it).
}

INSTANTIATE_TEST_SUITE_P(Corpus, GoldenCorpus, testing::ValuesIn(corpus_names()), test_name);

TEST(GoldenDocExamples, LintOutputMatches) {
  fs::path dir = fs::path(MAUI_SHARED_DIR) / "reference";
  std::string out = lint_in(dir, "doc-examples.cfg");
  maui::testing_support::compare_golden(fs::path(MAUI_SOURCE_DIR) / "tests" / "golden" / "corpus" / "doc-examples.cfg.txt", out);
}

}  // namespace
