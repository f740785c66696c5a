#include "runtime/rm/sim/snapshot_iteration.h"

#include <algorithm>
#include <set>

#include "runtime/engine/policy_warning.h"
#include "runtime/rm/sim/simulated_cluster.h"

namespace maui::runtime {

namespace {

// The simulated cluster that answers every decision done and carries none out.
class DryRun final : public ResourceManager {
 public:
  explicit DryRun(SimulatedCluster& cluster) : cluster_(cluster) {}
  std::string name() const override { return cluster_.name() + " (dry run)"; }
  RmCapabilities capabilities() const override { return cluster_.capabilities(); }
  Epoch wait(Epoch deadline, std::vector<RmEvent>& events) override { return cluster_.wait(deadline, events); }
  RmStatus refresh() override { return cluster_.refresh(); }
  ClusterSnapshot& cluster() override { return cluster_.cluster(); }
  RmStatus start_job(StartRequest&&) override { return {}; }
  RmStatus hold_job(const std::string&, const std::string&) override { return {}; }
  RmStatus release_job(const std::string&) override { return {}; }
  RmStatus cancel_job(const std::string&, const std::string&) override { return {}; }
  RmStatus requeue_job(const std::string&) override { return {}; }
  RmStatus set_priority(const std::string&, std::int64_t) override { return {}; }

 private:
  SimulatedCluster& cluster_;
};

}  // namespace

SnapshotIteration iterate_snapshot(const CredentialDirectory& dir, ClusterSnapshot snapshot,
                                   const SnapshotIterationOptions& options) {
  const Epoch now = snapshot.now;
  SimulatedCluster cluster(std::move(snapshot));
  CycleOptions c;
  c.utc_offset = options.utc_offset;
  c.fast_path = options.fast_path;
  c.skip_futile_iterations = false;
  c.explain = options.dry_run;  // serve explains every waiting job for its views
  SchedulingCycle cycle(dir, c, cluster.state().nodes);

  std::vector<RmEvent> ended;
  for (const auto& j : cluster.state().jobs)
    if (j.state == JobState::Completed && j.end_time)
      ended.push_back({RmEvent::Kind::Ended, j.id, *j.end_time, "completed"});
  cycle.advance_to(cluster, now);
  cycle.note(ended);

  SnapshotIteration out;
  if (const FairshareStanding* standing = cycle.fairshare_standing(now)) out.fairshare = *standing;
  DryRun dry(cluster);
  out.report = options.dry_run ? cycle.iterate(dry) : cycle.iterate(cluster);
  out.reservations = cycle.reservations();
  if (options.dry_run && !out.report.ran) {
    // Nothing waited: serve's views explain the cluster, whose reservations still stand.
    out.report.result = cycle.explain(cluster.state());
    out.reservations = out.report.result.reservations;
  }
  std::set<Problem> warnings(cycle.warnings().begin(), cycle.warnings().end());
  for (const auto& a : out.report.applied)
    if (!a.status.ok)
      warnings.insert(unlocated_warning("the simulated cluster refused a decision: " + a.status.error.message));
  out.warnings.assign(warnings.begin(), warnings.end());
  out.cluster = std::move(cluster.state());
  return out;
}

}  // namespace maui::runtime
