// SlurmControl through libslurm (libslurm-dev, Slurm 22.05): the only file that includes
// Slurm's headers. One RPC reads every job (0.1-0.3 s for 10,000 jobs, where `squeue --json`
// takes 7-9 s and 470 MB: README, "The Slurm adapter"), one RPC changes a job, and "nothing
// changed since" costs a round trip without data. Every call is bounded by slurm.conf's
// MessageTimeout; Slurm is found through SLURM_CONF as its commands find it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "runtime/rm/slurm/slurm_control.h"

struct job_info_msg;  // Slurm's job_info_msg_t (slurm/slurm.h, included by the .cc only)

namespace maui::runtime::slurm {

class LibSlurmControl final : public SlurmControl {
 public:
  LibSlurmControl();
  ~LibSlurmControl() override;
  LibSlurmControl(const LibSlurmControl&) = delete;
  LibSlurmControl& operator=(const LibSlurmControl&) = delete;

  RmStatus read(Reading& out) override;
  bool changed() override;
  RmStatus update(const JobUpdate& update) override;
  RmStatus cancel(std::uint32_t id, std::optional<std::uint32_t> task) override;
  RmStatus requeue_held(std::uint32_t id) override;
  RmStatus identity(ClusterIdentity& out) override;

  // The Slurm release this was built against ("22.05.8").
  static std::string version();

 private:
  const std::string& user_name(std::uint32_t uid);
  const std::string& group_name(std::uint32_t gid);

  std::int64_t jobs_updated_ = 0, nodes_updated_ = 0,
               reservations_updated_ = 0;  // Slurm's last_update of the last read
  // The jobs changed() found changed, with the time it asked: the read that follows at once
  // uses them rather than asking for every job a second time.
  job_info_msg* prefetched_jobs_ = nullptr;
  std::int64_t prefetched_at_ = 0;
  std::map<std::uint32_t, std::string> users_, groups_;  // names looked up once
};

}  // namespace maui::runtime::slurm
