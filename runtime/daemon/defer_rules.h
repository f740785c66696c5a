// Maui's defer rules for a start that did not happen (Appendix F): after DEFERSTARTCOUNT failed
// starts the job is deferred (a defer hold for DEFERTIME); after DEFERCOUNT defers it gets a
// batch hold, which only an operator lifts.
#pragma once

#include <string>
#include <string_view>

#include "runtime/daemon/daemon_settings.h"
#include "runtime/engine/model.h"

namespace maui::runtime {

struct DeferOutcome {
  enum class Kind { NotCounted, Counted, Deferred, BatchHold } kind = Kind::Counted;
  std::string reason;  // for the log and, for a batch hold, the job's owner
};

// Records one failed start at `at` in the job's memory and says what follows. A start that
// failed through no fault of the job (`no_fault_of_the_job` says why: a node it was given went
// down, the RM requeued it) is not counted: the job has done nothing to be deferred for
// (docs/semantics.md, "Defer rules").
DeferOutcome failed_start(SchedulerJobState& job, const DaemonSettings& settings, Epoch at,
                          std::string_view no_fault_of_the_job = {});

}  // namespace maui::runtime
