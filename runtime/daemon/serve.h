// `mauirun serve`: the compiled policy scheduling a live Slurm cluster (docs/serve.md).
//
// A turn: wait for Slurm (a job submitted or ended, a start to check, the next reservation
// boundary, at most RMPOLLINTERVAL), account for the time that passed (fairshare usage, queue
// time), run one iteration and let the adapter carry its decisions out, log each decision with
// its reason, save what a restart needs. SIGTERM: the turn finishes, the state is saved, exit 0.
// SIGHUP: the config is compiled again; with errors the running policy stays and the
// diagnostics go to the log. Slurm unreachable, slow or talking nonsense: the turn is skipped
// with the error logged, and the daemon tries again until Slurm is back.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/daemon/http_report.h"
#include "runtime/report/report_data.h"
#include "runtime/rm/slurm/slurm_control.h"
#include "schemas/ir.h"

namespace maui::runtime {

// A compiled config, or why there is none.
struct LoadedPolicy {
  std::shared_ptr<const ir::Policy> policy;  // null: the config has errors
  std::string diagnostics;                   // as `mauic lint` prints them
  std::vector<std::string> findings;         // the same, one line each (file:line:col: ...) for the log
  // The standing-reservation coverage table of `mauic check`, for the live report.
  std::vector<CoverageRow> coverage;
  std::string coverage_note;
};
using PolicyLoader = std::function<LoadedPolicy()>;

struct ServeOptions {
  std::string config;     // for messages
  std::string state_dir;  // state.json, FS.<epoch>, serve.log, serve.jsonl, the lock
  bool dry_run = false;   // decide and log, change nothing in Slurm (also SERVERMODE TEST)
  bool once = false;      // one iteration, then exit
  // How often Slurm is asked whether something changed: while jobs wait, and when none does
  // (runtime/rm/slurm/slurm_cluster.h says why these).
  double busy_poll_seconds = 0.01;
  double poll_seconds = 0.05;
  Seconds start_timeout = 10;  // a released job must run within this
  bool log_to_stderr = true;
  // serve.log, serve.jsonl and audit.log: here (empty: the state directory), each rotated past
  // this size (0: never), so that the logs cannot fill the disk the state is saved on.
  std::string log_dir;
  std::uint64_t log_max_bytes = 16 << 20;
  std::string socket;  // the admin socket; empty: state_dir/mauirun.sock (none with `once`)
  // Each turn, the snapshot the iteration is about to run on, as JOBS.json (docs/jobs-json.md):
  // `mauirun schedule` on it makes the simulator's iteration on what serve saw.
  std::string snapshot_out;
  // The HTML report of the live cluster on this address (none with `once`): GET / and /data.json.
  std::optional<HttpAddress> http;
};

// The process exit status: 0 stopped cleanly, 2 could not start (config, state directory, lock).
int serve(const ServeOptions& options, const PolicyLoader& load, slurm::SlurmControl& control);

}  // namespace maui::runtime
