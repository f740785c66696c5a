// Golden files shared by the golden tests of lint (tests/golden_test.cc) and of mauic check
// (tests/prove_*test.cc): read an expectation, compare with it, or rewrite it when
// MAUI_UPDATE_GOLDEN is set (then review the diff); and the real-world configs both run on.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <gtest/gtest.h>

namespace maui::testing_support {

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline bool updating_goldens() {
  const char* u = std::getenv("MAUI_UPDATE_GOLDEN");
  return u && *u && std::string_view(u) != "0";
}

inline void compare_golden(const std::filesystem::path& expected_file, const std::string& actual) {
  if (updating_goldens()) {
    std::ofstream(expected_file, std::ios::binary) << actual;
    return;
  }
  ASSERT_TRUE(std::filesystem::exists(expected_file))
      << "missing " << expected_file << " (run with MAUI_UPDATE_GOLDEN=1 and review it)";
  EXPECT_EQ(read_file(expected_file), actual) << "golden mismatch: " << expected_file;
}

// The real-world configs (tests/data/README.md), in the repository so that a clone tests itself.
inline std::filesystem::path corpus_dir() { return std::filesystem::path(MAUI_TEST_DATA_DIR) / "corpus" / "configs"; }

// The corpus configs' file names, sorted. A missing directory gives none instead of throwing
// while the tests register: a suite instantiated on no names then fails (gtest's check for a
// parameterized suite that generates nothing) rather than passing with nothing checked, and
// CorpusData (tests/golden_test.cc) names what is missing.
inline std::vector<std::string> corpus_config_names() {
  std::vector<std::string> names;
  std::error_code error;
  for (std::filesystem::directory_iterator it(corpus_dir(), error), end; !error && it != end; it.increment(error))
    names.push_back(it->path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// A test's name for a case named after its folder or config file: its first 60 characters, each
// that is no letter or digit as `_` (gtest allows nothing else).
inline std::string config_test_name(const testing::TestParamInfo<std::string>& info) {
  std::string name = info.param.substr(0, 60);
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

}  // namespace maui::testing_support
