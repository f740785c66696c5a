// The progress of a long run on standard error, as users of long runs expect: a bar redrawn in
// place on a terminal (at most ten times a second), a plain line every few seconds elsewhere
// when asked for (--progress), nothing otherwise (--quiet, or not a terminal). Safe to call
// from several threads (mauirun sweep's replays).
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

#include "runtime/rm/sim/simulator.h"

namespace maui::tools {

enum class ProgressShown { Never, Lines, Bar };

// Bar when standard error is a terminal, else Never; `asked` (--progress given) forces Lines
// there, `quiet` (--quiet) forces Never.
ProgressShown progress_shown(bool asked, bool quiet);

class ProgressBar {
 public:
  ProgressBar(ProgressShown shown, std::string label) : shown_(shown), label_(std::move(label)) {}
  ~ProgressBar() { finish(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  // `done` of `total` units ("jobs submitted", "runs"); `detail` after them ("trace day 3 04:00").
  void update(std::int64_t done, std::int64_t total, const std::string& units, const std::string& detail = "");
  // The bar's line cleared (on a terminal), so that what the command prints next starts clean.
  void finish();

 private:
  ProgressShown shown_;
  std::string label_;
  std::mutex mutex_;
  std::chrono::steady_clock::time_point last_{};
  bool drawn_ = false;
};

// "trace day 3 04:00": a trace time, seconds from its start.
std::string trace_time_text(std::int64_t seconds);

// The simulation reports to `bar` about 200 times over a trace of `jobs` jobs.
void report_progress_to(ProgressBar& bar, runtime::SimulationOptions& options, std::size_t jobs);

}  // namespace maui::tools
