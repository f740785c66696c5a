// The priority step: Maui's weighted sum of raw factors (manual 5.1.2; reference §4, i.e.
// docs/reference/maui-3.3-semantics.md) carried into Slurm's multifactor formula.
//
// Slurm normalises its factors to 0..1 unless told not to. With PriorityFlags=NO_NORMAL_ALL the
// QOS, partition, association and TRES factors are the raw values (measured on 22.05: sprio -n
// shows a QOS Priority of 50 as 50.0), so those terms carry over exactly: the weight is Maui's
// component weight times its subcomponent weight, the value Maui's PRIORITY. Every job has one
// QOS, one partition and one association, so a constant added to all of one kind changes no
// order: negative priorities (Slurm's are unsigned) are shifted up by the smallest, and a
// negative weight turns into a positive one on max - value. Queue time is the one factor Slurm
// always normalises (min(age, PriorityMaxAge) / PriorityMaxAge): PriorityMaxAge is the age at
// which Maui's own cap stops the term, else Slurm's default of 7 days, and the weight Maui's
// weight times that age in minutes, so that both agree up to PriorityMaxAge. Fairshare differs
// in kind (a 0..1 factor from the association tree against Maui's target minus usage in
// percent points): its weight spans Maui's 100 points.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>

#include <fmt/format.h>

#include "checker/weights.h"
#include "migrate/steps.h"

namespace maui::migrate {

namespace {

using C = ir::PriorityComponent;
using S = ir::PrioritySubcomponent;

// Slurm's partition PriorityJobFactor is 16 bits ("may not exceed 65533", slurm.conf(5)).
constexpr std::int64_t kMaxJobFactor = 65533;
// A job's priority is 32 bits in Slurm; a migration keeps its largest well below.
constexpr std::int64_t kMaxSlurmPriority = 1'000'000'000;

std::string labelled(std::string_view name, std::int64_t value) { return fmt::format("{} {}", name, value); }

// A Maui weight as the product of a component's and a subcomponent's, with where each is set.
struct Term {
  std::int64_t weight = 0;
  Sources from;      // both weights
  Sources sub;       // the subcomponent's weight alone: what a term Slurm cannot carry loses
  std::string text;  // "CREDWEIGHT 1 x QOSWEIGHT 10"
};

Term term(const Context& ctx, C c, S s) {
  const auto& cw = ctx.policy.priority[c].weight;
  const auto& sw = ctx.policy.priority[s].weight;
  Term t;
  t.weight = cw.value * sw.value;
  t.sub.add(sw.from, labelled(checker::weight_name(s), sw.value));
  t.from.add(cw.from, labelled(checker::weight_name(c), cw.value)).add(t.sub);
  t.text = fmt::format("{} {} x {} {}", checker::weight_name(c), cw.value, checker::weight_name(s), sw.value);
  return t;
}

// The names of one credential kind that the config writes (DEFAULT and the other kinds' lists
// included where they name credentials of this kind).
std::vector<std::string> named(const Context& ctx, ir::CredKind kind) {
  std::vector<std::string> out;
  for (const auto& [id, c] : ctx.policy.credentials)
    if (id.kind == kind) out.push_back(id.name);
  return out;
}

// A credential factor Slurm takes raw (QOS Priority, PriorityJobFactor): the values a weight w
// multiplies, shifted (and turned, for w < 0) so that all are >= 0 with the smallest 0.
struct Shifted {
  std::int64_t min = 0, max = 0;
  bool negative_weight = false;
  std::int64_t operator()(std::int64_t v) const { return negative_weight ? max - v : v - min; }
};
Shifted shift_for(const std::vector<std::int64_t>& values, std::int64_t weight) {
  Shifted s;
  if (values.empty()) return s;
  s.min = *std::min_element(values.begin(), values.end());
  s.max = *std::max_element(values.begin(), values.end());
  // Unshifted when the values are already >= 0 and the weight positive: the admin's own numbers.
  if (weight > 0 && s.min >= 0) s.min = 0;
  s.negative_weight = weight < 0;
  return s;
}

std::string shift_note(const Shifted& s, std::string_view what) {
  if (s.negative_weight)
    return fmt::format(
        "the weight is negative and Slurm's are not: {} = {} - PRIORITY, a positive weight on it "
        "(the same order)",
        what, s.max);
  if (s.min != 0)
    return fmt::format(
        "Slurm's priorities are not negative: {} = PRIORITY + {} (every job has one, so the "
        "order is the same)",
        what, -s.min);
  return {};
}

class PriorityPlanner {
 public:
  explicit PriorityPlanner(Context& ctx) : ctx_(ctx), p_(ctx.slurm.priority) {}

