// Where Slurm puts the tasks of a job the adapter starts. A start names the nodes (ReqNodeList)
// but not the tasks on each: Slurm places them itself, one task on each node first, then filling
// each node's free CPUs in its own node order (measured: 6 tasks on two empty 4-CPU nodes are
// 4 + 2, the first node in slurm.conf's order taking 4, whichever split the engine chose). A
// later start of the same turn on those nodes must be judged against that placement, not the
// engine's, or Slurm finds no room for it (docs/slurm.md, "Starting a job").
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "runtime/engine/model.h"

namespace maui::runtime::slurm {

// The tasks Slurm puts on each of `nodes` (in the order given) for `job`, on the snapshot as it is
// (its active jobs hold their CPUs; its nodes are in Slurm's order); nullopt when the nodes have
// not room for every task with at least one on each, or a node is unknown.
std::optional<std::vector<std::int64_t>> slurm_placement(const ClusterSnapshot& snapshot, const Job& job,
                                                         std::span<const std::string> nodes);

}  // namespace maui::runtime::slurm
