#include "runtime/io/swf.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string_view>
#include <system_error>
#include <unordered_map>

#include <fmt/format.h>

#include "runtime/io/inflating_reader.h"
#include "schemas/ir.h"
#include "schemas/line_reader.h"

namespace maui::runtime {

namespace {

constexpr int kFields = 18;

// The SWF definition's names, so a problem says which column of the archive's table is wrong.
constexpr std::array<std::string_view, kFields> kFieldNames = {
    "job number",  "submit time",     "wait time",      "run time",         "allocated procs",  "average CPU time",
    "used memory", "requested procs", "requested time", "requested memory", "status",           "user id",
    "group id",    "executable id",   "queue id",       "partition id",     "preceding job id", "think time"};

// Fields 6 and 7 are measurements (CPU seconds, kilobytes) that some archive traces record
// with decimals; every other field is a count, an id or whole seconds.
bool allows_decimals(int field) { return field == 6 || field == 7; }

// Space, tab, and \v \f \r (a CRLF file); \n never reaches here. Two comparisons: this runs
// for every byte of the trace.
bool is_blank(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// A field's text and its 1-based column in the line, kept as views into the file's text so a
// line costs no allocation.
struct Field {
  std::string_view text;
  int column = 0;
};

struct SplitLine {
  std::array<Field, kFields> fields;
  int count = 0;         // fields found (may exceed kFields)
  int extra_column = 0;  // column of field 19 when there is one
  int end_column = 0;    // column just past the last non-blank character
};

SplitLine split_fields(std::string_view line) {
  SplitLine out;
  std::size_t i = 0;
  while (true) {
    while (i < line.size() && is_blank(line[i])) ++i;
    if (i == line.size()) break;
    std::size_t start = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    int column = static_cast<int>(start) + 1;
    if (out.count < kFields)
      out.fields[out.count] = {line.substr(start, i - start), column};
    else if (out.count == kFields)
      out.extra_column = column;
    ++out.count;
    out.end_column = static_cast<int>(i) + 1;
  }
  return out;
}

// A field's text as it appears in a message; a runaway token is shortened so one bad line
// cannot flood the report.
std::string quoted(std::string_view text) {
  constexpr std::size_t kMax = 40;
  if (text.size() <= kMax) return fmt::format("'{}'", text);
  return fmt::format("'{}...'", text.substr(0, kMax));
}

std::string field_label(int field) { return fmt::format("field {} ({})", field, kFieldNames[field - 1]); }

// std::from_chars over the whole text; nullopt names why it failed in `why`.
std::optional<std::int64_t> to_integer(std::string_view text, std::string& why) {
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec == std::errc::result_out_of_range) {
    why = fmt::format("expected an integer, got {} (out of range)", quoted(text));
    return std::nullopt;
  }
  if (ec != std::errc() || end != text.data() + text.size()) {
    why = fmt::format("expected an integer, got {}", quoted(text));
    return std::nullopt;
  }
  return value;
}

std::optional<double> to_decimal(std::string_view text, std::string& why) {
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  // from_chars also reads "inf" and "nan", which no measurement in a trace can be.
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    why = fmt::format("expected a number, got {}", quoted(text));
    return std::nullopt;
  }
  return value;
}

// "u12" from user 12; a negative id is SWF's "unknown", which leaves the credential empty so
// that the policy's DEFAULT credential applies.
std::string credential(char prefix, std::int64_t id) {
  if (id < 0) return {};
  std::array<char, 24> buffer{};
  buffer[0] = prefix;
  auto [end, ec] = std::to_chars(buffer.data() + 1, buffer.data() + buffer.size(), id);
  (void)ec;  // 23 characters always hold an int64
  return std::string(buffer.data(), end);
}

// Reads a trace line by line into `trace`. One problem per bad line at most: the first thing
// wrong with it, in field order, which is the thing to fix first.
class SwfParser {
 public:
  SwfParser(const std::string& name, const TraceReadOptions& options, Trace& trace)
      : name_(name), options_(options), trace_(trace) {}

  // False once the job limit is reached: the caller stops reading.
  bool line(std::string_view text) {
    ++trace_.lines;
    std::string_view content = trim(text);
    if (content.empty()) return true;
    if (content.front() == ';') {
      header(text);
      return true;
    }
    job(text);
    return options_.limit_jobs <= 0 || static_cast<std::int64_t>(trace_.jobs.size()) < options_.limit_jobs;
  }

 private:
  void problem(int column, std::string message) {
    trace_.problems.push_back({name_, trace_.lines, column, Severity::Error, std::move(message)});
  }

