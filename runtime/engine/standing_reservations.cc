#include "runtime/engine/standing_reservations.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Regex.h"
#include "runtime/engine/policy_warning.h"

namespace maui::runtime {

namespace {

constexpr Seconds kDay = 86'400;
constexpr Seconds kWeek = 7 * kDay;
// PERIOD=INFINITY: one instance of 100 Julian years. Maui's own "infinite" time (2^31-ish epoch)
// ends in 2037, too near for a simulator; 100 years from any plausible `now` stays far inside
// int64 even when the calendar adds durations to it.
constexpr Seconds kInfiniteSpan = 36'525 * kDay;
// DEPTH bounds: at least the current period; at most ~3 years of days, so a typo such as
// DEPTH=1000000 cannot make the calendar book a million instances.
constexpr std::int64_t kMaxDepth = 1000;
constexpr std::uint8_t kAllDays = 0x7f;  // DAYS=ALL as the lowering encodes it (bit 0 = Sunday)

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::toupper(static_cast<unsigned char>(x)) == std::toupper(static_cast<unsigned char>(y));
         });
}

Epoch floor_div(Epoch a, Seconds b) {
  Epoch q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

// The local day that contains `now`: its midnight as an epoch and its weekday (0 = Sunday).
struct LocalDay {
  Epoch midnight = 0;
  int weekday = 0;
};

LocalDay local_day(Epoch now, Seconds utc_offset) {
  Epoch day = floor_div(now + utc_offset, kDay);
  // 1970-01-01 (day 0) was a Thursday.
  auto weekday = static_cast<int>(((day + 4) % 7 + 7) % 7);
  return {day * kDay - utc_offset, weekday};
}

// A window [start, end) as offsets from the start of its period. An end of 0 is the end of the
// period (ENDTIME's default 24:00:00); an end at or before the start runs into the next period
// (20:00:00..06:00:00 is the night). Maui 3.3.1 creates no instance then, and the lint rule
// sr-start-after-end says so; this engine takes the admin's evident meaning instead.
struct Window {
  Seconds start = 0, end = 0;
};

Window window(Seconds start, Seconds end, Seconds period) {
  if (end <= 0) end = period;
  if (end <= start) end += period;
  return {start, end};
}

Seconds value_or(const std::optional<ir::Sourced<Seconds>>& v, Seconds fallback) { return v ? v->value : fallback; }

std::int64_t depth_of(const ir::StandingReservation& sr) {
  return std::clamp<std::int64_t>(sr.depth.value, 1, kMaxDepth);
}

// Period d = -1 is included so that an instance of the previous period that crosses into the
// current one (a night window, a week window ending next week) is still there; it has depth -1
// and does not count against DEPTH.
constexpr std::int64_t kFirstPeriod = -1;

// PERIOD=DAY: one instance per local day whose weekday is in DAYS. DEPTH counts days, the days
// not in DAYS included (Maui rolls one period per day): DEPTH 3 on a Wednesday covers Wednesday,
// Thursday and Friday. WSTARTTIME / WENDTIME are not read for daily reservations.
std::vector<ReservationInstance> daily(const ir::StandingReservation& sr, Epoch now, const ReservationClock& clock) {
  Window w = window(value_or(sr.start_time, 0), value_or(sr.end_time, 0), kDay);
  std::uint8_t days = sr.days ? sr.days->value : kAllDays;
  LocalDay today = local_day(now, clock.utc_offset);
  std::vector<ReservationInstance> out;
  for (std::int64_t d = kFirstPeriod; d < depth_of(sr); ++d) {
    auto weekday = static_cast<int>(((today.weekday + d) % 7 + 7) % 7);
    if ((days & (1u << weekday)) == 0) continue;
    Epoch midnight = today.midnight + d * kDay;
    ReservationInstance i{midnight + w.start, midnight + w.end, static_cast<int>(d)};
    if (i.end > now) out.push_back(i);
  }
  return out;
}

// PERIOD=WEEK: weeks start on Sunday 00:00 local time. The window is WSTARTTIME..WENDTIME, each
// falling back to STARTTIME / ENDTIME read as week offsets D:HH:MM:SS (decision 26; the
// manual's Example 4). DAYS is not read: the window already says which days it covers.
std::vector<ReservationInstance> weekly(const ir::StandingReservation& sr, Epoch now, const ReservationClock& clock) {
  Seconds start = sr.week_start ? sr.week_start->value : value_or(sr.start_time, 0);
  Seconds end = sr.week_end ? sr.week_end->value : value_or(sr.end_time, 0);
  Window w = window(start, end, kWeek);
  LocalDay today = local_day(now, clock.utc_offset);
  Epoch sunday = today.midnight - today.weekday * kDay;
  std::vector<ReservationInstance> out;
  for (std::int64_t d = kFirstPeriod; d < depth_of(sr); ++d) {
    Epoch week = sunday + d * kWeek;
    ReservationInstance i{week + w.start, week + w.end, static_cast<int>(d)};
    if (i.end > now) out.push_back(i);
  }
  return out;
}

}  // namespace

