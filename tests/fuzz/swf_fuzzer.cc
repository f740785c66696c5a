// libFuzzer target: the input bytes as an SWF job trace through parse_swf (runtime/io/swf.h), the
// reader behind `mauirun simulate --trace` (read_swf only adds the file and zlib around it).
//
// Besides ASan / UBSan / LSan reports, crashes, timeouts and memory blow-ups, it traps on broken
// contracts that the simulator relies on or that an admin would see as a wrong message:
//   - every problem names this file, a line of it and a column within that line (0 = the whole
//     line), and says something;
//   - every job comes from a line of the file, in file order, with its own job number, and is
//     replayable within the bounds of schemas/ir.h: procs 1..kMaxProcs, requested 1..kMaxSeconds,
//     run 0..requested, submit 0..kMaxSeconds; a header's TimeZone is at most a day either way,
//     its UnixStartTime at most kMaxSeconds either way;
//   - a line is a job, a problem, or neither (comments, headers, blank lines), never two;
//   - --limit-jobs N gives the first N jobs of the whole read, and parsing is deterministic.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/io/swf.h"
#include "schemas/ir.h"

namespace {

using maui::runtime::Trace;
using maui::runtime::TraceJob;

void fail(const char* what) {
  std::fprintf(stderr, "maui_swf_fuzzer: contract violated: %s\n", what);
  std::fflush(stderr);
  __builtin_trap();
}

// The length of each line of `text`, as a reader that splits at '\n' sees them ('\r' kept).
std::vector<std::size_t> line_lengths(std::string_view text) {
  std::vector<std::size_t> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    out.push_back(end - start);
    start = end + 1;
  }
  return out;
}

bool same_job(const TraceJob& a, const TraceJob& b) {
  return a.number == b.number && a.submit == b.submit && a.run == b.run && a.requested == b.requested &&
         a.procs == b.procs && a.memory_kb == b.memory_kb && a.user == b.user && a.group == b.group &&
         a.job_class == b.job_class && a.line == b.line;
}

void check(const Trace& t, std::string_view text) {
  namespace ir = maui::ir;
  const std::vector<std::size_t> lengths = line_lengths(text);
  const auto lines = static_cast<std::int64_t>(lengths.size());
  if (t.lines > lines) fail("more lines counted than the text has");
  std::set<std::int64_t> used_lines;
  for (const auto& p : t.problems) {
    if (p.file != "fuzz.swf") fail("a problem names another file");
    if (p.line < 1 || p.line > t.lines) fail("a problem outside the lines read");
    if (p.column < 0 || static_cast<std::size_t>(p.column) > lengths[static_cast<std::size_t>(p.line - 1)] + 1)
      fail("a problem's column outside its line");
    if (p.message.empty()) fail("a problem without a message");
    if (!used_lines.insert(p.line).second) fail("two problems on one line");
  }
  std::set<std::int64_t> numbers;
  std::int64_t last_line = 0;
  for (const TraceJob& j : t.jobs) {
    if (j.line <= last_line || j.line > t.lines) fail("a job out of file order or outside the lines read");
    last_line = j.line;
    if (!used_lines.insert(j.line).second) fail("a line that is both a job and a problem");
    if (!numbers.insert(j.number).second) fail("two jobs with one job number");
    if (j.procs < 1 || j.procs > ir::kMaxProcs) fail("a job's procs out of bounds");
    if (j.requested < 1 || j.requested > ir::kMaxSeconds) fail("a job's requested time out of bounds");
    if (j.run < 0 || j.run > j.requested) fail("a job's run time outside 0..requested");
    if (j.submit < 0 || j.submit > ir::kMaxSeconds) fail("a job's submit time out of bounds");
    if (j.memory_kb < 0) fail("a job's memory below 0");
  }
  if (t.time_zone && (*t.time_zone < -maui::runtime::kMaxTimeZone || *t.time_zone > maui::runtime::kMaxTimeZone))
    fail("a TimeZone beyond a day");
  if (t.unix_start_time && (*t.unix_start_time < -ir::kMaxSeconds || *t.unix_start_time > ir::kMaxSeconds))
    fail("a UnixStartTime out of bounds");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string name = "fuzz.swf";
  const Trace t = maui::runtime::parse_swf(text, name);
  check(t, text);
  const Trace again = maui::runtime::parse_swf(text, name);
  if (again.jobs.size() != t.jobs.size() || again.problems.size() != t.problems.size() || again.lines != t.lines)
    fail("two reads of one text differ");
  if (!t.jobs.empty()) {
    maui::runtime::TraceReadOptions first;
    first.limit_jobs = 1;
    const Trace one = maui::runtime::parse_swf(text, name, first);
    if (one.jobs.size() != 1 || !same_job(one.jobs[0], t.jobs[0])) fail("--limit-jobs 1 is not the first job");
  }
  return 0;
}
