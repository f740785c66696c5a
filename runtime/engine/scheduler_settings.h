// The scheduling parameters of the policy (BACKFILLPOLICY, BACKFILLMETRIC, RESERVATIONPOLICY,
// NODEALLOCATIONPOLICY, BFCHUNK*, ...) as the engine applies them, with a warning for each value
// the engine does not implement and what it does instead, at the value's config line. The IR holds every value a config
// may write (schemas/ir.h); NodeAllocation holds the ones the engine implements, and `backfill` only a BACKFILLPOLICY
// with an algorithm (runtime/engine/backfill_registry.h).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "runtime/engine/model.h"
#include "schemas/ir.h"
#include "schemas/problem.h"

namespace maui::runtime {

using BackfillPolicy = ir::BackfillPolicy;
enum class NodeAllocation : std::uint8_t { FirstAvailable, LastAvailable, MinResource, CpuLoad, Priority };
using BackfillMetric = ir::BackfillMetric;
using ReservationPolicy = ir::ReservationPolicy;
// RESERVATIONTHRESHOLDTYPE: what a job must exceed RESERVATIONTHRESHOLDVALUE in to get a reservation.
using ReservationThreshold = ir::ReservationThreshold;

struct SchedulerSettings {
  BackfillPolicy backfill = BackfillPolicy::FirstFit;
  BackfillMetric metric = BackfillMetric::Procs;
  ReservationPolicy reservation_policy = ReservationPolicy::CurrentHighest;
  ReservationThreshold threshold = ReservationThreshold::None;
  std::int64_t threshold_value = 0;  // RESERVATIONTHRESHOLDVALUE (QUEUETIME: seconds)
  NodeAllocation allocation = NodeAllocation::LastAvailable;
  std::int64_t backfill_depth = 0;          // BACKFILLDEPTH, 0 = all
  std::int64_t max_schedules = 10000;       // BACKFILLMAXSCHEDULES
  std::int64_t chunk_size = 0;              // BFCHUNKSIZE
  Seconds chunk_duration = 0;               // BFCHUNKDURATION
  Seconds poll_interval = 60;               // RMPOLLINTERVAL
  std::vector<std::int64_t> node_priority;  // NODECFG PRIORITY by node index (PRIORITY policy)

  static SchedulerSettings from(const ir::Policy& policy, std::vector<Problem>& warnings);

  // NODEALLOCATIONPOLICY's order between nodes that are otherwise equally good, as a key to
  // compare (smaller first; the node's index last, so the order is total). `free_now` = procs
  // free now per node. A key rather than a comparison: placement sorts compare keys inline.
  // Inline: asked for every node a job could take.
  using AllocationKey = std::array<std::int64_t, 3>;
  AllocationKey allocation_key(std::span<const Node> nodes, std::span<const std::int64_t> free_now,
                               std::size_t n) const {
    const auto i = static_cast<std::int64_t>(n);
    switch (allocation) {
      case NodeAllocation::FirstAvailable: return {i, 0, 0};
      case NodeAllocation::LastAvailable: return {-i, 0, 0};
      case NodeAllocation::MinResource: return {nodes[n].procs, nodes[n].memory_mb, i};
      case NodeAllocation::CpuLoad: return {-free_now[n], i, 0};
      case NodeAllocation::Priority: return {n < node_priority.size() ? -node_priority[n] : 0, i, 0};
    }
    return {i, 0, 0};
  }
};

}  // namespace maui::runtime
