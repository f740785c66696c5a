// Standing reservations (SRCFG): time windows and ACLs.
#include <fmt/format.h>

#include "checker/checks/check_util.h"
#include "checker/checks/checks.h"

namespace maui::checker {

namespace {
std::string hms(ir::Seconds s) { return fmt::format("{:02}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60); }
}  // namespace

void check_sr_start_after_end(const Compilation& c, DiagnosticSink& sink) {
  for (const auto& [name, sr] : c.policy.standing_reservations) {
    if (sr.period.value != ir::ReservationPeriod::Day || !sr.start_time || !sr.end_time) continue;
    ir::Seconds start = sr.start_time->value, end = sr.end_time->value;
    if (end == 0 || start < end) continue;
    auto& d = sink.report(rules::kSrStartAfterEnd, locate(c, sr.start_time->from.where),
                          fmt::format("standing reservation {}: STARTTIME {} is not before ENDTIME {} "
                                      "on a daily reservation, so no instance is ever active; for a "
                                      "window across midnight define two reservations ({}-24:00:00 "
                                      "and 00:00:00-{})",
                                      name, hms(start), hms(end), hms(start), hms(end)));
    d.notes.push_back({locate(c, sr.end_time->from.where), "ENDTIME is set here"});
  }
}

void check_sr_week_times(const Compilation& c, DiagnosticSink& sink) {
  for (const auto& [name, sr] : c.policy.standing_reservations) {
    if (sr.period.value != ir::ReservationPeriod::Week) continue;
    for (const auto* t : {&sr.start_time, &sr.end_time}) {
      if (!*t) continue;
      sink.report(rules::kCompatSrWeekTimes, locate(c, (*t)->from.where),
                  fmt::format("standing reservation {} has PERIOD=WEEK: the manual reads STARTTIME and "
                              "ENDTIME as week offsets (D:HH:MM:SS); Maui 3.3.1 ignores them for weekly "
                              "reservations and needs WSTARTTIME / WENDTIME",
                              name));
    }
  }
}

void check_sr_default_access(const Compilation& c, DiagnosticSink& sink) {
  for (const auto& [name, sr] : c.policy.standing_reservations) {
    if (sr.access) continue;
    sink.report(rules::kCompatSrDefaultAccess, locate(c, sr.declared.where),
                fmt::format("standing reservation {} has no ACCESS: the manual's default is DEDICATED, "
                            "but Maui 3.3.1 behaves as SHARED (it overlaps other reservations); write "
                            "ACCESS=DEDICATED or ACCESS=SHARED",
                            name));
  }
}

void check_acl_not_entries(const Compilation& c, DiagnosticSink& sink) {
  for (const auto& [name, sr] : c.policy.standing_reservations) {
    const ir::AclEntry* negated = nullptr;
    bool plain = false;
    for (const auto& e : sr.acl) {
      if (e.negated && !negated) negated = &e;
      if (!e.negated && !e.required) plain = true;
    }
    if (!negated || !plain) continue;
    sink.report(rules::kCompatAclNotEntries, locate(c, negated->from.where),
                fmt::format("standing reservation {}: by the manual '!{}' grants access to every {} "
                            "other than {} (an OR with the other lists); Maui 3.3.1 only uses NOT "
                            "entries to exclude, so they grant nothing when other lists exist",
                            name, negated->value, ir::to_string(negated->kind), negated->value));
  }
}

}  // namespace maui::checker
