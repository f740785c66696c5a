#include "runtime/rm/slurm/slurm_placement.h"

#include <algorithm>
#include <map>

namespace maui::runtime::slurm {

std::optional<std::vector<std::int64_t>> slurm_placement(const ClusterSnapshot& snapshot, const Job& job,
                                                         std::span<const std::string> nodes) {
  const std::int64_t per_task = std::max<std::int64_t>(job.procs_per_task, 1);
  std::map<std::string, std::int64_t, std::less<>> busy;  // CPUs of the active jobs, by node
  for (const Job& j : snapshot.jobs) {
    if (!j.is_active() || j.id == job.id) continue;
    for (std::size_t k = 0; k < j.allocated_nodes.size(); ++k)
      busy[j.allocated_nodes[k]] += j.tasks_on(k) * j.procs_per_task;
  }
  // Slurm's order: where each node stands in the snapshot (read in Slurm's node table order).
  std::vector<std::pair<std::size_t, std::size_t>> order;  // (position in the snapshot, in `nodes`)
  std::vector<std::int64_t> room(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const auto at =
        std::find_if(snapshot.nodes.begin(), snapshot.nodes.end(), [&](const Node& n) { return n.name == nodes[i]; });
    if (at == snapshot.nodes.end()) return std::nullopt;
    const auto b = busy.find(nodes[i]);
    room[i] = std::max<std::int64_t>(at->procs - (b == busy.end() ? 0 : b->second), 0) / per_task;
    order.emplace_back(static_cast<std::size_t>(at - snapshot.nodes.begin()), i);
  }
  std::sort(order.begin(), order.end());
  std::vector<std::int64_t> tasks(nodes.size(), 0);
  std::int64_t left = job.tasks;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (room[i] < 1) return std::nullopt;  // a node with no room for even one task
    tasks[i] = 1;
    --left;
  }
  if (left < 0) return std::nullopt;  // fewer tasks than nodes: Slurm would not start it so
  for (const auto& [position, i] : order) {
    const std::int64_t more = std::min(left, room[i] - 1);
    tasks[i] += more;
    left -= more;
  }
  if (left > 0) return std::nullopt;
  return tasks;
}

}  // namespace maui::runtime::slurm
