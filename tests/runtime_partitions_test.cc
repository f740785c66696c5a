// Partitions (docs/semantics.md 83): PLIST and PDEF of the credentials, and a job that runs
// inside one partition.
#include <gtest/gtest.h>

#include "runtime/engine/partitions.h"
#include "tests/schedule_support.h"

namespace maui::runtime::testing {
namespace {

TestPolicy by_submission(std::string_view extra) {
  return compile_policy(
      lines({"QUEUETIMEWEIGHT 1\nXFACTORWEIGHT 0\nFSPOLICY NONE\nJOBPRIOACCRUALPOLICY ALWAYS\n", extra}));
}

Node in_partition(std::string name, std::int64_t procs, std::string partition) {
  Node n = make_node(std::move(name), procs);
  n.partition = std::move(partition);
  return n;
}

// Two partitions of two 2-proc nodes: A (a1, a2) and B (b1, b2).
std::vector<Node> two_partitions() {
  return {in_partition("a1", 2, "A"), in_partition("a2", 2, "A"), in_partition("b1", 2, "B"),
          in_partition("b2", 2, "B")};
}

const WaitNote* never_runnable(const IterationResult& r, const ClusterSnapshot& snap, std::string_view id) {
  for (const auto& n : r.never_runnable)
    if (n.job == job_index(snap, id)) return &n;
  return nullptr;
}

TEST(PartitionAccess, EveryCredentialsListMustNameThePartition) {
  auto t = compile_policy(
      "USERCFG[DEFAULT] PLIST=cluster:login\n"
      "USERCFG[gerolf]  PLIST=ALL\n"
      "GROUPCFG[rethfeld] PLIST=rethfeld\n"
      "CLASSCFG[test] PLIST=test,cluster\n");
  const Job bob = J("1").user("bob");
  EXPECT_TRUE(t.dir->may_use_partition(bob, "cluster"));
  EXPECT_TRUE(t.dir->may_use_partition(bob, "login"));
  EXPECT_FALSE(t.dir->may_use_partition(bob, "rethfeld"));
  EXPECT_FALSE(t.dir->may_use_partition(bob, "DEFAULT"));
  // The lists are and'ed: DEFAULT user's and group rethfeld's share nothing.
  for (const char* p : {"cluster", "login", "rethfeld"})
    EXPECT_FALSE(t.dir->may_use_partition(J("2").user("bob").group("rethfeld"), p)) << p;
  // gerolf's own ALL replaces DEFAULT's list and confines nothing; his group's list still does.
  EXPECT_TRUE(t.dir->may_use_partition(J("3").user("gerolf"), "rethfeld"));
  EXPECT_TRUE(t.dir->may_use_partition(J("4").user("gerolf").group("rethfeld"), "rethfeld"));
  EXPECT_FALSE(t.dir->may_use_partition(J("5").user("gerolf").group("rethfeld"), "cluster"));
  // The class's list narrows the user's.
  EXPECT_TRUE(t.dir->may_use_partition(J("6").user("bob").job_class("test"), "cluster"));
  EXPECT_FALSE(t.dir->may_use_partition(J("7").user("bob").job_class("test"), "login"));
  EXPECT_EQ(t.dir->partition_list(ir::CredKind::User, "gerolf"), nullptr);
  ASSERT_NE(t.dir->partition_list(ir::CredKind::User, "bob"), nullptr);
  EXPECT_EQ(t.dir->partition_list(ir::CredKind::User, "bob")->names, (std::vector<std::string>{"cluster", "login"}));
  EXPECT_TRUE(t.dir->has_partition_lists());
  EXPECT_FALSE(compile_policy("SYSCFG[base] PLIST=p1\n").dir->has_partition_lists());  // not a job's credential
}

TEST(PartitionAccess, DefaultPartitionComesFirstAndOpensNothing) {
  auto t = compile_policy(
      "USERCFG[DEFAULT] PDEF=B\nGROUPCFG[g] PDEF=C\nUSERCFG[ann] PDEF=A\nUSERCFG[eve] PLIST=A\nUSERCFG[eve] PDEF=B\n");
  PartitionLayout layout;
  layout.assign(two_partitions());
  ASSERT_EQ(layout.size(), 2u);
  EXPECT_EQ(layout.name(0), "A");
  EXPECT_EQ(layout.nodes(1).size(), 2u);
  EXPECT_EQ(layout.of(2), 1u);
  std::vector<std::uint32_t> open;
  layout.open_to(*t.dir, J("1").user("bob"), open);  // DEFAULT user's PDEF before group g's
  EXPECT_EQ(open, (std::vector<std::uint32_t>{1, 0}));
  layout.open_to(*t.dir, J("2").user("ann"), open);
  EXPECT_EQ(open, (std::vector<std::uint32_t>{0, 1}));
  layout.open_to(*t.dir, J("3").user("eve"), open);  // PDEF=B, but B is not in her PLIST
  EXPECT_EQ(open, (std::vector<std::uint32_t>{0}));
}

// Free: a1 and b1 (2 procs each); a2 and b2 run a 2-proc job each, a2's for 1 h, b2's for 2 h.
ClusterSnapshot half_busy(Epoch now, std::vector<Job> waiting) {
  std::vector<Job> jobs{running_on(J("RA").tasks(2).walltime(2 * kHour), now - kHour, {"a2"}),
                        running_on(J("RB").tasks(2).walltime(3 * kHour), now - kHour, {"b2"})};
  for (auto& j : waiting) jobs.push_back(std::move(j));
  return snapshot_of(now, two_partitions(), std::move(jobs));
}

TEST(Partitions, AJobNeverSpansTwoPartitions) {
  const Epoch now = kMonday + 10 * kHour;
  TestPolicy p = by_submission("RESERVATIONDEPTH 1\n");
  // 4 procs are free now (a1, b1), but 2 in each partition: the 3-task job waits for A's second
  // node, at +1 h, and reserves a2 (busy now, so taken first) and a1 there. The 1-hour 2-task job
  // backfills into a1, A being tried first: it ends when W's reservation begins.
  ClusterSnapshot snap =
      half_busy(now, {J("W").tasks(3).submit(now - 2 * kMinute), J("S").tasks(2).submit(now - kMinute)});
  IterationResult r = iterate(p, snap);
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"S"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "S")->nodes), (std::vector<std::string>{"a1:2"}));
  const Reservation* w = reservation_named(r, ReservationKind::Job, "W");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->start, now + kHour);
  EXPECT_EQ(placed(snap, w->nodes), (std::vector<std::string>{"a1:1", "a2:2"}));

  // On one partition the same cluster starts W now, across a1 and b1.
  ClusterSnapshot one = snap;
  for (auto& n : one.nodes) n.partition = "DEFAULT";
  IterationResult r1 = iterate(p, one);
  ASSERT_NE(start_of(r1, one, "W"), nullptr);
  EXPECT_EQ(node_names_of(one, start_of(r1, one, "W")->nodes), (std::vector<std::string>{"a1", "b1"}));

  // A job larger than every partition never runs, however large the cluster.
  ClusterSnapshot big = half_busy(now, {J("X").tasks(5).submit(now - kMinute)});
  IterationResult rb = iterate(p, big);
  const WaitNote* x = never_runnable(rb, big, "X");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->reason, "needs 5 procs; the largest partition open to it (A) has 4 usable");
}

