// The parameter table: every maui.cfg parameter, *CFG family and *CFG attribute we know of.
//
// Rows are written grouped by topic (so that related names and their notes sit together and a new
// parameter is easy to place) and sorted once, on first use, by (kind, name, objects); lookups in
// schema.cc binary-search the sorted table.
//
// Sources (see /work/shared/reference): maui-3.3-semantics.md sections 1, 2, 6.4, 7.3, 12 and 13 for
// types, code defaults and the `maui331` notes; maui-3.3-parameter-names.txt for the list of scalar
// names in Maui 3.3.1's table; the corpus survey (corpus/features.md) for Moab-only names and the
// misspellings seen in real configs. Defaults are the values Maui 3.3.1's code initialises, written
// as an admin would write them in maui.cfg; "" means "unset". Facts only: no Maui code is reused.
#include <algorithm>
#include <span>
#include <string_view>
#include <tuple>
#include <vector>

#include "schemas/schema.h"

namespace maui::schema {
namespace {

using T = ValueType;
using S = Support;

// One row under construction. Each setter names the field it fills, so that a row reads like a
// record instead of a dozen positional strings.
class R {
 public:
  R(RowKind kind, std::string_view name, ValueType type, std::uint32_t objects) {
    row_.name = name;
    row_.kind = kind;
    row_.type = type;
    row_.objects = objects;
    row_.support = Support::Accepted;
    row_.flags = kNoFlags;
  }
  R& unit(std::string_view v) { row_.unit = v; return *this; }
  R& def(std::string_view v) { row_.default_value = v; return *this; }
  R& allowed(std::string_view v) { row_.allowed = v; return *this; }
  R& sec(std::string_view v) { row_.section = v; return *this; }
  R& means(std::string_view v) { row_.meaning = v; return *this; }
  R& m331(std::string_view v) { row_.maui331 = v; return *this; }
  R& flags(std::uint32_t f) { row_.flags |= f; return *this; }
  R& engine() { row_.support = Support::Engine; return *this; }
  R& accepted() { row_.support = Support::Accepted; return *this; }
  R& moab() { row_.support = Support::MoabOnly; return *this; }
  R& ignored() { row_.support = Support::Ignored; return *this; }
  R& obsolete(std::string_view canonical) {
    row_.support = Support::Obsolete;
    row_.canonical = canonical;
    return *this;
  }
  R& manual_name(std::string_view canonical) {
    row_.support = Support::ManualName;
    row_.canonical = canonical;
    return *this;
  }
  R& misspelling(std::string_view canonical) {
    row_.support = Support::Misspelling;
    row_.canonical = canonical;
    return *this;
  }
  operator Row() const { return row_; }  // NOLINT(google-explicit-constructor): table syntax

