#include "runtime/daemon/admin_changes.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <set>

#include <fmt/format.h>

#include "runtime/engine/admin_reservations.h"
#include "runtime/io/reservation_spec.h"

namespace maui::runtime {

namespace {

using Then = ChangeResult::Then;

ChangeResult fail(int status, std::string err) { return {{status, "", std::move(err)}, Then::Nothing, {}}; }
ChangeResult usage(std::string_view command, std::string_view expected) {
  return fail(2, fmt::format("{}: usage: {} {}", command, command, expected));
}
ChangeResult done(std::string out, Then then = Then::Save) { return {{0, std::move(out) + "\n", ""}, then, {}}; }

const Job* find_job(const ClusterSnapshot& cluster, const std::string& id) {
  for (const auto& j : cluster.jobs)
    if (j.id == id) return &j;
  return nullptr;
}

// The job, queued (holds, priorities and runjob are for jobs that wait), or why not.
std::variant<const Job*, ChangeResult> queued_job(const ClusterSnapshot& cluster, std::string_view command,
                                                  const std::string& id) {
  const Job* job = find_job(cluster, id);
  if (!job) return fail(1, fmt::format("{}: no job '{}'", command, id));
  if (!job->is_queued())
    return fail(1, fmt::format("{}: job {} is not queued (it is {})", command, id, to_string(job->state)));
  return job;
}

std::optional<std::int64_t> integer(std::string_view text) {
  std::int64_t v = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, v);
  if (ec != std::errc() || p != end) return std::nullopt;
  return v;
}

// The hold named by a sethold / releasehold flag.
std::optional<std::string> hold_of(std::string_view flag) {
  if (flag == "-u") return "user";
  if (flag == "-s") return "system";
  if (flag == "-b") return "batch";
  return std::nullopt;
}

ChangeResult setspri(const std::vector<std::string>& args, ChangeTarget& t) {
  const bool relative = !args.empty() && args[0] == "-r";
  const std::size_t first = relative ? 1 : 0;
  if (args.size() != first + 2) return usage("setspri", "[-r] PRIORITY JOBID");
  auto value = integer(args[first]);
  const std::int64_t low = relative ? -kMaxSystemPriority : 0;
  if (!value || *value < low || *value > kMaxSystemPriority)
    return fail(2,
                fmt::format("setspri: '{}': expected an integer from {} to {}", args[first], low, kMaxSystemPriority));
  auto job = queued_job(t.cluster, "setspri", args[first + 1]);
  if (auto* refused = std::get_if<ChangeResult>(&job)) return *refused;
  t.cycle.job_memory(args[first + 1]).system_priority = SystemPriority{*value, relative};
  return done(fmt::format("job {}: system priority {}{}", args[first + 1], relative && *value >= 0 ? "+" : "", *value) +
              (relative ? " (added to the priority the policy gives it)" : " (above every job without one)"));
}

ChangeResult sethold(const std::vector<std::string>& args, const Caller& caller, ChangeTarget& t) {
  std::string hold = "user";
  std::vector<std::string> ids;
  for (const auto& a : args) {
    if (a.starts_with("-")) {
      auto h = hold_of(a);
      if (!h) return usage("sethold", "[-b|-u|-s] JOBID...");
      hold = *h;
    } else {
      ids.push_back(a);
    }
  }
  if (ids.empty()) return usage("sethold", "[-b|-u|-s] JOBID...");
  for (const auto& id : ids)
    if (auto job = queued_job(t.cluster, "sethold", id); std::holds_alternative<ChangeResult>(job))
      return std::get<ChangeResult>(job);
  std::string out;
  for (const auto& id : ids) {
    SchedulerJobState& m = t.cycle.job_memory(id);
    if (std::find(m.holds.begin(), m.holds.end(), hold) == m.holds.end()) m.holds.push_back(hold);
    m.hold_set_by[hold] = caller.user;
    out += fmt::format("{}job {}: {} hold set", out.empty() ? "" : "\n", id, hold);
  }
  return done(out);
}

ChangeResult releasehold(const std::vector<std::string>& args, const Caller& caller, AccessLevel level,
                         ChangeTarget& t) {
  std::set<std::string> kinds;
  std::vector<std::string> ids;
  for (const auto& a : args) {
    if (a == "-a") {
      kinds.insert({"user", "system", "batch"});
    } else if (a.starts_with("-")) {
      auto h = hold_of(a);
      if (!h) return usage("releasehold", "[-a|-b|-u|-s] JOBID...");
      kinds.insert(*h);
    } else {
      ids.push_back(a);
    }
  }
  if (ids.empty()) return usage("releasehold", "[-a|-b|-u|-s] JOBID...");
  if (kinds.empty()) kinds.insert("user");
  // Anyone may release the user hold of their own job; anything more is an operator's.
  if (level > AccessLevel::Admin2 && kinds != std::set<std::string>{"user"})
    return fail(3, permission_denied("releasehold of a batch or system hold", AccessLevel::Admin2));
  std::vector<const Job*> jobs;
  for (const auto& id : ids) {
    // A user sees only their own jobs (showq, checkjob): another's job and no job at all get the
    // same answer, which tells nothing of what exists or whose it is.
    if (level == AccessLevel::User) {
      const Job* j = find_job(t.cluster, id);
      if (!j || j->user != caller.user)
        return fail(
            3, permission_denied(fmt::format("releasehold of job {}", id), AccessLevel::Admin2) + " or to own the job");
    }
    auto job = queued_job(t.cluster, "releasehold", id);
    if (auto* refused = std::get_if<ChangeResult>(&job)) return *refused;
    const Job* j = std::get<const Job*>(job);
    if (level > AccessLevel::Admin2 && j->user != caller.user)
      return fail(
          3, permission_denied(fmt::format("releasehold of job {} (owned by {})", id, j->user), AccessLevel::Admin2));
    jobs.push_back(j);
  }
  std::string out;
  for (const Job* j : jobs) {
    SchedulerJobState& m = t.cycle.job_memory(j->id);
    std::vector<std::string> released;
    bool in_rm = false;
    for (const auto& kind : kinds) {
      const bool ours = std::erase(m.holds, kind) > 0;
      if (ours) m.hold_set_by.erase(kind);
      const bool rms = std::find(j->holds.begin(), j->holds.end(), kind) != j->holds.end();
      if (ours || rms) released.push_back(kind);
      in_rm = in_rm || rms;
    }
    if (released.empty())
      return fail(1, fmt::format("releasehold: job {} has no {} hold", j->id, fmt::join(kinds, ", ")));
    if (in_rm) {
      RmStatus s = t.rm.release_job(j->id);
      if (!s.ok) return fail(1, fmt::format("releasehold: job {}: the RM refused: {}", j->id, s.error.message));
    }
    out += fmt::format("{}job {}: {} hold released", out.empty() ? "" : "\n", j->id, fmt::join(released, ", "));
  }
  return done(out);
}

ChangeResult runjob(const std::vector<std::string>& args, ChangeTarget& t) {
  if (args.size() != 1 || args[0].starts_with("-")) return usage("runjob", "JOBID");
  auto job = queued_job(t.cluster, "runjob", args[0]);
  if (auto* refused = std::get_if<ChangeResult>(&job)) return *refused;
  ChangeResult r = done("", Then::RunNow);  // answered once the iteration has tried
  r.job = args[0];
  return r;
}

ChangeResult schedctl(const std::vector<std::string>& args) {
  if (args.size() != 1) return usage("schedctl", "-R | -s | -r");
  if (args[0] == "-R") return done("", Then::Reload);  // answered once the config is compiled
  if (args[0] == "-s")
    return done("scheduling stopped: nothing starts until schedctl -r; the views keep working", Then::Stop);
  if (args[0] == "-r") return done("scheduling resumed", Then::Resume);
  return usage("schedctl", "-R | -s | -r");
}

ChangeResult setres(const std::vector<std::string>& args, const Caller& caller, ChangeTarget& t) {
  if (args.empty() || args[0].starts_with("-"))
    return usage("setres",
                 "NAME [STARTTIME=T] ENDTIME=T|DURATION=D HOSTLIST=HOSTS [USERLIST= GROUPLIST= ACCOUNTLIST= CLASSLIST= "
                 "QOSLIST=]");
  auto parsed = parse_reservation_spec(fmt::format("{}", fmt::join(args, " ")), live_times(t.cluster.now, t.utc_offset),
                                       "setres");
  if (auto* why = std::get_if<std::string>(&parsed)) return fail(2, *why);
  AdminReservation r = std::get<AdminReservation>(std::move(parsed));
  r.owner = caller.user;
  AdminReservationBook book(t.cluster.nodes);
  for (const auto& kept : t.admin_reservations) book.keep(kept);
  const std::string what = fmt::format("reservation {}: {} from {} to {}, {}", r.name, fmt::join(r.hosts, ","), r.start,
                                       r.end, describe_access(r));
  if (auto why = book.create(std::move(r))) return fail(1, "setres: " + *why);
  t.admin_reservations = book.list();
  return done(what + " (set)", Then::SaveReservations);
}

ChangeResult releaseres(const std::vector<std::string>& args, const Caller& caller, AccessLevel level,
                        ChangeTarget& t) {
  if (args.empty()) return usage("releaseres", "NAME...");
  for (const auto& name : args) {
    auto it = std::find_if(t.admin_reservations.begin(), t.admin_reservations.end(),
                           [&](const AdminReservation& r) { return r.name == name; });
    // A user sees no one else's reservation (showres): a reservation that is not theirs and one
    // that does not exist get the same answer.
    if (level == AccessLevel::User && (it == t.admin_reservations.end() || it->owner != caller.user))
      return fail(3, permission_denied(fmt::format("releaseres of reservation {}", name), AccessLevel::Admin1) +
                         " or to have set it");
    if (it == t.admin_reservations.end()) return fail(1, fmt::format("releaseres: no reservation '{}'", name));
    if (level != AccessLevel::Admin1 && it->owner != caller.user)
      return fail(3, permission_denied(fmt::format("releaseres of reservation {} (set by {})", name,
                                                   it->owner.empty() ? "the daemon's command line" : it->owner),
                                       AccessLevel::Admin1));
  }
  for (const auto& name : args)
    std::erase_if(t.admin_reservations, [&](const AdminReservation& r) { return r.name == name; });
  return done(fmt::format("reservation {} released", fmt::join(args, ", ")), Then::SaveReservations);
}

}  // namespace

bool is_change(std::string_view command) {
  static constexpr std::array<std::string_view, 7> kChanges{"releasehold", "releaseres", "runjob", "schedctl",
                                                            "setres",      "sethold",    "setspri"};
  return std::find(kChanges.begin(), kChanges.end(), command) != kChanges.end();
}

ChangeResult apply_change(const AdminRequest& request, const Caller& caller, AccessLevel level, ChangeTarget& t) {
  const auto& c = request.command;
  const auto& a = request.args;
  if (c == "setspri") return setspri(a, t);
  if (c == "sethold") return sethold(a, caller, t);
  if (c == "releasehold") return releasehold(a, caller, level, t);
  if (c == "runjob") return runjob(a, t);
  if (c == "schedctl") return schedctl(a);
  if (c == "setres") return setres(a, caller, t);
  if (c == "releaseres") return releaseres(a, caller, level, t);
  return fail(2, fmt::format("'{}' is not a command that changes anything", c));
}

}  // namespace maui::runtime
