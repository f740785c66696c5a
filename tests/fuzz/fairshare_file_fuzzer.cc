// libFuzzer target: the input bytes as one of Maui's FS.<epoch> fairshare files through
// parse_fairshare_file (runtime/io/fairshare_files.h), what `mauirun simulate --fairshare-dir`
// and serve read back. Contracts, besides the sanitizers: every problem names the file and a
// line and column in it, with a message; every usage is finite and not negative, under a
// credential with a name; the window starts where it was asked to; what the reader kept,
// written back in Maui's format, reads again without a problem to the same credentials and
// usages (to the 0.001 the format keeps); two reads agree.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "runtime/io/fairshare_files.h"
#include "tests/fuzz/fuzz_contract.h"

namespace {

using namespace maui::runtime;

constexpr Epoch kStart = 1'699'920'000;

void fail(const char* what) { maui::fuzz::fail("maui_fairshare_file_fuzzer", what); }

std::int64_t lines_of(std::string_view text) {
  std::int64_t n = 1;
  for (char c : text) n += c == '\n';
  return n;
}

bool close(double a, double b) { return std::fabs(a - b) <= 0.0005 + 1e-12 * std::fabs(a); }

void check(const ParsedFairshareFile& f, std::string_view text) {
  for (const auto& p : f.errors) {
    if (p.file != "FS.fuzz") fail("a problem names another file");
    if (p.line < 1 || p.line > lines_of(text) || p.column < 0) fail("a problem outside the file");
    if (p.message.empty()) fail("a problem without a message");
  }
  if (f.window.start != kStart) fail("the window does not start where it was asked to");
  if (!std::isfinite(f.window.total) || f.window.total < 0) fail("a total that is not a finite amount");
  for (const auto& [who, v] : f.window.usage) {
    if (who.name.empty()) fail("usage under a credential without a name");
    if (!std::isfinite(v) || v < 0) fail("a usage that is not a finite amount");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const ParsedFairshareFile f = parse_fairshare_file("FS.fuzz", text, kStart);
  check(f, text);
  const ParsedFairshareFile again = parse_fairshare_file("FS.fuzz", text, kStart);
  if (again.errors.size() != f.errors.size() || again.window.usage != f.window.usage) fail("two reads differ");
  // Written as Maui writes it and read back: what the reader kept survives a save. The format
  // keeps 0.001, so a usage that rounds to 0.000 is written as 0.000 (and read back as 0).
  const std::string written = format_fairshare_file(f.window, 86'400);
  const ParsedFairshareFile back = parse_fairshare_file("FS.fuzz", written, kStart);
  if (!back.errors.empty()) fail("a window written back does not read again");
  for (const auto& [who, v] : f.window.usage) {
    if (v == 0) continue;
    const auto it = back.window.usage.find(who);
    const double got = it == back.window.usage.end() ? 0 : it->second;
    if (!close(got, v)) fail("a usage written back reads as another");
  }
  for (const auto& [who, v] : back.window.usage)
    if (!f.window.usage.count(who)) fail("a credential written back that was not read");
  if (!close(back.window.total, f.window.total)) fail("the total written back reads as another");
  return 0;
}
