// Property e, fairshare-targets (docs/rules/check/fairshare-targets.md).
//
// (1) Joint satisfiability, per credential kind: each credential's share of the usage u_c is a
//     real in [0, 100]; the shares of the credentials the config names plus everyone else sum to
//     100; a target asks u_c = t, a floor u_c >= t, a ceiling or a relative cap u_c <= t.
//     Unsat means the targets of that kind cannot all hold at once (they sum over 100%); the
//     minimal unsat core names the lines. Each named credential's target is the one the runtime
//     resolves (CredentialDirectory::fairshare_target: own, else DEFAULT).
// (2) No effect: targets, floors and ceilings only steer priority through FSWEIGHT x FS<KIND>WEIGHT
//     (caps act on eligibility and are left out). With either weight 0, or FSPOLICY unset
//     (fairshare off), they change nothing; the witness is a job of that credential whose
//     fairshare delta is non-zero and whose FS contribution the runtime computes as 0.
#include <fmt/format.h>

#include "checker/prove/job_encoding.h"
#include "checker/prove/properties.h"
#include "checker/prove/smt.h"
#include "checker/weights.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/priority.h"

namespace maui::prove {

namespace {

using Mode = ir::FairshareMode;

std::string target_text(const ir::FairshareTarget& t) {
  static constexpr const char* kMarker[] = {"", "+", "-", "^", "%"};
  return fmt::format("{:g}{}", t.value, kMarker[static_cast<int>(t.mode)]);
}

struct Named {
  std::string name;
  runtime::ResolvedTarget target;
};

void joint(Context& ctx, ir::CredKind kind, const std::vector<Named>& steering) {
  Session s(ctx.z3, ctx.options.timeout_ms, ctx.options.smtlib_dir);
  z3::context& c = ctx.z3;
  z3::expr total = c.real_val(0);
  for (const auto& n : steering) {
    z3::expr u = c.real_const(fmt::format("share.{}", n.name).c_str());
    s.assume(u >= 0 && u <= 100);
    total = total + u;
    z3::expr t = c.real_val(fmt::format("{}", n.target.target.value).c_str());
    z3::expr want = n.target.target.mode == Mode::Target  ? u == t
                    : n.target.target.mode == Mode::Floor ? u >= t
                                                          : u <= t;
    std::string how = n.target.source.from_default ? fmt::format(" (from {}[DEFAULT])", ir::family_of(kind)) : "";
    s.track(want, location_of(n.target.target.from, fmt::format("{} {} FSTARGET={}{}", ir::to_string(kind), n.name,
                                                                target_text(n.target.target), how)));
  }
  z3::expr others = c.real_const("share.others");
  s.assume(others >= 0 && total + others == 100);
  std::string kind_name(ir::to_string(kind));
  CheckOutcome o = s.check(fmt::format("fairshare-targets-{}", kind_name));
  Result r;
  r.property = properties::kFairshareTargets.id;
  r.check = "joint-targets";
  r.subject = kind_name + " targets";
  r.where = location_of(steering.front().target.target.from, "");
  double floor_sum = 0;
  llvm::json::Object targets;
  for (const auto& n : steering) {
    targets[n.name] = target_text(n.target.target);
    if (n.target.target.mode == Mode::Target || n.target.target.mode == Mode::Floor) floor_sum += n.target.target.value;
  }
  if (o.answer == Answer::Unknown) {
    r.set_status(Status::Unknown);
    r.message = fmt::format("could not decide whether the {} fairshare targets can all hold ({})", kind_name, o.reason);
  } else if (o.answer == Answer::Sat) {
    r.set_status(Status::Proved);
    r.message = fmt::format("the {} {} fairshare targets can all hold at once (targets and floors sum to {:g}%)",
                            steering.size(), kind_name, floor_sum);
  } else {
    r.set_status(Status::Violated);
    r.blame = s.blame();
    r.message = fmt::format(
        "the {} fairshare targets cannot all hold at once: their targets and floors need {:g}% of the usage", kind_name,
        floor_sum);
    r.witness =
        llvm::json::Object{{"kind", kind_name}, {"targets", std::move(targets)}, {"required_percent", floor_sum}};
  }
  ctx.add(std::move(r));
}

// The runtime's view of a job of `name` while `name` has no usage and someone else has all of it:
// its fairshare delta and the FS component it gets.
struct Replay {
  double delta = 0;
  double contribution = 0;
};
Replay replay_no_effect(Context& ctx, ir::CredKind kind, const std::string& name) {
  const auto& dir = ctx.world.directory();
  runtime::FairshareHistory history;
  runtime::FairshareClock clock = runtime::FairshareClock::from(ctx.policy().fairshare);
  runtime::Epoch now = kWeekStart;
  auto& window = history.window(runtime::window_start(now, clock.interval));
  window.usage[ir::Credential{kind, name + "~someone-else"}] = 3600;
  window.total = 3600;
  auto standing = runtime::FairshareStanding::compute(dir, history, now);
  runtime::PriorityCalculator calc(dir, standing, runtime::ClusterTotals{}, now);
  runtime::Job job = plain_job(ctx.world, "witness");
  set_credential(job, kind, name);
  auto b = calc.evaluate(job);
  return {b[checker::fairshare_subcomponent(kind)].value, b[ir::PriorityComponent::Fairshare].contribution};
}

void no_effect(Context& ctx, ir::CredKind kind, const std::vector<Named>& steering) {
  const auto& w = ctx.policy().priority;
  const auto& fs = w[ir::PriorityComponent::Fairshare].weight;
  const auto& sub = w[checker::fairshare_subcomponent(kind)].weight;
  bool off = ctx.policy().fairshare.metric.value == ir::FairshareMetric::None;
  if (!off && fs.value != 0 && sub.value != 0) return;
  Result r;
  r.property = properties::kFairshareTargets.id;
  r.check = "no-effect";
  r.subject = std::string(ir::to_string(kind)) + " targets";
  r.set_status(Status::Violated);
  r.where = location_of(steering.front().target.target.from, "");
  std::string why = off ? "FSPOLICY is not set, so fairshare is off"
                    : fs.value == 0
                        ? fmt::format("FSWEIGHT is 0{}", fs.from.where.line ? "" : " (the default)")
                        : fmt::format("{} is 0{}", checker::weight_name(checker::fairshare_subcomponent(kind)),
                                      sub.from.where.line ? "" : " (the default)");
  r.message = fmt::format("the {} fairshare targets have no effect on priority: {}", ir::to_string(kind), why);
  for (const auto& n : steering)
    r.blame.push_back(location_of(n.target.target.from, fmt::format("{} {} FSTARGET={}", ir::to_string(kind), n.name,
                                                                    target_text(n.target.target))));
  if (off) {
    if (auto it = ctx.policy().scalars.find("FSPOLICY"); it != ctx.policy().scalars.end())
      r.blame.push_back(location_of(it->second.from, "FSPOLICY"));
  } else if (fs.value == 0) {
    r.blame.push_back(location_of(fs.from, "FSWEIGHT=0"));
  } else {
    r.blame.push_back(
        location_of(sub.from, fmt::format("{}=0", checker::weight_name(checker::fairshare_subcomponent(kind)))));
  }
  const Named& example = steering.front();
  Replay replay = replay_no_effect(ctx, kind, example.name);
  if (replay.contribution != 0) {
    ctx.mismatch(properties::kFairshareTargets,
                 fmt::format("{} {} gets FS contribution {}", ir::to_string(kind), example.name, replay.contribution));
    return;
  }
  r.witness = llvm::json::Object{{"credential", fmt::format("{} {}", ir::to_string(kind), example.name)},
                                 {"target", target_text(example.target.target)},
                                 {"fairshare_delta", replay.delta},
                                 {"fs_contribution", replay.contribution}};
  ctx.add(std::move(r));
}

}  // namespace

void check_fairshare_targets(Context& ctx) {
  const auto& dir = ctx.world.directory();
  for (ir::CredKind kind : ir::kCredKinds) {
    std::vector<Named> steering;           // targets, floors, ceilings, relative caps
    std::vector<Named> steering_priority;  // without caps
    for (const auto& name : ctx.world.names(kind)) {
      if (ctx.world.is_other(kind, name)) continue;
      auto t = dir.fairshare_target(kind, name);
      if (!t || t->target.mode == Mode::CapAbsolute) continue;
      steering.push_back({name, *t});
      if (t->target.mode != Mode::CapRelative) steering_priority.push_back({name, *t});
    }
    if (!steering.empty()) joint(ctx, kind, steering);
    if (!steering_priority.empty()) no_effect(ctx, kind, steering_priority);
  }
}

}  // namespace maui::prove
