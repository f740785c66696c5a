// The mauirun subcommands. Each returns the process exit code: 0 done, 1 findings (a queued
// job that is not eligible), 2 usage or input error (unreadable or invalid config, JOBS.json
// or FS file).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/rm/sim/sim_breakdown.h"
#include "tools/progress_bar.h"

namespace maui::tools {

enum class RunFormat { Text, Json };

inline constexpr int kRunOk = 0;
inline constexpr int kRunFindings = 1;
inline constexpr int kRunInputError = 2;

struct RunOptions {
  std::string config;
  std::string jobs;    // JOBS.json ("" when the command takes none)
  std::string fs_dir;  // "" = no fairshare data
  std::optional<long long> now;
  RunFormat format = RunFormat::Text;
  std::string job;  // priority: also print this job's full breakdown
  // schedule --show 'VIEW ARGS'...: the views of the snapshot instead of the iteration's decisions
  std::vector<std::string> show;
};

struct SimulateOptions {
  std::string config;
  std::string trace;
  std::int64_t nodes = 0;           // 0: NODECFG
  std::int64_t procs_per_node = 0;  // 0: not given (runtime::NodeSource)
  std::string jobs_out;             // CSV path, "" = none
  std::string runs_out;             // CSV path, "" = none
  RunFormat format = RunFormat::Text;
  std::int64_t limit_jobs = 0;
  ProgressShown progress = ProgressShown::Never;
  bool fast_path = true;                  // false: --no-fast-path
  std::vector<std::string> reservations;  // --reservation SPEC (runtime/io/reservation_spec.h)
  std::vector<runtime::GroupBy> by;       // --by: the metrics per user, group, class or QOS too
  // --stop-at SECOND (trace seconds) with --show 'VIEW ARGS'...: the views at that second
  // instead of the simulation's summary (docs/views.md).
  std::optional<std::int64_t> stop_at;
  std::vector<std::string> show;
};

struct ServeCommandOptions {
  std::string config;
  std::string state_dir;
  bool dry_run = false;
  bool once = false;
  std::string socket;
  std::string snapshot_out;
  std::string http;               // ADDR:PORT of the live report, "" = none
  std::string log_dir;            // "" = the state directory
  std::uint64_t log_max_mb = 16;  // each log's bound before it is rotated; 0 = none
};

int priority_command(const RunOptions& options);
// One scheduling iteration on the snapshot: its starts, reservations and never-runnable jobs.
int schedule_command(const RunOptions& options);
// 0 stopped cleanly (SIGTERM, --once); 2 could not start (config with errors, state directory).
int serve_command(const ServeCommandOptions& options);

struct CompareOptions {
  std::string old_config, new_config, trace;
  std::int64_t nodes = 0;            // 0: each config's NODECFG
  std::int64_t procs_per_node = 0;   // 0: not given (runtime::NodeSource)
  std::vector<runtime::GroupBy> by;  // the kinds compared per credential
  RunFormat format = RunFormat::Text;
  std::string jobs_out;  // CSV path, "" = none
  std::string html;      // HTML report path, "" = none
  ProgressShown progress = ProgressShown::Never;
};

// mauirun sweep (docs/sweep.md).
struct SweepOptions {
  std::string config, trace;
  std::int64_t nodes = 0;
  std::int64_t procs_per_node = 0;               // 0: not given (runtime::NodeSource)
  std::vector<std::string> vary;                 // 'NAME=V1,V2,...', each a dimension
  unsigned jobs = 0;                             // threads; 0: the cores
  runtime::GroupBy by = runtime::GroupBy::User;  // the credential kind of the worst wait
  std::string rank_by = "average_wait";
  RunFormat format = RunFormat::Text;
  std::string html;          // the report's path, "" = none
  std::string slurm_array;   // DIR: write the job array there instead of running
  unsigned array_limit = 0;  // the array's %M: tasks at once; 0 = Slurm's own bound
  std::string merge;         // DIR: rank the array's results
  ProgressShown progress = ProgressShown::Never;
};

struct ReportOptions {
  std::string config, trace;
  std::int64_t nodes = 0;
  std::int64_t procs_per_node = 0;        // 0: not given (runtime::NodeSource)
  std::vector<std::string> reservations;  // --reservation SPEC
  std::string output;                     // the HTML file
  ProgressShown progress = ProgressShown::Never;
};

int priority_command(const RunOptions& options);
// 0 done; 2 nothing compared (a config or the trace unreadable, no nodes, an output unwritable).
int compare_command(const CompareOptions& options);
// 0 the report was written; 2 input or output error.
int report_command(const ReportOptions& options);
// `mauirun trace convert`: the trace as SWF to `output` ("-": standard output). 0 done, 2 error.
int convert_command(const std::string& trace, const std::string& output);
// 0 done (skipped trace lines and jobs that never started are reported); 2 nothing simulated.
// With --show: the first view that fails gives its status (1 not found, 2 usage, 3 refused).
int simulate_command(const SimulateOptions& options);
int fairshare_command(const RunOptions& options);
// 0 every candidate ran; 1 some failed (named in the ranking); 2 usage or input error (nothing ran).
int sweep_command(const SweepOptions& options);
int eligible_command(const RunOptions& options);
// Maui's client commands, asked of the running daemon over its admin socket (showq, checkjob, ...).
bool is_client_command(std::string_view name);
int client_command(std::string_view command, const std::vector<std::string>& args);

}  // namespace maui::tools
