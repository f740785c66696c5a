// The Slurm adapter without a cluster (runtime/rm/slurm/): Slurm's records mapped to the engine's
// snapshot, read from outputs recorded on a real Slurm 22.05 (tests/slurm/fixtures/: `squeue
// --json` and `sinfo --json` carry the fields libslurm gives, under the names docs/slurm.md
// lists), dependency texts, and the adapter's start protocol against a scripted Slurm: bind and
// release in one request, journalled first; confirmed, or held again past its timeout; a job
// released by someone else held again; nothing changed in a dry run.
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "llvm/Support/JSON.h"
#include "runtime/engine/acl.h"
#include "runtime/rm/slurm/slurm_cluster.h"
#include "runtime/rm/slurm/slurm_dependencies.h"
#include "runtime/rm/slurm/slurm_placement.h"
#include "runtime/rm/slurm/slurm_reservations.h"
#include "runtime/rm/slurm/slurm_snapshot.h"

namespace maui::runtime::slurm {
namespace {

namespace json = llvm::json;

json::Value fixture(const std::string& name) {
  std::ifstream in(std::string(MAUI_SOURCE_DIR) + "/tests/slurm/fixtures/" + name);
  std::stringstream s;
  s << in.rdbuf();
  auto v = json::parse(s.str());
  EXPECT_TRUE(bool(v)) << name;
  return v ? std::move(*v) : json::Value(nullptr);
}

std::string str(const json::Object& o, const char* k) {
  auto s = o.getString(k);
  return s ? s->str() : std::string();
}
std::int64_t num(const json::Object& o, const char* k) { return o.getInteger(k).getValueOr(0); }

// The records libslurm fills, from the same facts in `squeue --json` (openapi v0.0.38).
std::vector<JobRecord> jobs_of(const json::Value& v) {
  std::vector<JobRecord> out;
  for (const auto& j : *v.getAsObject()->getArray("jobs")) {
    const json::Object& o = *j.getAsObject();
    JobRecord r;
    r.id = static_cast<std::uint32_t>(num(o, "job_id"));
    r.array_job_id = static_cast<std::uint32_t>(num(o, "array_job_id"));
    if (auto t = o.getInteger("array_task_id")) r.array_task = static_cast<std::uint32_t>(*t);
    r.array_tasks = str(o, "array_task_string");
    r.array_max_tasks = static_cast<std::uint32_t>(num(o, "array_max_tasks"));
    r.name = str(o, "name");
    r.restarts = static_cast<std::uint32_t>(num(o, "restart_cnt"));
    r.eligible = num(o, "eligible_time");
    r.user = str(o, "user_name");
    r.group = str(o, "group_name");
    r.account = str(o, "account");
    r.partition = str(o, "partition");
    r.qos = str(o, "qos");
    const std::string state = str(o, "job_state");
    for (auto s : {JobStateName::Pending, JobStateName::Running, JobStateName::Suspended, JobStateName::Completed,
                   JobStateName::Cancelled, JobStateName::Failed, JobStateName::Timeout})
      if (to_string(s) == state) r.state = s;
    r.reason = str(o, "state_reason");
    r.priority = static_cast<std::uint32_t>(num(o, "priority"));
    r.cpus = static_cast<std::uint32_t>(num(o, "cpus"));
    r.min_nodes = static_cast<std::uint32_t>(num(o, "node_count"));
    r.max_nodes = static_cast<std::uint32_t>(num(o, "max_nodes"));
    r.node_count_asked = r.max_nodes != 0 && r.max_nodes == r.min_nodes;
    r.tasks = static_cast<std::uint32_t>(num(o, "tasks"));
    if (auto m = o.getInteger("memory_per_cpu")) r.memory_per_cpu_mb = *m;
    if (auto m = o.getInteger("memory_per_node")) r.memory_per_node_mb = *m;
    if (auto t = o.getInteger("time_limit")) r.time_limit_minutes = static_cast<std::uint32_t>(*t);
    r.submit = num(o, "submit_time");
    r.start = num(o, "start_time");
    r.end = num(o, "end_time");
    r.dependency = str(o, "dependency");
    r.admin_comment = str(o, "admin_comment");
    if (const json::Object* res = o.getObject("job_resources"))
      for (const auto& n : *res->getArray("allocated_nodes")) {
        const json::Object& node = *n.getAsObject();
        // One "sockets" key a CPU on these one-core-per-socket nodes.
        r.allocation.emplace_back(str(node, "nodename"), static_cast<std::uint32_t>(node.getObject("sockets")->size()));
      }
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<NodeRecord> nodes_of(const json::Value& v) {
  std::vector<NodeRecord> out;
  for (const auto& n : *v.getAsObject()->getArray("nodes")) {
    const json::Object& o = *n.getAsObject();
    NodeRecord r;
    r.name = str(o, "name");
    r.cpus = static_cast<std::uint32_t>(num(o, "cpus"));
    r.real_memory_mb = static_cast<std::uint64_t>(num(o, "real_memory"));
    const std::string state = str(o, "state");
    for (auto s : {NodeStateName::Down, NodeStateName::Idle, NodeStateName::Allocated, NodeStateName::Mixed})
      if (to_string(s) == state) r.state = s;
    for (const auto& f : *o.getArray("state_flags")) {
      r.drain |= f.getAsString() == llvm::StringRef("DRAIN");
      r.not_responding |= f.getAsString() == llvm::StringRef("NOT_RESPONDING");
    }
    for (const auto& p : *o.getArray("partitions")) r.partitions.push_back(p.getAsString()->str());
    out.push_back(std::move(r));
  }
  return out;
}

Reading reading(const char* squeue, const char* sinfo) {
  Reading r;
  r.now = 1'795'751'700;
  r.jobs = jobs_of(fixture(squeue));
  r.nodes = nodes_of(fixture(sinfo));
  return r;
}

const Job& job(const MappedCluster& m, const std::string& id) {
  for (const auto& j : m.snapshot.jobs)
    if (j.id == id) return j;
  ADD_FAILURE() << "no job " << id;
  static const Job none;
  return none;
}

TEST(SlurmMapping, HeldJobsFromARecordedQueue) {
  const MappedCluster m = map_reading(reading("squeue_held.json", "sinfo_idle.json"), {});
  EXPECT_TRUE(m.problems.empty());
  ASSERT_EQ(m.snapshot.jobs.size(), 8u);
  // Held by job_submit.lua for the scheduler: waiting, no hold in Maui's terms.
  EXPECT_EQ(job(m, "1").state, JobState::Idle);
  EXPECT_TRUE(job(m, "1").holds.empty());
  EXPECT_EQ(job(m, "1").user, "root");
  // sbatch -H: the lua's mark makes it a user hold.
  EXPECT_EQ(job(m, "3").holds, std::vector<std::string>{"user"});
  // An operator's scontrol hold (JobHeldAdmin): a system hold.
  EXPECT_EQ(job(m, "7").holds, std::vector<std::string>{"system"});
  // afterok:1(unfulfilled): waits for job 1.
  EXPECT_EQ(job(m, "6").dependencies, std::vector<std::string>{"1"});
  // Partition debug is the class; -N 2 -n 4 with 1000 MB per node: 2 tasks a node, 500 MB a task.
  const Job& four = job(m, "4");
  EXPECT_EQ(four.job_class, "debug");
  EXPECT_EQ(four.nodes, 2);
  EXPECT_EQ(four.tasks, 4);
  EXPECT_EQ(four.memory_per_task_mb, 500);
  // --time=10 --mem-per-cpu=100.
  EXPECT_EQ(job(m, "2").walltime, 600);
  EXPECT_EQ(job(m, "2").memory_per_task_mb, 100);
  // No time limit anywhere: the mapping's year.
  EXPECT_EQ(job(m, "1").walltime, MappingOptions{}.unlimited_walltime);
  EXPECT_EQ(job(m, "5").account, "physics");
  // Nodes: 4 CPUs, 4096 MB, in both partitions (the classes whose jobs they run).
  ASSERT_EQ(m.snapshot.nodes.size(), 4u);
  EXPECT_EQ(m.snapshot.nodes[0].procs, 4);
  EXPECT_EQ(m.snapshot.nodes[0].memory_mb, 4096);
  EXPECT_EQ(m.snapshot.nodes[0].classes, (std::vector<std::string>{"batch", "debug"}));
}

TEST(SlurmMapping, RunningAndFinishedJobs) {
  const MappedCluster running = map_reading(reading("squeue_running.json", "sinfo_running.json"), {});
  const Job& wide = job(running, "1");
  EXPECT_EQ(wide.state, JobState::Running);
  EXPECT_EQ(wide.start_time, 1'795'751'619);
  EXPECT_EQ(wide.allocated_nodes, (std::vector<std::string>{"n1", "n2"}));
  EXPECT_EQ(wide.allocated_tasks, (std::vector<std::int64_t>{4, 2}));  // Slurm filled n1 first
  EXPECT_FALSE(wide.end_time.has_value());                             // Slurm's end of a running job is only expected

  const MappedCluster finished = map_reading(reading("squeue_finished.json", "sinfo_idle.json"), {});
  std::size_t completed = 0;
  for (const auto& j : finished.snapshot.jobs) {
    if (j.state != JobState::Completed) continue;
    ++completed;
    if (j.start_time) {
      ASSERT_TRUE(j.end_time.has_value()) << j.id;
      EXPECT_GE(*j.end_time, *j.start_time) << j.id;
    }
  }
  EXPECT_GE(completed, 5u);
}

TEST(SlurmMapping, NodeStates) {
  const MappedCluster m = map_reading(reading("squeue_held.json", "sinfo_states.json"), {});
  std::map<std::string, NodeState> states;
  for (const auto& n : m.snapshot.nodes) states[n.name] = n.state;
  EXPECT_EQ(states["n1"], NodeState::Busy);     // allocated
  EXPECT_EQ(states["n2"], NodeState::Running);  // mixed
  EXPECT_EQ(states["n3"], NodeState::Down);     // down
  EXPECT_EQ(states["n4"], NodeState::Drained);  // idle + DRAIN
  NodeRecord draining;
  draining.name = "x";
  draining.cpus = 1;
  draining.state = NodeStateName::Mixed;
  draining.drain = true;
  NodeRecord silent = draining;
  silent.drain = false;
  silent.not_responding = true;
  Reading r;
  r.nodes = {draining, silent};
  const MappedCluster flags = map_reading(r, {});
  EXPECT_EQ(flags.snapshot.nodes[0].state, NodeState::Draining);
  EXPECT_EQ(flags.snapshot.nodes[1].state, NodeState::Down);
}

TEST(SlurmMapping, EachTaskOfAnUnsplitJobArrayIsAJob) {
  // Recorded: `sbatch --array=1-3`, held: one record (job 2) standing for tasks 1, 2 and 3.
  const MappedCluster m = map_reading(reading("squeue_requeued_array.json", "sinfo_idle.json"), {});
  EXPECT_TRUE(m.problems.empty());
  ASSERT_EQ(m.snapshot.jobs.size(), 4u);
  // The job requeued held (`scontrol requeuehold`) waits like any other.
  EXPECT_EQ(m.snapshot.jobs[0].id, "1");
  EXPECT_EQ(m.snapshot.jobs[0].state, JobState::Idle);
  for (int t = 1; t <= 3; ++t) {
    const Job& task = job(m, "2_" + std::to_string(t));
    EXPECT_EQ(task.state, JobState::Idle);
    EXPECT_TRUE(task.holds.empty()) << "no throttle";
    EXPECT_EQ(task.user, m.snapshot.jobs[0].user);
    EXPECT_EQ(m.record_of[static_cast<std::size_t>(t)], 1u) << "the array's record";
  }
}

TEST(SlurmMapping, ArrayTaskLists) {
  std::string error;
  EXPECT_EQ(array_task_ids("1-3,7", error), (std::vector<std::uint32_t>{1, 2, 3, 7}));
  EXPECT_EQ(array_task_ids("0-20:8%2", error), (std::vector<std::uint32_t>{0, 8, 16}));
  EXPECT_EQ(array_task_ids("5", error), (std::vector<std::uint32_t>{5}));
  EXPECT_TRUE(error.empty());
  for (const char* bad : {"", "%2", "1-", "3-1", "1,,2", "a", "1-4:0", "1,3,5,...", "99999999"}) {
    EXPECT_TRUE(array_task_ids(bad, error).empty()) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
  EXPECT_EQ(error, "'99999999' is no task id");
  // A record whose list cannot be read is reported, located, and nothing of it scheduled.
  Reading r;
  JobRecord meta;
  meta.id = 9;
  meta.array_job_id = 9;
  meta.state = JobStateName::Pending;
  meta.array_tasks = "1,3,5,...";
  r.jobs = {meta};
  const MappedCluster m = map_reading(r, {});
  EXPECT_TRUE(m.snapshot.jobs.empty());
  ASSERT_EQ(m.problems.size(), 1u);
  EXPECT_EQ(m.problems[0],
            "job 9: a job array whose tasks Slurm lists as '1,3,5,...': a task list Slurm cut short: not scheduled");
}

// `--array=1-6%2` with task 1 split out and running, task 2 split out and held (Slurm's record of
// its own), tasks 3-6 still in the array's record: one running, so one more may start, the
// lowest waiting task (2); 3-6 wait with the throttle's hold.
TEST(SlurmMapping, AnArrayThrottleLeavesOnlyWhatMayRun) {
  JobRecord meta;
  meta.id = 12;
  meta.array_job_id = 12;
  meta.state = JobStateName::Pending;
  meta.reason = "JobHeldUser";
  meta.array_tasks = "3-6%2";
  meta.array_max_tasks = 2;
  meta.cpus = 1;
  meta.user = "alice";
  JobRecord one = meta, two = meta;
  one.id = 13;
  one.array_task = 1;
  one.array_tasks.clear();
  one.array_max_tasks = 0;  // a split task's record carries no throttle: its array's does
  one.state = JobStateName::Running;
  one.allocation = {{"n1", 1}};
  two.id = 14;
  two.array_task = 2;
  two.array_tasks.clear();
  two.array_max_tasks = 0;
  Reading r;
  r.jobs = {meta, one, two};
  MappedCluster m = map_reading(r, {});
  ASSERT_EQ(m.snapshot.jobs.size(), 6u);
  EXPECT_EQ(job(m, "12_1").state, JobState::Running);
  EXPECT_TRUE(job(m, "12_2").holds.empty());
  for (const char* held : {"12_3", "12_4", "12_5", "12_6"})
    EXPECT_EQ(job(m, held).holds, (std::vector<std::string>{std::string(kArrayThrottleHold)})) << held;
  // Slurm turns an array's JobHeldUser into JobHeldAdmin by itself: no operator's hold.
  r.jobs[0].reason = "JobHeldAdmin";
  EXPECT_TRUE(job(map_reading(r, {}), "12_2").holds.empty());
  EXPECT_EQ(job(map_reading(r, {}), "12_3").holds, (std::vector<std::string>{std::string(kArrayThrottleHold)}));
  r.jobs[0].reason = "JobHeldUser";
  // Task 2 starting counts as running: nothing more may start.
  AdapterView view;
  view.starting["12_2"] = {{"n2"}, {1}, 1000};
  m = map_reading(r, view);
  EXPECT_EQ(job(m, "12_2").state, JobState::Starting);
  EXPECT_FALSE(job(m, "12_3").holds.empty());
  // Task 1 done: one may start, task 3 (a task held by its owner takes no place).
  r.jobs[1].state = JobStateName::Completed;
  r.jobs[1].allocation.clear();
  r.jobs[0].admin_comment = std::string(kUserHoldMark);  // tasks 3-6 held by their owner
  r.jobs[2].priority = 0;
  m = map_reading(r, {});
  EXPECT_TRUE(job(m, "12_2").holds.empty());
  EXPECT_EQ(job(m, "12_3").holds, std::vector<std::string>{"user"});
}

// Slurm judges no held job's dependencies (measured: `afterok:4(unfulfilled)` stays so after job
// 4 failed), so the adapter judges them from the records, as slurmctld's test_job_dependency
// does. Worked by hand on: 4 failed, 5 completed, 6 running for 100 s, 7 waiting, array 20 with
// task 1 completed (job 21) and tasks 2-3 still in its record, and alice's jobs named "single":
// 30 running, 31 and 32 waiting; bob's 33 of that name.
class SlurmDependencies : public ::testing::Test {
 protected:
  static constexpr Epoch kNow = 10'000;
  std::vector<JobRecord> jobs;
  void SetUp() override {
    auto add = [&](std::uint32_t id, JobStateName state) -> JobRecord& {
      JobRecord r;
      r.id = id;
      r.state = state;
      r.uid = 1000;
      jobs.push_back(r);
      return jobs.back();
    };
    add(4, JobStateName::Failed);
    add(5, JobStateName::Completed);
    add(6, JobStateName::Running).start = kNow - 100;
    add(7, JobStateName::Pending);
    JobRecord& t1 = add(21, JobStateName::Completed);
    t1.array_job_id = 20;
    t1.array_task = 1;
    JobRecord& meta = add(20, JobStateName::Pending);
    meta.array_job_id = 20;
    meta.array_tasks = "2-3";
    for (auto [id, state] : {std::pair{30u, JobStateName::Running}, std::pair{31u, JobStateName::Pending},
                             std::pair{32u, JobStateName::Pending}, std::pair{33u, JobStateName::Pending}})
      add(id, state).name = "single";
    jobs.back().uid = 1001;  // bob
  }
  DependencyStanding judge(const char* text, std::uint32_t who = 7) {
    for (auto& j : jobs)
      if (j.id == who) j.dependency = text;
    const DependencyIndex index(jobs);  // the job judged is the index's own (singleton compares records)
    return judge_dependencies(*index.job(who), std::nullopt, index, kNow);
  }
  std::vector<std::string> waits(const char* text, std::uint32_t who = 7) {
    auto d = judge(text, who);
    EXPECT_TRUE(d.never.empty()) << text << ": " << d.never;
    return d.waiting_for;
  }
  std::string never(const char* text) { return judge(text).never; }
  using Ids = std::vector<std::string>;
};

TEST_F(SlurmDependencies, AfterOkAnyNotOk) {
  EXPECT_EQ(waits("afterok:5(unfulfilled)"), Ids{});
  EXPECT_EQ(never("afterok:4(unfulfilled)"), "afterok:4: job 4 ended FAILED");
  EXPECT_EQ(waits("afterany:4(unfulfilled)"), Ids{});
  EXPECT_EQ(waits("afterany:6(unfulfilled),afterok:7(unfulfilled)"), (Ids{"6", "7"}));
  EXPECT_EQ(waits("afterok:5:7(unfulfilled)"), Ids{"7"});
  EXPECT_EQ(waits("afternotok:4(unfulfilled)"), Ids{});
  EXPECT_EQ(never("afternotok:5(unfulfilled)"), "afternotok:5: it completed");
  EXPECT_EQ(waits("afterok:99(unfulfilled)"), Ids{}) << "a job gone: Slurm lifts the dependency";
  EXPECT_EQ(never("afterok:5(failed)"), "afterok:5: Slurm says it failed");
  EXPECT_EQ(never("expand:6(unfulfilled)"), "the Slurm dependency 'expand' is not mapped (docs/slurm.md)");
}

TEST_F(SlurmDependencies, AfterAStartAndMinutesAfterIt) {
  EXPECT_EQ(waits("after:6(unfulfilled)"), Ids{});
  EXPECT_EQ(waits("after:6+1(unfulfilled)"), Ids{}) << "running 100 s, at least 1 minute";
  EXPECT_EQ(waits("after:6+5(unfulfilled)"), Ids{"6"});
  EXPECT_EQ(waits("after:7(unfulfilled)"), Ids{"7"});
}

TEST_F(SlurmDependencies, ArraysAsAWholeOrATask) {
  EXPECT_EQ(waits("afterok:20(unfulfilled)"), (Ids{"20_2", "20_3"}));
  EXPECT_EQ(waits("afterany:20_*(unfulfilled)"), (Ids{"20_2", "20_3"}));
  EXPECT_EQ(waits("afterok:20_1(unfulfilled)"), Ids{});
  EXPECT_EQ(waits("afterok:20_3(unfulfilled)"), Ids{"20_3"});
}

TEST_F(SlurmDependencies, AnyOfThem) {
  EXPECT_EQ(waits("afterok:4(unfulfilled)?afterok:5(unfulfilled)"), Ids{});
  EXPECT_EQ(waits("afterok:4(unfulfilled)?afterok:7(unfulfilled)"), Ids{"7"});
  EXPECT_EQ(never("afterok:4(unfulfilled)?afternotok:5(unfulfilled)"), "afterok:4: job 4 ended FAILED");
}

TEST_F(SlurmDependencies, SingletonWaitsForTheUsersJobsOfThatName) {
  // Slurm: another of the user's jobs of that name running, or waiting with a lower job id.
  EXPECT_EQ(waits("singleton(unfulfilled)", 32), (Ids{"30", "31"}));
  EXPECT_EQ(waits("singleton(unfulfilled)", 33), Ids{}) << "bob's";
}

// A Slurm that does what it is told, one job at a time, and says what it was asked.
class ScriptedSlurm final : public SlurmControl {
 public:
  Reading state;
  std::vector<JobUpdate> updates;
  std::vector<std::string> calls;  // "persist", "update 5", ...
  bool run_released = true;        // a released job runs at the next read
  bool reachable = true;
  std::set<std::uint32_t> refuse_release;  // a release of these is refused, as Slurm refuses a start

  RmStatus read(Reading& out) override {
    if (!reachable) return RmStatus::failure("Unable to contact slurm controller (connect failure)");
    for (auto& j : state.jobs)
      if (run_released && j.state == JobStateName::Pending && j.priority != kHeld && !j.required_nodes.empty()) {
        j.state = JobStateName::Running;
        j.start = state.now;
        for (const auto& n : split(j.required_nodes)) j.allocation.emplace_back(n, j.cpus / count(j.required_nodes));
      }
    out = state;
    return {};
  }
  bool changed() override { return true; }
  RmStatus update(const JobUpdate& u) override {
    calls.push_back("update " + std::to_string(u.id) + (u.task ? "_" + std::to_string(*u.task) : ""));
    updates.push_back(u);
    if (refuse_release.contains(u.id) && u.priority == kReleased)
      return RmStatus::failure("Requested node configuration is not available");
    if (u.task) split(u.id, *u.task);
    for (auto& j : state.jobs)
      if (j.id == (u.task ? split_id : u.id)) {
        if (u.priority) j.priority = *u.priority == kReleased ? 1000 : *u.priority;
        if (u.required_nodes) j.required_nodes = *u.required_nodes;
        if (u.admin_comment) j.admin_comment = *u.admin_comment;
        return {};
      }
    return RmStatus::failure("Invalid job id specified");
  }
  RmStatus cancel(std::uint32_t id, std::optional<std::uint32_t> task) override {
    calls.push_back("cancel " + std::to_string(id) + (task ? "_" + std::to_string(*task) : ""));
    return {};
  }
  RmStatus requeue_held(std::uint32_t id) override {
    calls.push_back("requeue " + std::to_string(id));
    return {};
  }
  RmStatus identity(ClusterIdentity& out) override {
    out = {"scripted", "localhost:6817"};
    return {};
  }

 private:
  // As slurmctld's update_job_str: a task named by its array is split out of the array's pending
  // record into one of its own, under the next job id (split_id).
  std::uint32_t split_id = 0;
  void split(std::uint32_t array, std::uint32_t task) {
    for (auto& j : state.jobs)
      if (j.array_job_id == array && j.array_task == task) {
        split_id = j.id;  // split already
        return;
      }
    for (std::size_t k = 0; k < state.jobs.size(); ++k) {
      JobRecord& meta = state.jobs[k];
      if (meta.array_job_id != array || meta.array_task) continue;
      std::string error;
      std::vector<std::uint32_t> tasks = array_task_ids(meta.array_tasks, error);
      std::erase(tasks, task);
      std::string rest;
      for (auto t : tasks) rest += (rest.empty() ? "" : ",") + std::to_string(t);
      JobRecord one = meta;
      one.id = next_id++;
      one.array_task = task;
      one.array_tasks.clear();
      one.array_max_tasks = 0;
      meta.array_tasks = rest;
      if (rest.empty()) state.jobs.erase(state.jobs.begin() + static_cast<std::ptrdiff_t>(k));
      split_id = one.id;
      state.jobs.push_back(one);
      return;
    }
    split_id = 0;
  }

 public:
  std::uint32_t next_id = 100;

 private:
  static std::vector<std::string> split(const std::string& list) {
    std::vector<std::string> out;
    std::stringstream s(list);
    for (std::string n; std::getline(s, n, ',');) out.push_back(n);
    return out;
  }
  static std::uint32_t count(const std::string& list) { return static_cast<std::uint32_t>(split(list).size()); }
};

JobRecord pending(std::uint32_t id, std::uint32_t cpus) {
  JobRecord j;
  j.id = id;
  j.user = "alice";
  j.partition = "batch";
  j.state = JobStateName::Pending;
  j.reason = "JobHeldUser";
  j.cpus = cpus;
  j.min_nodes = 1;
  j.tasks = cpus;
  j.time_limit_minutes = 10;
  j.submit = 1000;
  return j;
}

NodeRecord node(const char* name) {
  NodeRecord n;
  n.name = name;
  n.cpus = 4;
  n.state = NodeStateName::Idle;
  n.partitions = {"batch"};
  return n;
}

TEST(SlurmMapping, BeginTimesAndDependenciesNeverMet) {
  Reading r;
  r.now = 5000;
  JobRecord later = pending(1, 1), requeued = pending(2, 1), orphan = pending(3, 1), failed = pending(4, 1);
  later.eligible = 5060;  // sbatch --begin=now+60
  requeued.eligible = 5100;
  requeued.restarts = 1;  // Slurm's own 120 s after a requeue: the adapter starts it at once
  failed.state = JobStateName::Failed;
  orphan.dependency = "afterok:4(unfulfilled)";
  r.jobs = {later, requeued, orphan, failed};
  const MappedCluster m = map_reading(r, {});
  EXPECT_EQ(job(m, "1").holds, std::vector<std::string>{std::string(kBeginTimeHold)});
  EXPECT_TRUE(job(m, "2").holds.empty());
  EXPECT_EQ(m.next_begin, 5060);
  EXPECT_EQ(job(m, "3").holds, std::vector<std::string>{std::string(kDependencyNeverHold)});
  ASSERT_EQ(m.dependency_never.size(), 1u);
  EXPECT_EQ(m.dependency_never[0], (MappedCluster::NeverMet{2, "afterok:4: job 4 ended FAILED", true}));
  r.now = 5060;
  EXPECT_TRUE(job(map_reading(r, {}), "1").holds.empty()) << "its begin time came";
}

// `--deadline`: held once its 10-minute limit from now runs past it (at 5000, a deadline at 5600
// still leaves room, 5599 does not); a deadline far away, or none, holds nothing. Of those held,
// Slurm is left to end only the ones it reckons as the engine does: with a time limit, no
// --time-min.
TEST(SlurmMapping, AJobThatCanNoLongerEndBeforeItsDeadlineIsHeld) {
  Reading r;
  r.now = 5000;
  JobRecord in_time = pending(1, 1), too_late = pending(2, 1), far = pending(3, 1), running = pending(4, 1);
  in_time.deadline = 5600;
  too_late.deadline = 5599;
  far.deadline = 100000;
  running.deadline = 5100;  // running already: it goes on, Slurm's to end
  running.state = JobStateName::Running;
  running.start = 4900;
  running.allocation = {{"n1", 1}};
  JobRecord shortened = too_late, unlimited = too_late;
  shortened.id = 5;
  shortened.time_min_minutes = 5;  // Slurm would start it with a limit of 5 to 9 minutes
  unlimited.id = 6;
  unlimited.time_limit_minutes.reset();
  r.jobs = {in_time, too_late, far, running, shortened, unlimited};
  r.nodes = {node("n1")};
  const MappedCluster m = map_reading(r, {});
  EXPECT_TRUE(job(m, "1").holds.empty());
  EXPECT_EQ(job(m, "2").holds, std::vector<std::string>{std::string(kDeadlineHold)});
  EXPECT_EQ(job(m, "5").holds, std::vector<std::string>{std::string(kDeadlineHold)});
  ASSERT_EQ(m.past_deadline.size(), 1u);
  EXPECT_EQ(m.snapshot.jobs[m.past_deadline[0]].id, "2");
  EXPECT_TRUE(job(m, "3").holds.empty());
  EXPECT_TRUE(job(m, "4").holds.empty());
  r.now = 5001;
  EXPECT_EQ(job(map_reading(r, {}), "1").holds, std::vector<std::string>{std::string(kDeadlineHold)})
      << "a second later it cannot";
  // Ended by Slurm for it: its start is its end, and it never ran; nor did one cancelled waiting.
  JobRecord ended = too_late, cancelled = pending(7, 1);
  ended.state = JobStateName::Deadline;
  ended.start = ended.end = 5010;
  cancelled.state = JobStateName::Cancelled;
  cancelled.start = cancelled.end = 5010;
  r.jobs = {ended, cancelled};
  const MappedCluster after = map_reading(r, {});
  EXPECT_EQ(job(after, "2").state, JobState::Completed);
  EXPECT_FALSE(job(after, "2").start_time.has_value());
  EXPECT_FALSE(job(after, "7").start_time.has_value());
}

// A corrupt record (numbers far beyond what Slurm allows): taken at schemas/ir.h's bounds, said,
// and a waiting job held, never an overflowed sum (found by fuzzing: 2^63 MB per CPU times the
// CPUs of a task overflowed).
TEST(SlurmMapping, NumbersBeyondTheBoundsAreHeldNotOverflowed) {
  Reading r;
  r.now = 5000;
  JobRecord huge = pending(1, 4);
  huge.memory_per_cpu_mb = std::uint64_t{1} << 62;
  huge.cpus_per_task = 4'000'000'000u;
  huge.submit = -(std::int64_t{1} << 62);
  NodeRecord big = node("n1");
  big.cpus = 4'000'000'000u;
  r.jobs = {huge, pending(2, 1)};
  r.nodes = {big};
  const MappedCluster m = map_reading(r, {});
  const Job& j = job(m, "1");
  EXPECT_EQ(j.procs_per_task, ir::kMaxProcs);
  EXPECT_EQ(j.tasks, 1);
  EXPECT_EQ(j.memory_per_task_mb, ir::kMaxMegabytes);
  EXPECT_EQ(j.submit_time, -ir::kMaxSeconds);
  EXPECT_EQ(j.holds, std::vector<std::string>{std::string(kBeyondBoundsHold)});
  EXPECT_TRUE(job(m, "2").holds.empty());
  EXPECT_EQ(m.snapshot.nodes[0].procs, ir::kMaxProcs);
  EXPECT_EQ(m.problems,
            (std::vector<std::string>{"node n1: CPUs or memory beyond the scheduler's bounds: taken at the bound",
                                      "job 1: a number beyond the scheduler's bounds (a corrupt record?): taken at "
                                      "the bound, and the job held"}));
}

TEST(SlurmMapping, NiceGoesToTheJob) {
  Reading r;
  JobRecord nice = pending(1, 1);
  nice.nice = 100;  // sbatch --nice=100
  r.jobs = {nice};
  EXPECT_EQ(map_reading(r, {}).snapshot.jobs[0].nice, 100);
}

TEST(SlurmMapping, ACompletingJobIsChargedAllItsCpusUpToItsEnd) {
  // Slurm 22.05 drops a completing job's nodes one by one as they finish: here 6 CPUs on n1 and
  // n2, with only n2 (2 CPUs) still completing.
  JobRecord r = pending(5, 6);
  r.state = JobStateName::Completed;
  r.completing = true;
  r.reason.clear();
  r.start = 2000;
  r.end = 2002;
  r.allocation = {{"n2", 2}};
  Reading reading;
  reading.jobs = {r};
  reading.nodes = {node("n1"), node("n2")};
  const MappedCluster mapped = map_reading(reading, {});
  const Job& j = job(mapped, "5");
  EXPECT_EQ(j.state, JobState::Running);  // it holds n2 still
  EXPECT_EQ(j.allocated_nodes, std::vector<std::string>{"n2"});
  EXPECT_EQ(j.procs(), 6) << "its usage rate until its end";
  EXPECT_EQ(j.end_time, 2002);
}

TEST(SlurmMapping, ARequeuedJobWhoseLastRunStillCompletesIsNotReadyToStart) {
  // A slurmd killed under a job: Slurm requeues it while it still completes on the dead node
  // (PENDING with the COMPLETING flag), and starts it nowhere until that node is released.
  JobRecord completing = pending(5, 1);
  completing.completing = true;
  completing.restarts = 1;
  completing.allocation = {{"n1", 1}};
  JobRecord requeuing = pending(6, 1);
  requeuing.requeuing = true;  // Slurm's REQUEUE flag: requeued while completing
  Reading reading;
  reading.jobs = {completing, requeuing, pending(7, 1)};
  reading.nodes = {node("n1"), node("n2")};
  const MappedCluster mapped = map_reading(reading, {});
  for (const char* id : {"5", "6"}) {
    const Job& j = job(mapped, id);
    EXPECT_EQ(j.state, JobState::Idle) << id << ": it waits in the queue";
    EXPECT_EQ(j.holds, std::vector<std::string>{std::string(kCompletingHold)}) << id;
    EXPECT_TRUE(j.is_held()) << id;
  }
  EXPECT_TRUE(job(mapped, "7").holds.empty()) << "a job held only by job_submit.lua waits for the scheduler";
  // Once Slurm has released the node, the job is ready again.
  reading.jobs[0].completing = false;
  EXPECT_TRUE(job(map_reading(reading, {}), "5").holds.empty());
}

TEST(SlurmMapping, ConstraintsAndExclusiveJobs) {
  auto with = [](std::uint32_t id, std::string constraint, bool exclusive = false) {
    JobRecord r = pending(id, 1);
    r.constraint = std::move(constraint);
    r.exclusive = exclusive;
    return r;
  };
  Reading reading;
  reading.jobs = {with(1, "fast"),  with(2, "fast&gpu", true), with(3, "fast|gpu"),
                  with(4, "[a|b]"), with(5, "gpu*2"),          with(6, "a&"),
                  with(7, "")};
  reading.nodes = {node("n1")};
  const MappedCluster m = map_reading(reading, {});
  EXPECT_EQ(job(m, "1").features, std::vector<std::string>{"fast"});
  EXPECT_FALSE(job(m, "1").exclusive);
  EXPECT_EQ(job(m, "2").features, (std::vector<std::string>{"fast", "gpu"}));
  EXPECT_TRUE(job(m, "2").exclusive);
  EXPECT_TRUE(job(m, "7").features.empty());
  EXPECT_TRUE(job(m, "7").holds.empty());
  // What the engine cannot place waits, held with the reason, and the turn's log says so.
  for (const char* id : {"3", "4", "5", "6"}) {
    EXPECT_EQ(job(m, id).holds, std::vector<std::string>{std::string(kUnsupportedConstraintHold)}) << id;
    EXPECT_TRUE(job(m, id).features.empty()) << id;
  }
  ASSERT_EQ(m.problems.size(), 4u);
  EXPECT_EQ(m.problems[0],
            "job 3: constraint 'fast|gpu' (OR, counts or brackets) is not scheduled: only a feature or an AND list "
            "(a&b) is (docs/slurm.md)");
}

TEST(SlurmMapping, GenericResourcesOfNodesAndJobs) {
  EXPECT_EQ(gres_counts("gpu:2"), (std::map<std::string, std::int64_t>{{"gpu", 2}}));
  EXPECT_EQ(gres_counts("gpu:tesla:2(S:0),gpu:1,mps:100"),
            (std::map<std::string, std::int64_t>{{"gpu", 3}, {"mps", 100}}));
  EXPECT_EQ(gres_counts("gres:gpu:1"), (std::map<std::string, std::int64_t>{{"gpu", 1}}));
  EXPECT_TRUE(gres_counts("(null)").empty());
  EXPECT_TRUE(gres_counts("gpu,:3,gpu:x,gpu:99999999999").empty());
  EXPECT_TRUE(gres_counts("gpu:tesla:0,mps:0").empty()) << "a count of 0 is no resource (found by fuzzing)";
  Reading reading;
  JobRecord per_node = pending(1, 1), per_job = pending(2, 1);
  per_node.tres_per_node = "gres:gpu:2";
  per_job.tres_per_job_or_task = "gres:gpu:1";
  reading.jobs = {per_node, per_job};
  NodeRecord n3 = node("n3");
  n3.gres = "gpu:2";
  reading.nodes = {node("n1"), n3};
  const MappedCluster m = map_reading(reading, {});
  EXPECT_TRUE(m.snapshot.nodes[0].gres.empty());
  EXPECT_EQ(m.snapshot.nodes[1].gres, (std::map<std::string, std::int64_t>{{"gpu", 2}}));
  EXPECT_EQ(job(m, "1").gres_per_node, (std::map<std::string, std::int64_t>{{"gpu", 2}}));
  EXPECT_TRUE(job(m, "1").holds.empty());
  EXPECT_EQ(job(m, "2").holds, std::vector<std::string>{std::string(kUnsupportedGresHold)});
  ASSERT_EQ(m.problems.size(), 1u);
  EXPECT_EQ(
      m.problems[0],
      "job 2: generic resources asked per job or per task (gres:gpu:1) are not scheduled: only --gres per node is "
      "(docs/slurm.md)");
}

ReservationRecord slurm_reservation(const char* name, Epoch start, Epoch end, std::vector<std::string> nodes) {
  ReservationRecord r;
  r.name = name;
  r.start = start;
  r.end = end;
  r.nodes = std::move(nodes);
  return r;
}

// Slurm's reservations at 5000: maint [4000, 9000) on n1 for root; mag [4000, 9000) on n3,
// magnetic, for alice or bob of account proj; later [6000, 7000) on n2 for everyone but bob;
// over [1000, 2000) ended (left out). By start then name: mag, maint, later. The next change is
// later's start, 6000. A job asking for maint runs in it; one asking for later waits for its start,
// one asking for a reservation Slurm does not have, or for two, waits with why.
TEST(SlurmMapping, SlurmReservations) {
  Reading r;
  r.now = 5000;
  r.nodes = {node("n1"), node("n2"), node("n3")};
  r.reservations = {slurm_reservation("maint", 4000, 9000, {"n1"}), slurm_reservation("later", 6000, 7000, {"n2"}),
                    slurm_reservation("over", 1000, 2000, {"n3"}), slurm_reservation("mag", 4000, 9000, {"n3"})};
  r.reservations[0].users = "root";
  r.reservations[1].users = "-bob";
  r.reservations[3].users = "alice,bob";
  r.reservations[3].accounts = "proj";
  r.reservations[3].magnetic = true;
  JobRecord in = pending(1, 1), early = pending(2, 1), lost = pending(3, 1), two = pending(4, 1), plain = pending(5, 1);
  in.reservation = "maint";
  early.reservation = "later";
  lost.reservation = "gone";
  two.reservation = "maint,later";
  r.jobs = {in, early, lost, two, plain};
  const MappedCluster m = map_reading(r, {});
  std::vector<std::string> names;
  for (const auto& a : m.snapshot.rm_reservations) names.push_back(a.name);
  EXPECT_EQ(names, (std::vector<std::string>{"mag", "maint", "later"}));
  for (const auto& a : m.snapshot.rm_reservations) EXPECT_TRUE(a.rm) << a.name;
  EXPECT_TRUE(m.snapshot.rm_reservations[0].magnetic);
  EXPECT_FALSE(m.snapshot.rm_reservations[1].magnetic);
  EXPECT_EQ(m.snapshot.nodes[0].rm_reservations, std::vector<std::string>{"maint"});
  EXPECT_EQ(m.snapshot.nodes[1].rm_reservations, std::vector<std::string>{"later"});
  EXPECT_EQ(m.snapshot.nodes[2].rm_reservations, std::vector<std::string>{"mag"});
  EXPECT_EQ(m.next_begin, 6000);
  EXPECT_EQ(job(m, "1").reservation, "maint");
  EXPECT_TRUE(job(m, "1").holds.empty());
  EXPECT_EQ(job(m, "2").holds, std::vector<std::string>{std::string(kReservationNotStartedHold)});
  EXPECT_EQ(job(m, "3").holds, std::vector<std::string>{std::string(kReservationMissingHold)});
  EXPECT_EQ(job(m, "4").holds, std::vector<std::string>{std::string(kSeveralReservationsHold)});
  EXPECT_TRUE(job(m, "5").reservation.empty());
  EXPECT_TRUE(job(m, "5").holds.empty());
  r.now = 6000;
  EXPECT_TRUE(job(map_reading(r, {}), "2").holds.empty()) << "its reservation started";
}

// Slurm's access lists: Users=-bob is a NOT entry (everyone but bob); with Users and one account,
// the account is required (Slurm: a job must match both); several accounts stay plain.
TEST(SlurmMapping, ReservationAccessLists) {
  auto text = [](const ReservationRecord& r) { return acl_text(reservation_acl(r)); };
  ReservationRecord r = slurm_reservation("x", 0, 1, {"n1"});
  r.users = "-bob";
  EXPECT_EQ(text(r), "USERLIST=!bob");
  r.users = "alice,bob";
  r.accounts = "proj";
  EXPECT_EQ(text(r), "USERLIST=alice,bob ACCOUNTLIST=proj*");
  r.accounts = "proj,other";
  EXPECT_EQ(text(r), "USERLIST=alice,bob ACCOUNTLIST=proj,other");
  r.users.clear();
  r.accounts = "proj";
  EXPECT_EQ(text(r), "ACCOUNTLIST=proj");
  std::vector<std::string> problems;
  EXPECT_TRUE(map_reservations({slurm_reservation("bad", 10, 5, {"n1"})}, 0, problems).empty());
  EXPECT_EQ(problems, std::vector<std::string>{"reservation bad: it ends (5) before it starts (10): not honoured"});
}

struct Harness {
  ScriptedSlurm slurm;
  Epoch now = 2000;
  int persisted = 0;
  bool persist_fails = false;
  std::unique_ptr<SlurmCluster> rm;
  explicit Harness(SlurmOptions options = {}) {
    slurm.state.now = now;
    slurm.state.nodes = {node("n1"), node("n2")};
    rm = std::make_unique<SlurmCluster>(
        slurm, options, [this] { return now; },
        [this](const AdapterState&) {
          slurm.calls.push_back("persist");
          ++persisted;
          return persist_fails ? RmStatus::failure("No space left on device") : RmStatus{};
        });
  }
  std::vector<RmEvent> wait() {
    std::vector<RmEvent> events;
    slurm.state.now = now;
    rm->wait(now, events);
    return events;
  }
};

TEST(SlurmStart, BindsReleasesAndConfirms) {
  Harness h;
  h.slurm.state.jobs = {pending(5, 6)};
  h.wait();
  ASSERT_TRUE(h.rm->start_job({"5", {"n1", "n2"}, {4, 2}, {}}).ok);
  // Journalled first, then one request: exactly those nodes, that many, released.
  ASSERT_EQ(h.slurm.calls, (std::vector<std::string>{"persist", "update 5"}));
  const JobUpdate& u = h.slurm.updates.back();
  EXPECT_EQ(u.required_nodes, "n1,n2");
  EXPECT_EQ(u.min_nodes, 2u);
  EXPECT_EQ(u.max_nodes, 2u);
  EXPECT_EQ(u.priority, kReleased);
  // Starting on its nodes until Slurm shows it running.
  EXPECT_EQ(h.rm->cluster().jobs[0].state, JobState::Starting);
  EXPECT_EQ(h.rm->cluster().jobs[0].allocated_nodes, (std::vector<std::string>{"n1", "n2"}));
  EXPECT_FALSE(h.rm->start_job({"5", {"n1"}, {6}, {}}).ok) << "started twice";
  h.now += 1;
  const auto events = h.wait();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, RmEvent::Kind::Started);
  EXPECT_EQ(events[0].subject, "5");
  EXPECT_TRUE(h.rm->state().view.starting.empty());
  EXPECT_EQ(h.rm->cluster().jobs[0].state, JobState::Running);
}

const Job* find(const ClusterSnapshot& s, const std::string& id) {
  for (const auto& j : s.jobs)
    if (j.id == id) return &j;
  return nullptr;
}

// `--array=1-3%2`, held in one record: each task is released alone, by its task id, which Slurm
// splits out of the array's record under a job id of its own (job 100 here); the task keeps its
// id `12_2` through the split, in the journal and in the events.
TEST(SlurmStart, AnArrayTaskIsReleasedAloneByItsTaskId) {
  Harness h;
  JobRecord meta = pending(12, 1);
  meta.array_job_id = 12;
  meta.array_tasks = "1-3%2";
  meta.array_max_tasks = 2;
  h.slurm.state.jobs = {meta};
  h.wait();
  ASSERT_EQ(h.rm->cluster().jobs.size(), 3u);
  ASSERT_TRUE(h.rm->start_job({"12_2", {"n1"}, {1}, {}}).ok);
  ASSERT_EQ(h.slurm.calls, (std::vector<std::string>{"persist", "update 12_2"}));
  EXPECT_EQ(h.slurm.updates.back().id, 12u);
  EXPECT_EQ(h.slurm.updates.back().task, 2u);
  EXPECT_EQ(h.slurm.updates.back().priority, kReleased);
  EXPECT_EQ(h.slurm.updates.back().required_nodes, "n1");
  EXPECT_TRUE(h.rm->state().view.starting.contains("12_2"));
  EXPECT_EQ(find(h.rm->cluster(), "12_2")->state, JobState::Starting);
  h.now += 1;
  const auto events = h.wait();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, RmEvent::Kind::Started);
  EXPECT_EQ(events[0].subject, "12_2");
  EXPECT_TRUE(h.rm->state().view.starting.empty());
  const ClusterSnapshot& s = h.rm->cluster();
  ASSERT_EQ(s.jobs.size(), 3u);
  EXPECT_EQ(find(s, "12_2")->state, JobState::Running);
  // One of two running: task 1 may start, task 3 waits for the throttle.
  EXPECT_TRUE(find(s, "12_1")->holds.empty());
  EXPECT_EQ(find(s, "12_3")->holds, std::vector<std::string>{std::string(kArrayThrottleHold)});
  // Task 1 next: the array's record splits again; a second start of 12_2 is refused.
  EXPECT_FALSE(h.rm->start_job({"12_2", {"n2"}, {1}, {}}).ok);
  ASSERT_TRUE(h.rm->start_job({"12_1", {"n2"}, {1}, {}}).ok);
  EXPECT_EQ(h.slurm.calls.back(), "update 12_1");
}

// kill -9 after the journal, before Slurm was asked: the task is still in its array's record,
// held; after the release, it runs split out under a job id of its own. Either way the restart
// finds it by its task id.
TEST(SlurmStart, ARestartFindsAnArrayTaskByItsTaskId) {
  JobRecord meta = pending(12, 1);
  meta.array_job_id = 12;
  meta.array_tasks = "1-3";
  AdapterState restored;
  restored.view.starting["12_3"] = {{"n1"}, {1}, 1997};
  restored.requests["12_3"] = {1, 0, "", "", 0, ""};
  {
    Harness h;
    h.slurm.state.jobs = {meta};
    h.rm->restore(restored);
    EXPECT_TRUE(h.wait().empty()) << "never released: no start, and none failed";
    ASSERT_EQ(h.slurm.updates.size(), 1u);
    EXPECT_EQ(h.slurm.updates[0].task, 3u);
    EXPECT_EQ(h.slurm.updates[0].priority, kHeld);
    EXPECT_TRUE(h.rm->state().view.starting.empty());
  }
  {
    Harness h;
    JobRecord task = meta;
    task.id = 15;
    task.array_task = 3;
    task.array_tasks.clear();
    task.state = JobStateName::Running;
    task.start = 1998;
    task.allocation = {{"n1", 1}};
    meta.array_tasks = "1-2";
    h.slurm.state.jobs = {meta, task};
    h.rm->restore(restored);
    h.wait();  // the first reading of a restart reports no events; the start is confirmed
    EXPECT_TRUE(h.rm->state().view.starting.empty());
    EXPECT_TRUE(h.slurm.updates.empty()) << "nothing asked of Slurm";
    EXPECT_EQ(find(h.rm->cluster(), "12_3")->state, JobState::Running);
  }
}

// Slurm judges no held job's dependencies (it would show JobHeldUser): the job is released to
// Slurm without nodes, so that Slurm shows DependencyNeverSatisfied (and starts nothing under
// it), and why goes into its AdminComment, the user hold's mark kept; said once.
TEST(SlurmStart, ADependencyNeverMetIsSaidInTheAdminComment) {
  Harness h;
  JobRecord failed = pending(4, 1), orphan = pending(5, 1);
  failed.state = JobStateName::Failed;
  orphan.dependency = "afterok:4(unfulfilled)";
  orphan.admin_comment = std::string(kUserHoldMark);
  h.slurm.state.jobs = {failed, orphan};
  h.wait();
  ASSERT_EQ(h.slurm.updates.size(), 1u);
  EXPECT_EQ(h.slurm.updates[0].id, 5u);
  EXPECT_EQ(h.slurm.updates[0].admin_comment,
            "mauirun:user_hold mauirun: dependency never satisfied: afterok:4: job 4 ended FAILED");
  EXPECT_EQ(h.slurm.updates[0].priority, kReleased);
  EXPECT_EQ(h.slurm.updates[0].required_nodes, std::nullopt) << "bound to no node";
  EXPECT_EQ(find(h.rm->cluster(), "5")->holds, (std::vector<std::string>{"user", "dependency never satisfied"}));
  h.now += 1;
  h.wait();
  EXPECT_EQ(h.slurm.updates.size(), 1u) << "said once, and not held again as a job released by someone else";
  // Slurm's judgement after the release: its reason, and the dependency marked failed.
  h.slurm.state.jobs[1].reason = "DependencyNeverSatisfied";
  h.slurm.state.jobs[1].dependency = "afterok:4(failed)";
  h.wait();
  EXPECT_EQ(h.slurm.updates.size(), 1u);
  EXPECT_EQ(find(h.rm->cluster(), "5")->holds, (std::vector<std::string>{"user", "dependency never satisfied"}));
  // A dependency the adapter cannot judge: held, and why said.
  Harness other;
  JobRecord odd = pending(6, 1);
  odd.dependency = "expand:5(unfulfilled)";
  other.slurm.state.jobs = {odd};
  other.wait();
  ASSERT_EQ(other.slurm.updates.size(), 1u);
  EXPECT_EQ(other.slurm.updates[0].priority, std::nullopt);
}

// `-p batch,debug`: n1 serves batch only, n2 debug only, n3 both. The job's class is the list,
// which n1, n2 and n3 serve; it is released into the first of its partitions that holds all
// the nodes it was given, and a start across the two is not asked of Slurm. An undone start
// gives the list back.
TEST(SlurmStart, AJobAskingSeveralPartitionsGoesIntoTheOneOfItsNodes) {
  SlurmOptions options;
  options.start_timeout = 10;
  Harness h(options);
  h.slurm.run_released = false;
  h.slurm.state.nodes = {node("n1"), node("n2"), node("n3"), node("n4")};
  h.slurm.state.nodes[1].partitions = {"debug"};
  h.slurm.state.nodes[2].partitions = {"batch", "debug"};
  h.slurm.state.nodes[3].partitions = {"other"};
  JobRecord either = pending(5, 2);
  either.partition = "batch,debug";
  JobRecord wide = pending(6, 2);
  wide.partition = "debug,batch";
  h.slurm.state.jobs = {either, wide};
  h.wait();
  const ClusterSnapshot& s = h.rm->cluster();
  EXPECT_EQ(find(s, "5")->job_class, "batch,debug");
  EXPECT_EQ(s.nodes[0].classes, (std::vector<std::string>{"batch", "batch,debug", "debug,batch"}));
  EXPECT_EQ(s.nodes[1].classes, (std::vector<std::string>{"debug", "batch,debug", "debug,batch"}));
  EXPECT_EQ(s.nodes[3].classes, std::vector<std::string>{"other"});
  const RmStatus across = h.rm->start_job({"6", {"n1", "n2"}, {1, 1}, {}});
  EXPECT_FALSE(across.ok);
  EXPECT_NE(across.error.message.find("no one of its partitions (debug,batch) holds all of n1,n2"), std::string::npos)
      << across.error.message;
  EXPECT_TRUE(h.slurm.updates.empty());
  ASSERT_TRUE(h.rm->start_job({"5", {"n3"}, {2}, {}}).ok);
  EXPECT_EQ(h.slurm.updates.back().partition, "batch") << "the first of its list holding n3";
  ASSERT_TRUE(h.rm->start_job({"6", {"n2"}, {2}, {}}).ok);
  EXPECT_EQ(h.slurm.updates.back().partition, "debug");
  h.now += 10;
  h.wait();  // neither ran: both undone
  ASSERT_GE(h.slurm.updates.size(), 4u);
  EXPECT_EQ(h.slurm.updates[2].partition, "batch,debug");
  EXPECT_EQ(h.slurm.updates[3].partition, "debug,batch");
}

TEST(SlurmStart, NotRunningInTimeIsHeldAgainAndReported) {
  SlurmOptions options;
  options.start_timeout = 10;
  Harness h(options);
  h.slurm.run_released = false;
  h.slurm.state.jobs = {pending(5, 2)};
  h.wait();
  ASSERT_TRUE(h.rm->start_job({"5", {"n2"}, {2}, {}}).ok);
  h.now += 9;
  EXPECT_TRUE(h.wait().empty());
  h.now += 1;
  const auto events = h.wait();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, RmEvent::Kind::StartFailed);
  EXPECT_NE(events[0].detail.find("not running 10 s after its release"), std::string::npos) << events[0].detail;
  EXPECT_EQ(events[0].no_fault_of_the_job, "") << "nothing else explains it: the defer rules count it";
  // Held again, bound to no node, as it asked before.
  const JobUpdate& undo = h.slurm.updates.back();
  EXPECT_EQ(undo.priority, kHeld);
  EXPECT_EQ(undo.required_nodes, "");
  EXPECT_EQ(undo.min_nodes, 1u);
  EXPECT_TRUE(h.rm->state().view.held_again.contains("5"));
  // Held by the adapter, the job waits for the scheduler again, not for an operator.
  h.slurm.state.jobs[0].reason = "JobHeldAdmin";
  h.wait();
  EXPECT_EQ(h.rm->cluster().jobs[0].state, JobState::Idle);
  EXPECT_TRUE(h.rm->cluster().jobs[0].holds.empty());
}

TEST(SlurmStart, AStartFailedThroughNoFaultOfTheJobSaysWhy) {
  // Each case: a start on n2 still pending at its timeout, with what Slurm shows then.
  auto failed = [](const std::function<void(Harness&)>& meanwhile) {
    Harness h;
    h.slurm.run_released = false;
    h.slurm.state.jobs = {pending(5, 2)};
    h.wait();
    EXPECT_TRUE(h.rm->start_job({"5", {"n2"}, {2}, {}}).ok);
    meanwhile(h);
    h.now += 10;
    std::vector<std::string> excuses;  // a node that changed is an event of its own
    for (const auto& e : h.wait())
      if (e.kind == RmEvent::Kind::StartFailed) excuses.push_back(e.no_fault_of_the_job);
    EXPECT_EQ(excuses.size(), 1u);
    return excuses.empty() ? std::string("no failed start") : excuses[0];
  };
  EXPECT_EQ(failed([](Harness& h) { h.slurm.state.nodes[1].not_responding = true; }), "node n2 is Down");
  EXPECT_EQ(failed([](Harness& h) {
              h.slurm.state.nodes[1].state = NodeStateName::Down;
              h.slurm.state.jobs[0].reason = "ReqNodeNotAvail";
            }),
            "node n2 is Down");
  EXPECT_EQ(failed([](Harness& h) { h.slurm.state.nodes[1].drain = true; }), "node n2 is Drained");
  EXPECT_EQ(failed([](Harness& h) { h.slurm.state.nodes.pop_back(); }), "node n2 is gone from Slurm");
  EXPECT_EQ(failed([](Harness& h) { h.slurm.state.jobs[0].restarts = 1; }), "Slurm requeued it (restart 1)");
  EXPECT_EQ(failed([](Harness& h) { h.slurm.state.jobs[0].completing = true; }),
            "Slurm requeued it, and its last run still completes");
  EXPECT_EQ(failed([](Harness& h) { h.slurm.state.nodes[1].completing = true; }), "node n2 still completes a job");
  EXPECT_EQ(failed([](Harness& h) { h.slurm.state.jobs[0].reason = "Resources"; }), "")
      << "its nodes take work and Slurm did not requeue it: the job's own";
}

TEST(SlurmStart, AStartThatCannotBeJournalledIsNotMade) {
  Harness h;
  h.slurm.state.jobs = {pending(5, 1)};
  h.wait();
  h.persist_fails = true;
  const RmStatus st = h.rm->start_job({"5", {"n1"}, {1}, {}});
  EXPECT_FALSE(st.ok);
  EXPECT_NE(st.error.message.find("could not be journalled: No space left on device"), std::string::npos)
      << st.error.message;
  EXPECT_EQ(h.slurm.updates.size(), 0u);
  EXPECT_TRUE(h.rm->state().view.starting.empty());
}

TEST(SlurmStart, AJobReleasedBehindTheSchedulersBackIsHeldAgain) {
  Harness h;
  JobRecord released = pending(7, 1);
  released.priority = 4294901759u;  // an operator's scontrol release, or the owner's requeue
  released.reason = "Priority";
  h.slurm.run_released = false;
  h.slurm.state.jobs = {released};
  h.wait();
  ASSERT_EQ(h.slurm.updates.size(), 1u);
  EXPECT_EQ(h.slurm.updates[0].id, 7u);
  EXPECT_EQ(h.slurm.updates[0].priority, kHeld);
  const auto notices = h.rm->take_notices();
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_NE(notices[0].find("released outside the scheduler"), std::string::npos);
}

// An operator's `scontrol release 12` of a whole array: Slurm would start its tasks by itself.
// The array's record is held again, and each of its tasks is the adapter's to start. A one-task
// array's record is that task: released by the adapter, it is left alone.
TEST(SlurmStart, AnArrayReleasedBehindTheSchedulersBackIsHeldAgain) {
  Harness h;
  h.slurm.run_released = false;
  JobRecord meta = pending(12, 1);
  meta.array_job_id = 12;
  meta.array_tasks = "1-3";
  meta.priority = 4294901759u;
  meta.reason = "Priority";
  JobRecord one = pending(20, 1);
  one.array_job_id = 20;
  one.array_tasks = "5";
  h.slurm.state.jobs = {meta};
  h.wait();
  ASSERT_EQ(h.slurm.updates.size(), 1u);
  EXPECT_EQ(h.slurm.updates[0].id, 12u);
  EXPECT_EQ(h.slurm.updates[0].task, std::nullopt) << "the array's record, all its tasks";
  EXPECT_EQ(h.slurm.updates[0].priority, kHeld);
  EXPECT_EQ(h.rm->state().view.held_again, (std::set<std::string, std::less<>>{"12_1", "12_2", "12_3"}));
  h.slurm.state.jobs[0].reason = "JobHeldAdmin";  // as Slurm shows a hold by root
  h.wait();
  EXPECT_TRUE(find(h.rm->cluster(), "12_2")->holds.empty()) << "waiting for the scheduler, not an operator";
  // The one-task array 20, released by the adapter (Slurm updates such a record whole, without
  // a split: update_job_str), is not held again.
  Harness other;
  other.slurm.run_released = false;
  one.priority = 4294901759u;
  one.reason = "None";
  one.required_nodes = "n1";
  other.slurm.state.jobs = {one};
  AdapterState restored;
  restored.view.starting["20_5"] = {{"n1"}, {1}, other.now};
  other.rm->restore(restored);
  other.wait();
  EXPECT_TRUE(other.slurm.updates.empty());
  EXPECT_EQ(find(other.rm->cluster(), "20_5")->state, JobState::Starting);
}

TEST(SlurmStart, ARestartFindsAStartNeverReleasedAndClearsItWithoutBlame) {
  Harness h;
  h.slurm.state.jobs = {pending(5, 1)};
  AdapterState restored;
  restored.view.starting["5"] = {{"n1"}, {1}, h.now - 3};
  restored.requests["5"] = {1, 0, "", "", 0, ""};
  h.rm->restore(restored);
  const auto events = h.wait();
  EXPECT_TRUE(events.empty()) << "a start that never happened is no failed start";
  ASSERT_EQ(h.slurm.updates.size(), 1u);
  EXPECT_EQ(h.slurm.updates[0].required_nodes, "");
  EXPECT_TRUE(h.rm->state().view.starting.empty());
}

TEST(SlurmStart, ATurnsStartsAreJournalledWithOneSave) {
  Harness h;
  h.slurm.state.jobs = {pending(5, 1), pending(6, 1), pending(7, 1)};
  h.wait();
  std::vector<StartRequest> starts{{"5", {"n1"}, {1}, {}}, {"6", {"n1"}, {1}, {}}, {"7", {"n2"}, {1}, {}}};
  const auto statuses = h.rm->start_jobs(std::move(starts));
  ASSERT_EQ(statuses.size(), 3u);
  for (const auto& st : statuses) EXPECT_TRUE(st.ok) << st.error.message;
  EXPECT_EQ(h.slurm.calls, (std::vector<std::string>{"persist", "update 5", "update 6", "update 7"}))
      << "one save before the first request, not one a start";
  EXPECT_EQ(h.rm->state().view.starting.size(), 3u);
  for (const auto& j : h.rm->cluster().jobs) EXPECT_EQ(j.state, JobState::Starting) << j.id;
}

TEST(SlurmStart, ATurnNotJournalledMakesNoneOfItsStarts) {
  Harness h;
  h.slurm.state.jobs = {pending(5, 1), pending(6, 1)};
  h.wait();
  h.persist_fails = true;
  const auto statuses = h.rm->start_jobs({{"5", {"n1"}, {1}, {}}, {"6", {"n2"}, {1}, {}}});
  ASSERT_EQ(statuses.size(), 2u);
  for (const auto& st : statuses) {
    EXPECT_FALSE(st.ok);
    EXPECT_NE(st.error.message.find("could not be journalled"), std::string::npos) << st.error.message;
  }
  EXPECT_TRUE(h.slurm.updates.empty());
  EXPECT_TRUE(h.rm->state().view.starting.empty());
  for (const auto& j : h.rm->cluster().jobs) {
    EXPECT_EQ(j.state, JobState::Idle) << "shown as it was: " << j.id;
    EXPECT_TRUE(j.allocated_nodes.empty());
  }
}

TEST(SlurmStart, AStartSlurmRefusesInATurnIsUndoneTheOthersStand) {
  Harness h;
  h.slurm.state.jobs = {pending(5, 1), pending(6, 1), pending(7, 1)};
  h.slurm.refuse_release = {6};
  h.wait();
  const auto statuses = h.rm->start_jobs({{"5", {"n1"}, {1}, {}}, {"6", {"n1"}, {1}, {}}, {"7", {"n2"}, {1}, {}}});
  EXPECT_TRUE(statuses[0].ok);
  EXPECT_FALSE(statuses[1].ok);
  EXPECT_NE(statuses[1].error.message.find("Requested node configuration is not available"), std::string::npos);
  EXPECT_TRUE(statuses[2].ok);
  EXPECT_EQ(h.rm->state().view.starting.size(), 2u);
  EXPECT_FALSE(h.rm->state().view.starting.contains("6"));
  EXPECT_EQ(h.slurm.calls.back(), "persist") << "the start given back is journalled";
  EXPECT_EQ(h.rm->cluster().jobs[1].state, JobState::Idle);
  EXPECT_EQ(h.slurm.state.jobs[1].priority, kHeld) << "held again as it was";
}

TEST(SlurmStart, AJobThatRanAndEndedBetweenTwoReadingsStartedAndFailedNothing) {
  Harness h;
  h.slurm.run_released = false;
  h.slurm.state.jobs = {pending(5, 1), pending(6, 1)};
  h.wait();
  ASSERT_TRUE(h.rm->start_job({"5", {"n1"}, {1}, {}}).ok);
  ASSERT_TRUE(h.rm->start_job({"6", {"n2"}, {1}, {}}).ok);
  // A job of a second: over before the next reading. And one cancelled by its owner meanwhile.
  JobRecord& quick = h.slurm.state.jobs[0];
  quick.state = JobStateName::Completed;
  quick.start = h.now;
  quick.end = h.now + 1;
  quick.allocation = {{"n1", 1}};
  JobRecord& cancelled = h.slurm.state.jobs[1];
  cancelled.state = JobStateName::Cancelled;
  cancelled.start = cancelled.end = h.now + 1;
  h.now += 1;
  const auto events = h.wait();
  std::vector<std::string> said;
  for (const auto& e : events)
    said.push_back((e.kind == RmEvent::Kind::Started       ? "started "
                    : e.kind == RmEvent::Kind::Ended       ? "ended "
                    : e.kind == RmEvent::Kind::StartFailed ? "start-failed "
                                                           : "other ") +
                   e.subject);
  EXPECT_EQ(said, (std::vector<std::string>{"started 5", "ended 5", "ended 6"})) << "no start failed: nothing to defer";
  EXPECT_TRUE(h.rm->state().view.starting.empty());
  const auto notices = h.rm->take_notices();
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_EQ(notices[0], "job 6: ended CANCELLED before it ran: its start is dropped");
}

TEST(SlurmStart, ADryRunChangesNothing) {
  SlurmOptions options;
  options.dry_run = true;
  Harness h(options);
  JobRecord released = pending(7, 1);
  released.priority = 10;
  h.slurm.state.jobs = {pending(5, 1), released};
  h.wait();
  EXPECT_TRUE(h.rm->start_job({"5", {"n1"}, {1}, {}}).ok);
  EXPECT_TRUE(h.rm->hold_job("5", "x").ok);
  EXPECT_TRUE(h.rm->cancel_job("5", "x").ok);
  EXPECT_TRUE(h.rm->requeue_job("5").ok);
  EXPECT_TRUE(h.slurm.updates.empty());
  EXPECT_EQ(h.persisted, 0);
  EXPECT_EQ(h.slurm.calls, std::vector<std::string>{});
}

TEST(SlurmEvents, SubmittedEndedAndNodes) {
  Harness h;
  h.slurm.state.jobs = {pending(5, 1)};
  h.wait();
  h.now += 5;
  JobRecord done = pending(5, 1);
  done.state = JobStateName::Completed;
  done.start = h.now - 4;
  done.end = h.now - 1;
  h.slurm.state.jobs = {done, pending(6, 1)};
  h.slurm.state.nodes[1].state = NodeStateName::Down;
  const auto events = h.wait();
  std::vector<std::string> seen;
  for (const auto& e : events) seen.push_back(std::string(to_string(e.kind)) + " " + e.subject);
  EXPECT_EQ(seen, (std::vector<std::string>{"submitted 6", "ended 5", "node changed n2"}));
  EXPECT_EQ(events[1].at, h.now - 1);  // Slurm's end, not when it was seen
  h.slurm.reachable = false;
  h.now += 5;
  EXPECT_TRUE(h.wait().empty());
  EXPECT_NE(h.rm->last_error().find("Unable to contact"), std::string::npos);
  EXPECT_EQ(h.rm->cluster().jobs.size(), 2u) << "the last reading stays";
}

// Slurm places a started job's tasks itself: one on each node, then its nodes' free CPUs filled
// in Slurm's node order (measured on the test cluster: 6 tasks on two empty 4-CPU nodes are 4 + 2,
// the first node of slurm.conf taking 4). Worked by hand on 4-CPU nodes n1..n4.
TEST(SlurmPlacement, OneTaskOnEachNodeThenFilledInSlurmsNodeOrder) {
  ClusterSnapshot s;
  for (const char* name : {"n1", "n2", "n3", "n4"}) {
    s.nodes.emplace_back();
    s.nodes.back().name = name;
    s.nodes.back().procs = 4;
  }
  Job six;
  six.id = "1";
  six.tasks = 6;
  // Asked as n4 then n3 (the engine's own split would be n4:4 n3:2): Slurm fills n3 first.
  const std::vector<std::string> n4_n3{"n4", "n3"};
  EXPECT_EQ(slurm_placement(s, six, n4_n3), (std::vector<std::int64_t>{2, 4}));
  six.state = JobState::Starting;
  six.allocated_nodes = {"n3", "n4"};
  six.allocated_tasks = {4, 2};
  s.jobs.push_back(six);
  Job five;
  five.id = "2";
  five.tasks = 5;
  // The engine, counting n3 with 2 free CPUs, may put 2 there and 3 on n2: Slurm has none on n3.
  EXPECT_EQ(slurm_placement(s, five, std::vector<std::string>{"n3", "n2"}), std::nullopt);
  // On n2 and n4 (2 free): 4 + 1.
  EXPECT_EQ(slurm_placement(s, five, std::vector<std::string>{"n2", "n4"}), (std::vector<std::int64_t>{4, 1}));
  // Two CPUs a task: n4's 2 free CPUs take one task, n1 the other two.
  Job wide;
  wide.id = "3";
  wide.tasks = 3;
  wide.procs_per_task = 2;
  EXPECT_EQ(slurm_placement(s, wide, std::vector<std::string>{"n4", "n1"}), (std::vector<std::int64_t>{1, 2}));
  wide.tasks = 4;
  EXPECT_EQ(slurm_placement(s, wide, std::vector<std::string>{"n4", "n1"}), std::nullopt);
  EXPECT_EQ(slurm_placement(s, five, std::vector<std::string>{"n9"}), std::nullopt) << "an unknown node";
}

TEST(SlurmStart, AStartSlurmWouldFindNoRoomForAfterThisTurnsStartsWaits) {
  Harness h;
  h.slurm.state.nodes = {node("n1"), node("n2"), node("n3")};
  h.slurm.state.jobs = {pending(5, 6), pending(6, 3)};
  h.wait();
  // The engine's split, n2:4 n1:2, is not Slurm's: it fills n1 first (n1:4, n2:2).
  ASSERT_TRUE(h.rm->start_job({"5", {"n2", "n1"}, {4, 2}, {}}).ok);
  EXPECT_EQ(h.rm->state().view.starting.at("5").tasks, (std::vector<std::int64_t>{2, 4}));
  // Planned on n1's 2 CPUs the engine thought free, and one on n3: Slurm has none on n1.
  const RmStatus st = h.rm->start_job({"6", {"n1", "n3"}, {2, 1}, {}});
  EXPECT_FALSE(st.ok);
  EXPECT_NE(st.error.message.find("not started this turn"), std::string::npos) << st.error.message;
  EXPECT_EQ(h.slurm.updates.size(), 1u) << "nothing asked of Slurm for job 6";
  EXPECT_FALSE(h.rm->state().view.starting.contains("6"));
  // On n2 (2 free) and n3, it starts: n2:2 n3:1.
  ASSERT_TRUE(h.rm->start_job({"6", {"n2", "n3"}, {1, 2}, {}}).ok);
  EXPECT_EQ(h.rm->state().view.starting.at("6").tasks, (std::vector<std::int64_t>{2, 1}));
}

}  // namespace
}  // namespace maui::runtime::slurm
