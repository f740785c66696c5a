// The reservations step: SRCFG standing reservations (manual 7.1.5) as Slurm reservations that
// repeat (scontrol create reservation ... Flags=DAILY|WEEKDAY|WEEKEND|WEEKLY). The window is
// the engine's (runtime/engine/standing_reservations.h: ENDTIME 0 is midnight, an end before the
// start crosses midnight, PERIOD WEEK counts from Sunday 00:00). Each gets Flags=MAGNETIC: Maui
// places every job its ACL admits in the reservation by itself, Slurm only jobs that ask for it
// (--reservation) unless MAGNETIC. Slurm 22.05's traps (docs/migrate.md,
// docs/slurm.md): Users/Groups and Accounts together admit a job only if it matches both (Maui:
// either), and Users and Groups cannot be given together, so an ACL of several kinds becomes one
// reservation per kind on the same nodes (the later ones OVERLAP); QOSLIST / CLASSLIST cannot
// gate a reservation before 25.11.
#include <algorithm>
#include <regex>

#include <fmt/format.h>

#include "migrate/steps.h"

namespace maui::migrate {

namespace {

constexpr ir::Seconds kDay = 86400, kWeek = 7 * kDay;
constexpr std::uint8_t kAllDays = 0x7f, kWeekdays = 0x3e, kWeekend = 0x41;
constexpr const char* kDayNames[] = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};

std::string compress(const std::vector<std::string>& names) {
  // Slurm reads a comma list as well as its ranges: kept as written, in the order written.
  return fmt::format("{}", fmt::join(names, ","));
}

class ReservationPlanner {
 public:
  explicit ReservationPlanner(Context& ctx) : ctx_(ctx), s_(ctx.slurm) {}

  void run() {
    for (const auto& [name, sr] : ctx_.policy.standing_reservations) reservation(sr);
  }

 private:
  Context& ctx_;
  SlurmObjects& s_;

  void classify_all(const ir::StandingReservation& sr, Status st, const std::string& note) {
    ctx_.ledger.classify(sr.declared.where, st, note);
    for (const auto& a : sr.acl) ctx_.ledger.classify(a.from, st, note);
    auto each = [&](const auto& opt) {
      if (opt) ctx_.ledger.classify(opt->from, st, note);
    };
    each(sr.access), each(sr.days), each(sr.start_time), each(sr.end_time), each(sr.week_start), each(sr.week_end);
    each(sr.hosts), each(sr.task_count), each(sr.resources), each(sr.owner), each(sr.partition), each(sr.priority);
    each(sr.tasks_per_node), each(sr.charge_account), each(sr.trigger);
    ctx_.ledger.classify(sr.depth.from, st, note);
    ctx_.ledger.classify(sr.period.from, st, note);
    for (const auto& f : sr.flags) ctx_.ledger.classify(f.from, st, note);
    for (const auto& f : sr.node_features) ctx_.ledger.classify(f.from, st, note);
  }

