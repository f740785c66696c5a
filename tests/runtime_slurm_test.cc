// The Slurm adapter without a cluster (runtime/rm/slurm/): Slurm's records mapped to the engine's
// snapshot, read from outputs recorded on a real Slurm 22.05 (tests/slurm/fixtures/: `squeue
// --json` and `sinfo --json` carry the fields libslurm gives, under the names docs/slurm.md
// lists), dependency texts, and the adapter's start protocol against a scripted Slurm: bind and
// release in one request, journalled first; confirmed, or held again past its timeout; a job
// released by someone else held again; nothing changed in a dry run.
#include <fstream>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "llvm/Support/JSON.h"
#include "runtime/rm/slurm/slurm_cluster.h"
#include "runtime/rm/slurm/slurm_placement.h"
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

TEST(SlurmMapping, AnUnsplitJobArrayIsReportedNotScheduled) {
  const MappedCluster m = map_reading(reading("squeue_requeued_array.json", "sinfo_idle.json"), {});
  ASSERT_EQ(m.problems.size(), 1u);
  EXPECT_EQ(m.problems[0],
            "job 2: a job array whose tasks (1-3) Slurm has not split yet: not scheduled (docs/slurm.md)");
  ASSERT_EQ(m.snapshot.jobs.size(), 1u);
  // The job requeued held (`scontrol requeuehold`) waits like any other.
  EXPECT_EQ(m.snapshot.jobs[0].id, "1");
  EXPECT_EQ(m.snapshot.jobs[0].state, JobState::Idle);
}

TEST(SlurmDependencies, UnfulfilledTermsNameTheJobsWaitedFor) {
  bool never = false;
  EXPECT_EQ(unfulfilled_dependencies("afterok:12(unfulfilled),afterany:13_*(unfulfilled)", never),
            (std::vector<std::string>{"12", "13"}));
  EXPECT_FALSE(never);
  EXPECT_EQ(unfulfilled_dependencies("afterok:12:14(unfulfilled)", never), (std::vector<std::string>{"12", "14"}));
  EXPECT_EQ(unfulfilled_dependencies("after:12+5(unfulfilled)?afterok:3(unfulfilled)", never),
            (std::vector<std::string>{"12", "3"}));
  EXPECT_TRUE(unfulfilled_dependencies("singleton(unfulfilled)", never).empty());
  EXPECT_TRUE(unfulfilled_dependencies("afterok:7(failed)", never).empty());
  EXPECT_TRUE(never);
  EXPECT_TRUE(unfulfilled_dependencies("", never).empty());
  EXPECT_FALSE(never);
}

// A Slurm that does what it is told, one job at a time, and says what it was asked.
class ScriptedSlurm final : public SlurmControl {
 public:
  Reading state;
  std::vector<JobUpdate> updates;
  std::vector<std::string> calls;  // "persist", "update 5", ...
  bool run_released = true;        // a released job runs at the next read
  bool reachable = true;

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
    calls.push_back("update " + std::to_string(u.id));
    updates.push_back(u);
    for (auto& j : state.jobs)
      if (j.id == u.id) {
        if (u.priority) j.priority = *u.priority == kReleased ? 1000 : *u.priority;
        if (u.required_nodes) j.required_nodes = *u.required_nodes;
        if (u.admin_comment) j.admin_comment = *u.admin_comment;
        return {};
      }
    return RmStatus::failure("Invalid job id specified");
  }
  RmStatus cancel(std::uint32_t id) override {
    calls.push_back("cancel " + std::to_string(id));
    return {};
  }
  RmStatus requeue_held(std::uint32_t id) override {
    calls.push_back("requeue " + std::to_string(id));
    return {};
  }

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
  // Held again, bound to no node, as it asked before.
  const JobUpdate& undo = h.slurm.updates.back();
  EXPECT_EQ(undo.priority, kHeld);
  EXPECT_EQ(undo.required_nodes, "");
  EXPECT_EQ(undo.min_nodes, 1u);
  EXPECT_TRUE(h.rm->state().view.held_again.contains(5));
  // Held by the adapter, the job waits for the scheduler again, not for an operator.
  h.slurm.state.jobs[0].reason = "JobHeldAdmin";
  h.wait();
  EXPECT_EQ(h.rm->cluster().jobs[0].state, JobState::Idle);
  EXPECT_TRUE(h.rm->cluster().jobs[0].holds.empty());
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

TEST(SlurmStart, ARestartFindsAStartNeverReleasedAndClearsItWithoutBlame) {
  Harness h;
  h.slurm.state.jobs = {pending(5, 1)};
  AdapterState restored;
  restored.view.starting[5] = {{"n1"}, {1}, h.now - 3};
  restored.requests[5] = {1, 0, "", ""};
  h.rm->restore(restored);
  const auto events = h.wait();
  EXPECT_TRUE(events.empty()) << "a start that never happened is no failed start";
  ASSERT_EQ(h.slurm.updates.size(), 1u);
  EXPECT_EQ(h.slurm.updates[0].required_nodes, "");
  EXPECT_TRUE(h.rm->state().view.starting.empty());
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
  EXPECT_EQ(h.rm->state().view.starting.at(5).tasks, (std::vector<std::int64_t>{2, 4}));
  // Planned on n1's 2 CPUs the engine thought free, and one on n3: Slurm has none on n1.
  const RmStatus st = h.rm->start_job({"6", {"n1", "n3"}, {2, 1}, {}});
  EXPECT_FALSE(st.ok);
  EXPECT_NE(st.error.message.find("not started this turn"), std::string::npos) << st.error.message;
  EXPECT_EQ(h.slurm.updates.size(), 1u) << "nothing asked of Slurm for job 6";
  EXPECT_FALSE(h.rm->state().view.starting.contains(6));
  // On n2 (2 free) and n3, it starts: n2:2 n3:1.
  ASSERT_TRUE(h.rm->start_job({"6", {"n2", "n3"}, {1, 2}, {}}).ok);
  EXPECT_EQ(h.rm->state().view.starting.at(6).tasks, (std::vector<std::int64_t>{2, 1}));
}

}  // namespace
}  // namespace maui::runtime::slurm
