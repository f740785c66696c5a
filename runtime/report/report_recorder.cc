#include "runtime/report/report_recorder.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <llvm/ADT/StringRef.h>

#include "runtime/engine/fairshare.h"
#include "runtime/engine/priority.h"
#include "runtime/views/explanation_json.h"

namespace maui::runtime {

namespace {

// A piecewise-constant quantity, given by the times it changes and by how much, averaged over
// equal bins of [start, end).
Series binned_average(std::vector<std::pair<Epoch, double>> changes, Epoch start, Epoch end, std::size_t bins,
                      double scale) {
  Series s;
  s.start = start;
  const Epoch span = std::max<Epoch>(end - start, 1);
  bins = std::max<std::size_t>(bins, 1);
  s.step = std::max<Seconds>((span + static_cast<Epoch>(bins) - 1) / static_cast<Epoch>(bins), 1);
  const auto count = static_cast<std::size_t>((span + s.step - 1) / s.step);
  s.values.assign(count, 0.0);
  std::sort(changes.begin(), changes.end());
  double level = 0;
  Epoch at = start;
  auto hold = [&](Epoch until) {  // `level` over [at, until)
    until = std::min(until, start + static_cast<Epoch>(count) * s.step);
    while (at < until) {
      const auto bin = static_cast<std::size_t>((at - start) / s.step);
      const Epoch bin_end = start + static_cast<Epoch>(bin + 1) * s.step;
      const Epoch to = std::min(until, bin_end);
      s.values[bin] += level * static_cast<double>(to - at);
      at = to;
    }
  };
  for (const auto& [t, delta] : changes) {
    if (t > at) hold(t);
    level += delta;
  }
  hold(start + static_cast<Epoch>(count) * s.step);
  for (double& v : s.values) v = v / static_cast<double>(s.step) * scale;
  return s;
}

// Nearest rank: the ceil(q n)-th smallest of `sorted`.
double quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sorted.size())));
  return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

Quantiles quantiles(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return {quantile(v, 0.05), quantile(v, 0.25), quantile(v, 0.5), quantile(v, 0.75), quantile(v, 0.95)};
}

bool natural_before(const std::string& a, const std::string& b) {
  const int c = llvm::StringRef(a).compare_numeric(b);
  return c != 0 ? c < 0 : a < b;
}

constexpr Seconds kSlowdownBound = 10;  // as the simulation's metrics (sim_metrics.cc)

}  // namespace

namespace {

// The trace's first submission, and the sampling step that spreads `samples` over its span
// (first submission to last end).
std::pair<Epoch, Seconds> trace_sampling(const Trace& trace, std::size_t samples) {
  Epoch first = std::numeric_limits<Epoch>::max(), last = 0;
  for (const TraceJob& j : trace.jobs) first = std::min(first, j.submit), last = std::max(last, j.submit + j.run);
  if (trace.jobs.empty()) first = 0;
  return {first, std::max<Seconds>((last - first) / static_cast<Seconds>(std::max<std::size_t>(samples, 1)), 1)};
}

}  // namespace

ReportRecorder::ReportRecorder(const ir::Policy& policy, const std::vector<Node>& nodes, const Trace& trace,
                               RecorderOptions options)
    : ReportRecorder(policy, nodes, trace_sampling(trace, options.fairshare_samples).first,
                     trace_sampling(trace, options.fairshare_samples).second, options) {}

ReportRecorder::ReportRecorder(const ir::Policy& policy, const std::vector<Node>& nodes, Epoch first,
                               Seconds sample_step, RecorderOptions options)
    : dir_(std::make_unique<CredentialDirectory>(policy)), options_(options) {
  for (const Node& n : nodes) node_row(n.name);
  next_sample_ = first;
  sample_step_ = std::max<Seconds>(sample_step, 1);
  priority_every_ =
      std::max<std::size_t>(options_.fairshare_samples / std::max<std::size_t>(options_.priority_samples, 1), 1);
}

void ReportRecorder::set_policy(const ir::Policy& policy) { dir_ = std::make_unique<CredentialDirectory>(policy); }

std::int32_t ReportRecorder::node_row(const std::string& name) {
  auto [it, fresh] = node_index_.try_emplace(name, static_cast<std::int32_t>(node_names_.size()));
  if (fresh) node_names_.push_back(name);
  return it->second;
}

