#include "runtime/engine/credentials.h"

#include <algorithm>

#include "runtime/engine/limits.h"
#include "runtime/engine/priority.h"
#include "runtime/engine/standing_reservations.h"
#include "runtime/engine/unimplemented.h"

namespace maui::runtime {

CredentialDirectory::CredentialDirectory(const ir::Policy& policy) : policy_(policy) {
  for (const auto& [id, config] : policy.credentials) {
    auto k = static_cast<std::size_t>(id.kind);
    by_kind_[k].emplace(id.name, &config);
    if (id.name == "DEFAULT") defaults_[k] = &config;
    if (id.kind != ir::CredKind::System && id.kind != ir::CredKind::Qos && qdef(&config)) any_qdef_ = true;
    if (id.kind == ir::CredKind::System) {
      if (!system_qdef_) system_qdef_ = qdef(&config);
      if (!system_qos_list_ && config.qos_list) system_qos_list_ = &*config.qos_list;
    }
    if (id.kind != ir::CredKind::System && config.partition_list && !config.partition_list->names.empty())
      has_partition_lists_ = true;
    if (config.fairshare_target && (config.fairshare_target->mode == ir::FairshareMode::CapAbsolute ||
                                    config.fairshare_target->mode == ir::FairshareMode::CapRelative))
      has_fairshare_caps_ = true;
    has_limits_ |= !config.active.empty() || !config.idle.empty() || !config.scoped.empty() ||
                   !config.qos->override_active.empty() || !config.qos->override_idle.empty() ||
                   !config.qos->override_system.empty();
  }
  if (const auto* d = defaults_[static_cast<std::size_t>(ir::CredKind::Qos)]) default_qos_flags_ = read_qos_flags(*d);
  for (const auto& [id, config] : policy.credentials) {
    if (id.kind != ir::CredKind::Qos) continue;
    const QosFlags& f =
        qos_flags_.emplace(id.name, config.qos->flags.empty() ? default_qos_flags_ : read_qos_flags(config))
            .first->second;
    has_scheduling_qos_flags_ |= f.no_backfill || f.no_reservation;
  }
  has_scheduling_qos_flags_ |= default_qos_flags_.no_backfill || default_qos_flags_.no_reservation;
  default_access_ = policy.scheduling.node_access_policy.value;
  has_whole_node_jobs_ = whole_nodes(default_access_) || default_qos_flags_.dedicated;
  has_single_user_jobs_ = default_access_ == NodeAccess::SingleUser;
  has_preemptors_ = default_qos_flags_.preemptor ||
                    std::any_of(policy.standing_reservations.begin(), policy.standing_reservations.end(),
                                [](const auto& sr) { return owner_preempts(sr.second); });
  for (const auto& [name, f] : qos_flags_) {
    has_whole_node_jobs_ |= f.dedicated;
    has_preemptors_ |= f.preemptor;
  }
  for (const auto& [id, config] : policy.credentials)
    if (id.kind == ir::CredKind::Class)
      if (config.node_access) {
        const NodeAccess a = config.node_access->value;
        has_whole_node_jobs_ |= whole_nodes(a);
        has_single_user_jobs_ |= a == NodeAccess::SingleUser;
      }
  unimplemented_ = unimplemented_settings(policy);
  const auto& system = policy.system_limits;
  has_limits_ |= system.max_procs || system.max_walltime || system.max_proc_seconds;
  limit_book_ = std::make_shared<const LimitBook>(*this);
  priority_plan_ = std::make_shared<const PriorityPlan>(policy);
}

namespace {
// FNV-1a: credential names are short; this is fast and spreads them well enough.
std::uint32_t name_hash(std::string_view s) {
  std::uint32_t h = 2166136261u;
  for (unsigned char c : s) h = (h ^ c) * 16777619u;
  return h;
}
}  // namespace

void CredentialIndex::grow(std::size_t k) {
  auto& slots = slots_[k];
  std::size_t size = slots.empty() ? 64 : slots.size() * 2;
  slots.assign(size, 0);
  auto& names = names_[k];
  names.reserve(size / 2);  // the most names the table holds before it grows again
  for (std::uint32_t id = 0; id < names.size(); ++id) {
    std::uint64_t h = name_hash(names[id]);
    std::size_t i = h & (size - 1);
    while (slots[i] != 0) i = (i + 1) & (size - 1);
    slots[i] = h << 32 | (id + 1);
  }
}

void CredentialIndex::clear() {
  for (auto& s : slots_) std::fill(s.begin(), s.end(), 0);
  for (auto& n : names_) n.clear();
  last_.fill(kNoLast);
}

std::uint32_t CredentialIndex::intern(ir::CredKind kind, std::string_view name) {
  auto k = static_cast<std::size_t>(kind);
  if (last_[k] < names_[k].size() && same_name(names_[k][last_[k]], name)) return last_[k];
  last_[k] = intern_new(k, name);
  return last_[k];
}

std::uint32_t CredentialIndex::intern_new(std::size_t k, std::string_view name) {
  if ((names_[k].size() + 1) * 2 > slots_[k].size()) grow(k);
  auto& slots = slots_[k];
  const std::size_t mask = slots.size() - 1;
  const std::uint64_t h = name_hash(name);
  std::size_t i = h & mask;
  for (; slots[i] != 0; i = (i + 1) & mask) {
    if ((slots[i] >> 32) != h) continue;
    auto id = static_cast<std::uint32_t>(slots[i] & 0xffffffffu) - 1;
    if (names_[k][id] == name) return id;
  }
  auto id = static_cast<std::uint32_t>(names_[k].size());
  names_[k].emplace_back(name);
  slots[i] = h << 32 | (id + 1);
  return id;
}

JobCredentialIds CredentialIndex::intern(const Job& job, unsigned kinds) {
  JobCredentialIds ids;
  for (auto kind : ir::kCredKinds) {
    if (!(kinds & JobCredentialIds::bit(kind))) continue;
    const std::string& name = job.credential(kind);
    if (!name.empty())
      ids.by_kind[static_cast<std::size_t>(kind)] = intern(kind, name);
    else if (kind == ir::CredKind::Qos)
      ids.by_kind[static_cast<std::size_t>(kind)] = intern(kind, "DEFAULT");
  }
  return ids;
}

const ir::CredentialConfig* CredentialDirectory::find(ir::CredKind kind, std::string_view name) const {
  const auto& index = by_kind_[static_cast<std::size_t>(kind)];
  auto it = index.find(name);
  return it == index.end() ? nullptr : it->second;
}

ResolvedPriority CredentialDirectory::priority(ir::CredKind kind, std::string_view name) const {
  if (const auto* own = find(kind, name); own && own->priority)
    return {own->priority->value, {own, false}, &own->priority->from};
  if (const auto* d = defaults(kind); d && d->priority) return {d->priority->value, {d, true}, &d->priority->from};
  return {};
}

std::optional<ResolvedTarget> CredentialDirectory::fairshare_target(ir::CredKind kind, std::string_view name) const {
  if (const auto* own = find(kind, name); own && own->fairshare_target && own->fairshare_target->value > 0)
    return ResolvedTarget{*own->fairshare_target, {own, false}};
  if (const auto* d = defaults(kind); d && d->fairshare_target && d->fairshare_target->value > 0)
    return ResolvedTarget{*d->fairshare_target, {d, true}};
  return std::nullopt;
}

std::string CredentialDirectory::default_qos(const Job& job) const {
  using K = ir::CredKind;
  for (K kind : {K::User, K::Group, K::Account, K::Class}) {
    if (!any_qdef_) break;  // every simulated job asks: most policies set no QDEF
    if (const auto* q = qdef(find(kind, job.credential(kind)))) return *q;
    if (const auto* q = qdef(defaults(kind))) return *q;
  }
  if (system_qdef_) return *system_qdef_;
  return "DEFAULT";
}

const QosFlags& CredentialDirectory::qos_flags(std::string_view qos) const {
  auto it = qos_flags_.find(qos);
  return it == qos_flags_.end() ? default_qos_flags_ : it->second;
}

const ir::NameList* CredentialDirectory::qos_list(ir::CredKind kind, std::string_view name) const {
  if (const auto* own = find(kind, name); own && own->qos_list) return &*own->qos_list;
  if (const auto* d = defaults(kind); d && d->qos_list) return &*d->qos_list;
  return nullptr;
}

bool CredentialDirectory::may_use_qos(const Job& job, std::string_view qos) const {
  using K = ir::CredKind;
  if (qos == default_qos(job)) return true;
  auto listed = [&](const ir::NameList* l) {
    return std::find(l->names.begin(), l->names.end(), qos) != l->names.end();
  };
  const std::array<const ir::NameList*, 4> lists{qos_list(K::User, job.user), qos_list(K::Group, job.group),
                                                 qos_list(K::Account, job.account), qos_list(K::Class, job.job_class)};
  for (const auto* l : lists)  // an ONLY list replaces every other
    if (l && l->mode == ir::ListMode::Only) return listed(l);
  bool allowed = system_qos_list_ && listed(system_qos_list_);
  for (const auto* l : lists)
    if (l && l->mode == ir::ListMode::Or) allowed = allowed || listed(l);
  for (const auto* l : lists)
    if (l && l->mode == ir::ListMode::And) allowed = allowed && listed(l);
  return allowed;
}

NodeAccess CredentialDirectory::node_access(std::string_view job_class, std::string_view qos) const {
  if (qos_flags(qos).dedicated) return NodeAccess::SingleJob;
  auto of = [](const ir::CredentialConfig* c) -> std::optional<NodeAccess> {
    if (!c || !c->node_access) return std::nullopt;
    return c->node_access->value;
  };
  if (auto a = of(find(ir::CredKind::Class, job_class))) return *a;
  if (auto a = of(defaults(ir::CredKind::Class))) return *a;
  return default_access_;
}

const ir::NameList* CredentialDirectory::partition_list(ir::CredKind kind, std::string_view name) const {
  auto confining = [](const ir::CredentialConfig* c) -> const ir::NameList* {
    if (!c || !c->partition_list || c->partition_list->names.empty()) return nullptr;
    const auto& names = c->partition_list->names;
    return std::find(names.begin(), names.end(), "ALL") == names.end() ? &*c->partition_list : nullptr;
  };
  // An own list, even one naming ALL, speaks for the credential; DEFAULT's only without one.
  if (const auto* own = find(kind, name); own && own->partition_list && !own->partition_list->names.empty())
    return confining(own);
  return confining(defaults(kind));
}

bool CredentialDirectory::may_use_partition(const Job& job, std::string_view partition) const {
  for (ir::CredKind kind : ir::kCredKinds)
    if (const auto* l = partition_list(kind, job.credential(kind));
        l && std::find(l->names.begin(), l->names.end(), partition) == l->names.end())
      return false;
  return true;
}

const std::string* CredentialDirectory::default_partition(const Job& job) const {
  auto pdef = [](const ir::CredentialConfig* c) {
    return c && c->partition_default && !c->partition_default->value.empty() ? &c->partition_default->value : nullptr;
  };
  for (ir::CredKind kind : ir::kCredKinds) {
    if (const auto* p = pdef(find(kind, job.credential(kind)))) return p;
    if (const auto* p = pdef(defaults(kind))) return p;
  }
  return nullptr;
}

std::string CredentialDirectory::job_qos(const Job& job) const {
  return !job.qos.empty() && may_use_qos(job, job.qos) ? job.qos : default_qos(job);
}

std::vector<RefusedQos> assign_qos(ClusterSnapshot& snapshot, const CredentialDirectory& dir) {
  std::vector<RefusedQos> refused;
  for (auto& job : snapshot.jobs) {
    std::string qos = dir.job_qos(job);
    if (!job.qos.empty() && qos != job.qos) refused.push_back({job.id, job.qos, qos});
    job.qos = std::move(qos);
  }
  return refused;
}

}  // namespace maui::runtime
