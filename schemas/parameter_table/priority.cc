// Job priority: the component and subcomponent weights and caps, and how priority accrues
// (manual 5.1.2).
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

// Priority weight: integer (a trailing % is accepted), partition-scoped, used by the engine.
RowBuilder weight(std::string_view name, std::string_view default_value, std::string_view meaning) {
  return P(name, T::Weight)
      .defaults_to(default_value)
      .section("5.1.2")
      .means(meaning)
      .used_by_engine()
      .flags(kParScoped);
}
// Priority cap: integer upper bound on a (sub)component, 0 = no cap.
RowBuilder cap(std::string_view name, std::string_view meaning) {
  return P(name, T::Integer).defaults_to("0").section("5.1.2").means(meaning).used_by_engine().flags(kParScoped);
}

}  // namespace

// --- job priority (5.1.2; semantics 2.2) -------------------------------------------------------
std::vector<Row> priority_rows() {
  return {
      // Component weights: code default 1 for every component (the manual says 0 for several).
      weight("SERVICEWEIGHT", "1", "Weight of the service component (queue time, expansion factor, bypass count)."),
      weight("TARGETWEIGHT", "0", "Weight of the target-service component (queue-time and expansion-factor targets).")
          .maui331("Maui 3.3.1 defaults it to 1 (the manual: TARGWEIGHT, default 0, which this engine uses)"),
      weight("CREDWEIGHT", "1", "Weight of the credential component (user, group, account, QOS and class PRIORITY)."),
      weight("FSWEIGHT", "0", "Weight of the fairshare component.")
          .maui331("Maui 3.3.1 defaults it to 1; the manual (and this engine) 0"),
      weight("RESWEIGHT", "0", "Weight of the requested-resources component.")
          .maui331("Maui 3.3.1 defaults it to 1; the manual (and this engine) 0"),
      weight("USAGEWEIGHT", "0", "Weight of the usage component, which only orders running jobs (preemption).")
          .maui331("Maui 3.3.1 defaults it to 1; the manual (and this engine) 0; contributes nothing to the start "
                   "priority of idle jobs"),
      P("ATTRWEIGHT", T::Weight)
          .defaults_to("1")
          .section("5.1.2")
          .ignored()
          .flags(kParScoped)
          .means("Weight of the job-attribute component.")
          .maui331("rejected (\"unexpected parameter\"): the ATTR component is not implemented and contributes 0"),
      P("ATTRCAP", T::Integer)
          .section("5.1.2")
          .ignored()
          .flags(kParScoped)
          .means("Cap of the job-attribute component.")
          .maui331("rejected: the ATTR component is not implemented"),
      P("ATTRSTATEWEIGHT", T::Weight)
          .section("5.1.2")
          .ignored()
          .flags(kParScoped)
          .means("Weight of the job-state attribute subcomponent.")
          .maui331("rejected: the ATTR component is not implemented"),
      P("ATTRSTATECAP", T::Integer)
          .section("5.1.2")
          .ignored()
          .flags(kParScoped)
          .means("Cap of the job-state attribute subcomponent.")
          .maui331("rejected: the ATTR component is not implemented"),
      P("ATTRATTRWEIGHT", T::Weight)
          .section("5.1.2")
          .ignored()
          .flags(kParScoped)
          .means("Weight of the job-attribute subcomponent.")
          .maui331("rejected: the ATTR component is not implemented"),
      P("ATTRATTRCAP", T::Integer)
          .section("5.1.2")
          .ignored()
          .flags(kParScoped)
          .means("Cap of the job-attribute subcomponent.")
          .maui331("rejected: the ATTR component is not implemented"),
      // Component caps (integers; the manual calls them doubles).
      cap("SERVICEWCAP", "Upper bound on the service component before its weight is applied.")
          .maui331("this is the 3.3.1 spelling; there is no SERVICECAP"),
      cap("TARGETCAP", "Upper bound on the target-service component."),
      cap("CREDCAP", "Upper bound on the credential component."),
      cap("FSCAP", "Upper bound on the fairshare component (a priority cap, unrelated to FSTARGET caps).")
          .maui331("integer in 3.3.1 (the manual says double)"),
      cap("RESCAP", "Upper bound on the resource component."),
      cap("USAGECAP", "Upper bound on the usage component."),
      // Service subcomponents.
      weight("QUEUETIMEWEIGHT", "1", "Priority per minute of effective queue time.")
          .maui331("the only subcomponent weight that defaults to 1; queue time is real-valued minutes"),
      cap("QUEUETIMECAP", "Upper bound on the queue-time subcomponent."),
      weight("XFACTORWEIGHT", "0", "Priority per unit of expansion factor ((queue time + walltime) / walltime)."),
      cap("XFACTORCAP", "Upper bound on the expansion-factor subcomponent.")
          .range(0, 1e18, "a cap is ≥ 0 (0 = no cap)"),
      weight("SPVIOLATIONWEIGHT", "0", "Priority given to jobs flagged as soft-policy violators."),
      cap("SPVIOLATIONCAP", "Upper bound on the soft-policy-violation subcomponent."),
      weight("BYPASSWEIGHT", "0", "Priority per time the job was bypassed by a backfilled job."),
      cap("BYPASSCAP", "Upper bound on the bypass subcomponent."),
      // Target subcomponents.
      weight("TARGETQUEUETIMEWEIGHT", "0",
             "Weight of the term that grows as a job approaches its QOS queue-time target.")
          .maui331("QTTARGET is compared with an epoch timestamp, so any target gives the saturated value 1e8"),
      cap("TARGETQUEUETIMECAP", "Upper bound on the queue-time target subcomponent."),
      weight("TARGETXFACTORWEIGHT", "0",
             "Weight of the term that grows as a job approaches its QOS expansion-factor target."),
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
      weight("CLASSWEIGHT", "0",
             "Weight of the class's PRIORITY (CLASSCFG, or the resource manager's queue priority)."),
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
          .maui331("a job that requests only tasks or processors has 0 nodes"),
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
      P("UPROCWEIGHT", T::Weight)
          .defaults_to("0")
          .section("5.1.2")
          .flags(kParScoped)
          .means("Weight of the processors the job's user already has in use.")
          .maui331("computed but never added to the priority: no effect"),
      P("UJOBWEIGHT", T::Weight)
          .defaults_to("0")
          .section("5.1.2")
          .flags(kParScoped)
          .means("Weight of the number of jobs the job's user already has running.")
          .maui331("computed but never added to the priority: no effect"),
      // Usage subcomponents (running jobs only).
      weight("CONSUMEDWEIGHT", "0", "Running jobs: priority per processor-second consumed so far.")
          .maui331("dropped from the running-job priority by a comma-operator bug"),
      cap("CONSUMEDCAP", "Upper bound on the consumed-usage subcomponent.")
          .maui331("the cap table is shifted, so this value lands on another subcomponent's slot"),
      weight("REMAININGWEIGHT", "0", "Running jobs: priority per processor-second still outstanding.")
          .maui331("dropped from the running-job priority by a comma-operator bug"),
      cap("REMAININGCAP", "Upper bound on the remaining-usage subcomponent.")
          .maui331("the cap table is shifted, so this value lands on another subcomponent's slot"),
      weight("PERCENTWEIGHT", "0", "Running jobs: priority per percent of requested walltime consumed.")
          .maui331("dropped from the running-job priority by a comma-operator bug"),
      cap("PERCENTCAP", "Upper bound on the percent-consumed subcomponent.")
          .maui331("the cap table is shifted, so this value lands on another subcomponent's slot"),
      weight("USAGEEXECUTIONTIMEWEIGHT", "0",
             "Running jobs: priority per second since the job started (preemption order)."),
      cap("USAGEEXECUTIONTIMECAP", "Upper bound on the execution-time subcomponent.")
          .maui331("the cap table is shifted, so this value lands on another subcomponent's slot"),
      // Other priority settings.
      P("XFMINWCLIMIT", T::Duration)
          .unit("seconds")
          .defaults_to("")
          .section("5.1.2")
          .used_by_engine()
          .flags(kParScoped)
          .means("Smallest walltime used as the expansion-factor denominator, so very short jobs do not get huge "
                 "expansion factors.")
          .maui331("Maui 3.3.1 defaults it to 120 s; this engine follows the manual (none); only the denominator is "
                   "floored"),
      P("JOBPRIOACCRUALPOLICY", T::Enum)
          .allowed(kAccrualPolicies)
          .defaults_to("QUEUEPOLICY")
          .section("5.1.2")
          .used_by_engine()
          .flags(kParScoped)
          .means("When a job accrues queue time: ALWAYS, only while it passes the queue (idle) policies, or only while "
                 "it passes all policies.")
          .maui331("QUEUEPOLICY also restarts accrual when a job fails active or system limits, not only idle limits"),
      P("USESYSTEMQUEUETIME", T::Boolean)
          .defaults_to("FALSE")
          .section("5.1.2")
          .flags(kParScoped)
          .means("Legacy: measure queue time from when the job became eligible rather than from submission.")
          .maui331("only used when the job's effective queue duration is 0"),
      P("ENABLENEGJOBPRIORITY", T::Boolean)
          .defaults_to("FALSE")
          .section("5.1.2")
          .used_by_engine()
          .flags(kParScoped)
          .means("Allow job priorities below 1 (otherwise they are raised to 1)."),
      P("REJECTNEGPRIOJOBS", T::Boolean)
          .defaults_to("TRUE")
          .section("5.1.2")
          .used_by_engine()
          .flags(kParScoped)
          .means("Never start jobs whose priority is negative.")
          .maui331("Maui 3.3.1 defaults it to FALSE; this engine follows the manual (TRUE); in 3.3.1, with both this "
                   "and ENABLENEGJOBPRIORITY FALSE priorities are floored at 1"),
      // Old names Maui 3.3.1 translates to the current ones.
      P("UFSWEIGHT", T::Weight)
          .defaults_to("0")
          .section("5.1.2")
          .obsolete("FSUSERWEIGHT")
          .flags(kParScoped)
          .means("Old name of FSUSERWEIGHT."),
      P("GFSWEIGHT", T::Weight)
          .defaults_to("0")
          .section("5.1.2")
          .obsolete("FSGROUPWEIGHT")
          .flags(kParScoped)
          .means("Old name of FSGROUPWEIGHT."),
      P("AFSWEIGHT", T::Weight)
          .defaults_to("0")
          .section("5.1.2")
          .obsolete("FSACCOUNTWEIGHT")
          .flags(kParScoped)
          .means("Old name of FSACCOUNTWEIGHT."),
      P("SERVICETARGETWEIGHT", T::Weight)
          .defaults_to("1")
          .section("5.1.2")
          .obsolete("SERVICEWEIGHT")
          .flags(kParScoped)
          .means("Old name of SERVICEWEIGHT."),
      P("DIRECTSPECWEIGHT", T::Weight)
          .defaults_to("1")
          .section("5.1.2")
          .obsolete("CREDWEIGHT")
          .flags(kParScoped)
          .means("Old name of CREDWEIGHT."),
      P("QUEUETIMETARGETWEIGHT", T::Weight)
          .section("5.1.2")
          .ignored()
          .flags(kParScoped)
          .means("Pre-3.2 weight name kept in the table for backward compatibility.")
          .maui331("never translated or applied: has no effect (use TARGETQUEUETIMEWEIGHT)"),
      P("XFACTORTARGETWEIGHT", T::Weight)
          .section("5.1.2")
          .ignored()
          .flags(kParScoped)
          .means("Pre-3.2 weight name kept in the table for backward compatibility.")
          .maui331("never translated or applied: has no effect (use TARGETXFACTORWEIGHT)"),
  };
}

}  // namespace maui::schema::table
