// Slurm's own reservations (`scontrol create reservation`, maintenance windows) as the engine's
// reservations of the resource manager (AdminReservation::rm): booked in every iteration, used by
// the jobs that asked for them (`--reservation`), and, with Flags=MAGNETIC, by the jobs they admit;
// every other job is kept off their nodes for their window (docs/slurm.md, "Slurm reservations").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/engine/model.h"
#include "runtime/rm/slurm/slurm_records.h"

namespace maui::runtime::slurm {

// The holds of a waiting job whose reservation Slurm would not start it in.
inline constexpr std::string_view kReservationNotStartedHold = "reservation not started";
inline constexpr std::string_view kReservationMissingHold = "reservation not in Slurm";
inline constexpr std::string_view kSeveralReservationsHold = "several reservations not supported";

// The reservations not ended at `now`, by name; a record without nodes or with an end before its
// start is left out with a problem naming it.
std::vector<AdminReservation> map_reservations(const std::vector<ReservationRecord>& records, Epoch now,
                                               std::vector<std::string>& problems);

// Slurm's access lists as the engine's ACL: Users=a,b (or Groups=) each a plain entry, `-a` a NOT
// entry (Slurm: everyone but a); with Users and Accounts both, a job must match both, so a
// single account is a required entry (several are plain: docs/slurm.md, "Not mapped").
std::vector<ir::AclEntry> reservation_acl(const ReservationRecord& record);

// What a job's --reservation means to the engine: the name it runs in, or the hold it waits
// with (the reservation starts later, is gone, or the job asked several).
struct AskedReservation {
  std::string name;
  std::optional<std::string_view> hold;
};
AskedReservation asked_reservation(std::string_view asked, const std::vector<AdminReservation>& reservations,
                                   Epoch now);

// The next start or end of a reservation after `now` (0: none): a turn is due then, as the jobs
// that may use its nodes change.
Epoch next_reservation_change(const std::vector<AdminReservation>& reservations, Epoch now);

}  // namespace maui::runtime::slurm
