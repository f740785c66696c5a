// The busy cluster the scheduling and view benchmarks share: `nodes` 16-proc nodes, 90 % of them
// running a whole-node job that ends within a day, and `queued` idle jobs of 2,000 users in 40
// groups (1 to 64 procs, 10 minutes to a day; every 50th in QOS high), under a policy with
// priority weights, USERCFG[DEFAULT] limits, 20 standing reservations (business hours on blocks
// of ten nodes, each for one group), RESERVATIONDEPTH 10 and FIRSTFIT backfill. Deterministic.
#pragma once

#include <memory>
#include <string_view>

#include "checker/pipeline.h"
#include "runtime/engine/credentials.h"
#include "runtime/engine/model.h"

namespace maui::bench {

inline constexpr runtime::Epoch kBenchNow = 1'700'000'000;  // a Tuesday, 22:13 UTC

struct BenchCluster {
  std::unique_ptr<Compilation> unit;
  std::unique_ptr<runtime::CredentialDirectory> dir;
  runtime::ClusterSnapshot snapshot;
};

// `extra_config`: lines added to the policy.
std::unique_ptr<BenchCluster> make_bench_cluster(int nodes, int queued, std::string_view extra_config = {});

}  // namespace maui::bench