  void run() {
    p_.used = true;
    credential_terms();
    queue_time();
    fairshare();
    resources();
    unexpressible_components();
    settings();
    every_weight();
    scale();
    write_conf();
  }

 private:
  Context& ctx_;
  SlurmPriority& p_;
  Sources qos_from_, partition_from_, assoc_from_, age_from_, fs_from_, cpu_from_, mem_from_, node_from_;

  void classify(const Sources& s, Status st, const std::string& note) { ctx_.classify(s, st, note); }

  // CRED: QOS -> QOS Priority, class -> partition PriorityJobFactor, user and account ->
  // association Priority, group: none.
  void credential_terms() {
    qos_term();
    class_term();
    association_term();
    const Term g = term(ctx_, C::Cred, S::Group);
    if (g.weight != 0) {
      bool any = false;
      for (const auto& name : named(ctx_, ir::CredKind::Group))
        if (const auto r = ctx_.directory.priority(ir::CredKind::Group, name); r.from) {
          ctx_.ledger.classify(*r.from, Status::NotExpressible,
                               "Slurm has no priority factor for a UNIX group; nearest: an account per group "
                               "(ACCOUNTCFG PRIORITY becomes the association's Priority)");
          any = true;
        }
      if (any) classify(g.sub, Status::NotExpressible, "Slurm has no group priority factor");
    }
  }

  void qos_term() {
    const Term t = term(ctx_, C::Cred, S::Qos);
    if (t.weight == 0) return;
    std::vector<std::string> names = named(ctx_, ir::CredKind::Qos);
    if (std::find(names.begin(), names.end(), "DEFAULT") == names.end()) names.push_back("DEFAULT");
    std::vector<std::int64_t> values;
    for (const auto& n : names) values.push_back(ctx_.directory.priority(ir::CredKind::Qos, n).value);
    const std::int64_t other = ctx_.directory.priority(ir::CredKind::Qos, "\x01").value;  // a name none has
    values.push_back(other);
    const Shifted shift = shift_for(values, t.weight);
    p_.weight_qos = std::llabs(t.weight);
    const std::string note = shift_note(shift, "the QOS's Priority");
    for (std::size_t i = 0; i < names.size(); ++i) {
      const auto r = ctx_.directory.priority(ir::CredKind::Qos, names[i]);
      p_.qos_priority[Context::qos_of(names[i])] = shift(r.value);
      if (r.from) ctx_.ledger.classify(*r.from, Status::Mapped, note);
    }
    p_.other_qos_priority = shift(other);
    qos_from_ = t.from;
    classify(t.from, Status::Mapped, {});
    ctx_.out.weights.push_back(
        {t.text + " x QOSCFG PRIORITY", fmt::format("PriorityWeightQOS={} x the QOS's Priority", p_.weight_qos),
         shift.min != 0 || shift.negative_weight ? "exact up to a constant (shifted)" : "exact"});
  }

