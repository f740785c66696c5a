// The scheduler core's parameters: the server, logging, checkpointing, administrators and
// the rest of Appendix F that no other topic claims.
//
// One topic of the parameter table (schemas/parameter_table.cc assembles the topics in a
// fixed order): a file per topic keeps a name's row beside its neighbours and each file one
// data table. "semantics N" is section N of docs/reference/maui-3.3-semantics.md.
#include <vector>

#include "schemas/parameter_table/row_builder.h"
#include "schemas/parameter_table/topics.h"
#include "schemas/parameter_table/value_spellings.h"

namespace maui::schema::table {

// --- scheduler core, server, logging, checkpointing, misc. (Appendix F; semantics 2.1) ---------
std::vector<Row> core_rows() {
  return {
      P("SERVERHOST", T::String)
          .section("Appendix F")
          .flags(kRequired)
          .means("Host name the Maui server runs on; clients connect to it.")
          .maui331("required: Maui exits with \"parameter 'SERVERHOST' must be specified\" if unset"),
      P("SERVERPORT", T::Integer)
          .range(1, 65535, "a TCP port is 1 to 65535")
          .defaults_to("40559")
          .section("Appendix F")
          .means("TCP port the Maui server listens on for client commands."),
      P("SERVERMODE", T::Enum)
          .allowed(kServerModes)
          .defaults_to("NORMAL")
          .section("Appendix F")
          .means("Run mode: NORMAL schedules for real, TEST only logs decisions, SIMULATION replays traces."),
      P("SERVERNAME", T::String)
          .section("Appendix F")
          .means("Name of this scheduler instance (defaults to the host name)."),
      P("SERVERHOMEDIR", T::String)
          .section("Appendix F")
          .means("Maui home directory (default from the environment or compile time)."),
      P("SERVERCONFIGFILE", T::String).section("Appendix F").means("Path of the main configuration file."),
      P("RMPOLLINTERVAL", T::Duration)
          .unit("seconds")
          .range(1, 1e12, "the scheduler must wake up at least once")
          .defaults_to("00:01:00")
          .section("Appendix F")
          .used_by_engine()
          .means("Longest time between scheduling iterations (the resource manager is polled at least this often).")
          .maui331("the scheduler wakes earlier on client commands and job events; fairshare usage is charged with the "
                   "real iteration length"),
      P("JOBAGGREGATIONTIME", T::Duration)
          .unit("seconds")
          .defaults_to("00:00:00")
          .section("Appendix F")
          .means("Minimum wait after a job event before a new scheduling iteration starts."),
      P("MAXSLEEPITERATION", T::Integer)
          .defaults_to("1")
          .section("Appendix F")
          .means("Force a full scheduling pass at least every N iterations."),
      P("ADMIN1", T::StringList)
          .section("Appendix F")
          .means("Users with full administrator rights (level 1); ALL allows everybody.")
          .maui331("the user running Maui is the primary level-1 admin; list items are separated by blanks only"),
      P("ADMIN2", T::StringList)
          .section("Appendix F")
          .means("Users with level-2 (operator) rights: may change jobs and reservations but not the configuration."),
      P("ADMIN3", T::StringList)
          .section("Appendix F")
          .means("Users with level-3 (help desk) rights: may run all status commands."),
      P("ADMIN4", T::StringList)
          .section("Appendix F")
          .means("Users with level-4 rights: may run limited status commands."),
      P("ADMINS", T::StringList).section("Appendix F").means("Additional administrator users."),
      P("ADMINHOSTS", T::StringList)
          .section("Appendix F")
          .means("Hosts from which administrator commands are accepted."),
      P("LOGDIR", T::String)
          .defaults_to("log/")
          .section("14.2")
          .means("Directory of the Maui log file (relative to the home directory)."),
      P("LOGFILE", T::String).defaults_to("maui.log").section("14.2").means("Name of the Maui log file."),
      P("LOGLEVEL", T::Integer)
          .range(0, 9, "Maui's log levels are 0 to 9")
          .defaults_to("0")
          .section("14.2")
          .means("Log verbosity, 0 (quiet) to 9 (everything)."),
      P("LOGFACILITY", T::EnumList)
          .allowed(kLogFacilities)
          .defaults_to("fALL")
          .section("14.2")
          .means("Subsystems whose messages are logged.")
          .maui331("matched by substring, so `fRM:fPBS` in one token also works"),
      P("LOGFILEMAXSIZE", T::Integer)
          .unit("bytes")
          .defaults_to("1000000")
          .section("14.2")
          .means("Size at which the log file is rolled.")
          .maui331("code default is 1000000 bytes (the manual says 10000000)"),
      P("LOGFILEROLLDEPTH", T::Integer)
          .defaults_to("1")
          .section("14.2")
          .means("Number of rolled log files kept.")
          .maui331("code default is 1 (the manual says 2)"),
      P("USESYSLOG", T::Boolean).section("14.2").means("Also send log messages to syslog."),
      P("STATDIR", T::String)
          .defaults_to("stats/")
          .section("Appendix F")
          .means("Directory for statistics and the fairshare window files FS.<epoch>."),
      P("TOOLSDIR", T::String)
          .defaults_to("tools/")
          .section("Appendix F")
          .means("Directory of helper scripts and tools."),
      P("LOCKFILE", T::String)
          .defaults_to("maui.pid")
          .section("Appendix F")
          .means("Lock file that prevents two Maui servers from running at once."),
      P("CHECKPOINTFILE", T::String)
          .defaults_to("maui.ck")
          .section("Appendix F")
          .means("File where Maui saves its state (jobs, reservations, statistics)."),
      P("CHECKPOINTINTERVAL", T::Duration)
          .unit("seconds")
          .defaults_to("00:05:00")
          .section("Appendix F")
          .means("How often the state checkpoint is written.")
          .maui331("each checkpoint also rewrites the current fairshare window file"),
      P("CHECKPOINTEXPIRATIONTIME", T::Duration)
          .unit("seconds")
          .defaults_to("3:11:20:00")
          .section("Appendix F")
          .means("How long checkpointed information about a job stays valid.")
          .maui331(
              "code default is 300000 s (the manual says INFINITY); -1, INFINITY, NONE and UNLIMITED mean no expiry"),
      P("CLIENTTIMEOUT", T::Duration)
          .unit("seconds")
          .defaults_to("00:00:30")
          .section("Appendix F")
          .means("How long client commands wait for the server to answer.")
          .maui331("the configured value is capped at 1000 seconds"),
      P("DEFERTIME", T::Duration)
          .unit("seconds")
          .defaults_to("01:00:00")
          .section("Appendix F")
          .means("How long a deferred job stays on hold before it is reconsidered."),
      P("DEFERCOUNT", T::Integer)
          .defaults_to("24")
          .section("Appendix F")
          .means("Number of defers after which a job gets a batch hold."),
      P("DEFERSTARTCOUNT", T::Integer)
          .defaults_to("1")
          .section("Appendix F")
          .means("Number of failed start attempts after which a job is deferred."),
      P("JOBPURGETIME", T::Duration)
          .unit("seconds")
          .defaults_to("00:00:00")
          .section("Appendix F")
          .means("How long a job that vanished from the resource manager is remembered."),
      P("NODEPURGETIME", T::Duration)
          .unit("seconds")
          .defaults_to("INFINITY")
          .section("Appendix F")
          .means("How long a node that vanished from the resource manager is remembered."),
      P("JOBSYNCTIME", T::Duration)
          .unit("seconds")
          .defaults_to("00:10:00")
          .section("Appendix F")
          .means("Grace time before job state differences with the resource manager are resolved."),
      P("NODESYNCTIME", T::Duration)
          .unit("seconds")
          .defaults_to("00:10:00")
          .section("Appendix F")
          .means("Grace time before node state differences with the resource manager are resolved."),
      P("JOBMAXOVERRUN", T::Duration)
          .unit("seconds")
          .defaults_to("00:10:00")
          .section("Appendix F")
          .means("How far past its wallclock limit a job may run before it is cancelled.")
          .maui331("code default is 600 s (the manual says 0); -1 means unlimited"),
      P("JOBMAXSTARTTIME", T::Duration)
          .unit("seconds")
          .defaults_to("INFINITY")
          .section("Appendix F")
          .flags(kParScoped)
          .means("How long a job may stay in the Starting state before it is treated as failed."),
      P("NODEDOWNSTATEDELAYTIME", T::Duration)
          .unit("seconds")
          .defaults_to("01:00:00")
          .section("Appendix F")
          .means("How long a node reported down is still expected to come back (used for reservations).")
          .maui331("code default is 3600 s (the manual gives 0 or 24 hours)"),
      P("NODEPOLLFREQUENCY", T::Integer)
          .defaults_to("0")
          .section("Appendix F")
          .means("Query node details from the resource manager every N iterations (0 = every time)."),
      P("NODEMAXLOAD", T::Double)
          .defaults_to("0")
          .section("12.3")
          .means("Default maximum load of a node before it is considered busy (0 = no limit)."),
      P("NODELOADPOLICY", T::Enum)
          .allowed("ADJUSTSTATE|ADJUSTPROCS")
          .defaults_to("ADJUSTSTATE")
          .section("12.3")
          .flags(kParScoped)
          .means(
              "What Maui does when a node's load is above its limit: mark it busy, or reduce its usable processors."),
      P("NODEACCESSPOLICY", T::Enum)
          .allowed(kNodeAccessPolicies)
          .defaults_to("SHARED")
          .section("5.3")
          .used_by_engine()
          .means("Whether jobs may share a node: SHARED, SINGLEJOB (whole node), SINGLETASK (whole node, one task) or "
                 "SINGLEUSER (shared with jobs of the same user only)."),
      P("NODEALLOCMAXPS", T::Boolean)
          .defaults_to("FALSE")
          .section("Appendix F")
          .means("With SINGLEJOB node access, count processor-second usage as nodes times time instead of processors "
                 "times time."),
      P("NODEUNTRACKEDLOADFACTOR", T::Double)
          .defaults_to("1.2")
          .section("12.3")
          .means("Factor applied to node load that is not caused by batch jobs."),
      P("NODECPUOVERCOMMITFACTOR", T::Double)
          .section("12.3")
          .means("Factor by which a node's processors may be overcommitted."),
      P("NODEMEMOVERCOMMITFACTOR", T::Double)
          .section("12.3")
          .means("Factor by which a node's memory may be overcommitted."),
      P("RESDEPTH", T::Integer)
          .defaults_to("24")
          .section("Appendix F")
          .means("Maximum number of reservations per node (size of each node's reservation table)."),
      P("RESCTLPOLICY", T::Enum)
          .allowed("ADMINONLY|ANY")
          .defaults_to("ADMINONLY")
          .section("7.1.3")
          .means("Who may create administrative reservations."),
      P("PREEMPTPOLICY", T::Enum)
          .allowed(kPreemptPolicies)
          .defaults_to("REQUEUE")
          .section("8.4")
          .used_by_engine()
          .means("How a preemptor job displaces a preemptee: requeue, suspend or checkpoint it, or overcommit the node "
                 "(the engine requeues; the others are reported)."),
      P("WCVIOLATIONACTION", T::Enum)
          .allowed("CANCEL|PREEMPT")
          .defaults_to("CANCEL")
          .section("Appendix F")
          .means("What to do with a job that exceeds its wallclock limit."),
      P("DEFAULTCLASSLIST", T::StringList)
          .defaults_to("[DEFAULT:1]")
          .section("Appendix F")
          .means("Classes assumed to exist on nodes whose resource manager reports none."),
      P("DISPLAYFLAGS", T::EnumList)
          .allowed("NODECENTRIC")
          .section("Appendix F")
          .means("Output options for client commands (NODECENTRIC shows nodes instead of processors)."),
      P("NOTIFICATIONPROGRAM", T::String)
          .section("Appendix F")
          .means("Program run to notify administrators of events."),
      P("NOTIFICATIONINTERVAL", T::Duration)
          .unit("seconds")
          .section("Appendix F")
          .means("Minimum time between two notifications about the same event."),
      P("FEEDBACKPROGRAM", T::String).section("17.1").means("Program run when a job completes, for user feedback."),
      P("MAILPROGRAM", T::String).section("Appendix F").means("Program used to send mail notifications."),
      P("FEATURENODETYPEHEADER", T::String)
          .section("12.2")
          .means("Node feature prefix that sets the node type (e.g. xnt makes feature xntfast mean node type fast)."),
      P("FEATUREPARTITIONHEADER", T::String)
          .section("12.2")
          .means("Node feature prefix that sets the node's partition."),
      P("FEATUREPROCSPEEDHEADER", T::String)
          .section("12.2")
          .means("Node feature prefix that sets the node's processor speed."),
      P("ENABLEMULTINODEJOBS", T::Boolean)
          .defaults_to("TRUE")
          .section("Appendix F")
          .flags(kParScoped)
          .means("Allow jobs that span several nodes."),
      P("ENABLEMULTIREQJOBS", T::Boolean)
          .defaults_to("FALSE")
          .section("Appendix F")
          .flags(kParScoped)
          .means("Allow jobs with several different resource requirements (multi-req jobs)."),
      P("USEMACHINESPEED", T::Boolean)
          .defaults_to("FALSE")
          .section("Appendix F")
          .ignored()
          .means("Scale job walltime by the speed of the nodes it runs on.")
          .maui331("cannot be set from maui.cfg: routed to a NULL partition and silently dropped"),
      P("MINADMINSTIME", T::Duration)
          .unit("seconds")
          .section("Appendix F")
          .ignored()
          .means("Minimum time before an administrative reservation may start.")
          .maui331("silently dropped (routed to a NULL partition)"),
      P("METAMAXTASKS", T::Integer)
          .section("Appendix F")
          .ignored()
          .means("Maximum tasks of a meta job.")
          .maui331("silently dropped (routed to a NULL partition)"),
      P("MAXJOBPERITERATION", T::Integer)
          .section("Appendix F")
          .means("Maximum number of jobs started in one scheduling iteration."),
      P("MINDISPATCHTIME", T::Duration)
          .unit("seconds")
          .section("Appendix F")
          .means("Minimum time between two job dispatches."),
      P("APIFAILURETHRESHHOLD", T::Integer)
          .section("Appendix F")
          .means("Number of consecutive resource manager API failures tolerated before the RM is marked down (Maui's "
                 "own spelling)."),
      P("ALLOCLOCALITYPOLICY", T::String)
          .section("Appendix F")
          .means("How strongly allocated nodes should be close to each other."),
      P("COMPUTEHOSTS", T::StringList).section("Appendix F").means("Hosts that may run jobs (others are ignored)."),
      P("DEFAULTACCOUNT", T::String).section("Appendix F").means("Account given to jobs that request none."),
      P("DEFAULTDOMAIN", T::String).section("Appendix F").means("DNS domain appended to short host names."),
      P("DEFAULTQMHOST", T::String).section("Appendix F").means("Default queue manager host."),
      P("DIRECTORYSERVER", T::String)
          .section("Appendix F")
          .means("Host and port of a directory service used for grid scheduling."),
      P("EVENTSERVER", T::String)
          .section("Appendix F")
          .means("Host and port of an event server notified of scheduler events."),
      P("MACHINECONFIGFILE", T::String)
          .section("Appendix F")
          .means("File describing the machine layout (frames, slots)."),
      P("MCSOCKETPROTOCOL", T::String)
          .section("Appendix F")
          .means("Socket protocol used between clients and the server."),
      P("PARIGNQUEUELIST", T::StringList)
          .section("Appendix F")
          .means("Queues whose partition constraints are ignored."),
      P("REMOTESTARTCOMMAND", T::String).section("Appendix F").means("Command used to start jobs remotely."),
      P("RESOURCECOLLECTIONPOLICY", T::String)
          .section("Appendix F")
          .means("How node resource information is collected."),
      P("RESOURCEDAEMON", T::String).section("Appendix F").means("Command of the resource-collection daemon."),
      P("RESOURCEDATAFILE", T::String).section("Appendix F").means("File written by the resource-collection daemon."),
      P("RESOURCELOCKFILE", T::String).section("Appendix F").means("Lock file of the resource-collection daemon."),
      P("RESOURCEPORT", T::Integer).section("Appendix F").means("Port of the resource-collection daemon."),
      P("RESOURCEREPORTWAIT", T::Integer)
          .unit("seconds")
          .section("Appendix F")
          .means("How long to wait for a resource report."),
      P("RESOURCESAMPLEINTERVAL", T::Integer)
          .unit("seconds")
          .section("Appendix F")
          .means("How often node resources are sampled."),
      P("RESLIMITPOLICY", T::String)
          .section("Appendix F")
          .means("Older single-word resource limit policy (seen as `RESLIMITPOLICY HARD`); superseded by "
                 "RESOURCELIMITPOLICY."),
      P("RESOURCELIMITPOLICY", T::StringList)
          .section("10.4")
          .flags(kParScoped)
          .means(
              "What to do when a job uses more than it requested, as RES:POLICY:ACTION items (e.g. MEM:ALWAYS:CANCEL).")
          .maui331("RES is PROC, MEM, SWAP or DISK; POLICY ALWAYS, EXTENDEDVIOLATION or BLOCKEDWORKLOADONLY; ACTION "
                   "CANCEL, REQUEUE or SUSPEND; items separated by blanks"),
      P("STEPCOUNT", T::Integer)
          .section("Appendix F")
          .means("An undocumented scheduler-wide integer (the internal 'step count') in Maui 3.3.1's table; accepted "
                 "but not used by this engine."),
      P("TRAPFUNCTION", T::String)
          .section("14.1")
          .means("Debugging: functions to trace in the log (names separated by |)."),
      P("TRAPJOB", T::String).section("14.1").means("Debugging: jobs whose processing is traced in detail."),
      P("TRAPNODE", T::String).section("14.1").means("Debugging: nodes whose processing is traced in detail."),
      P("TRAPRES", T::String).section("14.1").means("Debugging: reservations whose processing is traced in detail."),
      P("USECPUTIME", T::Boolean)
          .section("Appendix F")
          .flags(kParScoped)
          .means("Use consumed CPU time instead of wallclock time in usage accounting."),
      P("USEJOBREGEX", T::Boolean)
          .section("Appendix F")
          .means("Allow regular expressions in job names given to client commands."),
      P("USELOCALMACHINEPRIORITY", T::Boolean)
          .section("Appendix F")
          .means("Let the site's local priority hook adjust machine priorities."),
      P("JOBSIZEPOLICY", T::String)
          .section("Appendix F")
          .flags(kParScoped)
          .means("How job sizes are adjusted to the available resources."),
      P("JOBPRIOF", T::Expression)
          .section("Appendix F")
          .flags(kParScoped)
          .means("Priority function over job attributes (the ATTR priority component)."),
      P("JOBNODEMATCHPOLICY", T::EnumList)
          .allowed("EXACTNODE|EXACTPROC")
          .section("5.2")
          .flags(kParScoped)
          .means("Require nodes that match the job's node request exactly (EXACTNODE) or its processor request "
                 "(EXACTPROC)."),
      P("TASKDISTRIBUTIONPOLICY", T::Enum)
          .allowed("DEFAULT|LOCAL|ARBGEO|PACK|ROUNDROBIN")
          .defaults_to("DEFAULT")
          .section("5.5")
          .flags(kParScoped)
          .means("How a job's tasks are laid out on its allocated nodes."),
      P("NODEAVAILABILITYPOLICY", T::StringList)
          .defaults_to("COMBINED")
          .section("5.4")
          .flags(kParScoped)
          .means("How node availability is computed: <COMBINED|DEDICATED|UTILIZED>[:<PROC|MEM|SWAP|DISK>] items.")
          .maui331("items separated by blanks, `:` inside an item"),
      P("NODESETPOLICY", T::String)
          .section("8.3")
          .flags(kParScoped)
          .means("Node set selection for a job, e.g. ONEOF (all nodes from one set) or ANYOF."),
      P("NODESETATTRIBUTE", T::String)
          .defaults_to("NONE")
          .section("8.3")
          .flags(kParScoped)
          .means("Node attribute that defines the node sets: FEATURE, NETWORK or PROCSPEED."),
      P("NODESETLIST", T::StringList)
          .section("8.3")
          .flags(kParScoped)
          .means("Values of the node set attribute that form the node sets (blank separated)."),
      P("NODESETDELAY", T::Duration)
          .unit("seconds")
          .defaults_to("00:00:00")
          .section("8.3")
          .flags(kParScoped)
          .means("How long a job may wait for a node set before any nodes are accepted."),
      P("NODESETPRIORITYTYPE", T::String)
          .defaults_to("MINLOSS")
          .section("8.3")
          .flags(kParScoped)
          .means("How the best node set is chosen, e.g. MINLOSS, BESTFIT, WORSTFIT or BESTRESOURCE."),
      P("NODESETTOLERANCE", T::Double)
          .defaults_to("0.0")
          .section("8.3")
          .flags(kParScoped)
          .means("Allowed relative spread of the node set attribute (for PROCSPEED sets)."),
  };
}

}  // namespace maui::schema::table
