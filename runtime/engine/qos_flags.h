// QOS flags (QOSCFG[q] QFLAGS=..., manual 7.3; docs/semantics.md 80): what the engine does with
// each, read once per QOS line. The limit exemptions and NOBF / NORESERVATION are implemented;
// the other documented flags are reported as ignored, with the reason, so that a simulation
// never silently differs from what the flag promises.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "schemas/ir.h"
#include "schemas/problem.h"

namespace maui::runtime {

struct QosFlags {
  // IGN*PERUSER: the limits of that resource on the job's user, and the per-user limits inside
  // its other credentials (MAXPROCPERUSER, MAXPROC[USER]), do not apply; active limits, and
  // for IGNJOBQUEUEDPERUSER the idle MAXIJOB.
  std::array<bool, ir::kLimitResources> ignore_user_active{}, ignore_user_idle{};
  // IGNSYSMAX*: the system per-job limit (SYSTEMMAX*PERJOB) of that resource does not apply.
  std::array<bool, ir::kLimitResources> ignore_system{};
  bool no_backfill = false;     // NOBF: the job starts in priority order, never by backfill
  bool no_reservation = false;  // NORESERVATION: the job never gets a priority reservation
  bool dedicated = false;       // DEDICATED: the job takes whole nodes (NODEACCESSPOLICY SINGLEJOB)
  bool preemptor = false;       // PREEMPTOR: a blocked job may requeue PREEMPTEE jobs (runtime/engine/preemption.h)
  bool preemptee = false;       // PREEMPTEE: the job may be requeued for a PREEMPTOR job

  bool any_limit_exemption() const;
  bool operator==(const QosFlags&) const = default;
};

// The flags of one QOS line. Each flag the engine does not implement adds the warning
// "QFLAGS=X: ignored: why", at the flag's line, to `ignored` (when given).
QosFlags read_qos_flags(const ir::CredentialConfig& qos, std::vector<Problem>* ignored = nullptr);

}  // namespace maui::runtime
