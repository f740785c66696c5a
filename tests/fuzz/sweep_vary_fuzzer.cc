// libFuzzer target: the input bytes as a `mauirun sweep --vary` argument through parse_vary
// (runtime/sweep/sweep_plan.h). Contracts: an error quotes what was typed; a parsed --vary has a
// name and at least one value, none empty, none twice, none holding a line break or '#'; each
// candidate's config text is BASE followed by exactly one line per setting, so that no value
// can add a line of its own to the config.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "runtime/sweep/sweep_plan.h"
#include "tests/fuzz/fuzz_contract.h"

namespace {

void fail(const char* what) { maui::fuzz::fail("maui_sweep_vary_fuzzer", what); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto parsed = maui::runtime::parse_vary(text);
  if (!parsed.vary) {
    if (parsed.error.empty()) fail("an error without a message");
    return 0;
  }
  const auto& v = *parsed.vary;
  if (v.name.empty() || v.values.empty()) fail("a --vary without a name or values");
  for (std::size_t k = 0; k < v.values.size(); ++k) {
    const auto& value = v.values[k];
    if (value.empty()) fail("an empty value");
    for (char ch : value)
      if (static_cast<unsigned char>(ch) < 0x20 || ch == '#') fail("a value with a control character or '#'");
    if (std::count(v.values.begin(), v.values.end(), value) != 1) fail("a value given twice");
  }
  for (char ch : v.name)
    if (static_cast<unsigned char>(ch) < 0x20 || ch == '#' || ch == '=')
      fail("a name with a control character, '#' or '='");
  const std::string base = "SERVERHOST h\n";
  const auto candidates = maui::runtime::combinations(std::span(&v, 1), 100000);
  if (!candidates || candidates->size() != v.values.size()) fail("not one candidate per value");
  for (const auto& c : *candidates) {
    const std::string config = maui::runtime::candidate_text(base, c);
    if (std::count(config.begin(), config.end(), '\n') != 3) fail("a candidate's settings are not one line");
    if (config.rfind(maui::runtime::setting_line(v.name, v.values[c.index]) + "\n") == std::string::npos)
      fail("a candidate without its setting");
  }
  return 0;
}