std::vector<ReservationInstance> instances(const ir::StandingReservation& sr, Epoch now,
                                           const ReservationClock& clock) {
  std::vector<ReservationInstance> out;
  switch (sr.period.value) {
    case ir::ReservationPeriod::Day: out = daily(sr, now, clock); break;
    case ir::ReservationPeriod::Week: out = weekly(sr, now, clock); break;
    case ir::ReservationPeriod::Infinity: out.push_back({now, now + kInfiniteSpan, 0}); break;
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const ReservationInstance& a, const ReservationInstance& b) { return a.start < b.start; });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Placement

namespace {

// What this engine does with each SRCFG flag (the seed's 7.1.5 flag lists and Maui 3.3.1's
// flag table). An accepted flag is either what the engine does anyway or is read elsewhere
// (BYNAME by the access check of the scheduler, DEDICATEDRESOURCE here); a refused flag is kept
// in the IR and reported, and the reservation is placed as if it were absent.
struct FlagRule {
  std::string_view name;
  bool accepted;
  std::string_view reason;
};

constexpr FlagRule kFlagRules[] = {
    {"STANDINGRES", true, "every SRCFG instance is a standing reservation"},
    {"DEDICATEDRESOURCE", true, "the same as ACCESS=DEDICATED"},
    {"BYNAME", false,
     "jobs here cannot ask for a reservation by name (SWF traces and JOBS.json carry no such "
     "request), so the ACL alone decides who may use it"},
    {"SPACEFLEX", true, "instances are placed afresh whenever they are created"},
    {"TIMEFLEX", true, "standing instances keep their times; nothing to re-time"},
    {"IGNSTATE", true, "placement does not look at node state (a Moab flag; Maui 3.3.1 does not read it)"},
    {"SINGLEUSE", false,
     "single-use reservations (destroyed when the job that named them ends) are "
     "not implemented by this engine"},
    {"META", false, "meta reservations are not implemented by this engine"},
    {"PREEMPTEE", false,
     "preemptible reservations are not implemented by this engine (only QOS PREEMPTOR jobs "
     "preempt, and only running jobs)"},
    {"OWNERPREEMPT", true, "the OWNER's jobs may requeue the other jobs running in the reservation"},
    {"DEDICATEDNODE", false, "whole-node reservations are not implemented by this engine"},
    {"ADVRES", false,
     "ADVRES is a job flag (the job asks for a reservation); it means nothing on a "
     "reservation"},
    {"FORCE", false, "forced placement over other reservations is not implemented by this engine"},
    {"BESTEFFORT", false,
     "the manual marks BESTEFFORT N/A for reservations and Maui 3.3.1 does not "
     "read it (instances are always best effort here)"},
};

const FlagRule* flag_rule(std::string_view flag) {
  for (const auto& r : kFlagRules)
    if (iequals(r.name, flag)) return &r;
  return nullptr;
}

void check_flags(const ir::StandingReservation& sr, bool& dedicated, std::vector<Problem>& errors) {
  for (const auto& f : sr.flags) {
    const FlagRule* rule = flag_rule(f.value);
    if (!rule) {
      errors.push_back(warning_at(
          f.from, fmt::format("SRCFG[{}] FLAGS={}: not a standing reservation flag; ignored", sr.name, f.value)));
      continue;
    }
    if (!rule->accepted)
      errors.push_back(
          warning_at(f.from, fmt::format("SRCFG[{}] FLAGS={}: ignored: {}", sr.name, f.value, rule->reason)));
    if (rule->name == "DEDICATEDRESOURCE") dedicated = true;
    if (rule->name == "OWNERPREEMPT" && !sr.owner)
      errors.push_back(warning_at(f.from, fmt::format("SRCFG[{}] FLAGS=OWNERPREEMPT: ignored: the reservation has no "
                                                      "OWNER whose jobs could preempt",
                                                      sr.name)));
  }
}

// ACCESS: DEDICATED when absent (decision 18: the manual's default; 3.3.1 acts as SHARED).
bool dedicated_access(const ir::StandingReservation& sr) { return !sr.access || !iequals(sr.access->value, "SHARED"); }

// Names shown in a "no such host" message: enough to find the typo, not a thousand lines.
std::string host_list_excerpt(const std::vector<std::string>& names) {
  constexpr std::size_t kShown = 10;
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < kShown; ++i) {
    if (i) out += ", ";
    out += names[i];
  }
  if (names.size() > kShown) out += fmt::format(" and {} more", names.size() - kShown);
  return out;
}

