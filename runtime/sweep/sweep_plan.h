// What `mauirun sweep` replays: the parameters varied (`--vary 'NAME=V1,V2'`), every combination
// of their values, and each combination's config: BASE with its settings appended as the last
// lines, so that a candidate is exactly a config an admin could deploy, and `mauirun simulate`
// on that text gives what the sweep reports for it. Pure: no I/O.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace maui::runtime {

// One --vary: a scalar parameter (`FSWEIGHT`) or an object attribute (`USERCFG[DEFAULT] MAXJOB`)
// and the values it takes, in the order given.
struct Vary {
  std::string name;
  std::vector<std::string> values;
};

struct VaryParse {
  std::optional<Vary> vary;
  std::string error;  // when vary is empty: what was expected
};
// 'NAME=V1,V2,...': the name is everything before the first '=', the values are split at ','
// and trimmed; each must be non-empty, printable and hold no '#' (which would start a comment).
VaryParse parse_vary(std::string_view text);

// A combination: one value per --vary, in the order the --vary options came.
struct Candidate {
  std::size_t index = 0;                                      // its place in the enumeration, from 0
  std::vector<std::pair<std::string, std::string>> settings;  // (name, value), one per --vary
};

// Every combination; the last --vary changes fastest. Nullopt when there would be more than
// `limit` (said by the caller: a sweep of that size is a typing mistake, not a plan).
std::optional<std::vector<Candidate>> combinations(std::span<const Vary> varies, std::size_t limit);

// The config line of one setting: `FSWEIGHT 0`, `USERCFG[DEFAULT] MAXJOB=4`.
std::string setting_line(const std::string& name, const std::string& value);

// BASE's text with the candidate's settings as its last lines, after a comment naming it.
std::string candidate_text(std::string_view base_text, const Candidate& candidate);
// The 1-based line of the first appended setting in candidate_text(base_text, ...).
unsigned first_setting_line(std::string_view base_text);

}  // namespace maui::runtime
