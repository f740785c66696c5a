// The steps of a migration, in the order migrate_to_slurm runs them (internal to migrate/).
// Each reads the IR through the context, decides Slurm objects (ctx.slurm) and classifies the
// settings it used (ctx.ledger); write_files then writes the objects as lines, and the last
// steps report.
#pragma once

#include "migrate/context.h"

namespace maui::migrate {

// priority_weights.cc: the multifactor weights, QOS / partition / association priorities and
// the scaling from Maui's raw factors (slurm.conf Priority* lines).
void plan_priority(Context& ctx);
// accounting.cc: QOS, accounts and user associations: shares (FSTARGET), QOS lists (QLIST,
// QDEF), default accounts (ADEF), the priorities plan_priority chose.
void plan_accounting(Context& ctx);
// limits.cc: the throttling limits (MAXJOB, MAXPROC, MAXNODE, MAXPS, ...) on associations, QOS
// and partition QOS.
void plan_limits(Context& ctx);
// partitions.cc: the partitions the classes become (PartitionName= lines, live updates).
void plan_partitions(Context& ctx);
// scheduling.cc: backfill, preemption, overrun, fairshare decay, enforcement, the poll interval.
void plan_scheduling(Context& ctx);
// reservations.cc: the standing reservations (scontrol create reservation).
void plan_reservations(Context& ctx);
// slurm_files.cc: ctx.slurm written as slurm.conf lines and the two scripts' commands.
void write_files(Context& ctx);
// expected_state.cc: what scontrol and sacctmgr will show (MIGRATION.md's tables).
void expect_state(Context& ctx);
// reference_jobs.cc: a few jobs' priorities under Maui's formula and the migrated Slurm one.
void compare_reference_jobs(Context& ctx);
// settings.cc: every setting of every file read, with what the steps said of it, and for the
// settings no step used, why (unused_settings.cc).
void account_for_settings(Context& ctx);

}  // namespace maui::migrate
