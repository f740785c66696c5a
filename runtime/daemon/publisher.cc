// Publishing each turn to the admin socket's views and the live report (publisher.h).
#include "runtime/daemon/publisher.h"

#include <optional>
#include <utility>

#include "runtime/report/report_html.h"

namespace maui::runtime {

void Publisher::adopt_coverage(std::vector<CoverageRow> coverage, std::string note) {
  std::lock_guard<std::mutex> lock(page_mutex_);
  coverage_ = std::move(coverage);
  coverage_note_ = std::move(note);
  page_html_.clear(), page_json_.clear();
}

void Publisher::publish_turn(const IterationReport& report, LiveScheduler& scheduler) {
  IterationResult iteration;
  if (report.ran) {
    iteration = report.result;
    iteration.reservations = scheduler.cycle->reservations();
  } else {
    iteration = scheduler.cycle->explain(scheduler.rm->cluster());  // nothing waited: the reservations still stand
  }
  auto view = std::make_shared<const PublishedView>(scheduler.policy, scheduler.rm->cluster(), std::move(iteration),
                                                    scheduler.admin, scheduler.cycle->fairshare_history(),
                                                    scheduler.stopped, scheduler.utc_offset);
  std::lock_guard<std::mutex> lock(view_mutex_);
  view_ = std::move(view);
}

void Publisher::publish_policy(LiveScheduler& scheduler) {
  if (!latest_view()) return;
  publish_turn(IterationReport{}, scheduler);  // not run: explained under the policy now in force
}

void Publisher::observe_for_live_report(const IterationReport& report, LiveScheduler& scheduler) {
  std::vector<std::pair<std::string, bool>> started;
  for (const auto& a : report.applied)
    if (a.kind == AppliedDecision::Kind::Start && a.status.ok && !scheduler.dry_run)
      started.emplace_back(scheduler.rm->cluster().jobs[a.job].id, a.backfill);
  live_.observe(scheduler.policy->ir, scheduler.rm->cluster(), scheduler.cycle->reservations(),
                scheduler.cycle->fairshare_history(), started);
}

std::shared_ptr<const PublishedView> Publisher::latest_view() const {
  std::lock_guard<std::mutex> lock(view_mutex_);
  return view_;
}

std::string Publisher::live_page(bool html, const std::string& config, Seconds utc_offset) {
  const std::uint64_t version = live_.version();
  {
    std::lock_guard<std::mutex> lock(page_mutex_);
    if (page_version_ == version && !(html ? page_html_ : page_json_).empty()) return html ? page_html_ : page_json_;
  }
  std::shared_ptr<const PublishedView> view = latest_view();
  std::optional<ViewContext> now;
  if (view) now.emplace(view->context());
  ReportData data = live_.data(config, utc_offset, now ? &*now : nullptr);
  {
    std::lock_guard<std::mutex> lock(page_mutex_);
    data.sides.front().coverage = coverage_;
    data.sides.front().coverage_note = coverage_note_;
  }
  std::string page = html ? render_report_html(data) : report_data_json(data);
  std::lock_guard<std::mutex> lock(page_mutex_);
  if (page_version_ != version) page_html_.clear(), page_json_.clear();
  page_version_ = version;
  (html ? page_html_ : page_json_) = page;
  return page;
}

}  // namespace maui::runtime
