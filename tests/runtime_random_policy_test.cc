// Whole random policies on random traces through the real simulator (runtime/rm/sim/simulator.h): the
// other property tests vary one feature on a fixed policy; these vary everything at once --
// priority weights, fairshare, limits, QOS flags and access lists, partitions, node access,
// preemption, standing and administrative reservations with ACLs, owners and features, backfill
// and allocation policies, reservation depth groups --
// and check what must hold whatever the policy:
//   - the simulated RM never refuses a start (it refuses any over-full node, unknown node or
//     wrong task count: runtime/rm/sim/simulated_cluster.h), and procs in use never exceed the
//     cluster's;
//   - node by node, from the simulator's start and requeue events: no node holds more tasks
//     than procs, a whole-node job shares no node, SINGLETASK puts one task on each, a
//     SINGLEUSER job shares nodes with jobs of its user only, no node runs more jobs at once than
//     its NODECFG MAXJOB, and no job spans two partitions;
//   - every job either ran min(run, requested) seconds, starting after its submission, or has a
//     reason it never started; the metrics count them alike;
//   - the same inputs give the same schedule, warnings included;
//   - skipping the iterations that cannot start anything changes nothing;
//   - a live RM's fresh snapshots (the cycle's memory kept by name) and restarts of the
//     scheduler from its saved memory change nothing either.
// Each case prints its config on failure (SCOPED_TRACE), so that it can be replayed with
// `mauirun simulate`.
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "checker/pipeline.h"
#include "runtime/engine/credentials.h"
#include "runtime/rm/sim/run_log.h"
#include "runtime/rm/sim/simulator.h"
#include "tests/live_view_support.h"
#include "tests/schedule_support.h"

