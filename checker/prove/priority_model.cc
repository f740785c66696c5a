#include "checker/prove/priority_model.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "runtime/engine/fairshare.h"

namespace maui::prove {

namespace {
using S = ir::PrioritySubcomponent;
using C = ir::PriorityComponent;
constexpr std::size_t idx(S s) { return static_cast<std::size_t>(s); }

Range fairshare_range(const World& w, ir::CredKind kind) {
  Range r{0, 0};
  if (w.policy().fairshare.metric.value == ir::FairshareMetric::None) return r;
  bool percentage = w.policy().fairshare.percentage_mode.value;
  for (const auto& name : w.names(kind)) {
    auto t = w.directory().fairshare_target(kind, name);
    if (!t) continue;
    double v = t->target.value;
    Range d{0, 0};
    switch (t->target.mode) {
      case ir::FairshareMode::Target: d = percentage ? Range{1 - 100 / v, 1} : Range{v - 100, v}; break;
      case ir::FairshareMode::Floor: d = percentage ? Range{0, 1} : Range{0, v}; break;
      case ir::FairshareMode::Ceiling: d = percentage ? Range{1 - 100 / v, 0} : Range{v - 100, 0}; break;
      default: break;
    }
    r.lo = std::min(r.lo, d.lo);
    r.hi = std::max(r.hi, d.hi);
  }
  return r;
}

double mul(double a, double b) {
  if (a == 0 || b == 0) return 0;  // 0 x inf is 0 here: a zero weight silences any factor
  return a * b;
}
}  // namespace

JobBounds job_bounds(const World& w) {
  const ir::Policy& p = w.policy();
  JobBounds b;
  if (w.node_list_known() && w.node_sizes_known() && !w.nodes().empty()) {
    b.procs = w.totals().procs;
    b.procs_from = w.node_source();
  }
  if (const auto& system = p.system_limits.max_procs;
      system && system->value > 0 && (!b.procs || system->value < *b.procs)) {
    b.procs = system->value;
    b.procs_from = "SYSTEMMAXPROCPERJOB";
  }
  if (!b.procs) b.procs_from = w.node_list_known() ? "some nodes have no PROCS" : std::string(kNoNodeList);
  if (const auto& system = p.system_limits.max_walltime; system && system->value >= b.walltime_min) {
    b.walltime_max = system->value;
    b.walltime_from_config = true;
  }
  return b;
}

std::string JobBounds::text() const {
  return fmt::format("{}, walltime {} to {} ({}), queued at most {}",
                     procs ? fmt::format("at most {} procs ({})", *procs, procs_from) : "any number of procs",
                     days_text(walltime_min), days_text(walltime_max),
                     walltime_from_config ? "SYSTEMMAXJOBWALLTIME" : "no SYSTEMMAXJOBWALLTIME",
                     days_text(kQueueHorizon));
}

PriorityModel priority_model(const World& w) {
  const ir::Policy& p = w.policy();
  PriorityModel m;
  double mem_total = 0;
  for (const auto& n : w.nodes()) mem_total += static_cast<double>(n.memory_mb);
  m.bounds = job_bounds(w);
  m.procs_max = m.bounds.procs ? static_cast<double>(*m.bounds.procs) : kProcsWithoutNodes;
  m.walltime_max = m.bounds.walltime_max;
  double wall = static_cast<double>(m.walltime_max);
  const double shortest = static_cast<double>(m.bounds.walltime_min);

  for (ir::CredKind kind : ir::kCredKinds) {
    Range r{kUnbounded, -kUnbounded};
    for (const auto& name : w.names(kind)) {
      double v = static_cast<double>(w.directory().priority(kind, name).value);
      r.lo = std::min(r.lo, v);
      r.hi = std::max(r.hi, v);
    }
    m.value[idx(checker::credential_subcomponent(kind))] = r;
    m.value[idx(checker::fairshare_subcomponent(kind))] = fairshare_range(w, kind);
  }
  m.value[idx(S::Node)] = {0, w.node_list_known() ? static_cast<double>(w.nodes().size()) : m.procs_max};
  m.value[idx(S::Proc)] = {1, m.procs_max};
  m.value[idx(S::Mem)] = {0, w.node_list_known() && mem_total > 0 ? mem_total : kUnbounded};
  m.value[idx(S::Swap)] = {0, kUnbounded};
  m.value[idx(S::Disk)] = {0, kUnbounded};
  m.value[idx(S::PS)] = {shortest, m.procs_max * wall};
  m.value[idx(S::PE)] = {0, m.procs_max};
  m.value[idx(S::Walltime)] = {shortest, wall};
  double queue_minutes = static_cast<double>(kQueueHorizon) / 60.0;
  double xf_floor = std::max(shortest, static_cast<double>(p.priority.xfactor_min_walltime.value));
  m.value[idx(S::QueueTime)] = {0, queue_minutes};
  m.value[idx(S::XFactor)] = {1, 1 + static_cast<double>(kQueueHorizon) / xf_floor};
  m.value[idx(S::SPViolation)] = {0, 1};
  m.value[idx(S::Bypass)] = {0, kBypassHorizon};
  bool qt_target = false, xf_target = false;
  for (const auto& [id, c] : p.credentials)
    if (id.kind == ir::CredKind::Qos) {
      qt_target |= c.qos->queuetime_target && c.qos->queuetime_target->value > 0;
      xf_target |= c.qos->xfactor_target && c.qos->xfactor_target->value > 0;
    }
  m.value[idx(S::TargetQueueTime)] = {0, qt_target ? 1e8 : 0};
  m.value[idx(S::TargetXFactor)] = {0, xf_target ? 1e8 : 0};
  m.value[idx(S::Consumed)] = {0, m.procs_max * wall};
  m.value[idx(S::Remaining)] = {0, m.procs_max * wall};
  m.value[idx(S::Percent)] = {0, 100};
  m.value[idx(S::ExecutionTime)] = {0, wall};

  for (std::size_t s = 0; s < ir::kPrioritySubcomponents; ++s) {
    double base = static_cast<double>(p.priority.sub[s].weight.value);
    m.weight[s] = {base, base};
  }
  // A QOS adds its QTWEIGHT / XFWEIGHT (own, else QOSCFG[DEFAULT]) to the job's weights.
  for (const auto& name : w.names(ir::CredKind::Qos)) {
    const auto* own = w.directory().find(ir::CredKind::Qos, name);
    const auto* fallback = w.directory().defaults(ir::CredKind::Qos);
    auto extra = [&](auto member) -> double {
      if (own && (own->qos.get().*member)) return static_cast<double>((own->qos.get().*member)->value);
      if (fallback && (fallback->qos.get().*member)) return static_cast<double>((fallback->qos.get().*member)->value);
      return 0;
    };
    for (auto [sub, member] : {std::pair{S::QueueTime, &ir::QosSettings::queuetime_weight},
                               std::pair{S::XFactor, &ir::QosSettings::xfactor_weight}}) {
      double v = static_cast<double>(p.priority.sub[idx(sub)].weight.value) + extra(member);
      m.weight[idx(sub)].lo = std::min(m.weight[idx(sub)].lo, v);
      m.weight[idx(sub)].hi = std::max(m.weight[idx(sub)].hi, v);
    }
  }
  return m;
}

Range contribution(Range weight, Range value, std::int64_t cap) {
  if (cap > 0) {
    value.lo = std::min(value.lo, static_cast<double>(cap));
    value.hi = std::min(value.hi, static_cast<double>(cap));
  }
  double c[] = {mul(weight.lo, value.lo), mul(weight.lo, value.hi), mul(weight.hi, value.lo), mul(weight.hi, value.hi)};
  return {*std::min_element(std::begin(c), std::end(c)), *std::max_element(std::begin(c), std::end(c))};
}

Range component_range(const PriorityModel& m, const ir::PriorityWeights& w, ir::PriorityComponent c) {
  auto range = runtime::subcomponents_of(c);
  Range factor{0, 0};
  for (std::size_t s = range.first; s < range.first + range.count; ++s) {
    Range r = contribution(m.weight[s], m.value[s], w.sub[s].cap.value);
    factor.lo += r.lo;
    factor.hi += r.hi;
  }
  double cw = static_cast<double>(w[c].weight.value);
  return contribution({cw, cw}, factor, w[c].cap.value);
}

std::string number_text(double v) {
  if (std::isinf(v)) return v > 0 ? "+inf" : "-inf";
  if (std::fabs(v) < 1e15 && v == std::floor(v)) return fmt::format("{}", static_cast<std::int64_t>(v));
  return fmt::format("{:.6g}", v);
}

}  // namespace maui::prove
