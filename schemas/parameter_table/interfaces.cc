// RMCFG, AMCFG and CLIENTCFG attributes: the resource manager, allocation manager and client
// interfaces (manual 13.2, 6.4).
//
// One topic of the parameter table (schemas/parameter_table.cc assembles the topics in a
// fixed order): a file per topic keeps a name's row beside its neighbours and each file one
// data table. "semantics N" is section N of docs/reference/maui-3.3-semantics.md.
#include <vector>

#include "schemas/parameter_table/row_builder.h"
#include "schemas/parameter_table/topics.h"
#include "schemas/parameter_table/value_spellings.h"

namespace maui::schema::table {

// --- RMCFG, AMCFG, CLIENTCFG attributes (13.2, 6.4; semantics 2.1) ----------------------------------
std::vector<Row> interface_rows() {
  return {
      A("TYPE", kRm, T::String)
          .defaults_to("PBS")
          .section("13.2")
          .means(
              "Kind of resource manager: PBS, LL, WIKI, SGE, SSS, LSF, NATIVE or OTHER, optionally followed by :RMS."),
      A("HOST", kRm, T::String).section("13.2").means("Host of the resource manager server."),
      A("PORT", kRm, T::Integer)
          .defaults_to("0")
          .section("13.2")
          .means("Port of the resource manager server (0 = its default)."),
      A("AUTHTYPE", kRm, T::Enum)
          .allowed(kRmAuthTypes)
          .defaults_to("CHECKSUM")
          .section("13.2")
          .means("How Maui authenticates to the resource manager."),
      A("TIMEOUT", kRm, T::Duration)
          .unit("seconds")
          .defaults_to("00:00:09")
          .section("13.2")
          .means("How long to wait for the resource manager.")
          .maui331("code default is 9 s (the manual says 15)"),
      A("NMPORT", kRm, T::Integer).section("13.2").means("Port of the node monitor."),
      A("NMSERVER", kRm, T::String).section("13.2").means("Host of the node monitor."),
      A("EPORT", kRm, T::Integer).section("13.2").means("Port on which the resource manager sends events."),
      A("CONFIGFILE", kRm, T::String).section("13.2").means("Configuration file of the resource manager interface."),
      A("LOCALDISKFS", kRm, T::String).section("13.2").means("File system reported as node local disk."),
      A("MINETIME", kRm, T::Duration)
          .unit("seconds")
          .section("13.2")
          .means("Minimum time between resource manager events."),
      A("NAME", kRm, T::String).section("13.2").means("Name of the resource manager."),
      A("SUSPENDSIG", kRm, T::String).section("13.2").means("Signal used to suspend jobs."),
      A("VERSION", kRm, T::String).section("13.2").means("Version of the resource manager."),
      A("ASYNCJOBSTART", kRm, T::Boolean)
          .section("13.2")
          .means("Start jobs without waiting for the resource manager to confirm."),
      A("SOCKETPROTOCOL", kRm | kAm, T::String).section("13.2").means("Socket protocol used to talk to the server."),
      A("WIREPROTOCOL", kRm | kAm, T::String)
          .section("13.2")
          .means("Wire (message) protocol used to talk to the server."),
      A("CSALGO", kRm | kAm | kClient, T::String)
          .section("Appendix F")
          .means("Checksum algorithm of the shared-secret authentication (e.g. DES, HMAC, MD5)."),
      A("CSKEY", kRm | kAm | kClient, T::Text)
          .section("Appendix F")
          .flags(kSecret)
          .means("Shared secret key for authentication; keep it in maui-private.cfg."),
      // Moab resource manager attributes seen in the corpus.
      A("RESOURCETYPE", kRm, T::String)
          .section("Moab")
          .moab_only()
          .means("Moab: what the resource manager provides (COMPUTE, LICENSE, STORAGE, PROV, ...)."),
      A("SUBMITCMD", kRm, T::String).section("Moab").moab_only().means("Moab: path of the job submission command."),
      A("CLUSTERQUERYURL", kRm, T::Text)
          .section("Moab")
          .moab_only()
          .means("Moab native RM: URL or exec:// script that reports nodes and resources."),
      A("SYSTEMQUERYURL", kRm, T::Text)
          .section("Moab")
          .moab_only()
          .means("Moab native RM: URL or script that reports system information."),
      A("SYSTEMMODIFYURL", kRm, T::Text)
          .section("Moab")
          .moab_only()
          .means("Moab native RM: URL or script that changes system resources."),
      A("FLAGS", kRm, T::StringList)
          .section("Moab")
          .moab_only()
          .means("Moab: resource manager flags (e.g. autosync, static)."),
      A("DEFAULTNODEAPP", kRm, T::String)
          .section("Moab")
          .moab_only()
          .means("Moab Service Manager: default application plugin for nodes."),
      A("LOGFILE", kRm, T::String)
          .section("Moab")
          .moab_only()
          .means("Moab Service Manager: log file of the resource manager interface."),
      A("LOGLEVEL", kRm | kApp, T::Integer)
          .range(0, 9, "Maui's log levels are 0 to 9")
          .section("Moab")
          .moab_only()
          .means("Moab Service Manager: log verbosity of the interface or plugin."),
      A("POLLINTERVAL", kRm | kApp, T::Duration)
          .unit("seconds")
          .section("Moab")
          .moab_only()
          .means("Moab: how often the interface or plugin is polled."),
      A("PROVDURATION", kRm, T::Duration)
          .unit("seconds")
          .section("Moab")
          .moab_only()
          .means("Moab: expected duration of node provisioning."),
      A("TARGETUSAGE", kRm, T::String)
          .section("Moab")
          .moab_only()
          .means("Moab storage RM: usage level to aim for (e.g. 80%)."),
      A("JOBRSVRECREATE", kRm, T::Boolean)
          .section("Moab")
          .moab_only()
          .means("Moab: recreate job reservations after the resource manager restarts."),
      // Allocation manager.
      A("TYPE", kAm, T::String)
          .section("6.4")
          .means("Kind of allocation manager, e.g. QBANK, GOLD, RESD, FILE or NONE."),
      A("HOST", kAm, T::String).section("6.4").means("Host of the allocation manager."),
      A("PORT", kAm, T::Integer).section("6.4").means("Port of the allocation manager."),
      A("TIMEOUT", kAm, T::Duration)
          .unit("seconds")
          .section("6.4")
          .means("How long to wait for the allocation manager."),
      A("DEFERJOBONFAILURE", kAm, T::Boolean)
          .section("6.4")
          .means("Defer jobs whose allocation reservation fails instead of running them."),
      A("CHARGEPOLICY", kAm, T::String).section("6.4").means("What a job is charged for (e.g. DEBITSUCCESSFULWC)."),
      A("FALLBACKACCOUNT", kAm, T::String)
          .section("6.4")
          .means("Account charged when the job's own account has no allocation left."),
      A("FLUSHINTERVAL", kAm, T::Duration)
          .unit("seconds")
          .section("6.4")
          .means("How often charges are flushed to the allocation manager."),
      A("APPENDMACHINENAME", kAm, T::Boolean)
          .section("6.4")
          .means("Append the machine name to account names sent to the allocation manager."),
  };
}

}  // namespace maui::schema::table