TEST(Partitions, PlistConfinesAndPdefIsTriedFirst) {
  const Epoch now = kMonday + 10 * kHour;
  TestPolicy p = by_submission("RESERVATIONDEPTH 4\nUSERCFG[bee] PLIST=B\nUSERCFG[pat] PDEF=B\nUSERCFG[cid] PLIST=C\n");
  // Each asks for 2 procs; a1 and b1 are free now.
  ClusterSnapshot snap = half_busy(
      now,
      {J("any").tasks(2).submit(now - 4 * kMinute), J("bee").user("bee").tasks(2).submit(now - 3 * kMinute),
       J("pat").user("pat").tasks(2).submit(now - 2 * kMinute), J("cid").user("cid").tasks(2).submit(now - kMinute)});
  IterationResult r = iterate(p, snap);
  // "any" tries A first (layout order) and takes a1; bee may only use B and takes b1. pat
  // prefers B, now full. It is reserved where it starts soonest: a node frees in A (a1, a2) and
  // in B (b1) at +1 h, and on that tie its PDEF wins.
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"any", "bee"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "any")->nodes), (std::vector<std::string>{"a1:2"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "bee")->nodes), (std::vector<std::string>{"b1:2"}));
  const Reservation* pat = reservation_named(r, ReservationKind::Job, "pat");
  ASSERT_NE(pat, nullptr);
  EXPECT_EQ(pat->start, now + kHour);
  EXPECT_EQ(placed(snap, pat->nodes), (std::vector<std::string>{"b1:2"}));
  const WaitNote* cid = never_runnable(r, snap, "cid");
  ASSERT_NE(cid, nullptr);
  EXPECT_EQ(cid->reason, "no partition of the cluster (A, B) is open to it: its credentials' PLISTs name none of them");

  // pat starts in B when both partitions have room (on b2: LASTAVAILABLE, the default).
  ClusterSnapshot idle = snapshot_of(now, two_partitions(), {J("pat").user("pat").tasks(2).submit(now - kMinute)});
  IterationResult ri = iterate(p, idle);
  ASSERT_NE(start_of(ri, idle, "pat"), nullptr);
  EXPECT_EQ(placed(idle, start_of(ri, idle, "pat")->nodes), (std::vector<std::string>{"b2:2"}));
  // A PLIST confines even on a cluster of one partition: bee's B does not exist there.
  ClusterSnapshot plain = snapshot_of(now, {make_node("n1", 2)}, {J("bee").user("bee").tasks(1).submit(now)});
  IterationResult rp = iterate(p, plain);
  EXPECT_TRUE(rp.starts.empty());
  ASSERT_NE(never_runnable(rp, plain, "bee"), nullptr);
}

