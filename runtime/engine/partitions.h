// Partitions (NODECFG PARTITION; PLIST and PDEF of the credentials; docs/semantics.md 83): a job
// runs on the nodes of one partition, one that every credential's PLIST lets it use, trying its
// PDEF first. A cluster of one partition and a policy without PLIST confine nothing, and the
// scheduler then never asks.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/engine/credentials.h"
#include "runtime/engine/model.h"

namespace maui::runtime {

class PartitionLayout {
 public:
  // The cluster's partitions in the order their first node appears, and each one's nodes.
  void assign(std::span<const Node> nodes);
  std::size_t size() const { return names_.size(); }
  std::string_view name(std::size_t p) const { return names_[p]; }
  std::span<const std::size_t> nodes(std::size_t p) const { return nodes_[p]; }
  std::uint32_t of(std::size_t node) const { return of_node_[node]; }

  // The partitions `job` may run in, in the order a scheduler tries them: the PDEF its
  // credentials give (CredentialDirectory::default_partition) first, then the others in layout
  // order. Empty: no partition of the cluster is open to it.
  void open_to(const CredentialDirectory& dir, const Job& job, std::vector<std::uint32_t>& out) const;

 private:
  std::vector<std::string> names_;
  std::vector<std::vector<std::size_t>> nodes_;
  std::vector<std::uint32_t> of_node_;  // each node's partition
};

// Whether a scheduler must confine jobs to partitions at all: the policy sets a PLIST, or the
// nodes are in more than one partition.
bool confines_to_partitions(const CredentialDirectory& dir, std::span<const Node> nodes);

}  // namespace maui::runtime
