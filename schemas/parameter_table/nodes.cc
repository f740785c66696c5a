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

}  // namespace maui::schema::table