  void class_term() {
    const Term t = term(ctx_, C::Cred, S::Class);
    std::vector<std::string> classes;
    for (const auto& n : named(ctx_, ir::CredKind::Class))
      if (n != "DEFAULT") classes.push_back(n);
    // The --cluster partitions no class becomes (through --partition-map or its own name).
    for (const auto& node : ctx_.options.cluster)
      for (const auto& part : node.partitions) {
        const bool covered = std::any_of(classes.begin(), classes.end(),
                                         [&](const std::string& c) { return ctx_.partition_of(c) == part; });
        if (!covered) classes.push_back(part);
      }
    if (t.weight == 0 || classes.empty()) return;
    std::vector<std::int64_t> values;
    for (const auto& n : classes) values.push_back(ctx_.directory.priority(ir::CredKind::Class, n).value);
    const std::int64_t other = ctx_.directory.priority(ir::CredKind::Class, "\x01").value;
    values.push_back(other);
    const Shifted shift = shift_for(values, t.weight);
    std::int64_t span = 0;
    for (auto v : values) span = std::max(span, shift(v));
    // PriorityJobFactor has 16 bits: a wider span is scaled down, the weight up by as much.
    const double squeeze = span > kMaxJobFactor ? static_cast<double>(kMaxJobFactor) / static_cast<double>(span) : 1.0;
    auto factor = [&](std::int64_t v) {
      return static_cast<std::int64_t>(std::llround(static_cast<double>(shift(v)) * squeeze));
    };
    p_.weight_partition = static_cast<std::int64_t>(std::llround(static_cast<double>(std::llabs(t.weight)) / squeeze));
    std::string note = shift_note(shift, "PriorityJobFactor");
    if (squeeze < 1.0)
      note += fmt::format(
          "{}PriorityJobFactor has 16 bits: the factors are scaled by {:.6g} and the weight by its inverse "
          "(rounded)",
          note.empty() ? "" : "; ", squeeze);
    for (const auto& n : classes) {
      const auto r = ctx_.directory.priority(ir::CredKind::Class, n);
      p_.partition_factor[ctx_.partition_of(n)] = factor(r.value);
      if (r.from) ctx_.ledger.classify(*r.from, squeeze < 1.0 ? Status::Approximated : Status::Mapped, note);
    }
    p_.other_partition_factor = factor(other);
    partition_from_ = t.from;
    classify(t.from, Status::Mapped, {});
    ctx_.out.weights.push_back(
        {t.text + " x CLASSCFG PRIORITY",
         fmt::format("PriorityWeightPartition={} x the partition's PriorityJobFactor", p_.weight_partition),
         squeeze < 1.0                             ? "approximated (16-bit factors, scaled)"
         : shift.min != 0 || shift.negative_weight ? "exact up to a constant (shifted)"
                                                   : "exact"});
  }

  // Maui adds the user's and the account's PRIORITY; Slurm has one Priority per association
  // (user in account). The association's is USERWEIGHT x the user's + ACCOUNTWEIGHT x the
  // account's, over their greatest common divisor, which becomes the weight.
  void association_term() {
    const Term u = term(ctx_, C::Cred, S::User), a = term(ctx_, C::Cred, S::Account);
    if (u.weight == 0 && a.weight == 0) return;
    const std::int64_t g = std::gcd(std::llabs(u.weight), std::llabs(a.weight));
    p_.weight_assoc = g;
    const std::int64_t uw = u.weight / g, aw = a.weight / g;
    bool any = false;
    for (auto [kind, w, terms] :
         {std::tuple{ir::CredKind::User, uw, &p_.user_term}, std::tuple{ir::CredKind::Account, aw, &p_.account_term}}) {
      if (w == 0) continue;
      for (const auto& n : named(ctx_, kind)) {
        if (n == "DEFAULT") continue;
        const auto r = ctx_.directory.priority(kind, n);
        (*terms)[n] = w * r.value;
        if (r.from) {
          any = true;
          ctx_.ledger.classify(*r.from, Status::Mapped,
                               kind == ir::CredKind::User
                                   ? "the Priority of the user's association (with its account's PRIORITY added)"
                                   : "the Priority of the account's associations (with each user's PRIORITY added)");
        }
      }
    }
    const auto du = ctx_.directory.priority(ir::CredKind::User, "\x01");
    const auto da = ctx_.directory.priority(ir::CredKind::Account, "\x01");
    p_.other_user_term = uw * du.value;
    p_.other_account_term = aw * da.value;
    for (const auto* from : {du.from, da.from})
      if (from) {
        any = true;
        ctx_.ledger.classify(*from, Status::Approximated,
                             "the DEFAULT PRIORITY is given to the associations this migration makes; an association "
                             "added later gets its account's Priority");
      }
    if (!any) {
      p_.weight_assoc = 0;
      return;
    }
    assoc_from_ = Sources(u.from).add(a.from);
    classify(assoc_from_, Status::Mapped, {});
    ctx_.out.weights.push_back(
        {fmt::format("{} x USERCFG PRIORITY + {} x ACCOUNTCFG PRIORITY", u.text, a.text),
         fmt::format("PriorityWeightAssoc={} x the association's Priority ({} x user's + {} x account's)", g, uw, aw),
         "exact for the users and accounts the config names"});
  }

