// `mauirun simulate --reservation SPEC`: an administrative reservation written like an SRCFG
// line, e.g. `maint STARTTIME=864000 ENDTIME=950400 HOSTLIST=node[001-010] USERLIST=root`.
// STARTTIME / ENDTIME are in the trace's seconds (integers, or [[DD:]HH:]MM:SS); the access
// lists are USERLIST GROUPLIST ACCOUNTLIST CLASSLIST QOSLIST (none: a SYSTEM reservation).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "runtime/engine/reservations.h"

namespace maui::tools {

// The reservation, or an error naming the spec, the attribute and what was expected.
std::variant<runtime::AdminReservation, std::string> parse_reservation_spec(std::string_view spec);

// Every --reservation booked on the cluster's nodes, moved from trace seconds to epochs (trace
// second 0 is `origin`), by start then name; nullopt after the first that is wrong (said on
// standard error).
std::optional<std::vector<runtime::AdminReservation>> book_reservations(const std::vector<std::string>& specs,
                                                                        const std::vector<runtime::Node>& nodes,
                                                                        runtime::Epoch origin);

}  // namespace maui::tools