// HOSTLIST=name,... in the order written (a name listed twice counts once). `ALL` (the
// manual's default, [ALL]) is every node.
std::vector<std::size_t> hosts_by_name(const ir::StandingReservation& sr, const ir::HostExpression& h,
                                       std::span<const Node> nodes, FindNode find, std::vector<Problem>& errors) {
  std::vector<std::size_t> out;
  if (h.names.size() == 1 && iequals(h.names.front(), "ALL")) {
    for (std::size_t i = 0; i < nodes.size(); ++i) out.push_back(i);
    return out;
  }
  std::vector<bool> taken(nodes.size(), false);
  std::vector<std::string> missing;
  for (const auto& name : h.names) {
    auto at = find(name);
    if (!at) {
      missing.push_back(name);
    } else if (!taken[*at]) {
      taken[*at] = true;
      out.push_back(*at);
    }
  }
  if (!missing.empty())
    errors.push_back(warning_at(
        sr.hosts->from,
        fmt::format(
            "SRCFG[{}] HOSTLIST: no node named {} in the cluster; {}", sr.name, host_list_excerpt(missing),
            out.empty() ? "it names no node of the cluster and reserves nothing" : "the other hosts are used")));
  return out;
}

// HOSTLIST=<regex>: every node whose whole name matches, in snapshot order. POSIX extended
// syntax, as the compiler checked it (Maui compiles host expressions with regcomp).
std::optional<std::vector<std::size_t>> hosts_by_regex(const ir::StandingReservation& sr, const ir::HostExpression& h,
                                                       std::span<const Node> nodes, std::vector<Problem>& errors) {
  // llvm::Regex, not std::regex: libstdc++ matches by backtracking, and a pattern such as
  // (a*)*(a*)*b against a long node name ran for minutes; llvm::Regex walks its state sets.
  const std::string whole = "^(" + h.regex + ")$";  // the whole name must match
  const llvm::Regex re(llvm::StringRef(whole.data(), whole.size()));
  std::string why;
  if (!re.isValid(why)) {
    errors.push_back(warning_at(
        sr.hosts->from,
        fmt::format("SRCFG[{}] HOSTLIST={}: the regular expression does not compile: {}", sr.name, h.regex, why)));
    return std::nullopt;
  }
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (re.match(llvm::StringRef(nodes[i].name.data(), nodes[i].name.size()))) out.push_back(i);
  if (out.empty())
    errors.push_back(
        warning_at(sr.hosts->from,
                   fmt::format("SRCFG[{}] HOSTLIST={}: the regular expression matches no node", sr.name, h.regex)));
  return out;
}

// A feature written `[wide]` (Maui's bracket syntax) is the feature `wide`.
std::string_view bare_feature(std::string_view f) {
  if (!f.empty() && f.front() == '[') f.remove_prefix(1);
  if (!f.empty() && f.back() == ']') f.remove_suffix(1);
  return f;
}

bool has_features(const Node& node, const std::vector<ir::Sourced<std::string>>& wanted) {
  return std::all_of(wanted.begin(), wanted.end(), [&](const ir::Sourced<std::string>& w) {
    auto f = bare_feature(w.value);
    return std::find(node.features.begin(), node.features.end(), f) != node.features.end();
  });
}

bool in_partition(const Node& node, const ir::StandingReservation& sr) {
  return !sr.partition || iequals(sr.partition->value, "ALL") || node.partition == sr.partition->value;
}

}  // namespace

bool owner_preempts(const ir::StandingReservation& sr) {
  return sr.owner &&
         std::any_of(sr.flags.begin(), sr.flags.end(), [](const auto& f) { return iequals(f.value, "OWNERPREEMPT"); });
}

bool floats(const ir::StandingReservation& sr) { return sr.task_count && sr.task_count->value > 0; }

PlacementResult plan_placement(const ir::StandingReservation& sr, std::span<const Node> nodes) {
  std::unordered_map<std::string_view, std::size_t> index;
  for (std::size_t i = 0; i < nodes.size(); ++i) index.emplace(nodes[i].name, i);
  return plan_placement(sr, nodes, [&](std::string_view name) -> std::optional<std::size_t> {
    auto it = index.find(name);
    if (it == index.end()) return std::nullopt;
    return it->second;
  });
}