void ReportRecorder::forget_before(Epoch at, const std::unordered_set<std::int64_t>& gone) {
  runs_.erase_if([&](const JobRun& r) { return gone.count(r.job) != 0; });
  std::erase_if(instances_, [&](const auto& i) { return i.second.end < at; });
  std::erase_if(held_, [&](const auto& h) { return h.second.planned < at; });
  std::size_t old = 0;
  while (old < fairshare_times_.size() && fairshare_times_[old] < at) ++old;
  if (old > 0) {
    fairshare_times_.erase(fairshare_times_.begin(), fairshare_times_.begin() + static_cast<std::ptrdiff_t>(old));
    for (auto& [_, line] : fairshare_)
      line.usage.erase(line.usage.begin(),
                       line.usage.begin() + static_cast<std::ptrdiff_t>(std::min(old, line.usage.size())));
    std::erase_if(fairshare_, [](const auto& l) {
      return std::all_of(l.second.usage.begin(), l.second.usage.end(), [](double u) { return u < 0; });
    });
  }
  std::erase_if(priorities_, [&](const PrioritySample& p) { return p.at < at; });
}

void ReportRecorder::attach(SimulationOptions& options) {
  options.on_run = [this, before = options.on_run](const RunEvent& e) {
    record_run(e);
    if (before) before(e);
  };
  options.on_iteration = [this](const IterationView& view) { observe(view); };
}

void ReportRecorder::observe(const IterationView& view) {
  origin_ = view.origin;
  keep_reservations(view);
  if (view.at < next_sample_) return;
  // A priority sample is due every priority_every_ samples; one that finds no job waiting waits
  // for the next sample that does.
  if (samples_ % priority_every_ == 0) priority_due_ = true;
  bool waiting = false;
  for (const Job& j : view.cluster.jobs) waiting = waiting || j.is_queued();
  sample(view, priority_due_ && waiting);
  if (waiting) priority_due_ = false;
  ++samples_;
  next_sample_ = view.at + sample_step_;
}

void ReportRecorder::keep_reservations(const IterationView& view) {
  std::vector<std::int32_t> nodes;
  for (const Reservation& r : view.reservations) {
    nodes.clear();
    // By name: the rows are the nodes as first seen, which a live cluster may add to.
    for (const NodeTasks& nt : r.nodes)
      if (nt.node < view.cluster.nodes.size()) nodes.push_back(node_row(view.cluster.nodes[nt.node].name));
    if (r.kind == ReservationKind::Job) {
      auto [it, fresh] = held_.try_emplace(r.name);
      Held& h = it->second;
      if (fresh) h.first = view.at;
      h.planned = r.start - view.origin;
      if (h.nodes != nodes) h.nodes = nodes;
      continue;
    }
    Instance& i = instances_[{static_cast<int>(r.kind), r.name, r.start - view.origin}];
    i.end = r.end - view.origin;
    if (i.nodes != nodes) i.nodes = nodes;
  }
}

void ReportRecorder::sample(const IterationView& view, bool priorities) {
  const FairshareStanding standing = FairshareStanding::compute(*dir_, view.fairshare, view.cluster.now);
  fairshare_times_.push_back(view.at);
  const std::size_t n = fairshare_times_.size();
  for (const CredentialStanding& c : standing.credentials()) {
    if (!c.target) continue;
    FairshareLine& line = fairshare_[std::string(ir::to_string(c.who.kind)) + " " + c.who.name];
    if (line.credential.empty()) {
      line.credential = std::string(ir::to_string(c.who.kind)) + " " + c.who.name;
      line.target = c.target->target.value;
      line.mode = std::string(fairshare_mode_name(c.target->target.mode));
    }
    line.usage.resize(n - 1, -1.0);
    line.usage.push_back(c.usage_percent);
  }
  for (auto& [_, line] : fairshare_) line.usage.resize(n, -1.0);
  if (!priorities) return;

  const PriorityCalculator calc(*dir_, standing, view.cluster.totals(), view.cluster.now);
  const auto ranked = rank_jobs(calc, view.cluster.jobs);
  PrioritySample s;
  s.at = view.at;
  s.queued = static_cast<std::int64_t>(ranked.size());
  for (std::size_t k = 0; k < ranked.size() && k < options_.priority_rows; ++k) {
    const Job& job = view.cluster.jobs[ranked[k].index];
    const PriorityBreakdown b = calc.evaluate(job);
    QueuedPriority row{job.id, job.user, b.priority, {}};
    for (std::size_t c = 0; c < ir::kPriorityComponents; ++c) row.components[c] = b.components[c].contribution;
    s.rows.push_back(std::move(row));
  }
  priorities_.push_back(std::move(s));
}

std::vector<std::pair<std::int32_t, std::int32_t>> ReportRecorder::ranges(std::vector<std::int32_t> nodes) const {
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  std::vector<std::pair<std::int32_t, std::int32_t>> out;  // (first, count)
  for (std::int32_t n : nodes) {
    if (!out.empty() && out.back().first + out.back().second == n)
      ++out.back().second;
    else
      out.emplace_back(n, 1);
  }
  return out;
}

