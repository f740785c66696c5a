// NODECFG attributes: a node's resources, partition, features and limits (manual 12.2).
//
// One topic of the parameter table (schemas/parameter_table.cc assembles the topics in a
// fixed order): a file per topic keeps a name's row beside its neighbours and each file one
// data table. "semantics N" is section N of docs/reference/maui-3.3-semantics.md.
#include <vector>

#include "schemas/parameter_table/row_builder.h"
#include "schemas/parameter_table/topics.h"
#include "schemas/parameter_table/value_spellings.h"

namespace maui::schema::table {

// --- NODECFG attributes (12.2; semantics 2.7) ---------------------------------------------------------
std::vector<Row> node_rows() {
  return {
      A("ACCESS", kNode, T::Enum)
          .allowed(kNodeAccessPolicies)
          .section("12.3")
          .means("Node access policy of this node (overrides NODEACCESSPOLICY)."),
      A("ARCH", kNode, T::String).section("12.2").means("Architecture of the node."),
      A("CFGDISK", kNode, T::Integer)
          .unit("MB")
          .section("12.2")
          .used_by_engine()
          .means("Configured local disk of the node (overrides the resource manager)."),
      A("CFGMEM", kNode, T::Integer)
          .unit("MB")
          .section("12.2")
          .used_by_engine()
          .means("Configured real memory of the node (overrides the resource manager)."),
      A("CFGSWAP", kNode, T::Integer)
          .unit("MB")
          .section("12.2")
          .used_by_engine()
          .means("Configured virtual memory of the node (overrides the resource manager)."),
      A("FEATURES", kNode, T::StringList)
          .section("12.2")
          .used_by_engine()
          .means("Node features (properties jobs can request)."),
      A("FRAME", kNode, T::Integer).section("12.1").means("Frame (rack) the node is in."),
      A("SLOT", kNode, T::Integer).section("12.1").means("Slot of the node in its frame."),
      A("SIZE", kNode, T::Integer).section("12.1").means("Number of frame slots the node occupies."),
      A("GRES", kNode, T::String).section("12.4").means("Generic (consumable) resources of the node, as NAME:COUNT."),
      A("MAXJOB", kNode, T::Integer)
          .unit("jobs")
          .section("12.3")
          .used_by_engine()
          .means("Most jobs that may run on the node at once.")
          .maui331("a value <= 0 falls back to NODECFG[DEFAULT]"),
      A("MAXJOBPERUSER", kNode, T::Integer)
          .unit("jobs")
          .section("12.3")
          .means("Most jobs of one user that may run on the node at once.")
          .maui331("a value <= 0 falls back to NODECFG[DEFAULT]"),
      A("MAXPROC", kNode, T::Integer)
          .unit("procs")
          .section("12.3")
          .means("Most processors of the node that jobs may use."),
      A("MAXPROCPERUSER", kNode, T::Integer)
          .unit("procs")
          .section("12.3")
          .means("Most processors of the node one user's jobs may use."),
      A("MAXLOAD", kNode, T::Double).section("12.3").means("Load above which the node is considered busy."),
      A("MAXPEPERJOB", kNode, T::Double)
          .unit("PEs")
          .section("12.3")
          .means("Most processor-equivalents one job may use on the node."),
      A("NETWORK", kNode, T::StringList).section("12.2").means("Networks the node is attached to."),
      A("NODETYPE", kNode, T::String).section("12.2").means("Node type, used for statistics and allocation charging."),
      A("PARTITION", kNode, T::String).section("12.2").used_by_engine().means("Partition the node belongs to."),
      A("PRIORITY", kNode, T::Integer)
          .section("5.2")
          .used_by_engine()
          .means("Priority of the node for NODEALLOCATIONPOLICY PRIORITY."),
      A("PRIORITYF", kNode, T::Expression)
          .section("5.2")
          .means("Node allocation priority function (terms such as AMEM, APROCS, LOAD, PREF, PRIORITY, SPEED); quote "
                 "it if it contains blanks."),
      A("PRIOWEIGHT", kNode, T::Integer)
          .section("5.2")
          .means("Weight of the node's PRIORITY in the allocation priority."),
      A("PROCSPEED", kNode, T::Integer).unit("MHz").section("12.2").means("Processor speed of the node."),
      A("SPEED", kNode, T::Double).section("12.2").means("Relative speed of the node (1.0 = normal)."),
      A("AVLMEMWEIGHT", kNode, T::Integer)
          .section("5.2")
          .means("Allocation priority weight of the node's available memory."),
      A("AVLPROCWEIGHT", kNode, T::Integer)
          .section("5.2")
          .means("Allocation priority weight of the node's available processors."),
      A("CFGMEMWEIGHT", kNode, T::Integer)
          .section("5.2")
          .means("Allocation priority weight of the node's configured memory."),
      A("CFGPROCWEIGHT", kNode, T::Integer)
          .section("5.2")
          .means("Allocation priority weight of the node's configured processors."),
      A("LOADWEIGHT", kNode, T::Integer).section("5.2").means("Allocation priority weight of the node's load."),
      A("SPEEDWEIGHT", kNode, T::Integer).section("5.2").means("Allocation priority weight of the node's speed."),
      A("USAGEWEIGHT", kNode, T::Integer).section("5.2").means("Allocation priority weight of the node's usage."),
      A("RESOURCES", kNode, T::Resources)
          .section("12.2")
          .means("Resources of the node (on NODECFG[GLOBAL]: floating resources shared by all nodes)."),
      A("POWERPOLICY", kNode, T::String)
          .section("Moab")
          .moab_only()
          .means("Moab: power management policy of the node (e.g. GREEN); Maui 3.3.1 ignores it."),
      A("PROCS", kNode, T::Integer)
          .unit("procs")
          .section("Moab")
          .moab_only()
          .means("Moab: configured processor count of the node; Maui 3.3.1 ignores it."),
  };
}

}  // namespace maui::schema::table
