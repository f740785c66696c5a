#include "runtime/rm/sim/snapshot_iteration.h"

#include <algorithm>
#include <set>

#include "runtime/engine/policy_warning.h"
#include "runtime/rm/sim/simulated_cluster.h"

namespace maui::runtime {

SnapshotIteration iterate_snapshot(const CredentialDirectory& dir, ClusterSnapshot snapshot,
                                   const SnapshotIterationOptions& options) {
  const Epoch now = snapshot.now;
  SimulatedCluster cluster(std::move(snapshot));
  CycleOptions c;
  c.utc_offset = options.utc_offset;
  c.fast_path = options.fast_path;
  c.skip_futile_iterations = false;
  SchedulingCycle cycle(dir, c, cluster.state().nodes);

  std::vector<RmEvent> ended;
  for (const auto& j : cluster.state().jobs)
    if (j.state == JobState::Completed && j.end_time)
      ended.push_back({RmEvent::Kind::Ended, j.id, *j.end_time, "completed"});
  cycle.advance_to(cluster, now);
  cycle.note(ended);

  SnapshotIteration out;
  out.report = cycle.iterate(cluster);
  out.reservations = cycle.reservations();
  std::set<Problem> warnings(cycle.warnings().begin(), cycle.warnings().end());
  for (const auto& a : out.report.applied)
    if (!a.status.ok)
      warnings.insert(unlocated_warning("the simulated cluster refused a decision: " + a.status.error.message));
  out.warnings.assign(warnings.begin(), warnings.end());
  out.cluster = std::move(cluster.state());
  return out;
}

}  // namespace maui::runtime
