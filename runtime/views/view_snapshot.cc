#include "runtime/views/view_snapshot.h"

namespace maui::runtime {

std::unique_ptr<ViewSnapshot> look(SchedulingCycle& cycle, const CredentialDirectory& dir,
                                   const ClusterSnapshot& cluster, bool scheduling_stopped) {
  auto s = std::make_unique<ViewSnapshot>();
  s->dir = &dir;
  s->cluster = cluster;
  s->admin_reservations = cycle.admin_reservations();
  s->scheduling_stopped = scheduling_stopped;
  s->utc_offset = cycle.utc_offset();
  if (const FairshareStanding* standing = cycle.fairshare_standing(s->cluster.now)) s->fairshare = *standing;
  s->iteration = cycle.explain(s->cluster);
  return s;
}

}  // namespace maui::runtime
