// A directory of a test's own under /tmp, removed with everything in it when the test is done
// (a test that leaves its files behind fills the CI machine's /tmp run after run).
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

#include <gtest/gtest.h>

namespace maui::testing_support {

class TempDir {
 public:
  // `stem` names the directory (/tmp/STEM-XXXXXX), so that one left by a crash says whose it is.
  explicit TempDir(std::string_view stem = "mauirun-test") {
    std::string pattern = "/tmp/" + std::string(stem) + "-XXXXXX";
    if (!::mkdtemp(pattern.data())) ADD_FAILURE() << "mkdtemp " << pattern;
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::string str() const { return path_.string(); }
  void write(const std::string& name, std::string_view text) const {
    std::ofstream(path_ / name, std::ios::binary) << text;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace maui::testing_support
