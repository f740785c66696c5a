// An administrative reservation written like an SRCFG line, e.g.
// `maint STARTTIME=864000 ENDTIME=950400 HOSTLIST=node[001-010] USERLIST=root`: what
// `mauirun simulate --reservation SPEC` and the daemon's `setres` read. The access lists are
// USERLIST GROUPLIST ACCOUNTLIST CLASSLIST QOSLIST (none: a SYSTEM reservation, no job may use it).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "runtime/engine/reservations.h"

namespace maui::runtime {

// How STARTTIME and ENDTIME read: a time, or why the text is not one.
struct ReservationTimes {
  std::function<std::variant<Epoch, std::string>(std::string_view)> read;
  std::optional<Epoch> default_start;  // none: STARTTIME is required
};

// Times in a trace's seconds: an integer or [[DD:]HH:]MM:SS (mauirun simulate).
ReservationTimes trace_times();

// Times on the clock of a live cluster (setres), as Maui's commands read them: seconds since the
// epoch (seven to twelve digits), `+[[DD:]HH:]MM:SS` from now, or HH:MM[:SS][_MO/DD[/YY]] on the
// site's clock (today, or that day); STARTTIME defaults to now.
ReservationTimes live_times(Epoch now, Seconds utc_offset);

// The reservation, or an error naming `who` (the option or command), the attribute and what was
// expected. Also DURATION=[[DD:]HH:]MM:SS in place of ENDTIME. The error is text, not a Problem
// (schemas/problem.h): like a usage message it is about a command line or an admin request,
// which `who` names, not about a line of a file.
std::variant<AdminReservation, std::string> parse_reservation_spec(std::string_view spec, const ReservationTimes& times,
                                                                   std::string_view who);

}  // namespace maui::runtime
