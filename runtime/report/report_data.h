// What the HTML report of a run shows (`mauirun report`, `mauirun compare --html`, and the
// daemon's page of the live cluster, `serve --http`): plain data, gathered from a simulation or
// the daemon's turns by ReportRecorder (report_recorder.h, live_report.h) and written as HTML by
// render_report_html (report_html.h). Times are the run's seconds unless said otherwise.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/rm/sim/sim_breakdown.h"
#include "runtime/rm/sim/sim_metrics.h"
#include "schemas/problem.h"

namespace maui::runtime {

// A run of a job on a contiguous range of the cluster's nodes, [node, node + nodes) in the
// cluster's node order: one rectangle of the Gantt chart. A run on scattered nodes is several.
struct GanttBlock {
  std::int32_t job = 0;  // index into ReportSide::jobs
  std::int32_t node = 0, nodes = 1;
  Epoch start = 0, end = 0;
};

// A reservation shaded behind the jobs, one rectangle per contiguous range of its nodes.
// Standing and administrative reservations over their time; a job's reservation from the
// first iteration that held it to the start it last planned (the nodes it kept for the job).
struct Shade {
  enum class Kind : std::uint8_t { Standing, Admin, Job } kind = Kind::Standing;
  std::string name;  // the SRCFG instance `<SR>.<n>`, the admin reservation, or the job id
  std::int32_t node = 0, nodes = 1;
  Epoch start = 0, end = 0;
};

// A quantity over time, as its time-weighted average over equal bins from `start`.
struct Series {
  Epoch start = 0;
  Seconds step = 1;
  std::vector<double> values;
};

struct FairshareLine {
  std::string credential;        // "user u1", "group staff"
  std::optional<double> target;  // FSTARGET, percent
  std::string mode;              // "target", "floor", "ceiling", "cap"
  std::vector<double> usage;     // percent of the decayed total at each sample time (-1: none)
};

struct QueuedPriority {
  std::string job, user;
  std::int64_t priority = 0;
  std::array<double, ir::kPriorityComponents> components{};  // contributions
};
struct PrioritySample {
  Epoch at = 0;
  std::int64_t queued = 0;           // jobs waiting then; the first rows of them are kept
  std::vector<QueuedPriority> rows;  // in priority order
};

// Five numbers of a distribution: 5th percentile, quartiles, 95th percentile.
using Quantiles = std::array<double, 5>;
struct Distribution {
  GroupBy kind = GroupBy::User;
  std::string name;
  std::int64_t started = 0;
  Quantiles wait{}, slowdown{};
};

// One row of `mauic check`'s standing-reservation coverage table: how many nodes the
// credential's jobs can reach in each hour of the week (0 = Sunday 00:00, local time).
struct CoverageRow {
  std::string credential;
  std::array<std::int32_t, 168> nodes{};
  std::string text;  // the table's sentence
};

struct ReportSide {
  std::string label;  // "old", "new" or the config's name
  std::string config;
  ScheduleMetrics metrics;
  std::int64_t iterations = 0;
  std::vector<std::string> nodes;  // the Gantt's rows, in the cluster's order
  std::vector<JobOutcome> jobs;    // in trace order
  std::vector<GanttBlock> blocks;
  std::vector<Shade> shades;
  Series utilization;  // busy procs / machine procs
  Series queue;        // jobs waiting
  std::vector<Epoch> fairshare_times;
  std::vector<FairshareLine> fairshare;
  std::vector<PrioritySample> priorities;
  std::vector<Distribution> distributions;
  std::vector<Problem> warnings;      // the run's (SimulationResult::warnings)
  std::vector<CoverageRow> coverage;  // of this side's policy
  std::string coverage_note;          // why there is no table, when there is none
};

struct ReportData {
  std::string title;
  std::string trace;
  Epoch origin = 0;               // epoch of trace second 0
  Seconds utc_offset = 0;         // local time = epoch + utc_offset
  std::vector<ReportSide> sides;  // one; two for a comparison (old, new)
  // A live page asks for its data again this often (serve --http); 0: a file, drawn once.
  Seconds refresh = 0;
};

}  // namespace maui::runtime
