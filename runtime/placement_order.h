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

// take_front's working memory, kept by a caller that places job after job: only capacity
// carries over from one call to the next.
struct PlacementScratch {
  std::vector<std::uint8_t> group;
};

// What a job of `tasks` tasks takes of `offers`, in key order: the offers of the shortest
// prefix of the key order that holds `tasks` tasks (each offer holds at least one), the last
// one cut to the tasks left; every offer when they hold fewer. The offers are left in an
// unspecified order.
std::vector<NodeTasks> take_front(std::vector<Offer>& offers, std::int64_t tasks, PlacementScratch& scratch);

}  // namespace maui::runtime
