// `mauic migrate --to slurm`: the compiler's second back end. From a compiled maui.cfg (the IR,
// every value with the line it came from) to what Slurm 22.05 needs to carry the same policy with
// its own scheduler, and a report in which every setting of every file read is accounted for:
//
//   slurm.conf    the lines the policy needs, each after a comment naming the maui.cfg lines
//   sacctmgr.sh   idempotent sacctmgr commands: QOS, accounts, users (associations), limits
//   scontrol.sh   standing reservations and the partition changes that can be made live
//   MIGRATION.md  every setting located and classified, the weight scaling with reference jobs
//                 under both formulas, and the state Slurm shows once the files are applied
//
// This header holds what the steps share: the options, the classification of a setting, the
// Slurm objects the steps build (plain data, so that the three files, the report and the
// expected state are written from the same values), and the one entry point.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parser/lower.h"
#include "schemas/ir.h"

namespace maui::migrate {

// How a setting carries over (issue 35's four words, as MIGRATION.md and the JSON print them).
enum class Status : std::uint8_t {
  Mapped,          // Slurm does the same
  Approximated,    // Slurm does something close; the note says how it differs
  NotExpressible,  // Slurm 22.05 cannot say it; the note gives the nearest alternative, if any
  NotNeeded,       // only Maui's own machinery uses it (logging, ports, its RM ...)
};
std::string_view to_string(Status);
// Which of two classifications of one setting wins: the one that loses more of the policy.
bool loses_more(Status a, Status b);

// A node of the cluster the partitions and reservations are placed on (--cluster JOBS.json).
struct ClusterNode {
  std::string name;
  std::int64_t procs = 0;
  std::vector<std::string> partitions;  // the Slurm partitions whose node list holds it
};

struct Options {
  std::string config_name;                           // as given on the command line
  std::vector<ClusterNode> cluster;                  // empty: no --cluster
  std::string cluster_name;                          // the --cluster file, for the report
  std::map<std::string, std::string> partition_map;  // CLASS -> Slurm partition
};

// One line of slurm.conf or one command of a script, and the maui.cfg settings it comes from
// (where.line 0: a built-in default of Maui, named in `defaults`).
struct SlurmLine {
  std::string text;
  std::vector<ir::SourceRange> from;
  std::vector<std::string> defaults;  // "QUEUETIMEWEIGHT 1 (Maui's default)"
  std::string why;                    // a comment line printed above it, when not obvious
};

// The state Slurm is expected to show once the files are applied (MIGRATION.md's tables, which
// the live tests compare with scontrol and sacctmgr). Values as Slurm prints them.
struct ExpectedState {
  std::vector<std::pair<std::string, std::string>> config;  // `scontrol show config` key, value
  // `sacctmgr -P show qos format=<columns>`: one row per QOS the migration sets, by name.
  std::vector<std::string> qos_columns;
  std::map<std::string, std::map<std::string, std::string>> qos;
  // `sacctmgr -P show assoc format=account,user,<columns>`: by (account, user; "" for the account).
  std::vector<std::string> assoc_columns;
  std::map<std::pair<std::string, std::string>, std::map<std::string, std::string>> assoc;
  // `scontrol show reservation`: by name, field -> value.
  std::map<std::string, std::map<std::string, std::string>> reservations;
  // `scontrol show partition`: by name, field -> value.
  std::map<std::string, std::map<std::string, std::string>> partitions;
};

// One row of the priority scaling: a Maui term and the Slurm weight it became.
struct WeightRow {
  std::string maui;   // "SERVICEWEIGHT 1 x QUEUETIMEWEIGHT 1 x minutes queued"
  std::string slurm;  // "PriorityWeightAge=10080 x min(age, PriorityMaxAge=7-00:00:00) / PriorityMaxAge"
  std::string fit;    // "exact", "exact up to PriorityMaxAge", "approximated: ..."
};

// A reference job and its priority under Maui (the engine's priority functions) and under the
// migrated Slurm multifactor formula, on submission and after a day in the queue.
struct ReferenceJob {
  std::string label;  // "qos hi", "class debug", "any job"
  std::string user, account, partition, qos;
  std::int64_t procs = 1;
  std::int64_t maui_now = 0, maui_day = 0;
  std::int64_t slurm_now = 0, slurm_day = 0;
};

// A setting of the config: a scalar line, one attribute of an object line, an #INCLUDE, a
// template line, or a token Maui ignores.
struct Setting {
  std::string file;
  unsigned line = 0, column = 0;
  std::string parameter;  // "QUEUETIMEWEIGHT", "USERCFG[john] MAXJOB"
  std::string text;       // as written ("MAXJOB=2", "QUEUETIMEWEIGHT 1")
  Status status = Status::NotNeeded;
  std::vector<std::string> slurm;  // the lines and commands it became
  std::string note;
};

struct Migration {
  std::vector<SlurmLine> conf, sacctmgr, scontrol;
  ExpectedState expected;
  std::vector<std::string> scaling_notes;  // what MIGRATION.md says about the scaling, in order
  std::vector<WeightRow> weights;
  std::vector<ReferenceJob> reference_jobs;
  std::vector<Setting> settings;         // every setting of every file read, in file order
  std::vector<std::string> assumptions;  // e.g. "no --cluster: Nodes=ALL on every partition"
  bool all_mapped() const;
};

// The whole back end. `unit` must have compiled without errors (the caller refuses those).
Migration migrate_to_slurm(const Compilation& unit, const Options& options);

}  // namespace maui::migrate
