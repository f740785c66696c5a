// The order in which a job takes the nodes offered to it (runtime/scheduler.h, Placement):
// each offer carries a key, smaller keys first; keys end with NODEALLOCATIONPOLICY's key, whose
// last part is the node's index, so no two keys are equal and the order is total.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "runtime/calendar.h"

namespace maui::runtime {

struct Offer {
  NodeTasks nt;
  // Reservation affinity, then two numbers the caller ranks by, then the allocation key.
  std::array<std::int64_t, 6> key;
};

// keep_front's working memory, kept by a caller that places job after job: only capacity
// carries over from one call to the next.
struct PlacementScratch {
  std::vector<std::uint8_t> group;
  std::vector<Offer> front;
};

// Keeps the offers a job of `tasks` tasks takes, in key order: the shortest prefix of the key
// order that holds `tasks` tasks (each offer holds at least one), or every offer when they hold
// fewer.
void keep_front(std::vector<Offer>& offers, std::int64_t tasks, PlacementScratch& scratch);

}  // namespace maui::runtime
