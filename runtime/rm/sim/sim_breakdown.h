// Who a simulated schedule served: the metrics of each user's, group's, account's, class's or
// QOS's jobs
// (`mauirun simulate --by`), so that an admin sees who pays for a policy, not only the
// cluster's averages.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "runtime/rm/sim/sim_metrics.h"

namespace maui::runtime {

enum class GroupBy { User, Group, Account, Class, Qos };
std::string_view to_string(GroupBy by);  // "user", "group", "account", "class", "qos"
// The job's credential of that kind.
const std::string& credential_of(const JobOutcome& job, GroupBy by);

struct GroupMetrics {
  std::string name;         // the credential's name
  ScheduleMetrics metrics;  // of its jobs alone (utilization: of the whole machine)
  double share = 0;         // its part of the proc-seconds every job got
};

// One entry per credential that has jobs, in natural name order (u2 before u10).
std::vector<GroupMetrics> metrics_by(const std::vector<JobOutcome>& jobs, GroupBy by, std::int64_t machine_procs);

struct Breakdown {
  GroupBy by;
  std::vector<GroupMetrics> groups;
};

}  // namespace maui::runtime
