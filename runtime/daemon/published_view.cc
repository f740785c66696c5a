#include "runtime/daemon/published_view.h"

namespace maui::runtime {

PublishedView::PublishedView(std::shared_ptr<const PolicyInForce> policy, const ClusterSnapshot& cluster,
                             IterationResult iteration, std::vector<AdminReservation> admin, FairshareHistory history,
                             bool scheduling_stopped, Seconds utc_offset)
    : policy_(std::move(policy)), history_(std::move(history)) {
  look_.dir = policy_->dir.get();
  look_.cluster = cluster;
  look_.iteration = std::move(iteration);
  look_.admin_reservations = std::move(admin);
  look_.scheduling_stopped = scheduling_stopped;
  look_.utc_offset = utc_offset;
  if (policy_->ir->fairshare.metric.value != ir::FairshareMetric::None)
    look_.fairshare = FairshareStanding::compute(*policy_->dir, history_, cluster.now);
}

}  // namespace maui::runtime
