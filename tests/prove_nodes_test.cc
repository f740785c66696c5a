// mauic check and the cluster's nodes (checker/prove/world.h, docs/check.md "What the week, the
// nodes and the jobs are"): without a node list the properties about nodes are UNKNOWN with the
// reason; with the nodes of a cluster (any span of runtime::Node: --cluster JOBS.json, a live RM)
// they are about those nodes; priority witnesses stay within the job bounds and say them.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "checker/pipeline.h"
#include "checker/prove/prove.h"
#include "runtime/engine/model.h"

namespace {

using maui::prove::Report;
using maui::prove::Result;
using maui::prove::Status;

Report check(const std::string& text, const std::vector<maui::runtime::Node>& cluster = {}) {
  auto unit = maui::checker::check_text("t.cfg", text);
  maui::prove::Options o;
  o.cluster_name = "cluster.json";
  Report r = maui::prove::check_policy(*unit, o, cluster);
  for (const auto& e : r.internal_errors) ADD_FAILURE() << e;
  return r;
}

const Result* find(const Report& r, std::string_view property, std::string_view check, std::string_view subject) {
  for (const auto& x : r.results)
    if (x.property == property && x.check == check && x.subject == subject) return &x;
  return nullptr;
}

maui::runtime::Node node(std::string name, std::int64_t procs) {
  maui::runtime::Node n;
  n.name = std::move(name);
  n.procs = procs;
  return n;
}

// The UNSW config of the corpus, in short: host-locked reservations by regular expression and
// no NODECFG (the nodes come from the resource manager).
const char* kRegexReservation =
    "SERVERHOST h\nSRCFG[small] CLASSLIST=small PERIOD=INFINITY HOSTLIST=^compute-1-[0-13] ACCESS=DEDICATED\n";

TEST(CheckNodes, WithoutANodeListPlacementIsUnknownWithTheReason) {
  Report r = check(kRegexReservation);
  const Result* p = find(r, "sr-coverage", "placement", "SRCFG[small]");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->status, Status::Unknown);
  EXPECT_EQ(
      p->message,
      "where SRCFG[small] is placed is unknown: the config lists no nodes (no NODECFG): give --cluster JOBS.json");
  // Whether a job of the class can start depends on the nodes the reservation holds.
  const Result* s = find(r, "starvation", "credential", "class small");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->status, Status::Unknown);
  for (const auto& x : r.results) EXPECT_NE(x.status, Status::Violated) << x.message;
  EXPECT_TRUE(r.coverage.empty());
}

TEST(CheckNodes, TheClustersNodesAreTheNodes) {
  // [0-13] is a character class: compute-1-0, -1 and -3 only (lint says so: hostlist-regex-class).
  Report r = check(kRegexReservation, {node("compute-1-0", 4), node("compute-1-1", 4), node("compute-1-3", 4),
                                       node("compute-1-12", 4), node("login", 2)});
  const Result* p = find(r, "sr-coverage", "placement", "SRCFG[small]");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->status, Status::Proved);
  EXPECT_EQ(p->message, "SRCFG[small] can be placed on compute-1-0, compute-1-1, compute-1-3 (always)");
  ASSERT_EQ(r.coverage.size(), 1u);
  EXPECT_EQ(r.coverage[0].text, "class small: always on compute-1-0, compute-1-1, compute-1-3");
  EXPECT_EQ(find(r, "starvation", "credential", "class small")->status, Status::Proved);
  // A HOSTLIST host the cluster lacks is no node: the reservation cannot be placed there.
  Report missing =
      check("SERVERHOST h\nSRCFG[x] HOSTLIST=gone01 PERIOD=INFINITY ACCESS=SHARED USERLIST=ann\n", {node("n01", 4)});
  EXPECT_EQ(find(missing, "sr-coverage", "placement", "SRCFG[x]")->status, Status::Violated);
}

TEST(CheckNodes, NodecfgFillsWhatTheClusterLeavesUnset) {
  // The cluster gives the sizes; NODECFG gives n02 its partition, which PLIST confines class b to.
  Report r = check("SERVERHOST h\nNODECFG[n02] PARTITION=fast PROCS=99\nCLASSCFG[b] PLIST=fast\n",
                   {node("n01", 4), node("n02", 8)});
  const Result* s = find(r, "starvation", "credential", "class b");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->status, Status::Proved);
  EXPECT_NE(s->message.find(" on n02 "), std::string::npos) << s->message;
}

// RESWEIGHT x PROCWEIGHT: 1e8 per proc; the service component adds a point per minute queued.
const char* kProcs = "SERVERHOST h\nRESWEIGHT 1\nPROCWEIGHT 100000000\n";

TEST(CheckNodes, PriorityCapWitnessIsTheSmallestJobWithinTheClusterAndSaysTheBounds) {
  // 16 procs: 10 procs sum 1e9 + minutes queued, past the cap (1e9) after one minute; 9 procs
  // stay below it for a year (9e8 + 525,600).
  Report r = check(kProcs, {node("n01", 4), node("n02", 4), node("n03", 4), node("n04", 4)});
  const Result* cap = find(r, "priority-bounds", "priority-cap", "total priority");
  ASSERT_NE(cap, nullptr);
  EXPECT_EQ(cap->status, Status::Violated);
  EXPECT_EQ(
      cap->message,
      "a job's priority can pass the 1e9 cap, where jobs stop being ordered: any job (10 procs, walltime 1:00:00, "
      "queued 0:01:00) sums to 1000000001; jobs bounded by at most 16 procs (the 4 nodes of cluster.json), walltime "
      "0:01:00 to 365 days (no SYSTEMMAXJOBWALLTIME), queued at most 365 days");
}

TEST(CheckNodes, PriorityCapOnASmallClusterIsProved) {
  Report r = check(std::string(kProcs) + "NODECFG[DEFAULT] PROCS=4\nNODECFG[n01]\nNODECFG[n02]\n");
  const Result* cap = find(r, "priority-bounds", "priority-cap", "total priority");
  ASSERT_NE(cap, nullptr);
  EXPECT_EQ(cap->status, Status::Proved);
  EXPECT_EQ(cap->message,
            "no job's priority reaches the 1e9 cap (at most 800525600; jobs bounded by at most 8 procs (the 2 nodes of "
            "the config), walltime 0:01:00 to 365 days (no SYSTEMMAXJOBWALLTIME), queued at most 365 days)");
}

TEST(CheckNodes, PriorityCapThatNeedsASizeIsUnknownWithoutNodes) {
  Report r = check(kProcs);
  const Result* cap = find(r, "priority-bounds", "priority-cap", "total priority");
  ASSERT_NE(cap, nullptr);
  EXPECT_EQ(cap->status, Status::Unknown);
  EXPECT_EQ(
      cap->message,
      "whether a job's priority can reach the 1e9 cap depends on how many procs a job may ask for (no one-proc job "
      "reaches it): the config lists no nodes (no NODECFG): give --cluster JOBS.json");
  // SYSTEMMAXPROCPERJOB bounds the size without nodes.
  Report bounded = check(std::string(kProcs) + "SYSTEMMAXPROCPERJOB 9\n");
  EXPECT_EQ(find(bounded, "priority-bounds", "priority-cap", "total priority")->status, Status::Proved);
}

}  // namespace
