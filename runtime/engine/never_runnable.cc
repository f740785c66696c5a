#include "runtime/engine/never_runnable.h"

#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

namespace maui::runtime {

std::string wider_than_cluster(std::int64_t procs, std::int64_t usable_procs) {
  return fmt::format("needs {} procs; the cluster's usable nodes have {}", procs, usable_procs);
}

namespace iteration {

namespace {

// The same within partitions: a job runs inside one (runtime/engine/partitions.h).
bool exceeds_partitions(State& s, std::size_t i) {
  const Job& job = s.snap.jobs[i];
  const auto& open = s.open_partitions(i);
  if (open.empty()) {
    std::vector<std::string_view> names;
    for (std::size_t p = 0; p < s.partitions->size(); ++p) names.push_back(s.partitions->name(p));
    mark_never_runnable(s, i,
                        fmt::format("no partition of the cluster ({}) is open to it: its credentials' PLISTs "
                                    "name none of them",
                                    fmt::join(names, ", ")));
    return true;
  }
  const std::vector<std::int64_t>& procs = s.lists.partition_procs;
  std::uint32_t largest = open.front();
  for (std::uint32_t p : open)
    if (procs[p] > procs[largest]) largest = p;
  if (job.procs() <= procs[largest]) return false;
  mark_never_runnable(s, i,
                      fmt::format("needs {} procs; the largest partition open to it ({}) has {}{}", job.procs(),
                                  s.partitions->name(largest), procs[largest],
                                  s.in.nodes_may_return ? ", counting the nodes that are down now" : " usable"));
  return true;
}

// What confines job i to some nodes, in the admin's words: "class debug", "features gpu&big".
std::string confinement(const State& s, const Job& job) {
  std::vector<std::string> parts;
  if (s.nodes_confine_classes && !job.job_class.empty()) parts.push_back("class " + job.job_class);
  if (!job.features.empty()) parts.push_back(fmt::format("features {}", fmt::join(job.features, "&")));
  for (const auto& [name, count] : job.gres_per_node) parts.push_back(fmt::format("gres {}:{} a node", name, count));
  if (!job.reservation.empty()) parts.push_back("reservation " + job.reservation);
  return fmt::format("{}", fmt::join(parts, " and "));
}

// The same on the nodes the job may run on at all (runtime/engine/node_fit.h).
bool exceeds_its_nodes(State& s, std::size_t i) {
  const Job& job = s.snap.jobs[i];
  std::int64_t procs = 0, nodes = 0;
  for (std::size_t n = 0; n < s.snap.nodes.size(); ++n)
    if (runs_on(job, s.snap.nodes[n])) procs += s.capacity_for_ever(n), ++nodes;
  if (nodes == 0) {
    mark_never_runnable(s, i, fmt::format("no node of the cluster runs its {}", confinement(s, job)));
    return true;
  }
  if (job.procs() <= procs) return false;
  mark_never_runnable(
      s, i,
      fmt::format("needs {} procs; the {} node(s) for its {} have {}{}", job.procs(), nodes, confinement(s, job), procs,
                  s.in.nodes_may_return ? ", counting the nodes that are down now" : " usable"));
  return true;
}

}  // namespace

bool exceeds_cluster(State& s, std::size_t i) {
  const Job& job = s.snap.jobs[i];
  if (s.confined(i) && exceeds_its_nodes(s, i)) return true;
  if (s.partitioned) return exceeds_partitions(s, i);
  if (s.in.nodes_may_return) {
    if (job.procs() <= s.configured_procs) return false;
    mark_never_runnable(s, i,
                        fmt::format("needs {} procs; the cluster has {}, counting the nodes that are down now",
                                    job.procs(), s.configured_procs));
    return true;
  }
  if (job.procs() <= s.usable_procs) return false;
  mark_never_runnable(s, i, wider_than_cluster(job.procs(), s.usable_procs));
  return true;
}

void mark_never_runnable(State& s, std::size_t i, std::string why) {
  if (s.marks[i] & kNeverRunnable) return;
  s.marks[i] |= kNeverRunnable;
  s.out.never_runnable.push_back({i, std::move(why)});
}

}  // namespace iteration
}  // namespace maui::runtime
