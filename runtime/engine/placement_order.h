// The order in which a job takes the nodes offered to it (runtime/engine/scheduler.h, Placement):
// each offer carries a key, smaller keys first; keys end with NODEALLOCATIONPOLICY's key, whose
// last part is the node's index, so no two keys are equal and the order is total.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "runtime/engine/calendar.h"

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

// What a job that needs neighbouring nodes (Slurm's --contiguous) takes of `offers`, given in
// node order: the fewest consecutive nodes, each offered, that hold `tasks` tasks, the first such
// set in node order, the last node cut to the tasks left; nothing when no such set exists.
std::vector<NodeTasks> take_contiguous(const std::vector<Offer>& offers, std::int64_t tasks);

// Offers of consecutive nodes given as runs: nodes first_node, first_node + 1, ... (count of
// them) each offer `tasks`, under the key of the run's first node. take_front_of_runs yields
// what take_front yields for the offers the runs stand for, provided that within a run the keys
// share their first three parts and the allocation key grows with the node index, and that no
// two runs' allocation keys interleave: FIRSTAVAILABLE, and MINRESOURCE on runs of nodes with
// the same capacity. The runs are left in an unspecified order.
struct OfferRun {
  std::size_t first_node = 0;
  std::int64_t count = 0;
  std::int64_t tasks = 0;           // per node
  std::array<std::int64_t, 6> key;  // the first node's
};
std::vector<NodeTasks> take_front_of_runs(std::vector<OfferRun>& runs, std::int64_t tasks);
// Counts `node` into the last run when it is the run's next node (the caller knows it shares
// the run's calendar); false: it starts a run of its own.
inline bool extends_last_run(std::vector<OfferRun>& runs, std::size_t node) {
  if (runs.empty() || node != runs.back().first_node + static_cast<std::size_t>(runs.back().count)) return false;
  ++runs.back().count;
  return true;
}

}  // namespace maui::runtime
