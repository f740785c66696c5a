// The Slurm objects a migration decides on, as plain data (internal to migrate/): slurm.conf
// keys, QOS, accounts and user associations with their settings, partitions, reservations, and
// the numbers of the multifactor priority formula. The steps fill them in; slurm_files.cc writes
// them as the three files and expected_state.cc as what Slurm will show, so that the files and
// MIGRATION.md cannot disagree.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "schemas/ir.h"

namespace maui::migrate {

// The settings a Slurm value comes from: written lines by where they are, built-in defaults by
// name.
class Sources {
 public:
  Sources() = default;
  // A value of the IR: its line, or when the config does not write it the default it has,
  // named as an admin would write it ("QUEUETIMEWEIGHT 1").
  Sources& add(const ir::Provenance& from, std::string_view default_named = {});
  Sources& add(const ir::SourceRange& where);
  Sources& add(const Sources& other);
  bool empty() const { return lines_.empty() && defaults_.empty(); }
  const std::vector<ir::SourceRange>& lines() const { return lines_; }
  const std::vector<std::string>& defaults() const { return defaults_; }

 private:
  std::vector<ir::SourceRange> lines_;
  std::vector<std::string> defaults_;
};

// One value Slurm gets. `tres` names the TRES of a TRES list setting (GrpTRES=cpu=8): each is
// set by a command of its own (sacctmgr keeps the others), and shown together.
struct SlurmSetting {
  std::string key;   // Slurm's spelling: Priority, MaxJobs, GrpTRES, PriorityJobFactor ...
  std::string tres;  // "cpu", "node", "mem" for TRES settings, else ""
  std::string value;
  Sources from;
  std::string why;
};

// A QOS, an account, or a user association (user + account).
struct AccountingEntity {
  std::string name;                    // QOS, account or user name
  std::string account;                 // a user association's account
  std::string parent;                  // an account's parent ("" = root)
  Sources declared;                    // the lines that made it exist
  std::vector<SlurmSetting> settings;  // in the order set; a later value of a key replaces it
  // Sets key (and TRES) to value, replacing an earlier value of the same key: the later wins.
  void set(std::string key, std::string tres, std::string value, Sources from, std::string why = {});
  const SlurmSetting* find(std::string_view key, std::string_view tres = {}) const;
};

struct PartitionEntity {
  std::string name;
  std::string nodes;  // Nodes= (from --cluster, else ALL)
  Sources declared;
  std::vector<SlurmSetting> settings;  // slurm.conf partition attributes
  void set(std::string key, std::string value, Sources from, std::string why = {});
  const SlurmSetting* find(std::string_view key) const;
};

// A standing reservation as scontrol creates it. Times of day are seconds after midnight;
// `weekdays` (bit 0 = Sunday) says on which days an instance starts, for the script to find the
// next start; the recurrence flag says how Slurm repeats it.
struct ReservationEntity {
  std::string name;
  std::string maui_name;                                    // SRCFG[name]
  std::vector<std::pair<std::string, std::string>> fields;  // Nodes=, Users=, Flags= ... in order
  ir::Seconds start = 0;                                    // time of day (DAILY/WEEKDAY/WEEKEND), of week (WEEKLY)
  ir::Seconds duration = 0;                                 // 0: UNLIMITED (PERIOD INFINITY)
  std::uint8_t weekdays = 0x7f;                             // the days an instance may start on
  std::string recurrence;                                   // DAILY, WEEKDAY, WEEKEND, WEEKLY, or "" (one instance)
  Sources from;
};

// The numbers of Slurm's multifactor formula as the migration sets them. With
// PriorityFlags=NO_NORMAL_ALL (measured on 22.05: sprio shows the QOS, partition, association
// and TRES factors as the raw values) a job's priority is
//   PriorityWeightAge x min(age, PriorityMaxAge) / PriorityMaxAge
//   + PriorityWeightFairshare x fairshare factor (0..1)
//   + PriorityWeightQOS x the QOS's Priority + PriorityWeightPartition x the partition's
//     PriorityJobFactor + PriorityWeightAssoc x the association's Priority
//   + the TRES weights x the CPUs, MB and nodes asked for
struct SlurmPriority {
  std::int64_t weight_age = 0, weight_fairshare = 0, weight_qos = 0, weight_partition = 0, weight_assoc = 0;
  std::int64_t weight_cpu = 0, weight_mem = 0, weight_node = 0;  // PriorityWeightTRES
  ir::Seconds max_age = 7 * 86400;
  std::map<std::string, std::int64_t> qos_priority;  // by Slurm QOS name
  std::int64_t other_qos_priority = 0;               // a QOS the config does not name
  std::map<std::string, std::int64_t> partition_factor;
  std::int64_t other_partition_factor = 1;  // Slurm's default PriorityJobFactor
  // The association Priority is user_term[user] + account_term[account] (the DEFAULT entries'
  // terms for names the config does not give one), shifted to >= 0 by plan_accounting, which
  // knows the associations and fills in the two maps below.
  std::map<std::string, std::int64_t> user_term, account_term;
  std::int64_t other_user_term = 0, other_account_term = 0;
  std::map<std::pair<std::string, std::string>, std::int64_t> assoc_priority;  // (account, user)
  std::map<std::string, std::int64_t> account_priority;                        // an account's own association
  bool used = false;  // the policy weighs something: priority/multifactor is written

  struct Job {
    std::string qos, partition, account, user;
    std::int64_t cpus = 1, mem_mb = 0, nodes = 1;
    ir::Seconds age = 0;
    double fairshare = 1.0;  // Slurm's factor; 1.0 with no usage recorded
  };
  std::int64_t priority(const Job& job) const;
};

struct SlurmObjects {
  std::vector<SlurmSetting> conf;  // slurm.conf Key=Value lines, in the order decided
  std::vector<AccountingEntity> qos, accounts, users;
  std::vector<PartitionEntity> partitions;
  std::vector<ReservationEntity> reservations;
  SlurmPriority priority;
  // The account of each user the config names (its ADEF, else kDefaultAccount): Slurm limits,
  // shares and priorities hang on a user's association with one account.
  std::map<std::string, std::string> user_account;

  void set_conf(std::string key, std::string value, Sources from, std::string why = {});
  const SlurmSetting* find_conf(std::string_view key) const;
  AccountingEntity& qos_named(const std::string& name, const Sources& declared);
  AccountingEntity& account_named(const std::string& name, const Sources& declared);
  AccountingEntity& user_named(const std::string& name, const std::string& account, const Sources& declared);
  PartitionEntity& partition_named(const std::string& name, const Sources& declared);
  const AccountingEntity* find_qos(std::string_view name) const;
  const AccountingEntity* find_account(std::string_view name) const;
};

// The account of the users that no ADEF gives one: Slurm needs an association for each user.
inline constexpr std::string_view kDefaultAccount = "users";

// Slurm's time formats: "7-00:00:00" / "01:30:00" (days-hh:mm:ss), and minutes for the
// settings that take minutes.
std::string slurm_duration(ir::Seconds s);
std::string slurm_minutes(ir::Seconds s);

}  // namespace maui::migrate
