// `mauirun simulate --reservation SPEC`: an administrative reservation written like an SRCFG
// line, e.g. `maint STARTTIME=864000 ENDTIME=950400 HOSTLIST=node[001-010] USERLIST=root`.
// STARTTIME / ENDTIME are in the trace's seconds (integers, or [[DD:]HH:]MM:SS); the access
// lists are USERLIST GROUPLIST ACCOUNTLIST CLASSLIST QOSLIST (none: a SYSTEM reservation).
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "runtime/engine/reservations.h"

namespace maui::tools {

// The reservation, or an error naming the spec, the attribute and what was expected.
std::variant<runtime::AdminReservation, std::string> parse_reservation_spec(std::string_view spec);

}  // namespace maui::tools
