// Node access policies (NODEACCESSPOLICY, CLASSCFG NODEACCESSPOLICY, QOS flag DEDICATED;
// docs/semantics.md 84): whether a job shares its nodes with other jobs. The policy is the IR's
// (read once when the config is lowered):
//   Shared      jobs share nodes (Maui's default)
//   SingleJob   the job's nodes run no other job while it holds them
//   SingleTask  the same, and one task of the job per node
//   SingleUser  the job shares its nodes with jobs of its own user only
#pragma once

#include "schemas/ir.h"

namespace maui::runtime {

using NodeAccess = ir::NodeAccessPolicy;

// Whether the job takes whole nodes: nothing else may run beside it, and it goes only where
// nothing else runs.
inline bool whole_nodes(NodeAccess a) { return a == NodeAccess::SingleJob || a == NodeAccess::SingleTask; }

}  // namespace maui::runtime