  // `; Key: value` lines; the archive writes many keys, the simulator needs four.
  void header(std::string_view text) {
    std::size_t semicolon = text.find(';');
    std::size_t colon = text.find(':', semicolon);
    if (colon == std::string_view::npos) return;
    std::string_view key = trim(text.substr(semicolon + 1, colon - semicolon - 1));
    std::optional<std::int64_t>* target = nullptr;
    // The simulator's clock starts at UnixStartTime and reads days in TimeZone: both bounded
    // (schemas/ir.h, Bounds).
    std::int64_t max = std::numeric_limits<std::int64_t>::max();  // either way
    if (key == "UnixStartTime")
      target = &trace_.unix_start_time, max = ir::kMaxSeconds;
    else if (key == "TimeZone")
      target = &trace_.time_zone, max = kMaxTimeZone;
    else if (key == "MaxNodes")
      target = &trace_.max_nodes;
    else if (key == "MaxProcs")
      target = &trace_.max_procs;
    if (target == nullptr) return;
    // The first token only: some archive headers follow the number with a remark.
    SplitLine value = split_fields(text.substr(colon + 1));
    if (value.count == 0) {
      problem(static_cast<int>(colon) + 2, fmt::format("header {}: expected an integer, got nothing", key));
      return;
    }
    const Field& token = value.fields[0];
    const int column = static_cast<int>(colon) + 1 + token.column;
    std::string why;
    auto number = to_integer(token.text, why);
    if (!number) return problem(column, fmt::format("header {}: {}", key, why));
    if (*number > max || *number < -max)
      return problem(column, fmt::format("header {}: expected seconds from {} to {}, got {}", key, -max, max, *number));
    *target = *number;
  }

  bool check_field_count(const SplitLine& split) {
    if (split.count > kFields) {
      problem(split.extra_column,
              fmt::format("expected {} fields, found {}: the extra ones start here", kFields, split.count));
      return false;
    }
    if (split.count < kFields) {
      problem(split.end_column, fmt::format("expected {} fields, found {}: {} is missing", kFields, split.count,
                                            field_label(split.count + 1)));
      return false;
    }
    return true;
  }

  // Every field must be a number even when the simulator ignores it: a stray word anywhere
  // means the line is not what it claims to be.
  bool parse_numbers(const SplitLine& split, std::array<std::int64_t, kFields + 1>& value) {
    std::string why;
    for (int f = 1; f <= kFields; ++f) {
      const Field& field = split.fields[f - 1];
      if (allows_decimals(f)) {
        if (to_decimal(field.text, why)) continue;
      } else if (auto number = to_integer(field.text, why)) {
        value[f] = *number;
        continue;
      }
      problem(field.column, fmt::format("{}: {}", field_label(f), why));
      return false;
    }
    return true;
  }

  // The fields of a well-formed line and their columns, read in one pass (nearly every line
  // of an archive trace is one). False for anything else: the caller then splits the line and
  // reports the first problem. It accepts exactly what split_fields and parse_numbers accept.
  static bool read_fields(std::string_view text, std::array<std::int64_t, kFields + 1>& value,
                          std::array<int, kFields + 1>& column) {
    const char* const begin = text.data();
    const char* p = begin;
    const char* const end = begin + text.size();
    for (int f = 1; f <= kFields; ++f) {
      while (p < end && is_blank(*p)) ++p;
      if (p == end) return false;
      column[f] = static_cast<int>(p - begin) + 1;
      std::from_chars_result read;
      if (allows_decimals(f)) {
        double d = 0;
        read = std::from_chars(p, end, d);
        if (read.ec == std::errc() && !std::isfinite(d)) return false;
      } else {
        read = std::from_chars(p, end, value[f]);
      }
      if (read.ec != std::errc() || (read.ptr < end && !is_blank(*read.ptr))) return false;
      p = read.ptr;
    }
    while (p < end && is_blank(*p)) ++p;
    return p == end;
  }

  void job(std::string_view text) {
    std::array<std::int64_t, kFields + 1> value{};  // value[f] is field f, 1-based like the SWF table
    std::array<int, kFields + 1> columns{};
    if (!read_fields(text, value, columns)) {
      SplitLine split = split_fields(text);
      if (!check_field_count(split)) return;
      if (!parse_numbers(split, value)) return;
      for (int f = 1; f <= kFields; ++f) columns[f] = split.fields[f - 1].column;
    }
    auto column = [&](int field) { return columns[field]; };

    if (auto seen = earlier_line(value[1])) {
      problem(column(1), fmt::format("{}: job {} already appeared on line {}", field_label(1), value[1], *seen));
      return;
    }
    if (value[2] < 0) {
      problem(column(2), fmt::format("{}: expected seconds >= 0, got {}", field_label(2), value[2]));
      return;
    }
    if (beyond_bound(value, 2, column)) return;
    if (value[4] < 0) {
      problem(column(4), fmt::format("{}: no run time (got {}); the job cannot be replayed", field_label(4), value[4]));
      return;
    }
    if (beyond_bound(value, 4, column)) return;
    const int procs_field = value[5] > 0 ? 5 : 8;
    const std::int64_t procs = value[procs_field];
    if (procs <= 0) {
      problem(column(5), fmt::format("{}: no processor count: field 5 is {} and {} is {}", field_label(5), value[5],
                                     field_label(8), value[8]));
      return;
    }
    if (beyond_bound(value, procs_field, column) || beyond_bound(value, 9, column)) return;
    accept(value, procs);
  }

