// Node access policies (NODEACCESSPOLICY, CLASSCFG NODEACCESSPOLICY, QOS flag DEDICATED;
// docs/semantics.md 84): whether a job shares its nodes with other jobs.
#pragma once

#include <optional>
#include <string_view>

namespace maui::runtime {

enum class NodeAccess {
  Shared,      // jobs share nodes (Maui's default)
  SingleJob,   // the job's nodes run no other job while it holds them
  SingleTask,  // the same, and one task of the job per node
  SingleUser,  // the job shares its nodes with jobs of its own user only
};

// The policy a NODEACCESSPOLICY value names (case-insensitive); none: not a policy.
std::optional<NodeAccess> node_access_from(std::string_view value);

// Whether the job takes whole nodes: nothing else may run beside it, and it goes only where
// nothing else runs.
inline bool whole_nodes(NodeAccess a) { return a == NodeAccess::SingleJob || a == NodeAccess::SingleTask; }

}  // namespace maui::runtime
