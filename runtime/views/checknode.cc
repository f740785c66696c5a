// checknode NODE: one node as Maui's checknode shows it: its state (Busy when its procs are all
// dedicated, Running when some are, Idle when none are, or the resource manager's Down /
// Drained / Draining / Unknown), configured and dedicated resources, partition, features,
// classes, NODECFG MAXJOB, the reservations on it (the running jobs' among them) and its jobs.
#include <fmt/format.h>

#include "runtime/views/reservation_facts.h"
#include "runtime/views/view_parts.h"
#include "runtime/views/view_text.h"

namespace maui::runtime {

namespace {

namespace json = llvm::json;

struct NodeLine {
  const ReservationFacts* r;
  std::int64_t tasks, procs;
};
struct NodeView {
  const Node* node = nullptr;
  std::string state;
  Resources dedicated;
  std::vector<NodeLine> reservations;  // by start, then name
  std::vector<std::string> jobs;       // active here now
};

NodeView node_view(const ViewContext& ctx, std::size_t n, const std::vector<ReservationFacts>& rs) {
  NodeView v;
  v.node = &ctx.cluster.nodes[n];
  const Epoch now = ctx.cluster.now;
  for (const auto& r : rs)
    for (std::size_t k = 0; k < r.nodes.size(); ++k) {
      if (r.nodes[k].node != n) continue;
      v.reservations.push_back({&r, r.nodes[k].tasks, r.procs_on[k]});
      if (r.kind == "running" && r.start <= now && r.job) {
        v.jobs.push_back(r.name);
        const Resources per_task = task_resources(*r.job);
        v.dedicated += per_task * r.nodes[k].tasks;
      }
    }
  switch (v.node->state) {
    case NodeState::Down:
    case NodeState::Drained:
    case NodeState::Draining:
    case NodeState::Unknown: v.state = std::string(to_string(v.node->state)); break;
    default: v.state = v.dedicated.procs >= v.node->procs ? "Busy" : v.dedicated.procs > 0 ? "Running" : "Idle";
  }
  return v;
}

std::string list_or_none(const std::vector<std::string>& items) {
  return items.empty() ? "[NONE]" : fmt::format("{}", fmt::join(items, ","));
}

std::string node_text(const ViewContext& ctx, const NodeView& v) {
  const Node& node = *v.node;
  const Epoch now = ctx.cluster.now;
  std::string out = fmt::format("checking node {}\n\n", node.name);
  out += fmt::format("State:      {}\n", v.state);
  out += fmt::format("Configured Resources: PROCS: {}  MEM: {}M  SWAP: {}M  DISK: {}M\n", node.procs, node.memory_mb,
                     node.swap_mb, node.disk_mb);
  out += fmt::format("Dedicated  Resources: PROCS: {}  MEM: {}M  SWAP: {}M  DISK: {}M\n", v.dedicated.procs,
                     v.dedicated.mem_mb, v.dedicated.swap_mb, v.dedicated.disk_mb);
  out += fmt::format("Partition:  {}\n", node.partition);
  out += fmt::format("Features:   {}\n", list_or_none(node.features));
  out += fmt::format("Classes:    {}\n", node.classes.empty() ? std::string("[ALL]") : list_or_none(node.classes));
  out += fmt::format("MaxJob:     {}\n", node.max_jobs > 0 ? std::to_string(node.max_jobs) : std::string("-"));
  out += "\nReservations:\n";
  for (const auto& l : v.reservations)
    out += fmt::format("  {} '{}'(x{})  {} -> {} ({})\n", l.r->type, l.r->name, l.tasks,
                       maui_time_until(l.r->start, now), maui_time_until(l.r->end, now),
                       is_endless(l.r->end) ? std::string("INFINITY") : maui_duration(l.r->end - l.r->start));
  if (v.reservations.empty()) out += "  [NONE]\n";
  out += fmt::format("JobList:  {}\n", list_or_none(v.jobs));
  return out;
}

std::string json_of(const ViewContext& ctx, const NodeView& v) {
  const Node& node = *v.node;
  auto resources = [](std::int64_t procs, std::int64_t mem, std::int64_t swap, std::int64_t disk) {
    return json::Object{{"procs", procs}, {"memory_mb", mem}, {"swap_mb", swap}, {"disk_mb", disk}};
  };
  json::Array reservations, jobs, features, classes;
  for (const auto& l : v.reservations)
    reservations.push_back(json::Object{{"name", l.r->name},
                                        {"type", l.r->type},
                                        {"kind", l.r->kind},
                                        {"tasks", l.tasks},
                                        {"procs", l.procs},
                                        {"start", json_time(l.r->start)},
                                        {"end", json_time(l.r->end)}});
  for (const auto& j : v.jobs) jobs.push_back(j);
  for (const auto& f : node.features) features.push_back(f);
  for (const auto& c : node.classes) classes.push_back(c);
  return json_text(json::Object{
      {"node", node.name},
      {"now", ctx.cluster.now},
      {"state", v.state},
      {"configured", resources(node.procs, node.memory_mb, node.swap_mb, node.disk_mb)},
      {"dedicated", resources(v.dedicated.procs, v.dedicated.mem_mb, v.dedicated.swap_mb, v.dedicated.disk_mb)},
      {"partition", node.partition},
      {"features", std::move(features)},
      {"classes", std::move(classes)},
      {"max_jobs", node.max_jobs > 0 ? json::Value(static_cast<std::int64_t>(node.max_jobs)) : json::Value(nullptr)},
      {"reservations", std::move(reservations)},
      {"jobs", std::move(jobs)}});
}

}  // namespace

const ArgSpec& checknode_args() {
  static const ArgSpec spec{{}, {}, "NODE"};
  return spec;
}

ViewAnswer checknode(const ViewInput& in) {
  const ViewContext& ctx = in.context;
  const std::string& name = *in.args.positional;
  const QueueFacts facts(ctx);
  const auto n = facts.node(name);
  if (!n) return refuse(ViewStatus::NotFound, fmt::format("checknode: no node '{}'", name));
  const auto rs = reservation_facts(ctx, facts);
  const NodeView v = node_view(ctx, *n, rs);
  return answer(in.request.json ? json_of(ctx, v) : node_text(ctx, v));
}

}  // namespace maui::runtime
