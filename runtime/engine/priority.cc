#include "runtime/engine/priority.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace maui::runtime {

namespace {

using C = ir::PriorityComponent;
using S = ir::PrioritySubcomponent;

constexpr std::size_t idx(S s) { return static_cast<std::size_t>(s); }

// min(value, cap) when a cap is set: caps bound from above only (reference §4.1).
double capped(double value, std::int64_t cap) { return cap > 0 ? std::min(value, static_cast<double>(cap)) : value; }

// The target subcomponents grow as the target comes near: (target - current)^-2, with the
// distance held at 0.0001 once the target is reached, so the value saturates at 1e8 instead of
// dividing by zero (manual 5.1.2.5; docs/semantics.md, Engine).
double toward_target(double target, double current) {
  double distance = std::max(0.0001, target - current);
  return 1.0 / (distance * distance);
}

// Each credential kind's CRED and FS subcomponents.
constexpr std::pair<ir::CredKind, std::pair<S, S>> kCredentialSlots[] = {
    {ir::CredKind::User, {S::User, S::FsUser}},
    {ir::CredKind::Group, {S::Group, S::FsGroup}},
    {ir::CredKind::Account, {S::Account, S::FsAccount}},
    {ir::CredKind::Qos, {S::Qos, S::FsQos}},
    {ir::CredKind::Class, {S::Class, S::FsClass}}};

// The credential a CRED or FS subcomponent reads (none for the others).
std::optional<ir::CredKind> credential_of(S s) {
  for (const auto& [kind, slots] : kCredentialSlots)
    if (s == slots.first || s == slots.second) return kind;
  return std::nullopt;
}

}  // namespace

SubcomponentRange subcomponents_of(ir::PriorityComponent c) {
  switch (c) {
    case C::Cred: return {idx(S::User), 5};
    case C::Fairshare: return {idx(S::FsUser), 5};
    case C::Resource: return {idx(S::Node), 8};
    case C::Service: return {idx(S::QueueTime), 4};
    case C::Target: return {idx(S::TargetQueueTime), 2};
    case C::Usage: return {idx(S::Consumed), 4};
  }
  return {0, 0};
}

Seconds effective_queue_time(const Job& job, AccrualPolicy policy, Epoch now) {
  Epoch until = job.is_active() && job.start_time ? *job.start_time : now;
  Seconds since_submit = std::max<Seconds>(0, until - job.submit_time);
  if (policy == AccrualPolicy::Always || !job.sched.queue_time_accrued) return since_submit;
  return std::clamp<Seconds>(*job.sched.queue_time_accrued, 0, since_submit);
}

PriorityPlan::PriorityPlan(const ir::Policy& policy) : accrual(accrual_policy(policy)) {
  const ir::PriorityWeights& w = policy.priority;
  for (std::size_t s = 0; s < ir::kPrioritySubcomponents; ++s) {
    blank.subcomponents[s].weight = w.sub[s].weight.value;
    blank.subcomponents[s].cap = w.sub[s].cap.value;
  }
  for (std::size_t c = 0; c < ir::kPriorityComponents; ++c) {
    blank.components[c].weight = w.component[c].weight.value;
    blank.components[c].cap = w.component[c].cap.value;
  }
  for (std::size_t c = 0; c < ir::kPriorityComponents; ++c) {
    if (blank.components[c].weight == 0) continue;
    RankedComponent r{blank.components[c].weight, blank.components[c].cap, {}};
    const auto range = subcomponents_of(static_cast<C>(c));
    for (std::size_t s = range.first; s < range.first + range.count; ++s)
      if (blank.subcomponents[s].weight != 0 || s == idx(S::QueueTime) || s == idx(S::XFactor))
        r.subcomponents.push_back(static_cast<S>(s));
    ranked.push_back(std::move(r));
  }
  enable_negative = w.enable_negative.value;
  reject_negative = w.reject_negative.value;
  xfactor_min_walltime = std::max<Seconds>(0, w.xfactor_min_walltime.value);
  for (const auto& c : ranked)
    for (S s : c.subcomponents) {
      if (const std::optional<ir::CredKind> kind = credential_of(s)) ranked_kinds |= JobCredentialIds::bit(*kind);
      ranks_by_pe |= s == S::PE;
    }
}

