#include "runtime/rm/slurm/slurm_reservations.h"

#include <algorithm>
#include <tuple>

#include <fmt/format.h>

#include "runtime/rm/slurm/slurm_snapshot.h"

namespace maui::runtime::slurm {

namespace {

void add_entries(std::vector<ir::AclEntry>& acl, ir::AclEntry::Kind kind, std::string_view list, bool required_if_one) {
  const auto names = names_of_list(list);
  for (const auto& name : names) {
    ir::AclEntry e;
    e.kind = kind;
    e.negated = name.front() == '-';
    e.value = e.negated ? name.substr(1) : name;
    e.required = !e.negated && required_if_one && names.size() == 1;
    acl.push_back(std::move(e));
  }
}

}  // namespace

std::vector<ir::AclEntry> reservation_acl(const ReservationRecord& r) {
  std::vector<ir::AclEntry> acl;
  add_entries(acl, ir::AclEntry::Kind::User, r.users, false);
  add_entries(acl, ir::AclEntry::Kind::Group, r.groups, false);
  const bool with_others = !r.users.empty() || !r.groups.empty();
  add_entries(acl, ir::AclEntry::Kind::Account, r.accounts, with_others);
  return acl;
}

std::vector<AdminReservation> map_reservations(const std::vector<ReservationRecord>& records, Epoch now,
                                               std::vector<std::string>& problems) {
  std::vector<AdminReservation> out;
  for (const auto& r : records) {
    if (r.end <= now && r.end >= r.start) continue;  // over: Slurm removes it at once
    if (r.end < r.start) {
      problems.push_back(
          fmt::format("reservation {}: it ends ({}) before it starts ({}): not honoured", r.name, r.end, r.start));
      continue;
    }
    if (r.nodes.empty()) continue;  // licenses or burst buffers only: no node to keep jobs off
    AdminReservation a;
    a.name = r.name;
    a.start = r.start;
    a.end = r.end;
    a.hosts = r.nodes;
    a.acl = reservation_acl(r);
    a.owner = "slurm";
    a.rm = true;
    a.magnetic = r.magnetic;
    out.push_back(std::move(a));
  }
  std::sort(out.begin(), out.end(), [](const AdminReservation& a, const AdminReservation& b) {
    return std::tie(a.start, a.name) < std::tie(b.start, b.name);
  });
  return out;
}

AskedReservation asked_reservation(std::string_view asked, const std::vector<AdminReservation>& reservations,
                                   Epoch now) {
  AskedReservation out;
  if (asked.empty()) return out;
  out.name = asked;
  if (asked.find(',') != std::string_view::npos) {
    out.hold = kSeveralReservationsHold;
    return out;
  }
  const auto it = std::find_if(reservations.begin(), reservations.end(),
                               [&](const AdminReservation& r) { return r.name == asked; });
  if (it == reservations.end())
    out.hold = kReservationMissingHold;
  else if (it->start > now)
    out.hold = kReservationNotStartedHold;
  return out;
}

Epoch next_reservation_change(const std::vector<AdminReservation>& reservations, Epoch now) {
  Epoch next = 0;
  for (const auto& r : reservations)
    for (Epoch t : {r.start, r.end})
      if (t > now && (next == 0 || t < next)) next = t;
  return next;
}

}  // namespace maui::runtime::slurm
