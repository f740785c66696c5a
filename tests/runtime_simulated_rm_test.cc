// The simulator as a resource manager (runtime/rm/sim/simulated_cluster.h): like a real RM it
// refuses a start it cannot carry out, says why, and changes nothing then; what a job takes is
// given back when it ends or is requeued.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/rm/sim/simulated_cluster.h"
#include "runtime/rm/sim/simulated_nodes.h"
#include "tests/schedule_support.h"

namespace maui::runtime::testing {
namespace {

Job& job_named(SimulatedCluster& rm, const std::string& id) {
  for (auto& j : rm.state().jobs)
    if (j.id == id) return j;
  ADD_FAILURE() << "no job " << id;
  return rm.state().jobs.front();
}

// n1 has 2 procs, n2 has 1; jobs 1..3 ask 2, 2 and 1 procs for an hour, submitted at 0.
SimulatedCluster small_cluster() {
  SimulatedCluster rm({make_node("n1", 2), make_node("n2", 1)}, 0);
  rm.submit(trace_job(1, 0, kHour, kHour, 2));
  rm.submit(trace_job(2, 0, kHour, kHour, 2));
  rm.submit(trace_job(3, 0, kHour / 2, kHour, 1));
  return rm;
}

TEST(SimulatedRm, RefusesMoreThanANodeHasFreeAndTakesNothingThen) {
  SimulatedCluster rm = small_cluster();
  ASSERT_TRUE(rm.start_job("1", std::vector<std::string>{"n1"}, std::vector<std::int64_t>{2}).ok);

  // n2 could hold one task, n1 none: the start is refused as a whole.
  RmStatus st = rm.start_job("2", std::vector<std::string>{"n2", "n1"}, std::vector<std::int64_t>{1, 1});
  EXPECT_FALSE(st.ok);
  EXPECT_EQ(st.error.message,
            "job 2: node n1 cannot take 1 task(s) of 1 proc(s), 0 MB memory: 2 of its 2 procs and 0 of its 0 MB memory "
            "are in use");
  EXPECT_EQ(job_named(rm, "2").state, JobState::Idle);
  EXPECT_TRUE(job_named(rm, "2").allocated_nodes.empty());
  // n2's proc was not kept for job 2.
  EXPECT_TRUE(rm.start_job("3", std::vector<std::string>{"n2"}, std::vector<std::int64_t>{1}).ok);

  // Job 3 ends at 30 min and job 1 at 60: then job 2 fits on n1.
  rm.state().now = kHour / 2;
  EXPECT_EQ(rm.finish_due(), 1u);
  EXPECT_FALSE(rm.start_job("2", std::vector<std::string>{"n1"}, std::vector<std::int64_t>{2}).ok);
  rm.state().now = kHour;
  EXPECT_EQ(rm.finish_due(), 1u);
  EXPECT_TRUE(rm.start_job("2", std::vector<std::string>{"n1"}, std::vector<std::int64_t>{2}).ok);
}

TEST(SimulatedRm, ARequeuedJobGivesBackItsNodes) {
  SimulatedCluster rm = small_cluster();
  ASSERT_TRUE(rm.start_job("1", std::vector<std::string>{"n1"}, std::vector<std::int64_t>{2}).ok);
  EXPECT_FALSE(rm.start_job("2", std::vector<std::string>{"n1"}, std::vector<std::int64_t>{2}).ok);
  ASSERT_TRUE(rm.requeue_job("1").ok);
  // Its end at 1 h is stale: nothing runs, so nothing ends (no iteration is woken for it).
  EXPECT_EQ(rm.next_end(), kEndOfTime);
  EXPECT_TRUE(rm.start_job("2", std::vector<std::string>{"n1"}, std::vector<std::int64_t>{2}).ok);
  EXPECT_EQ(rm.next_end(), Epoch{kHour});
  // Job 1's old end (at 1 h) is stale: it neither ends job 2 nor frees n1 twice.
  rm.state().now = kHour;
  EXPECT_EQ(rm.finish_due(), 1u);  // job 2, started at 0 too
  EXPECT_TRUE(rm.start_job("1", std::vector<std::string>{"n1"}, std::vector<std::int64_t>{2}).ok);
  EXPECT_FALSE(rm.start_job("3", std::vector<std::string>{"n1"}, std::vector<std::int64_t>{1}).ok);
}

TEST(SimulatedRm, RefusesUnknownNodesWrongTaskCountsAndNodesThatTakeNoWork) {
  SimulatedCluster rm = small_cluster();
  auto error = [&](std::vector<std::string> nodes, std::vector<std::int64_t> tasks) {
    RmStatus st = rm.start_job("2", std::move(nodes), std::move(tasks));
    if (!st.ok) {
      EXPECT_EQ(job_named(rm, "2").state, JobState::Idle) << st.error.message;
    }
    return st.ok ? std::string("started") : st.error.message;
  };
  EXPECT_EQ(error({"n9"}, {2}), "job 2: no node named n9");
  EXPECT_EQ(error({"n1"}, {1}), "job 2 has 2 tasks; the start places 1");
  EXPECT_EQ(error({"n1", "n2"}, {2, 0}), "job 2: 0 tasks on node n2");
  EXPECT_EQ(error({"n1", "n2"}, {2}), "job 2: 2 nodes but 1 task counts");
  EXPECT_EQ(error({}, {}), "job 2: no nodes given");
  rm.state().nodes[1].state = NodeState::Down;
  EXPECT_EQ(error({"n1", "n2"}, {1, 1}), "job 2: node n2 is Down");
  EXPECT_EQ(rm.start_job("7", std::vector<std::string>{"n1"}, std::vector<std::int64_t>{1}).error.message, "no job 7");
  // Tasks not given are spread evenly (the first nodes would take one more).
  rm.state().nodes[1].state = NodeState::Idle;
  EXPECT_EQ(error({"n1", "n2"}, {}), "started");
  EXPECT_EQ(job_named(rm, "2").allocated_tasks, (std::vector<std::int64_t>{1, 1}));
  EXPECT_EQ(rm.start_job("2", std::vector<std::string>{"n1"}, std::vector<std::int64_t>{2}).error.message,
            "job 2 is Running, not Idle");
}

TEST(SimulatedRm, MemoryIsHeldLikeProcs) {
  SimulatedCluster rm({make_node("big", 4, 1000)}, 0);
  rm.submit(trace_job(1, 0, kHour, kHour, 1));
  rm.submit(trace_job(2, 0, kHour, kHour, 1));
  job_named(rm, "1").memory_per_task_mb = 600;
  job_named(rm, "2").memory_per_task_mb = 600;
  ASSERT_TRUE(rm.start_job("1", std::vector<std::string>{"big"}, std::vector<std::int64_t>{1}).ok);
  EXPECT_EQ(rm.start_job("2", std::vector<std::string>{"big"}, std::vector<std::int64_t>{1}).error.message,
            "job 2: node big cannot take 1 task(s) of 1 proc(s), 600 MB memory: 1 of its 4 procs and 600 of its 1000 "
            "MB memory are in use");
}

// The simulated cluster says, once and at the config line concerned, what it assumed: procs for
// the NODECFG nodes that state none (1, or --procs-per-node P), the config's nodes replaced by
// --nodes, a --procs-per-node no node needs. (compile_policy puts SERVERHOST on line 1.)
std::vector<std::string> said(const SimulatedNodes& cluster) {
  std::vector<std::string> out;
  for (const Problem& p : cluster.assumptions) out.push_back(to_text(p));
  return out;
}
std::vector<std::int64_t> procs_of(const SimulatedNodes& cluster) {
  std::vector<std::int64_t> out;
  for (const Node& n : cluster.nodes) out.push_back(n.procs);
  return out;
}

// A config without nodes and no --nodes: no cluster, a problem with the config as a whole.
TEST(SimulatedNodes, NoNodeAtAllIsAnErrorAboutTheConfig) {
  auto p = compile_policy("QUEUETIMEWEIGHT 1\n");
  const SimulatedNodes none = simulated_nodes(p.policy(), {});
  EXPECT_TRUE(none.nodes.empty());
  ASSERT_TRUE(none.error);
  EXPECT_EQ(to_text(*none.error),
            "t.cfg: error: the simulated cluster has no nodes: give --nodes N --procs-per-node P, or "
            "NODECFG[<name>] lines in the config");
}

TEST(SimulatedNodes, ProcsNoNodeStatesAreAssumedAndSaid) {
  auto p = compile_policy("NODECFG[n1] RESOURCES=PROCS:4\nNODECFG[n2] FEATURES=x\nNODECFG[n3] PARTITION=p\n");
  const SimulatedNodes plain = simulated_nodes(p.policy(), {});
  EXPECT_EQ(procs_of(plain), (std::vector<std::int64_t>{4, 1, 1}));
  EXPECT_EQ(said(plain), (std::vector<std::string>{
                             "t.cfg:3:1: note: 2 NODECFG nodes (n2, n3) state no procs (RESOURCES=PROCS:n, nor "
                             "NODECFG[DEFAULT]): each is simulated with 1 proc, what Maui assumes of a node its "
                             "resource manager reports none for; give --procs-per-node P for the procs they have"}));
  // --procs-per-node alone gives them procs and keeps the config's nodes and their names.
  const SimulatedNodes given = simulated_nodes(p.policy(), {0, 8});
  EXPECT_EQ(procs_of(given), (std::vector<std::int64_t>{4, 8, 8}));
  EXPECT_EQ(given.nodes[2].name, "n3");
  EXPECT_EQ(given.nodes[2].partition, "p");
  EXPECT_EQ(said(given), (std::vector<std::string>{"t.cfg:3:1: note: 2 NODECFG nodes (n2, n3) state no procs "
                                                   "(RESOURCES=PROCS:n, nor NODECFG[DEFAULT]): each is simulated "
                                                   "with 8 procs, as --procs-per-node says"}));

  // NODECFG[DEFAULT] states them for every node: nothing is assumed, and P has nothing to do.
  auto d = compile_policy("NODECFG[DEFAULT] RESOURCES=PROCS:2\nNODECFG[n1] RESOURCES=PROCS:4\nNODECFG[n2] MAXJOB=1\n");
  EXPECT_EQ(procs_of(simulated_nodes(d.policy(), {})), (std::vector<std::int64_t>{4, 2}));
  EXPECT_TRUE(said(simulated_nodes(d.policy(), {})).empty());
  EXPECT_EQ(said(simulated_nodes(d.policy(), {0, 8})),
            (std::vector<std::string>{"t.cfg: note: --procs-per-node 8 is not used: every NODECFG node states its "
                                      "procs (RESOURCES=PROCS:n)"}));
}

TEST(SimulatedNodes, NodesReplacingTheConfigsAreSaid) {
  auto p = compile_policy(
      "NODECFG[a01] RESOURCES=PROCS:4\nNODECFG[a02] RESOURCES=PROCS:4\n"
      "SRCFG[day] HOSTLIST=a01,a02 PERIOD=DAY\n");
  const SimulatedNodes cluster = simulated_nodes(p.policy(), {100, 2});
  ASSERT_EQ(cluster.nodes.size(), 100u);
  EXPECT_EQ(cluster.nodes.front().name, "node001");
  EXPECT_EQ(cluster.nodes.back().procs, 2);
  EXPECT_EQ(said(cluster),
            (std::vector<std::string>{
                "t.cfg:2:1: note: --nodes 100 replaces the config's 2 NODECFG nodes (a01, a02) by node001 .. "
                "node100: their RESOURCES, FEATURES, PARTITION and MAXJOB do not apply, and a standing reservation "
                "whose HOSTLIST names them reserves nothing; leave out --nodes to simulate the config's nodes "
                "(--procs-per-node P alone gives procs to those that state none)"}));
  // Without NODECFG nodes, --nodes replaces nothing.
  EXPECT_TRUE(said(simulated_nodes(compile_policy("QUEUETIMEWEIGHT 1\n").policy(), {4, 1})).empty());
}

}  // namespace
}  // namespace maui::runtime::testing
