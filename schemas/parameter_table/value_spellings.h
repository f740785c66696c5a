// The spellings of the enumerated values the parameter table allows (section 12 of
// docs/reference/maui-3.3-semantics.md), matched case-sensitively, and the note on how Maui 3.3.1
// reads QOS flags: in one place because several topics allow the same values (SRCFG PERIOD and
// the legacy SRPERIOD[sr], QOSCFG FLAGS and QOSFLAGS[q], ...). Internal to the table.
#pragma once

#include <string_view>

namespace maui::schema::table {

inline constexpr std::string_view kBackfillPolicies = "NONE|FIRSTFIT|BESTFIT|GREEDY|BESTTIMEFIT|LAZY|PREEMPT";
inline constexpr std::string_view kBackfillMetrics = "PROCS|NODES|PROCSECONDS|SECONDS";
inline constexpr std::string_view kReservationPolicies = "HIGHEST|CURRENTHIGHEST|NEVER";
inline constexpr std::string_view kThresholdTypes = "NONE|BYPASS|QUEUETIME|XFACTOR";
inline constexpr std::string_view kAccrualPolicies = "ALWAYS|QUEUEPOLICY|FULLPOLICY";
inline constexpr std::string_view kFsPolicies = "NONE|DEDICATEDPS|DEDICATEDPES|UTILIZEDPS";
inline constexpr std::string_view kNodeAllocationPolicies =
    "FIRSTAVAILABLE|LASTAVAILABLE|MINLOCAL|MINGLOBAL|MINRESOURCE|PRIORITY|CPULOAD|FIRSTSET|LOCAL|"
    "CONTIGUOUS|MAXBALANCE|FASTEST";
inline constexpr std::string_view kNodeAccessPolicies = "SHARED|SINGLEJOB|SINGLETASK|SINGLEUSER";
inline constexpr std::string_view kPreemptPolicies = "REQUEUE|SUSPEND|CHECKPOINT|OVERCOMMIT";
inline constexpr std::string_view kBfPriorityPolicies = "NONE|RANDOM|DURATION|HWDURATION";
inline constexpr std::string_view kSrPeriods = "DAY|WEEK|INFINITY";
inline constexpr std::string_view kSrAccess = "SHARED|DEDICATED";
inline constexpr std::string_view kTimeLogic = "AND|OR";
inline constexpr std::string_view kJobFlags =
    "BENCHMARK|BACKFILL|SPAN|ADVRES|NOQUEUE|HOSTLIST|RESMAP|SHAREDRESOURCES|BYNAME|BESTEFFORT|"
    "RESTARTABLE|PREEMPTEE|PREEMPTOR|DEDICATEDNODE|PRESTART|REMOTE|NASINGLETASK|SPVIOLATION|"
    "IGNNODEPOLICIES|NORMSTART|GLOBALQUEUE";
inline constexpr std::string_view kQosFlags =
    "IGNJOBPERUSER|IGNPROCPERUSER|IGNNODEPERUSER|IGNPSPERUSER|IGNJOBQUEUEDPERUSER|IGNSYSMAXPROC|"
    "IGNSYSMAXTIME|IGNSYSMAXPS|IGNSRMAXTIME|IGNUSER|IGNSYSTEM|IGNALL|PREEMPTOR|PREEMPTEE|"
    "PREEMPTSPV|DEDICATED|RESERVEALWAYS|USERESERVED|NOBF|NORESERVATION|RESTARTPREEMPT|NTR|RUNNOW|"
    "IGNHOSTLIST";
inline constexpr std::string_view kSrFlags =
    "STANDINGRES|SINGLEUSE|BYNAME|META|PREEMPTEE|TIMEFLEX|SPACEFLEX|DEDICATEDNODE|"
    "DEDICATEDRESOURCE|ADVRES|FORCE|OWNERPREEMPT";
inline constexpr std::string_view kServerModes = "NORMAL|TEST|SIMULATION|SINGLESTEP|PROFILE";
inline constexpr std::string_view kLogFacilities =
    "fCORE|fSCHED|fSOCK|fUI|fLL|fSDR|fCONFIG|fSTAT|fSIM|fSTRUCT|fFS|fCKPT|fAM|fRM|fPBS|fWIKI|fSGE|"
    "fSSS|fLSF|fNAT|fALL";
inline constexpr std::string_view kRmAuthTypes = "CHECKSUM|PKI|SECUREPORT";

inline constexpr std::string_view kQosFlagsNote =
    "flags are matched by substring anywhere in the value (so `A:B` works); NORESERVATION and "
    "RESTARTPREEMPT cannot be set (\"unexpected QOS flag\"); IGN* flags override the limit for every "
    "credential of the job, not only the user";

}  // namespace maui::schema::table
