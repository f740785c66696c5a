// Golden files shared by the golden tests of lint (tests/golden_test.cc) and of mauic check
// (tests/prove_*test.cc): read an expectation, compare with it, or rewrite it when
// MAUI_UPDATE_GOLDEN is set (then review the diff).
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

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

}  // namespace maui::testing_support
