#include "runtime/io/sacct.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <ctime>
#include <limits>
#include <optional>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "runtime/io/inflating_reader.h"
#include "schemas/ir.h"
#include "schemas/line_reader.h"

namespace maui::runtime {

namespace {

// The columns the reader uses, as sacct's header names them (matched whatever their case).
enum Column : int {
  JobId,
  JobIdRaw,
  User,
  Group,
  Account,
  Partition,
  Qos,
  Submit,
  Start,
  End,
  Elapsed,
  Timelimit,
  NCpus,
  AllocCpus,
  ReqCpus,
  State,
  kColumns
};
constexpr std::array<std::string_view, kColumns> kColumnNames = {
    "JobID", "JobIDRaw", "User",    "Group",     "Account", "Partition", "QOS",     "Submit",
    "Start", "End",      "Elapsed", "Timelimit", "NCPUS",   "AllocCPUS", "ReqCPUS", "State"};

// What sacct --format needs for a replay, said in every error about a missing column.
constexpr std::string_view kExportHint =
    "export with sacct --parsable2 --allusers "
    "--format=JobIDRaw,JobID,User,Group,Account,Partition,QOS,Submit,Start,End,Elapsed,Timelimit,NCPUS,State";

// Slurm's job states (sacct(1), JOB STATE CODES). A State that is none of them means the line's
// columns are not what the header says.
constexpr std::array<std::string_view, 23> kStates = {
    "BOOT_FAIL",   "CANCELLED",    "COMPLETED",     "COMPLETING",    "CONFIGURING", "DEADLINE",
    "FAILED",      "NODE_FAIL",    "OUT_OF_MEMORY", "PENDING",       "PREEMPTED",   "REQUEUED",
    "REQUEUE_FED", "REQUEUE_HOLD", "RESIZING",      "RESV_DEL_HOLD", "REVOKED",     "RUNNING",
    "SIGNALING",   "SPECIAL_EXIT", "STOPPED",       "SUSPENDED",     "TIMEOUT"};

bool same_word(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

std::string quoted(std::string_view text) {
  constexpr std::size_t kMax = 40;
  if (text.size() <= kMax) return fmt::format("'{}'", text);
  return fmt::format("'{}...'", text.substr(0, kMax));
}

struct Field {
  std::string_view text;
  int column = 0;  // 1-based, in the line
};

std::vector<Field> split(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // a file saved with CRLF
  std::vector<Field> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t bar = line.find('|', start);
    out.push_back({line.substr(start, bar == std::string_view::npos ? std::string_view::npos : bar - start),
                   static_cast<int>(start) + 1});
    if (bar == std::string_view::npos) return out;
    start = bar + 1;
  }
}

std::optional<std::int64_t> whole_number(std::string_view text) {
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

// Days from 1970-01-01 to a civil date of the proleptic Gregorian calendar: the years counted
// from March, so that the leap day ends a year.
std::int64_t days_from_civil(std::int64_t y, int m, int d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const std::int64_t year_of_era = y - era * 400;
  const std::int64_t day_of_year = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const std::int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + day_of_era - 719468;
}

bool leap(std::int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

struct Civil {
  std::int64_t year = 0;
  int month = 0, day = 0, hour = 0, minute = 0, second = 0;
};

// `2026-11-27T03:50:47`; why it is not one in `why`.
std::optional<Civil> civil_time(std::string_view text, std::string& why) {
  why = fmt::format("expected a time YYYY-MM-DDTHH:MM:SS, got {}", quoted(text));
  if (text.size() != 19 || text[4] != '-' || text[7] != '-' || text[10] != 'T' || text[13] != ':' || text[16] != ':')
    return std::nullopt;
  auto part = [&](std::size_t at, std::size_t n) { return whole_number(text.substr(at, n)); };
  auto y = part(0, 4), mo = part(5, 2), d = part(8, 2), h = part(11, 2), mi = part(14, 2), s = part(17, 2);
  if (!y || !mo || !d || !h || !mi || !s) return std::nullopt;
  constexpr std::array<int, 12> kDays = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (*mo < 1 || *mo > 12 || *d < 1 || *d > kDays[*mo - 1] || (*mo == 2 && *d == 29 && !leap(*y)) || *h > 23 ||
      *mi > 59 || *s > 60) {
    why = fmt::format("expected a date and time that exist, got {}", quoted(text));
    return std::nullopt;
  }
  return Civil{*y,
               static_cast<int>(*mo),
               static_cast<int>(*d),
               static_cast<int>(*h),
               static_cast<int>(*mi),
               static_cast<int>(*s)};
}

// `[D-]HH:MM:SS`, `MM:SS`, each with an optional `.fraction` (dropped), in seconds.
std::optional<Seconds> duration(std::string_view text) {
  if (auto dot = text.find('.'); dot != std::string_view::npos) {
    if (!whole_number(text.substr(dot + 1))) return std::nullopt;
    text = text.substr(0, dot);
  }
  std::int64_t days = 0;
  if (auto dash = text.find('-'); dash != std::string_view::npos) {
    auto d = whole_number(text.substr(0, dash));
    if (!d || *d < 0) return std::nullopt;
    days = *d;
    text = text.substr(dash + 1);
  }
  std::array<std::int64_t, 3> parts{};
  int count = 0;
  for (std::size_t start = 0;;) {
    const std::size_t colon = text.find(':', start);
    auto v = whole_number(text.substr(start, colon == std::string_view::npos ? std::string_view::npos : colon - start));
    if (!v || *v < 0 || count == 3) return std::nullopt;
    parts[count++] = *v;
    if (colon == std::string_view::npos) break;
    start = colon + 1;
  }
  if (count < 2) return std::nullopt;
  const std::int64_t h = count == 3 ? parts[0] : 0, m = parts[count - 2], s = parts[count - 1];
  if (m > 59 || s > 59 || days > ir::kMaxSeconds / 86400) return std::nullopt;
  return ((days * 24 + h) * 60 + m) * 60 + s;
}

// The time sacct prints for "no time".
bool no_time(std::string_view text) { return text.empty() || text == "Unknown" || text == "None"; }

// SWF's status (field 11) for a Slurm state: 1 completed, 0 failed, 5 cancelled; -1 otherwise.
int swf_status(std::string_view state) {
  if (state == "COMPLETED") return 1;
  if (state == "CANCELLED") return 5;
  if (state == "FAILED" || state == "TIMEOUT" || state == "NODE_FAIL" || state == "OUT_OF_MEMORY" ||
      state == "BOOT_FAIL" || state == "DEADLINE" || state == "PREEMPTED")
    return 0;
  return -1;
}

class SacctParser {
 public:
  SacctParser(const std::string& name, const TraceReadOptions& options, Trace& trace)
      : name_(name), options_(options), trace_(trace) {
    trace_.format = "sacct";
    trace_.time_zone = options.utc_offset;
  }

  // False once the job limit is reached or the header is unusable: the caller stops reading.
  bool line(std::string_view text) {
    ++trace_.lines;
    if (text.find_first_not_of(" \t\r") == std::string_view::npos) return true;
    if (!header_read_) return header(text);
    job(text);
    return options_.limit_jobs <= 0 || static_cast<std::int64_t>(trace_.jobs.size()) < options_.limit_jobs;
  }

  // Trace seconds count from the first submission; its epoch is the trace's UnixStartTime.
  void finish() {
    if (trace_.jobs.empty()) return;
    Epoch origin = std::numeric_limits<Epoch>::max();
    for (const TraceJob& j : trace_.jobs) origin = std::min(origin, j.submit);
    for (TraceJob& j : trace_.jobs) j.submit -= origin;
    trace_.unix_start_time = origin;
  }

 private:
  void problem(int column, std::string message) {
    trace_.problems.push_back({name_, trace_.lines, column, Severity::Error, std::move(message)});
  }
  void note(int column, std::string message) {
    trace_.notes.push_back({name_, trace_.lines, column, Severity::Note, std::move(message)});
  }

  bool header(std::string_view text) {
    header_read_ = true;
    const std::vector<Field> fields = split(text);
    width_ = fields.size();
    at_.fill(-1);
    for (std::size_t i = 0; i < fields.size(); ++i)
      for (int c = 0; c < kColumns; ++c)
        if (at_[c] < 0 && same_word(fields[i].text, kColumnNames[c])) at_[c] = static_cast<int>(i);
    auto missing = [&](std::initializer_list<Column> any) {
      for (Column c : any)
        if (at_[c] >= 0) return false;
      return true;
    };
    std::string absent;
    auto need = [&](std::initializer_list<Column> any, std::string_view what) {
      if (missing(any)) absent += absent.empty() ? std::string(what) : ", " + std::string(what);
    };
    need({JobIdRaw, JobId}, "JobID");
    need({User}, "User");
    need({Submit}, "Submit");
    need({Start}, "Start");
    need({Elapsed, End}, "Elapsed or End");
    need({NCpus, AllocCpus, ReqCpus}, "NCPUS");
    need({State}, "State");
    if (absent.empty()) return true;
    if (!is_sacct_header(text)) {
      problem(1, fmt::format("expected sacct's header line (JobID|User|...; {}), got {}", kExportHint, quoted(text)));
      return false;
    }
    problem(1, fmt::format("the header has no column {}: {}", absent, kExportHint));
    return false;
  }

  const Field& at(const std::vector<Field>& fields, Column c) const { return fields[static_cast<std::size_t>(at_[c])]; }
  bool has(Column c) const { return at_[c] >= 0; }

  // A time column, or none for Unknown / None; false after a problem.
  bool time_of(const std::vector<Field>& fields, Column c, std::optional<Epoch>& out) {
    const Field& f = at(fields, c);
    if (no_time(f.text)) return true;
    std::string why;
    auto civil = civil_time(f.text, why);
    if (!civil) {
      problem(f.column, fmt::format("{}: {}", kColumnNames[c], why));
      return false;
    }
    out = to_epoch(*civil);
    return true;
  }

  Epoch to_epoch(const Civil& c) {
    const Epoch as_utc = days_from_civil(c.year, c.month, c.day) * 86400 + c.hour * 3600 + c.minute * 60 + c.second;
    if (options_.utc_offset) return as_utc - *options_.utc_offset;
    // The machine's time zone, daylight saving time included (the clock sacct printed in).
    std::tm tm{};
    tm.tm_year = static_cast<int>(c.year - 1900);
    tm.tm_mon = c.month - 1;
    tm.tm_mday = c.day;
    tm.tm_hour = c.hour;
    tm.tm_min = c.minute;
    tm.tm_sec = c.second;
    tm.tm_isdst = -1;
    const std::time_t t = std::mktime(&tm);
    if (!trace_.time_zone) trace_.time_zone = std::clamp<Seconds>(tm.tm_gmtoff, -kMaxTimeZone, kMaxTimeZone);
    return t == static_cast<std::time_t>(-1) ? as_utc : static_cast<Epoch>(t);
  }

  void job(std::string_view text) {
    const std::vector<Field> fields = split(text);
    if (fields.size() != width_) {
      const int column = fields.size() > width_ ? fields[width_].column : static_cast<int>(text.size()) + 1;
      problem(column,
              fmt::format("expected {} fields separated by '|' as in the header, found {}", width_, fields.size()));
      return;
    }
    const Field& id = at(fields, has(JobId) ? JobId : JobIdRaw);
    if (id.text.empty()) return problem(id.column, "JobID: expected a job id, got nothing");
    if (id.text.find('.') != std::string_view::npos) {  // 123.batch, 123.extern, 123.0: a step of job 123
      ++trace_.steps_skipped;
      return;
    }

    const Field& state_field = at(fields, State);
    const std::string_view state = state_field.text.substr(0, state_field.text.find(' '));  // "CANCELLED by 0"
    if (std::find(kStates.begin(), kStates.end(), state) == kStates.end())
      return problem(state_field.column, fmt::format("State: expected a Slurm job state (COMPLETED, RUNNING, "
                                                     "PENDING, CANCELLED, TIMEOUT, FAILED, ...), got {}",
                                                     quoted(state_field.text)));
    std::optional<Epoch> submit, start, end;
    if (!time_of(fields, Submit, submit)) return;
    if (!submit)
      return problem(at(fields, Submit).column, fmt::format("Submit: expected the time job {} was submitted, got {}",
                                                            id.text, quoted(at(fields, Submit).text)));
    if (!time_of(fields, Start, start)) return;
    if (!start) {
      ++trace_.never_started;
      return note(at(fields, Start).column,
                  fmt::format("job {} never started ({}): not replayed", id.text, state_field.text));
    }

    std::optional<std::int64_t> number;
    const Field& raw = at(fields, has(JobIdRaw) ? JobIdRaw : JobId);
    number = whole_number(raw.text);
    if (!number || *number < 0) {
      const bool array_or_pack = raw.text.find_first_of("_+") != std::string_view::npos;
      return problem(raw.column, fmt::format("{}: expected a job number, got {}{}",
                                             kColumnNames[has(JobIdRaw) ? JobIdRaw : JobId], quoted(raw.text),
                                             array_or_pack && !has(JobIdRaw)
                                                 ? " (an array task or a heterogeneous job part: export JobIDRaw too, "
                                                   "which numbers each one)"
                                                 : ""));
    }
    if (auto seen = line_of_.find(*number); seen != line_of_.end())
      return problem(raw.column, fmt::format("job {} already appeared on line {} (export without --duplicates)",
                                             *number, seen->second));
    if (*start < *submit)
      return problem(at(fields, Start).column, fmt::format("Start: job {} started before it was submitted ({} < {})",
                                                           id.text, at(fields, Start).text, at(fields, Submit).text));
    if (has(End) && !time_of(fields, End, end)) return;
    if (end && *end < *start)
      return problem(at(fields, End).column, fmt::format("End: job {} ended before it started ({} < {})", id.text,
                                                         at(fields, End).text, at(fields, Start).text));

    Seconds run = 0;
    if (has(Elapsed)) {
      const Field& f = at(fields, Elapsed);
      auto d = duration(f.text);
      if (!d) return problem(f.column, fmt::format("Elapsed: expected [D-]HH:MM:SS, got {}", quoted(f.text)));
      run = *d;
    } else if (end) {
      run = *end - *start;
    } else {
      return problem(
          at(fields, End).column,
          fmt::format("End: job {} has no end and the export no Elapsed column: its run time is unknown", id.text));
    }

    std::int64_t procs = 0;
    int procs_column = 0;
    for (Column c : {NCpus, AllocCpus, ReqCpus}) {
      if (!has(c)) continue;
      const Field& f = at(fields, c);
      auto n = whole_number(f.text);
      if (!n || *n < 0)
        return problem(f.column,
                       fmt::format("{}: expected a processor count, got {}", kColumnNames[c], quoted(f.text)));
      if (!procs_column) procs_column = f.column;
      if (*n > 0) {
        procs = *n, procs_column = f.column;
        break;
      }
    }
    if (procs <= 0) return problem(procs_column, fmt::format("NCPUS: job {} started on no processor", id.text));

    std::optional<Seconds> limit;
    if (has(Timelimit)) {
      const Field& f = at(fields, Timelimit);
      if (!f.text.empty() && f.text != "UNLIMITED" && f.text != "Partition_Limit" && f.text != "INVALID") {
        limit = duration(f.text);
        if (!limit)
          return problem(f.column, fmt::format("Timelimit: expected [D-]HH:MM:SS, UNLIMITED or Partition_Limit, "
                                               "got {}",
                                               quoted(f.text)));
      }
    }

    const Field& user = at(fields, User);
    if (user.text.empty()) return problem(user.column, fmt::format("User: job {} has no user", id.text));

    // The bounds every trace keeps (schemas/ir.h, Bounds): the simulator adds times and procs up.
    auto beyond = [&](Column c, std::int64_t value, std::int64_t max, std::string_view unit) {
      if (value >= 0 && value <= max) return false;
      problem(c == NCpus ? procs_column : at(fields, c).column,
              fmt::format("{}: expected at most {} {}, got {}", kColumnNames[c], max, unit, value));
      return true;
    };
    if (beyond(Submit, *submit, ir::kMaxSeconds, "seconds since 1970") ||
        beyond(NCpus, procs, ir::kMaxProcs, "procs") ||
        (has(Elapsed) && beyond(Elapsed, run, ir::kMaxSeconds, "seconds")) ||
        (limit && beyond(Timelimit, *limit, ir::kMaxSeconds, "seconds")))
      return;

    if (!end) ++trace_.still_running;
    if (!end)
      note(at(fields, has(End) ? End : State).column,
           fmt::format("job {} had not ended ({}): replayed with the {} it had run", id.text, state_field.text,
                       duration_text(run)));

    TraceJob job;
    job.number = *number;
    job.submit = *submit;  // an epoch until finish()
    job.requested_from_run = !limit;
    job.requested = std::max<Seconds>(limit ? *limit : run, 1);
    job.run_clipped = run > job.requested;
    job.run = std::min(run, job.requested);
    job.procs = procs;
    job.user = std::string(user.text);
    if (has(Group)) job.group = std::string(at(fields, Group).text);
    if (has(Account)) job.account = std::string(at(fields, Account).text);
    if (has(Partition)) job.job_class = std::string(at(fields, Partition).text);
    if (has(Qos)) job.qos = std::string(at(fields, Qos).text);
    job.recorded_wait = *start - *submit;
    job.status = swf_status(state);
    job.line = trace_.lines;
    line_of_.emplace(job.number, job.line);
    trace_.jobs.push_back(std::move(job));
  }

  const std::string& name_;
  const TraceReadOptions& options_;
  Trace& trace_;
  bool header_read_ = false;
  std::size_t width_ = 0;                                   // fields per line, as in the header
  std::array<int, kColumns> at_{};                          // each column's position in a line (-1: not exported)
  std::unordered_map<std::int64_t, std::int64_t> line_of_;  // job number -> its line
};

constexpr std::size_t kMaxExportBytes = 1ull << 30;

}  // namespace

bool is_sacct_header(std::string_view line) {
  if (line.find('|') == std::string_view::npos) return false;
  for (const Field& f : split(line))
    if (same_word(f.text, "JobID") || same_word(f.text, "JobIDRaw")) return true;
  return false;
}

Trace parse_sacct(std::string_view text, const std::string& name, const TraceReadOptions& options) {
  Trace trace;
  SacctParser parser(name, options, trace);
  ChunkedLines lines;
  auto line = [&](std::string_view l) { return parser.line(l); };
  if (lines.feed(text, line)) lines.finish(line);
  parser.finish();
  return trace;
}

TraceReadResult read_sacct(const std::string& path, const TraceReadOptions& options) {
  TraceReadResult result;
  InflatingReader file(path, kMaxExportBytes);
  SacctParser parser(path, options, result.trace);
  result.error = read_problem(path, read_lines(file, [&](std::string_view l) { return parser.line(l); }));
  parser.finish();
  if (result.error) result.trace = {};
  return result;
}

}  // namespace maui::runtime
