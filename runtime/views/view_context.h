// What Maui's client commands look at (showq, checkjob, showres, showbf, showstart, diagnose,
// checknode, showconfig): the scheduler's world after an iteration. `mauirun serve` publishes
// one after every turn for its admin socket; `mauirun simulate --stop-at SECOND` builds one at
// that second of a trace. Views are pure functions of it: the same context, the same bytes.
#pragma once

#include <span>

#include "runtime/engine/credentials.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/model.h"
#include "runtime/engine/reservations.h"
#include "runtime/engine/scheduler.h"

namespace maui::runtime {

struct ViewContext {
  const CredentialDirectory& dir;  // the policy in force
  // The cluster as the last iteration saw it, with the scheduler's memory of each job (Job::sched:
  // bypass count, system priority, holds it keeps, defers) merged in; `now` is its time.
  const ClusterSnapshot& cluster;
  // An iteration on `cluster` with every waiting job explained (SchedulerInput::explain): the
  // queue's priorities and eligibility (every violated limit), the reservations of every kind
  // (job, standing instances, administrative) as booked, why each eligible job waits, and the
  // jobs that can never run. Its starts are what the scheduler decided at that moment.
  const IterationResult& iteration;
  std::span<const AdminReservation> admin_reservations;  // setres / --reservation, with their ACLs
  const FairshareStanding* fairshare = nullptr;          // null: fairshare off
  bool scheduling_stopped = false;                       // schedctl -s: views work, nothing starts
  // The site's time zone, for the dates the views print: local = epoch + utc_offset (the
  // cycle's, SchedulingCycle::utc_offset; CycleOptions::utc_offset).
  Seconds utc_offset = 0;
};

}  // namespace maui::runtime
