// The reservations of one scheduling iteration: standing reservation instances (SRCFG),
// administrative reservations (setres), and job reservations (the priority reservations that
// protect blocked jobs, seed 8.2). Each gets a ReservationId, its bookings in the calendar, and
// answers "may this job use me" for the job's Viewer.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "runtime/engine/acl.h"
#include "runtime/engine/calendar.h"
#include "runtime/engine/credentials.h"
#include "runtime/engine/standing_reservations.h"
#include "schemas/ir.h"
#include "schemas/problem.h"

namespace maui::runtime {

enum class ReservationKind : std::uint8_t { Job, Standing, Admin };
std::string_view to_string(ReservationKind);

// A plain value: no pointer into the policy or the snapshot but node positions (NodeTasks::node
// indexes the snapshot's nodes it was made on; the cycle maps them by name to another snapshot's),
// so that it can be carried to the next iteration, through a reload, and saved.
struct Reservation {
  ReservationId id = 0;
  ReservationKind kind = ReservationKind::Job;
  std::string name;  // job id; `<SR>.<depth>`; the admin reservation's name
  Epoch start = 0, end = 0;
  std::vector<NodeTasks> nodes;  // what it holds (tasks of per_task on each node)
  Resources per_task;
  std::vector<ir::AclEntry> acl;      // standing and admin reservations
  bool dedicated = false;             // shares its node-time with no other reservation
  bool whole_nodes = false;           // Job: holds its nodes whole (runtime/engine/node_access.h)
  NodeUser user;                      // Job: its user, when SINGLEUSER applies (runtime/engine/calendar.h)
  std::size_t job = 0;                // Job: index of the job in the snapshot
  std::int64_t wanted_tasks = 0;      // Standing: TASKCOUNT (0 = every candidate's fill)
  std::string standing;               // Standing: the SRCFG name
  bool rm = false, magnetic = false;  // Admin: the resource manager's (AdminReservation::rm, magnetic)
};

// Whether `job` (at `self` in the snapshot; none: a probe, as showbf's) may use reservation r: its
// own job reservation, an RM reservation it asked for by name (or, magnetic, one whose ACL admits
// it), a standing or administrative one whose ACL admits it (runtime/engine/acl.h).
bool may_use(const Reservation& r, const Job& job, std::optional<std::size_t> self, const AccessRequest& access);

// A job's priority reservation as ReservationTable::add_job books it (id 0, not yet booked).
Reservation job_reservation(std::size_t job, const std::string& job_id, Epoch start, Epoch end,
                            const Resources& per_task, std::vector<NodeTasks> nodes, bool whole_nodes = false,
                            NodeUser user = {});

class ReservationTable {
 public:
  ReservationTable(const CredentialDirectory& dir, ResourceCalendar& calendar) : dir_(dir), calendar_(calendar) {}

  const std::vector<Reservation>& all() const { return reservations_; }
  // The reservations, moved out when the table is done with.
  std::vector<Reservation> release() && { return std::move(reservations_); }
  const Reservation& operator[](ReservationId r) const { return reservations_[r]; }

  // Books every instance of the standing reservations that overlaps [now, horizon).
  // Host-locked instances take the listed hosts whatever runs there (Maui's force mode);
  // floating ones (TASKCOUNT) take free nodes, fewest resources first, best effort, and keep
  // the nodes of `previous` instances of the same name while those stay valid. Problems (a bad
  // HOSTLIST, a refused flag, an incomplete instance) are appended to `warnings`, each at the
  // line of the SRCFG attribute it concerns. `kept`: placements planned by an earlier
  // iteration, used while they still hold (none: planned afresh).
  void add_standing(const ir::Policy& policy, const ClusterSnapshot& snapshot, const ReservationClock& clock,
                    Epoch horizon, std::span<const Reservation> previous, std::vector<Problem>& warnings,
                    StandingPlans* kept = nullptr);
  // Books administrative reservations; unknown hosts are warnings (of no config line: an
  // operator made the reservation).
  void add_admin(std::span<const AdminReservation> admin, std::vector<Problem>& warnings);
  // A job's reservation on the given nodes (the whole of each node for a whole-node job).
  ReservationId add_job(std::size_t job, const std::string& job_id, Epoch start, Epoch end, const Resources& per_task,
                        std::vector<NodeTasks> nodes, bool whole_nodes = false, NodeUser user = {});

  // Which reservations this job may use, for a job window of `walltime` seconds starting at
  // `start` (TIMELIMIT compares the overlap; a start of nullopt assumes the whole walltime
  // overlaps). `self` is the job's index in the snapshot.
  Viewer viewer(const Job& job, std::size_t self, std::string_view qos, std::optional<Epoch> start) const;
  // The same into `out`, reusing its storage (the scheduler asks for thousands of viewers).
  void viewer(const Job& job, std::size_t self, std::string_view qos, std::optional<Epoch> start, Viewer& out) const;
  // Whether some reservation's ACL judges the overlap (TIMELIMIT / MAXTIME).
  bool any_time_limited() const;
  // The affinity of the job for reservation r (for a reservation it may use).
  ir::AclEntry::Affinity affinity(const Job& job, std::string_view qos, ReservationId r) const;

 private:
  ReservationId add(Reservation r);
  // The job attributes (QOS flags) an ACL check needs, when some ACL has JOBATTRLIST entries.
  const QosFlags* attributes(std::string_view qos) const;
  template <class Overlap>
  void fill_viewer(const Job& job, std::size_t self, std::string_view qos, Viewer& v, Overlap overlap) const;
  void place_standing(const ir::StandingReservation& sr, const StandingPlacement& plan, const ReservationInstance& when,
                      std::span<const Reservation> previous, std::vector<Problem>& warnings);

  const CredentialDirectory& dir_;
  ResourceCalendar& calendar_;
  std::vector<Reservation> reservations_;
  bool any_job_attributes_ = false;  // some reservation's ACL has a JOBATTRLIST entry
};

}  // namespace maui::runtime