PriorityCalculator::PriorityCalculator(const CredentialDirectory& dir, const FairshareStanding& fairshare,
                                       ClusterTotals totals, Epoch now, CredentialIndex* index)
    : dir_(dir),
      fairshare_(fairshare),
      totals_(totals),
      now_(now),
      plan_(dir.priority_plan()),
      index_(index ? index : &own_index_) {
  index_->clear();
}

const PriorityCalculator::CredentialFactors& PriorityCalculator::factors(ir::CredKind kind, std::uint32_t id) const {
  auto& cache = cache_[static_cast<std::size_t>(kind)];
  if (cache.size() <= id) cache.resize(index_->size(kind));
  CredentialFactors& f = cache[id];
  if (!f.ready) {
    const std::string& name = index_->name(kind, id);
    f.priority = static_cast<double>(dir_.priority(kind, name).value);
    f.fairshare = fairshare_delta(dir_, fairshare_, kind, name).value;
    if (kind == ir::CredKind::Qos) {
      const auto* own = dir_.find(kind, name);
      const auto* fallback = dir_.defaults(kind);
      auto setting = [&](auto member) -> decltype(&*(own->qos.get().*member)) {
        if (own && (own->qos.get().*member)) return &*(own->qos.get().*member);
        if (fallback && (fallback->qos.get().*member)) return &*(fallback->qos.get().*member);
        return nullptr;
      };
      if (const auto* v = setting(&ir::QosSettings::queuetime_weight)) f.queuetime_weight = v->value;
      if (const auto* v = setting(&ir::QosSettings::xfactor_weight)) f.xfactor_weight = v->value;
      if (const auto* v = setting(&ir::QosSettings::queuetime_target)) f.queuetime_target = v->value;
      if (const auto* v = setting(&ir::QosSettings::xfactor_target)) f.xfactor_target = v->value;
    }
    f.ready = true;
  }
  return f;
}

PriorityBreakdown PriorityCalculator::evaluate(const Job& job) const { return evaluate(job, index_->intern(job)); }

PriorityCalculator::JobFacts PriorityCalculator::facts_of(const Job& job, const JobCredentialIds& ids) const {
  const std::uint32_t qos = ids[ir::CredKind::Qos];
  const double walltime = static_cast<double>(job.walltime);
  const Seconds effective = effective_queue_time(job, plan_.accrual, now_);
  const double queued = static_cast<double>(effective);
  return {job,
          ids,
          qos == JobCredentialIds::kNone ? nullptr : &factors(ir::CredKind::Qos, qos),
          static_cast<double>(job.procs()),
          walltime,
          effective,
          queued,
          expansion_factor(effective, job.walltime, plan_.xfactor_min_walltime)};
}

