// What the admin socket's thread shows: the scheduler's world as the last turn left it
// (runtime/views/view_snapshot.h), copied once per turn and never changed after, so that views
// read it while the next turn runs and a reload replaces the policy under no one.
#pragma once

#include <memory>
#include <vector>

#include "runtime/daemon/daemon_settings.h"
#include "runtime/engine/credentials.h"
#include "runtime/engine/fairshare.h"
#include "runtime/views/view_snapshot.h"

namespace maui::runtime {

// The policy in force, with what is derived from it; shared by the daemon and the views of the
// turns that ran under it.
struct PolicyInForce {
  std::shared_ptr<const ir::Policy> ir;
  std::unique_ptr<CredentialDirectory> dir;
  DaemonSettings settings;
};

class PublishedView {
 public:
  // After a turn: the snapshot the iteration ran on and its result with the reservations it
  // booked (their node positions are the snapshot's), the admin reservations, a copy of the
  // fairshare windows (the cycle's own change in the next turn).
  PublishedView(std::shared_ptr<const PolicyInForce> policy, const ClusterSnapshot& cluster, IterationResult iteration,
                std::vector<AdminReservation> admin, FairshareHistory history, bool scheduling_stopped,
                Seconds utc_offset);
  PublishedView(const PublishedView&) = delete;
  PublishedView& operator=(const PublishedView&) = delete;

  ViewContext context() const { return look_.context(); }
  const PolicyInForce& policy() const { return *policy_; }

 private:
  std::shared_ptr<const PolicyInForce> policy_;
  FairshareHistory history_;  // the standing in look_ points into it
  ViewSnapshot look_;
};

}  // namespace maui::runtime
