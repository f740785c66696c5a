// libFuzzer target: the input bytes as a Slurm accounting export (`sacct --parsable2`) through
// parse_sacct (runtime/io/sacct.h), what `mauirun simulate --trace` reads from a Slurm site.
// Contracts, besides the sanitizers: every problem and note names this file and a line read,
// with a message; every job comes from a line, in file order, within schemas/ir.h's bounds
// (procs 1..kMaxProcs, requested 1..kMaxSeconds, run 0..requested); a line is a job or a
// problem, not both; --limit-jobs 1 gives the first job; two reads agree.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "runtime/io/sacct.h"
#include "schemas/ir.h"
#include "tests/fuzz/fuzz_contract.h"

namespace {

void fail(const char* what) { maui::fuzz::fail("maui_sacct_fuzzer", what); }

void check(const maui::runtime::Trace& t) {
  namespace ir = maui::ir;
  std::set<std::int64_t> problem_lines;
  for (const auto& p : t.problems) {
    if (p.file != "fuzz.txt") fail("a problem names another file");
    if (p.line < 1 || p.line > t.lines) fail("a problem outside the lines read");
    if (p.message.empty()) fail("a problem without a message");
    problem_lines.insert(p.line);
  }
  for (const auto& n : t.notes)
    if (n.file != "fuzz.txt" || n.line < 1 || n.line > t.lines || n.message.empty()) fail("a note without its place");
  std::int64_t last = 0;
  for (const auto& j : t.jobs) {
    if (j.line <= last || j.line > t.lines) fail("a job out of file order or outside the lines read");
    last = j.line;
    if (problem_lines.count(j.line)) fail("a line that is both a job and a problem");
    if (j.procs < 1 || j.procs > ir::kMaxProcs) fail("a job's procs out of bounds");
    if (j.requested < 1 || j.requested > ir::kMaxSeconds) fail("a job's requested time out of bounds");
    if (j.run < 0 || j.run > j.requested) fail("a job's run time outside 0..requested");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto t = maui::runtime::parse_sacct(text, "fuzz.txt");
  check(t);
  const auto again = maui::runtime::parse_sacct(text, "fuzz.txt");
  if (again.jobs.size() != t.jobs.size() || again.problems.size() != t.problems.size()) fail("two reads differ");
  if (!t.jobs.empty()) {
    maui::runtime::TraceReadOptions first;
    first.limit_jobs = 1;
    const auto one = maui::runtime::parse_sacct(text, "fuzz.txt", first);
    if (one.jobs.size() != 1 || one.jobs[0].number != t.jobs[0].number || one.jobs[0].line != t.jobs[0].line)
      fail("--limit-jobs 1 is not the first job");
  }
  return 0;
}
