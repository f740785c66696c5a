// Property d (built in), priority-bounds (docs/rules/check/priority-bounds.md):
//   component-bounds  the range of each weighted component's contribution (PROVED, a note);
//   disabled-weight   a subcomponent weight set while its component weight is 0: it has no
//                     effect (the runtime's PriorityCalculator confirms the component gives 0);
//   priority-cap      can a job's total reach Maui's 1e9 cap? Z3 over the subcomponent
//                     contributions within their ranges (priority_model.h); a concrete job at
//                     the extremes is then replayed through the PriorityCalculator and must
//                     come out capped.
#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "checker/prove/job_encoding.h"
#include "checker/prove/priority_model.h"
#include "checker/prove/properties.h"
#include "checker/prove/smt.h"
#include "runtime/engine/fairshare.h"

namespace maui::prove {

namespace {

using C = ir::PriorityComponent;
using S = ir::PrioritySubcomponent;

Location weight_location(const Context& ctx, const ir::Sourced<std::int64_t>& w, const std::string& what) {
  Location l = location_of(w.from, what);
  if (l.line == 0) l.file = ctx.main_file();
  return l;
}

void component_bounds(Context& ctx, const PriorityModel& m) {
  const auto& w = ctx.policy().priority;
  for (std::size_t ci = 0; ci < ir::kPriorityComponents; ++ci) {
    C c = static_cast<C>(ci);
    if (w[c].weight.value == 0) continue;
    Range r = component_range(m, w, c);
    Result res;
    res.property = properties::kPriorityBounds.id;
    res.check = "component-bounds";
    res.subject = std::string(ir::to_string(c));
    res.set_status(Status::Proved);
    res.where = weight_location(ctx, w[c].weight, "");
    res.message = fmt::format(
        "the {} component ({}={}{}) contributes between {} and {}", ir::to_string(c), weight_name(c), w[c].weight.value,
        w[c].cap.value > 0 ? fmt::format(", cap {}", w[c].cap.value) : "", number_text(r.lo), number_text(r.hi));
    res.witness = llvm::json::Object{
        {"component", std::string(ir::to_string(c))}, {"min", number_text(r.lo)}, {"max", number_text(r.hi)}};
    ctx.add(std::move(res));
  }
}

// A job with something in every subcomponent, for replays.
runtime::Job busy_job(const World& w, const PriorityModel& m) {
  runtime::Job job = plain_job(w, "witness");
  job.tasks = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::min(4.0, m.procs_max)));
  job.nodes = 1;
  job.memory_per_task_mb = 1024;
  job.submit_time = kWeekStart - 86400;
  return job;
}

void disabled_weights(Context& ctx, const PriorityModel& m) {
  const auto& w = ctx.policy().priority;
  runtime::FairshareStanding no_usage;
  runtime::PriorityCalculator calc(ctx.world.directory(), no_usage, runtime::ClusterTotals{}, kWeekStart);
  for (std::size_t ci = 0; ci < ir::kPriorityComponents; ++ci) {
    C c = static_cast<C>(ci);
    if (w[c].weight.value != 0) continue;
    auto range = runtime::subcomponents_of(c);
    for (std::size_t s = range.first; s < range.first + range.count; ++s) {
      const auto& sub = w.sub[s].weight;
      if (sub.value == 0 || sub.from.where.line == 0) continue;  // only weights the admin wrote
      auto b = calc.evaluate(busy_job(ctx.world, m));
      if (b[c].contribution != 0) {
        ctx.mismatch(properties::kPriorityBounds,
                     fmt::format("{} contributes {} with {}=0", ir::to_string(c), b[c].contribution, weight_name(c)));
        continue;
      }
      Result r;
      r.property = properties::kPriorityBounds.id;
      r.check = "disabled-weight";
      r.subject = weight_name(static_cast<S>(s));
      r.set_status(Status::Violated);
      r.where = location_of(sub.from, "");
      r.message = fmt::format("{}={} has no effect: its component weight {} is 0{}", weight_name(static_cast<S>(s)),
                              sub.value, weight_name(c), w[c].weight.from.where.line ? "" : " (the default)");
      r.blame.push_back(weight_location(ctx, w[c].weight, fmt::format("{}={}", weight_name(c), w[c].weight.value)));
      r.witness = llvm::json::Object{{"subcomponent", std::string(ir::to_string(static_cast<S>(s)))},
                                     {"subcomponent_factor", b.subcomponents[s].value},
                                     {"component_contribution", b[c].contribution}};
      ctx.add(std::move(r));
    }
  }
}

