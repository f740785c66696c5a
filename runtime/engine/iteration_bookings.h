// A step of the scheduling iteration (runtime/engine/iteration_plan.h): what is booked in the
// calendar before any job is scheduled. Administrative reservations, then the running jobs (the
// calendar's base, carried from the last iteration by a workspace and checked against the
// snapshot), then the standing reservations, then the running jobs again, charged to the
// reservations they run in. Also how any job is booked: a start of this iteration books its nodes
// as a running job's are (book_job). Apart from the scheduling steps: they only read the calendar
// this step fills, and add the starts they decide through book_job.
#pragma once

#include <cstddef>
#include <span>

#include "runtime/engine/iteration_state.h"

namespace maui::runtime {

// How far ahead standing reservations are booked: twice the longest walltime of any job not
// completed plus a day, so that every reservation a job could touch (running jobs end, then the
// job runs) is in the calendar.
Epoch booking_horizon(const ClusterSnapshot& snapshot);

namespace iteration {

// Books the reservations and the running jobs, and lists the nodes with procs free now
// (State::free_nodes, State::free_now, State::usable_procs); the running jobs count against the
// limits at both levels.
void book_reservations(State& s);

// Books job i's nodes over [start, end); where the job runs inside a reservation it may use,
// that part is charged to the reservation (runtime/engine/calendar.h).
void book_job(State& s, std::size_t i, std::span<const NodeTasks> nodes, Epoch start, Epoch end);

}  // namespace iteration
}  // namespace maui::runtime
