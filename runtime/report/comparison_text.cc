// `mauirun compare`'s text: both sides of every simulate metric and the change, then who pays.
#include <cmath>
#include <cstdlib>
#include <iterator>

#include <fmt/format.h>

#include "runtime/report/comparison.h"

namespace maui::runtime {

namespace {

std::string clock_text(double seconds) {
  const bool negative = seconds < 0;
  auto s = static_cast<std::int64_t>(std::fabs(seconds) + 0.5);
  return fmt::format("{}{}:{:02}:{:02}", negative ? "-" : "", s / 3600, s / 60 % 60, s % 60);
}

// "+220 %", "-11 %"; from nothing to something has no ratio.
std::string percent(double before, double after) {
  if (before == after) return "0 %";
  if (before == 0) return "new";
  return fmt::format("{:+.0f} %", (after - before) / std::fabs(before) * 100);
}

std::string duration_change(double before, double after) {
  if (before == after) return "0:00:00";
  return fmt::format("{}{} ({})", after > before ? "+" : "", clock_text(after - before), percent(before, after));
}

std::string shown(const std::string& name) { return name.empty() ? std::string("(none)") : name; }

struct Table {
  fmt::memory_buffer& out;
  void row(std::string_view label, const std::string& a, const std::string& b, const std::string& change) {
    fmt::format_to(std::back_inserter(out), "  {:<26}{:<20}{:<20}{}\n", label, a, b, change);
  }
};

void metrics(fmt::memory_buffer& out, const WhatIf& w) {
  const ScheduleMetrics &a = w.old_run.metrics, &b = w.new_run.metrics;
  Table t{out};
  t.row("", "old", "new", "change");
  auto count = [](std::int64_t x) { return fmt::format("{}", x); };
  auto diff = [](std::int64_t x, std::int64_t y) { return x == y ? std::string("0") : fmt::format("{:+}", y - x); };
  t.row("started", count(a.started), count(b.started), diff(a.started, b.started));
  t.row("never started", count(a.never_started), count(b.never_started), diff(a.never_started, b.never_started));
  t.row("utilization", fmt::format("{:.2f} %", a.utilization * 100), fmt::format("{:.2f} %", b.utilization * 100),
        fmt::format("{:+.2f} points", (b.utilization - a.utilization) * 100));
  t.row("average wait", clock_text(a.average_wait), clock_text(b.average_wait),
        duration_change(a.average_wait, b.average_wait));
  t.row("95th percentile wait", clock_text(static_cast<double>(a.p95_wait)),
        clock_text(static_cast<double>(b.p95_wait)),
        duration_change(static_cast<double>(a.p95_wait), static_cast<double>(b.p95_wait)));
  t.row("maximum wait", clock_text(static_cast<double>(a.max_wait)), clock_text(static_cast<double>(b.max_wait)),
        duration_change(static_cast<double>(a.max_wait), static_cast<double>(b.max_wait)));
  t.row("average bounded slowdown", fmt::format("{:.2f}", a.average_bounded_slowdown),
        fmt::format("{:.2f}", b.average_bounded_slowdown),
        fmt::format("{:+.2f} ({})", b.average_bounded_slowdown - a.average_bounded_slowdown,
                    percent(a.average_bounded_slowdown, b.average_bounded_slowdown)));
  t.row("makespan", clock_text(static_cast<double>(a.makespan)), clock_text(static_cast<double>(b.makespan)),
        duration_change(static_cast<double>(a.makespan), static_cast<double>(b.makespan)));
  t.row("started by backfill", fmt::format("{} ({:.2f} %)", a.backfilled, a.backfill_share * 100),
        fmt::format("{} ({:.2f} %)", b.backfilled, b.backfill_share * 100), diff(a.backfilled, b.backfilled));
  if (a.preemptions || b.preemptions)
    t.row("preemptions", count(a.preemptions), count(b.preemptions), diff(a.preemptions, b.preemptions));
  t.row("scheduling iterations", count(w.old_run.iterations), count(w.new_run.iterations),
        diff(w.old_run.iterations, w.new_run.iterations));
}

std::string verdict(std::string_view kind, const CredentialChange& c) {
  if (!c.old_side)
    return fmt::format("{} {}: no jobs under the old policy; {} under the new, average wait {}", kind, shown(c.name),
                       c.new_side->metrics.jobs, clock_text(c.new_side->metrics.average_wait));
  if (!c.new_side)
    return fmt::format("{} {}: no jobs under the new policy; {} under the old, average wait {}", kind, shown(c.name),
                       c.old_side->metrics.jobs, clock_text(c.old_side->metrics.average_wait));
  const double a = c.old_side->metrics.average_wait, b = c.new_side->metrics.average_wait;
  return fmt::format("{} {}: average wait {} → {} ({})", kind, shown(c.name), clock_text(a), clock_text(b),
                     percent(a, b));
}

void kind_section(fmt::memory_buffer& out, const KindChange& k, std::size_t limit) {
  auto it = std::back_inserter(out);
  const std::string_view kind = to_string(k.by);
  std::size_t unchanged = 0;
  for (const auto& c : k.credentials) unchanged += c.unchanged();
  const std::size_t changed = k.credentials.size() - unchanged;
  const std::size_t shown_rows = limit ? std::min(limit, changed) : changed;
  fmt::format_to(it, "  by {}: {} with jobs, {} changed, {} unchanged{}\n", kind, k.credentials.size(), changed,
                 unchanged, shown_rows < changed ? fmt::format(" ({} largest changes shown)", shown_rows) : "");
  std::size_t width = 10;
  std::size_t n = 0;
  for (const auto& c : k.credentials) {
    if (c.unchanged() || n++ >= shown_rows) continue;
    fmt::format_to(it, "    {}\n", verdict(kind, c));
    width = std::max(width, shown(c.name).size());
  }
  if (shown_rows == 0) return;
  fmt::format_to(it, "    {:<{}} {:>11} {:>21} {:>21} {:>19} {:>15}\n", kind, width, "jobs", "average wait",
                 "95th pct wait", "slowdown", "share");
  n = 0;
  for (const auto& c : k.credentials) {
    if (c.unchanged() || n++ >= shown_rows) continue;
    auto side = [](const std::optional<GroupMetrics>& g, auto field) { return g ? field(*g) : std::string("-"); };
    auto pair = [&](auto field) { return fmt::format("{} → {}", side(c.old_side, field), side(c.new_side, field)); };
    fmt::format_to(
        it, "    {:<{}} {:>11} {:>21} {:>21} {:>19} {:>15}\n", shown(c.name), width,
        pair([](const GroupMetrics& g) { return fmt::format("{}", g.metrics.jobs); }),
        pair([](const GroupMetrics& g) { return clock_text(g.metrics.average_wait); }),
        pair([](const GroupMetrics& g) { return clock_text(static_cast<double>(g.metrics.p95_wait)); }),
        pair([](const GroupMetrics& g) { return fmt::format("{:.2f}", g.metrics.average_bounded_slowdown); }),
        pair([](const GroupMetrics& g) { return fmt::format("{:.1f}%", g.share * 100); }));
  }
}

void moved_section(fmt::memory_buffer& out, const WhatIf& w) {
  auto it = std::back_inserter(out);
  const Comparison& c = w.comparison;
  fmt::format_to(it, "  jobs whose start moved: {} of {}\n", c.jobs_moved, w.old_run.jobs.size());
  for (const MovedJob& m : c.moved) {
    const JobOutcome& job = w.old_run.jobs[m.index];
    const std::string who =
        fmt::format("job {} (user {}, {} proc{})", job.number, shown(job.user), job.procs, job.procs == 1 ? "" : "s");
    if (!m.new_start)
      fmt::format_to(it, "    {}: never starts under the new policy (started at {} s)\n", who, *m.old_start);
    else if (!m.old_start)
      fmt::format_to(it, "    {}: starts under the new policy only (at {} s)\n", who, *m.new_start);
    else
      fmt::format_to(it, "    {}: starts {} {} ({} s → {} s)\n", who,
                     clock_text(static_cast<double>(std::llabs(*m.new_start - *m.old_start))),
                     *m.new_start > *m.old_start ? "later" : "earlier", *m.old_start, *m.new_start);
  }
}

}  // namespace

std::string comparison_text(const WhatIf& w, std::size_t limit) {
  fmt::memory_buffer out;
  auto it = std::back_inserter(out);
  fmt::format_to(it, "mauirun compare: {} → {} on {}\n", w.old_summary.config, w.new_summary.config,
                 w.old_summary.trace);
  const bool same_cluster = w.old_summary.nodes == w.new_summary.nodes && w.old_summary.procs == w.new_summary.procs;
  if (same_cluster)
    fmt::format_to(it, "  cluster                   {} nodes, {} procs\n", w.old_summary.nodes, w.old_summary.procs);
  else
    fmt::format_to(it, "  cluster                   old: {} nodes, {} procs; new: {} nodes, {} procs (their NODECFG)\n",
                   w.old_summary.nodes, w.old_summary.procs, w.new_summary.nodes, w.new_summary.procs);
  fmt::format_to(
      it, "  jobs                      {} read{}\n", w.old_run.jobs.size(),
      w.old_summary.trace_problems ? fmt::format(", {} trace lines skipped", w.old_summary.trace_problems) : "");
  metrics(out, w);
  for (const KindChange& k : w.comparison.kinds) kind_section(out, k, limit);
  moved_section(out, w);
  for (const auto& warning : w.old_run.warnings) fmt::format_to(it, "  (old) {}\n", to_text(warning));
  for (const auto& warning : w.new_run.warnings) fmt::format_to(it, "  (new) {}\n", to_text(warning));
  return fmt::to_string(out);
}

}  // namespace maui::runtime
