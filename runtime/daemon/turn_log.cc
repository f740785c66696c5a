// The lines of the decision log that say what a turn decided and why (turn_log.h).
#include "runtime/daemon/turn_log.h"

#include <cstdint>

#include <fmt/format.h>

namespace maui::runtime {

void TurnLog::log_decisions(const IterationReport& report, const ClusterSnapshot& s,
                            const std::vector<Reservation>& reservations, bool dry_run) {
  if (!report.ran) return;
  std::map<std::size_t, std::int64_t> priority;
  for (const auto& r : report.result.queue.ranked) priority[r.index] = r.priority;
  std::map<std::size_t, std::size_t> preemptor;
  for (const auto& p : report.result.preempted) preemptor[p.job] = p.by;
  const char* tag = dry_run ? " [dry run: nothing changed]" : "";
  for (const auto& a : report.applied) {
    const Job& job = s.jobs[a.job];
    LogLine line{s.now, "", job.id, {}, {}, {}};
    switch (a.kind) {
      case AppliedDecision::Kind::Start:
        line.event = a.status.ok ? "start" : "refused";
        for (const auto& d : report.result.starts)
          if (d.job == a.job)
            for (const auto& nt : d.nodes) line.nodes.emplace_back(s.nodes[nt.node].name, nt.tasks);
        line.reason = a.status.ok ? fmt::format("priority {}{}{}", priority[a.job], a.backfill ? ", backfill" : "", tag)
                                  : "the RM refused: " + a.status.error.message;
        break;
      case AppliedDecision::Kind::Requeue:
        line.event = "preempt";
        line.reason = fmt::format("requeued for job {}{}{}", s.jobs[preemptor[a.job]].id,
                                  a.status.ok ? "" : ": the RM refused: " + a.status.error.message, tag);
        break;
      case AppliedDecision::Kind::Hold:
      case AppliedDecision::Kind::Cancel:
        line.event = a.kind == AppliedDecision::Kind::Hold ? "hold" : "cancel";
        for (const auto& n : report.result.never_runnable)
          if (n.job == a.job) line.reason = "never runnable: " + n.reason;
        if (!a.status.ok) line.reason += "; the RM refused: " + a.status.error.message;
        line.reason += tag;
        break;
    }
    log_.write(line);
  }
  // A job reservation is said when it is made or moves, not at every iteration.
  std::map<std::string, Epoch> now_reserved;
  for (const auto& r : reservations) {
    if (r.kind != ReservationKind::Job) continue;
    now_reserved[r.name] = r.start;
    auto before = reserved_.find(r.name);
    if (before != reserved_.end() && before->second == r.start) continue;
    LogLine line{s.now, "reservation", r.name, {}, {}, {}};
    for (const auto& nt : r.nodes)
      if (nt.node < s.nodes.size()) line.nodes.emplace_back(s.nodes[nt.node].name, nt.tasks);
    line.reason = fmt::format("starts in {} s (at {}), for {} s", r.start - s.now, r.start, r.end - r.start);
    log_.write(line);
  }
  reserved_ = std::move(now_reserved);
}

}  // namespace maui::runtime