  // SERV QUEUETIME: minutes queued, capped by QUEUETIMECAP (minutes) and SERVICECAP (points).
  void queue_time() {
    const Term t = term(ctx_, C::Service, S::QueueTime);
    age_from_ = t.from;
    if (t.weight == 0) {
      classify(t.from, Status::Mapped, "no queue-time term: PriorityWeightAge=0");
      return;
    }
    if (t.weight < 0) {
      classify(t.from, Status::NotExpressible,
               "a negative queue-time weight (newer jobs first): Slurm's PriorityWeightAge is not negative");
      return;
    }
    const auto& sub_cap = ctx_.policy.priority[S::QueueTime].cap;
    const auto& comp_cap = ctx_.policy.priority[C::Service].cap;
    const std::int64_t sub_weight = ctx_.policy.priority[S::QueueTime].weight.value;
    std::optional<double> cap_minutes;
    if (sub_cap.value > 0) cap_minutes = static_cast<double>(sub_cap.value);
    if (comp_cap.value > 0 && sub_weight > 0) {
      const double m = static_cast<double>(comp_cap.value) / static_cast<double>(sub_weight);
      cap_minutes = cap_minutes ? std::min(*cap_minutes, m) : m;
    }
    Status status = Status::Mapped;
    std::string note;
    if (cap_minutes) {
      p_.max_age = std::max<ir::Seconds>(60, static_cast<ir::Seconds>(std::llround(*cap_minutes)) * 60);
      note = fmt::format("PriorityMaxAge={} is where Maui's cap stops the term: both agree at every age",
                         slurm_duration(p_.max_age));
      if (sub_cap.value > 0) age_from_.add(sub_cap.from);
      if (comp_cap.value > 0) age_from_.add(comp_cap.from);
      classify(Sources().add(sub_cap.from).add(comp_cap.from), Status::Mapped, note);
    } else {
      p_.max_age = 7 * 86400;
      status = Status::Approximated;
      note =
          "Maui's queue-time term grows without bound, Slurm's age factor stops at PriorityMaxAge (7 days, "
          "Slurm's default): the weight makes both agree up to 7 days; older jobs rank by their other terms";
    }
    p_.weight_age = t.weight * (p_.max_age / 60);
    classify(t.from, status, note);
    ctx_.out.weights.push_back({t.text + " x minutes queued" + (cap_minutes ? " (capped)" : ""),
                                fmt::format("PriorityWeightAge={} x min(age, PriorityMaxAge={}) / PriorityMaxAge",
                                            p_.weight_age, slurm_duration(p_.max_age)),
                                cap_minutes ? "exact (to Slurm's age resolution)" : "exact up to 7 days queued"});
    const auto accrual = ctx_.policy.priority.accrual_policy;
    if (accrual.from.where.line > 0) {
      if (accrual.value == ir::AccrualPolicy::Always)
        ctx_.ledger.classify(accrual.from, Status::Mapped, "PriorityFlags=ACCRUE_ALWAYS");
      else
        ctx_.ledger.classify(accrual.from, Status::Approximated,
                             "Slurm's age accrues from the job's eligible time (not while held or waiting on a "
                             "dependency), and also while a limit holds it back");
    }
  }

  void fairshare() {
    const Term u = term(ctx_, C::Fairshare, S::FsUser), a = term(ctx_, C::Fairshare, S::FsAccount);
    for (S s : {S::FsGroup, S::FsQos, S::FsClass}) {
      const Term t = term(ctx_, C::Fairshare, s);
      if (t.weight != 0)
        classify(t.sub, Status::NotExpressible,
                 fmt::format("Slurm's fairshare is per association (account, user): no per-{} fairshare",
                             s == S::FsGroup ? "group"
                             : s == S::FsQos ? "QOS"
                                             : "class"));
    }
    const std::int64_t w = std::max(u.weight, a.weight);
    fs_from_ = Sources(u.from).add(a.from);
    if (w <= 0) return;
    if (ctx_.policy.fairshare.metric.value == ir::FairshareMetric::None) {
      classify(fs_from_, Status::Approximated,
               "FSPOLICY is NONE (Maui records no usage): the fairshare weight is not carried over");
      return;
    }
    p_.weight_fairshare = w * 100;
    classify(fs_from_, Status::Approximated,
             "Maui weighs target minus usage in percent points (a span of 100), Slurm a factor from 0 to 1 "
             "computed over the association tree (Fair Tree): PriorityWeightFairshare = the weight x 100");
    ctx_.out.weights.push_back(
        {fmt::format("{} (or {}) x (FSTARGET - usage %)", u.text, a.text),
         fmt::format("PriorityWeightFairshare={} x the fairshare factor (0..1)", p_.weight_fairshare),
         "approximated (a different measure of the same distance)"});
  }

