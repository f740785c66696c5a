#include "runtime/rm/sim/sim_breakdown.h"

#include <algorithm>
#include <map>
#include <utility>

#include <llvm/ADT/StringRef.h>

namespace maui::runtime {

const std::string& credential_of(const JobOutcome& job, GroupBy by) {
  switch (by) {
    case GroupBy::User: return job.user;
    case GroupBy::Group: return job.group;
    case GroupBy::Account: return job.account;
    case GroupBy::Class: return job.job_class;
    case GroupBy::Qos: return job.qos;
  }
  return job.user;
}

std::string_view to_string(GroupBy by) {
  switch (by) {
    case GroupBy::User: return "user";
    case GroupBy::Group: return "group";
    case GroupBy::Account: return "account";
    case GroupBy::Class: return "class";
    case GroupBy::Qos: return "qos";
  }
  return "?";
}

std::vector<GroupMetrics> metrics_by(const std::vector<JobOutcome>& jobs, GroupBy by, std::int64_t machine_procs) {
  std::map<std::string_view, MetricsSum> of;
  MetricsSum every;
  for (const JobOutcome& job : jobs) {
    of[credential_of(job, by)].add(job);
    every.add(job);
  }
  const double all = every.result(machine_procs).proc_seconds;
  std::vector<GroupMetrics> out;
  out.reserve(of.size());
  for (const auto& [name, sum] : of) {
    GroupMetrics g{std::string(name), sum.result(machine_procs), 0};
    g.share = all > 0 ? g.metrics.proc_seconds / all : 0;
    out.push_back(std::move(g));
  }
  // Natural order, then plain order so that names equal as numbers (u01, u1) still sort one way.
  std::sort(out.begin(), out.end(), [](const GroupMetrics& a, const GroupMetrics& b) {
    const int c = llvm::StringRef(a.name).compare_numeric(b.name);
    return c != 0 ? c < 0 : a.name < b.name;
  });
  return out;
}

}  // namespace maui::runtime
