// Golden tests of every view through `mauirun simulate --stop-at SECOND --show VIEW`, in text and
// JSON, on the cases of tests/views/: each folder has a config (case.cfg), a trace (case.swf),
// the simulate arguments (case.args: nodes, the stop second, reservations) and the views to show
// (shows, one a line); the expected outputs are <view>.txt and <view>.json, named after the view
// (`showq -b` -> showq_b). The small cases are worked out by hand in tests/views/README.md.
//
// Regenerate with:  MAUI_UPDATE_GOLDEN=1 build/release/tests/views_golden_tests   (then review the diff)
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "llvm/Support/JSON.h"
#include "tests/command_test_support.h"
#include "tests/golden_support.h"

namespace {

namespace fs = std::filesystem;
using maui::testing_support::compare_golden;
using maui::testing_support::read_file;
using maui::testing_support::shell_quote;

fs::path cases_dir() { return fs::path(MAUI_SOURCE_DIR) / "tests" / "views"; }

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

// `showq -b -u u1` -> showq_b_u_u1
std::string slug(const std::string& view) {
  std::string out;
  for (char c : view) {
    if (c == ' ')
      out += '_';
    else if (c != '-')
      out += c;
  }
  return out;
}

struct Outcome {
  int code = -1;
  std::string out, err;
};

// Runs mauirun in the case's folder, so that the config's name in the output is relative.
Outcome mauirun(const fs::path& dir, const std::string& args) {
  char err_path[] = "/tmp/views-golden-XXXXXX";
  const int fd = mkstemp(err_path);
  if (fd >= 0) close(fd);
  const std::string cmd = "cd " + shell_quote(dir.string()) + " && exec " + shell_quote(MAUIRUN_PATH) + " " + args +
                          " 2>" + shell_quote(err_path);
  Outcome r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return r;
  char buffer[65536];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) r.out.append(buffer, n);
  const int status = pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.err = read_file(err_path);
  unlink(err_path);
  return r;
}

struct Case {
  std::string name, view;
};

std::vector<Case> all_cases() {
  std::vector<Case> out;
  std::vector<fs::path> dirs;
  for (const auto& e : fs::directory_iterator(cases_dir()))
    if (e.is_directory()) dirs.push_back(e.path());
  std::sort(dirs.begin(), dirs.end());
  for (const auto& d : dirs) {
    std::istringstream shows(read_file(d / "shows"));
    for (std::string line; std::getline(shows, line);)
      if (!trimmed(line).empty() && line[0] != '#') out.push_back({d.filename().string(), trimmed(line)});
  }
  return out;
}

class ViewGolden : public ::testing::TestWithParam<Case> {};

TEST_P(ViewGolden, TextAndJson) {
  const Case& c = GetParam();
  const fs::path dir = cases_dir() / c.name;
  const std::string base = "simulate --config case.cfg --trace case.swf " + trimmed(read_file(dir / "case.args")) +
                           " --show " + shell_quote(c.view);
  const Outcome text = mauirun(dir, base);
  EXPECT_EQ(text.code, 0) << text.err;
  EXPECT_EQ(text.err, "");
  compare_golden(dir / (slug(c.view) + ".txt"), text.out);
  const Outcome json = mauirun(dir, base + " --format json");
  EXPECT_EQ(json.code, 0) << json.err;
  auto parsed = llvm::json::parse(json.out);
  EXPECT_TRUE(bool(parsed)) << json.out;
  if (!parsed) llvm::consumeError(parsed.takeError());
  compare_golden(dir / (slug(c.view) + ".json"), json.out);
}

INSTANTIATE_TEST_SUITE_P(Views, ViewGolden, ::testing::ValuesIn(all_cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           std::string name = info.param.name + "_" + slug(info.param.view);
                           for (char& ch : name)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return name;
                         });

// The real Maui 3.3.1's outputs (tests/maui331/README.md): each folder is one scenario stopped at a
// second where Maui and mauirun had made the same decisions; `exact` lists the views whose text
// must be Maui's, line for line. The expectations are Maui's recorded text, never regenerated.
fs::path maui_dir() { return fs::path(MAUI_SOURCE_DIR) / "tests" / "maui331"; }

// `checkjob 11 -v` -> checkjob-11-v.txt, as the reference names its files.
std::string maui_file(const std::string& view) {
  std::string out;
  for (char c : view) {
    if (c == ' ')
      out += '-';
    else if (c != '-')
      out += c;
  }
  return out + ".txt";
}

std::vector<Case> maui_cases() {
  std::vector<Case> out;
  std::vector<fs::path> dirs;
  for (const auto& e : fs::directory_iterator(maui_dir()))
    if (e.is_directory()) dirs.push_back(e.path());
  std::sort(dirs.begin(), dirs.end());
  for (const auto& d : dirs) {
    std::istringstream shows(read_file(d / "exact"));
    for (std::string line; std::getline(shows, line);)
      if (!trimmed(line).empty() && line[0] != '#') out.push_back({d.filename().string(), trimmed(line)});
  }
  return out;
}

