// One scheduling iteration on a snapshot, as the simulator runs one (`mauirun schedule`): the
// snapshot becomes the simulated cluster (SimulatedCluster(ClusterSnapshot)), the scheduling
// cycle is made for its nodes as a simulation makes it, its clock moved to the snapshot's `now`,
// and one iteration runs, its decisions carried out by the simulated RM. The same snapshot given
// to `mauirun serve --once --dry-run` is meant to give the same starts (issue 24).
//
// Two differences from an iteration inside a simulation, both for the reader's sake: the
// iteration runs even when no waiting job fits in the free procs (a simulation skips it: it
// starts nothing, and its reservations are placed again by the next one), and the cycle has no
// memory of earlier iterations (fairshare usage, reservations kept by RESERVATIONPOLICY HIGHEST
// or a floating standing reservation) beyond what the snapshot's jobs carry. The last job end
// backfill chunking counts from is the latest end_time of the snapshot's completed jobs.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/cycle/scheduling_cycle.h"
#include "runtime/engine/credentials.h"
#include "runtime/engine/model.h"
#include "runtime/engine/reservations.h"
#include "schemas/problem.h"

namespace maui::runtime {

struct SnapshotIterationOptions {
  Seconds utc_offset = 0;  // the site's time zone: local = epoch + utc_offset
  bool fast_path = true;   // as a simulation: the EASY fast path where it applies
  // As `mauirun serve --dry-run`: every decision is answered done and none is carried out, so
  // the cluster stays the snapshot, with only the scheduler's memory of its jobs (bypass
  // counts) changed by the iteration, as serve's views show it after such a turn; and every
  // waiting job is explained, as serve explains them.
  bool dry_run = false;
};

struct SnapshotIteration {
  // The cluster after the decisions were carried out, its jobs and nodes where the snapshot had
  // them: the report's and reservations' indices index it.
  ClusterSnapshot cluster;
  IterationReport report;                 // ran is false when no job waited
  std::vector<Reservation> reservations;  // the iteration's: job, standing and administrative
  // Policy the engine cannot honour (at its config line); starts the RM refused (no line).
  std::vector<Problem> warnings;
  std::optional<FairshareStanding> fairshare;  // the standing the iteration used; none: fairshare off
};

SnapshotIteration iterate_snapshot(const CredentialDirectory& dir, ClusterSnapshot snapshot,
                                   const SnapshotIterationOptions& options = {});

}  // namespace maui::runtime
