#include "runtime/engine/admin_reservations.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

namespace maui::runtime {

std::optional<std::string> AdminReservationBook::create(AdminReservation r) {
  if (r.name.empty()) return std::string("a reservation needs a name");
  if (std::any_of(reservations_.begin(), reservations_.end(),
                  [&](const AdminReservation& o) { return o.name == r.name; }))
    return fmt::format("reservation {}: a reservation of that name exists (release it first)", r.name);
  if (r.end <= r.start)
    return fmt::format("reservation {}: its end ({}) must be after its start ({})", r.name, r.end, r.start);
  if (r.hosts.empty()) return fmt::format("reservation {}: no host given", r.name);
  std::vector<std::string> unknown;
  for (const auto& h : r.hosts)
    if (std::none_of(nodes_.begin(), nodes_.end(), [&](const Node& n) { return n.name == h; })) unknown.push_back(h);
  if (!unknown.empty())
    return fmt::format("reservation {}: {} {} not a node of the cluster", r.name, fmt::join(unknown, ", "),
                       unknown.size() == 1 ? "is" : "are");
  keep(std::move(r));
  return std::nullopt;
}

void AdminReservationBook::keep(AdminReservation r) {
  auto at = std::upper_bound(reservations_.begin(), reservations_.end(), r, [](const auto& a, const auto& b) {
    return a.start != b.start ? a.start < b.start : a.name < b.name;
  });
  reservations_.insert(at, std::move(r));
}

bool AdminReservationBook::release(std::string_view name) {
  return std::erase_if(reservations_, [&](const AdminReservation& r) { return r.name == name; }) > 0;
}

std::string describe_access(const AdminReservation& r) {
  if (r.acl.empty()) return "SYSTEM (no job may use it)";
  std::map<ir::AclEntry::Kind, std::vector<std::string>> by_kind;
  for (const auto& e : r.acl) by_kind[e.kind].push_back((e.negated ? "!" : "") + e.value);
  std::vector<std::string> parts;
  for (const auto& [kind, names] : by_kind)
    parts.push_back(fmt::format("{}={}", ir::to_string(kind), fmt::join(names, ",")));
  return fmt::format("{}", fmt::join(parts, " "));
}

}  // namespace maui::runtime
