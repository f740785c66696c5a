#include "runtime/report/schedule_report.h"

#include <algorithm>

#include <fmt/format.h>

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "schemas/problem_json.h"

namespace maui::runtime {

namespace {

namespace json = llvm::json;

// The iteration's job reservations, in the order it made them.
std::vector<const Reservation*> job_reservations(const SnapshotIteration& it) {
  std::vector<const Reservation*> out;
  for (const auto& r : it.reservations)
    if (r.kind == ReservationKind::Job) out.push_back(&r);
  return out;
}

const std::string& job_id(const SnapshotIteration& it, std::size_t job) { return it.cluster.jobs[job].id; }

std::string placement_text(const SnapshotIteration& it, const std::vector<NodeTasks>& nodes) {
  std::string out;
  for (const auto& nt : nodes)
    out += fmt::format("{}{}:{}", out.empty() ? "" : " ", it.cluster.nodes[nt.node].name, nt.tasks);
  return out;
}

json::Array placement_json(const SnapshotIteration& it, const std::vector<NodeTasks>& nodes) {
  json::Array out;
  for (const auto& nt : nodes)
    out.push_back(json::Object{{"name", it.cluster.nodes[nt.node].name}, {"tasks", nt.tasks}});
  return out;
}

}  // namespace

std::string schedule_text(const SnapshotIteration& it) {
  const IterationResult& r = it.report.result;
  const auto reserved = job_reservations(it);
  std::size_t width = 2;  // the job ids' column
  for (const auto& s : r.starts) width = std::max(width, job_id(it, s.job).size());
  for (const auto* res : reserved) width = std::max(width, job_id(it, res->job).size());
  for (const auto& n : r.never_runnable) width = std::max(width, job_id(it, n.job).size());
  for (const auto& p : r.preempted) width = std::max(width, job_id(it, p.job).size());

  std::string out = fmt::format("starts ({})\n", r.starts.size());
  for (const auto& s : r.starts)
    out += fmt::format("  {:<{}}  {}  {}\n", job_id(it, s.job), width, s.backfill ? "backfill" : "priority",
                       placement_text(it, s.nodes));
  out += fmt::format("reservations ({})\n", reserved.size());
  const Epoch now = it.cluster.now;
  for (const auto* res : reserved)
    out += fmt::format("  {:<{}}  {} (in {}) until {}  {}\n", job_id(it, res->job), width, res->start,
                       duration_text(std::max<Seconds>(0, res->start - now)), res->end, placement_text(it, res->nodes));
  out += fmt::format("never runnable ({})\n", r.never_runnable.size());
  for (const auto& n : r.never_runnable) out += fmt::format("  {:<{}}  {}\n", job_id(it, n.job), width, n.reason);
  if (!r.preempted.empty()) {
    out += fmt::format("preempted ({})\n", r.preempted.size());
    for (const auto& p : r.preempted)
      out += fmt::format("  {:<{}}  by {}\n", job_id(it, p.job), width, job_id(it, p.by));
  }
  for (const auto& w : it.warnings) out += to_text(w) + "\n";
  return out;
}

std::string schedule_json(const SnapshotIteration& it) {
  const IterationResult& r = it.report.result;
  json::Array starts, reservations, never, preempted, warnings;
  for (const auto& s : r.starts)
    starts.push_back(
        json::Object{{"job", job_id(it, s.job)}, {"backfill", s.backfill}, {"nodes", placement_json(it, s.nodes)}});
  for (const auto* res : job_reservations(it))
    reservations.push_back(json::Object{{"job", job_id(it, res->job)},
                                        {"start", res->start},
                                        {"end", res->end},
                                        {"nodes", placement_json(it, res->nodes)}});
  for (const auto& n : r.never_runnable)
    never.push_back(json::Object{{"job", job_id(it, n.job)}, {"reason", n.reason}});
  for (const auto& p : r.preempted)
    preempted.push_back(json::Object{{"job", job_id(it, p.job)}, {"by", job_id(it, p.by)}});
  for (const auto& w : it.warnings) warnings.push_back(to_json(w));
  const json::Value v = json::Object{{"version", 1},
                                     {"now", it.cluster.now},
                                     {"starts", std::move(starts)},
                                     {"reservations", std::move(reservations)},
                                     {"never_runnable", std::move(never)},
                                     {"preempted", std::move(preempted)},
                                     {"warnings", std::move(warnings)}};
  return llvm::formatv("{0:2}", v).str() + "\n";
}

}  // namespace maui::runtime
