// Where a job may run at all (runtime/engine/node_fit.h, docs/semantics.md 134-136): the classes
// a node runs (Slurm's partition node lists), the features a job asks for (Slurm's
// --constraint), and a job that holds its nodes whole by itself (Slurm's --exclusive).
#include <gtest/gtest.h>

#include "runtime/engine/easy_fast_path.h"
#include "runtime/engine/node_fit.h"
#include "tests/schedule_support.h"

namespace maui::runtime::testing {
namespace {

// Jobs ordered by submission; FIRSTAVAILABLE, so that a job free to go anywhere takes n1 first.
TestPolicy first_available() {
  return compile_policy(
      "QUEUETIMEWEIGHT 1\nXFACTORWEIGHT 0\nFSPOLICY NONE\nJOBPRIOACCRUALPOLICY ALWAYS\n"
      "NODEALLOCATIONPOLICY FIRSTAVAILABLE\n");
}

Node with_classes(std::string name, std::int64_t procs, std::vector<std::string> classes) {
  Node n = make_node(std::move(name), procs);
  n.classes = std::move(classes);
  return n;
}

const WaitNote* never_runnable(const IterationResult& r, const ClusterSnapshot& snap, std::string_view id) {
  for (const auto& n : r.never_runnable)
    if (n.job == job_index(snap, id)) return &n;
  return nullptr;
}

bool holds_node(const ClusterSnapshot& snap, const std::vector<NodeTasks>& nodes, std::string_view name) {
  const auto names = node_names_of(snap, nodes);
  return std::find(names.begin(), names.end(), name) != names.end();
}

TEST(NodeFit, RunsOnItsClassesNodesWithItsFeatures) {
  const Node open = make_node("n0", 1);
  const Node batch = with_classes("n1", 1, {"batch", "long"});
  Node fast = node_with("n2", 1, {"fast", "gpu"});
  EXPECT_TRUE(runs_on(J("a").job_class("debug"), open));  // no classes: every class
  EXPECT_TRUE(runs_on(J("a").job_class("long"), batch));
  EXPECT_FALSE(runs_on(J("a").job_class("debug"), batch));
  EXPECT_TRUE(runs_on(J("a").job_class(""), batch));            // no class (showbf without -c): not confined
  EXPECT_TRUE(runs_on(J("a").job_class("debug,long"), batch));  // Slurm's -p debug,long: either
  EXPECT_FALSE(runs_on(J("a").job_class("debug,short"), batch));
  EXPECT_TRUE(runs_on(J("a").feature("gpu").feature("fast"), fast));
  EXPECT_FALSE(runs_on(J("a").feature("gpu").feature("big"), fast));  // every feature, not one
  EXPECT_FALSE(runs_on(J("a").feature("gpu"), open));
}

// n1 runs batch only, n2 debug only, n3 every class; 4 procs each.
TEST(NodeFit, AClassRunsOnlyOnItsNodes) {
  const Epoch now = kMonday + 10 * kHour;
  const TestPolicy p = first_available();
  ClusterSnapshot snap = snapshot_of(
      now, {with_classes("n1", 4, {"batch"}), with_classes("n2", 4, {"debug"}), make_node("n3", 4)},
      {J("A").job_class("debug").tasks(4).submit(now - 4 * kMinute),
       J("B").job_class("debug").tasks(4).submit(now - 3 * kMinute),
       J("C").job_class("debug").submit(now - 2 * kMinute), J("D").job_class("batch").submit(now - kMinute)});
  const IterationResult r = iterate(p, snap);
  // A passes n1 by (batch's) for n2, B takes n3; C finds n1 free but not its class's and waits
  // for A or B to end in an hour; D, of batch, starts on n1.
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"A", "B", "D"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "A")->nodes), (std::vector<std::string>{"n2:4"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "B")->nodes), (std::vector<std::string>{"n3:4"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "D")->nodes), (std::vector<std::string>{"n1:1"}));
  const Reservation* c = reservation_named(r, ReservationKind::Job, "C");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->start, now + kHour);
  EXPECT_FALSE(holds_node(snap, c->nodes, "n1"));
}