  // A time or a processor count larger than any real trace has (schemas/ir.h, Bounds): the
  // simulator adds times up and sums processors, so such a line is refused, not replayed.
  template <class Column>
  bool beyond_bound(const std::array<std::int64_t, kFields + 1>& value, int field, Column column) {
    const bool procs = field == 5 || field == 8;
    const std::int64_t max = procs ? ir::kMaxProcs : ir::kMaxSeconds;
    if (value[field] <= max) return false;
    problem(column(field), fmt::format("{}: expected at most {} {}, got {}", field_label(field), max,
                                       procs ? "procs" : "seconds", value[field]));
    return true;
  }

  void accept(const std::array<std::int64_t, kFields + 1>& value, std::int64_t procs) {
    TraceJob job;
    job.number = value[1];
    job.submit = value[2];
    job.procs = procs;
    Seconds run_time = value[4];
    job.requested_from_run = value[9] <= 0;
    // A wallclock limit of 0 s means nothing to a scheduler; a job that ran 0 s still runs 0 s.
    job.requested = std::max<Seconds>(job.requested_from_run ? run_time : value[9], 1);
    job.run_clipped = run_time > job.requested;
    job.run = std::min(run_time, job.requested);
    job.memory_kb = value[10] > 0 ? value[10] : 0;
    if (value[3] >= 0) job.recorded_wait = value[3];
    job.status = value[11] >= 0 && value[11] <= 5 ? static_cast<int>(value[11]) : -1;
    job.user = credential('u', value[12]);
    job.group = credential('g', value[13]);
    job.job_class = credential('q', value[15]);
    job.line = trace_.lines;
    if (indexed_) line_of_job_.emplace(job.number, job.line);
    trace_.jobs.push_back(std::move(job));
  }

  // The line of an accepted job with this number, if any. Archive traces number their jobs in
  // increasing order, so a number above the last one needs no lookup and costs no allocation;
  // the index is built only the first time a trace goes back.
  std::optional<std::int64_t> earlier_line(std::int64_t number) {
    if (!indexed_) {
      if (trace_.jobs.empty() || number > trace_.jobs.back().number) return std::nullopt;
      for (const TraceJob& job : trace_.jobs) line_of_job_.emplace(job.number, job.line);
      indexed_ = true;
    }
    auto seen = line_of_job_.find(number);
    if (seen == line_of_job_.end()) return std::nullopt;
    return seen->second;
  }

  const std::string& name_;
  const TraceReadOptions& options_;
  Trace& trace_;
  bool indexed_ = false;  // job numbers went back at least once: line_of_job_ is in use
  std::unordered_map<std::int64_t, std::int64_t> line_of_job_;  // job number -> its line
};

// The largest archive traces are some 50 MB of text (about 100 bytes per job): 1 GB holds ten
// million jobs.
constexpr std::size_t kMaxTraceBytes = 1ull << 30;

}  // namespace

Trace parse_swf(std::string_view text, const std::string& name, const TraceReadOptions& options) {
  Trace trace;
  trace.jobs.reserve(text.size() / 80);  // archive lines are about 80 characters
  SwfParser parser(name, options, trace);
  ChunkedLines lines;
  auto line = [&](std::string_view l) { return parser.line(l); };
  if (lines.feed(text, line)) lines.finish(line);
  return trace;
}

std::optional<Problem> read_problem(const std::string& path, std::string error) {
  if (error.empty()) return std::nullopt;
  return Problem{path, 0, 0, Severity::Error, std::move(error)};
}

std::optional<Problem> nothing_to_replay(const Trace& trace, const std::string& name) {
  auto problem = [&](std::string message) { return Problem{name, 0, 0, Severity::Error, std::move(message)}; };
  if (!trace.jobs.empty()) return std::nullopt;
  if (!trace.problems.empty()) {
    const Problem& first = trace.problems.front();
    return problem(
        fmt::format("no line of '{}' is a job of the Standard Workload Format (18 numbers a line): {} line{} in "
                    "error, the first at {}: {}; is it an SWF trace?",
                    name, trace.problems.size(), trace.problems.size() == 1 ? "" : "s", where(first), first.message));
  }
  if (trace.lines == 0) return problem(fmt::format("'{}' is empty: there is no job to replay", name));
  return problem(fmt::format("'{}' holds no job, only {} blank or `;` header line{}", name, trace.lines,
                             trace.lines == 1 ? "" : "s"));
}

// Lines are parsed as the file is inflated (runtime/io/inflating_reader.h). A stream that ends
// badly yields no trace, even past --limit-jobs: a short trace must never pass for a whole one.
TraceReadResult read_swf(const std::string& path, const TraceReadOptions& options) {
  TraceReadResult result;
  InflatingReader file(path, kMaxTraceBytes);
  // Room for every job at once (a million at most): growing the table step by step touches
  // twice its memory, and the pages it does not use are never touched.
  result.trace.jobs.reserve(std::min<std::size_t>(file.text_bytes_at_most() / 80, 1u << 20));
  SwfParser parser(path, options, result.trace);
  result.error = read_problem(path, read_lines(file, [&](std::string_view l) { return parser.line(l); }));
  if (result.error)
    result.trace = {};
  else if (auto nothing = nothing_to_replay(result.trace, path))
    result.error = std::move(*nothing);
  return result;
}

}  // namespace maui::runtime
