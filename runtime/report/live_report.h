// The HTML report of the live cluster (`mauirun serve --http ADDR:PORT`, docs/report.md): the
// daemon tells it each turn what the scheduler saw and kept, and it keeps what the report of a
// simulation shows (report_data.h) over a moving window: where each job ran, the reservations,
// the fairshare standing and the queue's priorities sampled over time. No I/O; the daemon's
// HTTP server asks it for the data on its own threads, so every call is thread-safe.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "runtime/report/report_data.h"
#include "runtime/report/report_recorder.h"
#include "runtime/views/view_context.h"

namespace maui::runtime {

struct LiveReportOptions {
  Seconds window = 24 * 3600;  // jobs that ended longer ago than this are forgotten
  Seconds sample_step = 300;   // fairshare and priority samples
  std::size_t priority_rows = 20;
  Seconds refresh = 15;  // the page asks for its data again this often
};

class LiveReport {
 public:
  explicit LiveReport(LiveReportOptions options = {}) : options_(options) {}

  // After a turn, on the scheduling thread: the policy in force (kept alive while sampled
  // under), the snapshot the turn ran on, the reservations the cycle holds (in the snapshot's
  // node positions) and the fairshare windows.
  // `starts`: the jobs the turn started (by id), and whether by backfill; a later start of the
  // same job (after a failed one or a requeue) says again. Starts made before serve started
  // are not known: they count as not backfilled.
  void observe(std::shared_ptr<const ir::Policy> policy, const ClusterSnapshot& cluster,
               const std::vector<Reservation>& reservations, const FairshareHistory& fairshare,
               const std::vector<std::pair<std::string, bool>>& starts = {});

  // The report as it stands. `now`, when given (the last published turn), adds the queue's
  // priorities at that moment. `config` names the config in the report's title.
  ReportData data(const std::string& config, Seconds utc_offset, const ViewContext* now) const;

  // Changes after every observe(): a page rendered for one version stays right until the next.
  std::uint64_t version() const;

 private:
  // A job as the turns saw it: its outcome so far (end = the last turn while it runs) and
  // whether a run of it is open.
  struct Seen {
    JobOutcome outcome;
    bool running = false;
    bool left = false;  // gone from Slurm's list
    Epoch last_seen = 0;
  };
  std::int64_t number_of(const std::string& id);
  void see(const Job& job, Epoch now);
  void forget_old(Epoch now);

  LiveReportOptions options_;
  mutable std::mutex mutex_;
  std::uint64_t version_ = 0;
  std::shared_ptr<const ir::Policy> policy_;
  std::unique_ptr<ReportRecorder> recorder_;
  Epoch origin_ = 0;  // the report's second 0 (LiveReport::observe)
  Epoch next_forget_ = 0;
  std::int64_t turns_ = 0;
  std::int64_t machine_procs_ = 0;
  std::map<std::string, Seen> jobs_;             // by Slurm job id
  std::map<std::string, std::int64_t> numbers_;  // ids that are not numbers: numbers of their own
};

}  // namespace maui::runtime
