// Standard Workload Format traces (the Parallel Workloads Archive's SWF; docs/reference/traces.md):
// one job per line, 18 whitespace-separated fields, `;` header comments. Plain or gzip.
//
// Conventions (docs/simulator.md): procs = allocated procs (field 5), else requested (field 8);
// the job runs min(run time, requested time) because the scheduler ends it at its wallclock
// limit; no requested time -> requested = run time; user / group / queue numbers become the
// credentials u<N> / g<N> / class q<N> (-1 = none: the DEFAULT credential applies). A requested
// time is at least 1 s (a limit of 0 means nothing to a scheduler); a job that ran 0 s runs 0 s.
// A line with no run time (-1), no processor count, a negative submit time, a job number seen
// before, a field that is not a number (decimals only in fields 6 and 7) or other than 18
// fields is a problem (schemas/problem.h), located at the offending field; so is a submit, run or requested
// time beyond ir::kMaxSeconds or a processor count beyond ir::kMaxProcs (schemas/ir.h), and a
// header UnixStartTime beyond ir::kMaxSeconds or TimeZone beyond a day either way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/engine/model.h"
#include "schemas/problem.h"

namespace maui::runtime {

struct TraceJob {
  std::int64_t number = 0;     // field 1, the job's id in the trace
  Epoch submit = 0;            // field 2, seconds in the trace's own clock
  Seconds run = 0;             // how long it runs in the simulation: min(run time, requested time)
  Seconds requested = 0;       // wallclock limit (> 0)
  std::int64_t procs = 0;      // > 0
  std::int64_t memory_kb = 0;  // requested memory per proc (field 10), 0 = unknown
  std::string user, group, job_class;
  std::string account, qos;  // sacct only: the job's account and the QOS it asked for
  // How the job went on the machine the trace comes from: its wait (SWF field 3, sacct Start -
  // Submit) and SWF's status (field 11: 1 completed, 0 failed, 5 cancelled; -1 unknown).
  std::optional<Seconds> recorded_wait;
  int status = -1;
  bool run_clipped = false;         // ran longer than requested in the trace
  bool requested_from_run = false;  // no requested time: requested = run time
  std::int64_t line = 0;            // 1-based line in the trace file, for messages about the job
};

struct Trace {
  std::string format = "swf";  // "swf" or "sacct" (runtime/io/sacct.h)
  std::vector<TraceJob> jobs;  // in file order
  // The lines that were not usable jobs, each located at the offending field (column 0: the whole
  // line): "field 5 (allocated procs): expected an integer, got 'x'".
  std::vector<Problem> problems;
  // Lines that are jobs but are not replayed as they are (sacct: a job that never started, one
  // still running), each said once; not errors.
  std::vector<Problem> notes;      // Severity::Note
  std::int64_t steps_skipped = 0;  // sacct: job steps (123.batch, 123.0), never jobs themselves
  std::int64_t never_started = 0;  // sacct: jobs with no Start (not replayed; a note each)
  std::int64_t still_running = 0;  // sacct: jobs with no End (replayed with the time they had run)
  // Header facts when present: `; UnixStartTime:`, `; TimeZone:` (seconds east of UTC),
  // `; MaxNodes:`, `; MaxProcs:`.
  std::optional<Epoch> unix_start_time;
  std::optional<Seconds> time_zone;
  std::optional<std::int64_t> max_nodes, max_procs;
  std::int64_t lines = 0;
};

// A trace's TimeZone (seconds east of UTC) is at most a day either way.
inline constexpr Seconds kMaxTimeZone = 24 * 3600;

struct TraceReadOptions {
  std::int64_t limit_jobs = 0;  // read at most this many jobs (0 = all)
  // sacct's local times: seconds east of UTC (none: this machine's time zone, TZ).
  std::optional<Seconds> utc_offset;
};

// Reads `path` (gzip detected by its magic bytes, not by the name). Bad lines are collected in
// Trace::problems and never stop the read. `error` says why nothing can be replayed: an I/O error
// (missing file, corrupt gzip stream: then the trace is empty), or a file from which no job could
// be read (an empty file, a maui.cfg, random bytes: then Trace::problems says why line by line).
struct TraceReadResult {
  Trace trace;
  std::optional<Problem> error;  // none on success; else about the file as a whole (line 0)
};
TraceReadResult read_swf(const std::string& path, const TraceReadOptions& options = {});
// The same from text already in memory (tests); `name` is used in problems.
Trace parse_swf(std::string_view text, const std::string& name, const TraceReadOptions& options = {});

// Why a trace gives nothing to replay ("'t.swf' is empty"), in the words read_swf's error uses
// (a problem with the file `name` as a whole); none when it holds a job.
std::optional<Problem> nothing_to_replay(const Trace& trace, const std::string& name);
// read_lines' error (runtime/io/inflating_reader.h) as the problem of the file `path` as a whole;
// none when the text was read.
std::optional<Problem> read_problem(const std::string& path, std::string error);

// Whether most of the trace is not jobs: more lines in error than jobs read. Such a file is
// perhaps not an SWF trace at all, or not the one meant; what is replayed of it must say so
// before anything else.
inline bool mostly_in_error(const Trace& trace) { return trace.problems.size() > trace.jobs.size(); }

}  // namespace maui::runtime
