#include "runtime/engine/unimplemented.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <string_view>

#include "runtime/engine/policy_warning.h"
#include "runtime/engine/qos_flags.h"

namespace maui::runtime {

namespace {

bool written(const ir::Provenance& p) { return p.how != ir::Derivation::BuiltinDefault; }

}  // namespace

std::vector<Problem> unimplemented_settings(const ir::Policy& policy) {
  std::vector<Problem> out;
  const auto& s = policy.scheduling;
  if (auto it = policy.scalars.find("PREEMPTPOLICY"); it != policy.scalars.end() && it->second.value != "REQUEUE")
    out.push_back(
        warning_at(it->second.from,
                   fmt::format("PREEMPTPOLICY {}: ignored: preempted jobs are requeued (REQUEUE)", it->second.value)));
  if (written(s.reservation_retry_time.from))
    out.push_back(warning_at(
        s.reservation_retry_time.from,
        "RESERVATIONRETRYTIME: ignored: a reservation that cannot be placed is tried again every iteration"));
  if (written(policy.priority.use_system_queue_time.from) && policy.priority.use_system_queue_time.value)
    out.push_back(warning_at(policy.priority.use_system_queue_time.from,
                             "USESYSTEMQUEUETIME TRUE: ignored: queue time accrues as JOBPRIOACCRUALPOLICY says"));

  for (const auto& [id, c] : policy.credentials) {
    const std::string who = fmt::format("{}[{}]", ir::family_of(id.kind), id.name);
    if (id.kind == ir::CredKind::Qos) read_qos_flags(c, &out);
    if (!c.job_flags.empty()) {
      std::vector<std::string> flags;
      for (const auto& f : c.job_flags) flags.push_back(f.value);
      out.push_back(
          warning_at(c.job_flags.front().from,
                     fmt::format("{} JOBFLAGS={}: ignored: default job flags are not implemented by this engine", who,
                                 fmt::join(flags, ","))));
    }
    if (id.kind == ir::CredKind::System && c.partition_list && !c.partition_list->names.empty())
      out.push_back(
          warning_at(c.partition_list->from,
                     fmt::format("{} PLIST: ignored: jobs are confined by their credentials' PLISTs only", who)));
    if (id.kind == ir::CredKind::System && c.partition_default && !c.partition_default->value.empty())
      out.push_back(warning_at(
          c.partition_default->from,
          fmt::format("{} PDEF: ignored: a job's first partition comes from its credentials' PDEF only", who)));
  }

  // Per-node settings, one line per setting naming the nodes (a site sets them on hundreds).
  // The nodes of each setting, and where the first of them sets it.
  struct OnNodes {
    std::vector<std::string> nodes;
    ir::Provenance first;
  };
  std::map<std::string, OnNodes> on_nodes;
  auto add = [&](const std::string& attr, const std::string& node, const ir::Provenance& from) {
    OnNodes& o = on_nodes[attr];
    if (o.nodes.empty()) o.first = from;
    o.nodes.push_back(node);
  };
  for (const auto& [name, n] : policy.nodes) {
    if (n.max_jobs_per_user) add("MAXJOBPERUSER", name, n.max_jobs_per_user->from);
    if (n.speed && n.speed->value != 1.0) add("SPEED", name, n.speed->from);
    for (const char* attr : {"ACCESS", "MAXPROC", "MAXPROCPERUSER", "PROCSPEED"})
      if (auto it = n.other.find(attr);
          it != n.other.end() && !(std::string_view(attr) == "ACCESS" && it->second.value == "SHARED"))
        add(attr, name, it->second.from);
  }
  const std::map<std::string_view, std::string_view> why = {
      {"ACCESS", "node access policies are not implemented by this engine; jobs share nodes (SHARED)"},
      {"MAXJOBPERUSER", "per-node job limits per user are not implemented by this engine (MAXJOB is)"},
      {"MAXPROC", "per-node processor limits are not implemented by this engine"},
      {"MAXPROCPERUSER", "per-node processor limits are not implemented by this engine"},
      {"SPEED", "jobs run as long on every node (node speeds are not implemented by this engine)"},
      {"PROCSPEED", "processor speeds are not implemented by this engine"}};
  for (const auto& [attr, o] : on_nodes) {
    const auto& nodes = o.nodes;
    constexpr std::size_t kShown = 5;
    std::string list =
        fmt::format("{}", fmt::join(nodes.begin(), nodes.begin() + std::min(nodes.size(), kShown), ", "));
    if (nodes.size() > kShown) list += fmt::format(" and {} more", nodes.size() - kShown);
    out.push_back(warning_at(o.first, fmt::format("NODECFG {} (on {}): ignored: {}", attr, list, why.at(attr))));
  }
  return out;
}

}  // namespace maui::runtime
