#include "checker/prove/world.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

namespace maui::prove {

std::size_t kind_index(ir::CredKind k) {
  for (std::size_t i = 0; i < ir::kCredKinds.size(); ++i)
    if (ir::kCredKinds[i] == k) return i;
  return 0;
}

World::World(const ir::Policy& policy, std::span<const runtime::Node> cluster, std::string cluster_name)
    : policy_(policy), dir_(policy), cluster_name_(cluster.empty() ? std::string() : std::move(cluster_name)) {
  collect_names();
  collect_nodes(cluster);
  plan_reservations();
}

int World::index(ir::CredKind k, const std::string& name) const {
  const auto& idx = index_[kind_index(k)];
  auto it = idx.find(name);
  if (it != idx.end()) return it->second;
  return idx.at(other(k));
}

namespace {
std::optional<ir::CredKind> cred_kind_of(ir::AclEntry::Kind k) {
  using K = ir::AclEntry::Kind;
  switch (k) {
    case K::User: return ir::CredKind::User;
    case K::Group: return ir::CredKind::Group;
    case K::Account: return ir::CredKind::Account;
    case K::Class: return ir::CredKind::Class;
    case K::Qos: return ir::CredKind::Qos;
    default: return std::nullopt;
  }
}
}  // namespace

void World::collect_names() {
  std::array<std::set<std::string>, 5> seen;
  auto add = [&](ir::CredKind k, const std::string& n) {
    if (k == ir::CredKind::System || n.empty()) return;
    if (n == "DEFAULT" && k != ir::CredKind::Qos) return;
    seen[kind_index(k)].insert(n);
  };
  for (const auto& [id, c] : policy_.credentials) {
    add(id.kind, id.name);
    if (c.qos_list)
      for (const auto& q : c.qos_list->names) add(ir::CredKind::Qos, q);
    if (c.qos_default) add(ir::CredKind::Qos, c.qos_default->value);
    if (c.account_default) add(ir::CredKind::Account, c.account_default->value);
  }
  for (const auto& [name, sr] : policy_.standing_reservations) {
    for (const auto& e : sr.acl)
      if (auto k = cred_kind_of(e.kind)) add(*k, e.value);
    if (sr.owner) add(sr.owner->value.kind, sr.owner->value.name);
  }
  static constexpr const char* kOther[] = {"OTHER", "OTHER", "OTHER", "OTHER", "DEFAULT"};
  for (std::size_t k = 0; k < 5; ++k) {
    std::string other = kOther[k];
    // OTHER stands for every name the config does not mention; a config that names OTHER
    // itself gets OTHER_ (and so on) instead.
    while (k != 4 && seen[k].count(other)) other += '_';
    seen[k].insert(other);
    other_[k] = other;
    names_[k].assign(seen[k].begin(), seen[k].end());
    for (std::size_t i = 0; i < names_[k].size(); ++i) index_[k][names_[k][i]] = static_cast<int>(i);
  }
}

void World::collect_nodes(std::span<const runtime::Node> cluster) {
  const ir::NodeConfig* defaults = nullptr;
  if (auto it = policy_.nodes.find("DEFAULT"); it != policy_.nodes.end()) defaults = &it->second;
  // A node of that name with what NODECFG sets (own, else DEFAULT) where `n` has nothing.
  auto make = [&](runtime::Node n, const ir::NodeConfig* own) {
    auto pick = [&](auto member) -> decltype(&*(own->*member)) {
      if (own && (own->*member)) return &*(own->*member);
      if (defaults && (defaults->*member)) return &*(defaults->*member);
      return nullptr;
    };
    if (const auto* p = pick(&ir::NodeConfig::procs); p && n.procs <= 0) n.procs = p->value;
    if (n.procs <= 0) sizes_known_ = false;
    if (const auto* m = pick(&ir::NodeConfig::mem_mb); m && n.memory_mb <= 0) n.memory_mb = m->value;
    if (const auto* p = pick(&ir::NodeConfig::partition); p && n.partition == "DEFAULT") n.partition = p->value;
    const auto& features = own && !own->features.empty() ? own->features
                           : defaults                    ? defaults->features
                                                         : std::vector<ir::Sourced<std::string>>{};
    if (n.features.empty())
      for (const auto& f : features) n.features.push_back(f.value);
    return n;
  };
  auto named = [](const std::string& name) {
    runtime::Node n;
    n.name = name;
    return n;
  };
  if (!cluster.empty()) {
    // The cluster's nodes, and only them: a HOSTLIST host the cluster lacks is no node.
    for (const auto& node : cluster) {
      auto own = policy_.nodes.find(node.name);
      nodes_.push_back(make(node, own == policy_.nodes.end() ? nullptr : &own->second));
    }
    std::sort(nodes_.begin(), nodes_.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    return;
  }
  std::set<std::string> names;
  for (const auto& [name, config] : policy_.nodes)
    if (name != "DEFAULT" && name != "GLOBAL" && names.insert(name).second)
      nodes_.push_back(make(named(name), &config));
  bool listed = !nodes_.empty();
  for (const auto& [srname, sr] : policy_.standing_reservations)
    if (sr.hosts && sr.hosts->value.kind == ir::HostExpression::Kind::Names)
      for (const auto& h : sr.hosts->value.names)
        if (h != "ALL" && names.insert(h).second) nodes_.push_back(make(named(h), nullptr));
  std::sort(nodes_.begin(), nodes_.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  if (!listed) {
    // The config does not enumerate the cluster: the resource manager has nodes it never names.
    pseudo_node_ = true;
    nodes_.push_back(make(named("*"), nullptr));
  }
}

void World::plan_reservations() {
  for (const auto& [name, sr] : policy_.standing_reservations) {
    ReservationWeek w;
    w.sr = &sr;
    // Enough periods to cover the week from Sunday 00:00 (and the instance crossing into it).
    ir::StandingReservation copy = sr;
    copy.depth.value = sr.period.value == ir::ReservationPeriod::Day ? 8 : 2;
    for (const auto& inst : runtime::instances(copy, kWeekStart, runtime::ReservationClock{})) {
      // A partly covered hour counts as covered: a job of that hour meets the reservation.
      if (inst.end - inst.start >= 7 * 86400) {
        w.hours.set();
        continue;
      }
      runtime::Epoch from = std::max(inst.start, kWeekStart - 7 * 86400);
      runtime::Epoch to = std::min(inst.end, kWeekStart + 14 * 86400);
      runtime::Epoch d = from - kWeekStart;
      long long h = d >= 0 ? d / 3600 : -((-d + 3599) / 3600);
      for (; kWeekStart + h * 3600 < to; ++h) w.hours.set(static_cast<std::size_t>(((h % kHours) + kHours) % kHours));
    }
    auto planned = runtime::plan_placement(sr, nodes_);
    w.placement = planned.placement;
    // A proof's message quotes them: their text only (the result cites the SRCFG line itself).
    for (const auto& e : planned.errors) w.placement_errors.push_back(e.message);
    if (w.placement) {
      const auto& p = *w.placement;
      w.dedicated = p.dedicated;
      std::int64_t remaining = p.host_locked ? 0 : p.task_count;
      for (std::size_t n : p.candidates) {
        const runtime::Node& node = nodes_[n];
        std::int64_t fit = node.procs > 0 ? runtime::tasks_that_fit(p.per_task, node) : 1;
        if (node.procs <= 0) w.sizes_unknown = true;
        if (p.host_locked) {
          w.taken.push_back({n, p.per_task.procs < 0 || node.procs <= 0 ? -1 : fit * p.per_task.procs});
          continue;
        }
        if (remaining <= 0) break;
        if (fit <= 0 || (p.tasks_per_node > 0 && fit < p.tasks_per_node)) continue;
        std::int64_t tasks = std::min(fit, remaining);
        remaining -= tasks;
        bool whole = p.per_task.procs < 0 || node.procs <= 0 || tasks * p.per_task.procs >= node.procs;
        w.taken.push_back({n, whole ? -1 : tasks * p.per_task.procs});
      }
      w.tasks_missing = std::max<std::int64_t>(0, remaining);
    }
    reservations_.push_back(std::move(w));
  }
}

// ---------------------------------------------------------------------------------------------
// Text helpers

namespace {
constexpr const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
std::string clock(int h) { return fmt::format("{:02}:00", h); }
}  // namespace

std::string hour_label(int hour) {
  hour = ((hour % kHours) + kHours) % kHours;
  return fmt::format("{} {}", kDays[hour / 24], clock(hour % 24));
}

std::string hours_text(const WeekHours& hours) {
  if (hours.all()) return "always";
  if (hours.none()) return "never";
  // Per day, the [from, to) windows; days with the same windows are grouped (Mon–Fri).
  std::array<std::string, 7> day_windows;
  for (int d = 0; d < 7; ++d) {
    std::vector<std::string> parts;
    for (int h = 0; h < 24;) {
      if (!hours.test(static_cast<std::size_t>(d * 24 + h))) {
        ++h;
        continue;
      }
      int e = h;
      while (e < 24 && hours.test(static_cast<std::size_t>(d * 24 + e))) ++e;
      parts.push_back(h == 0 && e == 24 ? "all day" : fmt::format("{}–{}", clock(h), e == 24 ? "24:00" : clock(e)));
      // windows of one day read "09:00–12:00 and 13:00–17:00"; day groups are comma-separated
      h = e;
    }
    day_windows[static_cast<std::size_t>(d)] = fmt::format("{}", fmt::join(parts, " and "));
  }
  // Monday first, as admins read a week.
  static constexpr int kOrder[] = {1, 2, 3, 4, 5, 6, 0};
  std::vector<std::string> out;
  for (int i = 0; i < 7;) {
    const std::string& w = day_windows[static_cast<std::size_t>(kOrder[i])];
    int j = i;
    while (j + 1 < 7 && day_windows[static_cast<std::size_t>(kOrder[j + 1])] == w) ++j;
    if (!w.empty()) {
      std::string days = i == j ? kDays[kOrder[i]] : fmt::format("{}–{}", kDays[kOrder[i]], kDays[kOrder[j]]);
      out.push_back(fmt::format("{} {}", days, w));
    }
    i = j + 1;
  }
  return fmt::format("{}", fmt::join(out, ", "));
}

std::string nodes_text(const std::vector<std::string>& input) {
  std::vector<std::string> names = input;
  std::sort(names.begin(), names.end());
  auto split = [](const std::string& n) {
    std::size_t d = n.size();
    while (d > 0 && std::isdigit(static_cast<unsigned char>(n[d - 1]))) --d;
    return std::make_pair(n.substr(0, d), n.substr(d));
  };
  std::vector<std::string> out;
  for (std::size_t i = 0; i < names.size();) {
    auto [prefix, digits] = split(names[i]);
    std::size_t j = i;
    while (!digits.empty() && j + 1 < names.size()) {
      auto [p2, d2] = split(names[j + 1]);
      auto [p1, d1] = split(names[j]);
      if (p2 != prefix || d2.size() != digits.size() || std::stoll(d2) != std::stoll(d1) + 1) break;
      ++j;
    }
    out.push_back(j > i + 1 ? fmt::format("{}–{}", names[i], names[j]) : names[i]);
    if (j == i + 1) out.push_back(names[j]);
    i = j + 1;
  }
  std::string text = fmt::format("{}", fmt::join(out, ", "));
  return text;
}

std::string duration_text(ir::Seconds s) {
  if (s >= ir::kInfinity) return "INFINITY";
  return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

std::string World::node_source() const {
  if (pseudo_node_) return "no node list";
  const std::size_t n = nodes_.size();
  if (!cluster_name_.empty()) return fmt::format("the {} node{} of {}", n, n == 1 ? "" : "s", cluster_name_);
  return fmt::format("the {} node{} of the config", n, n == 1 ? "" : "s");
}

std::string days_text(ir::Seconds s) {
  if (s < 86400 || s >= ir::kInfinity) return duration_text(s);
  const ir::Seconds days = s / 86400, rest = s % 86400;
  if (rest == 0) return fmt::format("{} day{}", days, days == 1 ? "" : "s");
  return fmt::format("{} day{} {}", days, days == 1 ? "" : "s", duration_text(rest));
}

runtime::ClusterTotals World::totals() const {
  runtime::ClusterTotals t;
  for (const auto& n : nodes_) {
    t.procs += n.procs;
    t.memory_mb += n.memory_mb;
  }
  return t;
}

}  // namespace maui::prove
