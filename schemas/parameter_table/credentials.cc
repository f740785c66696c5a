// Credential attributes: USERCFG GROUPCFG ACCOUNTCFG CLASSCFG QOSCFG SYSCFG (priority, limits,
// fairshare targets, QOS and partition access, QOS settings).
//
// One topic of the parameter table (schemas/parameter_table.cc assembles the topics in a
// fixed order): a file per topic keeps a name's row beside its neighbours and each file one
// data table. "semantics N" is section N of docs/reference/maui-3.3-semantics.md.
#include <vector>

#include "schemas/parameter_table/row_builder.h"
#include "schemas/parameter_table/topics.h"
#include "schemas/parameter_table/value_spellings.h"

namespace maui::schema::table {

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
      A("PRIORITY", kCred, T::Integer)
          .defaults_to("0")
          .section("5.1.2")
          .used_by_engine()
          .means("Priority of the credential, weighted by USERWEIGHT, GROUPWEIGHT, ... in the credential component.")
          .maui331("0 means unset: the DEFAULT object's priority is used instead (no DEFAULT fallback for QOS)"),
      A("FSTARGET", kCred, T::FairshareTarget)
          .section("6.3")
          .used_by_engine()
          .means("Fairshare target in percent; a trailing + makes it a floor, - a ceiling, ^ an absolute cap, % a "
                 "relative cap.")
          .maui331("caps (^ %) only block jobs and add no priority; 0 means unset and falls back to DEFAULT"),
      // Active limits.
      A("MAXJOB", kCred, T::Limit)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .flags(kMax)
          .means("Limit on running jobs of the credential, written SOFT,HARD or one value for both.")
          .maui331(kMultiDimJob),
      A("MAXPROC", kCred, T::Limit)
          .unit("procs")
          .section("6.2")
          .used_by_engine()
          .flags(kMax)
          .means("Limit on processors used by running jobs of the credential.")
          .maui331("MAXPROC[USER:name] and MAXPROC[USER] are silently ignored; MAXPROC[CLASS:c], [QOS:q], [GROUP:g] "
                   "are stored but never checked"),
      A("MAXNODE", kCred, T::Limit)
          .unit("nodes")
          .section("6.2")
          .used_by_engine()
          .flags(kMax)
          .means("Limit on nodes used by running jobs of the credential.")
          .maui331(
              "jobs that request only tasks count 0 nodes; an index is ignored (MAXNODE[USER]=8 becomes MAXNODE=8)"),
      A("MAXPE", kCred, T::Limit)
          .unit("PEs")
          .section("6.2")
          .used_by_engine()
          .flags(kMax)
          .means("Limit on processor-equivalents used by running jobs of the credential.")
          .maui331(kMultiDimOther),
      A("MAXPS", kCred, T::Limit)
          .unit("proc-seconds")
          .section("6.2")
          .used_by_engine()
          .flags(kMax)
          .means("Limit on outstanding processor-seconds (processors times remaining walltime) of running jobs.")
          .maui331(kMultiDimOther),
      A("MAXWC", kCred, T::Limit)
          .unit("seconds")
          .section("6.2")
          .used_by_engine()
          .flags(kMax)
          .means("Limit on outstanding walltime (remaining seconds) of running jobs.")
          .maui331(kPlainSeconds),
      A("MAXMEM", kCred, T::Limit)
          .unit("MB")
          .section("6.2")
          .used_by_engine()
          .flags(kMax)
          .means("Limit on memory dedicated to running jobs of the credential.")
          .maui331("parsed but never enforced"),
      A("MINPROC", kCred, T::Limit)
          .unit("procs")
          .section("6.2")
          .means("Minimum processors a job of the credential must request.")
          .maui331("parsed but never enforced"),
      // Idle (eligible-job) limits.
      A("MAXIJOB", kCred, T::Limit)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .flags(kMax | kIdleLimit)
          .means("Limit on eligible (idle, schedulable) jobs of the credential.")
          .maui331(kIdleNote),
      A("MAXIPROC", kCred, T::Limit)
          .unit("procs")
          .section("6.2")
          .used_by_engine()
          .flags(kMax | kIdleLimit)
          .means("Limit on processors requested by eligible jobs of the credential.")
          .maui331(kIdleNote),
      A("MAXINODE", kCred, T::Limit)
          .unit("nodes")
          .section("6.2")
          .used_by_engine()
          .flags(kMax | kIdleLimit)
          .means("Limit on nodes requested by eligible jobs of the credential.")
          .maui331(kIdleNote),
      A("MAXIPE", kCred, T::Limit)
          .unit("PEs")
          .section("6.2")
          .used_by_engine()
          .flags(kMax | kIdleLimit)
          .means("Limit on processor-equivalents requested by eligible jobs of the credential.")
          .maui331(kIdleNote),
      A("MAXIPS", kCred, T::Limit)
          .unit("proc-seconds")
          .section("6.2")
          .used_by_engine()
          .flags(kMax | kIdleLimit)
          .means("Limit on processor-seconds requested by eligible jobs of the credential.")
          .maui331(kIdleNote),
      A("MAXIWC", kCred, T::Limit)
          .unit("seconds")
          .section("6.2")
          .used_by_engine()
          .flags(kMax | kIdleLimit)
          .means("Limit on walltime requested by eligible jobs of the credential.")
          .maui331(kPlainSeconds),
      A("MAXIMEM", kCred, T::Limit)
          .unit("MB")
          .section("6.2")
          .used_by_engine()
          .flags(kMax | kIdleLimit)
          .means("Limit on memory requested by eligible jobs of the credential.")
          .maui331("parsed but never enforced"),
      // QOS override limits (active, idle, per-job system).
      A("OMAXJOB", kQos, T::Limit)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride)
          .means("QOS override of the running-job limit for jobs of this QOS.")
          .maui331(kOverrideNote),
      A("OMAXPROC", kQos, T::Limit)
          .unit("procs")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride)
          .means("QOS override of the processor limit for jobs of this QOS.")
          .maui331(kOverrideNote),
      A("OMAXNODE", kQos, T::Limit)
          .unit("nodes")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride)
          .means("QOS override of the node limit for jobs of this QOS.")
          .maui331(kOverrideNote),
      A("OMAXPE", kQos, T::Limit)
          .unit("PEs")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride)
          .means("QOS override of the processor-equivalent limit for jobs of this QOS.")
          .maui331(kOverrideNote),
      A("OMAXPS", kQos, T::Limit)
          .unit("proc-seconds")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride)
          .means("QOS override of the processor-second limit for jobs of this QOS.")
          .maui331(kOverrideNote),
      A("OMAXWC", kQos, T::Limit)
          .unit("seconds")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride)
          .means("QOS override of the walltime limit for jobs of this QOS.")
          .maui331(kOverrideNote),
      A("OMAXMEM", kQos, T::Limit)
          .unit("MB")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride)
          .means("QOS override of the memory limit for jobs of this QOS.")
          .maui331("memory limits are never enforced"),
      A("OMAXIJOB", kQos, T::Limit)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride | kIdleLimit)
          .means("QOS override of the eligible-job limit for jobs of this QOS.")
          .maui331(kOverrideNote),
      A("OMAXIPROC", kQos, T::Limit)
          .unit("procs")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride | kIdleLimit)
          .means("QOS override of the eligible-processor limit for jobs of this QOS.")
          .maui331(kOverrideNote),
      A("OMAXINODE", kQos, T::Limit)
          .unit("nodes")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride | kIdleLimit)
          .means("QOS override of the eligible-node limit for jobs of this QOS.")
          .maui331(kOverrideNote),
      A("OMAXIPE", kQos, T::Limit)
          .unit("PEs")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride | kIdleLimit)
          .means("QOS override of the eligible processor-equivalent limit for jobs of this QOS.")
          .maui331(kOverrideNote),
      A("OMAXIPS", kQos, T::Limit)
          .unit("proc-seconds")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride | kIdleLimit)
          .means("QOS override of the eligible processor-second limit for jobs of this QOS.")
          .maui331(kOverrideNote),
      A("OMAXIWC", kQos, T::Limit)
          .unit("seconds")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride | kIdleLimit)
          .means("QOS override of the eligible walltime limit for jobs of this QOS.")
          .maui331(kOverrideNote),
      A("OMAXIMEM", kQos, T::Limit)
          .unit("MB")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride | kIdleLimit)
          .means("QOS override of the eligible memory limit for jobs of this QOS.")
          .maui331("memory limits are never enforced"),
      A("OMAXJPROC", kQos, T::Limit)
          .unit("procs")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride | kSystemLimit)
          .means("QOS override of the per-job processor limit (SYSTEMMAXPROCPERJOB) for jobs of this QOS."),
      A("OMAXJNODE", kQos, T::Limit)
          .unit("nodes")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride | kSystemLimit)
          .means("QOS override of the per-job node limit for jobs of this QOS."),
      A("OMAXJPE", kQos, T::Limit)
          .unit("PEs")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride | kSystemLimit)
          .means("QOS override of the per-job processor-equivalent limit for jobs of this QOS."),
      A("OMAXJPS", kQos, T::Limit)
          .unit("proc-seconds")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride | kSystemLimit)
          .means(
              "QOS override of the per-job processor-second limit (SYSTEMMAXPROCSECONDPERJOB) for jobs of this QOS."),
      A("OMAXJWC", kQos, T::Limit)
          .unit("seconds")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride | kSystemLimit)
          .means("QOS override of the per-job walltime limit (SYSTEMMAXJOBWALLTIME) for jobs of this QOS.")
          .maui331(kPlainSeconds),
      A("OMAXJMEM", kQos, T::Limit)
          .unit("MB")
          .section("6.2")
          .used_by_engine()
          .flags(kOverride | kSystemLimit)
          .means("QOS override of the per-job memory limit for jobs of this QOS.")
          .maui331("memory limits are never enforced"),
      // Per-user limits inside a class or QOS.
      A("MAXJOBPERUSER", kClass | kQos, T::Limit)
          .unit("jobs")
          .section("6.2")
          .used_by_engine()
          .means("Limit on running jobs of each user inside this class or QOS.")
          .maui331("enforced for CLASSCFG; on QOSCFG tracked but never checked"),
      A("MAXPROCPERUSER", kClass | kQos, T::Limit)
          .unit("procs")
          .section("6.2")
          .used_by_engine()
          .means("Limit on processors used by each user inside this class or QOS.")
          .maui331("enforced for CLASSCFG; on QOSCFG tracked but never checked"),
      A("MAXNODEPERUSER", kClass | kQos, T::Limit)
          .unit("nodes")
          .section("6.2")
          .used_by_engine()
          .means("Limit on nodes used by each user inside this class or QOS.")
          .maui331("enforced for CLASSCFG; on QOSCFG tracked but never checked"),
      // QOS and partition access.
      A("QLIST", kCred, T::CredList)
          .section("7.3")
          .used_by_engine()
          .means(
              "QOS the credential may use (separated by , or :); a trailing & makes it an AND list, ^ an ONLY list."),
      A("QDEF", kCred, T::String)
          .section("7.3")
          .used_by_engine()
          .means("Default QOS of the credential's jobs.")
          .maui331("an unknown QOS name creates that QOS"),
      A("PLIST", kCred, T::CredList)
          .section("Appendix F")
          .used_by_engine()
          .means("Partitions the credential's jobs may use (separated by , or :); a job runs inside one partition."),
      A("PDEF", kCred, T::String)
          .section("Appendix F")
          .used_by_engine()
          .means("Default partition of the credential's jobs: the one they are tried in first."),
      A("ADEF", kCred, T::String).section("Appendix F").means("Default account of the credential's jobs."),
      A("ALIST", kCred, T::CredList)
          .section("Appendix F")
          .ignored()
          .means("Accounts the credential's jobs may use.")
          .maui331("not implemented"),
      A("JOBFLAGS", kCred, T::EnumList)
          .allowed(kJobFlags)
          .section("Appendix F")
          .means("Flags added to every job of the credential (e.g. PREEMPTEE).")
          .maui331("the manual calls this attribute FLAGS, which 3.3.1 ignores; flags are matched by substring"),
      A("FLAGS", kUser | kGroup | kAccount | kClass | kSys, T::EnumList)
          .allowed(kJobFlags)
          .section("Appendix F")
          .manual_name("JOBFLAGS")
          .means("The manual's name for the default job flags of a credential.")
          .maui331("ignored by Maui 3.3.1, which only reads JOBFLAGS="),
      A("FLAGS", kQos, T::EnumList)
          .allowed(kQosFlags)
          .section("7.3")
          .manual_name("QFLAGS")
          .means("Moab's name for the QOS flag list.")
          .maui331("ignored by Maui 3.3.1, which only reads QFLAGS="),
      A("OVERRUN", kCred, T::Duration)
          .unit("seconds")
          .section("Appendix F")
          .means("How far jobs of the credential may run past their wallclock limit."),
      A("MAX.WCLIMIT", kUser | kClass, T::Duration)
          .unit("seconds")
          .section("Appendix F")
          .means("Longest walltime a job of the class or user may request."),
      A("DEFAULT.WCLIMIT", kUser | kClass, T::Duration)
          .unit("seconds")
          .section("Appendix F")
          .means("Walltime given to jobs of the class or user that request none."),
      A("MAXNODEPERJOB", kUser | kClass, T::Integer)
          .unit("nodes")
          .section("Appendix F")
          .means("Most nodes a single job of the class or user may request."),
      A("MAXPROCPERJOB", kUser | kClass, T::Integer)
          .unit("procs")
          .section("Appendix F")
          .means("Most processors a single job of the class or user may request."),
      // QOS only.
      A("QTWEIGHT", kQos, T::Weight)
          .defaults_to("0")
          .section("5.1.2")
          .used_by_engine()
          .means("Added to QUEUETIMEWEIGHT for jobs of this QOS."),
      A("QTTARGET", kQos, T::Integer)
          .unit("seconds")
          .section("5.1.2")
          .used_by_engine()
          .means("Queue-time target of this QOS, driving the TARGETQUEUETIME priority term.")
          .maui331("plain integer seconds (not a time format); any target > 0 gives the saturated value 1e8"),
      A("XFWEIGHT", kQos, T::Weight)
          .defaults_to("0")
          .section("5.1.2")
          .used_by_engine()
          .means("Added to XFACTORWEIGHT for jobs of this QOS."),
      A("XFTARGET", kQos, T::Double)
          .section("5.1.2")
          .used_by_engine()
          .means("Expansion-factor target of this QOS, driving the TARGETXFACTOR priority term."),
      A("QFLAGS", kQos, T::EnumList)
          .allowed(kQosFlags)
          .section("7.3")
          .used_by_engine()
          .means("Flags of this QOS (preemption, reservation, limit-exemption behaviour).")
          .maui331(kQosFlagsNote),
      // CLASS only.
      A("NODEACCESSPOLICY", kClass, T::Enum)
          .allowed(kNodeAccessPolicies)
          .section("5.3")
          .used_by_engine()
          .means("Node access policy for jobs of this class (overrides NODEACCESSPOLICY)."),
      A("OCNODE", kClass, T::String)
          .section("8.4")
          .means("Node on which jobs of this class are overcommitted when PREEMPTPOLICY is OVERCOMMIT."),
      A("DEFAULT.FEATURES", kClass, T::StringList)
          .section("Appendix F")
          .means("Node features required by jobs of this class that request none."),
      A("MAXPROCPERNODE", kClass, T::Integer)
          .unit("procs")
          .section("Appendix F")
          .means("Most processors a job of this class may use on one node."),
      A("WCOVERRUN", kClass, T::Duration)
          .unit("seconds")
          .section("Appendix F")
          .means("How far jobs of this class may run past their wallclock limit."),
      // GROUP only.
      A("CLASSWEIGHT", kGroup, T::Weight)
          .section("5.1.2")
          .ignored()
          .means("Intended to replace CLASSWEIGHT for jobs of this group.")
          .maui331("non-functional: the parser reads the wrong string, so the value is always 0"),
      // Misspellings seen in real configs.
      A("PRIOTIRY", kCred, T::Integer)
          .section("5.1.2")
          .misspelling("PRIORITY")
          .means("Misspelling of PRIORITY; Maui silently ignores it."),
      A("MAXNODES", kCred, T::Limit)
          .section("6.2")
          .misspelling("MAXNODE")
          .means("Misspelling of MAXNODE; Maui silently ignores it."),
      A("MAXPROCS", kCred, T::Limit)
          .section("6.2")
          .misspelling("MAXPROC")
          .means("Misspelling of MAXPROC; Maui silently ignores it."),
      // Moab-only credential attributes seen in the corpus.
      A("PARTITION", kClass, T::String)
          .section("Moab")
          .moab_only()
          .means("Moab: partition in which jobs of this class run; Maui 3.3.1 ignores it."),
      A("PRIORITYF", kClass, T::Expression)
          .section("Moab")
          .moab_only()
          .means("Moab: per-class node allocation priority function; Maui 3.3.1 ignores it."),
      A("DEFAULT.OS", kClass, T::String)
          .section("Moab")
          .moab_only()
          .means("Moab: operating system provisioned for jobs of this class that request none."),
      A("REQUESTGEOMETRY", kQos, T::String)
          .section("Moab")
          .moab_only()
          .means("Moab: geometry requested for elastic jobs of this QOS; Maui 3.3.1 ignores it."),
      A("ENABLEPROFILING", kQos | kNode, T::Boolean)
          .section("Moab")
          .moab_only()
          .means("Moab: record statistics profiles for this object; Maui 3.3.1 ignores it."),
  };
}

}  // namespace maui::schema::table
