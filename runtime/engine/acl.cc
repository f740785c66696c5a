#include "runtime/engine/acl.h"

#include <algorithm>

namespace maui::runtime {

namespace {

using Kind = ir::AclEntry::Kind;

// The job's credential an entry of `kind` names. The QOS is the one resolved by the caller
// (the job's own when the caller left it empty).
std::string_view credential_of(Kind kind, const AccessRequest& request) {
  const Job& job = *request.job;
  switch (kind) {
    case Kind::User: return job.user;
    case Kind::Group: return job.group;
    case Kind::Account: return job.account;
    case Kind::Class: return job.job_class;
    case Kind::Qos: return request.qos.empty() ? std::string_view(job.qos) : request.qos;
    default: return {};
  }
}

// TIMELIMIT / MAXTIME compare how long the job would sit in the reservation; when the caller
// does not know (overlap 0), the whole walltime is the overlap.
Seconds overlap_of(const AccessRequest& request) {
  return request.overlap > 0 ? request.overlap : request.job->walltime;
}

// Does the job have what `e` names, ignoring `!`? (A NOT entry "matches" the credential it
// excludes.)
bool names_job(const ir::AclEntry& e, const AccessRequest& request) {
  switch (e.kind) {
    case Kind::User:
    case Kind::Group:
    case Kind::Account:
    case Kind::Class:
    case Kind::Qos: return credential_of(e.kind, request) == e.value;
    // A job's attributes are its QOS's PREEMPTEE and PREEMPTOR flags; it has no other.
    case Kind::JobAttr:
      return request.qos_flags && ((e.value == "PREEMPTEE" && request.qos_flags->preemptee) ||
                                   (e.value == "PREEMPTOR" && request.qos_flags->preemptor));
    case Kind::Duration: return overlap_of(request) <= e.number;
    case Kind::Procs: return request.job->procs() <= e.number;
    case Kind::Tasks: return request.job->tasks <= e.number;
  }
  return false;
}

}  // namespace

// Decision 27 (docs/semantics.md): a NOT entry `!x` is satisfied by every job whose credential
// of that kind is none of the negated names, and a satisfied NOT entry counts in the OR like a
// plain entry (the manual's Example 4). Once step 1 has found no NOT entry naming the job, every
// NOT entry is satisfied, so "satisfied" below is `names_job` for plain entries and its
// negation for NOT entries.
//
// Affinity: the last entry, in entry order, that names the job (a plain or required entry it
// meets). A satisfied NOT entry names nothing about the job, so its affinity is used only when
// no other entry names the job: `QOSLIST=high,special-` with `ACCOUNTLIST=!projectX` keeps
// QOS special's negative affinity for an account-projectZ job.
//
// decided_by on access: the plain entry that let the job in (one that names it before a NOT
// entry), or with no plain entries the last required one.
AccessDecision check_access(std::span<const ir::AclEntry> acl, const AccessRequest& request) {
  AccessDecision d;
  if (acl.empty() || request.job == nullptr) return d;  // a SYSTEM reservation: nobody

  for (const auto& e : acl)
    if (e.negated && names_job(e, request)) {
      d.decided_by = &e;
      d.affinity = e.affinity;
      return d;
    }

  struct Last {
    const ir::AclEntry* named = nullptr;        // any positive entry the job meets
    const ir::AclEntry* not_entry = nullptr;    // any (satisfied) NOT entry
    const ir::AclEntry* plain_named = nullptr;  // a plain positive entry the job meets
    const ir::AclEntry* plain_not = nullptr;    // a plain NOT entry
    const ir::AclEntry* required = nullptr;
  } last;
  bool has_plain = false;
  for (const auto& e : acl) {
    bool satisfied = e.negated || names_job(e, request);
    if (e.required && !satisfied) {
      d.decided_by = &e;  // the missing required entry
      d.affinity = e.affinity;
      return d;
    }
    has_plain |= !e.required;
    if (!satisfied) continue;
    (e.negated ? last.not_entry : last.named) = &e;
    if (e.required)
      last.required = &e;
    else
      (e.negated ? last.plain_not : last.plain_named) = &e;
  }
  const ir::AclEntry* admitted_by = last.plain_named ? last.plain_named : last.plain_not;
  if (has_plain && !admitted_by) return d;  // nothing in the OR matched

  d.granted = true;
  d.decided_by = admitted_by ? admitted_by : last.required;
  if (const ir::AclEntry* a = last.named ? last.named : last.not_entry) d.affinity = a->affinity;
  return d;
}

std::string acl_text(std::span<const ir::AclEntry> acl) {
  if (acl.empty()) return "[NONE]";
  using K = ir::AclEntry::Kind;
  auto attribute = [](K k) -> std::string_view {
    switch (k) {
      case K::User: return "USERLIST";
      case K::Group: return "GROUPLIST";
      case K::Account: return "ACCOUNTLIST";
      case K::Class: return "CLASSLIST";
      case K::Qos: return "QOSLIST";
      case K::JobAttr: return "JOBATTRLIST";
      case K::Duration: return "TIMELIMIT";
      case K::Procs: return "PROCLIMIT";
      case K::Tasks: return "TASKLIMIT";
    }
    return "?";
  };
  std::vector<K> order;  // attributes in the order of their first entry
  for (const auto& e : acl)
    if (std::find(order.begin(), order.end(), e.kind) == order.end()) order.push_back(e.kind);
  std::string out;
  for (K k : order) {
    if (!out.empty()) out += ' ';
    out += attribute(k);
    char separator = '=';
    for (const auto& e : acl) {
      if (e.kind != k) continue;
      out += separator;
      separator = ',';
      if (e.negated) out += '!';
      out += e.value;
      if (e.required) out += '*';
      if (e.affinity == ir::AclEntry::Affinity::Negative) out += '-';
      if (e.affinity == ir::AclEntry::Affinity::Neutral) out += '=';
    }
  }
  return out;
}

}  // namespace maui::runtime