  // Nodes= (HOSTLIST, a regular expression matched against the --cluster nodes) or NodeCnt= /
  // CoreCnt= (TASKCOUNT of RESOURCES per task). Empty: no nodes to reserve.
  std::vector<std::pair<std::string, std::string>> resources(const ir::StandingReservation& sr, Sources& from) {
    std::vector<std::pair<std::string, std::string>> out;
    if (sr.hosts) {
      from.add(sr.hosts->from);
      const auto& h = sr.hosts->value;
      std::vector<std::string> names;
      if (h.kind == ir::HostExpression::Kind::Names) {
        names = h.names;
      } else if (!ctx_.options.cluster.empty()) {
        try {
          const std::regex re(h.regex, std::regex::extended);
          for (const auto& n : ctx_.options.cluster)
            if (std::regex_match(n.name, re)) names.push_back(n.name);
        } catch (const std::regex_error&) {
        }
      }
      // With --cluster, names that are no node of it: Slurm refuses a reservation on an unknown node.
      std::vector<std::string> unknown;
      if (!ctx_.options.cluster.empty() && h.kind == ir::HostExpression::Kind::Names &&
          !(names.size() == 1 && names[0] == "ALL")) {
        std::erase_if(names, [&](const std::string& n) {
          const bool known = std::any_of(ctx_.options.cluster.begin(), ctx_.options.cluster.end(),
                                         [&](const ClusterNode& c) { return c.name == n; });
          if (!known) unknown.push_back(n);
          return !known;
        });
      }
      if (names.size() == 1 && names[0] == "ALL") {
        out.push_back({"Nodes", "ALL"});
      } else if (!names.empty()) {
        out.push_back({"Nodes", compress(names)});
      }
      if (!unknown.empty()) {
        ctx_.ledger.classify(sr.hosts->from, names.empty() ? Status::NotExpressible : Status::Approximated,
                             fmt::format("{} of --cluster: {}", names.empty() ? "no host is a node" : "hosts not nodes",
                                         fmt::join(unknown, ",")));
        return out;
      }
      if (h.kind == ir::HostExpression::Kind::Regex)
        ctx_.ledger.classify(sr.hosts->from, names.empty() ? Status::NotExpressible : Status::Approximated,
                             names.empty()
                                 ? "Slurm takes node names, not a regular expression: give --cluster JOBS.json "
                                   "for the nodes it matches"
                                 : "the nodes of --cluster the expression matches now (Slurm keeps the names)");
      else
        ctx_.ledger.classify(sr.hosts->from, Status::Mapped, "Nodes=");
      if (sr.task_count)
        ctx_.ledger.classify(
            sr.task_count->from, Status::Approximated,
            "with HOSTLIST Slurm reserves the listed nodes whole: TASKCOUNT is not a count inside them");
      return out;
    }
    if (!sr.task_count || sr.task_count->value <= 0) return out;
    from.add(sr.task_count->from);
    const std::int64_t procs = sr.resources ? sr.resources->value.procs : -1;
    if (procs < 0) {
      out.push_back({"NodeCnt", std::to_string(sr.task_count->value)});
      ctx_.ledger.classify(sr.task_count->from, Status::Mapped, "NodeCnt=: a task of a whole node each");
    } else {
      out.push_back({"CoreCnt", std::to_string(sr.task_count->value * procs)});
      ctx_.ledger.classify(sr.task_count->from, Status::Approximated,
                           "CoreCnt= (TASKCOUNT x PROCS): Slurm picks the cores, Maui places the tasks");
    }
    if (sr.resources) {
      from.add(sr.resources->from);
      const auto& r = sr.resources->value;
      ctx_.ledger.classify(
          sr.resources->from, r.mem_mb || r.swap_mb || r.disk_mb ? Status::Approximated : Status::Mapped,
          r.mem_mb || r.swap_mb || r.disk_mb ? "Slurm reserves nodes or cores, not memory, swap or disk"
                                             : "the procs of each task");
    }
    return out;
  }

  // The ACL: one list per kind Slurm can gate by (users, groups, accounts), '!' entries as
  // Slurm's '-' (every other name admitted).
  struct Gate {
    std::string key;  // Users, Groups, Accounts
    std::vector<std::string> names;
    Sources from;
  };
  std::vector<Gate> gates(const ir::StandingReservation& sr) {
    std::vector<Gate> out;
    auto gate = [&](const std::string& key) -> Gate& {
      for (auto& g : out)
        if (g.key == key) return g;
      out.push_back(Gate{key, {}, {}});
      return out.back();
    };
    for (const auto& a : sr.acl) {
      using K = ir::AclEntry::Kind;
      const char* key = a.kind == K::User      ? "Users"
                        : a.kind == K::Group   ? "Groups"
                        : a.kind == K::Account ? "Accounts"
                                               : nullptr;
      if (!key) {
        const bool gated = a.kind == K::Class || a.kind == K::Qos;
        ctx_.ledger.classify(a.from, Status::NotExpressible,
                             gated ? "Slurm 22.05 gates a reservation by users, groups and accounts only (by QOS and "
                                     "partition from 25.11)"
                                   : "Slurm reservations have no job-attribute, duration or size conditions");
        continue;
      }
      if (a.kind == K::Group && a.negated) {
        ctx_.ledger.classify(a.from, Status::NotExpressible,
                             "Slurm cannot deny a group a reservation (users and accounts only)");
        continue;
      }
      Gate& g = gate(key);
      g.names.push_back((a.negated ? "-" : "") + a.value);
      g.from.add(a.from);
      Status st = Status::Mapped;
      std::string note = fmt::format("{}=", key);
      if (a.required || a.affinity != ir::AclEntry::Affinity::Positive) {
        st = Status::Approximated;
        note += "; Slurm has no required ('*') entries or affinities";
      }
      ctx_.ledger.classify(a.from, st, note);
    }
    // Slurm's '-' list denies those and admits everyone else; a list of both kinds it refuses.
    for (auto& g : out) {
      const bool any_denied =
          std::any_of(g.names.begin(), g.names.end(), [](const std::string& n) { return n[0] == '-'; });
      if (any_denied) std::erase_if(g.names, [](const std::string& n) { return n[0] != '-'; });
    }
    return out;
  }

