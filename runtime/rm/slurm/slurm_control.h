// What the Slurm adapter asks of Slurm: read the jobs and nodes, notice cheaply that something
// changed, and change one job. LibSlurmControl (runtime/rm/slurm/libslurm_control.h) does it
// through libslurm; tests give a scripted one, so that the adapter's decisions (start, confirm,
// hold again, events) are tested without a cluster.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "runtime/rm/rm.h"
#include "runtime/rm/slurm/slurm_records.h"

namespace maui::runtime::slurm {

// Priorities as Slurm reads them in an update: 0 holds a job (sched/builtin never starts it);
// INFINITE releases a held job (what `scontrol release` sends: Slurm gives it a priority of its
// own, and starts it at the next scheduling pass). Any other value on a held job is ignored
// ("ignore priority reset request on held JobId", measured on 22.05).
inline constexpr std::uint32_t kHeld = 0;
inline constexpr std::uint32_t kReleased = 0xffffffff;

// A change to one job; what is not set stays as it is.
struct JobUpdate {
  std::uint32_t id = 0;
  // A task of the array `id` that Slurm has not split out of the array's record: Slurm splits it
  // out (a job record of its own, under a new job id) and changes only it (slurmctld's
  // update_job_str). Tasks already split are changed by their own job id.
  std::optional<std::uint32_t> task;
  std::optional<std::string> required_nodes;  // "" clears them
  std::optional<std::string> excluded_nodes;  // "" clears them
  std::optional<std::uint32_t> min_nodes, max_nodes;
  std::optional<std::string> partition;   // one partition (or the list given back) of a job asking several
  std::optional<std::uint32_t> priority;  // kHeld, kReleased, or a priority to show
  std::optional<std::string> admin_comment;
  std::optional<Epoch> begin;  // the time before which Slurm does not start it
};

// Which cluster Slurm is: slurm.conf's ClusterName, and its controller (the first SlurmctldHost
// with SlurmctldPort, "host:port": test clusters share a host). A state directory belongs to one
// cluster (runtime/daemon/daemon_state.h).
struct ClusterIdentity {
  std::string name, controller;
  bool operator==(const ClusterIdentity&) const = default;
};

class SlurmControl {
 public:
  virtual ~SlurmControl() = default;
  // Every job (finished ones too, for MinJobAge) and every node, and Slurm's time.
  virtual RmStatus read(Reading& out) = 0;
  // Whether jobs or nodes changed since the last read; true when Slurm cannot say.
  virtual bool changed() = 0;
  virtual RmStatus update(const JobUpdate& update) = 0;
  // `task`: of the array `id`, not split out of its record yet (as JobUpdate::task).
  virtual RmStatus cancel(std::uint32_t id, std::optional<std::uint32_t> task) = 0;
  // Back to the queue, held (the job must allow requeue).
  virtual RmStatus requeue_held(std::uint32_t id) = 0;
  // The cluster's name and controller, as slurmctld gives its configuration.
  virtual RmStatus identity(ClusterIdentity& out) = 0;
};

}  // namespace maui::runtime::slurm
