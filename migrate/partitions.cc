// The partitions step: Maui's classes are Slurm's partitions (queues). Each class the config
// names, each partition of the --cluster snapshot, and each partition a limit needs (its
// partition QOS) gets the policy attributes: PriorityJobFactor (CLASSCFG PRIORITY, as
// plan_priority scaled it), MaxTime / DefaultTime (MAX.WCLIMIT / DEFAULT.WCLIMIT), node sharing
// (NODEACCESSPOLICY: OverSubscribe=EXCLUSIVE for SINGLEJOB, ExclusiveUser=YES for SINGLEUSER),
// AllowQos (QLIST). Nodes= comes from --cluster; without it the site keeps its own.
#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/format.h>

#include "migrate/steps.h"

namespace maui::migrate {

namespace {

// A node list as Slurm writes it: names that differ only in a trailing number of the same
// width folded into ranges ("n1,n2,n3,n5" -> "n[1-3,5]").
std::string compress_hostlist(std::vector<std::string> names) {
  std::map<std::pair<std::string, std::size_t>, std::vector<long long>> numbered;
  std::vector<std::string> plain;
  for (const auto& n : names) {
    std::size_t digits = 0;
    while (digits < n.size() && std::isdigit(static_cast<unsigned char>(n[n.size() - 1 - digits]))) ++digits;
    if (digits == 0 || digits > 12) {
      plain.push_back(n);
      continue;
    }
    const std::string prefix = n.substr(0, n.size() - digits);
    const std::size_t width = n[n.size() - digits] == '0' ? digits : 0;  // 0: no leading zeros
    numbered[std::make_pair(prefix, width)].push_back(std::stoll(n.substr(n.size() - digits)));
  }
  std::vector<std::string> out = plain;
  for (auto& [key, numbers] : numbered) {
    std::sort(numbers.begin(), numbers.end());
    numbers.erase(std::unique(numbers.begin(), numbers.end()), numbers.end());
    auto text = [&](long long v) { return key.second ? fmt::format("{:0{}}", v, key.second) : std::to_string(v); };
    std::vector<std::string> ranges;
    for (std::size_t i = 0; i < numbers.size();) {
      std::size_t j = i;
      while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1) ++j;
      ranges.push_back(i == j ? text(numbers[i]) : text(numbers[i]) + "-" + text(numbers[j]));
      i = j + 1;
    }
    out.push_back(numbers.size() == 1 ? key.first + ranges[0]
                                      : fmt::format("{}[{}]", key.first, fmt::join(ranges, ",")));
  }
  return fmt::format("{}", fmt::join(out, ","));
}

class PartitionPlanner {
 public:
  explicit PartitionPlanner(Context& ctx) : ctx_(ctx), s_(ctx.slurm) {}

  void run() {
    for (const auto& [id, c] : ctx_.policy.credentials)
      if (id.kind == ir::CredKind::Class && id.name != "DEFAULT")
        s_.partition_named(ctx_.partition_of(id.name), Sources().add(c.declared.where));
    for (const auto& node : ctx_.options.cluster)
      for (const auto& p : node.partitions) s_.partition_named(p, {});
    for (auto& p : s_.partitions) attributes(p);
    defaults_of_classes();
    node_access_parameter();
    if (ctx_.options.cluster.empty() && !s_.partitions.empty())
      ctx_.out.assumptions.push_back(
          "No --cluster: the PartitionName= lines carry the policy's attributes only; keep your own Nodes= (or run "
          "with --cluster JOBS.json, as `mauirun serve --once --dry-run --snapshot-out` writes it).");
  }

 private:
  Context& ctx_;
  SlurmObjects& s_;

  const ir::CredentialConfig* class_of(const std::string& partition) const {
    for (const auto& [id, c] : ctx_.policy.credentials)
      if (id.kind == ir::CredKind::Class && id.name != "DEFAULT" && ctx_.partition_of(id.name) == partition) return &c;
    return nullptr;
  }
  const ir::CredentialConfig* default_class() const { return ctx_.policy.find(ir::CredKind::Class, "DEFAULT"); }

