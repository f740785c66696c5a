#include "runtime/credentials.h"

#include "runtime/limits.h"
#include "runtime/priority.h"

namespace maui::runtime {

CredentialDirectory::CredentialDirectory(const ir::Policy& policy) : policy_(policy) {
  for (const auto& [id, config] : policy.credentials) {
    auto k = static_cast<std::size_t>(id.kind);
    by_kind_[k].emplace(id.name, &config);
    if (id.name == "DEFAULT") defaults_[k] = &config;
    if (config.fairshare_target && (config.fairshare_target->mode == ir::FairshareMode::CapAbsolute ||
                                    config.fairshare_target->mode == ir::FairshareMode::CapRelative))
      has_fairshare_caps_ = true;
    has_limits_ |= !config.active.empty() || !config.idle.empty() || !config.scoped.empty() ||
                   !config.qos.override_active.empty() || !config.qos.override_idle.empty() ||
                   !config.qos.override_system.empty();
  }
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
    if (!name.empty()) ids.by_kind[static_cast<std::size_t>(kind)] = intern(kind, name);
    else if (kind == ir::CredKind::Qos) ids.by_kind[static_cast<std::size_t>(kind)] = intern(kind, "DEFAULT");
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
  if (const auto* d = defaults(kind); d && d->priority)
    return {d->priority->value, {d, true}, &d->priority->from};
  return {};
}

std::optional<ResolvedTarget> CredentialDirectory::fairshare_target(ir::CredKind kind,
                                                                   std::string_view name) const {
  if (const auto* own = find(kind, name); own && own->fairshare_target && own->fairshare_target->value > 0)
    return ResolvedTarget{*own->fairshare_target, {own, false}};
  if (const auto* d = defaults(kind); d && d->fairshare_target && d->fairshare_target->value > 0)
    return ResolvedTarget{*d->fairshare_target, {d, true}};
  return std::nullopt;
}

std::string CredentialDirectory::default_qos(const Job& job) const {
  using K = ir::CredKind;
  auto qdef = [](const ir::CredentialConfig* c) -> const std::string* {
    return c && c->qos_default && !c->qos_default->value.empty() ? &c->qos_default->value : nullptr;
  };
  for (K kind : {K::User, K::Group, K::Account, K::Class}) {
    if (const auto* q = qdef(find(kind, job.credential(kind)))) return *q;
    if (const auto* q = qdef(defaults(kind))) return *q;
  }
  for (const auto& [id, config] : policy_.credentials)
    if (id.kind == K::System)
      if (const auto* q = qdef(&config)) return *q;
  return "DEFAULT";
}

}  // namespace maui::runtime

namespace maui::runtime {
void assign_default_qos(ClusterSnapshot& snapshot, const CredentialDirectory& dir) {
  for (auto& job : snapshot.jobs)
    if (job.qos.empty()) job.qos = dir.default_qos(job);
}
}  // namespace maui::runtime
