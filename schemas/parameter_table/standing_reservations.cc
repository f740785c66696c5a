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
      A("DEPTH", kSres, T::Integer).range(1, 64, "Maui keeps at most 64 instances of a standing reservation").def("2").sec("7.1.5").engine()
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
      A("TASKCOUNT", kSres, T::Integer).range(0, 1e9, "a task count is a count").def("0").sec("7.1.5").engine()
          .means("Number of tasks to reserve (0 = one task per HOSTLIST host)."),
      A("TPN", kSres, T::Integer).range(0, 1e9, "a tasks-per-node count is a count").def("0").sec("7.1.5").engine()
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

}  // namespace maui::schema::table
