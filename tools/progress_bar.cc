#include "tools/progress_bar.h"

#include <algorithm>

#include <fmt/format.h>

#include "llvm/Support/raw_ostream.h"

namespace maui::tools {

ProgressShown progress_shown(bool asked, bool quiet) {
  if (quiet) return ProgressShown::Never;
  if (llvm::errs().is_displayed()) return ProgressShown::Bar;
  return asked ? ProgressShown::Lines : ProgressShown::Never;
}

void ProgressBar::update(std::int64_t done, std::int64_t total, const std::string& units, const std::string& detail) {
  if (shown_ == ProgressShown::Never) return;
  std::lock_guard<std::mutex> lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  const auto every = shown_ == ProgressShown::Bar ? std::chrono::milliseconds(100) : std::chrono::milliseconds(5000);
  if (drawn_ && done < total && now - last_ < every) return;
  last_ = now;
  drawn_ = true;
  const std::string tail = detail.empty() ? "" : ", " + detail;
  auto& err = llvm::errs();
  if (shown_ == ProgressShown::Lines) {
    err << fmt::format("{}: {} of {} {}{}\n", label_, done, total, units, tail);
    return;
  }
  constexpr std::int64_t kWidth = 30;
  const std::int64_t filled = total > 0 ? std::min(kWidth, done * kWidth / total) : kWidth;
  // \r and "erase to the end of the line": the bar is redrawn over itself.
  err << fmt::format("\r\x1b[K{} [{:<{}}] {} of {} {}{}", label_, std::string(static_cast<std::size_t>(filled), '#'),
                     kWidth, done, total, units, tail);
  err.flush();
}

void ProgressBar::finish() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (shown_ == ProgressShown::Bar && drawn_) {
    llvm::errs() << "\r\x1b[K";
    llvm::errs().flush();
  }
  drawn_ = false;
}

std::string trace_time_text(std::int64_t seconds) {
  if (seconds < 0) seconds = 0;
  return fmt::format("trace day {} {:02}:{:02}", seconds / 86400, seconds / 3600 % 24, seconds / 60 % 60);
}

void report_progress_to(ProgressBar& bar, runtime::SimulationOptions& options, std::size_t jobs) {
  options.progress_every = std::max<std::int64_t>(1, static_cast<std::int64_t>(jobs / 200));
  options.progress = [&bar](std::int64_t done, std::int64_t total, runtime::Epoch t) {
    bar.update(done, total, "jobs submitted", trace_time_text(t));
  };
}

}  // namespace maui::tools