// An `exact` line is a view, or `VIEW = COMMAND`: our VIEW is checked against Maui's answer to
// COMMAND (Maui's clients ran as root, and `showbf -u root -g root` asks what its `showbf` did);
// `VIEW ! PREFIX` leaves out of both texts the line that starts with PREFIX, a documented
// difference (docs/views.md: Maui's simulator records a job's real run time, a scheduler does not).
struct MauiCheck {
  std::string view, file, skipped;
};
MauiCheck check_of(const std::string& line) {
  MauiCheck c{line, "", ""};
  if (const auto bang = c.view.find(" ! "); bang != std::string::npos)
    c.skipped = c.view.substr(bang + 3), c.view.resize(bang);
  std::string asked = c.view;
  if (const auto eq = c.view.find(" = "); eq != std::string::npos) asked = c.view.substr(eq + 3), c.view.resize(eq);
  c.file = maui_file(asked);
  return c;
}

std::string without(const std::string& text, const std::string& prefix) {
  if (prefix.empty()) return text;
  std::istringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line);)
    if (line.rfind(prefix, 0) != 0) out += line + "\n";
  return out;
}

class MauiReference : public ::testing::TestWithParam<Case> {};

TEST_P(MauiReference, LineForLine) {
  const Case& c = GetParam();
  const fs::path dir = maui_dir() / c.name;
  const MauiCheck check = check_of(c.view);
  const std::string expected = read_file(dir / check.file);
  ASSERT_FALSE(expected.empty()) << check.file;
  const Outcome text = mauirun(dir, "simulate --config case.cfg --trace case.swf " +
                                        trimmed(read_file(dir / "case.args")) + " --show " + shell_quote(check.view));
  EXPECT_EQ(text.code, 0) << text.err;
  EXPECT_EQ(without(text.out, check.skipped), without(expected, check.skipped));
  if (!check.skipped.empty()) {
    EXPECT_NE(text.out.find(check.skipped), std::string::npos);  // the line is there
  }
}

INSTANTIATE_TEST_SUITE_P(Maui331, MauiReference, ::testing::ValuesIn(maui_cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           std::string name = info.param.name + "_" + slug(check_of(info.param.view).view);
                           for (char& ch : name)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return name;
                         });

// Several views at once: each printed in turn, a blank line between two texts.
TEST(ViewGoldenTool, SeveralShowsPrintInTurn) {
  const fs::path dir = cases_dir() / "story";
  const std::string base = "simulate --config case.cfg --trace case.swf " + trimmed(read_file(dir / "case.args"));
  const Outcome both = mauirun(dir, base + " --show showbf --show 'showstart 2'");
  ASSERT_EQ(both.code, 0) << both.err;
  EXPECT_EQ(both.out, read_file(dir / "showbf.txt") + "\n" + read_file(dir / "showstart_2.txt"));
}

// The simulate command's own usage of --stop-at and --show, and views that fail.
TEST(ViewGoldenTool, StopAtAndShowUsage) {
  const fs::path dir = cases_dir() / "story";
  const std::string base = "simulate --config case.cfg --trace case.swf --nodes 2";
  Outcome r = mauirun(dir, base + " --stop-at 3600");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "mauirun simulate: --stop-at needs a --show 'VIEW ARGS' to print (e.g. --show showq)\n");
  r = mauirun(dir, base + " --show showq");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "mauirun simulate: --show needs --stop-at SECOND: the second of the trace to look at\n");
  r = mauirun(dir, base + " --stop-at 3600 --show 'showq -z'");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "mauirun simulate: --show: showq: unknown option '-z' (expected -r, -i, -b, --explain, -u USER)\n");
  EXPECT_EQ(r.out, "");  // refused before simulating
  r = mauirun(dir, base + " --stop-at 3600 --show 'showstat'");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("unknown command 'showstat'"), std::string::npos) << r.err;
  r = mauirun(dir, base + " --stop-at -1 --show showq");
  EXPECT_EQ(r.code, 2);
  // A view that finds nothing prints its error, the others still print, and its status is the exit code.
  r = mauirun(dir, base + " --stop-at 3600 --show 'checkjob 99' --show showbf");
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, "ERROR:  cannot locate job '99'\n");
  EXPECT_EQ(r.out, read_file(dir / "showbf.txt"));
}

// Before the first submission and after the last job ended the queue is empty.
TEST(ViewGoldenTool, BeforeTheFirstJobAndAfterTheLast) {
  const fs::path dir = cases_dir() / "story";
  const std::string base = "simulate --config case.cfg --trace case.swf --nodes 2 --format json --show showq";
  for (const char* second : {"0", "100000"}) {
    SCOPED_TRACE(second);
    Outcome r = mauirun(dir, base + " --stop-at " + second);
    ASSERT_EQ(r.code, 0) << r.err;
    auto parsed = llvm::json::parse(r.out);
    ASSERT_TRUE(bool(parsed)) << r.out;
    const auto* summary = parsed->getAsObject()->getObject("summary");
    // At 0 job 1 was submitted and started; at 100000 every job has ended.
    EXPECT_EQ(*summary->getInteger("jobs"), std::string(second) == "0" ? 1 : 0);
    EXPECT_EQ(*parsed->getAsObject()->getInteger("now"), 1700000000 + std::stoll(second));
  }
}

}  // namespace