TEST(NodeFit, AClassWithoutEnoughNodesNeverRuns) {
  const Epoch now = kMonday + 10 * kHour;
  const TestPolicy p = first_available();
  ClusterSnapshot snap = snapshot_of(
      now, {with_classes("n1", 4, {"batch"}), with_classes("n2", 4, {"debug"}), with_classes("n3", 4, {"debug"})},
      {J("gpu").job_class("gpu").submit(now - 2 * kMinute), J("wide").job_class("debug").tasks(9).submit(now - kMinute),
       J("fits").job_class("debug").tasks(8).submit(now)});
  const IterationResult r = iterate(p, snap);
  const WaitNote* gpu = never_runnable(r, snap, "gpu");
  ASSERT_NE(gpu, nullptr);
  EXPECT_EQ(gpu->reason, "no node of the cluster runs its class gpu");
  const WaitNote* wide = never_runnable(r, snap, "wide");
  ASSERT_NE(wide, nullptr);
  EXPECT_EQ(wide->reason, "needs 9 procs; the 2 node(s) for its class debug have 8 usable");
  EXPECT_EQ(never_runnable(r, snap, "fits"), nullptr);
  EXPECT_EQ(placed(snap, start_of(r, snap, "fits")->nodes), (std::vector<std::string>{"n2:4", "n3:4"}));
}

// n1 fast, n2 fast and gpu, n3 nothing; 4 procs each.
TEST(NodeFit, AJobGoesOnlyWhereEveryFeatureItAsksIs) {
  const Epoch now = kMonday + 10 * kHour;
  const TestPolicy p = first_available();
  ClusterSnapshot snap = snapshot_of(
      now, {node_with("n1", 4, {"fast"}), node_with("n2", 4, {"fast", "gpu"}), make_node("n3", 4)},
      {J("F").feature("gpu").submit(now - 5 * kMinute), J("G").feature("fast").tasks(7).submit(now - 4 * kMinute),
       J("H").feature("fast").submit(now - 3 * kMinute),
       J("K").feature("fast").feature("gpu").feature("big").submit(now - 2 * kMinute), J("L").submit(now - kMinute)});
  const IterationResult r = iterate(p, snap);
  // F takes n2 (the only gpu node), G the 7 procs left on the fast nodes; H finds only n3 free,
  // which is not fast, and waits an hour; L, asking nothing, takes n3.
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"F", "G", "L"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "F")->nodes), (std::vector<std::string>{"n2:1"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "G")->nodes), (std::vector<std::string>{"n1:4", "n2:3"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "L")->nodes), (std::vector<std::string>{"n3:1"}));
  const Reservation* h = reservation_named(r, ReservationKind::Job, "H");
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(h->start, now + kHour);
  EXPECT_FALSE(holds_node(snap, h->nodes, "n3"));
  const WaitNote* k = never_runnable(r, snap, "K");
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->reason, "no node of the cluster runs its features fast&gpu&big");
}

// R (shared, 1 task) runs on n1 of two 4-proc nodes.
TEST(NodeFit, AnExclusiveJobHoldsItsNodesWhole) {
  const Epoch now = kMonday + 10 * kHour;
  const TestPolicy p = first_available();
  ClusterSnapshot snap = snapshot_of(now, {make_node("n1", 4), make_node("n2", 4)},
                                     {running_on(J("R").walltime(kHour), now - 30 * kMinute, {"n1"}),
                                      J("X").exclusive().submit(now - 2 * kMinute), J("S").submit(now - kMinute)});
  IterationResult r = iterate(p, snap);
  // X passes n1 by (R runs there) for the empty n2; S then passes X's n2 by and joins R.
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"X", "S"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "X")->nodes), (std::vector<std::string>{"n2:1"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "S")->nodes), (std::vector<std::string>{"n1:1"}));
  // Running, X still keeps n2 to itself: T and U go to n1 beside R, V waits for a free proc.
  ClusterSnapshot later =
      snapshot_of(now, {make_node("n1", 4), make_node("n2", 4)},
                  {running_on(J("R").walltime(kHour), now - 30 * kMinute, {"n1"}),
                   running_on(J("X").exclusive().walltime(2 * kHour), now - kMinute, {"n2"}),
                   J("T").tasks(2).submit(now - 2 * kMinute), J("U").submit(now - kMinute), J("V").submit(now)});
  r = iterate(p, later);
  EXPECT_EQ(started_ids(r, later), (std::vector<std::string>{"T", "U"}));
  EXPECT_EQ(placed(later, start_of(r, later, "T")->nodes), (std::vector<std::string>{"n1:2"}));
  const Reservation* v = reservation_named(r, ReservationKind::Job, "V");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->start, now + 30 * kMinute);  // when R ends, on n1
  EXPECT_EQ(placed(later, v->nodes), (std::vector<std::string>{"n1:1"}));
}