PlacementResult plan_placement(const ir::StandingReservation& sr, std::span<const Node> nodes, FindNode find) {
  PlacementResult result;
  std::int64_t task_count = sr.task_count ? std::max<std::int64_t>(sr.task_count->value, 0) : 0;
  if (!sr.hosts && task_count == 0) {
    result.errors.push_back(
        warning_at(sr.declared, fmt::format("SRCFG[{}] has neither HOSTLIST nor TASKCOUNT > 0: Maui "
                                            "creates no instance of such a reservation",
                                            sr.name)));
    return result;
  }

  StandingPlacement p;
  p.dedicated = dedicated_access(sr);
  check_flags(sr, p.dedicated, result.errors);
  if (sr.trigger)
    result.errors.push_back(warning_at(sr.trigger->from, fmt::format("SRCFG[{}] TRIGGER={}: ignored: triggers are Moab "
                                                                     "actions this engine does not run",
                                                                     sr.name, sr.trigger->value)));
  // Attributes that change who pays or who may preempt, not where jobs run.
  if (sr.charge_account)
    result.errors.push_back(warning_at(sr.charge_account->from,
                                       fmt::format("SRCFG[{}] CHARGEACCOUNT={}: ignored: this engine has no allocation "
                                                   "manager to charge idle reserved cycles to",
                                                   sr.name, sr.charge_account->value)));
  if (sr.owner && !owner_preempts(sr))
    result.errors.push_back(
        warning_at(sr.owner->from, fmt::format("SRCFG[{}] OWNER: ignored: ownership only matters to "
                                               "OWNERPREEMPT, which this reservation does not set",
                                               sr.name)));

  std::vector<std::size_t> hosts;
  if (!sr.hosts) {
    for (std::size_t i = 0; i < nodes.size(); ++i) hosts.push_back(i);
  } else if (sr.hosts->value.kind == ir::HostExpression::Kind::Names) {
    hosts = hosts_by_name(sr, sr.hosts->value, nodes, find, result.errors);
  } else {
    auto matched = hosts_by_regex(sr, sr.hosts->value, nodes, result.errors);
    if (!matched) return result;
    hosts = std::move(*matched);
  }
  for (std::size_t i : hosts)
    if (has_features(nodes[i], sr.node_features) && in_partition(nodes[i], sr)) p.candidates.push_back(i);

  p.per_task = sr.resources ? sr.resources->value : ir::TaskResources{};
  p.task_count = task_count;
  p.tasks_per_node = sr.tasks_per_node ? std::max<std::int64_t>(sr.tasks_per_node->value, 0) : 0;
  p.host_locked = sr.hosts.has_value() && task_count == 0;
  result.placement = std::move(p);
  return result;
}

bool StandingPlans::planned_on(const ir::Policy& policy, std::span<const Node> nodes) const {
  if (&policy != policy_ || plans_.size() != policy.standing_reservations.size() || nodes.size() != nodes_.size())
    return false;
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].name != nodes_[i].name || nodes[i].partition != nodes_[i].partition ||
        nodes[i].features != nodes_[i].features)
      return false;
  return true;
}

const std::vector<PlacementResult>& StandingPlans::plan(const ir::Policy& policy, std::span<const Node> nodes,
                                                        FindNode find) {
  if (planned_on(policy, nodes)) return plans_;
  policy_ = &policy;
  nodes_.clear();
  for (const auto& n : nodes) {
    Node& kept = nodes_.emplace_back();
    kept.name = n.name, kept.features = n.features, kept.partition = n.partition;
  }
  plans_.clear();
  for (const auto& [name, sr] : policy.standing_reservations) plans_.push_back(plan_placement(sr, nodes, find));
  return plans_;
}

// Every resource the task asks for (> 0) bounds the count; a negative PROCS (the default -1)
// takes the whole node, one task per node that has processors. A task that asks for nothing
// (PROCS:0 alone) reserves nothing, so none is placed.
std::int64_t tasks_that_fit(const ir::TaskResources& per_task, const Node& node) {
  std::optional<std::int64_t> fit;
  auto bound = [&](std::int64_t have, std::int64_t need) {
    if (need <= 0) return;
    std::int64_t n = std::max<std::int64_t>(have, 0) / need;
    fit = fit ? std::min(*fit, n) : n;
  };
  if (per_task.procs < 0) fit = node.procs > 0 ? 1 : 0;
  bound(node.procs, per_task.procs);
  bound(node.memory_mb, per_task.mem_mb);
  bound(node.swap_mb, per_task.swap_mb);
  bound(node.disk_mb, per_task.disk_mb);
  return fit.value_or(0);
}

}  // namespace maui::runtime
