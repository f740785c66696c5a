// A look at the scheduler's world, owned, from which a ViewContext is made: a copy of the
// cluster, one explained iteration on it that applies nothing (SchedulingCycle::explain: the
// same decisions the cycle would make now, every waiting job explained, the calendar kept), the
// administrative reservations, the fairshare standing. `mauirun simulate --stop-at` takes one
// at the stop time; the daemon can take one after each turn and serve views from it while the
// cycle goes on.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "runtime/cycle/scheduling_cycle.h"
#include "runtime/views/view_context.h"

namespace maui::runtime {

struct ViewSnapshot {
  const CredentialDirectory* dir = nullptr;
  ClusterSnapshot cluster;
  IterationResult iteration;
  std::vector<AdminReservation> admin_reservations;
  std::optional<FairshareStanding> fairshare;  // none: fairshare off
  bool scheduling_stopped = false;
  Seconds utc_offset = 0;

  ViewContext context() const {
    return ViewContext{
        *dir,      cluster, iteration, admin_reservations, fairshare ? &*fairshare : nullptr, scheduling_stopped,
        utc_offset};
  }
};

// Takes a look at `cluster` (the cycle's RM's snapshot, the scheduler's memory merged in) as the
// cycle sees it now. Owned through a pointer: the iteration's results index the copy.
std::unique_ptr<ViewSnapshot> look(SchedulingCycle& cycle, const CredentialDirectory& dir,
                                   const ClusterSnapshot& cluster, bool scheduling_stopped = false);

}  // namespace maui::runtime
