// Reservation access (manual 7.1.5 "ACLs", reference §7.2): may this job use the resources of
// this reservation, and with which affinity?
//
// A standing or administrative reservation's ACL is its USERLIST, GROUPLIST, ACCOUNTLIST,
// CLASSLIST, QOSLIST, JOBATTRLIST, TIMELIMIT/MAXTIME, PROCLIMIT and TASKLIMIT entries
// (ir::AclEntry). The decision for one reservation:
//   1. a matching NOT entry (`!x`) denies;
//   2. every required entry (`x*`) must match;
//   3. when the ACL has plain entries, at least one must match (OR within a reservation); a NOT
//      entry counts as plain and is met by every job it does not exclude (docs/semantics.md
//      decision 27, the manual's Example 4; Maui 3.3.1 only excludes with it);
//   4. an ACL of NOT entries only admits everyone they do not exclude;
//   5. an ACL with no entries admits nobody (a SYSTEM reservation).
// Entries compare: USER/GROUP/ACCOUNT/CLASS/QOS names exactly; TIMELIMIT/MAXTIME overlap <=
// value; PROCLIMIT job procs <= value; TASKLIMIT job tasks <= value. JOBATTRLIST PREEMPTEE and
// PREEMPTOR match a job whose QOS has that flag (reference §2.6: the QOS flag is the job's flag);
// other attributes match no job (docs/semantics.md 87).
// Affinity is that of the last entry, in entry order, that the job meets (`+` positive, `-`
// negative, `=` neutral); a NOT entry the job merely does not hit gives its affinity only when
// no other entry matched.
// Across overlapping reservations access is AND: the calendar (runtime/engine/calendar.h) subtracts
// every reservation the job cannot access.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "runtime/engine/model.h"
#include "runtime/engine/qos_flags.h"
#include "schemas/ir.h"

namespace maui::runtime {

// What the ACL entries compare against: the job's credentials, its QOS as resolved (a job with
// no QOS has its default QOS), its requested procs and tasks, and how long it would overlap the
// reservation (TIMELIMIT compares the overlap, or the job's walltime when not known).
struct AccessRequest {
  const Job* job = nullptr;
  std::string_view qos;  // the job's effective QOS (empty: Job::qos as it is)
  Seconds overlap = 0;   // seconds the job would overlap the reservation; 0 = unknown (walltime)
  // The flags of that QOS: its PREEMPTEE and PREEMPTOR are the job's attributes (JOBATTRLIST).
  // None: the job has no attributes.
  const QosFlags* qos_flags = nullptr;
};

struct AccessDecision {
  bool granted = false;
  ir::AclEntry::Affinity affinity = ir::AclEntry::Affinity::Positive;
  // The entry that decided (the denying NOT entry, the missing required entry, or on access
  // the plain entry that admitted the job: one naming it in preference to a NOT entry, the last
  // of either kind; with no plain entries the last required entry); null when the ACL is empty,
  // the request has no job, or no plain entry matched.
  const ir::AclEntry* decided_by = nullptr;
};

AccessDecision check_access(std::span<const ir::AclEntry> acl, const AccessRequest& request);

// The ACL as SRCFG writes it, in entry order grouped by attribute: "USERLIST=john,!bob
// QOSLIST=high* TIMELIMIT=1:00:00" ('!' NOT, '*' required, '-' negative and '=' neutral
// affinity); "[NONE]" for an empty ACL (no job may use the reservation).
std::string acl_text(std::span<const ir::AclEntry> acl);

}  // namespace maui::runtime
