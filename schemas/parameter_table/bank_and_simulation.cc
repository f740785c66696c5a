// The allocation manager (bank) and the simulation scalars: real Maui 3.3.1 names that this
// engine keeps but does not use.
//
// One topic of the parameter table (schemas/parameter_table.cc assembles the topics in a
// fixed order): a file per topic keeps a name's row beside its neighbours and each file one
// data table. "semantics N" is section N of docs/reference/maui-3.3-semantics.md.
#include <vector>

#include "schemas/parameter_table/row_builder.h"
#include "schemas/parameter_table/topics.h"

namespace maui::schema::table {

// --- allocation manager (bank) and simulation scalars ---------------------------------------------
std::vector<Row> bank_and_sim_rows() {
  return {
      P("BANKTYPE", T::String).section("6.4").means("Kind of allocation manager (bank), e.g. QBANK, RESD or FILE."),
      P("BANKHOST", T::String).section("6.4").means("Host of the allocation manager."),
      P("BANKSERVER", T::String).section("6.4").obsolete("BANKHOST").means("Old name of BANKHOST."),
      P("BANKPORT", T::Integer).section("6.4").means("Port of the allocation manager."),
      P("BANKPROTOCOL", T::String).section("6.4").means("Protocol used to talk to the allocation manager."),
      P("BANKTIMEOUT", T::Duration)
          .unit("seconds")
          .section("6.4")
          .means("How long to wait for the allocation manager."),
      P("BANKCHARGEPOLICY", T::Enum)
          .allowed("DEBITALLWC|DEBITSUCCESSFULWC|DEBITSUCCESSFULCPU|DEBITSUCCESSFULPE")
          .section("6.4")
          .means("What a job is charged for: all walltime, or walltime, CPU time or PEs of successful jobs."),
      P("BANKDEFERONJOBFAILURE", T::Boolean)
          .section("6.4")
          .means("Defer jobs whose allocation reservation fails instead of running them."),
      P("BANKFALLBACKACCOUNT", T::String)
          .section("6.4")
          .means("Account charged when the job's own account has no allocation left."),
      P("BANKFLUSHINTERVAL", T::Duration)
          .unit("seconds")
          .section("6.4")
          .means("How often charges are flushed to the allocation manager."),
      P("BANKAPPENDMACHINENAME", T::Boolean)
          .section("6.4")
          .means("Append the machine name to account names sent to the allocation manager."),
      P("SIMAUTOSHUTDOWN", T::Boolean).section("16.4").means("Simulation: stop when the workload trace is exhausted."),
      P("SIMCHECKPOINTINTERVAL", T::Duration)
          .unit("seconds")
          .section("16.4")
          .means("Simulation: checkpoint interval in simulated time."),
      P("SIMCOMRATE", T::Double).section("16.4").means("Simulation: communication rate between nodes."),
      P("SIMCOMTYPE", T::String).section("16.4").means("Simulation: communication model."),
      P("COMINTERFRAMECOST", T::Double).section("16.4").means("Simulation: communication cost between frames."),
      P("COMINTRAFRAMECOST", T::Double).section("16.4").means("Simulation: communication cost inside a frame."),
      P("SIMDEFAULTJOBFLAGS", T::StringList).section("16.4").means("Simulation: flags added to every simulated job."),
      P("SIMEXITITERATION", T::Integer).section("16.4").means("Simulation: iteration after which Maui exits."),
      P("SIMFLAGS", T::StringList).section("16.4").means("Simulation: behaviour flags (e.g. IGNHOSTLIST)."),
      P("SIMIGNOREJOBFLAGS", T::StringList)
          .section("16.4")
          .means("Simulation: job flags from the trace that are ignored."),
      P("SIMINITIALQUEUEDEPTH", T::Integer).section("16.4").means("Simulation: number of jobs queued at start."),
      P("SIMJOBSUBMISSIONPOLICY", T::String)
          .section("16.4")
          .means("Simulation: how jobs are submitted (NORMAL, CONSTANTJOBDEPTH or CONSTANTPSDEPTH)."),
      P("SIMNODECONFIGURATION", T::String).section("16.4").means("Simulation: how simulated nodes are configured."),
      P("SIMNODECOUNT", T::Integer).section("16.4").means("Simulation: number of simulated nodes."),
      P("SIMRANDOMIZEJOBSIZE", T::Boolean).section("16.4").means("Simulation: randomise job sizes."),
      P("SIMRESOURCETRACEFILE", T::String).section("16.4").means("Simulation: resource (node) trace file."),
      P("SIMSCALEJOBRUNTIME", T::Boolean).section("16.4").means("Simulation: scale job runtimes by node speed."),
      P("SIMSTARTTIME", T::DateTime).section("16.4").means("Simulation: simulated start time."),
      P("SIMSTOPITERATION", T::Integer).section("16.4").means("Simulation: iteration at which scheduling pauses."),
      P("SIMTIMEPOLICY", T::String).section("16.4").means("Simulation: how simulated time advances."),
      P("SIMWCACCURACY", T::Double).section("16.4").means("Simulation: accuracy of requested walltimes."),
      P("SIMWCACCURACYCHANGE", T::Double).section("16.4").means("Simulation: change applied to walltime accuracy."),
      P("SIMWCSCALINGPERCENT", T::Integer)
          .section("16.4")
          .means("Simulation: percentage by which walltimes are scaled."),
      P("SIMWORKLOADTRACEFILE", T::String).section("16.4").means("Simulation: workload (job) trace file."),
      P("PLOTMINTIME", T::Duration)
          .unit("seconds")
          .section("Appendix F")
          .means("Statistics matrix: shortest job duration shown."),
      P("PLOTMAXTIME", T::Duration)
          .unit("seconds")
          .section("Appendix F")
          .means("Statistics matrix: longest job duration shown."),
      P("PLOTTIMESCALE", T::Integer).section("Appendix F").means("Statistics matrix: number of duration columns."),
      P("PLOTMINPROC", T::Integer)
          .unit("procs")
          .section("Appendix F")
          .means("Statistics matrix: smallest job size shown."),
      P("PLOTMAXPROC", T::Integer)
          .unit("procs")
          .section("Appendix F")
          .means("Statistics matrix: largest job size shown."),
      P("PLOTPROCSCALE", T::Integer).section("Appendix F").means("Statistics matrix: number of job-size rows."),
  };
}

}  // namespace maui::schema::table
