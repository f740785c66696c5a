// Administrative reservations (Maui's setres / showres / releaseres): hosts set aside for a time,
// with an access list. An empty ACL is a SYSTEM reservation: no job may use its hosts.
// The book validates what an admin asks for and keeps the reservations sorted (start, name);
// the scheduler (runtime/engine/scheduler.h) books them in each iteration's calendar.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/engine/model.h"
#include "runtime/engine/reservations.h"

namespace maui::runtime {

class AdminReservationBook {
 public:
  explicit AdminReservationBook(std::span<const Node> nodes) : nodes_(nodes) {}

  // Adds the reservation, or says why not: an empty or duplicate name, an end not after the
  // start, no host, a host that is not a node of the cluster.
  std::optional<std::string> create(AdminReservation r);
  // Adds one made before (a restart's): a host gone from the cluster since does not void it.
  void keep(AdminReservation r);
  // Removes the reservation of that name; false when there is none.
  bool release(std::string_view name);
  // Every reservation, by start time then name.
  const std::vector<AdminReservation>& list() const { return reservations_; }

 private:
  std::span<const Node> nodes_;
  std::vector<AdminReservation> reservations_;
};

// "SYSTEM" for an empty ACL, else the ACL as the admin wrote it (USERLIST=a,b GROUPLIST=...).
std::string describe_access(const AdminReservation& r);

}  // namespace maui::runtime