  // RES: per CPU, MB and node, with NO_NORMAL_TRES the raw counts (exact for procs and memory).
  void resources() {
    struct Counted {
      S sub;
      std::int64_t* weight;
      Sources* from;
      const char* tres;
      Status status;
      const char* note;
    };
    for (const Counted& c : {Counted{S::Proc, &p_.weight_cpu, &cpu_from_, "CPU", Status::Mapped, ""},
                             Counted{S::Mem, &p_.weight_mem, &mem_from_, "Mem", Status::Mapped, ""},
                             Counted{S::Node, &p_.weight_node, &node_from_, "Node", Status::Approximated,
                                     "Maui counts the nodes a job asks for (0 when it asks only for tasks), Slurm's "
                                     "node TRES the nodes it gets"}}) {
      const Term t = term(ctx_, C::Resource, c.sub);
      if (t.weight == 0) continue;
      *c.weight = t.weight;
      *c.from = t.from;
      classify(t.from, c.status, c.note);
      ctx_.out.weights.push_back({fmt::format("{} x {} asked for", t.text, c.tres),
                                  fmt::format("PriorityWeightTRES={}={} x the {} asked for", c.tres, t.weight, c.tres),
                                  c.status == Status::Mapped ? "exact" : "approximated"});
    }
    for (S s : {S::Swap, S::Disk, S::PS, S::PE, S::Walltime}) {
      const Term t = term(ctx_, C::Resource, s);
      if (t.weight != 0)
        classify(t.sub, Status::NotExpressible,
                 "Slurm weighs CPUs, memory, nodes and GRES (PriorityWeightTRES); nearest for walltime and "
                 "proc-seconds: PriorityFavorSmall with PriorityFlags=SMALL_RELATIVE_TO_TIME");
    }
  }

  void unexpressible_components() {
    struct Missing {
      S sub;
      const char* why;
    };
    for (const Missing& m :
         {Missing{S::XFactor, "Slurm has no expansion-factor term"},
          Missing{S::Bypass, "Slurm does not count how often backfill passed a job"},
          Missing{S::SPViolation, "Slurm has no soft limits"},
          Missing{S::TargetQueueTime, "Slurm has no queue-time target"},
          Missing{S::TargetXFactor, "Slurm has no expansion-factor target"},
          Missing{S::Consumed, "the USAGE terms (running jobs only) have no Slurm equivalent"},
          Missing{S::Remaining, "the USAGE terms (running jobs only) have no Slurm equivalent"},
          Missing{S::Percent, "the USAGE terms (running jobs only) have no Slurm equivalent"},
          Missing{S::ExecutionTime, "the USAGE terms (running jobs only) have no Slurm equivalent"}}) {
      C comp = m.sub == S::XFactor || m.sub == S::Bypass || m.sub == S::SPViolation ? C::Service
               : m.sub == S::TargetQueueTime || m.sub == S::TargetXFactor           ? C::Target
                                                                                    : C::Usage;
      const Term t = term(ctx_, comp, m.sub);
      if (t.weight != 0) classify(t.sub, Status::NotExpressible, m.why);
    }
    // Caps: Slurm's terms have none (the queue-time caps became PriorityMaxAge above).
    for (std::size_t i = 0; i < ir::kPrioritySubcomponents; ++i) {
      const auto s = static_cast<S>(i);
      const auto& cap = ctx_.policy.priority[s].cap;
      if (s == S::QueueTime || cap.value == 0) continue;
      ctx_.ledger.classify(cap.from, Status::NotExpressible, "Slurm's priority terms have no cap");
    }
    for (std::size_t i = 0; i < ir::kPriorityComponents; ++i) {
      const auto c = static_cast<C>(i);
      const auto& cap = ctx_.policy.priority[c].cap;
      if (c == C::Service || cap.value == 0) continue;
      ctx_.ledger.classify(cap.from, Status::NotExpressible, "Slurm's priority terms have no cap");
    }
    // Component weights of components that weigh nothing Slurm can carry: the terms above said.
    for (C c : {C::Target, C::Usage}) {
      const auto& w = ctx_.policy.priority[c].weight;
      if (w.value != 0) ctx_.ledger.classify(w.from, Status::NotExpressible, "no Slurm term for this component");
    }
  }

