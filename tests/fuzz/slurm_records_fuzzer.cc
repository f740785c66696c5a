// libFuzzer target: what the Slurm adapter makes of Slurm's job, node and reservation records
// (runtime/rm/slurm/slurm_snapshot.h, map_reading): the texts Slurm hands over (array task
// lists, dependencies, gres and TRES strings, constraints, reservation access lists) and its
// numbers, whatever they are. The input is one record per line, fields split by '|':
//   node|NAME|CPUS|GRES|FEATURES|PARTITIONS|STATE
//   resv|NAME|START|END|NODES|USERS|GROUPS|ACCOUNTS|MAGNETIC
//   job|ID|ARRAY_JOB|TASK|ARRAY_TASKS|MAX_TASKS|STATE|REASON|CPUS|TASKS|CPUS_PER_TASK|MIN_NODES|
//      MEM_PER_CPU|LIMIT|SUBMIT|ELIGIBLE|START|END|DEPENDENCY|CONSTRAINT|TRES_PER_NODE|
//      TRES_PER_JOB|RESERVATION|PARTITION|USER|NAME|ALLOCATED_NODES|DEADLINE
// (lists comma-separated; numbers decimal; a missing field is empty or 0), read at second 5000.
// Contracts, besides the sanitizers: one record position per job; every job asks at least a task
// of a proc for a positive time; a running job's tasks per node match its nodes; the reservations
// are those not ended, sorted by start and name, each ending after it starts; a node lists only
// reservations there are; a waiting job with its reservation and no hold may run in it now; the
// next change is after now; gres counts are positive; mapping twice agrees.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "runtime/rm/slurm/slurm_reservations.h"
#include "runtime/rm/slurm/slurm_snapshot.h"
#include "tests/fuzz/fuzz_contract.h"

