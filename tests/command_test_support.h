// Shared by the tests that run a built command (mauic, mauirun) in a temporary directory: the
// command runs through /bin/sh with `exec`, so a crash shows up as a signal, not an exit code.
#pragma once

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace maui::testing_support {

struct CommandOutcome {
  bool exited = false;  // false: killed by a signal (a crash)
  int code = -1;        // exit code when `exited`
  int signal = 0;
  std::string out;
  std::string err;
};

inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A test with its own empty temporary directory, removed afterwards.
class TempDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (std::filesystem::temp_directory_path() / "maui-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = std::filesystem::canonical(pattern);
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }

  std::filesystem::path write(const std::string& name, std::string_view text) {
    std::filesystem::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }

  // Runs `BINARY ARGS` (ARGS already shell-quoted) in the temporary directory.
  CommandOutcome run_in_dir(const std::string& binary, const std::string& args) {
    std::filesystem::path err = dir_ / ".stderr";
    std::string cmd = "cd " + shell_quote(dir_.string()) + " && exec " + shell_quote(binary) + " " + args + " 2>" +
                      shell_quote(err.string());
    CommandOutcome r;
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) {
      ADD_FAILURE() << "popen failed: " << cmd;
      return r;
    }
    char buffer[65536];
    std::size_t n;
    while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) r.out.append(buffer, n);
    int status = pclose(pipe);
    r.exited = WIFEXITED(status);
    r.code = r.exited ? WEXITSTATUS(status) : -1;
    r.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    r.err = slurp(err);
    return r;
  }

  std::filesystem::path dir_;
};

}  // namespace maui::testing_support
