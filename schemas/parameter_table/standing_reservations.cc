// SRCFG attributes: when a standing reservation exists, what it holds and who may use it
// (manual 7.1.5).
//
// One topic of the parameter table (schemas/parameter_table.cc assembles the topics in a
// fixed order): a file per topic keeps a name's row beside its neighbours and each file one
// data table. "semantics N" is section N of docs/reference/maui-3.3-semantics.md.
#include <vector>

#include "schemas/parameter_table/row_builder.h"
#include "schemas/parameter_table/topics.h"
#include "schemas/parameter_table/value_spellings.h"

namespace maui::schema::table {

// --- SRCFG attributes (7.1.5; semantics 7.3) --------------------------------------------------------
std::vector<Row> sres_rows() {
  constexpr std::string_view kAclNote =
      "items must be separated by , : or |; a blank ends the attribute and the rest is ignored "
      "(QOSLIST=high low keeps only high); !x entries only exclude";
  return {
      A("ACCESS", kSres, T::Enum)
          .allowed(kSrAccess)
          .defaults_to("DEDICATED")
          .section("7.1.5")
          .used_by_engine()
          .means("SHARED lets the reservation overlap other non-job reservations; DEDICATED forbids it.")
          .maui331("behaves as SHARED unless ACCESS=DEDICATED is given (the manual says DEDICATED is the default)"),
      A("USERLIST", kSres, T::AclList)
          .section("7.1.5")
          .used_by_engine()
          .means("Users whose jobs may use the reservation.")
          .maui331(kAclNote),
      A("GROUPLIST", kSres, T::AclList)
          .section("7.1.5")
          .used_by_engine()
          .means("Groups whose jobs may use the reservation.")
          .maui331(kAclNote),
      A("ACCOUNTLIST", kSres, T::AclList)
          .section("7.1.5")
          .used_by_engine()
          .means("Accounts whose jobs may use the reservation.")
          .maui331(kAclNote),
      A("CLASSLIST", kSres, T::AclList)
          .section("7.1.5")
          .used_by_engine()
          .means("Classes whose jobs may use the reservation.")
          .maui331(kAclNote),
      A("QOSLIST", kSres, T::AclList)
          .section("7.1.5")
          .used_by_engine()
          .means("QOS whose jobs may use the reservation.")
          .maui331(kAclNote),
      A("JOBATTRLIST", kSres, T::AclList)
          .section("7.1.5")
          .used_by_engine()
          .means("Job attributes (e.g. PREEMPTEE) that give a job access to the reservation.")
          .maui331(kAclNote),
      A("ACCCOUNTLIST", kSres, T::AclList)
          .section("7.1.5")
          .misspelling("ACCOUNTLIST")
          .means("Typo of ACCOUNTLIST from the manual's example 4; Maui ignores it with an ALERT log line."),
      A("TIMELIMIT", kSres, T::AclList)
          .unit("seconds")
          .section("7.1.5")
          .used_by_engine()
          .means("Longest overlap a job may have with the reservation; a trailing * makes it required in addition to "
                 "another ACL.")
          .maui331("parsed as a time (unlike limits); items separated by , or |"),
      A("MAXTIME", kSres, T::AclList)
          .unit("seconds")
          .section("7.1.5")
          .used_by_engine()
          .means("Legacy form of TIMELIMIT."),
      A("PROCLIMIT", kSres, T::AclList)
          .unit("procs")
          .section("7.1.5")
          .used_by_engine()
          .means("Largest processor count of a job that may use the reservation."),
      A("TASKLIMIT", kSres, T::AclList)
          .unit("tasks")
          .section("7.1.5")
          .used_by_engine()
          .means("Largest task count of a job that may use the reservation."),
      A("TIMELOGIC", kSres, T::Enum)
          .allowed(kTimeLogic)
          .section("7.1.5")
          .ignored()
          .means("Whether TIMELIMIT is combined with the other ACLs by AND or OR.")
          .maui331("obsolete since 3.2.6: use the required marker, TIMELIMIT=1:00:00*"),
      A("CHARGEACCOUNT", kSres, T::String)
          .section("7.1.5")
          .means("Account charged (through the allocation manager) for idle reserved cycles."),
      A("DAYS", kSres, T::DayList)
          .defaults_to("ALL")
          .section("7.1.5")
          .used_by_engine()
          .means("Weekdays on which a DAY-period reservation exists (Mon ... Sun or ALL).")
          .maui331("matched by substring, so any separator works"),
      A("DEPTH", kSres, T::Integer)
          .range(1, 64, "Maui keeps at most 64 instances of a standing reservation")
          .defaults_to("2")
          .section("7.1.5")
          .used_by_engine()
          .means("Number of periods reserved ahead (today and the next DEPTH-1 days or weeks)."),
      A("PERIOD", kSres, T::Enum)
          .allowed(kSrPeriods)
          .defaults_to("DAY")
          .section("7.1.5")
          .used_by_engine()
          .means("Reservation period: DAY, WEEK or INFINITY (always present)."),
      A("STARTTIME", kSres, T::Duration)
          .defaults_to("00:00:00")
          .section("7.1.5")
          .used_by_engine()
          .means("Time of day the reservation starts.")
          .maui331("ignored for PERIOD=WEEK (use WSTARTTIME); the manual's D:HH:MM:SS week form does not work"),
      A("ENDTIME", kSres, T::Duration)
          .section("7.1.5")
          .used_by_engine()
          .means("Time of day the reservation ends (unset = end of day).")
          .maui331("ignored for PERIOD=WEEK (use WENDTIME)"),
      A("WSTARTTIME", kSres, T::Duration)
          .section("7.1.5")
          .used_by_engine()
          .means("Start of a weekly reservation as an offset into the week, D:HH:MM:SS (day 0 = Sunday)."),
      A("WENDTIME", kSres, T::Duration)
          .section("7.1.5")
          .used_by_engine()
          .means("End of a weekly reservation as an offset into the week, D:HH:MM:SS."),
      A("FLAGS", kSres, T::EnumList)
          .allowed(kSrFlags)
          .section("7.1.5")
          .used_by_engine()
          .means("Reservation flags (e.g. BYNAME, OWNERPREEMPT, SPACEFLEX)."),
      A("HOSTLIST", kSres, T::HostList)
          .section("7.1.5")
          .used_by_engine()
          .means("Hosts the reservation may use (names, node[01-16] ranges or a regular expression).")
          .maui331("commas become blanks; a reservation needs a HOSTLIST or a TASKCOUNT to be created"),
      A("NODEFEATURES", kSres, T::StringList)
          .section("7.1.5")
          .used_by_engine()
          .means("Node features every reserved node must have."),
      A("OWNER", kSres, T::String)
          .section("7.1.5")
          .used_by_engine()
          .means("Owner of the reservation as CREDTYPE:ID (e.g. USER:john), used by OWNERPREEMPT."),
      A("PARTITION", kSres, T::String)
          .defaults_to("ALL")
          .section("7.1.5")
          .used_by_engine()
          .means("Partition the reservation is placed in (ALL may span partitions)."),
      A("PRIORITY", kSres, T::Integer).defaults_to("0").section("7.1.5").means("Priority of the standing reservation."),
      A("RESOURCES", kSres, T::Resources)
          .defaults_to("PROCS=-1")
          .section("7.1.5")
          .used_by_engine()
          .means("Resources of one reserved task, e.g. PROCS:2;MEM:512 (PROCS=-1 = all processors of the node)."),
      A("TASKCOUNT", kSres, T::Integer)
          .range(0, 1e9, "a task count is a count")
          .defaults_to("0")
          .section("7.1.5")
          .used_by_engine()
          .means("Number of tasks to reserve (0 = one task per HOSTLIST host)."),
      A("TPN", kSres, T::Integer)
          .range(0, 1e9, "a tasks-per-node count is a count")
          .defaults_to("0")
          .section("7.1.5")
          .used_by_engine()
          .means("Minimum tasks per node a host must offer to be part of the reservation."),
      A("IDLETIME", kSres, T::Duration)
          .section("7.1.5")
          .means("Idle time after which the reservation may be released.")
          .maui331("accepted but has no effect"),
      A("STIDLETIME", kSres, T::Duration)
          .section("7.1.5")
          .means("Statistics: idle time threshold of the reservation.")
          .maui331("accepted but has no effect"),
      A("STTOTALTIME", kSres, T::Duration)
          .section("7.1.5")
          .means("Statistics: total time threshold of the reservation.")
          .maui331("accepted but has no effect"),
      A("NAME", kSres, T::String)
          .section("7.1.5")
          .means("Name of the reservation.")
          .maui331("accepted but has no effect (the [id] names the reservation)"),
      A("TRIGGER", kSres | kSched | kQos | kNode, T::Text)
          .section("7.1.5")
          .moab_only()
          .means("Moab event trigger (event type, action type, action) attached to the object.")
          .maui331("Moab 4.0 and later only; Maui 3.3.1 ignores it"),
  };
}

}  // namespace maui::schema::table
