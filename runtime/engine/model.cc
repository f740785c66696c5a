#include "runtime/engine/model.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <limits>

#include <fmt/format.h>

namespace maui::runtime {

namespace {

constexpr std::array<std::string_view, 6> kJobStateNames = {"Idle",    "Hold",      "Starting",
                                                            "Running", "Suspended", "Completed"};
constexpr std::array<std::string_view, 7> kNodeStateNames = {"Idle",    "Running", "Busy",   "Draining",
                                                             "Drained", "Down",    "Unknown"};

bool same_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

const std::string Job::kNoCredential;

ClusterTotals ClusterSnapshot::totals() const {
  ClusterTotals t;
  for (const auto& n : nodes) {
    t.procs += n.procs;
    t.memory_mb += n.memory_mb;
    t.swap_mb += n.swap_mb;
    t.disk_mb += n.disk_mb;
  }
  return t;
}

void mark_rm_reservations(ClusterSnapshot& snapshot) {
  for (auto& n : snapshot.nodes) n.rm_reservations.clear();
  for (const auto& r : snapshot.rm_reservations)
    for (const auto& host : r.hosts)
      if (auto n = snapshot.find_node(host)) {
        auto& names = snapshot.nodes[*n].rm_reservations;
        if (std::find(names.begin(), names.end(), r.name) == names.end()) names.push_back(r.name);
      }
}

std::optional<std::size_t> ClusterSnapshot::find_node(std::string_view name) const {
  auto lookup = [&]() -> std::optional<std::size_t> {
    auto it = node_index_cache.find(name);
    if (it != node_index_cache.end() && it->second < nodes.size() && nodes[it->second].name == name) return it->second;
    return std::nullopt;
  };
  if (auto hit = lookup()) return hit;
  // A miss or a stale entry: rebuild once (a name that is not a node costs a rebuild).
  node_index_cache.clear();
  for (std::size_t i = 0; i < nodes.size(); ++i) node_index_cache.emplace(nodes[i].name, i);
  return lookup();
}

std::optional<std::size_t> ClusterSnapshot::allocated_node_by_name(const Job& job, std::size_t k) const {
  constexpr std::size_t kNoHint = std::numeric_limits<std::size_t>::max();
  auto& hint = job.allocated_node_hint;
  if (hint.size() != job.allocated_nodes.size()) hint.assign(job.allocated_nodes.size(), kNoHint);
  const std::string& name = job.allocated_nodes[k];
  const auto found = find_node(name);
  hint[k] = found.value_or(kNoHint);
  return found;
}

const Job* ClusterSnapshot::find_job(std::string_view id) const {
  for (const auto& j : jobs)
    if (j.id == id) return &j;
  return nullptr;
}

double processor_equivalents(const Job& job, const ClusterTotals& totals) {
  if (totals.procs <= 0) return static_cast<double>(job.procs());
  double share = static_cast<double>(job.procs()) / static_cast<double>(totals.procs);
  auto consider = [&](std::int64_t asked, std::int64_t total) {
    if (total > 0) share = std::max(share, static_cast<double>(asked) / static_cast<double>(total));
  };
  consider(job.memory_mb(), totals.memory_mb);
  consider(job.swap_mb(), totals.swap_mb);
  consider(job.disk_mb(), totals.disk_mb);
  return share * static_cast<double>(totals.procs);
}

std::string duration_text(Seconds s) {
  Seconds d = s / 86400, h = s % 86400 / 3600, m = s % 3600 / 60, sec = s % 60;
  if (d > 0) return fmt::format("{}:{:02}:{:02}:{:02}", d, h, m, sec);
  return fmt::format("{:02}:{:02}:{:02}", h, m, sec);
}

std::string_view to_string(JobState s) { return kJobStateNames[static_cast<std::size_t>(s)]; }
std::string_view to_string(NodeState s) { return kNodeStateNames[static_cast<std::size_t>(s)]; }

std::optional<JobState> job_state_from(std::string_view text) {
  for (std::size_t i = 0; i < kJobStateNames.size(); ++i)
    if (same_ignoring_case(text, kJobStateNames[i])) return static_cast<JobState>(i);
  return std::nullopt;
}

std::optional<NodeState> node_state_from(std::string_view text) {
  for (std::size_t i = 0; i < kNodeStateNames.size(); ++i)
    if (same_ignoring_case(text, kNodeStateNames[i])) return static_cast<NodeState>(i);
  return std::nullopt;
}

}  // namespace maui::runtime
