// Questions to the iteration's calendar (IterationResult::calendar) on behalf of a job or of a
// set of credentials: which reservations it may use, the partitions open to it, the backfill
// windows it could use now (showbf), the earliest time the calendar has room for it (showstart).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/views/view_context.h"

namespace maui::runtime {

// The job's access to the iteration's reservations: its own job reservation (`self`, its index
// in the snapshot; none for a job that is not there), and every standing and administrative
// reservation whose ACL admits it (TIMELIMIT entries compare its walltime). Whole nodes when its
// node access policy says so; SINGLEUSER is not told apart.
Viewer reservation_access(const ViewContext& context, const Job& job, std::optional<std::size_t> self);

// The partitions open to the job (docs/semantics.md 83), each with its nodes (a mask and a list).
struct PartitionNodes {
  std::string name;
  std::vector<std::uint8_t> mask;  // by node index
  std::vector<std::size_t> nodes;
};
std::vector<PartitionNodes> partitions_open_to(const ViewContext& context, const Job& job);

// The earliest time the calendar has room for the job for its whole walltime, from now, in one
// partition open to it, and the nodes it would have; none when no partition can ever hold it.
struct EarliestStart {
  Epoch start = 0;
  std::string partition;
  std::vector<NodeTasks> nodes;
};
std::optional<EarliestStart> earliest_start(const ViewContext& context, const Job& job,
                                            std::optional<std::size_t> self);

}  // namespace maui::runtime
