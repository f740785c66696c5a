#include "runtime/engine/partitions.h"

#include <algorithm>

namespace maui::runtime {

void PartitionLayout::assign(std::span<const Node> nodes) {
  names_.clear();
  for (auto& list : nodes_) list.clear();
  of_node_.resize(nodes.size());
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    // A cluster has a few partitions: a linear search beats hashing.
    auto it = std::find(names_.begin(), names_.end(), nodes[n].partition);
    const auto p = static_cast<std::size_t>(it - names_.begin());
    if (it == names_.end()) {
      names_.push_back(nodes[n].partition);
      if (nodes_.size() < names_.size()) nodes_.emplace_back();
    }
    nodes_[p].push_back(n);
    of_node_[n] = static_cast<std::uint32_t>(p);
  }
}

void PartitionLayout::open_to(const CredentialDirectory& dir, const Job& job, std::vector<std::uint32_t>& out) const {
  out.clear();
  for (std::uint32_t p = 0; p < names_.size(); ++p)
    if (dir.may_use_partition(job, names_[p])) out.push_back(p);
  if (const std::string* preferred = dir.default_partition(job))
    std::stable_partition(out.begin(), out.end(), [&](std::uint32_t p) { return names_[p] == *preferred; });
}

bool confines_to_partitions(const CredentialDirectory& dir, std::span<const Node> nodes) {
  if (dir.has_partition_lists()) return true;
  return std::any_of(nodes.begin(), nodes.end(),
                     [&](const Node& n) { return !same_name(n.partition, nodes.front().partition); });
}

}  // namespace maui::runtime