namespace {

using namespace maui::runtime;
using namespace maui::runtime::slurm;

constexpr Epoch kNow = 5000;

void fail(const char* what) { maui::fuzz::fail("maui_slurm_records_fuzzer", what); }

std::vector<std::string> split(std::string_view s, char by) {
  std::vector<std::string> out;
  for (std::size_t at = 0;;) {
    const std::size_t end = s.find(by, at);
    out.emplace_back(s.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
    if (end == std::string_view::npos) return out;
    at = end + 1;
  }
}

// Field k of a record, "" past its end.
struct Fields {
  std::vector<std::string> f;
  const std::string& text(std::size_t k) const {
    static const std::string none;
    return k < f.size() ? f[k] : none;
  }
  std::int64_t number(std::size_t k) const { return std::strtoll(text(k).c_str(), nullptr, 10); }
  std::uint32_t u32(std::size_t k) const { return static_cast<std::uint32_t>(number(k)); }
};

// Slurm's state by the name to_string gives it; `otherwise` for any other text.
template <class State>
State state_named(const std::string& s, State last, State otherwise) {
  for (int k = 0; k <= static_cast<int>(last); ++k)
    if (to_string(static_cast<State>(k)) == s) return static_cast<State>(k);
  return otherwise;
}

Reading reading_of(std::string_view text) {
  Reading r;
  r.now = kNow;
  for (const auto& line : split(text, '\n')) {
    const Fields x{split(line, '|')};
    const std::string& kind = x.text(0);
    if (kind == "node") {
      NodeRecord n;
      n.name = x.text(1);
      n.cpus = x.u32(2);
      n.gres = x.text(3);
      n.features = names_of_list(x.text(4));
      n.partitions = names_of_list(x.text(5));
      n.state = state_named(x.text(6), NodeStateName::Future, NodeStateName::Idle);
      r.nodes.push_back(std::move(n));
    } else if (kind == "resv") {
      ReservationRecord v;
      v.name = x.text(1);
      v.start = x.number(2);
      v.end = x.number(3);
      v.nodes = names_of_list(x.text(4));
      v.users = x.text(5);
      v.groups = x.text(6);
      v.accounts = x.text(7);
      v.magnetic = x.text(8) == "1";
      r.reservations.push_back(std::move(v));
    } else if (kind == "job") {
      JobRecord j;
      j.id = x.u32(1);
      j.array_job_id = x.u32(2);
      if (!x.text(3).empty()) j.array_task = x.u32(3);
      j.array_tasks = x.text(4);
      j.array_max_tasks = x.u32(5);
      j.state = state_named(x.text(6), JobStateName::Unknown,
                            x.text(6).empty() ? JobStateName::Pending : JobStateName::Unknown);
      j.reason = x.text(7);
      j.cpus = x.u32(8);
      j.tasks = x.u32(9);
      j.cpus_per_task = x.u32(10);
      j.min_nodes = x.u32(11);
      if (x.number(12) > 0) j.memory_per_cpu_mb = static_cast<std::uint64_t>(x.number(12));
      if (!x.text(13).empty()) j.time_limit_minutes = x.u32(13);
      j.submit = x.number(14);
      j.eligible = x.number(15);
      j.start = x.number(16);
      j.end = x.number(17);
      j.dependency = x.text(18);
      j.constraint = x.text(19);
      j.tres_per_node = x.text(20);
      j.tres_per_job_or_task = x.text(21);
      j.reservation = x.text(22);
      j.partition = x.text(23);
      j.user = x.text(24);
      j.name = x.text(25);
      for (const auto& node : names_of_list(x.text(26))) j.allocation.emplace_back(node, j.cpus);
      j.deadline = x.number(27);
      r.jobs.push_back(std::move(j));
    }
  }
  return r;
}

void check(const MappedCluster& m) {
  const ClusterSnapshot& s = m.snapshot;
  if (m.record_of.size() != s.jobs.size()) fail("a job without its record");
  for (const auto& j : s.jobs) {
    if (j.tasks < 1 || j.procs_per_task < 1 || j.walltime <= 0) fail("a job asking nothing, or for no time");
    namespace ir = maui::ir;
    if (j.procs_per_task > ir::kMaxProcs || j.tasks > ir::kMaxProcs / j.procs_per_task || j.nodes > ir::kMaxNodes ||
        j.memory_per_task_mb < 0 || j.memory_per_task_mb > ir::kMaxMegabytes || j.walltime > ir::kMaxSeconds)
      fail("a job beyond schemas/ir.h's bounds (JOBS.json would refuse it; the engine's sums could overflow)");
    for (auto t : {j.submit_time, j.start_time.value_or(0), j.end_time.value_or(0)})
      if (t < -ir::kMaxSeconds || t > ir::kMaxSeconds) fail("a job's time beyond schemas/ir.h's bounds");
    if (!j.allocated_tasks.empty() && j.allocated_tasks.size() != j.allocated_nodes.size())
      fail("a running job's tasks do not match its nodes");
    for (const auto& [name, count] : j.gres_per_node)
      if (name.empty() || count < 1) fail("a job's generic resource without a name or a count");
    if (j.state == JobState::Idle && j.holds.empty() && !j.reservation.empty()) {
      bool open = false;
      for (const auto& r : s.rm_reservations) open |= r.name == j.reservation && r.start <= s.now;
      if (!open) fail("a job free to start in a reservation that is not open");
    }
  }
  for (std::size_t k = 0; k < s.rm_reservations.size(); ++k) {
    const AdminReservation& r = s.rm_reservations[k];
    if (!r.rm || r.end <= s.now || r.end < r.start) fail("a reservation ended, or ending before it starts");
    if (k > 0 && std::tie(s.rm_reservations[k - 1].start, s.rm_reservations[k - 1].name) > std::tie(r.start, r.name))
      fail("reservations out of order");
  }
  for (const auto& n : s.nodes) {
    if (n.procs < 1 || n.procs > maui::ir::kMaxProcs || n.memory_mb < 0 || n.memory_mb > maui::ir::kMaxMegabytes)
      fail("a node beyond schemas/ir.h's bounds");
    for (const auto& [name, count] : n.gres)
      if (name.empty() || count < 1) fail("a node's generic resource without a name or a count");
    for (const auto& name : n.rm_reservations) {
      bool known = false;
      for (const auto& r : s.rm_reservations) known |= r.name == name;
      if (!known) fail("a node in a reservation there is not");
    }
  }
  if (m.next_begin != 0 && m.next_begin <= s.now) fail("a turn due in the past");
  for (const auto& p : m.problems)
    if (p.empty()) fail("a problem without a message");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Reading reading = reading_of(text);
  // An array record stands for each of its tasks, up to Slurm's MaxArraySize (4,000,001) each;
  // a real reading is bounded by MaxJobCount as well, which these records are not: past a
  // hundred thousand tasks in all, an input is a bigger cluster than the fuzzer maps quickly
  // (bench/ measures serve at scale).
  std::uint64_t tasks = 0;
  std::string error;
  for (const auto& r : reading.jobs)
    if (r.array_job_id != 0 && !r.array_task) tasks += array_task_ids(r.array_tasks, error).size();
  if (tasks > 100'000) return 0;
  const MappedCluster m = map_reading(reading, {});
  check(m);
  const MappedCluster again = map_reading(reading, {});
  if (again.snapshot.jobs.size() != m.snapshot.jobs.size() || again.problems != m.problems) fail("two mappings differ");
  for (std::size_t k = 0; k < m.snapshot.jobs.size(); ++k)
    if (again.snapshot.jobs[k].id != m.snapshot.jobs[k].id || again.snapshot.jobs[k].holds != m.snapshot.jobs[k].holds)
      fail("two mappings differ");
  return 0;
}
