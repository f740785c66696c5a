#include "runtime/report/live_report.h"

#include <algorithm>
#include <charconv>
#include <unordered_set>

#include "runtime/views/priority_report.h"

namespace maui::runtime {

namespace {

// Numbers that a Slurm job id (a 32-bit number) never takes, for ids that are not numbers.
constexpr std::int64_t kFirstOwnNumber = std::int64_t{1} << 40;

}  // namespace

std::int64_t LiveReport::number_of(const std::string& id) {
  std::int64_t n = 0;
  const auto [end, error] = std::from_chars(id.data(), id.data() + id.size(), n);
  if (error == std::errc() && end == id.data() + id.size() && n >= 0) return n;
  auto [it, fresh] = numbers_.try_emplace(id, kFirstOwnNumber + static_cast<std::int64_t>(numbers_.size()));
  return it->second;
}

// What one turn tells of a job: a start (a run opens on its nodes), an end, a requeue (back in
// the queue: the run closes), or that it still waits and why.
void LiveReport::see(const Job& job, Epoch now) {
  auto [it, fresh] = jobs_.try_emplace(job.id);
  Seen& s = it->second;
  JobOutcome& o = s.outcome;
  if (fresh) {
    o.number = number_of(job.id);
    o.submit = job.submit_time - origin_;
    o.procs = job.procs();
    o.requested = job.walltime;
    o.user = job.user, o.group = job.group, o.job_class = job.job_class, o.qos = job.qos, o.account = job.account;
  }
  s.last_seen = now;
  s.left = false;
  const bool ran = job.start_time.has_value() && (job.is_active() || job.state == JobState::Completed);
  if (ran && !o.start) {
    recorder_->record_run(
        {RunEvent::Kind::Start, o.number, *job.start_time - origin_, job.allocated_nodes, job.allocated_tasks});
    o.start = *job.start_time - origin_;
    o.reason.clear();
    s.running = true;
  } else if (ran && *o.start != *job.start_time - origin_) {
    // The same run, its start now Slurm's own: a start is first seen when it is asked (at the
    // time asked), then running or ended at the second Slurm started it. Opening a second run
    // here counted the job twice in the utilization until its end (18 of 16 procs, seen live).
    o.start = *job.start_time - origin_;
    recorder_->move_run_start(o.number, *o.start);
  }
  if (ran && job.is_active()) s.running = true;  // also one seen again after it left Slurm's list
  if (job.is_active()) {
    o.end = now - origin_;
  } else if (job.state == JobState::Completed) {
    o.end = (job.end_time ? *job.end_time : now) - origin_;
    if (!o.start) o.reason = "ended without starting (cancelled while it waited)";
    s.running = false;
  } else {  // back in the queue, or still there
    if (s.running) {
      recorder_->record_run({RunEvent::Kind::Requeue, o.number, now - origin_, {}, {}});
      o.start.reset();
      s.running = false;
    }
    o.end = now - origin_;
    o.reason = job.is_held() ? "held" : "waiting in the queue";
  }
}

void LiveReport::observe(std::shared_ptr<const ir::Policy> policy, const ClusterSnapshot& cluster,
                         const std::vector<Reservation>& reservations, const FairshareHistory& fairshare,
                         const std::vector<std::pair<std::string, bool>>& starts) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!recorder_) {
    // Second 0 is the first turn, or the oldest submission then: no time of the report is
    // negative (-1 says "never started" in its data).
    origin_ = cluster.now;
    for (const Job& j : cluster.jobs) origin_ = std::min(origin_, j.submit_time);
    RecorderOptions o;
    o.priority_rows = options_.priority_rows;
    o.priority_samples = o.fairshare_samples;  // the queue's priorities at every sample
    recorder_ = std::make_unique<ReportRecorder>(*policy, cluster.nodes, 0, options_.sample_step, o);
  } else if (policy != policy_) {
    recorder_->set_policy(*policy);
  }
  policy_ = std::move(policy);
  ++turns_;
  machine_procs_ = 0;
  for (const Node& n : cluster.nodes) machine_procs_ += n.procs;
  for (const Job& j : cluster.jobs) see(j, cluster.now);
  for (const auto& [id, backfill] : starts)
    if (auto it = jobs_.find(id); it != jobs_.end()) it->second.outcome.backfilled = backfill;
  // Gone from Slurm without being seen to end (MinJobAge passed between two turns, or the job
  // was cancelled): a run ends now, a job that never started left the queue.
  for (auto& [id, s] : jobs_) {
    if (s.last_seen == cluster.now || s.left) continue;
    s.left = true;
    if (s.running) {
      s.running = false;
      s.outcome.end = cluster.now - origin_;
    } else if (!s.outcome.start) {
      s.outcome.reason = "left Slurm's queue before it started";
      s.outcome.end = cluster.now - origin_;
    }
  }
  recorder_->observe({cluster.now - origin_, origin_, cluster, reservations, fairshare});
  forget_old(cluster.now);
  ++version_;
}

