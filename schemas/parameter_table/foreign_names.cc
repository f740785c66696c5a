// Names that are no Maui 3.3.1 parameter: tokens that leaked into Maui 3.3.1's own name list, and
// the misspellings, manual spellings and Moab or other-version names seen in real configs,
// manuals and seeds (each row says what was meant, so that lint can say it).
//
// One topic of the parameter table (schemas/parameter_table.cc assembles the topics in a
// fixed order): a file per topic keeps a name's row beside its neighbours and each file one
// data table. "semantics N" is section N of docs/reference/maui-3.3-semantics.md.
#include <vector>

#include "schemas/parameter_table/row_builder.h"
#include "schemas/parameter_table/topics.h"
#include "schemas/parameter_table/value_spellings.h"

namespace maui::schema::table {

// --- tokens in Maui 3.3.1's extracted name list that are not parameters -------------------------
std::vector<Row> junk_rows() {
  return {
      P("NONE", T::String)
          .section("Appendix F")
          .ignored()
          .means("An internal placeholder (the [NONE] marker) that leaked into Maui 3.3.1's parameter name list; not a "
                 "parameter."),
      P("SUN", T::String)
          .section("Appendix F")
          .ignored()
          .means("A weekday value that leaked into Maui 3.3.1's parameter name list; not a parameter."),
      P("Sun", T::String)
          .section("Appendix F")
          .ignored()
          .means("A weekday value that leaked into Maui 3.3.1's parameter name list; not a parameter."),
      P("InclusiveShared", T::String)
          .section("Appendix F")
          .ignored()
          .means("A reservation-sharing value that leaked into Maui 3.3.1's parameter name list; not a parameter."),
      P("RESCANCEL", T::String)
          .section("Appendix F")
          .ignored()
          .means("A reservation-cancel keyword that appears in Maui 3.3.1's parameter name list without any documented "
                 "parameter behind it."),
  };
}

// --- names seen in configs, manuals or seeds that Maui 3.3.1 does not know ----------------------
std::vector<Row> foreign_scalar_rows() {
  return {
      // Misspellings and manual spellings of real names.
      P("ADMINHOST", T::StringList)
          .section("Appendix F")
          .misspelling("ADMINHOSTS")
          .means("Common misspelling of ADMINHOSTS; Maui silently ignores it."),
      P("LOGFILEROLEDEPTH", T::Integer)
          .section("14.2")
          .misspelling("LOGFILEROLLDEPTH")
          .means("Misspelling of LOGFILEROLLDEPTH used as a puppet-module default; Maui silently ignores it."),
      P("TARGWEIGHT", T::Weight)
          .section("5.1.2")
          .manual_name("TARGETWEIGHT")
          .flags(kParScoped)
          .means("The manual's spelling of TARGETWEIGHT; Maui 3.3.1 only knows TARGETWEIGHT."),
      P("XFACTOR", T::Weight)
          .section("5.1.2")
          .misspelling("XFACTORWEIGHT")
          .flags(kParScoped)
          .means("Not a parameter: the expansion-factor priority weight is XFACTORWEIGHT."),
      P("CPUWEIGHT", T::Weight)
          .section("5.1.2")
          .misspelling("PROCWEIGHT")
          .flags(kParScoped)
          .means("Not a Maui parameter: the per-processor priority weight is PROCWEIGHT."),
      P("FAIRSHAREWEIGHT", T::Weight)
          .section("5.1.2")
          .misspelling("FSWEIGHT")
          .flags(kParScoped)
          .means("Old manual spelling of FSWEIGHT; Maui 3.3.1 ignores it."),
      P("RESOURCEWEIGHT", T::Weight)
          .section("5.1.2")
          .misspelling("RESWEIGHT")
          .flags(kParScoped)
          .means("Old manual spelling of RESWEIGHT; Maui 3.3.1 ignores it."),
      P("MEMORYWEIGHT", T::Weight)
          .section("5.1.2")
          .misspelling("MEMWEIGHT")
          .flags(kParScoped)
          .means("Old manual spelling of MEMWEIGHT; Maui 3.3.1 ignores it."),
      P("USAGECONSUMEDWEIGHT", T::Weight)
          .section("5.1.2")
          .manual_name("CONSUMEDWEIGHT")
          .flags(kParScoped)
          .means("The manual's spelling of CONSUMEDWEIGHT; Maui 3.3.1 ignores it."),
      P("USAGEREMAININGWEIGHT", T::Weight)
          .section("5.1.2")
          .manual_name("REMAININGWEIGHT")
          .flags(kParScoped)
          .means("The manual's spelling of REMAININGWEIGHT; Maui 3.3.1 ignores it."),
      P("USAGEPERCENTWEIGHT", T::Weight)
          .section("5.1.2")
          .manual_name("PERCENTWEIGHT")
          .flags(kParScoped)
          .means("The manual's spelling of PERCENTWEIGHT; Maui 3.3.1 ignores it."),
      P("QOSXFTARGET", T::Double)
          .section("7.3")
          .manual_name("QOSTARGETXF")
          .flags(kIndexed | kPerQos)
          .means("The manual's spelling of QOSTARGETXF; Maui 3.3.1 ignores it (use QOSCFG XFTARGET)."),
      P("QOSQTTARGET", T::Duration)
          .section("7.3")
          .manual_name("QOSTARGETQT")
          .flags(kIndexed | kPerQos)
          .means("The manual's spelling of QOSTARGETQT; Maui 3.3.1 ignores it (use QOSCFG QTTARGET)."),
      P("ALLOCATIONPOLICY", T::Enum)
          .allowed(kNodeAllocationPolicies)
          .section("5.2")
          .misspelling("NODEALLOCATIONPOLICY")
          .flags(kParScoped)
          .means("Old manual spelling of NODEALLOCATIONPOLICY; Maui 3.3.1 ignores it."),
      P("DOWNNODEDELAYTIME", T::Duration)
          .section("Appendix F")
          .misspelling("NODEDOWNSTATEDELAYTIME")
          .means("Old manual spelling of NODEDOWNSTATEDELAYTIME; Maui 3.3.1 ignores it."),
      P("NOTIFYSCRIPT", T::String)
          .section("Appendix F")
          .misspelling("NOTIFICATIONPROGRAM")
          .means("Old spelling of NOTIFICATIONPROGRAM; Maui 3.3.1 ignores it."),
      P("PURGETIME", T::Duration)
          .section("Appendix F")
          .misspelling("JOBPURGETIME")
          .means("Old spelling of JOBPURGETIME; Maui 3.3.1 ignores it."),
      P("SYSTEMMAXJOBPROC", T::Integer)
          .section("6.2")
          .misspelling("SYSTEMMAXPROCPERJOB")
          .flags(kParScoped)
          .means("Old manual spelling of SYSTEMMAXPROCPERJOB; Maui 3.3.1 ignores it."),
      P("SYSTEMMAXJOBPROCSECOND", T::Integer)
          .section("6.2")
          .misspelling("SYSTEMMAXPROCSECONDPERJOB")
          .flags(kParScoped)
          .means("Old manual spelling of SYSTEMMAXPROCSECONDPERJOB; Maui 3.3.1 ignores it."),
      P("BANKCHARGEMODE", T::String)
          .section("6.4")
          .misspelling("BANKCHARGEPOLICY")
          .means("Old spelling of BANKCHARGEPOLICY; Maui 3.3.1 ignores it."),
      P("SCHEDULINGCRITERIA", T::Enum)
          .allowed(kBackfillMetrics)
          .section("8.2")
          .misspelling("BACKFILLMETRIC")
          .flags(kParScoped)
          .means("Name used in the backfill chapter for the best-fit metric; the parameter is BACKFILLMETRIC."),

      // Names from Maui 3.2, later Maui manuals or Moab that Maui 3.3.1 ignores.
      P("ENFORCERESOURCELIMITS", T::Boolean)
          .section("10.4")
          .moab_only()
          .means("Maui 3.2 / Moab switch for enforcing job resource limits; Maui 3.3.1 ignores it.")
          .maui331("ignored: use RESOURCELIMITPOLICY"),
      P("SYSTEMDEFAULTJOBWALLTIME", T::Duration)
          .section("Moab")
          .moab_only()
          .means("Walltime given to jobs that request none (Moab); Maui 3.3.1 ignores it."),
      P("QOSFEATURES", T::StringList)
          .section("7.3")
          .moab_only()
          .flags(kIndexed | kPerQos)
          .means("Maui 3.0 style node features required by QOS N; not in Maui 3.3.1's table."),
      P("SIMRMRANDOMDELAY", T::Integer)
          .section("16.4")
          .moab_only()
          .means("Older simulation setting (random resource manager delay); not in Maui 3.3.1's table."),
      P("SIMTIMERATIO", T::Integer)
          .section("16.4")
          .moab_only()
          .means("Older simulation setting (simulated to real time ratio); not in Maui 3.3.1's table."),
      P("MAXJOB", T::Integer)
          .section("Moab")
          .moab_only()
          .means("Moab: maximum number of jobs the scheduler keeps track of; Maui 3.3.1 ignores it."),
      P("USEDATABASE", T::String)
          .section("Moab")
          .moab_only()
          .means("Moab: where Moab stores its internal data (e.g. INTERNAL); Maui 3.3.1 ignores it."),
      P("CLIENTUIPORT", T::Integer)
          .section("Moab")
          .moab_only()
          .means("Moab: port for the client user interface; Maui 3.3.1 ignores it."),
      P("UIMANAGEMENTPOLICY", T::String)
          .section("Moab")
          .moab_only()
          .means("Moab: how client requests are served (e.g. FORK); Maui 3.3.1 ignores it."),
      P("AGGREGATENODEACTIONS", T::Boolean)
          .section("Moab")
          .moab_only()
          .means("Moab: batch node provisioning and power actions together; Maui 3.3.1 ignores it."),
      P("JOBPRIOEXCEPTIONS", T::StringList)
          .section("Moab")
          .moab_only()
          .means("Moab: job states (e.g. BATCHHOLD, DEPENDS) that still accrue queue-time priority; Maui 3.3.1 ignores "
                 "it."),
      P("NODEIDLEPOWERTHRESHOLD", T::Duration)
          .section("Moab")
          .moab_only()
          .means("Moab: idle time after which a node is powered off; Maui 3.3.1 ignores it."),
      P("NODEIDLEPURGETIME", T::Duration)
          .section("Moab")
          .moab_only()
          .means("Moab: idle time after which a dynamic node is removed; Maui 3.3.1 ignores it."),
  };
}

}  // namespace maui::schema::table