// Concrete jobs at the extremes the solver pointed to, within the job bounds: the credentials
// with the highest priority of each kind, the largest request (one proc when the cluster is
// unknown: a job that fits any cluster), and the longest wait. Three walltimes: an hour, the
// shortest (the expansion factor's favourite) and the longest (the PS / walltime factors').
std::vector<runtime::Job> extreme_jobs(const World& w, const PriorityModel& m) {
  std::vector<runtime::Job> jobs;
  const std::int64_t procs = m.bounds.procs.value_or(1);
  for (ir::Seconds walltime : {std::clamp<ir::Seconds>(3600, m.bounds.walltime_min, m.bounds.walltime_max),
                               m.bounds.walltime_min, m.bounds.walltime_max}) {
    runtime::Job job = plain_job(w, "witness");
    for (ir::CredKind k : ir::kCredKinds) {
      std::int64_t best = std::numeric_limits<std::int64_t>::min();
      for (const auto& name : w.names(k)) {
        auto v = w.directory().priority(k, name).value;
        if (v > best) {
          best = v;
          set_credential(job, k, name);
        }
      }
    }
    job.tasks = procs;
    job.nodes = std::min<std::int64_t>(procs, static_cast<std::int64_t>(m.value[static_cast<std::size_t>(S::Node)].hi));
    job.walltime = walltime;
    job.submit_time = kWeekStart - kQueueHorizon;
    job.sched.bypass_count = static_cast<std::int64_t>(kBypassHorizon);
    jobs.push_back(job);
  }
  return jobs;
}

// The least value in [lo, hi] for which `capped_at` holds, given that it holds at hi: priority
// grows with the size and the wait for the weights that reach the cap (a non-monotone mix
// still ends on a value that is capped).
template <class CappedAt>
std::int64_t least_capped(std::int64_t lo, std::int64_t hi, CappedAt capped_at) {
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (capped_at(mid))
      hi = mid;
    else
      lo = mid + 1;
  }
  return hi;
}

// Of the extreme jobs the runtime caps, the one that waits least, each as small as it can be
// and waiting no longer than it must (whole minutes): the most realistic witness.
std::optional<runtime::Job> smallest_capped_job(const runtime::PriorityCalculator& calc, const World& w,
                                                const PriorityModel& m) {
  std::optional<runtime::Job> best;
  for (auto job : extreme_jobs(w, m)) {
    if (!calc.evaluate(job).capped) continue;
    job.tasks = least_capped(1, job.tasks, [&](std::int64_t tasks) {
      runtime::Job j = job;
      j.tasks = tasks;
      j.nodes = std::min(j.nodes, tasks);
      return calc.evaluate(j).capped;
    });
    job.nodes = std::min(job.nodes, job.tasks);
    const std::int64_t minutes = least_capped(0, kQueueHorizon / 60, [&](std::int64_t waited) {
      runtime::Job j = job;
      j.submit_time = kWeekStart - waited * 60;
      return calc.evaluate(j).capped;
    });
    job.submit_time = kWeekStart - minutes * 60;
    if (!best || job.submit_time > best->submit_time) best = job;
  }
  return best;
}

