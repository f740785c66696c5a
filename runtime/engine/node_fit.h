// Where a job may run at all, by what the node is rather than by what is free on it: the
// classes the node runs (Slurm's partition node lists, Maui's node CLASSES) and the features the
// job asks for (Slurm's --constraint, Maui's node feature request). docs/semantics.md 134-135.
// Every placement of the engine asks it (the iteration's start and reservation, the views'
// showstart, showbf and checkjob), so that a job never goes where its RM would refuse it.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/engine/model.h"

namespace maui::runtime {

// Whether the node runs jobs of `job_class`: a Slurm job pending in several partitions has the
// class "a,b" (-p a,b), and runs wherever one of them may.
inline bool runs_class(const Node& node, std::string_view job_class) {
  if (job_class.empty() || node.classes.empty()) return true;
  for (std::size_t at = 0; at <= job_class.size();) {
    const std::size_t end = std::min(job_class.find(',', at), job_class.size());
    const std::string_view one = job_class.substr(at, end - at);
    if (std::find(node.classes.begin(), node.classes.end(), one) != node.classes.end()) return true;
    at = end + 1;
  }
  return false;
}

// Whether job may run on node: the node runs every class or the job's (a job without a class,
// like showbf's probe without -c, is not confined by classes), the node has every feature
// the job asks for, and at least the generic resources it asks for on each node, and it is a
// node of the resource manager's reservation the job asked for, if it asked for one.
inline bool runs_on(const Job& job, const Node& node) {
  auto has = [](const std::vector<std::string>& list, const std::string& s) {
    return std::find(list.begin(), list.end(), s) != list.end();
  };
  if (!runs_class(node, job.job_class)) return false;
  if (!job.reservation.empty() && !has(node.rm_reservations, job.reservation)) return false;
  for (const auto& [name, count] : job.gres_per_node) {
    const auto it = node.gres.find(name);
    if (count > 0 && (it == node.gres.end() || it->second < count)) return false;
  }
  return std::all_of(job.features.begin(), job.features.end(),
                     [&](const std::string& f) { return has(node.features, f); });
}

// Whether some node of the cluster runs only some classes: only then are jobs confined by them.
inline bool any_node_confines_classes(const std::vector<Node>& nodes) {
  return std::any_of(nodes.begin(), nodes.end(), [](const Node& n) { return !n.classes.empty(); });
}

}  // namespace maui::runtime