double PriorityCalculator::value_of(S s, const JobFacts& f) const {
  const Job& job = f.job;
  auto credential = [&](ir::CredKind kind, bool fairshare) {
    const std::uint32_t id = f.ids[kind];
    if (id == JobCredentialIds::kNone) return 0.0;
    const CredentialFactors& c = factors(kind, id);
    return fairshare ? c.fairshare : c.priority;
  };
  // USAGE: active jobs only.
  const double elapsed = job.is_active() ? static_cast<double>(job.elapsed(now_)) : 0.0;
  switch (s) {
    // CRED and FS: per credential.
    case S::User: return credential(ir::CredKind::User, false);
    case S::Group: return credential(ir::CredKind::Group, false);
    case S::Account: return credential(ir::CredKind::Account, false);
    case S::Qos: return credential(ir::CredKind::Qos, false);
    case S::Class: return credential(ir::CredKind::Class, false);
    case S::FsUser: return credential(ir::CredKind::User, true);
    case S::FsGroup: return credential(ir::CredKind::Group, true);
    case S::FsAccount: return credential(ir::CredKind::Account, true);
    case S::FsQos: return credential(ir::CredKind::Qos, true);
    case S::FsClass: return credential(ir::CredKind::Class, true);
    // RES: what the job asks for.
    case S::Node: return static_cast<double>(job.nodes);
    case S::Proc: return f.procs;
    case S::Mem: return static_cast<double>(job.memory_mb());
    case S::Swap: return static_cast<double>(job.swap_mb());
    case S::Disk: return static_cast<double>(job.disk_mb());
    case S::PS: return f.procs * f.walltime;
    case S::PE: return processor_equivalents(job, totals_);
    case S::Walltime: return f.walltime;
    // SERV: effective queue time in minutes, expansion factor, bypass count, soft-policy flag.
    case S::QueueTime: return f.queued / 60.0;
    case S::XFactor: return f.xfactor;
    case S::SPViolation: return job.soft_policy_violation ? 1.0 : 0.0;
    case S::Bypass: return static_cast<double>(job.sched.bypass_count);
    // TARG: the job's QOS sets the targets (own, else QOS DEFAULT).
    case S::TargetQueueTime:
      return f.qos && f.qos->queuetime_target > 0
                 ? toward_target(static_cast<double>(f.qos->queuetime_target), f.queued)
                 : 0.0;
    case S::TargetXFactor:
      return f.qos && f.qos->xfactor_target > 0 ? toward_target(f.qos->xfactor_target, f.xfactor) : 0.0;
    case S::Consumed: return f.procs * elapsed;
    case S::Remaining: return job.is_active() ? f.procs * static_cast<double>(job.remaining(now_)) : 0.0;
    case S::Percent: return job.is_active() && f.walltime > 0 ? elapsed / f.walltime * 100.0 : 0.0;
    case S::ExecutionTime: return elapsed;
  }
  return 0;
}

std::int64_t PriorityCalculator::weight_of(S s, const JobFacts& f) const {
  std::int64_t w = plan_.blank.subcomponents[idx(s)].weight;
  if (f.qos && s == S::QueueTime) w += f.qos->queuetime_weight;
  if (f.qos && s == S::XFactor) w += f.qos->xfactor_weight;
  return w;
}

PriorityCalculator::Settled PriorityCalculator::settle(double p, const std::optional<SystemPriority>& system,
                                                       std::int64_t nice) const {
  Settled s;
  if (!plan_.enable_negative && p < 1) {
    p = 1;
    s.floored = true;
  }
  if (p > kMaxPriority) {
    p = kMaxPriority;
    s.capped = true;
  }
  // The nice value goes as Slurm takes it off its own priority; an operator's absolute system
  // priority still puts the job above every job without one.
  p -= static_cast<double>(nice);
  // Maui applies the system priority to the unrounded priority, then stores it as an integer.
  if (system)
    p = system->relative ? p + static_cast<double>(system->value) : kMaxPriority + static_cast<double>(system->value);
  s.rejected_negative = plan_.enable_negative && plan_.reject_negative && p < 0;
  s.priority = static_cast<std::int64_t>(std::trunc(std::max(p, -9.0e18)));
  return s;
}

PriorityBreakdown PriorityCalculator::evaluate(const Job& job, const JobCredentialIds& ids) const {
  PriorityBreakdown b = plan_.blank;  // the weights and caps, copied in one piece
  const JobFacts f = facts_of(job, ids);
  b.effective_queue_time = f.effective_queue_time;
  b.xfactor = f.xfactor;
  auto& sub = b.subcomponents;
  for (std::size_t s = 0; s < ir::kPrioritySubcomponents; ++s) {
    sub[s].value = value_of(static_cast<S>(s), f);
    sub[s].weight = weight_of(static_cast<S>(s), f);
  }
  double magnitude = 0;
  for (std::size_t c = 0; c < ir::kPriorityComponents; ++c) {
    ComponentScore& comp = b.components[c];
    auto range = subcomponents_of(static_cast<C>(c));
    for (std::size_t s = range.first; s < range.first + range.count; ++s) {
      sub[s].contribution = static_cast<double>(sub[s].weight) * capped(sub[s].value, sub[s].cap);
      comp.factor += sub[s].contribution;
    }
    comp.contribution = static_cast<double>(comp.weight) * capped(comp.factor, comp.cap);
    b.sum += comp.contribution;
    magnitude += std::fabs(comp.contribution);
  }
  for (auto& comp : b.components) comp.percent = magnitude > 0 ? std::fabs(comp.contribution) / magnitude * 100.0 : 0.0;
  const Settled settled = settle(b.sum, job.sched.system_priority, job.nice);
  b.system_priority = job.sched.system_priority;
  b.nice = job.nice;
  b.priority = settled.priority;
  b.floored = settled.floored;
  b.capped = settled.capped;
  b.rejected_negative = settled.rejected_negative;
  return b;
}

