// The classification of settings no migration step used (unused_settings.h): a table of the
// names that only Maui's machinery reads or that Slurm describes elsewhere, then what the
// parameter table says of the name (Maui ignores it, Moab only), then, for policy Slurm has no
// counterpart for, "not expressible" with the row's own meaning.
#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "migrate/unused_settings.h"

namespace maui::migrate {

namespace {

struct Rule {
  std::string_view name;  // a parameter or family name; a prefix when it ends in '*'
  Status status;
  std::string_view note;
};

constexpr std::string_view kDaemon =
    "Maui's own daemon (its host, port, mode, files, logging): Slurm's are in slurm.conf";
constexpr std::string_view kRm = "Maui's resource-manager interface: Slurm is the resource manager";
constexpr std::string_view kBank =
    "Maui's allocation-manager interface (Gold, QBank): Slurm's accounting database, or a bank of its own";
constexpr std::string_view kSim = "Maui's simulator";
constexpr std::string_view kAdmin =
    "Maui's administrators; Slurm's: sacctmgr modify user NAME set AdminLevel=Administrator (or Operator)";
constexpr std::string_view kNodes =
    "Slurm's NodeName lines describe the nodes (slurmd reports their CPUs, memory, features): keep yours";

// The first that matches wins: the names before the prefixes (RESOURCELIMITPOLICY before RESOURCE*).
constexpr std::array kRules = {
    Rule{"RESOURCELIMITPOLICY", Status::NotExpressible,
         "nearest: TaskPlugin=task/cgroup with ConstrainRAMSpace=yes (cgroup.conf): jobs over their memory are killed"},
    Rule{"JOBNODEMATCHPOLICY", Status::NotExpressible, "nearest: --exclusive and node features (--constraint)"},
    Rule{"NODESET*", Status::NotExpressible, "nearest: TopologyPlugin=topology/tree and --switches"},
    Rule{"NODEAVAILABILITYPOLICY", Status::NotExpressible,
         "Slurm allocates by the resources configured and allocated, not by load"},
    Rule{"NODELOADPOLICY", Status::NotExpressible,
         "Slurm allocates by the resources configured and allocated, not by load"},
    Rule{"NODEMAXLOAD", Status::NotExpressible,
         "Slurm allocates by the resources configured and allocated, not by load"},
    Rule{"NODE*OVERCOMMITFACTOR", Status::NotExpressible, "nearest: OverSubscribe=FORCE:N on a partition"},
    Rule{"NODEUNTRACKEDLOADFACTOR", Status::NotExpressible, "Slurm does not track node load"},
    Rule{"TASKDISTRIBUTIONPOLICY", Status::NotExpressible, "nearest: SelectTypeParameters and srun --distribution"},
    Rule{"DEFAULTCLASSLIST", Status::NotExpressible,
         "nearest: Default=YES on the PartitionName= line of the default partition"},
    Rule{"SYSTEMDEFAULTJOBWALLTIME", Status::NotExpressible, "nearest: DefaultTime= on the partitions"},
    Rule{"USEMACHINESPEED", Status::NotExpressible, "Slurm does not scale time limits by node speed"},
    Rule{"SERVERHOST", Status::NotNeeded, kDaemon},
    Rule{"SERVERPORT", Status::NotNeeded, kDaemon},
    Rule{"SERVERMODE", Status::NotNeeded, kDaemon},
    Rule{"SERVERNAME", Status::NotNeeded, kDaemon},
    Rule{"SERVERHOMEDIR", Status::NotNeeded, kDaemon},
    Rule{"SERVERCONFIGFILE", Status::NotNeeded, kDaemon},
    Rule{"LOCKFILE", Status::NotNeeded, kDaemon},
    Rule{"CHECKPOINT*", Status::NotNeeded, kDaemon},
    Rule{"STATDIR", Status::NotNeeded, kDaemon},
    Rule{"TOOLSDIR", Status::NotNeeded, kDaemon},
    Rule{"LOG*", Status::NotNeeded, kDaemon},
    Rule{"USESYSLOG", Status::NotNeeded, kDaemon},
    Rule{"MAILPROGRAM", Status::NotNeeded, kDaemon},
    Rule{"NOTIFICATION*", Status::NotNeeded, kDaemon},
    Rule{"NOTIFYSCRIPT", Status::NotNeeded, kDaemon},
    Rule{"DISPLAYFLAGS", Status::NotNeeded, kDaemon},
    Rule{"CLIENT*", Status::NotNeeded, kDaemon},
    Rule{"MCSOCKETPROTOCOL", Status::NotNeeded, kDaemon},
    Rule{"DIRECTORYSERVER", Status::NotNeeded, kDaemon},
    Rule{"EVENTSERVER", Status::NotNeeded, kDaemon},
    Rule{"DEFAULTDOMAIN", Status::NotNeeded, kDaemon},
    Rule{"MACHINECONFIGFILE", Status::NotNeeded, kDaemon},
    Rule{"FSCONFIGFILE", Status::NotNeeded, kDaemon},
    Rule{"TRAP*", Status::NotNeeded, kDaemon},
    Rule{"FEEDBACKPROGRAM", Status::NotNeeded, kDaemon},
    Rule{"MINADMINSTIME", Status::NotNeeded, kDaemon},
    Rule{"MINDISPATCHTIME", Status::NotNeeded, kDaemon},
    Rule{"MAXSLEEPITERATION", Status::NotNeeded, kDaemon},
    Rule{"JOBAGGREGATIONTIME", Status::NotNeeded, kDaemon},
    Rule{"USEDATABASE", Status::NotNeeded, kDaemon},
    Rule{"UIMANAGEMENTPOLICY", Status::NotNeeded, kDaemon},
    Rule{"SCHEDCFG", Status::NotNeeded, kDaemon},
    Rule{"IDCFG", Status::NotNeeded, "Moab's identity manager: Slurm reads users and groups from the system"},
    Rule{"APPCFG", Status::NotNeeded, "Moab Service Manager's applications"},
    Rule{"RMPOLLINTERVAL", Status::NotNeeded, "its value is not one Maui 3.3.1 reads: nothing to carry over"},
    Rule{"RM*", Status::NotNeeded, kRm},
    Rule{"APIFAILURETHRESHHOLD", Status::NotNeeded, kRm},
    Rule{"NODEPOLLFREQUENCY", Status::NotNeeded, kRm},
    Rule{"NODESYNCTIME", Status::NotNeeded, kRm},
    Rule{"JOBSYNCTIME", Status::NotNeeded, kRm},
    Rule{"JOBPURGETIME", Status::NotNeeded, kRm},
    Rule{"NODEPURGETIME", Status::NotNeeded, kRm},
    Rule{"PURGETIME", Status::NotNeeded, kRm},
    Rule{"NODEDOWNSTATEDELAYTIME", Status::NotNeeded, kRm},
    Rule{"DOWNNODEDELAYTIME", Status::NotNeeded, kRm},
    Rule{"REMOTESTARTCOMMAND", Status::NotNeeded, kRm},
    Rule{"RESOURCE*", Status::NotNeeded, kRm},
    Rule{"FEATURE*", Status::NotNeeded, kRm},
    Rule{"IGNPBSGROUPLIST", Status::NotNeeded, kRm},
    Rule{"DEFAULTQMHOST", Status::NotNeeded, kRm},
    Rule{"COMPUTEHOSTS", Status::NotNeeded, kRm},
    Rule{"JOBMAXSTARTTIME", Status::NotNeeded, kRm},
    Rule{"AMCFG", Status::NotNeeded, kBank},
    Rule{"BANK*", Status::NotNeeded, kBank},
    Rule{"SIM*", Status::NotNeeded, kSim},
    Rule{"PLOT*", Status::NotNeeded, "Maui's plots (showgrid)"},
    Rule{"ADMIN*", Status::NotNeeded, kAdmin},
    Rule{"ENABLEMULTINODEJOBS", Status::NotNeeded, "Slurm runs jobs over several nodes"},
    Rule{"ENABLEMULTIREQJOBS", Status::NotNeeded, "Slurm has heterogeneous jobs of several requests (--het-job)"},
    Rule{"MAX*POLICY", Status::NotNeeded,
         "turns a Maui 3.0 throttle on: the limit itself is migrated from its *COUNT line"},
};

bool matches(std::string_view pattern, std::string_view name) {
  if (pattern.empty()) return false;
  const auto star = pattern.find('*');
  if (star == std::string_view::npos) return pattern == name;
  const auto head = pattern.substr(0, star), tail = pattern.substr(star + 1);
  return name.size() >= head.size() + tail.size() && name.starts_with(head) && name.ends_with(tail);
}

const Rule* rule_for(std::string_view name) {
  for (const auto& r : kRules)
    if (matches(r.name, name)) return &r;
  return nullptr;
}

// NODECFG attributes: the node itself is Slurm's (NodeName); a few carry scheduling policy.
UnusedVerdict node_attribute(std::string_view attr) {
  if (attr == "PRIORITY" || attr == "PRIORITYF")
    return {Status::NotExpressible,
            "nearest: the node's Weight= (Slurm allocates lower weights first); PRIORITYF has no equivalent", false};
  if (attr == "MAXJOB" || attr == "MAXJOBPERUSER" || attr == "MAXPROC" || attr == "MAXPROCPERUSER" || attr == "MAXLOAD")
    return {Status::NotExpressible,
            "Slurm has no per-node job or load limit; nearest: OverSubscribe and MaxCPUsPerNode on a partition", false};
  if (attr == "PARTITION")
    return {Status::NotExpressible, "a Maui partition is a set of nodes; nearest: a node Feature= and --constraint",
            false};
  if (attr == "ACCESS")
    return {Status::NotExpressible, "Slurm sets node sharing per partition (OverSubscribe, ExclusiveUser)", false};
  return {Status::NotNeeded, std::string(kNodes), false};
}

}  // namespace

UnusedVerdict classify_unused(const ir::Policy& policy, const UnusedSetting& s) {
  (void)policy;
  if (s.templated)
    return {Status::NotExpressible, "a template placeholder: render the template, then migrate the config it makes",
            false};
  if (!s.row) return {Status::NotNeeded, "not a name Maui 3.3.1 knows: Maui ignores the line", true};
  if (s.stray) return {Status::NotNeeded, "not ATTRIBUTE=VALUE: Maui ignores the token", true};
  const schema::Row& row = s.attribute ? *s.attribute : *s.row;
  const bool in_family = s.row->kind == schema::RowKind::Family;
  if (in_family && !s.attribute_name.empty() && !s.attribute)
    return {Status::NotNeeded, fmt::format("not an attribute of {} that Maui 3.3.1 knows: Maui ignores it", s.name),
            true};
  switch (row.support) {
    case schema::Support::Misspelling:
      return {Status::NotNeeded, fmt::format("Maui 3.3.1 ignores this name (a misspelling of {})", row.canonical),
              true};
    case schema::Support::Ignored: return {Status::NotNeeded, "Maui 3.3.1 ignores it", true};
    default: break;
  }
  if (in_family && s.name == "NODECFG") return node_attribute(s.attribute_name);
  if (const Rule* r = rule_for(s.name)) return {r->status, std::string(r->note), false};
  if (row.support == schema::Support::MoabOnly)
    return {Status::NotExpressible,
            fmt::format("a Moab setting ({}) that mauic reads as Maui 3.3.1 does, which ignores it: not migrated",
                        row.meaning.empty() ? std::string("no meaning recorded") : std::string(row.meaning)),
            false};
  std::string meaning(row.meaning);
  if (!meaning.empty() && meaning.back() == '.') meaning.pop_back();
  return {
      Status::NotExpressible,
      fmt::format("{}: no Slurm 22.05 counterpart that mauic migrate knows of", meaning.empty() ? row.name : meaning),
      false};
}

}  // namespace maui::migrate
