#include "runtime/views/calendar_questions.h"

#include <map>

#include "runtime/engine/acl.h"
#include "runtime/engine/node_access.h"
#include "runtime/engine/node_fit.h"

namespace maui::runtime {

namespace {

std::string qos_of(const CredentialDirectory& dir, const Job& job) {
  return job.qos.empty() ? dir.default_qos(job) : job.qos;
}

}  // namespace

Viewer reservation_access(const ViewContext& context, const Job& job, std::optional<std::size_t> self) {
  const CredentialDirectory& dir = context.dir;
  const std::string qos = qos_of(dir, job);
  const QosFlags& flags = dir.qos_flags(qos);
  Viewer v;
  const auto& rs = context.iteration.reservations;
  v.may_use.assign(rs.size(), 0);
  for (std::size_t r = 0; r < rs.size(); ++r) v.may_use[r] = may_use(rs[r], job, self, {&job, qos, 0, &flags});
  v.whole_nodes = job.exclusive || (dir.has_whole_node_jobs() && whole_nodes(dir.node_access(job.job_class, qos)));
  return v;
}

std::vector<PartitionNodes> partitions_open_to(const ViewContext& context, const Job& job) {
  const auto& nodes = context.cluster.nodes;
  std::map<std::string, PartitionNodes> by_name;
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    if (!runs_on(job, nodes[n])) continue;  // not its class's, or without its features
    const std::string& p = nodes[n].partition;
    auto it = by_name.find(p);
    if (it == by_name.end()) {
      if (!context.dir.may_use_partition(job, p)) continue;
      it = by_name.emplace(p, PartitionNodes{p, std::vector<std::uint8_t>(nodes.size(), 0), {}}).first;
    }
    it->second.mask[n] = 1;
    it->second.nodes.push_back(n);
  }
  std::vector<PartitionNodes> out;
  for (auto& [name, p] : by_name) out.push_back(std::move(p));
  // Its PDEF first, as the scheduler tries it (the others by name).
  if (const std::string* first = context.dir.default_partition(job))
    std::stable_partition(out.begin(), out.end(), [&](const PartitionNodes& p) { return p.name == *first; });
  return out;
}

std::optional<EarliestStart> earliest_start(const ViewContext& context, const Job& job,
                                            std::optional<std::size_t> self) {
  if (!context.iteration.calendar) return std::nullopt;
  ResourceCalendar calendar = *context.iteration.calendar;  // a calendar answers one question at a time
  const Viewer viewer = reservation_access(context, job, self);
  const std::string qos = qos_of(context.dir, job);
  const bool single_task =
      context.dir.has_whole_node_jobs() && context.dir.node_access(job.job_class, qos) == NodeAccess::SingleTask;
  const std::int64_t per_node = single_task ? 1 : job.nodes > 0 ? (job.tasks + job.nodes - 1) / job.nodes : 0;
  std::optional<EarliestStart> best;
  for (const auto& p : partitions_open_to(context, job)) {
    auto opening = calendar.earliest_start(p.nodes, task_resources(job), job.tasks, std::max<Seconds>(job.walltime, 1),
                                           per_node, viewer, context.cluster.now);
    if (!opening || (best && best->start <= opening->start)) continue;
    // The nodes it would take: the first offers that hold all its tasks.
    std::vector<NodeTasks> nodes;
    std::int64_t left = job.tasks;
    for (const auto& nt : opening->offer) {
      if (left <= 0) break;
      const std::int64_t take = std::min(nt.tasks, left);
      nodes.push_back({nt.node, take});
      left -= take;
    }
    best = EarliestStart{opening->start, p.name, std::move(nodes)};
  }
  return best;
}

}  // namespace maui::runtime