ReportSide ReportRecorder::side(std::string label, std::string config, const SimulationResult& result) const {
  ReportSide s;
  s.label = std::move(label);
  s.config = std::move(config);
  s.metrics = result.metrics;
  s.iterations = result.iterations;
  s.warnings = result.warnings;
  s.nodes = node_names_;
  s.jobs = result.jobs;

  std::unordered_map<std::int64_t, std::int32_t> position;
  for (std::size_t i = 0; i < s.jobs.size(); ++i) position.emplace(s.jobs[i].number, static_cast<std::int32_t>(i));
  std::vector<std::pair<Epoch, double>> busy, waiting;
  for (const JobRun& run : runs_.runs()) {
    auto at = position.find(run.job);
    if (at == position.end()) continue;
    const JobOutcome& job = s.jobs[static_cast<std::size_t>(at->second)];
    const Epoch end = run.requeued ? *run.requeued : job.end;
    std::vector<std::int32_t> nodes;
    for (const auto& [name, tasks] : run.nodes)
      if (auto n = node_index_.find(name); n != node_index_.end()) nodes.push_back(n->second);
    for (const auto& [first, count] : ranges(std::move(nodes)))
      s.blocks.push_back({at->second, first, count, run.start, end});
    busy.emplace_back(run.start, static_cast<double>(job.procs));
    busy.emplace_back(end, -static_cast<double>(job.procs));
    waiting.emplace_back(run.start, -1.0);
    if (run.requeued) waiting.emplace_back(*run.requeued, 1.0);
  }
  Epoch first = std::numeric_limits<Epoch>::max(), last = std::numeric_limits<Epoch>::min();
  for (const JobOutcome& j : s.jobs) {
    first = std::min(first, j.submit);
    last = std::max(last, j.start ? j.end : j.submit);
    waiting.emplace_back(j.submit, 1.0);
  }
  if (!s.jobs.empty()) {
    const double procs = static_cast<double>(std::max<std::int64_t>(result.metrics.machine_procs, 1));
    s.utilization = binned_average(std::move(busy), first, last, options_.bins, 1.0 / procs);
    s.queue = binned_average(std::move(waiting), first, last, options_.bins, 1.0);
  }

  for (const auto& [key, instance] : instances_) {
    const auto& [kind, name, start] = key;
    const Shade::Kind k = kind == static_cast<int>(ReservationKind::Admin) ? Shade::Kind::Admin : Shade::Kind::Standing;
    for (const auto& [node, count] : ranges(instance.nodes))
      s.shades.push_back({k, name, node, count, start, instance.end});
  }
  for (const auto& [job, held] : held_)
    if (held.first < held.planned)
      for (const auto& [node, count] : ranges(held.nodes))
        s.shades.push_back({Shade::Kind::Job, job, node, count, held.first, held.planned});

  s.fairshare_times = fairshare_times_;
  for (const auto& [_, line] : fairshare_) s.fairshare.push_back(line);
  std::sort(s.fairshare.begin(), s.fairshare.end(),
            [](const FairshareLine& a, const FairshareLine& b) { return natural_before(a.credential, b.credential); });
  s.priorities = priorities_;

  for (GroupBy kind : {GroupBy::User, GroupBy::Group, GroupBy::Account, GroupBy::Class, GroupBy::Qos}) {
    std::map<std::string, std::pair<std::vector<double>, std::vector<double>>> of;  // waits, slowdowns
    for (const JobOutcome& j : s.jobs) {
      if (!j.start) continue;
      const auto wait = static_cast<double>(*j.start - j.submit);
      const auto run = static_cast<double>(j.end - *j.start);
      auto& [waits, slowdowns] = of[credential_of(j, kind)];
      waits.push_back(wait);
      slowdowns.push_back(std::max(1.0, (wait + run) / std::max<double>(run, kSlowdownBound)));
    }
    std::vector<Distribution> d;
    for (auto& [name, values] : of)
      d.push_back({kind, name, static_cast<std::int64_t>(values.first.size()), quantiles(std::move(values.first)),
                   quantiles(std::move(values.second))});
    std::sort(d.begin(), d.end(), [](const Distribution& a, const Distribution& b) {
      return a.started != b.started ? a.started > b.started : natural_before(a.name, b.name);
    });
    if (d.size() > options_.distribution_credentials) d.resize(options_.distribution_credentials);
    std::sort(d.begin(), d.end(),
              [](const Distribution& a, const Distribution& b) { return natural_before(a.name, b.name); });
    s.distributions.insert(s.distributions.end(), d.begin(), d.end());
  }
  return s;
}

}  // namespace maui::runtime