// Five nodes of 2 procs, R running on n2. A job of 4 tasks that may go anywhere takes n1 and n3
// (FIRSTAVAILABLE); one that needs neighbours cannot use n1, alone between the edge and R: of
// n3-n5 it takes the fewest nodes that hold it, the first ones, n3 and n4.
TEST(NodeFit, AContiguousJobTakesTheFewestNeighbouringNodes) {
  const Epoch now = kMonday + 10 * kHour;
  const TestPolicy p = first_available();
  std::vector<Node> nodes;
  for (const char* n : {"n1", "n2", "n3", "n4", "n5"}) nodes.push_back(make_node(n, 2));
  const Job r = running_on(J("R").tasks(2).walltime(kHour), now - 30 * kMinute, {"n2"});
  ClusterSnapshot anywhere = snapshot_of(now, nodes, {r, J("C").tasks(4).submit(now - 2 * kMinute)});
  IterationResult res = iterate(p, anywhere);
  ASSERT_NE(start_of(res, anywhere, "C"), nullptr);
  EXPECT_EQ(placed(anywhere, start_of(res, anywhere, "C")->nodes), (std::vector<std::string>{"n1:2", "n3:2"}));
  ClusterSnapshot snap = snapshot_of(now, nodes,
                                     {r, J("C").tasks(4).contiguous().submit(now - 2 * kMinute),
                                      J("D").tasks(2).submit(now - kMinute), J("E").tasks(4).contiguous().submit(now)});
  res = iterate(p, snap);
  // D, free to go anywhere, takes n1; E finds only n5 left, 2 of its 4 tasks.
  EXPECT_EQ(started_ids(res, snap), (std::vector<std::string>{"C", "D"}));
  EXPECT_EQ(placed(snap, start_of(res, snap, "C")->nodes), (std::vector<std::string>{"n3:2", "n4:2"}));
  EXPECT_EQ(placed(snap, start_of(res, snap, "D")->nodes), (std::vector<std::string>{"n1:2"}));
}

