// Whole-policy checks (one function per rule), registered in checker/rules.cc.
#pragma once

#include "parser/lower.h"
#include "schemas/rule_ids.h"

namespace maui::checker {

void check_undefined_references(const Compilation&, DiagnosticSink&);
void check_default_not_in_list(const Compilation&, DiagnosticSink&);
void check_sr_start_after_end(const Compilation&, DiagnosticSink&);
void check_sr_week_times(const Compilation&, DiagnosticSink&);
void check_sr_default_access(const Compilation&, DiagnosticSink&);
void check_acl_not_entries(const Compilation&, DiagnosticSink&);
void check_missing_serverhost(const Compilation&, DiagnosticSink&);
void check_component_weight_defaults(const Compilation&, DiagnosticSink&);
void check_fairshare_window_defaults(const Compilation&, DiagnosticSink&);
void check_xfactor_min_walltime_default(const Compilation&, DiagnosticSink&);
void check_reject_negative_default(const Compilation&, DiagnosticSink&);
void check_default_idle_limit(const Compilation&, DiagnosticSink&);
void check_override_scope(const Compilation&, DiagnosticSink&);
void check_soft_backfill_pass(const Compilation&, DiagnosticSink&);
void check_backfill_policy(const Compilation&, DiagnosticSink&);
void check_target_queue_time(const Compilation&, DiagnosticSink&);
void check_preemption_peers(const Compilation&, DiagnosticSink&);
void check_no_effect(const Compilation&, DiagnosticSink&);

}  // namespace maui::checker
