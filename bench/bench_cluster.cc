#include "bench/bench_cluster.h"

#include <random>
#include <string>

#include <fmt/format.h>

namespace maui::bench {

using namespace maui::runtime;

std::unique_ptr<BenchCluster> make_bench_cluster(int nodes, int queued, std::string_view extra_config) {
  auto c = std::make_unique<BenchCluster>();
  std::string cfg =
      "SERVERHOST head\nQUEUETIMEWEIGHT 1\nXFACTORWEIGHT 10\nCREDWEIGHT 1\nQOSWEIGHT 1\n"
      "USERCFG[DEFAULT] MAXJOB=50,100 MAXIJOB=200\n"
      "QOSCFG[high] PRIORITY=1000\nRESERVATIONDEPTH 10\nBACKFILLPOLICY FIRSTFIT\n";
  for (int r = 0; r < 20; ++r)
    cfg += fmt::format(
        "SRCFG[sr{}] PERIOD=DAY DAYS=MON,TUE,WED,THU,FRI STARTTIME=08:00:00 ENDTIME=18:00:00 "
        "HOSTLIST=n[{:05}-{:05}] GROUPLIST=g{} ACCESS=DEDICATED\n",
        r, r * 10, r * 10 + 9, r);
  cfg.append(extra_config);
  c->unit = checker::check_text("bench.cfg", cfg);
  c->dir = std::make_unique<CredentialDirectory>(c->unit->policy);

  std::mt19937 rng(7);
  c->snapshot.now = kBenchNow;
  for (int n = 0; n < nodes; ++n) {
    Node node;
    node.name = fmt::format("n{:05}", n);
    node.procs = 16;
    c->snapshot.nodes.push_back(std::move(node));
  }
  std::uniform_int_distribution<int> user(0, 1999), size(1, 64), wall(600, 86400), age(0, 3600);
  int id = 0;
  for (int n = 0; n < nodes * 9 / 10; ++n) {
    Job j;
    j.id = std::to_string(++id);
    j.user = fmt::format("u{}", user(rng));
    j.group = fmt::format("g{}", user(rng) % 40);
    j.tasks = 16;
    j.walltime = 86400;
    j.state = JobState::Running;
    j.start_time = kBenchNow - age(rng);
    j.submit_time = *j.start_time - 60;
    j.allocated_nodes = {c->snapshot.nodes[static_cast<std::size_t>(n)].name};
    c->snapshot.jobs.push_back(std::move(j));
  }
  for (int k = 0; k < queued; ++k) {
    Job j;
    j.id = std::to_string(++id);
    j.user = fmt::format("u{}", user(rng));
    j.group = fmt::format("g{}", user(rng) % 40);
    j.tasks = size(rng);
    j.walltime = wall(rng);
    j.submit_time = kBenchNow - age(rng) * 10;
    if (k % 50 == 0) j.qos = "high";
    c->snapshot.jobs.push_back(std::move(j));
  }
  return c;
}

}  // namespace maui::bench