  void reservation(const ir::StandingReservation& sr) {
    Sources from = Sources().add(sr.declared.where);
    auto res = resources(sr, from);
    if (res.empty()) {
      classify_all(sr, Status::NotNeeded,
                   "neither HOSTLIST nor TASKCOUNT: Maui instantiates no such reservation, so Slurm gets none");
      return;
    }
    auto acl = gates(sr);
    if (acl.empty()) {
      // Slurm needs Users, Groups or Accounts: a reservation nobody may use keeps its nodes idle, as Maui's.
      acl.push_back(Gate{"Users", {"root"}, {}});
      ctx_.out.assumptions.push_back(fmt::format(
          "SRCFG[{}] admits no user, group or account Slurm can name: its Slurm reservation admits root only, so that "
          "it still keeps its nodes.",
          sr.name));
    }
    // The window, as the engine reads it.
    std::string recurrence;
    ir::Seconds start = 0, duration = 0;
    std::uint8_t days = kAllDays;
    switch (sr.period.value) {
      case ir::ReservationPeriod::Day: {
        start = sr.start_time ? sr.start_time->value : 0;
        ir::Seconds end = sr.end_time ? sr.end_time->value : 0;
        if (end <= 0) end = kDay;
        if (end <= start) end += kDay;
        duration = end - start;
        days = sr.days ? sr.days->value : kAllDays;
        recurrence = days == kAllDays    ? "DAILY"
                     : days == kWeekdays ? "WEEKDAY"
                     : days == kWeekend  ? "WEEKEND"
                                         : "WEEKLY";
        for (const auto* t :
             {sr.start_time ? &sr.start_time->from : nullptr, sr.end_time ? &sr.end_time->from : nullptr}) {
          if (t) {
            from.add(*t);
            ctx_.ledger.classify(*t, Status::Mapped, "the reservation's StartTime and Duration");
          }
        }
        if (sr.days) {
          from.add(sr.days->from);
          const bool one_flag = recurrence != "WEEKLY" || __builtin_popcount(days) == 1;
          ctx_.ledger.classify(sr.days->from, one_flag ? Status::Mapped : Status::Approximated,
                               one_flag ? fmt::format("Flags={}", recurrence)
                                        : "Slurm repeats daily, on weekdays, on weekends or weekly only: one WEEKLY "
                                          "reservation per day (NAME_mon, NAME_wed, ...)");
        }
        break;
      }
      case ir::ReservationPeriod::Week: {
        const auto* ws = sr.week_start ? &*sr.week_start : sr.start_time ? &*sr.start_time : nullptr;
        const auto* we = sr.week_end ? &*sr.week_end : sr.end_time ? &*sr.end_time : nullptr;
        start = ws ? ws->value : 0;
        ir::Seconds end = we ? we->value : 0;
        if (end <= 0) end = kWeek;
        if (end <= start) end += kWeek;
        duration = end - start;
        recurrence = "WEEKLY";
        days = static_cast<std::uint8_t>(1u << ((start / kDay) % 7));
        for (const auto* t : {ws, we})
          if (t) {
            from.add(t->from);
            ctx_.ledger.classify(t->from, Status::Mapped, "the weekly reservation's StartTime and Duration");
          }
        if (sr.days) ctx_.ledger.classify(sr.days->from, Status::NotNeeded, "DAYS is not read for PERIOD=WEEK");
        break;
      }
      case ir::ReservationPeriod::Infinity:
        recurrence.clear();
        for (const auto* t :
             {sr.start_time ? &sr.start_time->from : nullptr, sr.end_time ? &sr.end_time->from : nullptr})
          if (t) ctx_.ledger.classify(*t, Status::NotNeeded, "PERIOD=INFINITY: the reservation lasts from now on");
        break;
    }
    ctx_.ledger.classify(
        sr.period.from, Status::Mapped,
        recurrence.empty() ? "no recurrence, Duration=UNLIMITED" : fmt::format("Flags={}", recurrence));
    ctx_.ledger.classify(sr.depth.from, Status::NotExpressible,
                         "Slurm keeps one instance of a repeating reservation, rolled forward when it ends: no DEPTH "
                         "of future instances for backfill to plan around");
    std::vector<std::string> flags = {"MAGNETIC"};
    if (sr.access) {
      const bool shared = sr.access->value == "SHARED";
      if (shared) flags.push_back("OVERLAP");
      from.add(sr.access->from);
      ctx_.ledger.classify(sr.access->from, Status::Mapped,
                           shared ? "Flags=OVERLAP: it may take resources another reservation holds"
                                  : "a Slurm reservation shares no node-time with another unless OVERLAP");
    }
    std::vector<std::string> features;
    for (const auto& f : sr.node_features) {
      features.push_back(f.value);
      from.add(f.from);
      ctx_.ledger.classify(f.from, Status::Mapped, "Features=");
    }
    for (const auto& f : sr.flags)
      ctx_.ledger.classify(f.from, Status::NotExpressible, fmt::format("no Slurm reservation flag for {}", f.value));
    auto nope = [&](const auto& opt, const char* why) {
      if (opt) ctx_.ledger.classify(opt->from, Status::NotExpressible, why);
    };
    nope(sr.owner, "Slurm reservations have no owner who may preempt in them; nearest: Users= the owner");
    nope(sr.partition, "a Maui partition is a set of nodes: nearest: Nodes= or Features=");
    nope(sr.priority, "Slurm reservations have no priority");
    nope(sr.tasks_per_node, "Slurm reserves whole nodes or a core count, not tasks per node");
    nope(sr.charge_account, "Slurm charges the job's own account");
    nope(sr.trigger, "Slurm reservations run no triggers (strigger is separate)");

    const std::vector<std::uint8_t> instances =
        recurrence == "WEEKLY" && __builtin_popcount(days) > 1
            ? [&] {
                std::vector<std::uint8_t> each;
                for (int d = 0; d < 7; ++d)
                  if (days & (1u << d)) each.push_back(static_cast<std::uint8_t>(1u << d));
                return each;
              }()
            : std::vector<std::uint8_t>{days};
    for (std::size_t g = 0; g < acl.size(); ++g)
      for (auto day : instances) {
        ReservationEntity e;
        e.maui_name = sr.name;
        e.name = sr.name;
        if (instances.size() > 1) e.name += fmt::format("_{}", kDayNames[__builtin_ctz(day)]);
        if (g > 0) e.name += acl[g].key == "Groups" ? "_groups" : "_accounts";
        e.start = sr.period.value == ir::ReservationPeriod::Week ? start % kDay : start;
        e.duration = sr.period.value == ir::ReservationPeriod::Infinity ? 0 : duration;
        e.weekdays = day;
        e.recurrence = recurrence;
        e.fields = res;
        e.fields.push_back({acl[g].key, fmt::format("{}", fmt::join(acl[g].names, ","))});
        std::vector<std::string> f = flags;
        if (g > 0 && std::find(f.begin(), f.end(), "OVERLAP") == f.end()) f.push_back("OVERLAP");
        e.fields.push_back({"Flags", fmt::format("{}", fmt::join(f, ","))});
        if (!features.empty()) e.fields.push_back({"Features", fmt::format("{}", fmt::join(features, "&"))});
        e.from = Sources(from).add(acl[g].from);
        s_.reservations.push_back(std::move(e));
      }
    if (acl.size() > 1)
      for (const auto& g : acl)
        ctx_.classify(g.from, Status::Approximated,
                      "Maui admits a job that any ACL list names; Slurm needs a job to match Users/Groups and Accounts "
                      "both, and takes Users or Groups: one reservation per list on the same nodes (OVERLAP)");
  }
};

}  // namespace

void plan_reservations(Context& ctx) { ReservationPlanner(ctx).run(); }

}  // namespace maui::migrate
