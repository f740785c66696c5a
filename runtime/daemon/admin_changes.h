// The client commands that change something (setres, releaseres, setspri, sethold, releasehold,
// runjob, schedctl), carried out by the scheduling thread between two turns, so that a change
// and an iteration never interleave. Each is checked against who asks (runtime/daemon/access.h)
// and against the cluster as last read; what needs the turn itself (runjob's start, a reload,
// stopping) is handed back to the daemon.
#pragma once

#include <string>
#include <vector>

#include "runtime/cycle/scheduling_cycle.h"
#include "runtime/daemon/access.h"
#include "runtime/daemon/admin_protocol.h"
#include "runtime/rm/rm.h"

namespace maui::runtime {

// What a change may touch.
struct ChangeTarget {
  const ClusterSnapshot& cluster;  // as the last turn read it
  SchedulingCycle& cycle;          // each job's memory: system priority, holds
  ResourceManager& rm;             // holds kept in the RM itself (an owner's sbatch -H) are released there
  std::vector<AdminReservation>& admin_reservations;
  Seconds utc_offset = 0;  // setres reads clock times on the site's clock
};

struct ChangeResult {
  AdminAnswer answer;
  // What the daemon does next; Nothing for a refused change.
  enum class Then { Nothing, Save, SaveReservations, RunNow, Reload, Stop, Resume } then = Then::Nothing;
  std::string job;  // RunNow: the job to start
};

// The commands this file carries out, for the daemon's dispatch.
bool is_change(std::string_view command);

ChangeResult apply_change(const AdminRequest& request, const Caller& caller, AccessLevel level, ChangeTarget& target);

}  // namespace maui::runtime
