// The per-job facts of one scheduling iteration (runtime/engine/iteration_plan.h): a job's QOS,
// its node access policy, whether it takes whole nodes, its user on the nodes, its access to the
// iteration's reservations and its affinity for them. Every step of the iteration asks them, job
// by job, and none of them changes what the iteration decided: they read the credentials, the
// snapshot and the reservations, and memorise what costs (a job's default QOS, a user's number).
// Apart from the steps, so that what a job "is" to the iteration is said in one place.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "runtime/engine/calendar.h"
#include "runtime/engine/credentials.h"
#include "runtime/engine/model.h"
#include "runtime/engine/node_access.h"
#include "runtime/engine/qos_flags.h"
#include "runtime/engine/reservations.h"

namespace maui::runtime::iteration {

// What JobFacts memorises. A workspace keeps it from one iteration to the next for its memory
// (runtime/engine/iteration_state.h, IterationLists).
struct JobFactsMemory {
  std::vector<std::string> qos;  // per job: its default QOS, once asked (empty: not yet)
  Viewer viewer;                 // the last job's access (JobFacts::viewer_of)
  // Users numbered for SINGLEUSER (JobFacts::user_of). Never cleared: the running jobs' bookings
  // carried to the next iteration keep their numbers.
  std::unordered_map<std::string, std::uint32_t> users;
};

class JobFacts {
 public:
  JobFacts(const CredentialDirectory& dir, const ClusterSnapshot& snap, const ReservationTable& table,
           const ResourceCalendar& calendar, JobFactsMemory& memory)
      : dir_(dir), snap_(snap), table_(table), calendar_(calendar), memory_(memory) {}

  // Job i's QOS: its own, else its default (computed once per iteration).
  std::string_view qos_of(std::size_t i) {
    const Job& job = snap_.jobs[i];
    if (!job.qos.empty()) return job.qos;
    if (memory_.qos[i].empty()) memory_.qos[i] = dir_.default_qos(job);
    return memory_.qos[i];
  }

  // The job's access to this iteration's reservations (cached while no reservation is added).
  const Viewer& viewer_of(std::size_t i, std::optional<Epoch> start) {
    fill_viewer(i, start, memory_.viewer);
    return memory_.viewer;
  }
  // Job i's access to the reservations for a start at `start`, and whether it takes whole nodes.
  void fill_viewer(std::size_t i, std::optional<Epoch> start, Viewer& v);

  // A job that asks for N nodes gets ceil(tasks / N) tasks on each node it uses (the last one
  // may get fewer), so it spans at most N nodes; 0 = tasks go wherever they fit.
  static std::int64_t max_per_node(const Job& job) {
    return job.nodes > 0 ? (job.tasks + job.nodes - 1) / job.nodes : 0;
  }
  // The same for job i, whose node access policy may allow one task per node (SINGLETASK).
  std::int64_t tasks_per_node_cap(std::size_t i) {
    return dir_.has_whole_node_jobs() && node_access(i) == NodeAccess::SingleTask ? 1 : max_per_node(snap_.jobs[i]);
  }

  // Job i's node access policy (runtime/engine/node_access.h). Out of line (job_facts.cc): most
  // policies share nodes, and the loops that ask stay small enough to inline theirs.
  NodeAccess node_access(std::size_t i);
  // Whether job i holds its nodes whole (runtime/engine/node_access.h): its node access policy
  // says so, or the job asked for it itself (Slurm's --exclusive, docs/semantics.md 136).
  bool takes_whole_nodes(std::size_t i) {
    return snap_.jobs[i].exclusive || (dir_.has_whole_node_jobs() && whole_nodes(node_access(i)));
  }
  // Job i's user on the nodes (NodeUser, runtime/engine/calendar.h): numbered only when some job is
  // SINGLEUSER, so that otherwise no booking tells users apart.
  NodeUser user_of(std::size_t i) {
    if (!dir_.has_single_user_jobs()) return {};
    const Job& job = snap_.jobs[i];
    const auto number = static_cast<std::uint32_t>(memory_.users.size() + 1);
    return {memory_.users.try_emplace(job.user, number).first->second, node_access(i) == NodeAccess::SingleUser};
  }
  // What a job books on a node: its tasks there, or the whole node.
  Resources booked_on(std::size_t node, const Resources& per_task, std::int64_t tasks, bool whole_node) const {
    return whole_node ? resources_of(snap_.nodes[node]) : per_task * tasks;
  }

  // The rank of job i's affinity for the reservations it may use on node n over [from, to), in
  // Maui's affinity passes (reference §7.2, docs/reference/maui-3.3-semantics.md): 0 positive,
  // 1 neutral, 2 no reservation, 3 negative; the worst counts.
  int affinity_on(std::size_t i, std::size_t n, Epoch from, Epoch to, const Viewer& v);

  // The job's QOS flags, when some QOS has scheduling flags (NOBF, NORESERVATION).
  const QosFlags* scheduling_flags(std::size_t i) {
    return dir_.has_scheduling_qos_flags() ? &dir_.qos_flags(qos_of(i)) : nullptr;
  }

 private:
  const CredentialDirectory& dir_;
  const ClusterSnapshot& snap_;
  const ReservationTable& table_;
  const ResourceCalendar& calendar_;
  JobFactsMemory& memory_;
};

}  // namespace maui::runtime::iteration
