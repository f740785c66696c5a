// Golden tests of `mauic migrate --to slurm`: the three Slurm files and MIGRATION.md of
//   - every case of tests/golden/ whose input.cfg compiles (tests/golden/<case>/migrate/),
//   - the configs written for the migration's tests (tests/migrate/<case>/input.cfg, the live
//     tests' among them; expected files in tests/migrate/<case>/expected/),
//   - the examples (examples/<name>.cfg; expected files in tests/migrate/examples/<name>/).
// Each case is migrated in its own directory, so that the files name it by a stable relative
// path. Regenerate with  MAUI_UPDATE_GOLDEN=1 ./migrate_golden_tests  and review the diff.
#include <algorithm>
#include <filesystem>

#include <gtest/gtest.h>

#include "checker/pipeline.h"
#include "migrate/migration.h"
#include "migrate/report.h"
#include "tests/golden_support.h"

namespace fs = std::filesystem;

namespace {

struct Case {
  std::string name;    // the test's name
  fs::path dir;        // where the config is
  std::string config;  // its file name there
  fs::path expected;   // where its expected files are
};

std::vector<Case> cases() {
  std::vector<Case> out;
  const fs::path root(MAUI_SOURCE_DIR);
  for (const auto& e : fs::directory_iterator(root / "tests" / "golden"))
    if (e.is_directory() && fs::exists(e.path() / "input.cfg"))
      out.push_back({"golden_" + e.path().filename().string(), e.path(), "input.cfg", e.path() / "migrate"});
  for (const auto& e : fs::directory_iterator(root / "tests" / "migrate"))
    if (e.is_directory() && fs::exists(e.path() / "input.cfg"))
      out.push_back({"migrate_" + e.path().filename().string(), e.path(), "input.cfg", e.path() / "expected"});
  for (const auto& e : fs::directory_iterator(root / "examples"))
    if (e.path().extension() == ".cfg")
      out.push_back({"example_" + e.path().stem().string(), root / "examples", e.path().filename().string(),
                     root / "tests" / "migrate" / "examples" / e.path().stem().string()});
  std::sort(out.begin(), out.end(), [](const Case& a, const Case& b) { return a.name < b.name; });
  return out;
}

std::string test_name(const testing::TestParamInfo<Case>& info) {
  std::string n = info.param.name.substr(0, 60);
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

class MigrateGolden : public testing::TestWithParam<Case> {};

TEST_P(MigrateGolden, FilesMatch) {
  const Case& c = GetParam();
  const auto old = fs::current_path();
  fs::current_path(c.dir);
  auto unit = maui::checker::check_file(c.config);
  fs::current_path(old);
  ASSERT_TRUE(unit->loaded);
  if (unit->diagnostics.has_errors()) {
    // Not migrated (mauic migrate exits 2): no expected files may linger for it.
    EXPECT_FALSE(fs::exists(c.expected)) << c.expected << ": the config does not compile, so nothing is migrated";
    return;
  }
  maui::migrate::Options o;
  o.config_name = c.config;
  fs::current_path(c.dir);
  const auto m = maui::migrate::migrate_to_slurm(*unit, o);
  fs::current_path(old);
  if (maui::testing_support::updating_goldens()) fs::create_directories(c.expected);
  maui::testing_support::compare_golden(c.expected / "slurm.conf", maui::migrate::slurm_conf_text(m, o));
  maui::testing_support::compare_golden(c.expected / "sacctmgr.sh", maui::migrate::sacctmgr_script(m, o));
  maui::testing_support::compare_golden(c.expected / "scontrol.sh", maui::migrate::scontrol_script(m, o));
  maui::testing_support::compare_golden(c.expected / "MIGRATION.md", maui::migrate::migration_markdown(m, o));
}

INSTANTIATE_TEST_SUITE_P(Cases, MigrateGolden, testing::ValuesIn(cases()), test_name);

}  // namespace
