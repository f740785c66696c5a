// A generated site for `mauic check` benchmarks: the scale issue 5 asks the checker to handle
// (1,000 users, 100 groups, 50 accounts, 20 QOS, 10 classes, 100 standing reservations, 2,000
// nodes), with the constructs the properties reason about: limits (own, DEFAULT, scoped), QLIST
// / QDEF, QOS overrides, fairshare targets, PLIST and partitions, standing reservations of every
// period with HOSTLIST ranges, NODEFEATURES, TASKCOUNT and ACLs that stack. Deterministic.
// (bench/gen_site_config.h generates the front end's 100,000-line file; this one is smaller
// but denser in what the checker looks at.)
#pragma once

#include <cstddef>
#include <string>

namespace maui::bench {

struct CheckSiteOptions {
  std::size_t users = 1000, groups = 100, accounts = 50, qos = 20, classes = 10;
  std::size_t reservations = 100, nodes = 2000;
};

std::string generate_check_site(const CheckSiteOptions& options = {});

}  // namespace maui::bench
