// Every reservation the views show, in one list: the iteration's job reservations, standing
// reservation instances and administrative reservations, and, as Maui lists them, the running
// jobs (a job's reservation of its own nodes until its wallclock limit). showres, diagnose -r and
// checknode read it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/views/job_facts.h"
#include "runtime/views/view_context.h"

namespace maui::runtime {

struct ReservationFacts {
  std::string name;
  std::string type;                          // Maui's: "Job" (a job's), "User" (standing and administrative)
  std::string kind;                          // "job", "running" (an active job), "standing", "admin"
  const Reservation* reservation = nullptr;  // none for a running job
  const Job* job = nullptr;                  // a job's reservation, a running job
  std::string job_state;                     // Maui's state of the job ("" when no job)
  Epoch start = 0, end = 0;
  std::vector<NodeTasks> nodes;        // NodeTasks::node indexes the context's nodes
  std::vector<std::int64_t> procs_on;  // procs held on each of `nodes`
  std::int64_t procs = 0;
};

// Sorted by start, then name.
std::vector<ReservationFacts> reservation_facts(const ViewContext& context, const QueueFacts& facts);

// Whether a user who is no admin may see it: their own job's, or one whose ACL names them.
bool visible_to(const ReservationFacts& r, const std::string& user);

}  // namespace maui::runtime
