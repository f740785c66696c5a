// The README lists every command of every tool with all its options: it is where a user learns
// what the tools take, so it must say what they take today, no more and no less. Each command's
// usage in the README is checked against what the built tool's `--help` says, both ways: an
// option the tool has and the README lacks fails, and so does an option the README shows that the
// tool no longer has.
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/command_test_support.h"

namespace {

using maui::testing_support::CommandOutcome;
using maui::testing_support::slurp;
using maui::testing_support::TempDirTest;

class Readme : public TempDirTest {
 public:
  std::string help(const std::string& tool, const std::string& args) {
    CommandOutcome r = run_in_dir(tool, args + " --help");
    EXPECT_TRUE(r.exited && r.code == 0) << tool << " " << args << " --help: " << r.err;
    return r.out;
  }
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The subcommands a tool's overview lists ("  name - what it does" under SUBCOMMANDS:).
std::vector<std::string> subcommands(const std::string& overview) {
  std::vector<std::string> out;
  bool in_list = false;
  static const std::regex entry(R"(^  ([a-z]+)\s+- )");
  for (const auto& line : lines_of(overview)) {
    if (line.rfind("SUBCOMMANDS:", 0) == 0)
      in_list = true;
    else if (in_list && line.rfind("OPTIONS:", 0) == 0)
      break;
    std::smatch m;
    if (in_list && std::regex_search(line, m, entry)) out.push_back(m[1]);
  }
  return out;
}

// The options (`--name`, `-o`) and their enumerated values (`=text`) of one subcommand's help,
// without the generic --help options every command has.
struct Options {
  std::set<std::string> names, values;
};
Options options_in_help(const std::string& help, const std::string& sub) {
  Options o;
  const auto at = help.find("SUBCOMMAND '" + sub + "'");
  EXPECT_NE(at, std::string::npos) << help;
  if (at == std::string::npos) return o;
  static const std::regex option(R"(^  (--?[a-z][a-z0-9-]*)[=\s])"), value(R"(^    =([a-z]+)\s)");
  for (const auto& line : lines_of(help.substr(at))) {
    std::smatch m;
    if (std::regex_search(line, m, option) && m[1] != "--help" && m[1] != "--help-list")
      o.names.insert(m[1]);
    else if (std::regex_search(line, m, value))
      o.values.insert(m[1]);
  }
  return o;
}

// The README's usage of `tool sub`: its line in a code block and the indented lines continuing it.
std::string usage_in_readme(const std::vector<std::string>& readme, const std::string& tool, const std::string& sub) {
  std::string usage;
  for (std::size_t i = 0; i < readme.size(); ++i) {
    if (readme[i].rfind(tool + " " + sub + " ", 0) != 0) continue;
    usage = readme[i];
    while (i + 1 < readme.size() && readme[i + 1].rfind("  ", 0) == 0 && readme[i + 1].find('[') != std::string::npos)
      usage += "\n" + readme[++i];
    break;
  }
  return usage;
}

std::set<std::string> options_in_usage(const std::string& usage) {
  std::set<std::string> out;
  static const std::regex option(R"((?:^|[\s\[|])(--?[a-z][a-z0-9-]*))");
  for (auto it = std::sregex_iterator(usage.begin(), usage.end(), option); it != std::sregex_iterator(); ++it)
    out.insert((*it)[1]);
  return out;
}

void expect_readme_matches(Readme& t, const std::string& tool, const std::string& name) {
  const auto readme = lines_of(slurp(std::string(MAUI_SOURCE_DIR) + "/README.md"));
  const auto subs = subcommands(t.help(tool, ""));
  ASSERT_GE(subs.size(), 4u) << name << ": the overview lists too few subcommands";
  for (const auto& sub : subs) {
    const std::string usage = usage_in_readme(readme, name, sub);
    ASSERT_FALSE(usage.empty()) << "README has no usage line for `" << name << " " << sub << "`";
    const Options help = options_in_help(t.help(tool, sub), sub);
    const std::set<std::string> shown = options_in_usage(usage);
    for (const auto& opt : help.names)
      EXPECT_TRUE(shown.count(opt)) << "README's `" << name << " " << sub << "` lacks " << opt << ":\n" << usage;
    for (const auto& opt : shown)
      EXPECT_TRUE(help.names.count(opt)) << "README's `" << name << " " << sub << "` shows " << opt
                                         << ", which the tool does not have";
    for (const auto& v : help.values)
      EXPECT_TRUE(std::regex_search(usage, std::regex("[\\s|]" + v + "[\\]|\\s]")))
          << "README's `" << name << " " << sub << "` lacks the value " << v << ":\n"
          << usage;
  }
}

TEST_F(Readme, ListsEveryMauicCommandWithAllItsOptions) { expect_readme_matches(*this, MAUIC_PATH, "mauic"); }

TEST_F(Readme, ListsEveryMauirunCommandWithAllItsOptions) { expect_readme_matches(*this, MAUIRUN_PATH, "mauirun"); }

}  // namespace
