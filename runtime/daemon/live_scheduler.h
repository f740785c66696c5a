// The scheduler as `mauirun serve` runs it: what the scheduling thread owns and each part of the
// daemon acts on between two turns: the loop (serve.cc), the admin's changes
// (admin_requests.h) and publishing (publisher.h). Apart from them because all three use it, and
// the daemon owns it. Only the scheduling thread changes it; another thread only wakes the RM
// (rm->wake()) or reads utc_offset, which is set before any of them starts.
#pragma once

#include <memory>
#include <vector>

#include "runtime/cycle/scheduling_cycle.h"
#include "runtime/daemon/published_view.h"
#include "runtime/engine/reservations.h"
#include "runtime/rm/slurm/slurm_cluster.h"

namespace maui::runtime {

struct LiveScheduler {
  std::shared_ptr<const PolicyInForce> policy;  // replaced by a reload that compiles
  bool dry_run = false;                         // --dry-run or SERVERMODE TEST: nothing changed in Slurm
  std::vector<AdminReservation> admin;          // setres, kept across restarts
  std::unique_ptr<slurm::SlurmCluster> rm;
  std::unique_ptr<SchedulingCycle> cycle;  // made again, from its memory, by a reload
  bool stopped = false;                    // schedctl -s: decide and show, start nothing
  Seconds utc_offset = 0;                  // the site's clock as the daemon started
};

}  // namespace maui::runtime
