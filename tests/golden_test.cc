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

#include "checker/pipeline.h"
#include "checker/report.h"
#include "llvm/Support/raw_ostream.h"
#include "schemas/ir_json.h"

namespace fs = std::filesystem;

namespace {

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool updating() {
  const char* u = std::getenv("MAUI_UPDATE_GOLDEN");
  return u && *u && std::string_view(u) != "0";
}

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

void compare(const fs::path& expected_file, const std::string& actual) {
  if (updating()) {
    std::ofstream(expected_file, std::ios::binary) << actual;
    return;
  }
  ASSERT_TRUE(fs::exists(expected_file)) << "missing " << expected_file
                                         << " (run with MAUI_UPDATE_GOLDEN=1 and review it)";
  EXPECT_EQ(read(expected_file), actual) << "golden mismatch: " << expected_file;
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
  compare(dir / "expected.txt", out);
  if (fs::exists(dir / "expected.ir.json")) compare(dir / "expected.ir.json", ir);
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenCase, testing::ValuesIn(case_names()), test_name);

class GoldenCorpus : public testing::TestWithParam<std::string> {};

TEST_P(GoldenCorpus, LintOutputMatches) {
  fs::path dir = fs::path(MAUI_SHARED_DIR) / "corpus" / "configs";
  std::string out = lint_in(dir, GetParam());
  compare(fs::path(MAUI_SOURCE_DIR) / "tests" / "golden" / "corpus" / (GetParam() + ".txt"), out);
  // A real config that Maui accepts gets no errors (only warnings where Maui would misread it).
}

INSTANTIATE_TEST_SUITE_P(Corpus, GoldenCorpus, testing::ValuesIn(corpus_names()), test_name);

TEST(GoldenDocExamples, LintOutputMatches) {
  fs::path dir = fs::path(MAUI_SHARED_DIR) / "reference";
  std::string out = lint_in(dir, "doc-examples.cfg");
  compare(fs::path(MAUI_SOURCE_DIR) / "tests" / "golden" / "corpus" / "doc-examples.cfg.txt", out);
}

}  // namespace
