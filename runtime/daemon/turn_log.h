// What each turn's decisions say in the decision log (runtime/daemon/decision_log.h): one line
// for every start, refused start, preemption, hold and cancel the iteration made, with its reason
// (the job's priority and whether by backfill, the RM's refusal, why a job can never run), and a
// line for a job reservation when it is made or moves, not at every iteration. Apart from the
// loop (serve.cc) because it is what admins read of a turn: the loop says what happened, this
// says why.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "runtime/cycle/scheduling_cycle.h"
#include "runtime/daemon/decision_log.h"
#include "runtime/engine/reservations.h"

namespace maui::runtime {

class TurnLog {
 public:
  explicit TurnLog(DecisionLog& log) : log_(log) {}

  // The iteration's decisions on `cluster` (the snapshot it ran on) and the job reservations the
  // cycle now holds. `dry_run`: each decision says that nothing was changed.
  void log_decisions(const IterationReport& report, const ClusterSnapshot& cluster,
                     const std::vector<Reservation>& reservations, bool dry_run);

 private:
  DecisionLog& log_;
  std::map<std::string, Epoch> reserved_;  // job reservations last logged, and their starts
};

}  // namespace maui::runtime
