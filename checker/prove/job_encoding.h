// A symbolic job over the World: per credential kind one Boolean per name of World::names,
// exactly one of them true (Boolean literals keep the thousands of per-credential implications
// cheap to propagate), its task count (one proc per task) and its walltime in seconds. The
// reservation ACL encoding mirrors runtime/engine/acl.h check_access rule for rule, and every model
// is turned back into a runtime::Job so that the runtime's own evaluators can replay it.
#pragma once

#include <z3++.h>

#include <array>
#include <span>

#include "checker/prove/smt.h"
#include "checker/prove/world.h"
#include "runtime/engine/model.h"

namespace maui::prove {

struct SymbolicJob {
  std::vector<std::vector<z3::expr>> is;  // [kind in ir::kCredKinds order][name index]
  z3::expr tasks;
  z3::expr walltime;
};

// Declares the variables (named with `prefix`) and their domains as background facts.
SymbolicJob declare_job(Session& s, const World& w, const std::string& prefix);

z3::expr has_credential(const SymbolicJob& j, const World& w, ir::CredKind k, const std::string& name);

// The job may use a reservation with this ACL (runtime/engine/acl.h, decision 27). When `blame` is
// given, each entry's condition is tracked with its line and the result is a fresh Bool that
// the caller asserts; otherwise the plain formula.
z3::expr acl_admits(const SymbolicJob& j, const World& w, std::span<const ir::AclEntry> acl);

// The same condition as acl_admits, asserted as labelled constraints (one per NOT entry, one
// per required entry, one for the OR of the plain entries) so that an unsat core names the
// ACL lines that exclude the job.
void track_acl(Session& s, const SymbolicJob& j, const World& w, const ir::StandingReservation& sr);
// "class interactive AND (user helpdesk OR group operations OR group sysadmin)"
std::string acl_text(std::span<const ir::AclEntry> acl);

// The job may run under QOS `qos`: its default QOS or one its access list gives it (runtime
// CredentialDirectory::may_use_qos, rule for rule; docs/semantics.md 78).
z3::expr may_use_qos(const SymbolicJob& j, const World& w, const std::string& qos);

// Only jobs that can run: the job's QOS is one it may use, as a background fact. Properties of
// what runs (starvation, coverage) assume it; priority assertions and bounds are about the
// priority function and take any QOS.
void assume_qos_access(Session& s, const SymbolicJob& j, const World& w);

// The job a model describes (the QOS as the job's explicit QOS).
runtime::Job job_from_model(z3::model& m, const SymbolicJob& j, const World& w, const std::string& id);

// Preferred shapes of a witness, tried in order as extra assumptions: small, one-hour jobs first.
std::vector<std::vector<z3::expr>> witness_preferences(const SymbolicJob& j);

// Sets the job's credential of one kind.
void set_credential(runtime::Job& job, ir::CredKind kind, const std::string& name);
// A job with every credential OTHER (QOS DEFAULT), one task, one hour, submitted at kWeekStart.
runtime::Job plain_job(const World& w, const std::string& id);

// {"user":"steve","group":...,"tasks":1,"walltime":"1:00:00"}
llvm::json::Object job_json(const runtime::Job& job);
// "user steve, group staff, class batch, QOS hiprio, 1 task, walltime 1:00:00"
std::string job_text(const runtime::Job& job);

}  // namespace maui::prove