  void attributes(PartitionEntity& p) {
    if (!ctx_.options.cluster.empty()) {
      std::vector<std::string> nodes;
      for (const auto& n : ctx_.options.cluster)
        if (std::find(n.partitions.begin(), n.partitions.end(), p.name) != n.partitions.end()) nodes.push_back(n.name);
      p.nodes = nodes.empty() ? "" : compress_hostlist(nodes);
    } else {
      p.nodes.clear();
    }
    const auto& prio = s_.priority;
    const ir::CredentialConfig* own = class_of(p.name);
    const ir::CredentialConfig* def = default_class();
    if (prio.weight_partition != 0) {
      auto it = prio.partition_factor.find(p.name);
      const std::int64_t f = it != prio.partition_factor.end() ? it->second : prio.other_partition_factor;
      Sources from;
      const auto r = ctx_.directory.priority(ir::CredKind::Class, own ? own->id.name : std::string("\x01"));
      if (r.from) from.add(*r.from);
      p.set("PriorityJobFactor", std::to_string(f), from);
    }
    auto pick = [&](auto member) -> const ir::CredentialConfig* {
      if (own && (own->*member)) return own;
      if (def && (def->*member)) return def;
      return nullptr;
    };
    if (const auto* c = pick(&ir::CredentialConfig::max_walltime)) {
      p.set("MaxTime", slurm_duration(c->max_walltime->value), Sources().add(c->max_walltime->from));
      ctx_.ledger.classify(c->max_walltime->from, Status::Mapped, "the partition's MaxTime");
    }
    if (const auto* c = pick(&ir::CredentialConfig::default_walltime)) {
      p.set("DefaultTime", slurm_duration(c->default_walltime->value), Sources().add(c->default_walltime->from));
      ctx_.ledger.classify(c->default_walltime->from, Status::Mapped, "the partition's DefaultTime");
    }
    if (const auto* c = pick(&ir::CredentialConfig::node_access))
      access(p, c->node_access->value, c->node_access->from);
    if (own && own->qos_list) {
      std::vector<std::string> names;
      for (const auto& n : own->qos_list->names)
        if (n != "ALL") names.push_back(Context::qos_of(n));
      if (!names.empty())
        p.set("AllowQos", fmt::format("{}", fmt::join(names, ",")), Sources().add(own->qos_list->from));
    }
    if (own && own->qos_default)
      ctx_.ledger.classify(own->qos_default->from, Status::NotExpressible,
                           "Slurm has no default QOS per partition (a partition's QOS= is the partition QOS of its "
                           "limits); nearest: the DefaultQOS of the associations");
  }

  void access(PartitionEntity& p, ir::NodeAccessPolicy a, const ir::Provenance& from) {
    switch (a) {
      case ir::NodeAccessPolicy::Shared:
        p.set("OverSubscribe", "NO", Sources().add(from));
        ctx_.ledger.classify(from, Status::Mapped, "OverSubscribe=NO: jobs share nodes, never CPUs (Slurm's default)");
        break;
      case ir::NodeAccessPolicy::SingleJob:
        p.set("OverSubscribe", "EXCLUSIVE", Sources().add(from));
        ctx_.ledger.classify(from, Status::Mapped, "OverSubscribe=EXCLUSIVE: a job takes its nodes whole");
        break;
      case ir::NodeAccessPolicy::SingleTask:
        p.set("OverSubscribe", "EXCLUSIVE", Sources().add(from));
        ctx_.ledger.classify(from, Status::Approximated,
                             "OverSubscribe=EXCLUSIVE (whole nodes per job): Slurm has no one-task-per-node sharing");
        break;
      case ir::NodeAccessPolicy::SingleUser:
        p.set("ExclusiveUser", "YES", Sources().add(from));
        ctx_.ledger.classify(from, Status::Mapped, "ExclusiveUser=YES: a node runs one user's jobs at a time");
        break;
    }
  }

  void defaults_of_classes() {
    const auto* def = default_class();
    if (!def) return;
    for (const auto* v : {def->max_walltime ? &def->max_walltime->from : nullptr,
                          def->default_walltime ? &def->default_walltime->from : nullptr,
                          def->node_access ? &def->node_access->from : nullptr})
      if (v)
        ctx_.ledger.classify(*v, Status::Approximated,
                             "CLASSCFG[DEFAULT]: written on each partition this migration knows; a partition added "
                             "later needs it on its own line");
  }

  // The NODEACCESSPOLICY parameter: every partition that no class sets one for.
  void node_access_parameter() {
    const auto& g = ctx_.policy.scheduling.node_access_policy;
    if (g.from.where.line == 0) return;
    const auto* def = default_class();
    bool any = false;
    for (auto& p : s_.partitions) {
      const auto* own = class_of(p.name);
      if ((own && own->node_access) || (def && def->node_access)) continue;
      access(p, g.value, g.from);
      any = true;
    }
    if (!any && g.value != ir::NodeAccessPolicy::Shared)
      ctx_.ledger.classify(g.from, Status::Approximated,
                           "set it on each PartitionName= line (OverSubscribe= / ExclusiveUser=): no partition is "
                           "known to this migration");
    else if (g.value != ir::NodeAccessPolicy::Shared)
      ctx_.ledger.classify(g.from, Status::Approximated,
                           "on each partition this migration knows; Slurm sets it per partition");
  }
};

}  // namespace

void plan_partitions(Context& ctx) { PartitionPlanner(ctx).run(); }

}  // namespace maui::migrate
