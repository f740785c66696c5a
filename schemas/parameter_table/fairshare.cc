// Fairshare: the usage windows, their decay and the policy that measures usage (manual 6.3).
//
// One topic of the parameter table (schemas/parameter_table.cc assembles the topics in a
// fixed order): a file per topic keeps a name's row beside its neighbours and each file one
// data table. "semantics N" is section N of docs/reference/maui-3.3-semantics.md.
#include <vector>

#include "schemas/parameter_table/row_builder.h"
#include "schemas/parameter_table/topics.h"
#include "schemas/parameter_table/value_spellings.h"

namespace maui::schema::table {

// --- fairshare (6.3; semantics 2.3) -------------------------------------------------------------
std::vector<Row> fairshare_rows() {
  return {
      P("FSPOLICY", T::Enum)
          .allowed(kFsPolicies)
          .defaults_to("NONE")
          .section("6.3")
          .used_by_engine()
          .flags(kParScoped)
          .means("Usage metric recorded for fairshare (dedicated processor-seconds, dedicated PE-seconds or utilised "
                 "processor-seconds); NONE turns fairshare off.")
          .maui331("a trailing % switches the whole scheduler to percentage-mode deltas; a boolean true value means "
                   "DEDICATEDPS"),
      P("FSINTERVAL", T::Duration)
          .unit("seconds")
          .range(1, 1e12, "a fairshare window must last at least one second")
          .defaults_to("24:00:00")
          .section("6.3")
          .used_by_engine()
          .flags(kParScoped)
          .means("Length of one fairshare window.")
          .maui331("Maui 3.3.1 defaults it to 12 hours; this engine follows the manual (24:00:00); windows are aligned "
                   "to the epoch"),
      P("FSDEPTH", T::Integer)
          .unit("windows")
          .range(1, 24, "Maui keeps at most 24 fairshare windows")
          .defaults_to("7")
          .section("6.3")
          .used_by_engine()
          .flags(kParScoped)
          .means("Number of fairshare windows that count towards usage.")
          .maui331(
              "Maui 3.3.1 defaults it to 8; this engine follows the manual (7); values above 24 are clipped to 24"),
      P("FSDECAY", T::Double)
          .range_excluding_min(0, 1, "a decay factor is in (0, 1]; 1 means no decay")
          .defaults_to("1.0")
          .section("6.3")
          .used_by_engine()
          .flags(kParScoped)
          .means("Weight factor applied per window of age (1.0 = no decay)."),
      P("FSCONFIGFILE", T::String)
          .defaults_to("fs.cfg")
          .section("6.3")
          .flags(kParScoped)
          .means("Legacy fairshare configuration file."),
      P("FSENFORCEMENT", T::String)
          .section("6.3")
          .ignored()
          .flags(kParScoped)
          .means("Old switch for fairshare-based job blocking.")
          .maui331("rejected (\"unexpected parameter\"): use FSTARGET caps (^ or %) instead"),
      P("FSSECONDARYGROUPS", T::Boolean)
          .defaults_to("FALSE")
          .section("6.3")
          .flags(kParScoped)
          .means("Charge fairshare usage to a PBS job's secondary group (3.3 addition)."),
      P("IGNPBSGROUPLIST", T::Boolean)
          .defaults_to("FALSE")
          .section("6.3")
          .flags(kParScoped)
          .means("Ignore the group requested with PBS `-W group_list` (3.3 addition)."),
      P("USEMACHINESPEEDFORFS", T::Boolean)
          .defaults_to("FALSE")
          .section("6.3")
          .ignored()
          .means("Multiply fairshare usage by the average speed of the job's nodes.")
          .maui331("cannot be set from maui.cfg: routed to a NULL partition and silently dropped"),
  };
}

}  // namespace maui::schema::table
