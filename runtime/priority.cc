#include "runtime/priority.h"

#include <algorithm>
#include <cmath>

namespace maui::runtime {

namespace {

using C = ir::PriorityComponent;
using S = ir::PrioritySubcomponent;

constexpr std::size_t idx(S s) { return static_cast<std::size_t>(s); }
constexpr std::size_t idx(C c) { return static_cast<std::size_t>(c); }

// min(value, cap) when a cap is set: caps bound from above only (reference §4.1).
double capped(double value, std::int64_t cap) {
  return cap > 0 ? std::min(value, static_cast<double>(cap)) : value;
}

// The target subcomponents grow as the target comes near: (target - current)^-2, with the
// distance held at 0.0001 once the target is reached, so the value saturates at 1e8 instead of
// dividing by zero (manual 5.1.2.5; docs/semantics.md, Engine).
double toward_target(double target, double current) {
  double distance = std::max(0.0001, target - current);
  return 1.0 / (distance * distance);
}

// Each credential kind's CRED and FS subcomponents.
constexpr std::pair<ir::CredKind, std::pair<S, S>> kCredentialSlots[] = {
    {ir::CredKind::User, {S::User, S::FsUser}},          {ir::CredKind::Group, {S::Group, S::FsGroup}},
    {ir::CredKind::Account, {S::Account, S::FsAccount}}, {ir::CredKind::Qos, {S::Qos, S::FsQos}},
    {ir::CredKind::Class, {S::Class, S::FsClass}}};

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

AccrualPolicy accrual_policy(const ir::Policy& policy) {
  const std::string& v = policy.priority.accrual_policy.value;
  if (v == "ALWAYS") return AccrualPolicy::Always;
  if (v == "FULLPOLICY") return AccrualPolicy::FullPolicy;
  return AccrualPolicy::QueuePolicy;
}

Seconds effective_queue_time(const Job& job, AccrualPolicy policy, Epoch now) {
  Epoch until = job.is_active() && job.start_time ? *job.start_time : now;
  Seconds since_submit = std::max<Seconds>(0, until - job.submit_time);
  if (policy == AccrualPolicy::Always || !job.queue_time_accrued) return since_submit;
  return std::clamp<Seconds>(*job.queue_time_accrued, 0, since_submit);
}

PriorityCalculator::PriorityCalculator(const CredentialDirectory& dir, const FairshareStanding& fairshare,
                                       ClusterTotals totals, Epoch now)
    : dir_(dir), fairshare_(fairshare), totals_(totals), now_(now), accrual_(accrual_policy(dir.policy())) {
  const ir::PriorityWeights& w = dir.policy().priority;
  for (std::size_t s = 0; s < ir::kPrioritySubcomponents; ++s) {
    blank_.subcomponents[s].weight = w.sub[s].weight.value;
    blank_.subcomponents[s].cap = w.sub[s].cap.value;
  }
  for (std::size_t c = 0; c < ir::kPriorityComponents; ++c) {
    blank_.components[c].weight = w.component[c].weight.value;
    blank_.components[c].cap = w.component[c].cap.value;
  }
  for (const auto& [kind, slots] : kCredentialSlots) {
    auto weighs = [&](S sub, C comp) {
      return w.sub[idx(sub)].weight.value != 0 && w.component[idx(comp)].weight.value != 0;
    };
    factors_weigh_[static_cast<std::size_t>(kind)] =
        weighs(slots.first, C::Cred) || weighs(slots.second, C::Fairshare);
  }
  enable_negative_ = w.enable_negative.value;
  reject_negative_ = w.reject_negative.value;
  xfactor_min_walltime_ = std::max<Seconds>(0, w.xfactor_min_walltime.value);
}

const PriorityCalculator::CredentialFactors& PriorityCalculator::factors(ir::CredKind kind,
                                                                        std::uint32_t id) const {
  auto& cache = cache_[static_cast<std::size_t>(kind)];
  if (cache.size() <= id) cache.resize(index_.size(kind));
  CredentialFactors& f = cache[id];
  if (!f.ready) {
    const std::string& name = index_.name(kind, id);
    f.priority = static_cast<double>(dir_.priority(kind, name).value);
    f.fairshare = fairshare_delta(dir_, fairshare_, kind, name).value;
    if (kind == ir::CredKind::Qos) {
      const auto* own = dir_.find(kind, name);
      const auto* fallback = dir_.defaults(kind);
      auto setting = [&](auto member) -> decltype(&*(own->qos.*member)) {
        if (own && (own->qos.*member)) return &*(own->qos.*member);
        if (fallback && (fallback->qos.*member)) return &*(fallback->qos.*member);
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

PriorityBreakdown PriorityCalculator::evaluate(const Job& job) const { return evaluate(job, index_.intern(job)); }

PriorityBreakdown PriorityCalculator::evaluate(const Job& job, const JobCredentialIds& ids) const {
  return compute<true>(job, ids);
}

PriorityCalculator::Rank PriorityCalculator::rank(const Job& job, const JobCredentialIds& ids) const {
  const PriorityBreakdown b = compute<false>(job, ids);
  return {b.priority, b.rejected_negative};
}

// Without kExplained, factors that weigh nothing stay 0: their contribution is 0 either way, so
// the sums and the priority are the same.
template <bool kExplained>
PriorityBreakdown PriorityCalculator::compute(const Job& job, const JobCredentialIds& ids) const {
  PriorityBreakdown b = blank_;  // the weights and caps, copied in one piece
  auto& sub = b.subcomponents;

  // CRED and FS: per credential.
  for (const auto& [kind, slots] : kCredentialSlots) {
    if (ids[kind] == JobCredentialIds::kNone) continue;
    if (!kExplained && !factors_weigh_[static_cast<std::size_t>(kind)]) continue;
    const auto& f = factors(kind, ids[kind]);
    sub[idx(slots.first)].value = f.priority;
    sub[idx(slots.second)].value = f.fairshare;
  }

  // RES: what the job asks for.
  const double procs = static_cast<double>(job.procs());
  const double walltime = static_cast<double>(job.walltime);
  sub[idx(S::Node)].value = static_cast<double>(job.nodes);
  sub[idx(S::Proc)].value = procs;
  sub[idx(S::Mem)].value = static_cast<double>(job.memory_mb());
  sub[idx(S::Swap)].value = static_cast<double>(job.swap_mb());
  sub[idx(S::Disk)].value = static_cast<double>(job.disk_mb());
  sub[idx(S::PS)].value = procs * walltime;
  sub[idx(S::PE)].value = processor_equivalents(job, totals_);
  sub[idx(S::Walltime)].value = walltime;

  // SERV: effective queue time in minutes, expansion factor, bypass count, soft-policy flag.
  b.effective_queue_time = effective_queue_time(job, accrual_, now_);
  const double queued = static_cast<double>(b.effective_queue_time);
  // XFMINWCLIMIT floors the denominator; none (the manual's default) leaves the walltime.
  const double floor_wc = static_cast<double>(xfactor_min_walltime_);
  const double denominator = std::max({walltime, floor_wc, 1.0});
  b.xfactor = (queued + walltime) / denominator;
  sub[idx(S::QueueTime)].value = queued / 60.0;
  sub[idx(S::XFactor)].value = b.xfactor;
  sub[idx(S::SPViolation)].value = job.soft_policy_violation ? 1.0 : 0.0;
  sub[idx(S::Bypass)].value = static_cast<double>(job.bypass_count);

  // The job's QOS adds QTWEIGHT / XFWEIGHT and sets the TARG targets (own, else QOS DEFAULT).
  if (ids[ir::CredKind::Qos] != JobCredentialIds::kNone) {
    const auto& q = factors(ir::CredKind::Qos, ids[ir::CredKind::Qos]);
    sub[idx(S::QueueTime)].weight += q.queuetime_weight;
    sub[idx(S::XFactor)].weight += q.xfactor_weight;
    if (q.queuetime_target > 0)
      sub[idx(S::TargetQueueTime)].value = toward_target(static_cast<double>(q.queuetime_target), queued);
    if (q.xfactor_target > 0) sub[idx(S::TargetXFactor)].value = toward_target(q.xfactor_target, b.xfactor);
  }

  // USAGE: active jobs only.
  if (job.is_active()) {
    const double elapsed = static_cast<double>(job.elapsed(now_));
    sub[idx(S::Consumed)].value = procs * elapsed;
    sub[idx(S::Remaining)].value = procs * static_cast<double>(job.remaining(now_));
    sub[idx(S::Percent)].value = walltime > 0 ? elapsed / walltime * 100.0 : 0.0;
    sub[idx(S::ExecutionTime)].value = elapsed;
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
  if (kExplained)
    for (auto& comp : b.components)
      comp.percent = magnitude > 0 ? std::fabs(comp.contribution) / magnitude * 100.0 : 0.0;

  double p = b.sum;
  if (!enable_negative_) {
    if (p < 1) {
      p = 1;
      b.floored = true;
    }
  } else if (reject_negative_ && p < 0) {
    b.rejected_negative = true;
  }
  if (p > kMaxPriority) {
    p = kMaxPriority;
    b.capped = true;
  }
  b.priority = static_cast<std::int64_t>(std::trunc(std::max(p, -9.0e18)));
  return b;
}

bool id_before(std::string_view a, std::string_view b) {
  auto numeric = [](std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (a.size() != b.size() && numeric(a) && numeric(b)) return a.size() < b.size();
  return a < b;
}

bool ranks_before(const Job& a, std::int64_t pa, const Job& b, std::int64_t pb) {
  if (pa != pb) return pa > pb;
  if (a.submit_time != b.submit_time) return a.submit_time < b.submit_time;
  return id_before(a.id, b.id);
}

std::vector<RankedJob> rank_jobs(const PriorityCalculator& calc, std::span<const Job> jobs,
                                 const std::function<bool(const Job&)>& include) {
  std::vector<JobCredentialIds> ids;
  ids.reserve(jobs.size());
  for (const auto& j : jobs) ids.push_back(calc.index().intern(j));
  return rank_jobs(calc, jobs, ids, include);
}

std::vector<RankedJob> rank_jobs(const PriorityCalculator& calc, std::span<const Job> jobs,
                                 std::span<const JobCredentialIds> ids,
                                 const std::function<bool(const Job&)>& include) {
  std::vector<RankedJob> ranked;
  ranked.reserve(jobs.size());
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (include && !include(jobs[i])) continue;
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