 private:
  Row row_{};
};

R P(std::string_view name, ValueType type) { return R(RowKind::Parameter, name, type, kNoObject); }
R F(std::string_view name) {
  // Every family line is `FAMILY[id] ATTR=VALUE ...` (SYSCFG may omit the id).
  return R(RowKind::Family, name, T::Object, kNoObject).flags(kIndexed);
}
R A(std::string_view name, std::uint32_t objects, ValueType type) {
  return R(RowKind::Attribute, name, type, objects);
}

// Partition-scoped scalars (Maui's "mxoPar" class) take an optional partition index.
constexpr std::uint32_t kParScoped = kIndexed | kPartitionScoped;

// Priority weight: integer (a trailing % is accepted), partition-scoped, used by the engine.
R weight(std::string_view name, std::string_view def, std::string_view meaning) {
  return P(name, T::Weight).def(def).sec("5.1.2").means(meaning).engine().flags(kParScoped);
}
// Priority cap: integer upper bound on a (sub)component, 0 = no cap.
R cap(std::string_view name, std::string_view meaning) {
  return P(name, T::Integer).def("0").sec("5.1.2").means(meaning).engine().flags(kParScoped);
}

// Enumerated value spellings (section 12 of the semantics reference), matched case-sensitively.
constexpr std::string_view kBackfillPolicies = "NONE|FIRSTFIT|BESTFIT|GREEDY|BESTTIMEFIT|LAZY|PREEMPT";
constexpr std::string_view kBackfillMetrics = "PROCS|NODES|PROCSECONDS|SECONDS";
constexpr std::string_view kReservationPolicies = "HIGHEST|CURRENTHIGHEST|NEVER";
constexpr std::string_view kThresholdTypes = "NONE|BYPASS|QUEUETIME|XFACTOR";
constexpr std::string_view kAccrualPolicies = "ALWAYS|QUEUEPOLICY|FULLPOLICY";
constexpr std::string_view kFsPolicies = "NONE|DEDICATEDPS|DEDICATEDPES|UTILIZEDPS";
constexpr std::string_view kNodeAllocationPolicies =
    "FIRSTAVAILABLE|LASTAVAILABLE|MINLOCAL|MINGLOBAL|MINRESOURCE|PRIORITY|CPULOAD|FIRSTSET|LOCAL|"
    "CONTIGUOUS|MAXBALANCE|FASTEST";
constexpr std::string_view kNodeAccessPolicies = "SHARED|SINGLEJOB|SINGLETASK|SINGLEUSER";
constexpr std::string_view kPreemptPolicies = "REQUEUE|SUSPEND|CHECKPOINT|OVERCOMMIT";
constexpr std::string_view kBfPriorityPolicies = "NONE|RANDOM|DURATION|HWDURATION";
constexpr std::string_view kSrPeriods = "DAY|WEEK|INFINITY";
constexpr std::string_view kSrAccess = "SHARED|DEDICATED";
constexpr std::string_view kTimeLogic = "AND|OR";
constexpr std::string_view kJobFlags =
    "BENCHMARK|BACKFILL|SPAN|ADVRES|NOQUEUE|HOSTLIST|RESMAP|SHAREDRESOURCES|BYNAME|BESTEFFORT|"
    "RESTARTABLE|PREEMPTEE|PREEMPTOR|DEDICATEDNODE|PRESTART|REMOTE|NASINGLETASK|SPVIOLATION|"
    "IGNNODEPOLICIES|NORMSTART|GLOBALQUEUE";
constexpr std::string_view kQosFlags =
    "IGNJOBPERUSER|IGNPROCPERUSER|IGNNODEPERUSER|IGNPSPERUSER|IGNJOBQUEUEDPERUSER|IGNSYSMAXPROC|"
    "IGNSYSMAXTIME|IGNSYSMAXPS|IGNSRMAXTIME|IGNUSER|IGNSYSTEM|IGNALL|PREEMPTOR|PREEMPTEE|"
    "PREEMPTSPV|DEDICATED|RESERVEALWAYS|USERESERVED|NOBF|NORESERVATION|RESTARTPREEMPT|NTR|RUNNOW|"
    "IGNHOSTLIST";
constexpr std::string_view kSrFlags =
    "STANDINGRES|SINGLEUSE|BYNAME|META|PREEMPTEE|TIMEFLEX|SPACEFLEX|DEDICATEDNODE|"
    "DEDICATEDRESOURCE|ADVRES|FORCE|OWNERPREEMPT";
constexpr std::string_view kServerModes = "NORMAL|TEST|SIMULATION|SINGLESTEP|PROFILE";
constexpr std::string_view kLogFacilities =
    "fCORE|fSCHED|fSOCK|fUI|fLL|fSDR|fCONFIG|fSTAT|fSIM|fSTRUCT|fFS|fCKPT|fAM|fRM|fPBS|fWIKI|fSGE|"
    "fSSS|fLSF|fNAT|fALL";
constexpr std::string_view kRmAuthTypes = "CHECKSUM|PKI|SECUREPORT";

constexpr std::string_view kQosFlagsNote =
    "flags are matched by substring anywhere in the value (so `A:B` works); NORESERVATION and "
    "RESTARTPREEMPT cannot be set (\"unexpected QOS flag\"); IGN* flags override the limit for every "
    "credential of the job, not only the user";
constexpr std::string_view kLegacyThrottleNote =
    "Maui 3.0 style: stored as the limit of the DEFAULT credential before USERCFG[DEFAULT] / "
    "GROUPCFG[DEFAULT] / ACCOUNTCFG[DEFAULT] are read, so those lines override it";

// --- scheduler core, server, logging, checkpointing, misc. (Appendix F; semantics 2.1) ---------
std::vector<Row> core_rows() {
  return {
      P("SERVERHOST", T::String).sec("Appendix F").flags(kRequired)
          .means("Host name the Maui server runs on; clients connect to it.")
          .m331("required: Maui exits with \"parameter 'SERVERHOST' must be specified\" if unset"),
      P("SERVERPORT", T::Integer).def("40559").sec("Appendix F")
          .means("TCP port the Maui server listens on for client commands."),
      P("SERVERMODE", T::Enum).allowed(kServerModes).def("NORMAL").sec("Appendix F")
          .means("Run mode: NORMAL schedules for real, TEST only logs decisions, SIMULATION replays traces."),
      P("SERVERNAME", T::String).sec("Appendix F")
          .means("Name of this scheduler instance (defaults to the host name)."),
      P("SERVERHOMEDIR", T::String).sec("Appendix F")
          .means("Maui home directory (default from the environment or compile time)."),
      P("SERVERCONFIGFILE", T::String).sec("Appendix F")
          .means("Path of the main configuration file."),
      P("RMPOLLINTERVAL", T::Duration).unit("seconds").def("00:01:00").sec("Appendix F").engine()
          .means("Longest time between scheduling iterations (the resource manager is polled at least this often).")
          .m331("the scheduler wakes earlier on client commands and job events; fairshare usage is charged with the real iteration length"),
      P("JOBAGGREGATIONTIME", T::Duration).unit("seconds").def("00:00:00").sec("Appendix F")
          .means("Minimum wait after a job event before a new scheduling iteration starts."),
      P("MAXSLEEPITERATION", T::Integer).def("1").sec("Appendix F")
          .means("Force a full scheduling pass at least every N iterations."),
      P("ADMIN1", T::StringList).sec("Appendix F")
          .means("Users with full administrator rights (level 1); ALL allows everybody.")
          .m331("the user running Maui is the primary level-1 admin; list items are separated by blanks only"),
      P("ADMIN2", T::StringList).sec("Appendix F")
          .means("Users with level-2 (operator) rights: may change jobs and reservations but not the configuration."),
      P("ADMIN3", T::StringList).sec("Appendix F")
          .means("Users with level-3 (help desk) rights: may run all status commands."),
      P("ADMIN4", T::StringList).sec("Appendix F")
          .means("Users with level-4 rights: may run limited status commands."),
      P("ADMINS", T::StringList).sec("Appendix F")
          .means("Additional administrator users."),
      P("ADMINHOSTS", T::StringList).sec("Appendix F")
          .means("Hosts from which administrator commands are accepted."),
      P("LOGDIR", T::String).def("log/").sec("14.2")
          .means("Directory of the Maui log file (relative to the home directory)."),
      P("LOGFILE", T::String).def("maui.log").sec("14.2")
          .means("Name of the Maui log file."),
      P("LOGLEVEL", T::Integer).def("0").sec("14.2")
          .means("Log verbosity, 0 (quiet) to 9 (everything)."),
      P("LOGFACILITY", T::EnumList).allowed(kLogFacilities).def("fALL").sec("14.2")
          .means("Subsystems whose messages are logged.")
          .m331("matched by substring, so `fRM:fPBS` in one token also works"),
      P("LOGFILEMAXSIZE", T::Integer).unit("bytes").def("1000000").sec("14.2")
          .means("Size at which the log file is rolled.")
          .m331("code default is 1000000 bytes (the manual says 10000000)"),
      P("LOGFILEROLLDEPTH", T::Integer).def("1").sec("14.2")
          .means("Number of rolled log files kept.")
          .m331("code default is 1 (the manual says 2)"),
      P("USESYSLOG", T::Boolean).sec("14.2")
          .means("Also send log messages to syslog."),
      P("STATDIR", T::String).def("stats/").sec("Appendix F")
          .means("Directory for statistics and the fairshare window files FS.<epoch>."),
      P("TOOLSDIR", T::String).def("tools/").sec("Appendix F")
          .means("Directory of helper scripts and tools."),
      P("LOCKFILE", T::String).def("maui.pid").sec("Appendix F")
          .means("Lock file that prevents two Maui servers from running at once."),
      P("CHECKPOINTFILE", T::String).def("maui.ck").sec("Appendix F")
          .means("File where Maui saves its state (jobs, reservations, statistics)."),
      P("CHECKPOINTINTERVAL", T::Duration).unit("seconds").def("00:05:00").sec("Appendix F")
          .means("How often the state checkpoint is written.")
          .m331("each checkpoint also rewrites the current fairshare window file"),
      P("CHECKPOINTEXPIRATIONTIME", T::Duration).unit("seconds").def("3:11:20:00").sec("Appendix F")
          .means("How long checkpointed information about a job stays valid.")
          .m331("code default is 300000 s (the manual says INFINITY); -1, INFINITY, NONE and UNLIMITED mean no expiry"),
      P("CLIENTTIMEOUT", T::Duration).unit("seconds").def("00:00:30").sec("Appendix F")
          .means("How long client commands wait for the server to answer.")
          .m331("the configured value is capped at 1000 seconds"),
      P("DEFERTIME", T::Duration).unit("seconds").def("01:00:00").sec("Appendix F")
          .means("How long a deferred job stays on hold before it is reconsidered."),
      P("DEFERCOUNT", T::Integer).def("24").sec("Appendix F")
          .means("Number of defers after which a job gets a batch hold."),
      P("DEFERSTARTCOUNT", T::Integer).def("1").sec("Appendix F")
          .means("Number of failed start attempts after which a job is deferred."),
      P("JOBPURGETIME", T::Duration).unit("seconds").def("00:00:00").sec("Appendix F")
          .means("How long a job that vanished from the resource manager is remembered."),
      P("NODEPURGETIME", T::Duration).unit("seconds").def("INFINITY").sec("Appendix F")
          .means("How long a node that vanished from the resource manager is remembered."),
      P("JOBSYNCTIME", T::Duration).unit("seconds").def("00:10:00").sec("Appendix F")
          .means("Grace time before job state differences with the resource manager are resolved."),
      P("NODESYNCTIME", T::Duration).unit("seconds").def("00:10:00").sec("Appendix F")
          .means("Grace time before node state differences with the resource manager are resolved."),
      P("JOBMAXOVERRUN", T::Duration).unit("seconds").def("00:10:00").sec("Appendix F")
          .means("How far past its wallclock limit a job may run before it is cancelled.")
          .m331("code default is 600 s (the manual says 0); -1 means unlimited"),
      P("JOBMAXSTARTTIME", T::Duration).unit("seconds").def("INFINITY").sec("Appendix F").flags(kParScoped)
          .means("How long a job may stay in the Starting state before it is treated as failed."),
      P("NODEDOWNSTATEDELAYTIME", T::Duration).unit("seconds").def("01:00:00").sec("Appendix F")
          .means("How long a node reported down is still expected to come back (used for reservations).")
          .m331("code default is 3600 s (the manual gives 0 or 24 hours)"),
      P("NODEPOLLFREQUENCY", T::Integer).def("0").sec("Appendix F")
          .means("Query node details from the resource manager every N iterations (0 = every time)."),
      P("NODEMAXLOAD", T::Double).def("0").sec("12.3")
          .means("Default maximum load of a node before it is considered busy (0 = no limit)."),
      P("NODELOADPOLICY", T::Enum).allowed("ADJUSTSTATE|ADJUSTPROCS").def("ADJUSTSTATE").sec("12.3").flags(kParScoped)
          .means("What Maui does when a node's load is above its limit: mark it busy, or reduce its usable processors."),
      P("NODEACCESSPOLICY", T::Enum).allowed(kNodeAccessPolicies).def("SHARED").sec("5.3").engine()
          .means("Whether jobs may share a node: SHARED, SINGLEJOB (whole node), SINGLETASK (whole node, one task) or SINGLEUSER (shared with jobs of the same user only)."),
      P("NODEALLOCMAXPS", T::Boolean).def("FALSE").sec("Appendix F")
          .means("With SINGLEJOB node access, count processor-second usage as nodes times time instead of processors times time."),
      P("NODEUNTRACKEDLOADFACTOR", T::Double).def("1.2").sec("12.3")
          .means("Factor applied to node load that is not caused by batch jobs."),
      P("NODECPUOVERCOMMITFACTOR", T::Double).sec("12.3")
          .means("Factor by which a node's processors may be overcommitted."),
      P("NODEMEMOVERCOMMITFACTOR", T::Double).sec("12.3")
          .means("Factor by which a node's memory may be overcommitted."),
      P("RESDEPTH", T::Integer).def("24").sec("Appendix F")
          .means("Maximum number of reservations per node (size of each node's reservation table)."),
      P("RESCTLPOLICY", T::Enum).allowed("ADMINONLY|ANY").def("ADMINONLY").sec("7.1.3")
          .means("Who may create administrative reservations."),
      P("PREEMPTPOLICY", T::Enum).allowed(kPreemptPolicies).def("REQUEUE").sec("8.4").engine()
          .means("How a preemptor job displaces a preemptee: requeue, suspend or checkpoint it, or overcommit the node (the engine requeues; the others are reported)."),
      P("WCVIOLATIONACTION", T::Enum).allowed("CANCEL|PREEMPT").def("CANCEL").sec("Appendix F")
          .means("What to do with a job that exceeds its wallclock limit."),
      P("DEFAULTCLASSLIST", T::StringList).def("[DEFAULT:1]").sec("Appendix F")
          .means("Classes assumed to exist on nodes whose resource manager reports none."),
      P("DISPLAYFLAGS", T::EnumList).allowed("NODECENTRIC").sec("Appendix F")
          .means("Output options for client commands (NODECENTRIC shows nodes instead of processors)."),
      P("NOTIFICATIONPROGRAM", T::String).sec("Appendix F")
          .means("Program run to notify administrators of events."),
      P("NOTIFICATIONINTERVAL", T::Duration).unit("seconds").sec("Appendix F")
          .means("Minimum time between two notifications about the same event."),
      P("FEEDBACKPROGRAM", T::String).sec("17.1")
          .means("Program run when a job completes, for user feedback."),
      P("MAILPROGRAM", T::String).sec("Appendix F")
          .means("Program used to send mail notifications."),
      P("FEATURENODETYPEHEADER", T::String).sec("12.2")
          .means("Node feature prefix that sets the node type (e.g. xnt makes feature xntfast mean node type fast)."),
      P("FEATUREPARTITIONHEADER", T::String).sec("12.2")
          .means("Node feature prefix that sets the node's partition."),
      P("FEATUREPROCSPEEDHEADER", T::String).sec("12.2")
          .means("Node feature prefix that sets the node's processor speed."),
      P("ENABLEMULTINODEJOBS", T::Boolean).def("TRUE").sec("Appendix F").flags(kParScoped)
          .means("Allow jobs that span several nodes."),
      P("ENABLEMULTIREQJOBS", T::Boolean).def("FALSE").sec("Appendix F").flags(kParScoped)
          .means("Allow jobs with several different resource requirements (multi-req jobs)."),
      P("USEMACHINESPEED", T::Boolean).def("FALSE").sec("Appendix F").ignored()
          .means("Scale job walltime by the speed of the nodes it runs on.")
          .m331("cannot be set from maui.cfg: routed to a NULL partition and silently dropped"),
      P("MINADMINSTIME", T::Duration).unit("seconds").sec("Appendix F").ignored()
          .means("Minimum time before an administrative reservation may start.")
          .m331("silently dropped (routed to a NULL partition)"),
      P("METAMAXTASKS", T::Integer).sec("Appendix F").ignored()
          .means("Maximum tasks of a meta job.")
          .m331("silently dropped (routed to a NULL partition)"),
      P("MAXJOBPERITERATION", T::Integer).sec("Appendix F")
          .means("Maximum number of jobs started in one scheduling iteration."),
      P("MINDISPATCHTIME", T::Duration).unit("seconds").sec("Appendix F")
          .means("Minimum time between two job dispatches."),
      P("APIFAILURETHRESHHOLD", T::Integer).sec("Appendix F")
          .means("Number of consecutive resource manager API failures tolerated before the RM is marked down (Maui's own spelling)."),
      P("ALLOCLOCALITYPOLICY", T::String).sec("Appendix F")
          .means("How strongly allocated nodes should be close to each other."),
      P("COMPUTEHOSTS", T::StringList).sec("Appendix F")
          .means("Hosts that may run jobs (others are ignored)."),
      P("DEFAULTACCOUNT", T::String).sec("Appendix F")
          .means("Account given to jobs that request none."),
      P("DEFAULTDOMAIN", T::String).sec("Appendix F")
          .means("DNS domain appended to short host names."),
      P("DEFAULTQMHOST", T::String).sec("Appendix F")
          .means("Default queue manager host."),
      P("DIRECTORYSERVER", T::String).sec("Appendix F")
          .means("Host and port of a directory service used for grid scheduling."),
      P("EVENTSERVER", T::String).sec("Appendix F")
          .means("Host and port of an event server notified of scheduler events."),
      P("MACHINECONFIGFILE", T::String).sec("Appendix F")
          .means("File describing the machine layout (frames, slots)."),
      P("MCSOCKETPROTOCOL", T::String).sec("Appendix F")
          .means("Socket protocol used between clients and the server."),
      P("PARIGNQUEUELIST", T::StringList).sec("Appendix F")
          .means("Queues whose partition constraints are ignored."),
      P("REMOTESTARTCOMMAND", T::String).sec("Appendix F")
          .means("Command used to start jobs remotely."),
      P("RESOURCECOLLECTIONPOLICY", T::String).sec("Appendix F")
          .means("How node resource information is collected."),
      P("RESOURCEDAEMON", T::String).sec("Appendix F")
          .means("Command of the resource-collection daemon."),
      P("RESOURCEDATAFILE", T::String).sec("Appendix F")
          .means("File written by the resource-collection daemon."),
      P("RESOURCELOCKFILE", T::String).sec("Appendix F")
          .means("Lock file of the resource-collection daemon."),
      P("RESOURCEPORT", T::Integer).sec("Appendix F")
          .means("Port of the resource-collection daemon."),
      P("RESOURCEREPORTWAIT", T::Integer).unit("seconds").sec("Appendix F")
          .means("How long to wait for a resource report."),
      P("RESOURCESAMPLEINTERVAL", T::Integer).unit("seconds").sec("Appendix F")
          .means("How often node resources are sampled."),
      P("RESLIMITPOLICY", T::String).sec("Appendix F")
          .means("Older single-word resource limit policy (seen as `RESLIMITPOLICY HARD`); superseded by RESOURCELIMITPOLICY."),
      P("RESOURCELIMITPOLICY", T::StringList).sec("10.4").flags(kParScoped)
          .means("What to do when a job uses more than it requested, as RES:POLICY:ACTION items (e.g. MEM:ALWAYS:CANCEL).")
          .m331("RES is PROC, MEM, SWAP or DISK; POLICY ALWAYS, EXTENDEDVIOLATION or BLOCKEDWORKLOADONLY; ACTION CANCEL, REQUEUE or SUSPEND; items separated by blanks"),
      P("STEPCOUNT", T::Integer).sec("Appendix F")
          .means("An undocumented scheduler-wide integer (the internal 'step count') in Maui 3.3.1's table; accepted but not used by this engine."),
      P("TRAPFUNCTION", T::String).sec("14.1")
          .means("Debugging: functions to trace in the log (names separated by |)."),
      P("TRAPJOB", T::String).sec("14.1")
          .means("Debugging: jobs whose processing is traced in detail."),
      P("TRAPNODE", T::String).sec("14.1")
          .means("Debugging: nodes whose processing is traced in detail."),
      P("TRAPRES", T::String).sec("14.1")
          .means("Debugging: reservations whose processing is traced in detail."),
      P("USECPUTIME", T::Boolean).sec("Appendix F").flags(kParScoped)
          .means("Use consumed CPU time instead of wallclock time in usage accounting."),
      P("USEJOBREGEX", T::Boolean).sec("Appendix F")
          .means("Allow regular expressions in job names given to client commands."),
      P("USELOCALMACHINEPRIORITY", T::Boolean).sec("Appendix F")
          .means("Let the site's local priority hook adjust machine priorities."),
      P("JOBSIZEPOLICY", T::String).sec("Appendix F").flags(kParScoped)
          .means("How job sizes are adjusted to the available resources."),
      P("JOBPRIOF", T::Expression).sec("Appendix F").flags(kParScoped)
          .means("Priority function over job attributes (the ATTR priority component)."),
      P("JOBNODEMATCHPOLICY", T::EnumList).allowed("EXACTNODE|EXACTPROC").sec("5.2").flags(kParScoped)
          .means("Require nodes that match the job's node request exactly (EXACTNODE) or its processor request (EXACTPROC)."),
      P("TASKDISTRIBUTIONPOLICY", T::Enum).allowed("DEFAULT|LOCAL|ARBGEO|PACK|ROUNDROBIN").def("DEFAULT").sec("5.5").flags(kParScoped)
          .means("How a job's tasks are laid out on its allocated nodes."),
      P("NODEAVAILABILITYPOLICY", T::StringList).def("COMBINED").sec("5.4").flags(kParScoped)
          .means("How node availability is computed: <COMBINED|DEDICATED|UTILIZED>[:<PROC|MEM|SWAP|DISK>] items.")
          .m331("items separated by blanks, `:` inside an item"),
      P("NODESETPOLICY", T::String).sec("8.3").flags(kParScoped)
          .means("Node set selection for a job, e.g. ONEOF (all nodes from one set) or ANYOF."),
      P("NODESETATTRIBUTE", T::String).def("NONE").sec("8.3").flags(kParScoped)
          .means("Node attribute that defines the node sets: FEATURE, NETWORK or PROCSPEED."),
      P("NODESETLIST", T::StringList).sec("8.3").flags(kParScoped)
          .means("Values of the node set attribute that form the node sets (blank separated)."),
      P("NODESETDELAY", T::Duration).unit("seconds").def("00:00:00").sec("8.3").flags(kParScoped)
          .means("How long a job may wait for a node set before any nodes are accepted."),
      P("NODESETPRIORITYTYPE", T::String).def("MINLOSS").sec("8.3").flags(kParScoped)
          .means("How the best node set is chosen, e.g. MINLOSS, BESTFIT, WORSTFIT or BESTRESOURCE."),
      P("NODESETTOLERANCE", T::Double).def("0.0").sec("8.3").flags(kParScoped)
          .means("Allowed relative spread of the node set attribute (for PROCSPEED sets)."),
  };
}

// --- job priority (5.1.2; semantics 2.2) -------------------------------------------------------
std::vector<Row> priority_rows() {
  return {
      // Component weights: code default 1 for every component (the manual says 0 for several).
      weight("SERVICEWEIGHT", "1", "Weight of the service component (queue time, expansion factor, bypass count)."),
      weight("TARGETWEIGHT", "0", "Weight of the target-service component (queue-time and expansion-factor targets).")
          .m331("Maui 3.3.1 defaults it to 1 (the manual: TARGWEIGHT, default 0, which this engine uses)"),
      weight("CREDWEIGHT", "1", "Weight of the credential component (user, group, account, QOS and class PRIORITY)."),
      weight("FSWEIGHT", "0", "Weight of the fairshare component.")
          .m331("Maui 3.3.1 defaults it to 1; the manual (and this engine) 0"),
      weight("RESWEIGHT", "0", "Weight of the requested-resources component.")
          .m331("Maui 3.3.1 defaults it to 1; the manual (and this engine) 0"),
      weight("USAGEWEIGHT", "0", "Weight of the usage component, which only orders running jobs (preemption).")
          .m331("Maui 3.3.1 defaults it to 1; the manual (and this engine) 0; contributes nothing to the start priority of idle jobs"),
      P("ATTRWEIGHT", T::Weight).def("1").sec("5.1.2").ignored().flags(kParScoped)
          .means("Weight of the job-attribute component.")
          .m331("rejected (\"unexpected parameter\"): the ATTR component is not implemented and contributes 0"),
      P("ATTRCAP", T::Integer).sec("5.1.2").ignored().flags(kParScoped)
          .means("Cap of the job-attribute component.")
          .m331("rejected: the ATTR component is not implemented"),
      P("ATTRSTATEWEIGHT", T::Weight).sec("5.1.2").ignored().flags(kParScoped)
          .means("Weight of the job-state attribute subcomponent.")
          .m331("rejected: the ATTR component is not implemented"),
      P("ATTRSTATECAP", T::Integer).sec("5.1.2").ignored().flags(kParScoped)
          .means("Cap of the job-state attribute subcomponent.")
          .m331("rejected: the ATTR component is not implemented"),
      P("ATTRATTRWEIGHT", T::Weight).sec("5.1.2").ignored().flags(kParScoped)
          .means("Weight of the job-attribute subcomponent.")
          .m331("rejected: the ATTR component is not implemented"),
      P("ATTRATTRCAP", T::Integer).sec("5.1.2").ignored().flags(kParScoped)
          .means("Cap of the job-attribute subcomponent.")
          .m331("rejected: the ATTR component is not implemented"),
      // Component caps (integers; the manual calls them doubles).
      cap("SERVICEWCAP", "Upper bound on the service component before its weight is applied.")
          .m331("this is the 3.3.1 spelling; there is no SERVICECAP"),
      cap("TARGETCAP", "Upper bound on the target-service component."),
      cap("CREDCAP", "Upper bound on the credential component."),
      cap("FSCAP", "Upper bound on the fairshare component (a priority cap, unrelated to FSTARGET caps).")
          .m331("integer in 3.3.1 (the manual says double)"),
      cap("RESCAP", "Upper bound on the resource component."),
      cap("USAGECAP", "Upper bound on the usage component."),
      // Service subcomponents.
      weight("QUEUETIMEWEIGHT", "1", "Priority per minute of effective queue time.")
          .m331("the only subcomponent weight that defaults to 1; queue time is real-valued minutes"),
      cap("QUEUETIMECAP", "Upper bound on the queue-time subcomponent."),
      weight("XFACTORWEIGHT", "0", "Priority per unit of expansion factor ((queue time + walltime) / walltime)."),
      cap("XFACTORCAP", "Upper bound on the expansion-factor subcomponent."),
      weight("SPVIOLATIONWEIGHT", "0", "Priority given to jobs flagged as soft-policy violators."),
      cap("SPVIOLATIONCAP", "Upper bound on the soft-policy-violation subcomponent."),
      weight("BYPASSWEIGHT", "0", "Priority per time the job was bypassed by a backfilled job."),
      cap("BYPASSCAP", "Upper bound on the bypass subcomponent."),
      // Target subcomponents.
      weight("TARGETQUEUETIMEWEIGHT", "0", "Weight of the term that grows as a job approaches its QOS queue-time target.")
          .m331("QTTARGET is compared with an epoch timestamp, so any target gives the saturated value 1e8"),
      cap("TARGETQUEUETIMECAP", "Upper bound on the queue-time target subcomponent."),
      weight("TARGETXFACTORWEIGHT", "0", "Weight of the term that grows as a job approaches its QOS expansion-factor target."),
      cap("TARGETXFACTORCAP", "Upper bound on the expansion-factor target subcomponent."),
      // Credential subcomponents.
      weight("USERWEIGHT", "0", "Weight of the user's PRIORITY (USERCFG)."),
      cap("USERCAP", "Upper bound on the user priority subcomponent."),
      weight("GROUPWEIGHT", "0", "Weight of the group's PRIORITY (GROUPCFG)."),
      cap("GROUPCAP", "Upper bound on the group priority subcomponent."),
      weight("ACCOUNTWEIGHT", "0", "Weight of the account's PRIORITY (ACCOUNTCFG)."),
      cap("ACCOUNTCAP", "Upper bound on the account priority subcomponent."),
      weight("QOSWEIGHT", "0", "Weight of the QOS's PRIORITY (QOSCFG)."),
      cap("QOSCAP", "Upper bound on the QOS priority subcomponent."),
      weight("CLASSWEIGHT", "0", "Weight of the class's PRIORITY (CLASSCFG, or the resource manager's queue priority)."),
      cap("CLASSCAP", "Upper bound on the class priority subcomponent."),
      // Fairshare subcomponents.
      weight("FSUSERWEIGHT", "0", "Weight of the user's distance from its fairshare target."),
      cap("FSUSERCAP", "Upper bound on the user fairshare subcomponent."),
      weight("FSGROUPWEIGHT", "0", "Weight of the group's distance from its fairshare target."),
      cap("FSGROUPCAP", "Upper bound on the group fairshare subcomponent."),
      weight("FSACCOUNTWEIGHT", "0", "Weight of the account's distance from its fairshare target."),
      cap("FSACCOUNTCAP", "Upper bound on the account fairshare subcomponent."),
      weight("FSQOSWEIGHT", "0", "Weight of the QOS's distance from its fairshare target."),
      cap("FSQOSCAP", "Upper bound on the QOS fairshare subcomponent."),
      weight("FSCLASSWEIGHT", "0", "Weight of the class's distance from its fairshare target."),
      cap("FSCLASSCAP", "Upper bound on the class fairshare subcomponent."),
      // Resource subcomponents.
      weight("NODEWEIGHT", "0", "Priority per requested node.")
          .m331("a job that requests only tasks or processors has 0 nodes"),
      cap("NODECAP", "Upper bound on the node subcomponent."),
      weight("PROCWEIGHT", "0", "Priority per requested processor."),
      cap("PROCCAP", "Upper bound on the processor subcomponent."),
      weight("MEMWEIGHT", "0", "Priority per requested MB of real memory."),
      cap("MEMCAP", "Upper bound on the memory subcomponent."),
      weight("SWAPWEIGHT", "0", "Priority per requested MB of virtual memory."),
      cap("SWAPCAP", "Upper bound on the swap subcomponent."),
      weight("DISKWEIGHT", "0", "Priority per requested MB of local disk."),
      cap("DISKCAP", "Upper bound on the disk subcomponent."),
      weight("PSWEIGHT", "0", "Priority per requested processor-second."),
      cap("PSCAP", "Upper bound on the processor-second subcomponent."),
      weight("PEWEIGHT", "0", "Priority per requested processor-equivalent."),
      cap("PECAP", "Upper bound on the processor-equivalent subcomponent."),
      weight("WALLTIMEWEIGHT", "0", "Priority per second of requested walltime."),
      cap("WALLTIMECAP", "Upper bound on the walltime subcomponent."),
      P("UPROCWEIGHT", T::Weight).def("0").sec("5.1.2").flags(kParScoped)
          .means("Weight of the processors the job's user already has in use.")
          .m331("computed but never added to the priority: no effect"),
      P("UJOBWEIGHT", T::Weight).def("0").sec("5.1.2").flags(kParScoped)
          .means("Weight of the number of jobs the job's user already has running.")
          .m331("computed but never added to the priority: no effect"),
      // Usage subcomponents (running jobs only).
      weight("CONSUMEDWEIGHT", "0", "Running jobs: priority per processor-second consumed so far.")
          .m331("dropped from the running-job priority by a comma-operator bug"),
      cap("CONSUMEDCAP", "Upper bound on the consumed-usage subcomponent.")
          .m331("the cap table is shifted, so this value lands on another subcomponent's slot"),
      weight("REMAININGWEIGHT", "0", "Running jobs: priority per processor-second still outstanding.")
          .m331("dropped from the running-job priority by a comma-operator bug"),
      cap("REMAININGCAP", "Upper bound on the remaining-usage subcomponent.")
          .m331("the cap table is shifted, so this value lands on another subcomponent's slot"),
      weight("PERCENTWEIGHT", "0", "Running jobs: priority per percent of requested walltime consumed.")
          .m331("dropped from the running-job priority by a comma-operator bug"),
      cap("PERCENTCAP", "Upper bound on the percent-consumed subcomponent.")
          .m331("the cap table is shifted, so this value lands on another subcomponent's slot"),
      weight("USAGEEXECUTIONTIMEWEIGHT", "0", "Running jobs: priority per second since the job started (preemption order)."),
      cap("USAGEEXECUTIONTIMECAP", "Upper bound on the execution-time subcomponent.")
          .m331("the cap table is shifted, so this value lands on another subcomponent's slot"),
      // Other priority settings.
      P("XFMINWCLIMIT", T::Duration).unit("seconds").def("").sec("5.1.2").engine().flags(kParScoped)
          .means("Smallest walltime used as the expansion-factor denominator, so very short jobs do not get huge expansion factors.")
          .m331("Maui 3.3.1 defaults it to 120 s; this engine follows the manual (none); only the denominator is floored"),
      P("JOBPRIOACCRUALPOLICY", T::Enum).allowed(kAccrualPolicies).def("QUEUEPOLICY").sec("5.1.2").engine().flags(kParScoped)
          .means("When a job accrues queue time: ALWAYS, only while it passes the queue (idle) policies, or only while it passes all policies.")
          .m331("QUEUEPOLICY also restarts accrual when a job fails active or system limits, not only idle limits"),
      P("USESYSTEMQUEUETIME", T::Boolean).def("FALSE").sec("5.1.2").flags(kParScoped)
          .means("Legacy: measure queue time from when the job became eligible rather than from submission.")
          .m331("only used when the job's effective queue duration is 0"),
      P("ENABLENEGJOBPRIORITY", T::Boolean).def("FALSE").sec("5.1.2").engine().flags(kParScoped)
          .means("Allow job priorities below 1 (otherwise they are raised to 1)."),
      P("REJECTNEGPRIOJOBS", T::Boolean).def("TRUE").sec("5.1.2").engine().flags(kParScoped)
          .means("Never start jobs whose priority is negative.")
          .m331("Maui 3.3.1 defaults it to FALSE; this engine follows the manual (TRUE); in 3.3.1, with both this and ENABLENEGJOBPRIORITY FALSE priorities are floored at 1"),
      // Old names Maui 3.3.1 translates to the current ones.
      P("UFSWEIGHT", T::Weight).def("0").sec("5.1.2").obsolete("FSUSERWEIGHT").flags(kParScoped)
          .means("Old name of FSUSERWEIGHT."),
      P("GFSWEIGHT", T::Weight).def("0").sec("5.1.2").obsolete("FSGROUPWEIGHT").flags(kParScoped)
          .means("Old name of FSGROUPWEIGHT."),
      P("AFSWEIGHT", T::Weight).def("0").sec("5.1.2").obsolete("FSACCOUNTWEIGHT").flags(kParScoped)
          .means("Old name of FSACCOUNTWEIGHT."),
      P("SERVICETARGETWEIGHT", T::Weight).def("1").sec("5.1.2").obsolete("SERVICEWEIGHT").flags(kParScoped)
          .means("Old name of SERVICEWEIGHT."),
      P("DIRECTSPECWEIGHT", T::Weight).def("1").sec("5.1.2").obsolete("CREDWEIGHT").flags(kParScoped)
          .means("Old name of CREDWEIGHT."),
      P("QUEUETIMETARGETWEIGHT", T::Weight).sec("5.1.2").ignored().flags(kParScoped)
          .means("Pre-3.2 weight name kept in the table for backward compatibility.")
          .m331("never translated or applied: has no effect (use TARGETQUEUETIMEWEIGHT)"),
      P("XFACTORTARGETWEIGHT", T::Weight).sec("5.1.2").ignored().flags(kParScoped)
          .means("Pre-3.2 weight name kept in the table for backward compatibility.")
          .m331("never translated or applied: has no effect (use TARGETXFACTORWEIGHT)"),
  };
}

// --- fairshare (6.3; semantics 2.3) -------------------------------------------------------------
std::vector<Row> fairshare_rows() {
  return {
      P("FSPOLICY", T::Enum).allowed(kFsPolicies).def("NONE").sec("6.3").engine().flags(kParScoped)
          .means("Usage metric recorded for fairshare (dedicated processor-seconds, dedicated PE-seconds or utilised processor-seconds); NONE turns fairshare off.")
          .m331("a trailing % switches the whole scheduler to percentage-mode deltas; a boolean true value means DEDICATEDPS"),
      P("FSINTERVAL", T::Duration).unit("seconds").def("24:00:00").sec("6.3").engine().flags(kParScoped)
          .means("Length of one fairshare window.")
          .m331("Maui 3.3.1 defaults it to 12 hours; this engine follows the manual (24:00:00); windows are aligned to the epoch"),
      P("FSDEPTH", T::Integer).unit("windows").def("7").sec("6.3").engine().flags(kParScoped)
          .means("Number of fairshare windows that count towards usage.")
          .m331("Maui 3.3.1 defaults it to 8; this engine follows the manual (7); values above 24 are clipped to 24"),
      P("FSDECAY", T::Double).def("1.0").sec("6.3").engine().flags(kParScoped)
          .means("Weight factor applied per window of age (1.0 = no decay)."),
      P("FSCONFIGFILE", T::String).def("fs.cfg").sec("6.3").flags(kParScoped)
          .means("Legacy fairshare configuration file."),
      P("FSENFORCEMENT", T::String).sec("6.3").ignored().flags(kParScoped)
          .means("Old switch for fairshare-based job blocking.")
          .m331("rejected (\"unexpected parameter\"): use FSTARGET caps (^ or %) instead"),
      P("FSSECONDARYGROUPS", T::Boolean).def("FALSE").sec("6.3").flags(kParScoped)
          .means("Charge fairshare usage to a PBS job's secondary group (3.3 addition)."),
      P("IGNPBSGROUPLIST", T::Boolean).def("FALSE").sec("6.3").flags(kParScoped)
          .means("Ignore the group requested with PBS `-W group_list` (3.3 addition)."),
      P("USEMACHINESPEEDFORFS", T::Boolean).def("FALSE").sec("6.3").ignored()
          .means("Multiply fairshare usage by the average speed of the job's nodes.")
          .m331("cannot be set from maui.cfg: routed to a NULL partition and silently dropped"),
  };
}

// --- backfill, reservations, node allocation (5.2, 7.1, 8.2; semantics 2.4) --------------------
std::vector<Row> backfill_rows() {
  return {
      P("BACKFILLPOLICY", T::Enum).allowed(kBackfillPolicies).def("FIRSTFIT").sec("8.2").engine().flags(kParScoped)
          .means("Backfill algorithm used to start lower-priority jobs in gaps without delaying reserved jobs.")
          .m331("boolean false means NONE; BESTTIMEFIT and LAZY fall back to FIRSTFIT; GREEDY starts nothing; the soft backfill pass is skipped"),
      P("BACKFILLTYPE", T::Enum).allowed(kBackfillPolicies).def("FIRSTFIT").sec("8.2").obsolete("BACKFILLPOLICY").flags(kParScoped)
          .means("Old name of BACKFILLPOLICY."),
      P("BACKFILLDEPTH", T::Integer).unit("jobs").def("0").sec("8.2").engine().flags(kParScoped)
          .means("Maximum number of candidate jobs considered per backfill window (0 = all)."),
      P("BACKFILLMETRIC", T::Enum).allowed(kBackfillMetrics).def("PROCS").sec("8.2").engine().flags(kParScoped)
          .means("What BESTFIT and GREEDY backfill maximise: processors, nodes, processor-seconds or seconds.")
          .m331("NODES behaves like PROCS; the manual's PE and PESECONDS do not exist"),
      P("BACKFILLMAXSCHEDULES", T::Integer).def("10000").sec("8.2").engine().flags(kParScoped)
          .means("Upper bound on the schedules GREEDY backfill evaluates."),
      P("BACKFILLPROCFACTOR", T::Integer).def("0").sec("8.2").flags(kParScoped)
          .means("Backfill processor factor.")
          .m331("read but unused"),
      P("BFCHUNKDURATION", T::Duration).unit("seconds").def("00:00:00").sec("8.2").engine().flags(kParScoped)
          .means("After a job ends, how long freed resources are kept for jobs of at least BFCHUNKSIZE processors.")
          .m331("only FIRSTFIT backfill chunks"),
      P("BFCHUNKSIZE", T::Integer).unit("procs").def("0").sec("8.2").engine().flags(kParScoped)
          .means("Minimum job size allowed to use chunked backfill resources (0 = chunking off)."),
      P("BFPRIORITYPOLICY", T::Enum).allowed(kBfPriorityPolicies).def("NONE").sec("8.2").flags(kParScoped)
          .means("Order in which PREEMPT backfill considers jobs (RANDOM, DURATION or HWDURATION)."),
      P("RESERVATIONPOLICY", T::Enum).allowed(kReservationPolicies).def("CURRENTHIGHEST").sec("7.1.4").engine().flags(kParScoped)
          .means("How priority reservations are kept: only for the current top jobs, for every job that once got one, or never."),
      P("RESERVATIONDEPTH", T::Integer).unit("jobs").def("1").sec("7.1.4").engine().flags(kIndexed)
          .means("Number of top blocked jobs that get a priority reservation, per QOS group (index = group number).")
          .m331("no index means group 0; the default 1 gives liberal (EASY-like) backfill"),
      P("RESERVATIONQOSLIST", T::StringList).def("[ALL]").sec("7.1.4").engine().flags(kIndexed)
          .means("QOS names that belong to reservation-depth group N (blank separated, or [ALL]).")
          .m331("unknown QOS names are created; the bare word ALL creates a QOS named ALL, [ALL] ends the list"),
      P("RESERVATIONRETRYTIME", T::Duration).unit("seconds").def("00:00:00").sec("7.1.4").flags(kParScoped)
          .means("How long to retry starting a reserved job whose nodes the resource manager reports inconsistently."),
      P("RESERVATIONTHRESHOLDTYPE", T::Enum).allowed(kThresholdTypes).def("NONE").sec("7.1.4").engine().flags(kParScoped)
          .means("Only jobs whose bypass count, queue time or expansion factor exceeds RESERVATIONTHRESHOLDVALUE get reservations."),
      P("RESERVATIONTHRESHOLDVALUE", T::Integer).def("0").sec("7.1.4").engine().flags(kParScoped)
          .means("Threshold for RESERVATIONTHRESHOLDTYPE (QUEUETIME: seconds)."),
      P("NODEALLOCATIONPOLICY", T::Enum).allowed(kNodeAllocationPolicies).def("LASTAVAILABLE").sec("5.2").engine().flags(kParScoped)
          .means("How nodes are chosen among the feasible ones for a job.")
          .m331("FIRSTAVAILABLE has an inverted affinity test; MINLOCAL and MINGLOBAL allocate nothing; FIRSTSET makes allocation fail"),
      P("SYSTEMMAXPROCPERJOB", T::Integer).unit("procs").sec("6.2").engine().flags(kParScoped)
          .means("Largest number of processors a single job may request; larger jobs are deferred."),
      P("SYSTEMMAXJOBWALLTIME", T::Duration).unit("seconds").sec("6.2").engine().flags(kParScoped)
          .means("Longest walltime a single job may request; longer jobs are deferred."),
      P("SYSTEMMAXPROCSECONDPERJOB", T::Integer).unit("proc-seconds").sec("6.2").engine().flags(kParScoped)
          .means("Largest processors times walltime a single job may request; larger jobs are deferred."),
  };
}

// --- Maui 3.0 style scalars: legacy throttles, per-QOS, per-SR and per-RM settings ----------------
std::vector<Row> legacy_rows() {
  return {
      // Throttles: COUNT = hard limit, SMAX...COUNT = soft limit, ...POLICY OFF clears the limit.
      P("MAXJOBPERUSERCOUNT", T::Integer).unit("jobs").sec("6.2").engine()
          .means("Hard limit on running jobs per user (sets USERCFG[DEFAULT] MAXJOB).").m331(kLegacyThrottleNote),
      P("SMAXJOBPERUSERCOUNT", T::Integer).unit("jobs").sec("6.2").engine()
          .means("Soft limit on running jobs per user.").m331(kLegacyThrottleNote),
      P("MAXJOBPERUSERPOLICY", T::Boolean).sec("6.2")
          .means("Turns the per-user running-job limit on or off.").m331(kLegacyThrottleNote),
      P("MAXJOBPERGROUPCOUNT", T::Integer).unit("jobs").sec("6.2").engine()
          .means("Hard limit on running jobs per group (sets GROUPCFG[DEFAULT] MAXJOB).").m331(kLegacyThrottleNote),
      P("SMAXJOBPERGROUPCOUNT", T::Integer).unit("jobs").sec("6.2").engine()
          .means("Soft limit on running jobs per group.").m331(kLegacyThrottleNote),
      P("MAXJOBPERGROUPPOLICY", T::Boolean).sec("6.2")
          .means("Turns the per-group running-job limit on or off.").m331(kLegacyThrottleNote),
      P("MAXJOBPERACCOUNTCOUNT", T::Integer).unit("jobs").sec("6.2").engine()
          .means("Hard limit on running jobs per account (sets ACCOUNTCFG[DEFAULT] MAXJOB).").m331(kLegacyThrottleNote),
      P("SMAXJOBPERACCOUNTCOUNT", T::Integer).unit("jobs").sec("6.2").engine()
          .means("Soft limit on running jobs per account.").m331(kLegacyThrottleNote),
      P("MAXJOBPERACCOUNTPOLICY", T::Boolean).sec("6.2")
          .means("Turns the per-account running-job limit on or off.").m331(kLegacyThrottleNote),
      P("MAXJOBQUEUEDPERUSERCOUNT", T::Integer).unit("jobs").sec("6.2").engine()
          .means("Hard limit on eligible (idle) jobs per user (sets USERCFG[DEFAULT] MAXIJOB).").m331(kLegacyThrottleNote),
      P("SMAXJOBQUEUEDPERUSERCOUNT", T::Integer).unit("jobs").sec("6.2").engine()
          .means("Soft limit on eligible (idle) jobs per user.").m331(kLegacyThrottleNote),
      P("MAXJOBQUEUEDPERUSERPOLICY", T::Boolean).sec("6.2")
          .means("Turns the per-user eligible-job limit on or off.").m331(kLegacyThrottleNote),
      P("MAXJOBQUEUEDPERGROUPCOUNT", T::Integer).unit("jobs").sec("6.2").engine()
          .means("Hard limit on eligible (idle) jobs per group.").m331(kLegacyThrottleNote),
      P("SMAXJOBQUEUEDPERGROUPCOUNT", T::Integer).unit("jobs").sec("6.2").engine()
          .means("Soft limit on eligible (idle) jobs per group.").m331(kLegacyThrottleNote),
      P("MAXJOBQUEUEDPERGROUPPOLICY", T::Boolean).sec("6.2")
          .means("Turns the per-group eligible-job limit on or off.").m331(kLegacyThrottleNote),
      P("MAXJOBQUEUEDPERACCOUNTCOUNT", T::Integer).unit("jobs").sec("6.2").engine()
          .means("Hard limit on eligible (idle) jobs per account.").m331(kLegacyThrottleNote),
      P("SMAXJOBQUEUEDPERACCOUNTCOUNT", T::Integer).unit("jobs").sec("6.2").engine()
          .means("Soft limit on eligible (idle) jobs per account.").m331(kLegacyThrottleNote),
      P("MAXJOBQUEUEDPERACCOUNTPOLICY", T::Boolean).sec("6.2")
          .means("Turns the per-account eligible-job limit on or off.").m331(kLegacyThrottleNote),
      P("MAXPROCPERUSERCOUNT", T::Integer).unit("procs").sec("6.2").engine()
          .means("Hard limit on processors in use per user (sets USERCFG[DEFAULT] MAXPROC).").m331(kLegacyThrottleNote),
      P("SMAXPROCPERUSERCOUNT", T::Integer).unit("procs").sec("6.2").engine()
          .means("Soft limit on processors in use per user.").m331(kLegacyThrottleNote),
      P("MAXPROCPERUSERPOLICY", T::Boolean).sec("6.2")
          .means("Turns the per-user processor limit on or off.").m331(kLegacyThrottleNote),
      P("MAXPROCPERGROUPCOUNT", T::Integer).unit("procs").sec("6.2").engine()
          .means("Hard limit on processors in use per group.")
          .m331("Maui 3.3.1's table routes this name to the per-group node-limit handler; Maui 3.0 style, overridden by GROUPCFG[DEFAULT]"),
      P("SMAXPROCPERGROUPCOUNT", T::Integer).unit("procs").sec("6.2").engine()
          .means("Soft limit on processors in use per group.")
          .m331("Maui 3.3.1's table routes this name to the per-group node-limit handler; Maui 3.0 style, overridden by GROUPCFG[DEFAULT]"),
      P("MAXPROCPERGROUPPOLICY", T::Boolean).sec("6.2")
          .means("Turns the per-group processor limit on or off.")
          .m331("Maui 3.3.1's table routes this name to the per-group node-limit handler"),
      P("MAXPROCPERACCOUNTCOUNT", T::Integer).unit("procs").sec("6.2").engine()
          .means("Hard limit on processors in use per account.")
          .m331("Maui 3.3.1's table routes this name to the per-account node-limit handler; Maui 3.0 style, overridden by ACCOUNTCFG[DEFAULT]"),
      P("SMAXPROCPERACCOUNTCOUNT", T::Integer).unit("procs").sec("6.2").engine()
          .means("Soft limit on processors in use per account.")
          .m331("Maui 3.3.1's table routes this name to the per-account node-limit handler; Maui 3.0 style, overridden by ACCOUNTCFG[DEFAULT]"),
      P("MAXPROCPERACCOUNTPOLICY", T::Boolean).sec("6.2")
          .means("Turns the per-account processor limit on or off.")
          .m331("Maui 3.3.1's table routes this name to the per-account node-limit handler"),
      P("MAXNODEPERUSERCOUNT", T::Integer).unit("nodes").sec("6.2").engine()
          .means("Hard limit on nodes in use per user (sets USERCFG[DEFAULT] MAXNODE).").m331(kLegacyThrottleNote),
      P("SMAXNODEPERUSERCOUNT", T::Integer).unit("nodes").sec("6.2").engine()
          .means("Soft limit on nodes in use per user.").m331(kLegacyThrottleNote),
      P("MAXNODEPERUSERPOLICY", T::Boolean).sec("6.2")
          .means("Turns the per-user node limit on or off.").m331(kLegacyThrottleNote),
      P("MAXPEPERUSERCOUNT", T::Integer).unit("PEs").sec("6.2").engine()
          .means("Hard limit on processor-equivalents in use per user (sets USERCFG[DEFAULT] MAXPE).").m331(kLegacyThrottleNote),
      P("SMAXPEPERUSERCOUNT", T::Integer).unit("PEs").sec("6.2").engine()
          .means("Soft limit on processor-equivalents in use per user.").m331(kLegacyThrottleNote),
      P("MAXPEPERUSERPOLICY", T::Boolean).sec("6.2")
          .means("Turns the per-user processor-equivalent limit on or off.").m331(kLegacyThrottleNote),
      P("MAXPROCSECONDPERUSERCOUNT", T::Integer).unit("proc-seconds").sec("6.2").engine()
          .means("Hard limit on outstanding processor-seconds per user (sets USERCFG[DEFAULT] MAXPS).").m331(kLegacyThrottleNote),
      P("SMAXPROCSECONDPERUSERCOUNT", T::Integer).unit("proc-seconds").sec("6.2").engine()
          .means("Soft limit on outstanding processor-seconds per user.").m331(kLegacyThrottleNote),
      P("MAXPROCSECONDPERUSERPOLICY", T::Boolean).sec("6.2")
          .means("Turns the per-user processor-second limit on or off.").m331(kLegacyThrottleNote),
      P("MAXPROCSECONDPERGROUPCOUNT", T::Integer).unit("proc-seconds").sec("6.2").engine()
          .means("Hard limit on outstanding processor-seconds per group.").m331(kLegacyThrottleNote),
      P("SMAXPROCSECONDPERGROUPCOUNT", T::Integer).unit("proc-seconds").sec("6.2").engine()
          .means("Soft limit on outstanding processor-seconds per group.").m331(kLegacyThrottleNote),
      P("MAXPROCSECONDPERGROUPPOLICY", T::Boolean).sec("6.2")
          .means("Turns the per-group processor-second limit on or off.").m331(kLegacyThrottleNote),
      P("MAXPROCSECONDPERACCOUNTCOUNT", T::Integer).unit("proc-seconds").sec("6.2").engine()
          .means("Hard limit on outstanding processor-seconds per account.").m331(kLegacyThrottleNote),
      P("SMAXPROCSECONDPERACCOUNTCOUNT", T::Integer).unit("proc-seconds").sec("6.2").engine()
          .means("Soft limit on outstanding processor-seconds per account.").m331(kLegacyThrottleNote),
      P("MAXPROCSECONDPERACCOUNTPOLICY", T::Boolean).sec("6.2")
          .means("Turns the per-account processor-second limit on or off.").m331(kLegacyThrottleNote),

      // Per-QOS scalars, index = QOS name or number; superseded by QOSCFG.
      P("QOSNAME", T::String).sec("7.3").flags(kIndexed | kPerQos)
          .means("Maui 3.0 style: name of QOS number N."),
      P("QOSPRIORITY", T::Integer).sec("7.3").engine().flags(kIndexed | kPerQos)
          .means("Maui 3.0 style: priority of QOS N (QOSCFG PRIORITY)."),
      P("QOSQTWEIGHT", T::Weight).sec("7.3").engine().flags(kIndexed | kPerQos)
          .means("Maui 3.0 style: extra queue-time weight for jobs of QOS N (QOSCFG QTWEIGHT)."),
      P("QOSXFWEIGHT", T::Weight).sec("7.3").engine().flags(kIndexed | kPerQos)
          .means("Maui 3.0 style: extra expansion-factor weight for jobs of QOS N (QOSCFG XFWEIGHT)."),
      P("QOSTARGETXF", T::Double).sec("7.3").engine().flags(kIndexed | kPerQos)
          .means("Maui 3.0 style: expansion-factor target of QOS N (QOSCFG XFTARGET).")
          .m331("the manual spells it QOSXFTARGET"),
      P("QOSTARGETQT", T::Duration).unit("seconds").sec("7.3").engine().flags(kIndexed | kPerQos)
          .means("Maui 3.0 style: queue-time target of QOS N (QOSCFG QTTARGET).")
          .m331("broken: an integer parameter read as a string, so the target is always 0; the manual spells it QOSQTTARGET"),
      P("QOSFLAGS", T::EnumList).allowed(kQosFlags).sec("7.3").engine().flags(kIndexed | kPerQos)
          .means("Maui 3.0 style: flags of QOS N (QOSCFG QFLAGS).").m331(kQosFlagsNote),

      // Per-standing-reservation scalars, index = SR name or number; same meaning as SRCFG.
      P("SRACCESS", T::Enum).allowed(kSrAccess).sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG ACCESS: may the reservation share resources with other reservations.")
          .m331("behaves as SHARED unless DEDICATED is given"),
      P("SRACCOUNTLIST", T::AclList).sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG ACCOUNTLIST: accounts allowed to use the reservation (blank separated)."),
      P("SRCHARGEACCOUNT", T::String).sec("7.1.5").flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG CHARGEACCOUNT: account charged for idle reserved cycles."),
      P("SRCLASSLIST", T::AclList).sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG CLASSLIST: classes allowed to use the reservation."),
      P("SRDAYS", T::DayList).def("ALL").sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG DAYS: weekdays on which the reservation exists."),
      P("SRDEPTH", T::Integer).def("2").sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG DEPTH: number of periods reserved ahead."),
      P("SRSTARTTIME", T::Duration).def("00:00:00").sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG STARTTIME: time of day the reservation starts."),
      P("SRENDTIME", T::Duration).sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG ENDTIME: time of day the reservation ends (unset = end of day)."),
      P("SRWSTARTTIME", T::Duration).sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG WSTARTTIME: start as an offset into the week, D:HH:MM:SS (day 0 = Sunday)."),
      P("SRWENDTIME", T::Duration).sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG WENDTIME: end as an offset into the week, D:HH:MM:SS."),
      P("SRFEATURES", T::StringList).sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG NODEFEATURES: node features the reserved nodes must have."),
      P("SRFLAGS", T::EnumList).allowed(kSrFlags).sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG FLAGS: reservation flags."),
      P("SRGROUPLIST", T::AclList).sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG GROUPLIST: groups allowed to use the reservation."),
      P("SRHOSTLIST", T::HostList).sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG HOSTLIST: hosts the reservation may use."),
      P("SRIDLETIME", T::Duration).sec("7.1.5").flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG IDLETIME: idle time after which the reservation may be released."),
      P("SRMAXTASKS", T::Integer).sec("7.1.5").flags(kIndexed | kPerSres)
          .means("Maui 3.0 style: maximum tasks of the reservation."),
      P("SRMINTASKS", T::Integer).sec("7.1.5").flags(kIndexed | kPerSres)
          .means("Maui 3.0 style: minimum tasks of the reservation."),
      P("SRMINLOAD", T::Double).sec("7.1.5").flags(kIndexed | kPerSres)
          .means("Maui 3.0 style: minimum load for the reservation to stay active."),
      P("SRMAXTIME", T::AclList).sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG MAXTIME / TIMELIMIT: longest overlap a job may have with the reservation."),
      P("SRNAME", T::String).sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style: name of standing reservation N."),
      P("SRPARTITION", T::String).def("ALL").sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG PARTITION: partition the reservation is placed in."),
      P("SRPERIOD", T::Enum).allowed(kSrPeriods).def("DAY").sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG PERIOD: DAY, WEEK or INFINITY."),
      P("SRPRIORITY", T::Integer).def("0").sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG PRIORITY: priority of the reservation."),
      P("SRQOSLIST", T::AclList).sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG QOSLIST: QOS allowed to use the reservation."),
      P("SRRESOURCES", T::Resources).def("PROCS=-1").sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG RESOURCES: resources of one reserved task."),
      P("SRTASKCOUNT", T::Integer).def("0").sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG TASKCOUNT: number of tasks reserved."),
      P("SRTIMELOGIC", T::Enum).allowed(kTimeLogic).sec("7.1.5").flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG TIMELOGIC: combine the time limit with the other ACLs by AND or OR.")
          .m331("obsolete since 3.2.6: no effect; mark the time limit as required with a trailing *"),
      P("SRTPN", T::Integer).def("0").sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG TPN: minimum tasks per node."),
      P("SRUSERLIST", T::AclList).sec("7.1.5").accepted().flags(kIndexed | kPerSres)
          .means("Maui 3.0 style SRCFG USERLIST: users allowed to use the reservation."),

      // Per-resource-manager scalars, index = RM number; superseded by RMCFG.
      P("RMTYPE", T::String).def("PBS").sec("13.2").flags(kIndexed | kPerRm)
          .means("Legacy RMCFG TYPE: kind of resource manager N (PBS, LL, WIKI, SGE, SSS, LSF, NATIVE or OTHER, optionally :RMS)."),
      P("RMHOST", T::String).sec("13.2").flags(kIndexed | kPerRm)
          .means("Legacy RMCFG HOST: host of resource manager N."),
      P("RMSERVER", T::String).sec("13.2").obsolete("RMHOST").flags(kIndexed | kPerRm)
          .means("Old name of RMHOST."),
      P("RMPORT", T::Integer).def("0").sec("13.2").flags(kIndexed | kPerRm)
          .means("Legacy RMCFG PORT: port of resource manager N (0 = the RM's default)."),
      P("RMTIMEOUT", T::Duration).unit("seconds").def("00:00:09").sec("13.2").flags(kIndexed | kPerRm)
          .means("Legacy RMCFG TIMEOUT: how long to wait for resource manager N.")
          .m331("code default is 9 s (the manual says 15)"),
      P("RMAUTHTYPE", T::Enum).allowed(kRmAuthTypes).def("CHECKSUM").sec("13.2").flags(kIndexed | kPerRm)
          .means("Legacy RMCFG AUTHTYPE: how Maui authenticates to resource manager N."),
      P("RMNMPORT", T::Integer).sec("13.2").flags(kIndexed | kPerRm)
          .means("Legacy RMCFG NMPORT: port of the node monitor of resource manager N."),
      P("RMCONFIGFILE", T::String).sec("13.2").flags(kIndexed | kPerRm)
          .means("Legacy RMCFG CONFIGFILE: configuration file of resource manager N."),
      P("RMEPORT", T::Integer).sec("13.2").flags(kIndexed | kPerRm)
          .means("Legacy RMCFG EPORT: event port of resource manager N."),
      P("RMLOCALDISKFS", T::String).sec("13.2").flags(kIndexed | kPerRm)
          .means("Legacy RMCFG LOCALDISKFS: file system reported as node local disk."),
      P("RMNAME", T::String).sec("13.2").flags(kIndexed | kPerRm)
          .means("Legacy RMCFG NAME: name of resource manager N."),
  };
}

// --- allocation manager (bank) and simulation scalars ---------------------------------------------
std::vector<Row> bank_and_sim_rows() {
  return {
      P("BANKTYPE", T::String).sec("6.4")
          .means("Kind of allocation manager (bank), e.g. QBANK, RESD or FILE."),
      P("BANKHOST", T::String).sec("6.4")
          .means("Host of the allocation manager."),
      P("BANKSERVER", T::String).sec("6.4").obsolete("BANKHOST")
          .means("Old name of BANKHOST."),
      P("BANKPORT", T::Integer).sec("6.4")
          .means("Port of the allocation manager."),
      P("BANKPROTOCOL", T::String).sec("6.4")
          .means("Protocol used to talk to the allocation manager."),
      P("BANKTIMEOUT", T::Duration).unit("seconds").sec("6.4")
          .means("How long to wait for the allocation manager."),
      P("BANKCHARGEPOLICY", T::Enum).allowed("DEBITALLWC|DEBITSUCCESSFULWC|DEBITSUCCESSFULCPU|DEBITSUCCESSFULPE").sec("6.4")
          .means("What a job is charged for: all walltime, or walltime, CPU time or PEs of successful jobs."),
      P("BANKDEFERONJOBFAILURE", T::Boolean).sec("6.4")
          .means("Defer jobs whose allocation reservation fails instead of running them."),
      P("BANKFALLBACKACCOUNT", T::String).sec("6.4")
          .means("Account charged when the job's own account has no allocation left."),
      P("BANKFLUSHINTERVAL", T::Duration).unit("seconds").sec("6.4")
          .means("How often charges are flushed to the allocation manager."),
      P("BANKAPPENDMACHINENAME", T::Boolean).sec("6.4")
          .means("Append the machine name to account names sent to the allocation manager."),
      P("SIMAUTOSHUTDOWN", T::Boolean).sec("16.4")
          .means("Simulation: stop when the workload trace is exhausted."),
      P("SIMCHECKPOINTINTERVAL", T::Duration).unit("seconds").sec("16.4")
          .means("Simulation: checkpoint interval in simulated time."),
      P("SIMCOMRATE", T::Double).sec("16.4")
          .means("Simulation: communication rate between nodes."),
      P("SIMCOMTYPE", T::String).sec("16.4")
          .means("Simulation: communication model."),
      P("COMINTERFRAMECOST", T::Double).sec("16.4")
          .means("Simulation: communication cost between frames."),
      P("COMINTRAFRAMECOST", T::Double).sec("16.4")
          .means("Simulation: communication cost inside a frame."),
      P("SIMDEFAULTJOBFLAGS", T::StringList).sec("16.4")
          .means("Simulation: flags added to every simulated job."),
      P("SIMEXITITERATION", T::Integer).sec("16.4")
          .means("Simulation: iteration after which Maui exits."),
      P("SIMFLAGS", T::StringList).sec("16.4")
          .means("Simulation: behaviour flags (e.g. IGNHOSTLIST)."),
      P("SIMIGNOREJOBFLAGS", T::StringList).sec("16.4")
          .means("Simulation: job flags from the trace that are ignored."),
      P("SIMINITIALQUEUEDEPTH", T::Integer).sec("16.4")
          .means("Simulation: number of jobs queued at start."),
      P("SIMJOBSUBMISSIONPOLICY", T::String).sec("16.4")
          .means("Simulation: how jobs are submitted (NORMAL, CONSTANTJOBDEPTH or CONSTANTPSDEPTH)."),
      P("SIMNODECONFIGURATION", T::String).sec("16.4")
          .means("Simulation: how simulated nodes are configured."),
      P("SIMNODECOUNT", T::Integer).sec("16.4")
          .means("Simulation: number of simulated nodes."),
      P("SIMRANDOMIZEJOBSIZE", T::Boolean).sec("16.4")
          .means("Simulation: randomise job sizes."),
      P("SIMRESOURCETRACEFILE", T::String).sec("16.4")
          .means("Simulation: resource (node) trace file."),
      P("SIMSCALEJOBRUNTIME", T::Boolean).sec("16.4")
          .means("Simulation: scale job runtimes by node speed."),
      P("SIMSTARTTIME", T::DateTime).sec("16.4")
          .means("Simulation: simulated start time."),
      P("SIMSTOPITERATION", T::Integer).sec("16.4")
          .means("Simulation: iteration at which scheduling pauses."),
      P("SIMTIMEPOLICY", T::String).sec("16.4")
          .means("Simulation: how simulated time advances."),
      P("SIMWCACCURACY", T::Double).sec("16.4")
          .means("Simulation: accuracy of requested walltimes."),
      P("SIMWCACCURACYCHANGE", T::Double).sec("16.4")
          .means("Simulation: change applied to walltime accuracy."),
      P("SIMWCSCALINGPERCENT", T::Integer).sec("16.4")
          .means("Simulation: percentage by which walltimes are scaled."),
      P("SIMWORKLOADTRACEFILE", T::String).sec("16.4")
          .means("Simulation: workload (job) trace file."),
      P("PLOTMINTIME", T::Duration).unit("seconds").sec("Appendix F")
          .means("Statistics matrix: shortest job duration shown."),
      P("PLOTMAXTIME", T::Duration).unit("seconds").sec("Appendix F")
          .means("Statistics matrix: longest job duration shown."),
      P("PLOTTIMESCALE", T::Integer).sec("Appendix F")
          .means("Statistics matrix: number of duration columns."),
      P("PLOTMINPROC", T::Integer).unit("procs").sec("Appendix F")
          .means("Statistics matrix: smallest job size shown."),
      P("PLOTMAXPROC", T::Integer).unit("procs").sec("Appendix F")
          .means("Statistics matrix: largest job size shown."),
      P("PLOTPROCSCALE", T::Integer).sec("Appendix F")
          .means("Statistics matrix: number of job-size rows."),
  };
}

// --- tokens in Maui 3.3.1's extracted name list that are not parameters -------------------------
std::vector<Row> junk_rows() {
  return {
      P("NONE", T::String).sec("Appendix F").ignored()
          .means("An internal placeholder (the [NONE] marker) that leaked into Maui 3.3.1's parameter name list; not a parameter."),
      P("SUN", T::String).sec("Appendix F").ignored()
          .means("A weekday value that leaked into Maui 3.3.1's parameter name list; not a parameter."),
      P("Sun", T::String).sec("Appendix F").ignored()
          .means("A weekday value that leaked into Maui 3.3.1's parameter name list; not a parameter."),
      P("InclusiveShared", T::String).sec("Appendix F").ignored()
          .means("A reservation-sharing value that leaked into Maui 3.3.1's parameter name list; not a parameter."),
      P("RESCANCEL", T::String).sec("Appendix F").ignored()
          .means("A reservation-cancel keyword that appears in Maui 3.3.1's parameter name list without any documented parameter behind it."),
  };
}

// --- names seen in configs, manuals or seeds that Maui 3.3.1 does not know ----------------------
std::vector<Row> foreign_scalar_rows() {
  return {
      // Misspellings and manual spellings of real names.
      P("ADMINHOST", T::StringList).sec("Appendix F").misspelling("ADMINHOSTS")
          .means("Common misspelling of ADMINHOSTS; Maui silently ignores it."),
      P("LOGFILEROLEDEPTH", T::Integer).sec("14.2").misspelling("LOGFILEROLLDEPTH")
          .means("Misspelling of LOGFILEROLLDEPTH used as a puppet-module default; Maui silently ignores it."),
      P("TARGWEIGHT", T::Weight).sec("5.1.2").manual_name("TARGETWEIGHT").flags(kParScoped)
          .means("The manual's spelling of TARGETWEIGHT; Maui 3.3.1 only knows TARGETWEIGHT."),
      P("XFACTOR", T::Weight).sec("5.1.2").misspelling("XFACTORWEIGHT").flags(kParScoped)
          .means("Not a parameter: the expansion-factor priority weight is XFACTORWEIGHT."),
      P("CPUWEIGHT", T::Weight).sec("5.1.2").misspelling("PROCWEIGHT").flags(kParScoped)
          .means("Not a Maui parameter: the per-processor priority weight is PROCWEIGHT."),
      P("FAIRSHAREWEIGHT", T::Weight).sec("5.1.2").misspelling("FSWEIGHT").flags(kParScoped)
          .means("Old manual spelling of FSWEIGHT; Maui 3.3.1 ignores it."),
      P("RESOURCEWEIGHT", T::Weight).sec("5.1.2").misspelling("RESWEIGHT").flags(kParScoped)
          .means("Old manual spelling of RESWEIGHT; Maui 3.3.1 ignores it."),
      P("MEMORYWEIGHT", T::Weight).sec("5.1.2").misspelling("MEMWEIGHT").flags(kParScoped)
          .means("Old manual spelling of MEMWEIGHT; Maui 3.3.1 ignores it."),
      P("USAGECONSUMEDWEIGHT", T::Weight).sec("5.1.2").manual_name("CONSUMEDWEIGHT").flags(kParScoped)
          .means("The manual's spelling of CONSUMEDWEIGHT; Maui 3.3.1 ignores it."),
      P("USAGEREMAININGWEIGHT", T::Weight).sec("5.1.2").manual_name("REMAININGWEIGHT").flags(kParScoped)
          .means("The manual's spelling of REMAININGWEIGHT; Maui 3.3.1 ignores it."),
      P("USAGEPERCENTWEIGHT", T::Weight).sec("5.1.2").manual_name("PERCENTWEIGHT").flags(kParScoped)
          .means("The manual's spelling of PERCENTWEIGHT; Maui 3.3.1 ignores it."),
      P("QOSXFTARGET", T::Double).sec("7.3").manual_name("QOSTARGETXF").flags(kIndexed | kPerQos)
          .means("The manual's spelling of QOSTARGETXF; Maui 3.3.1 ignores it (use QOSCFG XFTARGET)."),
      P("QOSQTTARGET", T::Duration).sec("7.3").manual_name("QOSTARGETQT").flags(kIndexed | kPerQos)
          .means("The manual's spelling of QOSTARGETQT; Maui 3.3.1 ignores it (use QOSCFG QTTARGET)."),
      P("ALLOCATIONPOLICY", T::Enum).allowed(kNodeAllocationPolicies).sec("5.2").misspelling("NODEALLOCATIONPOLICY").flags(kParScoped)
          .means("Old manual spelling of NODEALLOCATIONPOLICY; Maui 3.3.1 ignores it."),
      P("DOWNNODEDELAYTIME", T::Duration).sec("Appendix F").misspelling("NODEDOWNSTATEDELAYTIME")
          .means("Old manual spelling of NODEDOWNSTATEDELAYTIME; Maui 3.3.1 ignores it."),
      P("NOTIFYSCRIPT", T::String).sec("Appendix F").misspelling("NOTIFICATIONPROGRAM")
          .means("Old spelling of NOTIFICATIONPROGRAM; Maui 3.3.1 ignores it."),
      P("PURGETIME", T::Duration).sec("Appendix F").misspelling("JOBPURGETIME")
          .means("Old spelling of JOBPURGETIME; Maui 3.3.1 ignores it."),
      P("SYSTEMMAXJOBPROC", T::Integer).sec("6.2").misspelling("SYSTEMMAXPROCPERJOB").flags(kParScoped)
          .means("Old manual spelling of SYSTEMMAXPROCPERJOB; Maui 3.3.1 ignores it."),
      P("SYSTEMMAXJOBPROCSECOND", T::Integer).sec("6.2").misspelling("SYSTEMMAXPROCSECONDPERJOB").flags(kParScoped)
          .means("Old manual spelling of SYSTEMMAXPROCSECONDPERJOB; Maui 3.3.1 ignores it."),
      P("BANKCHARGEMODE", T::String).sec("6.4").misspelling("BANKCHARGEPOLICY")
          .means("Old spelling of BANKCHARGEPOLICY; Maui 3.3.1 ignores it."),
      P("SCHEDULINGCRITERIA", T::Enum).allowed(kBackfillMetrics).sec("8.2").misspelling("BACKFILLMETRIC").flags(kParScoped)
          .means("Name used in the backfill chapter for the best-fit metric; the parameter is BACKFILLMETRIC."),

      // Names from Maui 3.2, later Maui manuals or Moab that Maui 3.3.1 ignores.
      P("ENFORCERESOURCELIMITS", T::Boolean).sec("10.4").moab()
          .means("Maui 3.2 / Moab switch for enforcing job resource limits; Maui 3.3.1 ignores it.")
          .m331("ignored: use RESOURCELIMITPOLICY"),
      P("SYSTEMDEFAULTJOBWALLTIME", T::Duration).sec("Moab").moab()
          .means("Walltime given to jobs that request none (Moab); Maui 3.3.1 ignores it."),
      P("QOSFEATURES", T::StringList).sec("7.3").moab().flags(kIndexed | kPerQos)
          .means("Maui 3.0 style node features required by QOS N; not in Maui 3.3.1's table."),
      P("SIMRMRANDOMDELAY", T::Integer).sec("16.4").moab()
          .means("Older simulation setting (random resource manager delay); not in Maui 3.3.1's table."),
      P("SIMTIMERATIO", T::Integer).sec("16.4").moab()
          .means("Older simulation setting (simulated to real time ratio); not in Maui 3.3.1's table."),
      P("MAXJOB", T::Integer).sec("Moab").moab()
          .means("Moab: maximum number of jobs the scheduler keeps track of; Maui 3.3.1 ignores it."),
      P("USEDATABASE", T::String).sec("Moab").moab()
          .means("Moab: where Moab stores its internal data (e.g. INTERNAL); Maui 3.3.1 ignores it."),
      P("CLIENTUIPORT", T::Integer).sec("Moab").moab()
          .means("Moab: port for the client user interface; Maui 3.3.1 ignores it."),
      P("UIMANAGEMENTPOLICY", T::String).sec("Moab").moab()
          .means("Moab: how client requests are served (e.g. FORK); Maui 3.3.1 ignores it."),
      P("AGGREGATENODEACTIONS", T::Boolean).sec("Moab").moab()
          .means("Moab: batch node provisioning and power actions together; Maui 3.3.1 ignores it."),
      P("JOBPRIOEXCEPTIONS", T::StringList).sec("Moab").moab()
          .means("Moab: job states (e.g. BATCHHOLD, DEPENDS) that still accrue queue-time priority; Maui 3.3.1 ignores it."),
      P("NODEIDLEPOWERTHRESHOLD", T::Duration).sec("Moab").moab()
          .means("Moab: idle time after which a node is powered off; Maui 3.3.1 ignores it."),
      P("NODEIDLEPURGETIME", T::Duration).sec("Moab").moab()
          .means("Moab: idle time after which a dynamic node is removed; Maui 3.3.1 ignores it."),
  };
}

// --- *CFG families --------------------------------------------------------------------------------
std::vector<Row> family_rows() {
  return {
      F("USERCFG").sec("6.2").engine()
          .means("Settings of one user (priority, limits, fairshare target, QOS access); USERCFG[DEFAULT] applies to every user without its own value."),
      F("GROUPCFG").sec("6.2").engine()
          .means("Settings of one group; GROUPCFG[DEFAULT] applies to groups without their own value."),
      F("ACCOUNTCFG").sec("6.2").engine()
          .means("Settings of one account; ACCOUNTCFG[DEFAULT] applies to accounts without their own value."),
      F("CLASSCFG").sec("6.2").engine()
          .means("Settings of one class (queue); CLASSCFG[DEFAULT] applies to classes without their own value."),
      F("QOSCFG").sec("7.3").engine()
          .means("Settings of one quality of service: priority, limits, override limits, targets and flags."),
      F("SYSCFG").sec("6.2").engine()
          .means("Settings of the whole system (the global partition), e.g. the default QOS and QOS list.")
          .m331("the only family that may be written without an [id]; active MAX* limits on it are stored but never checked"),
      F("NODECFG").sec("12.2").engine()
          .means("Settings of one node; NODECFG[DEFAULT] gives defaults, NODECFG[GLOBAL] holds floating resources."),
      F("SRCFG").sec("7.1.5").engine()
          .means("One standing reservation: when it exists, which resources it holds and who may use them."),
      F("RMCFG").sec("13.2")
          .means("One resource manager interface (type, host, port, ...); no [id] means resource manager 0."),
      F("AMCFG").sec("6.4")
          .means("The allocation manager (bank) interface."),
      F("CLIENTCFG").sec("Appendix F")
          .means("Shared-secret settings for a client or peer service (normally in maui-private.cfg).")
          .m331("read from the scalar parameter table; keep the keys in maui-private.cfg"),
      F("PARCFG").sec("Appendix F").ignored()
          .means("Settings of one partition (Moab).")
          .m331("the name exists in Maui 3.3.1's object tables, but 3.3.1 does not load PARCFG lines"),
      F("QUEUECFG").sec("Appendix F").ignored()
          .means("Settings of one queue.")
          .m331("the name exists in Maui 3.3.1's object tables, but 3.3.1 does not load QUEUECFG lines; use CLASSCFG"),
      F("SCHEDCFG").sec("Moab").moab()
          .means("Moab: settings of the scheduler itself (server address, mode, flags).")
          .m331("not loaded by Maui 3.3.1; use SERVERHOST, SERVERPORT and SERVERMODE"),
      F("ADMINCFG").sec("Moab").moab()
          .means("Moab: an administrator level with its users and allowed services.")
          .m331("not known to Maui 3.3.1; use ADMIN1 ... ADMIN4"),
      F("IDCFG").sec("Moab").moab()
          .means("Moab: an identity manager that supplies credential settings."),
      F("APPCFG").sec("Moab").moab()
          .means("Moab Service Manager (msm.cfg): settings of one application plugin."),
      F("ACCTCFG").sec("7.1.5").manual_name("ACCOUNTCFG")
          .means("Misspelling of ACCOUNTCFG (used in a manual example); Maui 3.3.1 ignores these lines."),
      F("SYSTEMCFG").sec("6.2").manual_name("SYSCFG")
          .means("The throttling chapter's name for SYSCFG; Maui 3.3.1 ignores these lines."),
  };
}

// --- credential attributes: USERCFG GROUPCFG ACCOUNTCFG CLASSCFG QOSCFG SYSCFG (semantics 2.5, 6) --
std::vector<Row> credential_rows() {
  constexpr std::uint32_t kCred = kCredentials;
  constexpr std::uint32_t kMax = kMultiDim;
  constexpr std::string_view kPlainSeconds =
      "limits inside *CFG lines are plain integers (MAXWC=72:00:00 means 72 seconds)";
  constexpr std::string_view kMultiDimJob =
      "only the class x user dimension (CLASSCFG MAXJOB[USER]) is enforced; MAXJOB[USER:name], "
      "MAXJOB[CLASS], MAXJOB[QOS] are silently ignored, MAXJOB[GROUP] is stored but never checked";
  constexpr std::string_view kMultiDimOther =
      "an index is ignored: MAXNODE[USER]=8 becomes a plain MAXNODE=8 on the object";
  constexpr std::string_view kIdleNote =
      "soft and hard idle limits are both used; a group, account, class or QOS is only checked if "
      "it has a MAXI* attribute of its own (GROUPCFG[DEFAULT] MAXI* alone has no effect)";
  constexpr std::string_view kOverrideNote =
      "only QOS objects hold override limits; the override replaces this limit for every credential "
      "of the job (user, group, account, class and QOS)";
  return {
      A("PRIORITY", kCred, T::Integer).def("0").sec("5.1.2").engine()
          .means("Priority of the credential, weighted by USERWEIGHT, GROUPWEIGHT, ... in the credential component.")
          .m331("0 means unset: the DEFAULT object's priority is used instead (no DEFAULT fallback for QOS)"),
      A("FSTARGET", kCred, T::FairshareTarget).sec("6.3").engine()
          .means("Fairshare target in percent; a trailing + makes it a floor, - a ceiling, ^ an absolute cap, % a relative cap.")
          .m331("caps (^ %) only block jobs and add no priority; 0 means unset and falls back to DEFAULT"),
      // Active limits.
      A("MAXJOB", kCred, T::Limit).unit("jobs").sec("6.2").engine().flags(kMax)
          .means("Limit on running jobs of the credential, written SOFT,HARD or one value for both.")
          .m331(kMultiDimJob),
      A("MAXPROC", kCred, T::Limit).unit("procs").sec("6.2").engine().flags(kMax)
          .means("Limit on processors used by running jobs of the credential.")
          .m331("MAXPROC[USER:name] and MAXPROC[USER] are silently ignored; MAXPROC[CLASS:c], [QOS:q], [GROUP:g] are stored but never checked"),
      A("MAXNODE", kCred, T::Limit).unit("nodes").sec("6.2").engine().flags(kMax)
          .means("Limit on nodes used by running jobs of the credential.")
          .m331("jobs that request only tasks count 0 nodes; an index is ignored (MAXNODE[USER]=8 becomes MAXNODE=8)"),
      A("MAXPE", kCred, T::Limit).unit("PEs").sec("6.2").engine().flags(kMax)
          .means("Limit on processor-equivalents used by running jobs of the credential.").m331(kMultiDimOther),
      A("MAXPS", kCred, T::Limit).unit("proc-seconds").sec("6.2").engine().flags(kMax)
          .means("Limit on outstanding processor-seconds (processors times remaining walltime) of running jobs.").m331(kMultiDimOther),
      A("MAXWC", kCred, T::Limit).unit("seconds").sec("6.2").engine().flags(kMax)
          .means("Limit on outstanding walltime (remaining seconds) of running jobs.").m331(kPlainSeconds),
      A("MAXMEM", kCred, T::Limit).unit("MB").sec("6.2").engine().flags(kMax)
          .means("Limit on memory dedicated to running jobs of the credential.")
          .m331("parsed but never enforced"),
      A("MINPROC", kCred, T::Limit).unit("procs").sec("6.2")
          .means("Minimum processors a job of the credential must request.")
          .m331("parsed but never enforced"),
      // Idle (eligible-job) limits.
      A("MAXIJOB", kCred, T::Limit).unit("jobs").sec("6.2").engine().flags(kMax | kIdleLimit)
          .means("Limit on eligible (idle, schedulable) jobs of the credential.").m331(kIdleNote),
      A("MAXIPROC", kCred, T::Limit).unit("procs").sec("6.2").engine().flags(kMax | kIdleLimit)
          .means("Limit on processors requested by eligible jobs of the credential.").m331(kIdleNote),
      A("MAXINODE", kCred, T::Limit).unit("nodes").sec("6.2").engine().flags(kMax | kIdleLimit)
          .means("Limit on nodes requested by eligible jobs of the credential.").m331(kIdleNote),
      A("MAXIPE", kCred, T::Limit).unit("PEs").sec("6.2").engine().flags(kMax | kIdleLimit)
          .means("Limit on processor-equivalents requested by eligible jobs of the credential.").m331(kIdleNote),
      A("MAXIPS", kCred, T::Limit).unit("proc-seconds").sec("6.2").engine().flags(kMax | kIdleLimit)
          .means("Limit on processor-seconds requested by eligible jobs of the credential.").m331(kIdleNote),
      A("MAXIWC", kCred, T::Limit).unit("seconds").sec("6.2").engine().flags(kMax | kIdleLimit)
          .means("Limit on walltime requested by eligible jobs of the credential.").m331(kPlainSeconds),
      A("MAXIMEM", kCred, T::Limit).unit("MB").sec("6.2").engine().flags(kMax | kIdleLimit)
          .means("Limit on memory requested by eligible jobs of the credential.")
          .m331("parsed but never enforced"),
      // QOS override limits (active, idle, per-job system).
      A("OMAXJOB", kQos, T::Limit).unit("jobs").sec("6.2").engine().flags(kOverride)
          .means("QOS override of the running-job limit for jobs of this QOS.").m331(kOverrideNote),
      A("OMAXPROC", kQos, T::Limit).unit("procs").sec("6.2").engine().flags(kOverride)
          .means("QOS override of the processor limit for jobs of this QOS.").m331(kOverrideNote),
      A("OMAXNODE", kQos, T::Limit).unit("nodes").sec("6.2").engine().flags(kOverride)
          .means("QOS override of the node limit for jobs of this QOS.").m331(kOverrideNote),
      A("OMAXPE", kQos, T::Limit).unit("PEs").sec("6.2").engine().flags(kOverride)
          .means("QOS override of the processor-equivalent limit for jobs of this QOS.").m331(kOverrideNote),
      A("OMAXPS", kQos, T::Limit).unit("proc-seconds").sec("6.2").engine().flags(kOverride)
          .means("QOS override of the processor-second limit for jobs of this QOS.").m331(kOverrideNote),
      A("OMAXWC", kQos, T::Limit).unit("seconds").sec("6.2").engine().flags(kOverride)
          .means("QOS override of the walltime limit for jobs of this QOS.").m331(kOverrideNote),
      A("OMAXMEM", kQos, T::Limit).unit("MB").sec("6.2").engine().flags(kOverride)
          .means("QOS override of the memory limit for jobs of this QOS.")
          .m331("memory limits are never enforced"),
      A("OMAXIJOB", kQos, T::Limit).unit("jobs").sec("6.2").engine().flags(kOverride | kIdleLimit)
          .means("QOS override of the eligible-job limit for jobs of this QOS.").m331(kOverrideNote),
      A("OMAXIPROC", kQos, T::Limit).unit("procs").sec("6.2").engine().flags(kOverride | kIdleLimit)
          .means("QOS override of the eligible-processor limit for jobs of this QOS.").m331(kOverrideNote),
      A("OMAXINODE", kQos, T::Limit).unit("nodes").sec("6.2").engine().flags(kOverride | kIdleLimit)
          .means("QOS override of the eligible-node limit for jobs of this QOS.").m331(kOverrideNote),
      A("OMAXIPE", kQos, T::Limit).unit("PEs").sec("6.2").engine().flags(kOverride | kIdleLimit)
          .means("QOS override of the eligible processor-equivalent limit for jobs of this QOS.").m331(kOverrideNote),
      A("OMAXIPS", kQos, T::Limit).unit("proc-seconds").sec("6.2").engine().flags(kOverride | kIdleLimit)
          .means("QOS override of the eligible processor-second limit for jobs of this QOS.").m331(kOverrideNote),
      A("OMAXIWC", kQos, T::Limit).unit("seconds").sec("6.2").engine().flags(kOverride | kIdleLimit)
          .means("QOS override of the eligible walltime limit for jobs of this QOS.").m331(kOverrideNote),
      A("OMAXIMEM", kQos, T::Limit).unit("MB").sec("6.2").engine().flags(kOverride | kIdleLimit)
          .means("QOS override of the eligible memory limit for jobs of this QOS.")
          .m331("memory limits are never enforced"),
      A("OMAXJPROC", kQos, T::Limit).unit("procs").sec("6.2").engine().flags(kOverride | kSystemLimit)
          .means("QOS override of the per-job processor limit (SYSTEMMAXPROCPERJOB) for jobs of this QOS."),
      A("OMAXJNODE", kQos, T::Limit).unit("nodes").sec("6.2").engine().flags(kOverride | kSystemLimit)
          .means("QOS override of the per-job node limit for jobs of this QOS."),
      A("OMAXJPE", kQos, T::Limit).unit("PEs").sec("6.2").engine().flags(kOverride | kSystemLimit)
          .means("QOS override of the per-job processor-equivalent limit for jobs of this QOS."),
      A("OMAXJPS", kQos, T::Limit).unit("proc-seconds").sec("6.2").engine().flags(kOverride | kSystemLimit)
          .means("QOS override of the per-job processor-second limit (SYSTEMMAXPROCSECONDPERJOB) for jobs of this QOS."),
      A("OMAXJWC", kQos, T::Limit).unit("seconds").sec("6.2").engine().flags(kOverride | kSystemLimit)
          .means("QOS override of the per-job walltime limit (SYSTEMMAXJOBWALLTIME) for jobs of this QOS.")
          .m331(kPlainSeconds),
      A("OMAXJMEM", kQos, T::Limit).unit("MB").sec("6.2").engine().flags(kOverride | kSystemLimit)
          .means("QOS override of the per-job memory limit for jobs of this QOS.")
          .m331("memory limits are never enforced"),
      // Per-user limits inside a class or QOS.
      A("MAXJOBPERUSER", kClass | kQos, T::Limit).unit("jobs").sec("6.2").engine()
          .means("Limit on running jobs of each user inside this class or QOS.")
          .m331("enforced for CLASSCFG; on QOSCFG tracked but never checked"),
      A("MAXPROCPERUSER", kClass | kQos, T::Limit).unit("procs").sec("6.2").engine()
          .means("Limit on processors used by each user inside this class or QOS.")
          .m331("enforced for CLASSCFG; on QOSCFG tracked but never checked"),
      A("MAXNODEPERUSER", kClass | kQos, T::Limit).unit("nodes").sec("6.2").engine()
          .means("Limit on nodes used by each user inside this class or QOS.")
          .m331("enforced for CLASSCFG; on QOSCFG tracked but never checked"),
      // QOS and partition access.
      A("QLIST", kCred, T::CredList).sec("7.3").engine()
          .means("QOS the credential may use (separated by , or :); a trailing & makes it an AND list, ^ an ONLY list."),
      A("QDEF", kCred, T::String).sec("7.3").engine()
          .means("Default QOS of the credential's jobs.")
          .m331("an unknown QOS name creates that QOS"),
      A("PLIST", kCred, T::CredList).sec("Appendix F").engine()
          .means("Partitions the credential's jobs may use (separated by , or :); a job runs inside one partition."),
      A("PDEF", kCred, T::String).sec("Appendix F").engine()
          .means("Default partition of the credential's jobs: the one they are tried in first."),
      A("ADEF", kCred, T::String).sec("Appendix F")
          .means("Default account of the credential's jobs."),
      A("ALIST", kCred, T::CredList).sec("Appendix F").ignored()
          .means("Accounts the credential's jobs may use.")
          .m331("not implemented"),
      A("JOBFLAGS", kCred, T::EnumList).allowed(kJobFlags).sec("Appendix F")
          .means("Flags added to every job of the credential (e.g. PREEMPTEE).")
          .m331("the manual calls this attribute FLAGS, which 3.3.1 ignores; flags are matched by substring"),
      A("FLAGS", kUser | kGroup | kAccount | kClass | kSys, T::EnumList).allowed(kJobFlags).sec("Appendix F")
          .manual_name("JOBFLAGS")
          .means("The manual's name for the default job flags of a credential.")
          .m331("ignored by Maui 3.3.1, which only reads JOBFLAGS="),
      A("FLAGS", kQos, T::EnumList).allowed(kQosFlags).sec("7.3").manual_name("QFLAGS")
          .means("Moab's name for the QOS flag list.")
          .m331("ignored by Maui 3.3.1, which only reads QFLAGS="),
      A("OVERRUN", kCred, T::Duration).unit("seconds").sec("Appendix F")
          .means("How far jobs of the credential may run past their wallclock limit."),
      A("MAX.WCLIMIT", kUser | kClass, T::Duration).unit("seconds").sec("Appendix F")
          .means("Longest walltime a job of the class or user may request."),
      A("DEFAULT.WCLIMIT", kUser | kClass, T::Duration).unit("seconds").sec("Appendix F")
          .means("Walltime given to jobs of the class or user that request none."),
      A("MAXNODEPERJOB", kUser | kClass, T::Integer).unit("nodes").sec("Appendix F")
          .means("Most nodes a single job of the class or user may request."),
      A("MAXPROCPERJOB", kUser | kClass, T::Integer).unit("procs").sec("Appendix F")
          .means("Most processors a single job of the class or user may request."),
      // QOS only.
      A("QTWEIGHT", kQos, T::Weight).def("0").sec("5.1.2").engine()
          .means("Added to QUEUETIMEWEIGHT for jobs of this QOS."),
      A("QTTARGET", kQos, T::Integer).unit("seconds").sec("5.1.2").engine()
          .means("Queue-time target of this QOS, driving the TARGETQUEUETIME priority term.")
          .m331("plain integer seconds (not a time format); any target > 0 gives the saturated value 1e8"),
      A("XFWEIGHT", kQos, T::Weight).def("0").sec("5.1.2").engine()
          .means("Added to XFACTORWEIGHT for jobs of this QOS."),
      A("XFTARGET", kQos, T::Double).sec("5.1.2").engine()
          .means("Expansion-factor target of this QOS, driving the TARGETXFACTOR priority term."),
      A("QFLAGS", kQos, T::EnumList).allowed(kQosFlags).sec("7.3").engine()
          .means("Flags of this QOS (preemption, reservation, limit-exemption behaviour).").m331(kQosFlagsNote),
      // CLASS only.
      A("NODEACCESSPOLICY", kClass, T::Enum).allowed(kNodeAccessPolicies).sec("5.3").engine()
          .means("Node access policy for jobs of this class (overrides NODEACCESSPOLICY)."),
      A("OCNODE", kClass, T::String).sec("8.4")
          .means("Node on which jobs of this class are overcommitted when PREEMPTPOLICY is OVERCOMMIT."),
      A("DEFAULT.FEATURES", kClass, T::StringList).sec("Appendix F")
          .means("Node features required by jobs of this class that request none."),
      A("MAXPROCPERNODE", kClass, T::Integer).unit("procs").sec("Appendix F")
          .means("Most processors a job of this class may use on one node."),
      A("WCOVERRUN", kClass, T::Duration).unit("seconds").sec("Appendix F")
          .means("How far jobs of this class may run past their wallclock limit."),
      // GROUP only.
      A("CLASSWEIGHT", kGroup, T::Weight).sec("5.1.2").ignored()
          .means("Intended to replace CLASSWEIGHT for jobs of this group.")
          .m331("non-functional: the parser reads the wrong string, so the value is always 0"),
      // Misspellings seen in real configs.
      A("PRIOTIRY", kCred, T::Integer).sec("5.1.2").misspelling("PRIORITY")
          .means("Misspelling of PRIORITY; Maui silently ignores it."),
      A("MAXNODES", kCred, T::Limit).sec("6.2").misspelling("MAXNODE")
          .means("Misspelling of MAXNODE; Maui silently ignores it."),
      A("MAXPROCS", kCred, T::Limit).sec("6.2").misspelling("MAXPROC")
          .means("Misspelling of MAXPROC; Maui silently ignores it."),
      // Moab-only credential attributes seen in the corpus.
      A("PARTITION", kClass, T::String).sec("Moab").moab()
          .means("Moab: partition in which jobs of this class run; Maui 3.3.1 ignores it."),
      A("PRIORITYF", kClass, T::Expression).sec("Moab").moab()
          .means("Moab: per-class node allocation priority function; Maui 3.3.1 ignores it."),
      A("DEFAULT.OS", kClass, T::String).sec("Moab").moab()
          .means("Moab: operating system provisioned for jobs of this class that request none."),
      A("REQUESTGEOMETRY", kQos, T::String).sec("Moab").moab()
          .means("Moab: geometry requested for elastic jobs of this QOS; Maui 3.3.1 ignores it."),
      A("ENABLEPROFILING", kQos | kNode, T::Boolean).sec("Moab").moab()
          .means("Moab: record statistics profiles for this object; Maui 3.3.1 ignores it."),
  };
}

// --- SRCFG attributes (7.1.5; semantics 7.3) --------------------------------------------------------
std::vector<Row> sres_rows() {
  constexpr std::string_view kAclNote =
      "items must be separated by , : or |; a blank ends the attribute and the rest is ignored "
      "(QOSLIST=high low keeps only high); !x entries only exclude";
  return {
      A("ACCESS", kSres, T::Enum).allowed(kSrAccess).def("DEDICATED").sec("7.1.5").engine()
          .means("SHARED lets the reservation overlap other non-job reservations; DEDICATED forbids it.")
          .m331("behaves as SHARED unless ACCESS=DEDICATED is given (the manual says DEDICATED is the default)"),
      A("USERLIST", kSres, T::AclList).sec("7.1.5").engine()
          .means("Users whose jobs may use the reservation.").m331(kAclNote),
      A("GROUPLIST", kSres, T::AclList).sec("7.1.5").engine()
          .means("Groups whose jobs may use the reservation.").m331(kAclNote),
      A("ACCOUNTLIST", kSres, T::AclList).sec("7.1.5").engine()
          .means("Accounts whose jobs may use the reservation.").m331(kAclNote),
      A("CLASSLIST", kSres, T::AclList).sec("7.1.5").engine()
          .means("Classes whose jobs may use the reservation.").m331(kAclNote),
      A("QOSLIST", kSres, T::AclList).sec("7.1.5").engine()
          .means("QOS whose jobs may use the reservation.").m331(kAclNote),
      A("JOBATTRLIST", kSres, T::AclList).sec("7.1.5").engine()
          .means("Job attributes (e.g. PREEMPTEE) that give a job access to the reservation.").m331(kAclNote),
      A("ACCCOUNTLIST", kSres, T::AclList).sec("7.1.5").misspelling("ACCOUNTLIST")
          .means("Typo of ACCOUNTLIST from the manual's example 4; Maui ignores it with an ALERT log line."),
      A("TIMELIMIT", kSres, T::AclList).unit("seconds").sec("7.1.5").engine()
          .means("Longest overlap a job may have with the reservation; a trailing * makes it required in addition to another ACL.")
          .m331("parsed as a time (unlike limits); items separated by , or |"),
      A("MAXTIME", kSres, T::AclList).unit("seconds").sec("7.1.5").engine()
          .means("Legacy form of TIMELIMIT."),
      A("PROCLIMIT", kSres, T::AclList).unit("procs").sec("7.1.5").engine()
          .means("Largest processor count of a job that may use the reservation."),
      A("TASKLIMIT", kSres, T::AclList).unit("tasks").sec("7.1.5").engine()
          .means("Largest task count of a job that may use the reservation."),
      A("TIMELOGIC", kSres, T::Enum).allowed(kTimeLogic).sec("7.1.5").ignored()
          .means("Whether TIMELIMIT is combined with the other ACLs by AND or OR.")
          .m331("obsolete since 3.2.6: use the required marker, TIMELIMIT=1:00:00*"),
      A("CHARGEACCOUNT", kSres, T::String).sec("7.1.5")
          .means("Account charged (through the allocation manager) for idle reserved cycles."),
      A("DAYS", kSres, T::DayList).def("ALL").sec("7.1.5").engine()
          .means("Weekdays on which a DAY-period reservation exists (Mon ... Sun or ALL).")
          .m331("matched by substring, so any separator works"),
      A("DEPTH", kSres, T::Integer).def("2").sec("7.1.5").engine()
          .means("Number of periods reserved ahead (today and the next DEPTH-1 days or weeks)."),
      A("PERIOD", kSres, T::Enum).allowed(kSrPeriods).def("DAY").sec("7.1.5").engine()
          .means("Reservation period: DAY, WEEK or INFINITY (always present)."),
      A("STARTTIME", kSres, T::Duration).def("00:00:00").sec("7.1.5").engine()
          .means("Time of day the reservation starts.")
          .m331("ignored for PERIOD=WEEK (use WSTARTTIME); the manual's D:HH:MM:SS week form does not work"),
      A("ENDTIME", kSres, T::Duration).sec("7.1.5").engine()
          .means("Time of day the reservation ends (unset = end of day).")
          .m331("ignored for PERIOD=WEEK (use WENDTIME)"),
      A("WSTARTTIME", kSres, T::Duration).sec("7.1.5").engine()
          .means("Start of a weekly reservation as an offset into the week, D:HH:MM:SS (day 0 = Sunday)."),
      A("WENDTIME", kSres, T::Duration).sec("7.1.5").engine()
          .means("End of a weekly reservation as an offset into the week, D:HH:MM:SS."),
      A("FLAGS", kSres, T::EnumList).allowed(kSrFlags).sec("7.1.5").engine()
          .means("Reservation flags (e.g. BYNAME, OWNERPREEMPT, SPACEFLEX)."),
      A("HOSTLIST", kSres, T::HostList).sec("7.1.5").engine()
          .means("Hosts the reservation may use (names, node[01-16] ranges or a regular expression).")
          .m331("commas become blanks; a reservation needs a HOSTLIST or a TASKCOUNT to be created"),
      A("NODEFEATURES", kSres, T::StringList).sec("7.1.5").engine()
          .means("Node features every reserved node must have."),
      A("OWNER", kSres, T::String).sec("7.1.5").engine()
          .means("Owner of the reservation as CREDTYPE:ID (e.g. USER:john), used by OWNERPREEMPT."),
      A("PARTITION", kSres, T::String).def("ALL").sec("7.1.5").engine()
          .means("Partition the reservation is placed in (ALL may span partitions)."),
      A("PRIORITY", kSres, T::Integer).def("0").sec("7.1.5")
          .means("Priority of the standing reservation."),
      A("RESOURCES", kSres, T::Resources).def("PROCS=-1").sec("7.1.5").engine()
          .means("Resources of one reserved task, e.g. PROCS:2;MEM:512 (PROCS=-1 = all processors of the node)."),
      A("TASKCOUNT", kSres, T::Integer).def("0").sec("7.1.5").engine()
          .means("Number of tasks to reserve (0 = one task per HOSTLIST host)."),
      A("TPN", kSres, T::Integer).def("0").sec("7.1.5").engine()
          .means("Minimum tasks per node a host must offer to be part of the reservation."),
      A("IDLETIME", kSres, T::Duration).sec("7.1.5")
          .means("Idle time after which the reservation may be released.")
          .m331("accepted but has no effect"),
      A("STIDLETIME", kSres, T::Duration).sec("7.1.5")
          .means("Statistics: idle time threshold of the reservation.")
          .m331("accepted but has no effect"),
      A("STTOTALTIME", kSres, T::Duration).sec("7.1.5")
          .means("Statistics: total time threshold of the reservation.")
          .m331("accepted but has no effect"),
      A("NAME", kSres, T::String).sec("7.1.5")
          .means("Name of the reservation.")
          .m331("accepted but has no effect (the [id] names the reservation)"),
      A("TRIGGER", kSres | kSched | kQos | kNode, T::Text).sec("7.1.5").moab()
          .means("Moab event trigger (event type, action type, action) attached to the object.")
          .m331("Moab 4.0 and later only; Maui 3.3.1 ignores it"),
  };
}

// --- NODECFG attributes (12.2; semantics 2.7) ---------------------------------------------------------
std::vector<Row> node_rows() {
  return {
      A("ACCESS", kNode, T::Enum).allowed(kNodeAccessPolicies).sec("12.3")
          .means("Node access policy of this node (overrides NODEACCESSPOLICY)."),
      A("ARCH", kNode, T::String).sec("12.2")
          .means("Architecture of the node."),
      A("CFGDISK", kNode, T::Integer).unit("MB").sec("12.2").engine()
          .means("Configured local disk of the node (overrides the resource manager)."),
      A("CFGMEM", kNode, T::Integer).unit("MB").sec("12.2").engine()
          .means("Configured real memory of the node (overrides the resource manager)."),
      A("CFGSWAP", kNode, T::Integer).unit("MB").sec("12.2").engine()
          .means("Configured virtual memory of the node (overrides the resource manager)."),
      A("FEATURES", kNode, T::StringList).sec("12.2").engine()
          .means("Node features (properties jobs can request)."),
      A("FRAME", kNode, T::Integer).sec("12.1")
          .means("Frame (rack) the node is in."),
      A("SLOT", kNode, T::Integer).sec("12.1")
          .means("Slot of the node in its frame."),
      A("SIZE", kNode, T::Integer).sec("12.1")
          .means("Number of frame slots the node occupies."),
      A("GRES", kNode, T::String).sec("12.4")
          .means("Generic (consumable) resources of the node, as NAME:COUNT."),
      A("MAXJOB", kNode, T::Integer).unit("jobs").sec("12.3").engine()
          .means("Most jobs that may run on the node at once.")
          .m331("a value <= 0 falls back to NODECFG[DEFAULT]"),
      A("MAXJOBPERUSER", kNode, T::Integer).unit("jobs").sec("12.3")
          .means("Most jobs of one user that may run on the node at once.")
          .m331("a value <= 0 falls back to NODECFG[DEFAULT]"),
      A("MAXPROC", kNode, T::Integer).unit("procs").sec("12.3")
          .means("Most processors of the node that jobs may use."),
      A("MAXPROCPERUSER", kNode, T::Integer).unit("procs").sec("12.3")
          .means("Most processors of the node one user's jobs may use."),
      A("MAXLOAD", kNode, T::Double).sec("12.3")
          .means("Load above which the node is considered busy."),
      A("MAXPEPERJOB", kNode, T::Double).unit("PEs").sec("12.3")
          .means("Most processor-equivalents one job may use on the node."),
      A("NETWORK", kNode, T::StringList).sec("12.2")
          .means("Networks the node is attached to."),
      A("NODETYPE", kNode, T::String).sec("12.2")
          .means("Node type, used for statistics and allocation charging."),
      A("PARTITION", kNode, T::String).sec("12.2").engine()
          .means("Partition the node belongs to."),
      A("PRIORITY", kNode, T::Integer).sec("5.2").engine()
          .means("Priority of the node for NODEALLOCATIONPOLICY PRIORITY."),
      A("PRIORITYF", kNode, T::Expression).sec("5.2")
          .means("Node allocation priority function (terms such as AMEM, APROCS, LOAD, PREF, PRIORITY, SPEED); quote it if it contains blanks."),
      A("PRIOWEIGHT", kNode, T::Integer).sec("5.2")
          .means("Weight of the node's PRIORITY in the allocation priority."),
      A("PROCSPEED", kNode, T::Integer).unit("MHz").sec("12.2")
          .means("Processor speed of the node."),
      A("SPEED", kNode, T::Double).sec("12.2")
          .means("Relative speed of the node (1.0 = normal)."),
      A("AVLMEMWEIGHT", kNode, T::Integer).sec("5.2")
          .means("Allocation priority weight of the node's available memory."),
      A("AVLPROCWEIGHT", kNode, T::Integer).sec("5.2")
          .means("Allocation priority weight of the node's available processors."),
      A("CFGMEMWEIGHT", kNode, T::Integer).sec("5.2")
          .means("Allocation priority weight of the node's configured memory."),
      A("CFGPROCWEIGHT", kNode, T::Integer).sec("5.2")
          .means("Allocation priority weight of the node's configured processors."),
      A("LOADWEIGHT", kNode, T::Integer).sec("5.2")
          .means("Allocation priority weight of the node's load."),
      A("SPEEDWEIGHT", kNode, T::Integer).sec("5.2")
          .means("Allocation priority weight of the node's speed."),
      A("USAGEWEIGHT", kNode, T::Integer).sec("5.2")
          .means("Allocation priority weight of the node's usage."),
      A("RESOURCES", kNode, T::Resources).sec("12.2")
          .means("Resources of the node (on NODECFG[GLOBAL]: floating resources shared by all nodes)."),
      A("POWERPOLICY", kNode, T::String).sec("Moab").moab()
          .means("Moab: power management policy of the node (e.g. GREEN); Maui 3.3.1 ignores it."),
      A("PROCS", kNode, T::Integer).unit("procs").sec("Moab").moab()
          .means("Moab: configured processor count of the node; Maui 3.3.1 ignores it."),
  };
}

// --- RMCFG, AMCFG, CLIENTCFG attributes (13.2, 6.4; semantics 2.1) ----------------------------------
std::vector<Row> interface_rows() {
  return {
      A("TYPE", kRm, T::String).def("PBS").sec("13.2")
          .means("Kind of resource manager: PBS, LL, WIKI, SGE, SSS, LSF, NATIVE or OTHER, optionally followed by :RMS."),
      A("HOST", kRm, T::String).sec("13.2")
          .means("Host of the resource manager server."),
      A("PORT", kRm, T::Integer).def("0").sec("13.2")
          .means("Port of the resource manager server (0 = its default)."),
      A("AUTHTYPE", kRm, T::Enum).allowed(kRmAuthTypes).def("CHECKSUM").sec("13.2")
          .means("How Maui authenticates to the resource manager."),
      A("TIMEOUT", kRm, T::Duration).unit("seconds").def("00:00:09").sec("13.2")
          .means("How long to wait for the resource manager.")
          .m331("code default is 9 s (the manual says 15)"),
      A("NMPORT", kRm, T::Integer).sec("13.2")
          .means("Port of the node monitor."),
      A("NMSERVER", kRm, T::String).sec("13.2")
          .means("Host of the node monitor."),
      A("EPORT", kRm, T::Integer).sec("13.2")
          .means("Port on which the resource manager sends events."),
      A("CONFIGFILE", kRm, T::String).sec("13.2")
          .means("Configuration file of the resource manager interface."),
      A("LOCALDISKFS", kRm, T::String).sec("13.2")
          .means("File system reported as node local disk."),
      A("MINETIME", kRm, T::Duration).unit("seconds").sec("13.2")
          .means("Minimum time between resource manager events."),
      A("NAME", kRm, T::String).sec("13.2")
          .means("Name of the resource manager."),
      A("SUSPENDSIG", kRm, T::String).sec("13.2")
          .means("Signal used to suspend jobs."),
      A("VERSION", kRm, T::String).sec("13.2")
          .means("Version of the resource manager."),
      A("ASYNCJOBSTART", kRm, T::Boolean).sec("13.2")
          .means("Start jobs without waiting for the resource manager to confirm."),
      A("SOCKETPROTOCOL", kRm | kAm, T::String).sec("13.2")
          .means("Socket protocol used to talk to the server."),
      A("WIREPROTOCOL", kRm | kAm, T::String).sec("13.2")
          .means("Wire (message) protocol used to talk to the server."),
      A("CSALGO", kRm | kAm | kClient, T::String).sec("Appendix F")
          .means("Checksum algorithm of the shared-secret authentication (e.g. DES, HMAC, MD5)."),
      A("CSKEY", kRm | kAm | kClient, T::Text).sec("Appendix F").flags(kSecret)
          .means("Shared secret key for authentication; keep it in maui-private.cfg."),
      // Moab resource manager attributes seen in the corpus.
      A("RESOURCETYPE", kRm, T::String).sec("Moab").moab()
          .means("Moab: what the resource manager provides (COMPUTE, LICENSE, STORAGE, PROV, ...)."),
      A("SUBMITCMD", kRm, T::String).sec("Moab").moab()
          .means("Moab: path of the job submission command."),
      A("CLUSTERQUERYURL", kRm, T::Text).sec("Moab").moab()
          .means("Moab native RM: URL or exec:// script that reports nodes and resources."),
      A("SYSTEMQUERYURL", kRm, T::Text).sec("Moab").moab()
          .means("Moab native RM: URL or script that reports system information."),
      A("SYSTEMMODIFYURL", kRm, T::Text).sec("Moab").moab()
          .means("Moab native RM: URL or script that changes system resources."),
      A("FLAGS", kRm, T::StringList).sec("Moab").moab()
          .means("Moab: resource manager flags (e.g. autosync, static)."),
      A("DEFAULTNODEAPP", kRm, T::String).sec("Moab").moab()
          .means("Moab Service Manager: default application plugin for nodes."),
      A("LOGFILE", kRm, T::String).sec("Moab").moab()
          .means("Moab Service Manager: log file of the resource manager interface."),
      A("LOGLEVEL", kRm | kApp, T::Integer).sec("Moab").moab()
          .means("Moab Service Manager: log verbosity of the interface or plugin."),
      A("POLLINTERVAL", kRm | kApp, T::Duration).unit("seconds").sec("Moab").moab()
          .means("Moab: how often the interface or plugin is polled."),
      A("PROVDURATION", kRm, T::Duration).unit("seconds").sec("Moab").moab()
          .means("Moab: expected duration of node provisioning."),
      A("TARGETUSAGE", kRm, T::String).sec("Moab").moab()
          .means("Moab storage RM: usage level to aim for (e.g. 80%)."),
      A("JOBRSVRECREATE", kRm, T::Boolean).sec("Moab").moab()
          .means("Moab: recreate job reservations after the resource manager restarts."),
      // Allocation manager.
      A("TYPE", kAm, T::String).sec("6.4")
          .means("Kind of allocation manager, e.g. QBANK, GOLD, RESD, FILE or NONE."),
      A("HOST", kAm, T::String).sec("6.4")
          .means("Host of the allocation manager."),
      A("PORT", kAm, T::Integer).sec("6.4")
          .means("Port of the allocation manager."),
      A("TIMEOUT", kAm, T::Duration).unit("seconds").sec("6.4")
          .means("How long to wait for the allocation manager."),
      A("DEFERJOBONFAILURE", kAm, T::Boolean).sec("6.4")
          .means("Defer jobs whose allocation reservation fails instead of running them."),
      A("CHARGEPOLICY", kAm, T::String).sec("6.4")
          .means("What a job is charged for (e.g. DEBITSUCCESSFULWC)."),
      A("FALLBACKACCOUNT", kAm, T::String).sec("6.4")
          .means("Account charged when the job's own account has no allocation left."),
      A("FLUSHINTERVAL", kAm, T::Duration).unit("seconds").sec("6.4")
          .means("How often charges are flushed to the allocation manager."),
      A("APPENDMACHINENAME", kAm, T::Boolean).sec("6.4")
          .means("Append the machine name to account names sent to the allocation manager."),
  };
}

// --- attributes of the Moab-only families ADMINCFG, SCHEDCFG, IDCFG, APPCFG, PARCFG -----------------
std::vector<Row> moab_family_rows() {
  return {
      A("USERS", kAdmin, T::CredList).sec("Moab").moab()
          .means("Moab: users of this administrator level (ALL for everybody)."),
      A("GROUPS", kAdmin, T::CredList).sec("Moab").moab()
          .means("Moab: groups whose members belong to this administrator level."),
      A("NAME", kAdmin, T::String).sec("Moab").moab()
          .means("Moab: name of this administrator level."),
      A("SERVICES", kAdmin, T::StringList).sec("Moab").moab()
          .means("Moab: commands this administrator level may run (ALL or NONE)."),
      A("SERVER", kSched, T::String).sec("Moab").moab()
          .means("Moab: host:port of the scheduler server."),
      A("MODE", kSched, T::String).sec("Moab").moab()
          .means("Moab: scheduler mode (NORMAL, TEST, MONITOR, ...)."),
      A("FBSERVER", kSched, T::String).sec("Moab").moab()
          .means("Moab: fallback (high availability) scheduler host."),
      A("FLAGS", kSched, T::StringList).sec("Moab").moab()
          .means("Moab: scheduler flags."),
      A("SERVER", kId, T::Text).sec("Moab").moab()
          .means("Moab: URL or exec:// script of the identity manager."),
      A("REFRESHPERIOD", kId, T::String).sec("Moab").moab()
          .means("Moab: how often identity manager data is reloaded."),
      A("NODEPOWEROFFDURATION", kPar, T::Duration).unit("seconds").sec("Moab").moab()
          .means("Moab: expected time for a node of the partition to power off."),
      A("DESCRIPTION", kApp, T::Text).sec("Moab").moab()
          .means("Moab Service Manager: description of the application plugin."),
      A("MODULE", kApp, T::String).sec("Moab").moab()
          .means("Moab Service Manager: Perl module that implements the plugin."),
      A("REPORTSTATE", kApp, T::Boolean).sec("Moab").moab()
          .means("Moab Service Manager: whether the plugin reports node state."),
      A("_FEATUREGROUPS", kApp, T::StringList).sec("Moab").moab()
          .means("xCAT plugin private setting: node groups reported as features."),
      A("_IMAGESFNAME", kApp, T::String).sec("Moab").moab()
          .means("xCAT plugin private setting: file listing the provisioning images."),
      A("_LIMITCLUSTERQUERY", kApp, T::Boolean).sec("Moab").moab()
          .means("xCAT plugin private setting: limit what the cluster query reports."),
      A("_MAXRANGECOUNT", kApp, T::Integer).sec("Moab").moab()
          .means("xCAT plugin private setting: most nodes per xCAT range command."),
      A("_NODERANGE", kApp, T::String).sec("Moab").moab()
          .means("xCAT plugin private setting: xCAT node range managed by Moab."),
      A("_TIMEOUT", kApp, T::Duration).unit("seconds").sec("Moab").moab()
          .means("xCAT plugin private setting: timeout of xCAT commands."),
  };
}

// Builds the whole table once, sorted by (kind, name, objects).
std::vector<Row> build_table() {
  std::vector<Row> rows;
  for (auto part : {core_rows(), priority_rows(), fairshare_rows(), backfill_rows(), legacy_rows(),
                    bank_and_sim_rows(), junk_rows(), foreign_scalar_rows(), family_rows(),
                    credential_rows(), sres_rows(), node_rows(), interface_rows(),
                    moab_family_rows()}) {
    rows.insert(rows.end(), part.begin(), part.end());
  }
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    return std::tie(a.kind, a.name, a.objects) < std::tie(b.kind, b.name, b.objects);
  });
  return rows;
}

}  // namespace

std::span<const Row> all_rows() {
  static const std::vector<Row> table = build_table();
  return table;
}

}  // namespace maui::schema
