// Attributes of the Moab-only families ADMINCFG, SCHEDCFG, IDCFG, APPCFG and PARCFG, which
// Maui 3.3.1 does not load (kept so that lint can say so instead of "unknown").
//
// One topic of the parameter table (schemas/parameter_table.cc assembles the topics in a
// fixed order): a file per topic keeps a name's row beside its neighbours and each file one
// data table. "semantics N" is section N of docs/reference/maui-3.3-semantics.md.
#include <vector>

#include "schemas/parameter_table/row_builder.h"
#include "schemas/parameter_table/topics.h"

namespace maui::schema::table {

// --- attributes of the Moab-only families ADMINCFG, SCHEDCFG, IDCFG, APPCFG, PARCFG -----------------
std::vector<Row> moab_family_rows() {
  return {
      A("USERS", kAdmin, T::CredList)
          .section("Moab")
          .moab_only()
          .means("Moab: users of this administrator level (ALL for everybody)."),
      A("GROUPS", kAdmin, T::CredList)
          .section("Moab")
          .moab_only()
          .means("Moab: groups whose members belong to this administrator level."),
      A("NAME", kAdmin, T::String).section("Moab").moab_only().means("Moab: name of this administrator level."),
      A("SERVICES", kAdmin, T::StringList)
          .section("Moab")
          .moab_only()
          .means("Moab: commands this administrator level may run (ALL or NONE)."),
      A("SERVER", kSched, T::String).section("Moab").moab_only().means("Moab: host:port of the scheduler server."),
      A("MODE", kSched, T::String)
          .section("Moab")
          .moab_only()
          .means("Moab: scheduler mode (NORMAL, TEST, MONITOR, ...)."),
      A("FBSERVER", kSched, T::String)
          .section("Moab")
          .moab_only()
          .means("Moab: fallback (high availability) scheduler host."),
      A("FLAGS", kSched, T::StringList).section("Moab").moab_only().means("Moab: scheduler flags."),
      A("SERVER", kId, T::Text)
          .section("Moab")
          .moab_only()
          .means("Moab: URL or exec:// script of the identity manager."),
      A("REFRESHPERIOD", kId, T::String)
          .section("Moab")
          .moab_only()
          .means("Moab: how often identity manager data is reloaded."),
      A("NODEPOWEROFFDURATION", kPar, T::Duration)
          .unit("seconds")
          .section("Moab")
          .moab_only()
          .means("Moab: expected time for a node of the partition to power off."),
      A("DESCRIPTION", kApp, T::Text)
          .section("Moab")
          .moab_only()
          .means("Moab Service Manager: description of the application plugin."),
      A("MODULE", kApp, T::String)
          .section("Moab")
          .moab_only()
          .means("Moab Service Manager: Perl module that implements the plugin."),
      A("REPORTSTATE", kApp, T::Boolean)
          .section("Moab")
          .moab_only()
          .means("Moab Service Manager: whether the plugin reports node state."),
      A("_FEATUREGROUPS", kApp, T::StringList)
          .section("Moab")
          .moab_only()
          .means("xCAT plugin private setting: node groups reported as features."),
      A("_IMAGESFNAME", kApp, T::String)
          .section("Moab")
          .moab_only()
          .means("xCAT plugin private setting: file listing the provisioning images."),
      A("_LIMITCLUSTERQUERY", kApp, T::Boolean)
          .section("Moab")
          .moab_only()
          .means("xCAT plugin private setting: limit what the cluster query reports."),
      A("_MAXRANGECOUNT", kApp, T::Integer)
          .section("Moab")
          .moab_only()
          .means("xCAT plugin private setting: most nodes per xCAT range command."),
      A("_NODERANGE", kApp, T::String)
          .section("Moab")
          .moab_only()
          .means("xCAT plugin private setting: xCAT node range managed by Moab."),
      A("_TIMEOUT", kApp, T::Duration)
          .unit("seconds")
          .section("Moab")
          .moab_only()
          .means("xCAT plugin private setting: timeout of xCAT commands."),
  };
}

}  // namespace maui::schema::table
