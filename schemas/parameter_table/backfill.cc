// Backfill, job reservations and node allocation (manual 5.2, 7.1 and 8.2).
//
// One topic of the parameter table (schemas/parameter_table.cc assembles the topics in a
// fixed order): a file per topic keeps a name's row beside its neighbours and each file one
// data table. "semantics N" is section N of docs/reference/maui-3.3-semantics.md.
#include <vector>

#include "schemas/parameter_table/row_builder.h"
#include "schemas/parameter_table/topics.h"
#include "schemas/parameter_table/value_spellings.h"

namespace maui::schema::table {

// --- backfill, reservations, node allocation (5.2, 7.1, 8.2; semantics 2.4) --------------------
std::vector<Row> backfill_rows() {
  return {
      P("BACKFILLPOLICY", T::Enum)
          .allowed(kBackfillPolicies)
          .defaults_to("FIRSTFIT")
          .section("8.2")
          .used_by_engine()
          .flags(kParScoped)
          .means("Backfill algorithm used to start lower-priority jobs in gaps without delaying reserved jobs.")
          .maui331("boolean false means NONE; BESTTIMEFIT and LAZY fall back to FIRSTFIT; GREEDY starts nothing; the "
                   "soft backfill pass is skipped"),
      P("BACKFILLTYPE", T::Enum)
          .allowed(kBackfillPolicies)
          .defaults_to("FIRSTFIT")
          .section("8.2")
          .obsolete("BACKFILLPOLICY")
          .flags(kParScoped)
          .means("Old name of BACKFILLPOLICY."),
      P("BACKFILLDEPTH", T::Integer)
          .unit("jobs")
          .range(0, 1e9, "a backfill depth is a count (0 = all jobs)")
          .defaults_to("0")
          .section("8.2")
          .used_by_engine()
          .flags(kParScoped)
          .means("Maximum number of candidate jobs considered per backfill window (0 = all)."),
      P("BACKFILLMETRIC", T::Enum)
          .allowed(kBackfillMetrics)
          .defaults_to("PROCS")
          .section("8.2")
          .used_by_engine()
          .flags(kParScoped)
          .means("What BESTFIT and GREEDY backfill maximise: processors, nodes, processor-seconds or seconds.")
          .maui331("NODES behaves like PROCS; the manual's PE and PESECONDS do not exist"),
      P("BACKFILLMAXSCHEDULES", T::Integer)
          .defaults_to("10000")
          .section("8.2")
          .used_by_engine()
          .flags(kParScoped)
          .means("Upper bound on the schedules GREEDY backfill evaluates."),
      P("BACKFILLPROCFACTOR", T::Integer)
          .defaults_to("0")
          .section("8.2")
          .flags(kParScoped)
          .means("Backfill processor factor.")
          .maui331("read but unused"),
      P("BFCHUNKDURATION", T::Duration)
          .unit("seconds")
          .defaults_to("00:00:00")
          .section("8.2")
          .used_by_engine()
          .flags(kParScoped)
          .means("After a job ends, how long freed resources are kept for jobs of at least BFCHUNKSIZE processors.")
          .maui331("only FIRSTFIT backfill chunks"),
      P("BFCHUNKSIZE", T::Integer)
          .unit("procs")
          .defaults_to("0")
          .section("8.2")
          .used_by_engine()
          .flags(kParScoped)
          .means("Minimum job size allowed to use chunked backfill resources (0 = chunking off)."),
      P("BFPRIORITYPOLICY", T::Enum)
          .allowed(kBfPriorityPolicies)
          .defaults_to("NONE")
          .section("8.2")
          .flags(kParScoped)
          .means("Order in which PREEMPT backfill considers jobs (RANDOM, DURATION or HWDURATION)."),
      P("RESERVATIONPOLICY", T::Enum)
          .allowed(kReservationPolicies)
          .defaults_to("CURRENTHIGHEST")
          .section("7.1.4")
          .used_by_engine()
          .flags(kParScoped)
          .means("How priority reservations are kept: only for the current top jobs, for every job that once got one, "
                 "or never."),
      P("RESERVATIONDEPTH", T::Integer)
          .unit("jobs")
          .range(0, 1e9, "a reservation depth is a count")
          .defaults_to("1")
          .section("7.1.4")
          .used_by_engine()
          .flags(kIndexed | kPerReservationGroup)
          .means("Number of top blocked jobs that get a priority reservation, per QOS group (index = group number).")
          .maui331("no index means group 0; the default 1 gives liberal (EASY-like) backfill"),
      P("RESERVATIONQOSLIST", T::StringList)
          .defaults_to("[ALL]")
          .section("7.1.4")
          .used_by_engine()
          .flags(kIndexed | kPerReservationGroup)
          .means("QOS names that belong to reservation-depth group N (blank separated, or [ALL]).")
          .maui331("unknown QOS names are created; the bare word ALL creates a QOS named ALL, [ALL] ends the list"),
      P("RESERVATIONRETRYTIME", T::Duration)
          .unit("seconds")
          .defaults_to("00:00:00")
          .section("7.1.4")
          .flags(kParScoped)
          .means("How long to retry starting a reserved job whose nodes the resource manager reports inconsistently."),
      P("RESERVATIONTHRESHOLDTYPE", T::Enum)
          .allowed(kThresholdTypes)
          .defaults_to("NONE")
          .section("7.1.4")
          .used_by_engine()
          .flags(kParScoped)
          .means("Only jobs whose bypass count, queue time or expansion factor exceeds RESERVATIONTHRESHOLDVALUE get "
                 "reservations."),
      P("RESERVATIONTHRESHOLDVALUE", T::Integer)
          .defaults_to("0")
          .section("7.1.4")
          .used_by_engine()
          .flags(kParScoped)
          .means("Threshold for RESERVATIONTHRESHOLDTYPE (QUEUETIME: seconds)."),
      P("NODEALLOCATIONPOLICY", T::Enum)
          .allowed(kNodeAllocationPolicies)
          .defaults_to("LASTAVAILABLE")
          .section("5.2")
          .used_by_engine()
          .flags(kParScoped)
          .means("How nodes are chosen among the feasible ones for a job.")
          .maui331("FIRSTAVAILABLE has an inverted affinity test; MINLOCAL and MINGLOBAL allocate nothing; FIRSTSET "
                   "makes allocation fail"),
      P("SYSTEMMAXPROCPERJOB", T::Integer)
          .unit("procs")
          .section("6.2")
          .used_by_engine()
          .flags(kParScoped)
          .means("Largest number of processors a single job may request; larger jobs are deferred."),
      P("SYSTEMMAXJOBWALLTIME", T::Duration)
          .unit("seconds")
          .section("6.2")
          .used_by_engine()
          .flags(kParScoped)
          .means("Longest walltime a single job may request; longer jobs are deferred."),
      P("SYSTEMMAXPROCSECONDPERJOB", T::Integer)
          .unit("proc-seconds")
          .section("6.2")
          .used_by_engine()
          .flags(kParScoped)
          .means("Largest processors times walltime a single job may request; larger jobs are deferred."),
  };
}

}  // namespace maui::schema::table
