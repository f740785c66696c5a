// The nodes of a simulated cluster, made from the config's NODECFG lines or from --nodes and
// --procs-per-node, with what had to be assumed about them. Apart from the simulated RM
// (simulated_cluster.h) because every command that replays a trace (simulate, compare, report,
// mauic diff --simulate) builds its cluster here first, and says the same assumptions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/engine/model.h"
#include "schemas/ir.h"
#include "schemas/problem.h"

namespace maui::runtime {

// The nodes of a simulated cluster (docs/simulator.md, "The cluster"): the config's NODECFG nodes
// (each named node, with its procs, memory, features, partition and MAXJOB, NODECFG[DEFAULT]
// filling what a node leaves out), or, when count > 0, `count` identical nodes node001 ... in
// their place. A node whose procs neither it nor NODECFG[DEFAULT] states (RESOURCES=PROCS:n) has
// procs_per_node procs, 1 when that is not given (what Maui assumes of a node its resource
// manager reports none for).
struct NodeSource {
  std::int64_t count = 0;           // --nodes N; 0: the config's nodes
  std::int64_t procs_per_node = 0;  // --procs-per-node P; 0: not given
};
struct SimulatedNodes {
  std::vector<Node> nodes;
  // What was assumed about the cluster and why, each said once and located at the config line it
  // concerns (severity note): procs given to nodes that state none, the config's nodes replaced
  // by --nodes, a --procs-per-node no node needs. Empty when the config and the command line
  // say everything.
  std::vector<Problem> assumptions;
  std::optional<Problem> error;  // why there is no node at all (about the config as a whole)
};
SimulatedNodes simulated_nodes(const ir::Policy& policy, const NodeSource& source);

}  // namespace maui::runtime
