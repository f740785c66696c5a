// `--reservation SPEC` of `mauirun simulate` and `mauirun report`: administrative reservations in
// the trace's seconds (runtime/io/reservation_spec.h reads each), booked on the simulated nodes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/engine/reservations.h"

namespace maui::tools {

// Every spec booked on the cluster's nodes, moved from trace seconds to epochs (trace second 0
// is `origin`), by start then name; nullopt after the first that is wrong (said on standard
// error).
std::optional<std::vector<runtime::AdminReservation>> book_reservations(const std::vector<std::string>& specs,
                                                                        const std::vector<runtime::Node>& nodes,
                                                                        runtime::Epoch origin);

}  // namespace maui::tools
