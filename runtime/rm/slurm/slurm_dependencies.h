// Whether a Slurm job's dependencies are met, judged from the jobs' records as slurmctld judges
// them (test_job_dependency, 22.05). Slurm does not judge them for a held job (job_independent
// returns at once for JobHeldUser / JobHeldAdmin: measured, `afterok:4(unfulfilled)` stays so
// after job 4 failed), and every job waits held for the scheduler: so the adapter judges them
// itself, and releases a job only when Slurm, testing them at the release, finds them met.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/rm/slurm/slurm_records.h"

namespace maui::runtime::slurm {

// What the judgement needs of the other jobs: each record by job id, an array's records by the
// array's id, and every record by user and name (singleton).
class DependencyIndex {
 public:
  explicit DependencyIndex(const std::vector<JobRecord>& jobs);
  const JobRecord* job(std::uint32_t id) const;
  const std::vector<const JobRecord*>* array(std::uint32_t array_job_id) const;
  const std::vector<const JobRecord*>* named(std::uint32_t uid, const std::string& name) const;

 private:
  std::map<std::uint32_t, const JobRecord*> by_id_;
  std::map<std::uint32_t, std::vector<const JobRecord*>> by_array_;
  std::map<std::pair<std::uint32_t, std::string>, std::vector<const JobRecord*>> by_name_;
};

struct DependencyStanding {
  // The engine's ids of the jobs still waited for (each waiting or running: the engine holds the
  // job back while they are not completed).
  std::vector<std::string> waiting_for;
  // Why the dependencies can never be met (empty: they may be, or are).
  std::string never;
  // Slurm, judging them, finds the same (a job ended as afterok / afternotok cannot take, or
  // Slurm's own "(failed)"), and shows DependencyNeverSatisfied; not so for a kind of dependency
  // the adapter does not map.
  bool slurm_agrees = false;
};

// `task`: the job's own task id when it is an array task (aftercorr). `now`: Slurm's time
// (after:ID+MIN).
DependencyStanding judge_dependencies(const JobRecord& job, std::optional<std::uint32_t> task,
                                      const DependencyIndex& index, Epoch now);

}  // namespace maui::runtime::slurm
