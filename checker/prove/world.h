// The finite world the properties quantify over, built once from the policy:
//   - credential names per kind: every name the config mentions (objects, ACLs, QLIST / QDEF /
//     ADEF / OWNER) plus one representative, OTHER (QOS: DEFAULT), of all names it does not;
//   - the nodes: the cluster's when they are given (--cluster JOBS.json, a live resource
//     manager: a span of runtime::Node from anywhere), with what NODECFG sets for them filling in
//     what the cluster leaves unset; otherwise NODECFG entries (DEFAULT resources filled in) and
//     nodes named only in a HOSTLIST, and when NODECFG lists no node, one pseudo-node `*` for the
//     resource manager's nodes (then the node list is unknown: properties that need it say so);
//   - the 168-hour week (hour 0 = Sunday 00:00) and, per standing reservation, the hours its
//     instances cover (runtime/engine/standing_reservations.h instances) and the nodes it takes
//     (runtime plan_placement, then tasks packed in candidate order on an idle cluster).
#pragma once

#include <array>
#include <bitset>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "runtime/engine/credentials.h"
#include "runtime/engine/model.h"
#include "runtime/engine/standing_reservations.h"
#include "schemas/ir.h"

namespace maui::prove {

inline constexpr int kHours = 168;
using WeekHours = std::bitset<kHours>;
// Sunday 2023-01-01 00:00 UTC: the week every weekly question is asked about.
inline constexpr runtime::Epoch kWeekStart = 1672531200;

std::size_t kind_index(ir::CredKind k);  // position in ir::kCredKinds

struct ReservationWeek {
  const ir::StandingReservation* sr = nullptr;
  WeekHours hours;
  std::optional<runtime::StandingPlacement> placement;
  std::vector<std::string> placement_errors;
  // Nodes taken on an idle cluster (indices into World::nodes) and the procs taken on each
  // (-1: the whole node).
  std::vector<std::pair<std::size_t, std::int64_t>> taken;
  std::int64_t tasks_missing = 0;  // TASKCOUNT tasks that found no room
  bool sizes_unknown = false;      // a candidate node has no PROCS: packing assumed 1 task/node
  bool dedicated = false;
};

// Why a property that needs the cluster's nodes is UNKNOWN without them.
inline constexpr std::string_view kNoNodeList = "the config lists no nodes (no NODECFG): give --cluster JOBS.json";

class World {
 public:
  // `cluster`: the cluster's nodes, the only ones then (empty: the config's).
  // `cluster_name` says where they come from in messages ("cluster.json").
  explicit World(const ir::Policy& policy, std::span<const runtime::Node> cluster = {},
                 std::string cluster_name = "the cluster");
  World(ir::Policy&&, std::span<const runtime::Node> = {}, std::string = {}) = delete;

  const ir::Policy& policy() const { return policy_; }
  const runtime::CredentialDirectory& directory() const { return dir_; }

  const std::vector<std::string>& names(ir::CredKind k) const { return names_[kind_index(k)]; }
  const std::string& other(ir::CredKind k) const { return other_[kind_index(k)]; }
  // Index of `name` among names(k); unknown names map to OTHER's index.
  int index(ir::CredKind k, const std::string& name) const;
  bool is_other(ir::CredKind k, const std::string& name) const { return name == other(k); }

  const std::vector<runtime::Node>& nodes() const { return nodes_; }
  // The configured totals of those nodes (the denominators of processor equivalents).
  runtime::ClusterTotals totals() const;
  bool node_sizes_known() const { return sizes_known_; }
  bool has_pseudo_node() const { return pseudo_node_; }
  // Whether the nodes are the cluster's (given, or listed by NODECFG), not only the pseudo-node.
  bool node_list_known() const { return !pseudo_node_; }
  // Where the nodes come from: "the 16 NODECFG nodes", "the 64 nodes of cluster.json".
  std::string node_source() const;
  const std::vector<ReservationWeek>& reservations() const { return reservations_; }

 private:
  void collect_names();
  void collect_nodes(std::span<const runtime::Node> cluster);
  void plan_reservations();

  const ir::Policy& policy_;
  runtime::CredentialDirectory dir_;
  std::array<std::vector<std::string>, 5> names_;
  std::array<std::string, 5> other_;
  std::array<std::map<std::string, int>, 5> index_;
  std::vector<runtime::Node> nodes_;
  bool sizes_known_ = true;
  std::string cluster_name_;  // empty: the nodes are the config's
  bool pseudo_node_ = false;
  std::vector<ReservationWeek> reservations_;
};

// "Tue 14:00" for an hour of the week.
std::string hour_label(int hour);
// A set of hours as the admin reads it: "Mon–Fri 09:00–17:00", "always", "Sat 22:00–Sun 06:00".
std::string hours_text(const WeekHours& hours);
// Node names compressed into ranges: "node001–node006, node020".
std::string nodes_text(const std::vector<std::string>& names);
// "1:00:00" style durations for witnesses.
std::string duration_text(ir::Seconds s);
// Long spans in days: "365 days", "23 days 4:00:00", "1 day 0:30:00"; under a day as duration_text.
std::string days_text(ir::Seconds s);

}  // namespace maui::prove
