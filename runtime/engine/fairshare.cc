#include "runtime/engine/fairshare.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <compare>

namespace maui::runtime {

Epoch window_start(Epoch t, Seconds interval) {
  if (interval <= 0) return t;
  Epoch r = t % interval;
  if (r < 0) r += interval;  // times before 1970 still fall into the window that contains them
  return t - r;
}

namespace {
std::atomic<std::uint64_t> window_accesses{0};
}  // namespace

FairshareWindow& FairshareHistory::window(Epoch start) {
  auto& w = windows_[start];
  w.start = start;
  w.stamp.value = window_accesses.fetch_add(1, std::memory_order_relaxed) + 1;
  return w;
}

const FairshareWindow* FairshareHistory::find(Epoch start) const {
  auto it = windows_.find(start);
  return it == windows_.end() ? nullptr : &it->second;
}

void FairshareHistory::forget_before(Epoch oldest) { windows_.erase(windows_.begin(), windows_.lower_bound(oldest)); }

FairshareClock FairshareClock::from(const ir::FairshareSettings& s) {
  FairshareClock c;
  if (s.interval.value > 0) c.interval = s.interval.value;
  c.depth = static_cast<int>(std::clamp<std::int64_t>(s.depth.value, 1, kMaxFairshareDepth));
  // A decay outside (0, 1] would make old windows weigh more than new ones or flip signs.
  c.decay = s.decay.value > 0 && s.decay.value <= 1 ? s.decay.value : 1.0;
  return c;
}

double usage_rate(ir::FairshareMetric metric, const Job& job, const ClusterTotals& totals) {
  switch (metric) {
    case ir::FairshareMetric::None: return 0;
    case ir::FairshareMetric::DedicatedPS: return static_cast<double>(job.procs());
    case ir::FairshareMetric::DedicatedPES: return processor_equivalents(job, totals);
    case ir::FairshareMetric::UtilizedPS:
      return job.utilized_procs ? std::max(0.0, *job.utilized_procs) : static_cast<double>(job.procs());
  }
  return 0;
}

void accrue_usage(FairshareHistory& history, const ir::Policy& policy, const ClusterSnapshot& snapshot, Epoch from,
                  Epoch to) {
  auto metric = policy.fairshare.metric.value;
  if (metric == ir::FairshareMetric::None || to <= from) return;
  FairshareClock clock = FairshareClock::from(policy.fairshare);
  ClusterTotals totals = snapshot.totals();
  for (const auto& job : snapshot.jobs) {
    // A suspended job holds its procs but uses none of them, and a starting one (the RM was asked
    // to start it) none yet: they accrue nothing. A job that ended (completed, or still
    // completing) accrues up to its end.
    const bool ended = job.start_time && job.end_time;
    if (job.state != JobState::Running && !(job.state == JobState::Completed && ended)) continue;
    const Epoch until = ended ? std::min(to, *job.end_time) : to;
    Epoch t = std::max(from, job.start_time.value_or(from));
    if (t >= until) continue;
    double rate = usage_rate(metric, job, totals);
    if (rate <= 0) continue;
    while (t < until) {
      Epoch start = window_start(t, clock.interval);
      Epoch end = std::min(until, start + clock.interval);
      double amount = rate * static_cast<double>(end - t);
      FairshareWindow& w = history.window(start);
      for (auto kind : ir::kCredKinds) {
        const std::string& name = job.credential(kind);
        if (name.empty()) continue;
        auto it = w.usage.find(CredentialLess::Key{kind, name});
        if (it == w.usage.end()) it = w.usage.emplace(ir::Credential{kind, name}, 0.0).first;
        it->second += amount;
      }
      w.total += amount;
      t = end;
    }
  }
}

FairshareStanding FairshareStanding::compute(const CredentialDirectory& dir, const FairshareHistory& history,
                                             Epoch now) {
  return compute(dir, history, now, FairshareStanding{});
}

FairshareStanding FairshareStanding::compute(const CredentialDirectory& dir, const FairshareHistory& history, Epoch now,
                                             FairshareStanding previous) {
  const ir::Policy& policy = dir.policy();
  FairshareStanding s;
  s.enabled_ = policy.fairshare.metric.value != ir::FairshareMetric::None;
  s.percentage_mode_ = policy.fairshare.percentage_mode.value;
  s.clock_ = FairshareClock::from(policy.fairshare);
  s.dir_ = &dir;
  s.history_ = &history;
  const auto depth = static_cast<std::size_t>(s.clock_.depth);
  Epoch current = window_start(now, s.clock_.interval);

  // The windows that exist, newest first, with their weights.
  std::vector<const FairshareWindow*> windows(depth, nullptr);
  double weight = 1.0;
  for (std::size_t k = 0; k < depth; ++k, weight *= s.clock_.decay) {
    Epoch start = current - static_cast<Epoch>(k) * s.clock_.interval;
    s.window_starts_.push_back(start);
    s.window_weights_.push_back(weight);
    windows[k] = history.find(start);
    s.window_stamps_.push_back(windows[k] ? windows[k]->stamp.value : 0);
    s.window_totals_.push_back(windows[k] ? windows[k]->total : 0.0);
    if (windows[k]) s.total_decayed_ += weight * windows[k]->total;
  }

  // Only the current window changed since `previous`: its credentials are the same ones.
  if (previous.dir_ == &dir && previous.history_ == &history && previous.window_starts_ == s.window_starts_ &&
      std::equal(s.window_stamps_.begin() + 1, s.window_stamps_.end(), previous.window_stamps_.begin() + 1)) {
    s.credentials_ = std::move(previous.credentials_);
    s.presence_ = std::move(previous.presence_);
    if (s.update_from_current_window(windows[0])) return s;
    s.credentials_.clear();  // a credential came or went: merge every window
    s.presence_.clear();
  }

  // Every credential with usage in a window or with a fairshare target, in credential order: a
  // merge of the windows' usage (each kept in that order) and the policy's credentials, not a
  // map built at each computation. Each credential's usage adds up newest window first, as the
  // decayed sum is defined.
  using Usage = CredentialUsage::const_iterator;
  std::vector<Usage> at(depth), end(depth);
  for (std::size_t k = 0; k < depth; ++k)
    if (windows[k]) at[k] = windows[k]->usage.begin(), end[k] = windows[k]->usage.end();
  auto targeted = policy.credentials.begin();
  const auto has_target = [](const auto& entry) {
    const auto& [id, config] = entry;
    return id.kind != ir::CredKind::System && id.name != "DEFAULT" && config.fairshare_target &&
           config.fairshare_target->value > 0;
  };
  auto skip_untargeted = [&] {
    while (targeted != policy.credentials.end() && !has_target(*targeted)) ++targeted;
  };
  skip_untargeted();
  for (;;) {
    const ir::Credential* next = targeted != policy.credentials.end() ? &targeted->first : nullptr;
    for (std::size_t k = 0; k < depth; ++k)
      if (windows[k] && at[k] != end[k] && (!next || at[k]->first < *next)) next = &at[k]->first;
    if (!next) break;
    CredentialStanding c;
    Presence p;
    c.who = *next;
    c.window_usage.assign(depth, 0.0);
    for (std::size_t k = 0; k < depth; ++k) {
      if (!windows[k] || at[k] == end[k] || at[k]->first != c.who) continue;
      c.window_usage[k] += at[k]->second;
      c.decayed_usage += s.window_weights_[k] * at[k]->second;
      p.windows |= 1u << k;
      ++at[k];
    }
    if (targeted != policy.credentials.end() && targeted->first == c.who) {
      p.targeted = true;
      ++targeted;
      skip_untargeted();
    }
    c.usage_percent = s.total_decayed_ > 0 ? c.decayed_usage / s.total_decayed_ * 100.0 : 0.0;
    c.target = dir.fairshare_target(c.who.kind, c.who.name);
    s.credentials_.push_back(std::move(c));
    s.presence_.push_back(p);
  }
  return s;
}

// The current window's usage replaces each credential's, and the decayed sums are added up again
// exactly as the merge adds them (newest window first, only windows with an entry). False when
// the current window names a credential the list lacks, or a credential no longer has any entry
// or target: the caller merges every window instead.
bool FairshareStanding::update_from_current_window(const FairshareWindow* current) {
  static const CredentialUsage kNone;
  const auto& usage = current ? current->usage : kNone;
  auto it = usage.begin();
  for (std::size_t c = 0; c < credentials_.size(); ++c) {
    CredentialStanding& cs = credentials_[c];
    Presence& p = presence_[c];
    const auto order = it != usage.end() ? it->first <=> cs.who : std::strong_ordering::greater;
    if (order < 0) return false;  // a new credential
    const Presence was = p;
    const double had = cs.window_usage[0];
    cs.window_usage[0] = 0.0;
    p.windows &= ~1u;
    if (order == 0) {
      cs.window_usage[0] += it->second;
      p.windows |= 1u;
      ++it;
    }
    if (p.windows == 0 && !p.targeted) return false;  // it left every window
    // A credential whose current usage did not move keeps its sum: the same terms would add up
    // to the same value (most credentials run nothing between two refreshes).
    if (p.windows != was.windows || cs.window_usage[0] != had) {
      cs.decayed_usage = 0;
      for (std::size_t k = 0; k < cs.window_usage.size(); ++k)
        if (p.windows & (1u << k)) cs.decayed_usage += window_weights_[k] * cs.window_usage[k];
    }
    cs.usage_percent = total_decayed_ > 0 ? cs.decayed_usage / total_decayed_ * 100.0 : 0.0;
  }
  return it == usage.end();
}

const CredentialStanding* FairshareStanding::find(ir::CredKind kind, std::string_view name) const {
  const auto before = [](const CredentialStanding& c, const CredentialLess::Key& key) {
    return CredentialLess{}(c.who, key);
  };
  auto it = std::lower_bound(credentials_.begin(), credentials_.end(), CredentialLess::Key{kind, name}, before);
  return it != credentials_.end() && it->who.kind == kind && it->who.name == name ? &*it : nullptr;
}

double FairshareStanding::decayed_usage(ir::CredKind kind, std::string_view name) const {
  const auto* c = find(kind, name);
  return c ? c->decayed_usage : 0.0;
}

double FairshareStanding::usage_percent(ir::CredKind kind, std::string_view name) const {
  const auto* c = find(kind, name);
  return c ? c->usage_percent : 0.0;
}

FairshareDelta fairshare_delta(const CredentialDirectory& dir, const FairshareStanding& standing, ir::CredKind kind,
                               std::string_view name) {
  FairshareDelta d;
  // No usage recorded anywhere (or fairshare off): percentages mean nothing, the component is 0.
  if (!standing.enabled() || standing.total_decayed() <= 0) return d;
  d.target = dir.fairshare_target(kind, name);
  if (!d.target) return d;
  d.has_target = true;
  d.usage_percent = standing.usage_percent(kind, name);
  double target = d.target->target.value;
  d.distance = standing.percentage_mode() ? 1.0 - d.usage_percent / target : target - d.usage_percent;
  switch (d.target->target.mode) {
    case ir::FairshareMode::Target: d.value = d.distance; break;
    case ir::FairshareMode::Floor: d.value = std::max(d.distance, 0.0); break;
    case ir::FairshareMode::Ceiling: d.value = std::min(d.distance, 0.0); break;
    case ir::FairshareMode::CapAbsolute:
    case ir::FairshareMode::CapRelative: d.value = 0; break;
  }
  return d;
}

bool out_of_bounds(const CredentialStanding& s, const FairshareStanding& standing) {
  if (!s.target) return false;
  double t = s.target->target.value;
  switch (s.target->target.mode) {
    case ir::FairshareMode::Target: return std::fabs(s.usage_percent - t) > 5.0;
    case ir::FairshareMode::Floor: return s.usage_percent < t;
    case ir::FairshareMode::Ceiling: return s.usage_percent > t;
    case ir::FairshareMode::CapAbsolute: return s.decayed_usage >= t;
    case ir::FairshareMode::CapRelative: return standing.total_decayed() > 0 && s.usage_percent >= t;
  }
  return false;
}

std::vector<FairshareCapViolation> fairshare_cap_violations(const CredentialDirectory& dir,
                                                            const FairshareStanding& standing, const Job& job,
                                                            const ClusterTotals& totals) {
  std::vector<FairshareCapViolation> out;
  if (!standing.enabled()) return out;
  const auto metric = dir.policy().fairshare.metric.value;
  double request = (metric == ir::FairshareMetric::DedicatedPES ? processor_equivalents(job, totals)
                                                                : static_cast<double>(job.procs())) *
                   static_cast<double>(job.walltime);
  for (auto kind : ir::kCredKinds) {
    const std::string& name = job.credential(kind);
    if (name.empty()) continue;
    auto target = dir.fairshare_target(kind, name);
    if (!target) continue;
    const auto& cap = target->target;
    double usage = standing.decayed_usage(kind, name);
    if (cap.mode == ir::FairshareMode::CapAbsolute) {
      if (usage + request > cap.value) out.push_back({{kind, name}, cap, target->source.from_default, usage, request});
    } else if (cap.mode == ir::FairshareMode::CapRelative) {
      double total = standing.total_decayed();
      if (total <= 0) continue;  // nothing delivered yet: no share can be exceeded
      double usage_pct = usage / total * 100.0, request_pct = request / total * 100.0;
      if (usage_pct + request_pct > cap.value)
        out.push_back({{kind, name}, cap, target->source.from_default, usage_pct, request_pct});
    }
  }
  return out;
}

}  // namespace maui::runtime
