// What `mauirun serve` shows to the threads that are not the scheduling thread: after every turn,
// the turn as the admin socket's views read it (a PublishedView, runtime/daemon/published_view.h),
// and with --http the live report (runtime/report/live_report.h) as a page and its data, each
// made at most once per turn whoever asks. Apart from the loop (serve.cc) because its readers
// are the admin socket's and the HTTP server's threads: they read what the last turn published,
// under locks of its own, while the next turn runs.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "runtime/cycle/scheduling_cycle.h"
#include "runtime/daemon/live_scheduler.h"
#include "runtime/daemon/published_view.h"
#include "runtime/report/live_report.h"
#include "runtime/report/report_data.h"

namespace maui::runtime {

class Publisher {
 public:
  // On the scheduling thread, when a policy comes into force: its standing-reservation coverage
  // for the live page; the pages made under the policy before are made again.
  void adopt_coverage(std::vector<CoverageRow> coverage, std::string note);
  // After every turn, on the scheduling thread: what the views show until the next.
  void publish_turn(const IterationReport& report, LiveScheduler& scheduler);
  // On the scheduling thread, once a reload has put a new policy in force: the views answer
  // from it at once, the last turn's cluster explained under it (found: showconfig showed the
  // old value for a whole turn after the log said the new policy was in force). Nothing before
  // the first turn, which publishes anyway.
  void publish_policy(LiveScheduler& scheduler);
  // With --http, after publish_turn: the turn into the live report, with the starts it made (none
  // in a dry run).
  void observe_for_live_report(const IterationReport& report, LiveScheduler& scheduler);

  // On any thread: the last turn published; null before the first.
  std::shared_ptr<const PublishedView> latest_view() const;
  // On the HTTP server's threads: the page (or its data) of the turns so far, made once per turn
  // whoever asks. `config` names the config in the page's title.
  std::string live_page(bool html, const std::string& config, Seconds utc_offset);

 private:
  mutable std::mutex view_mutex_;
  std::shared_ptr<const PublishedView> view_;
  LiveReport live_;
  std::mutex page_mutex_;  // the pages below and the coverage
  std::uint64_t page_version_ = 0;
  std::string page_html_, page_json_;
  std::vector<CoverageRow> coverage_;  // of the policy in force
  std::string coverage_note_;
};

}  // namespace maui::runtime
