// The arguments of a client command as the admin typed them (`showq -b -u alice`,
// `checkjob 42 -v`), read against what the command takes. A mistake is one line naming the bad
// argument and what was expected: "showq: unknown option '-x' (expected -r, -i, -b, --explain, -u USER)".
#pragma once

#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace maui::runtime {

struct ArgSpec {
  std::vector<std::string_view> flags;  // "-r", "-v" ...
  // Options that take a value, with the value's name: {"-u", "USER"}.
  std::vector<std::pair<std::string_view, std::string_view>> options;
  std::string_view positional;  // the name of the one positional argument ("JOBID"), "" for none
};

struct ParsedArgs {
  std::set<std::string> flags;
  std::map<std::string, std::string> options;
  std::optional<std::string> positional;
  bool has(std::string_view flag) const { return flags.count(std::string(flag)) > 0; }
  const std::string* option(std::string_view name) const {
    auto it = options.find(std::string(name));
    return it == options.end() ? nullptr : &it->second;
  }
};

struct ArgsOrError {
  std::optional<ParsedArgs> args;
  // When args is empty: "showq: ...". A usage message about a command line, not a located problem
  // of an input, so text rather than a Problem (schemas/problem.h).
  std::string error;
};

// Each flag and option at most once; the positional argument, when the command takes one, is
// required (exactly one).
ArgsOrError parse_args(std::string_view command, const ArgSpec& spec, std::span<const std::string> args);

// "-r, -i, -b, -u USER" (and "JOBID" first when there is one): what the command takes.
std::string expected_text(const ArgSpec& spec);

}  // namespace maui::runtime
