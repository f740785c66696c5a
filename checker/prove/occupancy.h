// Which standing reservations hold each node in each hour of the week, compressed: a
// "signature" is a set of reservations that together take a whole node in some hour; a node's
// "profile" is its signature in each of the 168 hours. Nodes with the same profile are the same
// to every access question, so the coverage and starvation properties ask Z3 once per
// signature, not once per node-hour.
//
// A reservation takes a whole node when its tasks use every proc of it (RESOURCES absent or
// PROCS:-1, or enough tasks), or when the node's size is unknown. A partly taken node keeps
// free procs that any job may use, so the reservation does not block it (see docs/check.md).
#pragma once

#include <array>
#include <vector>

#include "checker/prove/world.h"

namespace maui::prove {

struct Occupancy {
  std::vector<std::vector<std::size_t>> signatures;       // [0] = no reservation; entries index World::reservations()
  std::vector<std::array<std::size_t, kHours>> profiles;  // signature per hour
  std::vector<std::vector<std::size_t>> profile_nodes;    // nodes (World::nodes() indices) of each profile
};
Occupancy occupancy(const World& w);

// Whole-node holders of node `n` in hour `h` ... as pairs (reservation, procs taken; -1 = all).
struct Holding {
  std::size_t reservation;
  std::int64_t procs;
};
std::vector<std::vector<Holding>> holdings_by_node(const World& w);

}  // namespace maui::prove
