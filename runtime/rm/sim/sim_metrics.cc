#include "runtime/rm/sim/sim_metrics.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <ostream>
#include <string_view>

#include <fmt/format.h>

namespace maui::runtime {

namespace {

// The literature's bound on slowdown (docs/reference/traces.md): a job shorter than 10 s counts
// as 10 s long, so a 1 s job that waited a minute does not dominate the average.
constexpr Seconds kSlowdownBound = 10;

double bounded_slowdown(Seconds wait, Seconds run) {
  double slowdown = static_cast<double>(wait + run) / static_cast<double>(std::max(run, kSlowdownBound));
  return std::max(1.0, slowdown);
}

double ratio(double part, double whole) { return whole > 0 ? part / whole : 0.0; }

}  // namespace

void MetricsSum::add(const JobOutcome& job) {
  ++m_.jobs;
  first_submit_ = std::min(first_submit_, job.submit);
  m_.preemptions += job.preempted;
  if (!job.start) return;
  ++m_.started;
  if (job.backfilled) ++m_.backfilled;
  const Seconds wait = *job.start - job.submit;
  const Seconds run = job.end - *job.start;
  total_wait_ += static_cast<double>(wait);
  waits_.push_back(wait);
  m_.max_wait = std::max(m_.max_wait, wait);
  total_slowdown_ += bounded_slowdown(wait, run);
  m_.proc_seconds += static_cast<double>(job.procs) * static_cast<double>(run);
  last_end_ = std::max(last_end_, job.end);
}

ScheduleMetrics MetricsSum::result(std::int64_t machine_procs) const {
  ScheduleMetrics m = m_;
  m.machine_procs = machine_procs;
  m.never_started = m.jobs - m.started;
  if (m.started == 0) return m;  // nothing ran: every rate stays 0 rather than NaN
  const auto started = static_cast<double>(m.started);
  m.average_wait = total_wait_ / started;
  m.average_bounded_slowdown = total_slowdown_ / started;
  m.backfill_share = static_cast<double>(m.backfilled) / started;
  std::vector<Seconds> waits = waits_;
  const std::size_t rank = (waits.size() * 95 + 99) / 100;  // ceil(0.95 n), at least 1
  std::nth_element(waits.begin(), waits.begin() + static_cast<std::ptrdiff_t>(rank - 1), waits.end());
  m.p95_wait = waits[rank - 1];
  m.makespan = std::max<Seconds>(last_end_ - first_submit_, 0);
  m.utilization = ratio(m.proc_seconds, static_cast<double>(machine_procs) * static_cast<double>(m.makespan));
  return m;
}

ScheduleMetrics compute_metrics(const std::vector<JobOutcome>& jobs, std::int64_t machine_procs) {
  MetricsSum sum;
  for (const JobOutcome& job : jobs) sum.add(job);
  return sum.result(machine_procs);
}

namespace {

// RFC 4180: quote only when needed, so plain names stay plain for `cut` and `awk`.
void append_text(fmt::memory_buffer& row, std::string_view text) {
  if (text.find_first_of(",\"\n\r") == std::string_view::npos) {
    row.append(text);
    return;
  }
  row.push_back('"');
  for (char c : text) {
    if (c == '"') row.push_back('"');
    row.push_back(c);
  }
  row.push_back('"');
}

void append_row(fmt::memory_buffer& out, const JobOutcome& job) {
  auto it = std::back_inserter(out);
  fmt::format_to(it, "{},{},", job.number, job.submit);
  if (job.start)
    fmt::format_to(it, "{},{},{},", *job.start, job.end, job.procs);
  else
    fmt::format_to(it, ",,{},", job.procs);
  if (job.start) fmt::format_to(it, "{}", *job.start - job.submit);
  fmt::format_to(it, ",{},", job.backfilled ? 1 : 0);
  for (const std::string* text : {&job.user, &job.group, &job.job_class, &job.qos}) {
    append_text(out, *text);
    out.push_back(',');
  }
  append_text(out, job.reason);
  fmt::format_to(it, ",{}\n", job.preempted);
}

}  // namespace

void write_jobs_csv(std::ostream& out, const std::vector<JobOutcome>& jobs) {
  fmt::memory_buffer buffer;
  constexpr std::string_view kHeader =
      "id,submit,start,end,procs,wait,backfilled,user,group,class,qos,reason,preempted\n";
  buffer.append(kHeader);
  for (const JobOutcome& job : jobs) {
    append_row(buffer, job);
    // Bounded memory for long traces: hand the stream a block at a time.
    if (buffer.size() >= (1u << 16)) {
      out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
      buffer.clear();
    }
  }
  out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
}

}  // namespace maui::runtime