TEST(Partitions, TheSimulatorKeepsJobsInsideOnePartition) {
  TestPolicy p = by_submission("NODECFG[a1] PARTITION=A\nNODECFG[a2] PARTITION=A\nNODECFG[n1] PROCS=1\n");
  SimulatedNodes cluster = simulated_nodes(p.dir->policy(), NodeSource{});
  ASSERT_FALSE(cluster.error) << message_of(cluster.error);
  std::vector<Node>& nodes = cluster.nodes;
  ASSERT_EQ(nodes.size(), 3u);
  EXPECT_EQ(nodes[2].partition, "DEFAULT");
  // n1 stays in DEFAULT. Job 1 (2 procs) fits in A only; job 2 (3 procs) fits in no partition.
  const Trace trace =
      trace_of({trace_job(1, 0, kHour, kHour, 2), trace_job(2, 0, kHour, kHour, 3), trace_job(3, 0, kHour, kHour, 1)});
  SimulationResult r = simulate(*p.dir, trace, std::move(nodes));
  ASSERT_EQ(r.jobs.size(), 3u);
  EXPECT_EQ(r.jobs[0].start, Epoch{0});
  EXPECT_EQ(r.jobs[2].start, Epoch{0});  // on n1, beside job 1
  EXPECT_FALSE(r.jobs[1].start.has_value());
  EXPECT_EQ(r.jobs[1].reason, "never runnable: needs 3 procs; the largest partition open to it (A) has 2 usable");
}

}  // namespace
}  // namespace maui::runtime::testing