// Once a sample step: the jobs that ended (or left) before the window are forgotten.
void LiveReport::forget_old(Epoch now) {
  if (now < next_forget_) return;
  next_forget_ = now + options_.sample_step;
  const Epoch cutoff = now - options_.window;
  std::unordered_set<std::int64_t> gone;
  std::erase_if(jobs_, [&](const auto& entry) {
    const Seen& s = entry.second;
    // Not while Slurm still lists it: a waiting job stays however old.
    const bool over = s.last_seen < now && !s.running && s.outcome.end + origin_ < cutoff;
    if (over) gone.insert(s.outcome.number);
    return over;
  });
  recorder_->forget_before(cutoff - origin_, gone);
}

ReportData LiveReport::data(const std::string& config, Seconds utc_offset, const ViewContext* now) const {
  ReportData d;
  d.title = "the live cluster (mauirun serve)";
  d.trace = "Slurm (live)";
  d.utc_offset = utc_offset;
  d.refresh = options_.refresh;
  std::lock_guard<std::mutex> lock(mutex_);
  d.origin = origin_;
  if (!recorder_) {
    ReportSide side;
    side.label = "live";
    side.config = config;
    side.warnings.push_back({{}, 0, 0, Severity::Warning, "the scheduler has not read Slurm yet"});
    d.sides.push_back(std::move(side));
    return d;
  }
  SimulationResult r;
  for (const auto& [_, s] : jobs_) r.jobs.push_back(s.outcome);
  std::sort(r.jobs.begin(), r.jobs.end(), [](const JobOutcome& a, const JobOutcome& b) { return a.number < b.number; });
  r.metrics = compute_metrics(r.jobs, machine_procs_);
  r.iterations = turns_;
  ReportSide side = recorder_->side("live", config, r);
  // The queue's priorities now, from the last published turn (its ranking, each job's terms).
  if (now && !now->iteration.queue.ranked.empty()) {
    PrioritySample p;
    p.at = now->cluster.now - origin_;
    p.queued = static_cast<std::int64_t>(now->iteration.queue.ranked.size());
    for (const auto& ranked : now->iteration.queue.ranked) {
      if (p.rows.size() == options_.priority_rows) break;
      const Job& job = now->cluster.jobs[ranked.index];
      const PriorityBreakdown b = priority_breakdown(*now, job);
      QueuedPriority row{job.id, job.user, b.priority, {}};
      for (std::size_t c = 0; c < ir::kPriorityComponents; ++c) row.components[c] = b.components[c].contribution;
      p.rows.push_back(std::move(row));
    }
    if (side.priorities.empty() || side.priorities.back().at != p.at) side.priorities.push_back(std::move(p));
  }
  d.sides.push_back(std::move(side));
  return d;
}

std::uint64_t LiveReport::version() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return version_;
}

}  // namespace maui::runtime
