#include "runtime/report/comparison.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <llvm/ADT/StringRef.h>

namespace maui::runtime {

namespace {

double average_wait(const std::optional<GroupMetrics>& g) { return g ? g->metrics.average_wait : 0.0; }

bool natural_before(const std::string& a, const std::string& b) {
  const int c = llvm::StringRef(a).compare_numeric(b);
  return c != 0 ? c < 0 : a < b;
}

}  // namespace

double CredentialChange::wait_change() const { return average_wait(new_side) - average_wait(old_side); }

bool CredentialChange::unchanged() const {
  if (!old_side || !new_side) return false;
  const ScheduleMetrics &a = old_side->metrics, &b = new_side->metrics;
  return a.jobs == b.jobs && a.started == b.started && a.average_wait == b.average_wait && a.p95_wait == b.p95_wait &&
         a.max_wait == b.max_wait && a.average_bounded_slowdown == b.average_bounded_slowdown &&
         old_side->share == new_side->share;
}

Comparison compare_runs(const SimulationResult& old_run, std::int64_t old_procs, const SimulationResult& new_run,
                        std::int64_t new_procs, std::span<const GroupBy> kinds, std::size_t moved) {
  Comparison c;
  for (GroupBy by : kinds) {
    std::map<std::string, CredentialChange> of;
    for (GroupMetrics& g : metrics_by(old_run.jobs, by, old_procs)) {
      auto& entry = of[g.name];
      entry.name = g.name;
      entry.old_side = std::move(g);
    }
    for (GroupMetrics& g : metrics_by(new_run.jobs, by, new_procs)) {
      auto& entry = of[g.name];
      entry.name = g.name;
      entry.new_side = std::move(g);
    }
    KindChange kind{by, {}};
    for (auto& [_, change] : of) kind.credentials.push_back(std::move(change));
    std::sort(kind.credentials.begin(), kind.credentials.end(),
              [](const CredentialChange& a, const CredentialChange& b) {
                const double da = std::fabs(a.wait_change()), db = std::fabs(b.wait_change());
                return da != db ? da > db : natural_before(a.name, b.name);
              });
    c.kinds.push_back(std::move(kind));
  }

  const std::size_t n = std::min(old_run.jobs.size(), new_run.jobs.size());
  std::vector<MovedJob> all;
  for (std::size_t i = 0; i < n; ++i) {
    const JobOutcome &a = old_run.jobs[i], &b = new_run.jobs[i];
    if (a.start == b.start) continue;
    all.push_back({i, a.start, b.start});
  }
  c.jobs_moved = static_cast<std::int64_t>(all.size());
  auto one_side = [](const MovedJob& m) { return !m.old_start || !m.new_start; };
  auto size = [](const MovedJob& m) {
    return m.old_start && m.new_start ? std::llabs(*m.new_start - *m.old_start) : 0;
  };
  auto before = [&](const MovedJob& x, const MovedJob& y) {
    if (one_side(x) != one_side(y)) return one_side(x);
    if (size(x) != size(y)) return size(x) > size(y);
    return old_run.jobs[x.index].number < old_run.jobs[y.index].number;
  };
  const std::size_t keep = std::min(moved, all.size());
  std::partial_sort(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(keep), all.end(), before);
  all.resize(keep);
  c.moved = std::move(all);
  return c;
}

}  // namespace maui::runtime