  void settings() {
    const auto& pr = ctx_.policy.priority;
    if (pr.enable_negative.value)
      ctx_.ledger.classify(pr.enable_negative.from, Status::Approximated,
                           "Slurm's priorities are never negative: the shifts above keep every order");
    else
      ctx_.ledger.classify(pr.enable_negative.from, Status::Mapped, "no job priority below 1 on either side");
    if (pr.reject_negative.value)
      ctx_.ledger.classify(pr.reject_negative.from, Status::NotExpressible,
                           "Slurm never rejects a job for its priority (and has none below 0)");
    else
      ctx_.ledger.classify(pr.reject_negative.from, Status::NotNeeded, "no negative priorities in Slurm");
    const bool xfactor = term(ctx_, C::Service, S::XFactor).weight != 0;
    ctx_.ledger.classify(
        pr.xfactor_min_walltime.from, xfactor ? Status::NotExpressible : Status::NotNeeded,
        xfactor ? "Slurm has no expansion factor" : "only the expansion factor reads it, which weighs nothing");
    ctx_.ledger.classify(pr.use_system_queue_time.from, Status::Approximated,
                         "Slurm's age counts from the job's eligible time");
  }

  // A weight the steps above did not speak of weighs nothing Slurm needs (a 0, or a term of a
  // component whose other terms carry over): Slurm's weight is as written. A cap of 0 is none.
  void every_weight() {
    const auto& pr = ctx_.policy.priority;
    for (const auto& w : pr.component) {
      ctx_.ledger.classify(w.weight.from, Status::Mapped, {});
      if (w.cap.value == 0) ctx_.ledger.classify(w.cap.from, Status::NotNeeded, "0: no cap");
    }
    for (const auto& w : pr.sub) {
      ctx_.ledger.classify(w.weight.from, Status::Mapped,
                           w.weight.value == 0 ? "0: the term weighs nothing on either side" : "");
      if (w.cap.value == 0) ctx_.ledger.classify(w.cap.from, Status::NotNeeded, "0: no cap");
    }
  }

  // The largest priority the migrated formula can give stays within Slurm's 32 bits: weights
  // are divided by a power of ten if it would not (the order of near priorities may then tie).
  void scale() {
    auto largest = [](const std::map<std::string, std::int64_t>& m, std::int64_t other) {
      std::int64_t best = other;
      for (const auto& [k, v] : m) best = std::max(best, v);
      return best;
    };
    std::int64_t assoc = 0;
    for (const auto& [k, v] : p_.user_term) assoc = std::max(assoc, v);
    std::int64_t acct = 0;
    for (const auto& [k, v] : p_.account_term) acct = std::max(acct, v);
    const double top =
        static_cast<double>(p_.weight_age) + static_cast<double>(p_.weight_fairshare) +
        static_cast<double>(p_.weight_qos) * static_cast<double>(largest(p_.qos_priority, p_.other_qos_priority)) +
        static_cast<double>(p_.weight_partition) *
            static_cast<double>(largest(p_.partition_factor, p_.other_partition_factor)) +
        static_cast<double>(p_.weight_assoc) * static_cast<double>(std::max<std::int64_t>(0, assoc + acct)) +
        static_cast<double>(std::llabs(p_.weight_cpu)) * 1024;
    if (top <= static_cast<double>(kMaxSlurmPriority)) return;
    std::int64_t divisor = 1;
    while (top / static_cast<double>(divisor) > static_cast<double>(kMaxSlurmPriority)) divisor *= 10;
    for (std::int64_t* w : {&p_.weight_age, &p_.weight_fairshare, &p_.weight_qos, &p_.weight_partition,
                            &p_.weight_assoc, &p_.weight_cpu, &p_.weight_mem, &p_.weight_node})
      if (*w != 0) *w = std::max<std::int64_t>(1, *w / divisor) * (*w < 0 ? -1 : 1);
    ctx_.out.scaling_notes.push_back(fmt::format(
        "The weights would give priorities up to about {:.3g}, beyond what Slurm keeps well in its 32 bits: every "
        "weight is divided by {} (rounded down, at least 1), which may tie jobs Maui tells apart by less than that.",
        top, divisor));
    classify(Sources().add(qos_from_).add(partition_from_).add(assoc_from_).add(age_from_).add(fs_from_),
             Status::Approximated,
             fmt::format("every Slurm weight is Maui's divided by {} to fit Slurm's priorities", divisor));
  }

