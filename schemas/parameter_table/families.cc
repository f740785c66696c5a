// The *CFG families themselves (USERCFG[id] ... lines); their attributes are in the files of
// their topics (credentials, standing reservations, nodes, interfaces, Moab families).
//
// One topic of the parameter table (schemas/parameter_table.cc assembles the topics in a
// fixed order): a file per topic keeps a name's row beside its neighbours and each file one
// data table. "semantics N" is section N of docs/reference/maui-3.3-semantics.md.
#include <vector>

#include "schemas/parameter_table/row_builder.h"
#include "schemas/parameter_table/topics.h"

namespace maui::schema::table {

// --- *CFG families --------------------------------------------------------------------------------
std::vector<Row> family_rows() {
  return {
      F("USERCFG").section("6.2").used_by_engine().means(
          "Settings of one user (priority, limits, fairshare target, QOS access); USERCFG[DEFAULT] applies to every "
          "user without its own value."),
      F("GROUPCFG")
          .section("6.2")
          .used_by_engine()
          .means("Settings of one group; GROUPCFG[DEFAULT] applies to groups without their own value."),
      F("ACCOUNTCFG")
          .section("6.2")
          .used_by_engine()
          .means("Settings of one account; ACCOUNTCFG[DEFAULT] applies to accounts without their own value."),
      F("CLASSCFG")
          .section("6.2")
          .used_by_engine()
          .means("Settings of one class (queue); CLASSCFG[DEFAULT] applies to classes without their own value."),
      F("QOSCFG").section("7.3").used_by_engine().means(
          "Settings of one quality of service: priority, limits, override limits, targets and flags."),
      F("SYSCFG")
          .section("6.2")
          .used_by_engine()
          .means("Settings of the whole system (the global partition), e.g. the default QOS and QOS list.")
          .maui331("the only family that may be written without an [id]; active MAX* limits on it are stored but never "
                   "checked"),
      F("NODECFG").section("12.2").used_by_engine().means(
          "Settings of one node; NODECFG[DEFAULT] gives defaults, NODECFG[GLOBAL] holds floating resources."),
      F("SRCFG").section("7.1.5").used_by_engine().means(
          "One standing reservation: when it exists, which resources it holds and who may use them."),
      F("RMCFG").section("13.2").means(
          "One resource manager interface (type, host, port, ...); no [id] means resource manager 0."),
      F("AMCFG").section("6.4").means("The allocation manager (bank) interface."),
      F("CLIENTCFG")
          .section("Appendix F")
          .means("Shared-secret settings for a client or peer service (normally in maui-private.cfg).")
          .maui331("read from the scalar parameter table; keep the keys in maui-private.cfg"),
      F("PARCFG")
          .section("Appendix F")
          .ignored()
          .means("Settings of one partition (Moab).")
          .maui331("the name exists in Maui 3.3.1's object tables, but 3.3.1 does not load PARCFG lines"),
      F("QUEUECFG")
          .section("Appendix F")
          .ignored()
          .means("Settings of one queue.")
          .maui331(
              "the name exists in Maui 3.3.1's object tables, but 3.3.1 does not load QUEUECFG lines; use CLASSCFG"),
      F("SCHEDCFG")
          .section("Moab")
          .moab_only()
          .means("Moab: settings of the scheduler itself (server address, mode, flags).")
          .maui331("not loaded by Maui 3.3.1; use SERVERHOST, SERVERPORT and SERVERMODE"),
      F("ADMINCFG")
          .section("Moab")
          .moab_only()
          .means("Moab: an administrator level with its users and allowed services.")
          .maui331("not known to Maui 3.3.1; use ADMIN1 ... ADMIN4"),
      F("IDCFG").section("Moab").moab_only().means("Moab: an identity manager that supplies credential settings."),
      F("APPCFG").section("Moab").moab_only().means(
          "Moab Service Manager (msm.cfg): settings of one application plugin."),
      F("ACCTCFG")
          .section("7.1.5")
          .manual_name("ACCOUNTCFG")
          .means("Misspelling of ACCOUNTCFG (used in a manual example); Maui 3.3.1 ignores these lines."),
      F("SYSTEMCFG")
          .section("6.2")
          .manual_name("SYSCFG")
          .means("The throttling chapter's name for SYSCFG; Maui 3.3.1 ignores these lines."),
  };
}

}  // namespace maui::schema::table