// The same sums as evaluate() without the terms that weigh nothing: each is 0 (all values are
// finite), so the priority is the same.
PriorityCalculator::Rank PriorityCalculator::rank(const Job& job, const JobCredentialIds& ids) const {
  const JobFacts f = facts_of(job, ids);
  double sum = 0;
  for (const auto& c : plan_.ranked) {
    double factor = 0;
    for (S s : c.subcomponents)
      if (const std::int64_t w = weight_of(s, f); w != 0)
        factor += static_cast<double>(w) * capped(value_of(s, f), plan_.blank.subcomponents[idx(s)].cap);
    sum += static_cast<double>(c.weight) * capped(factor, c.cap);
  }
  const Settled settled = settle(sum, job.sched.system_priority, job.nice);
  return {settled.priority, settled.rejected_negative};
}

bool id_before(std::string_view a, std::string_view b) {
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (!digit(a[i]) || !digit(b[j])) {
      if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
      ++i, ++j;
      continue;
    }
    // A run of digits on both sides: by value (the shorter number, leading zeros aside, first).
    std::size_t ie = i, je = j;
    while (ie < a.size() && digit(a[ie])) ++ie;
    while (je < b.size() && digit(b[je])) ++je;
    std::string_view x = a.substr(i, ie - i), y = b.substr(j, je - j);
    while (x.size() > 1 && x.front() == '0') x.remove_prefix(1);
    while (y.size() > 1 && y.front() == '0') y.remove_prefix(1);
    if (x.size() != y.size()) return x.size() < y.size();
    if (x != y) return x < y;
    i = ie, j = je;
  }
  if ((i == a.size()) != (j == b.size())) return i == a.size();  // a prefix first
  return a < b;                                                  // the same by value ("007", "7"): still one order
}

bool ranks_before(const Job& a, std::int64_t pa, const Job& b, std::int64_t pb) {
  if (pa != pb) return pa > pb;
  if (a.submit_time != b.submit_time) return a.submit_time < b.submit_time;
  return id_before(a.id, b.id);
}

std::vector<RankedJob> rank_jobs(const PriorityCalculator& calc, std::span<const Job> jobs) {
  std::vector<JobCredentialIds> ids;
  ids.reserve(jobs.size());
  for (const auto& j : jobs) ids.push_back(calc.index().intern(j));
  return rank_jobs(calc, jobs, ids);
}

std::vector<RankedJob> rank_jobs(const PriorityCalculator& calc, std::span<const Job> jobs,
                                 std::span<const JobCredentialIds> ids) {
  std::vector<RankedJob> ranked;
  ranked.reserve(jobs.size());
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (!jobs[i].is_queued()) continue;
    const PriorityCalculator::Rank r = calc.rank(jobs[i], ids[i]);
    ranked.push_back({i, r.priority, jobs[i].submit_time, r.rejected_negative});
  }
  std::sort(ranked.begin(), ranked.end(), [&](const RankedJob& x, const RankedJob& y) {
    if (x.priority != y.priority) return x.priority > y.priority;
    if (x.submit_time != y.submit_time) return x.submit_time < y.submit_time;
    return id_before(jobs[x.index].id, jobs[y.index].id);  // as ranks_before
  });
  return ranked;
}

}  // namespace maui::runtime
