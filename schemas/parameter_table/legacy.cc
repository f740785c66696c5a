// Maui 3.0 style scalars: the legacy throttles (MAXJOBPERUSERCOUNT ...), and the per-QOS, per-SR
// and per-RM settings written as NAME[INDEX] (QOSFLAGS[q], SRDAYS[sr], RMTYPE[0]).
//
// One topic of the parameter table (schemas/parameter_table.cc assembles the topics in a
// fixed order): a file per topic keeps a name's row beside its neighbours and each file one
// data table. "semantics N" is section N of docs/reference/maui-3.3-semantics.md.
#include <vector>

#include "schemas/parameter_table/row_builder.h"
#include "schemas/parameter_table/topics.h"
#include "schemas/parameter_table/value_spellings.h"

namespace maui::schema::table {

namespace {

constexpr std::string_view kLegacyThrottleNote =
    "Maui 3.0 style: stored as the limit of the DEFAULT credential before USERCFG[DEFAULT] / "
    "GROUPCFG[DEFAULT] / ACCOUNTCFG[DEFAULT] are read, so those lines override it";

}  // namespace

// --- Maui 3.0 style scalars: legacy throttles, per-QOS, per-SR and per-RM settings ----------------
std::vector<Row> legacy_rows() {
  return {
      // Throttles: COUNT = hard limit, SMAX...COUNT = soft limit, ...POLICY OFF clears the limit.
      P("MAXJOBPERUSERCOUNT", T::Integer)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .means("Hard limit on running jobs per user (sets USERCFG[DEFAULT] MAXJOB).")
          .maui331(kLegacyThrottleNote),
      P("SMAXJOBPERUSERCOUNT", T::Integer)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .means("Soft limit on running jobs per user.")
          .maui331(kLegacyThrottleNote),
      P("MAXJOBPERUSERPOLICY", T::Boolean)
          .section("6.2")
          .means("Turns the per-user running-job limit on or off.")
          .maui331(kLegacyThrottleNote),
      P("MAXJOBPERGROUPCOUNT", T::Integer)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .means("Hard limit on running jobs per group (sets GROUPCFG[DEFAULT] MAXJOB).")
          .maui331(kLegacyThrottleNote),
      P("SMAXJOBPERGROUPCOUNT", T::Integer)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .means("Soft limit on running jobs per group.")
          .maui331(kLegacyThrottleNote),
      P("MAXJOBPERGROUPPOLICY", T::Boolean)
          .section("6.2")
          .means("Turns the per-group running-job limit on or off.")
          .maui331(kLegacyThrottleNote),
      P("MAXJOBPERACCOUNTCOUNT", T::Integer)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .means("Hard limit on running jobs per account (sets ACCOUNTCFG[DEFAULT] MAXJOB).")
          .maui331(kLegacyThrottleNote),
      P("SMAXJOBPERACCOUNTCOUNT", T::Integer)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .means("Soft limit on running jobs per account.")
          .maui331(kLegacyThrottleNote),
      P("MAXJOBPERACCOUNTPOLICY", T::Boolean)
          .section("6.2")
          .means("Turns the per-account running-job limit on or off.")
          .maui331(kLegacyThrottleNote),
      P("MAXJOBQUEUEDPERUSERCOUNT", T::Integer)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .means("Hard limit on eligible (idle) jobs per user (sets USERCFG[DEFAULT] MAXIJOB).")
          .maui331(kLegacyThrottleNote),
      P("SMAXJOBQUEUEDPERUSERCOUNT", T::Integer)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .means("Soft limit on eligible (idle) jobs per user.")
          .maui331(kLegacyThrottleNote),
      P("MAXJOBQUEUEDPERUSERPOLICY", T::Boolean)
          .section("6.2")
          .means("Turns the per-user eligible-job limit on or off.")
          .maui331(kLegacyThrottleNote),
      P("MAXJOBQUEUEDPERGROUPCOUNT", T::Integer)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .means("Hard limit on eligible (idle) jobs per group.")
          .maui331(kLegacyThrottleNote),
      P("SMAXJOBQUEUEDPERGROUPCOUNT", T::Integer)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .means("Soft limit on eligible (idle) jobs per group.")
          .maui331(kLegacyThrottleNote),
      P("MAXJOBQUEUEDPERGROUPPOLICY", T::Boolean)
          .section("6.2")
          .means("Turns the per-group eligible-job limit on or off.")
          .maui331(kLegacyThrottleNote),
      P("MAXJOBQUEUEDPERACCOUNTCOUNT", T::Integer)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .means("Hard limit on eligible (idle) jobs per account.")
          .maui331(kLegacyThrottleNote),
      P("SMAXJOBQUEUEDPERACCOUNTCOUNT", T::Integer)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .means("Soft limit on eligible (idle) jobs per account.")
          .maui331(kLegacyThrottleNote),
      P("MAXJOBQUEUEDPERACCOUNTPOLICY", T::Boolean)
          .section("6.2")
          .means("Turns the per-account eligible-job limit on or off.")
          .maui331(kLegacyThrottleNote),
      P("MAXPROCPERUSERCOUNT", T::Integer)
          .unit("procs")
          .section("6.2")
          .used_by_engine()
          .means("Hard limit on processors in use per user (sets USERCFG[DEFAULT] MAXPROC).")
          .maui331(kLegacyThrottleNote),
      P("SMAXPROCPERUSERCOUNT", T::Integer)
          .unit("procs")
          .section("6.2")
          .used_by_engine()
          .means("Soft limit on processors in use per user.")
          .maui331(kLegacyThrottleNote),
      P("MAXPROCPERUSERPOLICY", T::Boolean)
          .section("6.2")
          .means("Turns the per-user processor limit on or off.")
          .maui331(kLegacyThrottleNote),
      P("MAXPROCPERGROUPCOUNT", T::Integer)
          .unit("procs")
          .section("6.2")
          .used_by_engine()
          .means("Hard limit on processors in use per group.")
          .maui331("Maui 3.3.1's table routes this name to the per-group node-limit handler; Maui 3.0 style, "
                   "overridden by GROUPCFG[DEFAULT]"),
      P("SMAXPROCPERGROUPCOUNT", T::Integer)
          .unit("procs")
          .section("6.2")
          .used_by_engine()
          .means("Soft limit on processors in use per group.")
          .maui331("Maui 3.3.1's table routes this name to the per-group node-limit handler; Maui 3.0 style, "
                   "overridden by GROUPCFG[DEFAULT]"),
      P("MAXPROCPERGROUPPOLICY", T::Boolean)
          .section("6.2")
          .means("Turns the per-group processor limit on or off.")
          .maui331("Maui 3.3.1's table routes this name to the per-group node-limit handler"),
      P("MAXPROCPERACCOUNTCOUNT", T::Integer)
          .unit("procs")
          .section("6.2")
          .used_by_engine()
          .means("Hard limit on processors in use per account.")
          .maui331("Maui 3.3.1's table routes this name to the per-account node-limit handler; Maui 3.0 style, "
                   "overridden by ACCOUNTCFG[DEFAULT]"),
      P("SMAXPROCPERACCOUNTCOUNT", T::Integer)
          .unit("procs")
          .section("6.2")
          .used_by_engine()
          .means("Soft limit on processors in use per account.")
          .maui331("Maui 3.3.1's table routes this name to the per-account node-limit handler; Maui 3.0 style, "
                   "overridden by ACCOUNTCFG[DEFAULT]"),
      P("MAXPROCPERACCOUNTPOLICY", T::Boolean)
          .section("6.2")
          .means("Turns the per-account processor limit on or off.")
          .maui331("Maui 3.3.1's table routes this name to the per-account node-limit handler"),
      P("MAXNODEPERUSERCOUNT", T::Integer)
          .unit("nodes")
          .section("6.2")
          .used_by_engine()
          .means("Hard limit on nodes in use per user (sets USERCFG[DEFAULT] MAXNODE).")
          .maui331(kLegacyThrottleNote),
      P("SMAXNODEPERUSERCOUNT", T::Integer)
          .unit("nodes")
          .section("6.2")
          .used_by_engine()
          .means("Soft limit on nodes in use per user.")
          .maui331(kLegacyThrottleNote),
      P("MAXNODEPERUSERPOLICY", T::Boolean)
          .section("6.2")
          .means("Turns the per-user node limit on or off.")
          .maui331(kLegacyThrottleNote),
      P("MAXPEPERUSERCOUNT", T::Integer)
          .unit("PEs")
          .section("6.2")
          .used_by_engine()
          .means("Hard limit on processor-equivalents in use per user (sets USERCFG[DEFAULT] MAXPE).")
          .maui331(kLegacyThrottleNote),
      P("SMAXPEPERUSERCOUNT", T::Integer)
          .unit("PEs")
          .section("6.2")
          .used_by_engine()
          .means("Soft limit on processor-equivalents in use per user.")
          .maui331(kLegacyThrottleNote),
      P("MAXPEPERUSERPOLICY", T::Boolean)
          .section("6.2")
          .means("Turns the per-user processor-equivalent limit on or off.")
          .maui331(kLegacyThrottleNote),
      P("MAXPROCSECONDPERUSERCOUNT", T::Integer)
          .unit("proc-seconds")
          .section("6.2")
          .used_by_engine()
          .means("Hard limit on outstanding processor-seconds per user (sets USERCFG[DEFAULT] MAXPS).")
          .maui331(kLegacyThrottleNote),
      P("SMAXPROCSECONDPERUSERCOUNT", T::Integer)
          .unit("proc-seconds")
          .section("6.2")
          .used_by_engine()
          .means("Soft limit on outstanding processor-seconds per user.")
          .maui331(kLegacyThrottleNote),
      P("MAXPROCSECONDPERUSERPOLICY", T::Boolean)
          .section("6.2")
          .means("Turns the per-user processor-second limit on or off.")
          .maui331(kLegacyThrottleNote),
      P("MAXPROCSECONDPERGROUPCOUNT", T::Integer)
          .unit("proc-seconds")
          .section("6.2")
          .used_by_engine()
          .means("Hard limit on outstanding processor-seconds per group.")
          .maui331(kLegacyThrottleNote),
      P("SMAXPROCSECONDPERGROUPCOUNT", T::Integer)
          .unit("proc-seconds")
          .section("6.2")
          .used_by_engine()
          .means("Soft limit on outstanding processor-seconds per group.")
          .maui331(kLegacyThrottleNote),
      P("MAXPROCSECONDPERGROUPPOLICY", T::Boolean)
          .section("6.2")
          .means("Turns the per-group processor-second limit on or off.")
          .maui331(kLegacyThrottleNote),
      P("MAXPROCSECONDPERACCOUNTCOUNT", T::Integer)
          .unit("proc-seconds")
          .section("6.2")
          .used_by_engine()
          .means("Hard limit on outstanding processor-seconds per account.")
          .maui331(kLegacyThrottleNote),
      P("SMAXPROCSECONDPERACCOUNTCOUNT", T::Integer)
          .unit("proc-seconds")
          .section("6.2")
          .used_by_engine()
          .means("Soft limit on outstanding processor-seconds per account.")
          .maui331(kLegacyThrottleNote),
      P("MAXPROCSECONDPERACCOUNTPOLICY", T::Boolean)
          .section("6.2")
          .means("Turns the per-account processor-second limit on or off.")
          .maui331(kLegacyThrottleNote),

      // Per-QOS scalars, index = QOS name or number; superseded by QOSCFG.
      P("QOSNAME", T::String).section("7.3").flags(kIndexed | kPerQos).means("Maui 3.0 style: name of QOS number N."),
      P("QOSPRIORITY", T::Integer)
          .section("7.3")
          .used_by_engine()
          .flags(kIndexed | kPerQos)
          .means("Maui 3.0 style: priority of QOS N (QOSCFG PRIORITY)."),
      P("QOSQTWEIGHT", T::Weight)
          .section("7.3")
          .used_by_engine()
          .flags(kIndexed | kPerQos)
          .means("Maui 3.0 style: extra queue-time weight for jobs of QOS N (QOSCFG QTWEIGHT)."),
      P("QOSXFWEIGHT", T::Weight)
          .section("7.3")
          .used_by_engine()
          .flags(kIndexed | kPerQos)
          .means("Maui 3.0 style: extra expansion-factor weight for jobs of QOS N (QOSCFG XFWEIGHT)."),
      P("QOSTARGETXF", T::Double)
          .section("7.3")
          .used_by_engine()
          .flags(kIndexed | kPerQos)
          .means("Maui 3.0 style: expansion-factor target of QOS N (QOSCFG XFTARGET).")
          .maui331("the manual spells it QOSXFTARGET"),
      P("QOSTARGETQT", T::Duration)
          .unit("seconds")
          .section("7.3")
          .used_by_engine()
          .flags(kIndexed | kPerQos)
          .means("Maui 3.0 style: queue-time target of QOS N (QOSCFG QTTARGET).")
          .maui331("broken: an integer parameter read as a string, so the target is always 0; the manual spells it "
                   "QOSQTTARGET"),
      P("QOSFLAGS", T::EnumList)
          .allowed(kQosFlags)
          .section("7.3")
          .used_by_engine()
          .flags(kIndexed | kPerQos)
          .means("Maui 3.0 style: flags of QOS N (QOSCFG QFLAGS).")
          .maui331(kQosFlagsNote),

      // Per-standing-reservation scalars, index = SR name or number; same meaning as SRCFG.
      P("SRACCESS", T::Enum)
          .allowed(kSrAccess)
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG ACCESS: may the reservation share resources with other reservations.")
          .maui331("behaves as SHARED unless DEDICATED is given"),
      P("SRACCOUNTLIST", T::AclList)
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG ACCOUNTLIST: accounts allowed to use the reservation (blank separated)."),
      P("SRCHARGEACCOUNT", T::String)
          .section("7.1.5")
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG CHARGEACCOUNT: account charged for idle reserved cycles."),
      P("SRCLASSLIST", T::AclList)
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG CLASSLIST: classes allowed to use the reservation."),
      P("SRDAYS", T::DayList)
          .defaults_to("ALL")
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG DAYS: weekdays on which the reservation exists."),
      P("SRDEPTH", T::Integer)
          .defaults_to("2")
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG DEPTH: number of periods reserved ahead."),
      P("SRSTARTTIME", T::Duration)
          .defaults_to("00:00:00")
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG STARTTIME: time of day the reservation starts."),
      P("SRENDTIME", T::Duration)
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG ENDTIME: time of day the reservation ends (unset = end of day)."),
      P("SRWSTARTTIME", T::Duration)
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG WSTARTTIME: start as an offset into the week, D:HH:MM:SS (day 0 = Sunday)."),
      P("SRWENDTIME", T::Duration)
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG WENDTIME: end as an offset into the week, D:HH:MM:SS."),
      P("SRFEATURES", T::StringList)
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG NODEFEATURES: node features the reserved nodes must have."),
      P("SRFLAGS", T::EnumList)
          .allowed(kSrFlags)
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG FLAGS: reservation flags."),
      P("SRGROUPLIST", T::AclList)
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG GROUPLIST: groups allowed to use the reservation."),
      P("SRHOSTLIST", T::HostList)
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG HOSTLIST: hosts the reservation may use."),
      P("SRIDLETIME", T::Duration)
          .section("7.1.5")
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG IDLETIME: idle time after which the reservation may be released."),
      P("SRMAXTASKS", T::Integer)
          .section("7.1.5")
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style: maximum tasks of the reservation."),
      P("SRMINTASKS", T::Integer)
          .section("7.1.5")
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style: minimum tasks of the reservation."),
      P("SRMINLOAD", T::Double)
          .section("7.1.5")
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style: minimum load for the reservation to stay active."),
      P("SRMAXTIME", T::AclList)
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG MAXTIME / TIMELIMIT: longest overlap a job may have with the reservation."),
      P("SRNAME", T::String)
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style: name of standing reservation N."),
      P("SRPARTITION", T::String)
          .defaults_to("ALL")
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG PARTITION: partition the reservation is placed in."),
      P("SRPERIOD", T::Enum)
          .allowed(kSrPeriods)
          .defaults_to("DAY")
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG PERIOD: DAY, WEEK or INFINITY."),
      P("SRPRIORITY", T::Integer)
          .defaults_to("0")
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG PRIORITY: priority of the reservation."),
      P("SRQOSLIST", T::AclList)
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG QOSLIST: QOS allowed to use the reservation."),
      P("SRRESOURCES", T::Resources)
          .defaults_to("PROCS=-1")
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG RESOURCES: resources of one reserved task."),
      P("SRTASKCOUNT", T::Integer)
          .defaults_to("0")
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG TASKCOUNT: number of tasks reserved."),
      P("SRTIMELOGIC", T::Enum)
          .allowed(kTimeLogic)
          .section("7.1.5")
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG TIMELOGIC: combine the time limit with the other ACLs by AND or OR.")
          .maui331("obsolete since 3.2.6: no effect; mark the time limit as required with a trailing *"),
      P("SRTPN", T::Integer)
          .defaults_to("0")
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG TPN: minimum tasks per node."),
      P("SRUSERLIST", T::AclList)
          .section("7.1.5")
          .accepted()
          .flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG USERLIST: users allowed to use the reservation."),

      // Per-resource-manager scalars, index = RM number; superseded by RMCFG.
      P("RMTYPE", T::String)
          .defaults_to("PBS")
          .section("13.2")
          .flags(kIndexed | kPerRm)
          .means("Legacy RMCFG TYPE: kind of resource manager N (PBS, LL, WIKI, SGE, SSS, LSF, NATIVE or OTHER, "
                 "optionally :RMS)."),
      P("RMHOST", T::String)
          .section("13.2")
          .flags(kIndexed | kPerRm)
          .means("Legacy RMCFG HOST: host of resource manager N."),
      P("RMSERVER", T::String).section("13.2").obsolete("RMHOST").flags(kIndexed | kPerRm).means("Old name of RMHOST."),
      P("RMPORT", T::Integer)
          .defaults_to("0")
          .section("13.2")
          .flags(kIndexed | kPerRm)
          .means("Legacy RMCFG PORT: port of resource manager N (0 = the RM's default)."),
      P("RMTIMEOUT", T::Duration)
          .unit("seconds")
          .defaults_to("00:00:09")
          .section("13.2")
          .flags(kIndexed | kPerRm)
          .means("Legacy RMCFG TIMEOUT: how long to wait for resource manager N.")
          .maui331("code default is 9 s (the manual says 15)"),
      P("RMAUTHTYPE", T::Enum)
          .allowed(kRmAuthTypes)
          .defaults_to("CHECKSUM")
          .section("13.2")
          .flags(kIndexed | kPerRm)
          .means("Legacy RMCFG AUTHTYPE: how Maui authenticates to resource manager N."),
      P("RMNMPORT", T::Integer)
          .section("13.2")
          .flags(kIndexed | kPerRm)
          .means("Legacy RMCFG NMPORT: port of the node monitor of resource manager N."),
      P("RMCONFIGFILE", T::String)
          .section("13.2")
          .flags(kIndexed | kPerRm)
          .means("Legacy RMCFG CONFIGFILE: configuration file of resource manager N."),
      P("RMEPORT", T::Integer)
          .section("13.2")
          .flags(kIndexed | kPerRm)
          .means("Legacy RMCFG EPORT: event port of resource manager N."),
      P("RMLOCALDISKFS", T::String)
          .section("13.2")
          .flags(kIndexed | kPerRm)
          .means("Legacy RMCFG LOCALDISKFS: file system reported as node local disk."),
      P("RMNAME", T::String)
          .section("13.2")
          .flags(kIndexed | kPerRm)
          .means("Legacy RMCFG NAME: name of resource manager N."),
  };
}

}  // namespace maui::schema::table