namespace maui::runtime::testing {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr int kCases = 40;
#else
constexpr int kCases = 300;
#endif

struct Generator {
  Rng rng;
  bool chance(int percent) { return rng.in(1, 100) <= percent; }
  template <class T>
  const T& pick(const std::vector<T>& from) {
    return from[static_cast<std::size_t>(rng.in(0, static_cast<std::int64_t>(from.size()) - 1))];
  }
  std::string pick(std::initializer_list<const char*> from) {
    return pick(std::vector<std::string>(from.begin(), from.end()));
  }
};

// A random but valid maui.cfg over 12 NODECFG nodes n01..n12, users u1..u4, groups g1..g2,
// classes q1..q2 (what the trace below submits).
std::string random_config(Generator& g) {
  std::string c = "SERVERHOST test\nRMPOLLINTERVAL 00:01:00\n";
  auto line = [&](std::string text) { c += text + "\n"; };

  // Priority and fairshare.
  line(fmt::format("QUEUETIMEWEIGHT {}", g.rng.in(0, 10)));
  line(fmt::format("XFACTORWEIGHT {}", g.rng.in(0, 100)));
  line(fmt::format("CREDWEIGHT {}", g.rng.in(0, 2)));
  line(fmt::format("USERWEIGHT {}", g.rng.in(0, 10)));
  line(fmt::format("QOSWEIGHT {}", g.rng.in(0, 10)));
  line("JOBPRIOACCRUALPOLICY " + g.pick({"ALWAYS", "QUEUEPOLICY", "FULLPOLICY"}));
  const std::string fs = g.pick({"NONE", "DEDICATEDPS", "DEDICATEDPES", "UTILIZEDPS"});
  line("FSPOLICY " + fs);
  if (fs != "NONE") {
    line(fmt::format("FSWEIGHT {}", g.rng.in(1, 5)));
    line(fmt::format("FSUSERWEIGHT {}", g.rng.in(0, 20)));
    line(fmt::format("FSGROUPWEIGHT {}", g.rng.in(0, 20)));
    line(fmt::format("FSINTERVAL {:02}:00:00", g.rng.in(1, 12)));
    line(fmt::format("FSDEPTH {}", g.rng.in(1, 6)));
    line(fmt::format("FSDECAY 0.{}", g.rng.in(5, 9)));
    line(fmt::format("USERCFG[u1] FSTARGET={}{}", g.rng.in(5, 50), g.pick({"", "+", "-", "^"})));
    line(fmt::format("GROUPCFG[g2] FSTARGET={}", g.rng.in(5, 50)));
    if (g.chance(30)) line(fmt::format("USERCFG[u2] FSCAP={}", g.rng.in(5, 40)));
  }

  // Scheduling.
  line("BACKFILLPOLICY " + g.pick({"FIRSTFIT", "BESTFIT", "GREEDY", "NONE"}));
  line("BACKFILLMETRIC " + g.pick({"PROCS", "NODES", "PROCSECONDS", "SECONDS"}));
  line(fmt::format("RESERVATIONDEPTH {}", g.rng.in(0, 4)));
  line("RESERVATIONPOLICY " + g.pick({"CURRENTHIGHEST", "HIGHEST", "NEVER"}));
  if (g.chance(20)) {
    line("RESERVATIONQOSLIST[0] hi");
    line(fmt::format("RESERVATIONDEPTH[1] {}", g.rng.in(0, 2)));
    line("RESERVATIONQOSLIST[1] [ALL]");
  }
  if (g.chance(20)) line(fmt::format("BACKFILLDEPTH {}", g.rng.in(1, 5)));
  if (g.chance(15)) {
    line("RESERVATIONTHRESHOLDTYPE " + g.pick({"BYPASS", "QUEUETIME", "XFACTOR"}));
    line(fmt::format("RESERVATIONTHRESHOLDVALUE {}", g.rng.in(0, 3)));
  }
  line("NODEALLOCATIONPOLICY " + g.pick({"FIRSTAVAILABLE", "LASTAVAILABLE", "MINRESOURCE", "PRIORITY"}));
  if (g.chance(25)) {
    line(fmt::format("BFCHUNKSIZE {}", g.rng.in(2, 8)));
    line(fmt::format("BFCHUNKDURATION 00:{:02}:00", g.rng.in(1, 30)));
  }
  if (g.chance(30)) line("NODEACCESSPOLICY " + g.pick({"SHARED", "SINGLEJOB", "SINGLETASK", "SINGLEUSER"}));
  if (g.chance(20)) line("CLASSCFG[q2] NODEACCESSPOLICY=" + g.pick({"SINGLEJOB", "SINGLETASK", "SINGLEUSER"}));

  // Limits.
  if (g.chance(50)) line(fmt::format("USERCFG[DEFAULT] MAXJOB={},{}", g.rng.in(1, 3), g.rng.in(3, 6)));
  if (g.chance(40)) line(fmt::format("USERCFG[u3] MAXPROC={}", g.rng.in(2, 12)));
  if (g.chance(30)) line(fmt::format("GROUPCFG[g1] MAXPS={}", g.rng.in(1, 20) * 3600));
  if (g.chance(30)) line(fmt::format("CLASSCFG[q1] MAXPROC={},{}", g.rng.in(2, 6), g.rng.in(6, 16)));
  if (g.chance(20)) line(fmt::format("USERCFG[u4] MAXIJOB={}", g.rng.in(1, 3)));
  if (g.chance(15)) line(fmt::format("SYSTEMMAXJOBWALLTIME {:02}:00:00", g.rng.in(2, 10)));
  if (g.chance(20)) line(fmt::format("GROUPCFG[g2] MAXJOB={}", g.rng.in(1, 4)));
  if (g.chance(20)) line(fmt::format("CLASSCFG[q2] MAXIJOB={}", g.rng.in(1, 3)));
  if (g.chance(15)) line(fmt::format("QOSCFG[lo] MAXPROC={}", g.rng.in(2, 16)));

  // QOS: flags, access lists and preemption.
  line(fmt::format("QOSCFG[hi] PRIORITY={} QFLAGS={}", g.rng.in(0, 1000),
                   g.pick({"PREEMPTOR", "NOBF", "DEDICATED", "IGNMAXJOB", "NORESERVATION", "PREEMPTOR,IGNMAXJOB"})));
  line(fmt::format("QOSCFG[lo] PRIORITY={} QFLAGS={}", g.rng.in(0, 100),
                   g.pick({"PREEMPTEE", "NOBF", "PREEMPTEE,NORESERVATION", "DEDICATED"})));
  if (g.chance(30)) line(fmt::format("QOSCFG[hi] MAXJOB={}", g.rng.in(1, 4)));
  line("USERCFG[u1] QLIST=hi,lo QDEF=hi");
  line("USERCFG[DEFAULT] QDEF=lo");
  if (g.chance(50)) line("GROUPCFG[g2] QLIST=hi");

  // Nodes, perhaps in two partitions, and who may use which.
  const bool partitioned = g.chance(30);
  for (int i = 1; i <= 12; ++i) {
    std::string node = fmt::format("NODECFG[n{:02}] RESOURCES=PROCS:{}", i, g.rng.in(1, 4));
    if (g.chance(30)) node += fmt::format(";MEM:{}", g.rng.in(1, 8) * 512);
    if (partitioned) node += i <= 6 ? " PARTITION=A" : " PARTITION=B";
    if (g.chance(20)) node += fmt::format(" PRIORITY={}", g.rng.in(0, 10));
    if (g.chance(30)) node += " FEATURES=" + g.pick({"fast", "big", "fast:big"});
    if (g.chance(15)) node += fmt::format(" MAXJOB={}", g.rng.in(1, 2));
    line(node);
  }
  if (g.chance(20)) line(fmt::format("NODECFG[DEFAULT] MAXJOB={}", g.rng.in(1, 3)));
  if (partitioned) {
    if (g.chance(50)) line("USERCFG[u2] PLIST=A");
    if (g.chance(50)) line("CLASSCFG[q2] PLIST=A,B PDEF=B");
  }

  // Standing reservations.
  const int standing = static_cast<int>(g.rng.in(0, 3));
  for (int r = 0; r < standing; ++r) {
    std::string sr = fmt::format("SRCFG[s{}]", r);
    if (g.chance(10)) {
      sr += fmt::format(" HOSTLIST=^n0[{}-{}]$", g.rng.in(1, 4), g.rng.in(5, 9));
    } else if (g.chance(50)) {
      const auto first = g.rng.in(1, 10);
      sr += fmt::format(" HOSTLIST=n[{:02}-{:02}]", first, first + g.rng.in(0, 2));
    } else {
      sr += fmt::format(" TASKCOUNT={}", g.rng.in(1, 6));
    }
    const std::string period = g.pick({"DAY", "WEEK", "INFINITY"});
    sr += " PERIOD=" + period;
    if (period != "INFINITY") {
      const auto start = g.rng.in(0, 22);
      sr += fmt::format(" STARTTIME={:02}:00:00 ENDTIME={:02}:00:00", start, g.rng.in(start + 1, 23));
      if (period == "DAY" && g.chance(50)) sr += " DAYS=MON,WED,FRI";
      if (g.chance(30)) sr += fmt::format(" DEPTH={}", g.rng.in(1, 4));
    }
    sr += " " + g.pick({"USERLIST=u1", "GROUPLIST=g2", "CLASSLIST=q1", "QOSLIST=hi", "USERLIST=u1,u2 CLASSLIST=q2-",
                        "USERLIST=!u3", "JOBATTRLIST=PREEMPTEE", "USERLIST=u4+", ""});
    if (g.chance(30)) sr += " ACCESS=" + g.pick({"SHARED", "DEDICATED"});
    if (g.chance(30)) sr += fmt::format(" TIMELIMIT={:02}:00:00{}", g.rng.in(1, 4), g.pick({"", "*"}));
    if (g.chance(20)) sr += " OWNER=USER:u2 FLAGS=OWNERPREEMPT";
    if (g.chance(20)) sr += fmt::format(" PRIORITY={}", g.rng.in(1, 100));
    if (g.chance(20)) sr += " NODEFEATURES=" + g.pick({"fast", "big"});
    if (g.chance(20)) sr += fmt::format(" RESOURCES=PROCS:{}{}", g.pick({"1", "2", "-1"}), g.pick({"", ";MEM:512"}));
    if (partitioned && g.chance(30)) sr += " PARTITION=" + g.pick({"A", "B", "ALL"});
    if (g.chance(15)) sr += fmt::format(" TPN={}", g.rng.in(1, 2));
    line(sr);
  }
  return c;
}

// 60 jobs over about a day and a half on the config's nodes: mostly small, some wide, some
// longer than their limit, some submitted together.
Trace random_trace(Generator& g) {
  Trace t;
  Epoch submit = 0;
  for (int i = 1; i <= 60; ++i) {
    submit += g.chance(25) ? 0 : g.rng.in(1, 2400);
    const Seconds requested = g.rng.in(1, 48) * 5 * kMinute;
    const Seconds run = g.chance(15) ? requested + g.rng.in(1, 600) : g.rng.in(0, requested);
    const std::int64_t procs = g.chance(80) ? g.rng.in(1, 4) : g.rng.in(5, 20);
    TraceJob j = trace_job(i, submit, run, requested, procs, fmt::format("u{}", g.rng.in(1, 4)));
    j.group = fmt::format("g{}", g.rng.in(1, 2));
    j.job_class = fmt::format("q{}", g.rng.in(1, 2));
    t.jobs.push_back(std::move(j));
  }
  // A Monday, so that DAYS and the week's periods are met.
  t.unix_start_time = kMonday;
  return t;
}

void expect_same_outcomes(const SimulationResult& a, const SimulationResult& b, const char* what) {
  ASSERT_EQ(a.jobs.size(), b.jobs.size()) << what;
  for (std::size_t i = 0; i < a.jobs.size(); ++i) {
    const JobOutcome &x = a.jobs[i], &y = b.jobs[i];
    EXPECT_TRUE(x.start == y.start && x.end == y.end && x.backfilled == y.backfilled && x.preempted == y.preempted &&
                x.qos == y.qos && x.reason == y.reason)
        << what << ": job " << x.number << " started " << x.start.value_or(-1) << " / " << y.start.value_or(-1)
        << ", ended " << x.end << " / " << y.end << ", backfilled " << x.backfilled << " / " << y.backfilled
        << ", preempted " << x.preempted << " / " << y.preempted << ", reason '" << x.reason << "' / '" << y.reason
        << "'";
  }
  EXPECT_EQ(a.warnings, b.warnings) << what;
}

// Node by node, over time: the runs' tasks fit the node's procs; a job that takes whole nodes
// (QOS DEDICATED, NODEACCESSPOLICY SINGLEJOB / SINGLETASK of its class or the cluster) shares
// none, and SINGLETASK puts one task on each; a SINGLEUSER job shares nodes with its user's
// jobs only; a node runs at most its MAXJOB jobs at once; no job spans two partitions. Counts
// the runs that took whole nodes, those that were SINGLEUSER, and those on a node with a MAXJOB.
struct AccessRuns {
  std::int64_t whole = 0, single_user = 0, job_limited = 0;
};
AccessRuns expect_runs_keep_to_their_nodes(const std::vector<JobRun>& runs, const SimulationResult& r,
                                           const Trace& trace, const std::vector<Node>& nodes,
                                           const CredentialDirectory& dir) {
  std::map<std::int64_t, std::size_t> position;
  for (std::size_t i = 0; i < trace.jobs.size(); ++i) position[trace.jobs[i].number] = i;
  std::map<std::string, const Node*> node;
  for (const auto& n : nodes) node[n.name] = &n;
  struct Use {
    Epoch start, end;
    std::int64_t job, tasks;
    bool whole;
    std::string_view user;
    bool single_user;
  };
  std::map<std::string, std::vector<Use>> on;
  AccessRuns counted;
  for (const auto& run : runs) {
    const std::size_t i = position.at(run.job);
    const TraceJob& t = trace.jobs[i];
    const NodeAccess access = dir.node_access(r.jobs[i].job_class, r.jobs[i].qos);
    const Epoch end = run.requeued.value_or(run.start + std::min(t.run, t.requested));
    std::set<std::string> partitions;
    for (const auto& [name, tasks] : run.nodes) {
      if (access == NodeAccess::SingleTask) {
        EXPECT_EQ(tasks, 1) << "SINGLETASK job " << run.job << " on " << name;
      }
      partitions.insert(node.at(name)->partition);
      on[name].push_back(
          {run.start, end, run.job, tasks, whole_nodes(access), t.user, access == NodeAccess::SingleUser});
    }
    EXPECT_EQ(partitions.size(), 1u) << "job " << run.job << " spans partitions";
    counted.whole += whole_nodes(access);
    counted.single_user += access == NodeAccess::SingleUser;
  }
  for (const auto& [name, uses] : on) {
    for (std::size_t a = 0; a < uses.size(); ++a) {
      if (uses[a].end <= uses[a].start) continue;  // a run of 0 s holds nothing
      std::int64_t tasks = 0, jobs = 0;            // at uses[a].start
      for (std::size_t b = 0; b < uses.size(); ++b) {
        if (uses[b].start > uses[a].start || uses[b].end <= uses[a].start) continue;
        tasks += uses[b].tasks;
        ++jobs;
        if (b != a && (uses[a].whole || uses[b].whole))
          ADD_FAILURE() << "jobs " << uses[a].job << " and " << uses[b].job << " share " << name << " at "
                        << uses[a].start << ", one of them taking whole nodes";
        if (uses[a].user != uses[b].user && (uses[a].single_user || uses[b].single_user))
          ADD_FAILURE() << "jobs " << uses[a].job << " of " << uses[a].user << " and " << uses[b].job << " of "
                        << uses[b].user << " share " << name << " at " << uses[a].start << ", one of them SINGLEUSER";
      }
      EXPECT_LE(tasks, node.at(name)->procs) << name << " at " << uses[a].start;
      if (const std::int64_t limit = node.at(name)->max_jobs; limit > 0) {
        EXPECT_LE(jobs, limit) << name << " at " << uses[a].start << " runs more jobs than its MAXJOB";
        ++counted.job_limited;
      }
    }
  }
  return counted;
}

TEST(RandomPolicies, EveryPolicyRunsEveryJobWithinTheClusterOrSaysWhyNot) {
  std::int64_t started = 0, never = 0, preempted = 0, backfilled = 0, whole_checked = 0, single_user_checked = 0,
               job_limited_checked = 0, restarts = 0;
  for (int seed = 1; seed <= kCases; ++seed) {
    Generator g{Rng{static_cast<std::uint64_t>(seed) * 104729}};
    const std::string config = random_config(g);
    const Trace trace = random_trace(g);
    SCOPED_TRACE(fmt::format("seed {}; config:\n{}", seed, config));

    auto unit = checker::check_text("random.cfg", config);
    for (const auto& d : unit->diagnostics.diagnostics())
      ASSERT_NE(d.severity, Severity::Error) << d.rule << ": " << d.message;
    CredentialDirectory dir(unit->policy);
    const SimulatedNodes cluster = simulated_nodes(unit->policy, {});
    const std::vector<Node>& nodes = cluster.nodes;
    ASSERT_EQ(nodes.size(), 12u) << message_of(cluster.error);
    std::int64_t cluster_procs = 0;
    for (const auto& n : nodes) cluster_procs += n.procs;

    // Perhaps an administrative reservation or two over the day: SYSTEM, or for u3.
    std::vector<AdminReservation> admin;
    for (int a = static_cast<int>(g.rng.in(0, 2)); a > 0; --a) {
      const Epoch start = kMonday + g.rng.in(0, 20) * kHour;
      const auto first = g.rng.in(1, 11);
      admin.push_back({fmt::format("admin{}", a),
                       start,
                       start + g.rng.in(1, 8) * kHour,
                       {fmt::format("n{:02}", first), fmt::format("n{:02}", first + 1)},
                       g.chance(50) ? std::vector<ir::AclEntry>{} : std::vector<ir::AclEntry>{user_entry("u3")},
                       ""});
    }
    SimulationOptions options;
    options.admin_reservations = admin;
    RunLog log;
    options.on_run = [&](const RunEvent& e) { EXPECT_TRUE(log.record(e)) << "job " << e.job << " requeued twice"; };
    const SimulationResult r = simulate(dir, trace, nodes, options);
    options.on_run = nullptr;
    const std::vector<JobRun>& runs = log.runs();
    const AccessRuns checked = expect_runs_keep_to_their_nodes(runs, r, trace, nodes, dir);
    whole_checked += checked.whole, single_user_checked += checked.single_user;
    job_limited_checked += checked.job_limited;
    // No run planned into an administrative reservation its user may not use.
    for (const auto& run : runs) {
      const TraceJob& t = trace.jobs[static_cast<std::size_t>(run.job - 1)];
      for (const auto& a : admin) {
        if (run.start >= a.end - kMonday || run.start + t.requested <= a.start - kMonday) continue;
        if (!a.acl.empty() && t.user == "u3") continue;
        for (const auto& [name, tasks] : run.nodes)
          EXPECT_EQ(std::count(a.hosts.begin(), a.hosts.end(), name), 0)
              << "job " << run.job << " of " << t.user << " runs in " << a.name << " on " << name;
      }
    }
    for (const auto& w : r.warnings) EXPECT_EQ(w.message.find("simulator refused"), std::string::npos) << to_text(w);

    // Each job ran its time after its submission, or says why it never started.
    std::vector<std::pair<Epoch, std::int64_t>> use;  // (time, +procs / -procs)
    ASSERT_EQ(r.jobs.size(), trace.jobs.size());
    for (std::size_t i = 0; i < r.jobs.size(); ++i) {
      const JobOutcome& o = r.jobs[i];
      const TraceJob& t = trace.jobs[i];
      ASSERT_EQ(o.number, t.number);
      if (!o.start) {
        EXPECT_FALSE(o.reason.empty()) << "job " << o.number << " never started and no reason is given";
        ++never;
        continue;
      }
      ++started;
      EXPECT_TRUE(o.reason.empty()) << "job " << o.number << ": " << o.reason;
      EXPECT_GE(*o.start, t.submit) << "job " << o.number;
      EXPECT_EQ(o.end - *o.start, std::min(t.run, t.requested)) << "job " << o.number;
      use.emplace_back(*o.start, t.procs);
      use.emplace_back(o.end, -t.procs);
      preempted += o.preempted;
      backfilled += o.backfilled;
    }
    std::sort(use.begin(), use.end());  // at one second, ends (negative) before starts
    std::int64_t busy = 0;
    for (const auto& [when, delta] : use) {
      busy += delta;
      EXPECT_LE(busy, cluster_procs) << "at " << when;
    }
    EXPECT_EQ(r.metrics.started + r.metrics.never_started, static_cast<std::int64_t>(trace.jobs.size()));

    // The same inputs, the same schedule; and the same again with every iteration run.
    expect_same_outcomes(r, simulate(dir, trace, nodes, options), "run again");
    SimulationOptions every = options;
    every.skip_futile_iterations = false;
    expect_same_outcomes(r, simulate(dir, trace, nodes, every), "no iteration skipped");

    // The same through a live RM's eyes, where every iteration reads a fresh snapshot and the
    // cycle's memory (bypass counts, start priorities, queue time, reservations) is kept by
    // name; and again with the scheduler restarted from its memory every few iterations.
    CycleOptions live;
    live.admin_reservations = admin;
    Seconds quiet = 2 * 7 * kDay;
    if (unit->policy.fairshare.metric.value != ir::FairshareMetric::None) {
      const FairshareClock fc = FairshareClock::from(unit->policy.fairshare);
      quiet += fc.interval * (fc.depth + 1);
    }
    for (const int restart_every : {0, static_cast<int>(g.rng.in(1, 7))}) {
      const LiveReplay replay = replay_live(dir, trace, nodes, live, quiet, restart_every);
      ASSERT_EQ(replay.outcomes.size(), r.jobs.size());
      for (std::size_t i = 0; i < r.jobs.size(); ++i) {
        const JobOutcome &x = r.jobs[i], &y = replay.outcomes[i];
        EXPECT_TRUE(x.start == y.start && x.end == y.end && x.preempted == y.preempted)
            << "live view, restarted every " << restart_every << " turns: job " << x.number << " started "
            << x.start.value_or(-1) << " / " << y.start.value_or(-1) << ", ended " << x.end << " / " << y.end
            << ", preempted " << x.preempted << " / " << y.preempted;
      }
      restarts += replay.restarts;
    }
    if (::testing::Test::HasFailure()) return;  // one failing config at a time
  }
  // The cases reach what they check: jobs start, by backfill too, some never do, and some
  // are preempted.
  EXPECT_GT(started, kCases * 40) << started;
  EXPECT_GT(never, 0);
  EXPECT_GT(backfilled, kCases) << backfilled;
  EXPECT_GT(preempted, 0);
  EXPECT_GT(whole_checked, kCases) << whole_checked;
  EXPECT_GT(single_user_checked, kCases) << single_user_checked;
  EXPECT_GT(job_limited_checked, kCases) << job_limited_checked;
  EXPECT_GT(restarts, kCases * 10) << restarts;
}

}  // namespace
}  // namespace maui::runtime::testing