  void write_conf() {
    auto& s = ctx_.slurm;
    s.set_conf("PriorityType", "priority/multifactor", Sources().add(age_from_).add(qos_from_).add(partition_from_),
               "Maui orders the queue by a weighted sum: Slurm's multifactor plugin (a slurmctld restart)");
    std::string flags = "NO_NORMAL_ALL";
    Sources flag_from = Sources().add(qos_from_).add(partition_from_).add(assoc_from_).add(cpu_from_);
    if (ctx_.policy.priority.accrual_policy.value == ir::AccrualPolicy::Always) {
      flags = fmt::format("ACCRUE_ALWAYS,{}", flags);
      flag_from.add(ctx_.policy.priority.accrual_policy.from);
    }
    s.set_conf("PriorityFlags", flags, flag_from,
               "the QOS, partition, association and TRES factors raw, as Maui weighs its PRIORITY values");
    const std::string nothing = "0: nothing in the config weighs it";
    s.set_conf("PriorityWeightAge", std::to_string(p_.weight_age), age_from_, p_.weight_age == 0 ? nothing : "");
    s.set_conf("PriorityMaxAge", slurm_duration(p_.max_age), age_from_);
    s.set_conf("PriorityWeightFairshare", std::to_string(p_.weight_fairshare), fs_from_,
               p_.weight_fairshare == 0 ? nothing : "");
    s.set_conf("PriorityWeightQOS", std::to_string(p_.weight_qos), qos_from_, p_.weight_qos == 0 ? nothing : "");
    s.set_conf("PriorityWeightPartition", std::to_string(p_.weight_partition), partition_from_,
               p_.weight_partition == 0 ? nothing : "");
    s.set_conf("PriorityWeightAssoc", std::to_string(p_.weight_assoc), assoc_from_,
               p_.weight_assoc == 0 ? nothing : "");
    s.set_conf("PriorityWeightJobSize", "0", {}, "0: Maui's resource terms are PriorityWeightTRES's");
    std::vector<std::string> tres;
    Sources tres_from;
    for (auto [name, w, from] :
         {std::tuple{"CPU", p_.weight_cpu, &cpu_from_}, std::tuple{"Mem", p_.weight_mem, &mem_from_},
          std::tuple{"Node", p_.weight_node, &node_from_}})
      if (w != 0) {
        tres.push_back(fmt::format("{}={}", name, w));
        tres_from.add(*from);
      }
    if (!tres.empty()) s.set_conf("PriorityWeightTRES", fmt::format("{}", fmt::join(tres, ",")), tres_from);
  }
};

}  // namespace

void plan_priority(Context& ctx) { PriorityPlanner(ctx).run(); }

std::int64_t SlurmPriority::priority(const Job& job) const {
  auto lookup = [](const std::map<std::string, std::int64_t>& m, const std::string& k, std::int64_t other) {
    auto it = m.find(k);
    return it == m.end() ? other : it->second;
  };
  double sum = 0;
  if (max_age > 0)
    sum += static_cast<double>(weight_age) * static_cast<double>(std::min(job.age, max_age)) /
           static_cast<double>(max_age);
  sum += static_cast<double>(weight_fairshare) * job.fairshare;
  sum += static_cast<double>(weight_qos) * static_cast<double>(lookup(qos_priority, job.qos, other_qos_priority));
  sum += static_cast<double>(weight_partition) *
         static_cast<double>(lookup(partition_factor, job.partition, other_partition_factor));
  std::int64_t assoc = 0;
  if (auto it = assoc_priority.find({job.account, job.user}); it != assoc_priority.end())
    assoc = it->second;
  else if (auto a = account_priority.find(job.account); a != account_priority.end())
    assoc = a->second;
  sum += static_cast<double>(weight_assoc) * static_cast<double>(assoc);
  sum += static_cast<double>(weight_cpu) * static_cast<double>(job.cpus) +
         static_cast<double>(weight_mem) * static_cast<double>(job.mem_mb) +
         static_cast<double>(weight_node) * static_cast<double>(job.nodes);
  // Slurm keeps a job's priority at 1 or more (0 means held).
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(sum));
}

}  // namespace maui::migrate