// n1 has no GPU, n2 one, n3 two; 4 procs each. R (1 GPU) runs on n3.
TEST(NodeFit, AGpuJobGoesOnlyWhereItsGpusAreFree) {
  const Epoch now = kMonday + 10 * kHour;
  const TestPolicy p = first_available();
  std::vector<Node> nodes{make_node("n1", 4), make_node("n2", 4), make_node("n3", 4)};
  nodes[1].gres = {{"gpu", 1}};
  nodes[2].gres = {{"gpu", 2}};
  auto gpus = [](J j, std::int64_t n) {
    Job job = j;
    job.gres_per_node = {{"gpu", n}};
    return job;
  };
  Job r = running_on(J("R").walltime(kHour), now - 30 * kMinute, {"n3"});
  r.gres_per_node = {{"gpu", 1}};
  ClusterSnapshot snap =
      snapshot_of(now, nodes,
                  {r, gpus(J("A").submit(now - 4 * kMinute), 1), gpus(J("B").submit(now - 3 * kMinute), 1),
                   gpus(J("C").submit(now - 2 * kMinute), 1), gpus(J("W").submit(now - kMinute), 3)});
  const IterationResult res = iterate(p, snap);
  // A takes n2's GPU (n1 has none), B the GPU R leaves free on n3; C finds none free now.
  EXPECT_EQ(started_ids(res, snap), (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(placed(snap, start_of(res, snap, "A")->nodes), (std::vector<std::string>{"n2:1"}));
  EXPECT_EQ(placed(snap, start_of(res, snap, "B")->nodes), (std::vector<std::string>{"n3:1"}));
  const WaitNote* w = never_runnable(res, snap, "W");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->reason, "no node of the cluster runs its gres gpu:3 a node");
}

TEST(NodeFit, TheEasyFastPathLeavesConfinedJobsToTheIteration) {
  const TestPolicy p =
      compile_policy("BACKFILLPOLICY FIRSTFIT\nRESERVATIONPOLICY CURRENTHIGHEST\nRESERVATIONDEPTH 1\n");
  std::vector<Node> nodes{make_node("n1", 1), make_node("n2", 1)};
  ASSERT_EQ(EasyFastPath::refusal(*p.dir, nodes), "");
  nodes[1].classes = {"debug"};
  EXPECT_EQ(EasyFastPath::refusal(*p.dir, nodes), "node n2 runs only some classes");
  nodes[1].classes.clear();
  EasyFastPath fast(*p.dir, nodes);
  for (const Job& asks : std::vector<Job>{J("f").feature("gpu"), J("x").exclusive(), J("c").contiguous()}) {
    const ClusterSnapshot snap = snapshot_of(kMonday, nodes, {asks});
    SchedulerInput in;
    in.dir = p.dir.get();
    in.snapshot = &snap;
    EXPECT_FALSE(fast.iterate(in)) << asks.id;
  }
}

// Every backfill policy, node allocation and reservation depth on random queues over nodes of
// mixed classes and features: no start and no job reservation on a node the job may not run on,
// and nothing beside an exclusive job.
TEST(NodeFit, NoPlacementPathGoesWhereAJobMayNotRun) {
  const Epoch now = kMonday + 10 * kHour;
  const std::vector<std::vector<std::string>> classes{{}, {"batch"}, {"debug"}, {"batch", "debug"}};
  const std::vector<std::vector<std::string>> features{{}, {"fast"}, {"gpu"}, {"fast", "gpu"}};
  Rng rng{32};
  std::int64_t starts = 0, reservations = 0, exclusive_starts = 0;
  for (const char* backfill : {"NONE", "FIRSTFIT", "BESTFIT", "GREEDY"})
    for (const char* allocation : {"FIRSTAVAILABLE", "LASTAVAILABLE", "MINRESOURCE"})
      for (const char* depth : {"1", "4"}) {
        const TestPolicy p =
            compile_policy(lines({"QUEUETIMEWEIGHT 1\nBACKFILLPOLICY ", backfill, "\nNODEALLOCATIONPOLICY ", allocation,
                                  "\nRESERVATIONDEPTH ", depth, "\n"}));
        for (int round = 0; round < 10; ++round) {
          std::vector<Node> nodes;
          for (int n = 0; n < 6; ++n) {
            Node node = node_with(lines({"n", std::to_string(n)}), 4, features[rng.in(0, 3)]);
            node.classes = classes[rng.in(0, 3)];
            nodes.push_back(node);
          }
          std::vector<Job> jobs;
          for (int n = 0; n < 6; ++n)
            if (rng.in(0, 2) == 0) {
              J r = J(lines({"r", std::to_string(n)})).walltime(rng.in(1, 4) * kHour);
              if (rng.in(0, 2) == 0) r.exclusive();
              jobs.push_back(running_on(r, now - kMinute, {nodes[n].name}));
            }
          for (int k = 0; k < 20; ++k) {
            J j = J(lines({"q", std::to_string(k)}))
                      .job_class(rng.in(0, 1) ? "batch" : "debug")
                      .tasks(rng.in(1, 6))
                      .walltime(rng.in(1, 3) * kHour)
                      .submit(now - 100 + k);
            if (rng.in(0, 2) == 0) j.feature(rng.in(0, 1) ? "fast" : "gpu");
            if (rng.in(0, 3) == 0) j.exclusive();
            jobs.push_back(j);
          }
          const ClusterSnapshot snap = snapshot_of(now, nodes, jobs);
          const IterationResult r = iterate(p, snap);
          SCOPED_TRACE(lines({backfill, " ", allocation, " ", depth, " round ", std::to_string(round)}));
          std::vector<std::vector<std::size_t>> on_node(nodes.size());  // jobs started or running there
          for (std::size_t i = 0; i < snap.jobs.size(); ++i)
            if (snap.jobs[i].is_active()) on_node[*snap.find_node(snap.jobs[i].allocated_nodes[0])].push_back(i);
          for (const auto& st : r.starts) {
            ++starts;
            exclusive_starts += snap.jobs[st.job].exclusive;
            for (const auto& nt : st.nodes) {
              EXPECT_TRUE(runs_on(snap.jobs[st.job], snap.nodes[nt.node]))
                  << snap.jobs[st.job].id << " on " << snap.nodes[nt.node].name;
              on_node[nt.node].push_back(st.job);
            }
          }
          for (std::size_t n = 0; n < nodes.size(); ++n) {
            for (std::size_t i : on_node[n]) {
              if (snap.jobs[i].exclusive) {
                EXPECT_EQ(on_node[n].size(), 1u) << snap.jobs[i].id << " shares " << nodes[n].name;
              }
            }
          }
          for (const auto& res : r.reservations)
            if (res.kind == ReservationKind::Job) {
              ++reservations;
              for (const auto& nt : res.nodes)
                EXPECT_TRUE(runs_on(snap.jobs[res.job], snap.nodes[nt.node]))
                    << res.name << " reserved on " << snap.nodes[nt.node].name;
            }
          if (::testing::Test::HasFailure()) return;
        }
      }
  // The checks above checked something.
  EXPECT_GT(starts, 500);
  EXPECT_GT(exclusive_starts, 50);
  EXPECT_GT(reservations, 100);
}

}  // namespace
}  // namespace maui::runtime::testing