void priority_cap(Context& ctx, const PriorityModel& m) {
  const auto& w = ctx.policy().priority;
  Session s(ctx.z3, ctx.options.timeout_ms, ctx.options.smtlib_dir);
  z3::context& z = ctx.z3;
  auto real = [&](double v) { return z.real_val(fmt::format("{:.0f}", v).c_str()); };
  z3::expr total = z.real_val(0);
  std::vector<Location> weights;
  for (std::size_t ci = 0; ci < ir::kPriorityComponents; ++ci) {
    C c = static_cast<C>(ci);
    if (w[c].weight.value == 0) continue;
    auto range = runtime::subcomponents_of(c);
    z3::expr factor = z.real_val(0);
    for (std::size_t sidx = range.first; sidx < range.first + range.count; ++sidx) {
      if (m.weight[sidx].lo == 0 && m.weight[sidx].hi == 0) continue;
      Range r = contribution(m.weight[sidx], m.value[sidx], w.sub[sidx].cap.value);
      z3::expr x = z.real_const(fmt::format("contribution.{}", ir::to_string(static_cast<S>(sidx))).c_str());
      if (std::isfinite(r.lo)) s.assume(x >= real(std::floor(r.lo)));
      if (std::isfinite(r.hi)) s.assume(x <= real(std::ceil(r.hi)));
      factor = factor + x;
      if (w.sub[sidx].weight.from.where.line)
        weights.push_back(location_of(w.sub[sidx].weight.from, std::string(weight_name(static_cast<S>(sidx)))));
    }
    z3::expr capped = w[c].cap.value > 0 ? z3::ite(factor > real(static_cast<double>(w[c].cap.value)),
                                                   real(static_cast<double>(w[c].cap.value)), factor)
                                         : factor;
    total = total + real(static_cast<double>(w[c].weight.value)) * capped;
    if (w[c].weight.from.where.line) weights.push_back(location_of(w[c].weight.from, std::string(weight_name(c))));
  }
  Result r;
  r.property = properties::kPriorityBounds.id;
  r.check = "priority-cap";
  r.subject = "total priority";
  r.where = Location{ctx.main_file(), 0, 0, 0, ""};
  if (!weights.empty()) r.where = weights.front();
  CheckOutcome o = s.check("priority-bounds-cap", {total >= real(runtime::kMaxPriority)});
  if (o.answer == Answer::Unknown) {
    r.set_status(Status::Unknown);
    r.message = fmt::format("could not decide whether a priority can reach the 1e9 cap ({})", o.reason);
    ctx.add(std::move(r));
    return;
  }
  if (o.answer == Answer::Unsat) {
    double hi = 0;
    for (std::size_t ci = 0; ci < ir::kPriorityComponents; ++ci) hi += component_range(m, w, static_cast<C>(ci)).hi;
    // Without a bound on job size the model assumed one: the answer holds only up to it.
    bool size_matters = false;
    if (w[C::Resource].weight.value != 0)
      for (S s : {S::Node, S::Proc, S::Mem, S::Swap, S::Disk, S::PS, S::PE}) size_matters |= w[s].weight.value != 0;
    if (!m.bounds.procs && size_matters) {
      r.set_status(Status::Unknown);
      r.message = fmt::format("no job of at most {} procs reaches the 1e9 cap (at most {}), but larger jobs might: {}",
                              number_text(kProcsWithoutNodes), number_text(hi), m.bounds.procs_from);
    } else {
      r.set_status(Status::Proved);
      r.message = fmt::format("no job's priority reaches the 1e9 cap (at most {}; jobs bounded by {})", number_text(hi),
                              m.bounds.text());
    }
    ctx.add(std::move(r));
    return;
  }
  // Sat in the relaxed model: find a concrete job the runtime caps.
  runtime::FairshareStanding no_usage;
  runtime::PriorityCalculator calc(ctx.world.directory(), no_usage, runtime::ClusterTotals{}, kWeekStart);
  if (auto found = smallest_capped_job(calc, ctx.world, m)) {
    const runtime::Job& job = *found;
    const ir::Seconds wait = kWeekStart - job.submit_time;
    auto b = calc.evaluate(job);
    r.set_status(Status::Violated);
    r.message = fmt::format(
        "a job's priority can pass the 1e9 cap, where jobs stop being ordered: {} ({} proc{}, walltime {}, queued {}) "
        "sums to {}; jobs bounded by {}",
        job.user == ctx.world.other(ir::CredKind::User) ? "any job" : "user " + job.user, job.procs(),
        job.procs() == 1 ? "" : "s", days_text(job.walltime), days_text(wait), number_text(b.sum), m.bounds.text());
    r.blame = weights;
    llvm::json::Object j = job_json(job);
    j["queued"] = duration_text(wait);
    r.witness = llvm::json::Object{
        {"job", std::move(j)}, {"sum", b.sum}, {"priority", b.priority}, {"bounds", m.bounds.text()}};
    ctx.add(std::move(r));
    return;
  }
  r.set_status(Status::Unknown);
  r.message =
      m.bounds.procs
          ? std::string("the relaxed priority model reaches the 1e9 cap but no concrete job was found that does")
          : fmt::format(
                "whether a job's priority can reach the 1e9 cap depends on how many procs a job may "
                "ask for (no one-proc job reaches it): {}",
                m.bounds.procs_from);
  ctx.add(std::move(r));
}

}  // namespace

void check_priority_bounds(Context& ctx) {
  PriorityModel m = priority_model(ctx.world);
  component_bounds(ctx, m);
  disabled_weights(ctx, m);
  priority_cap(ctx, m);
}

}  // namespace maui::prove
