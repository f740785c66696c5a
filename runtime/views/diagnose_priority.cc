// diagnose -p [--explain]: the priority table as Maui 3.3.1 prints it (tests/maui331/A-T1799/
// diagnose-p.txt): the eligible idle jobs in scheduling order, PRIORITY rounded from the sum of
// the components, each component's percent of it and its subcomponents weighted, one decimal.
// --explain (and --format json) give the report of `mauirun priority` instead: every queued job,
// the subcomponents unweighted (runtime/engine/explain.h, render_priority_table).
#include <cmath>
#include <unordered_set>

#include <fmt/format.h>

#include "runtime/engine/explain.h"
#include "runtime/engine/priority_titles.h"
#include "runtime/views/explanation_json.h"
#include "runtime/views/job_facts.h"
#include "runtime/views/priority_report.h"
#include "runtime/views/view_parts.h"
#include "runtime/views/view_text.h"

namespace maui::runtime {

namespace {

using C = ir::PriorityComponent;
using S = ir::PrioritySubcomponent;

// The columns: components of a non-zero weight, each with its subcomponents of a non-zero weight
// (a QOS's QTWEIGHT / XFWEIGHT makes QTime / XFctr live).
struct Column {
  C component;
  std::vector<S> subs;
};
std::vector<Column> columns_of(const ir::Policy& policy) {
  std::vector<Column> out;
  for (std::size_t c = 0; c < ir::kPriorityComponents; ++c) {
    const auto comp = static_cast<C>(c);
    if (policy.priority[comp].weight.value == 0) continue;
    Column col{comp, {}};
    const auto range = subcomponents_of(comp);
    for (std::size_t i = range.first; i < range.first + range.count; ++i) {
      const auto sub = static_cast<S>(i);
      bool qos_weight = false;
      if (sub == S::QueueTime || sub == S::XFactor)
        for (const auto& [id, cfg] : policy.credentials)
          qos_weight |= (sub == S::QueueTime ? cfg.qos->queuetime_weight : cfg.qos->xfactor_weight).has_value();
      if (policy.priority[sub].weight.value != 0 || qos_weight) col.subs.push_back(sub);
    }
    if (!col.subs.empty()) out.push_back(std::move(col));
  }
  return out;
}

// One component's cell: "  86.6(100.0: 20.0:200.0)"; `head` the 6-wide part, `inner` the subs.
template <typename Head, typename Inner>
std::string cells(const std::vector<Column>& columns, Head head, Inner inner) {
  std::string out;
  for (const auto& c : columns) {
    std::string subs;
    for (std::size_t i = 0; i < c.subs.size(); ++i) subs += fmt::format("{}{:>5}", i ? ":" : "", inner(c.subs[i]));
    out += fmt::format("{:>6}({})", head(c.component), subs);
  }
  return out;
}

std::string one_decimal(double x) { return fmt::format("{:.1f}", x); }

// Maui's PRIORITY column: the sum rounded (its StartPriority truncates), before the floor of
// ENABLENEGJOBPRIORITY FALSE (B T88471: job 4 is 0 here and 1 in showq -i); an operator's
// system priority and the cap as the engine applied them.
std::int64_t shown_priority(const PriorityBreakdown& b) {
  if (b.system_priority || b.capped) return b.priority;
  return static_cast<std::int64_t>(std::llround(b.sum));
}

// A percent of a total; Maui prints 100.0 when the total is 0 (B T88471: `100.0(  0.0)` for a
// job of priority 0, `100.0(100.0)` as the contribution of a queue of such jobs).
std::string percent_of(double part, double total) { return one_decimal(total > 0 ? part / total * 100.0 : 100.0); }

std::string maui_table(const ViewContext& ctx, const std::vector<PriorityRow>& all) {
  const ir::Policy& policy = ctx.dir.policy();
  const QueueFacts facts(ctx);
  std::unordered_set<const Job*> eligible;
  for (std::size_t j : facts.queued_by_priority())
    if (facts[j].standing == JobStanding::Eligible) eligible.insert(&ctx.cluster.jobs[j]);
  const auto columns = columns_of(policy);

  std::string out = "diagnosing job priority information (partition: ALL)\n\n";
  out += fmt::format(
      "{:<20} {:>10}* {}\n", "Job", "PRIORITY",
      cells(
          columns, [](C c) { return priority_component_title(c); }, [](S s) { return priority_column_title(s); }));
  out += fmt::format("{:>20} {:>10}  {}\n\n", "Weights", "--------",
                     cells(
                         columns, [&](C c) { return policy.priority[c].weight.value; },
                         [&](S s) { return policy.priority[s].weight.value; }));
  std::array<double, ir::kPriorityComponents> totals{};
  std::array<double, ir::kPrioritySubcomponents> sub_totals{};
  double magnitude = 0;
  for (const auto& row : all) {
    if (!eligible.count(row.job)) continue;
    const auto& b = row.breakdown;
    double job_total = 0;
    for (const auto& c : b.components) job_total += std::fabs(c.contribution);
    out += fmt::format("{:<20} {:>10}{} {}\n", row.job->id, shown_priority(b), b.system_priority ? "*" : " ",
                       cells(
                           columns, [&](C c) { return percent_of(std::fabs(b[c].contribution), job_total); },
                           [&](S s) { return one_decimal(b[s].contribution); }));
    for (std::size_t c = 0; c < ir::kPriorityComponents; ++c) {
      totals[c] += std::fabs(b.components[c].contribution);
      magnitude += std::fabs(b.components[c].contribution);
      const auto range = subcomponents_of(static_cast<C>(c));
      for (std::size_t s = range.first; s < range.first + range.count; ++s)
        sub_totals[s] += std::fabs(static_cast<double>(b.components[c].weight) * b.subcomponents[s].contribution);
    }
  }
  auto share = [&](double part) { return percent_of(part, magnitude); };
  out += fmt::format("\n{:<20} {:>10}  {}\n\n", "Percent Contribution", "--------",
                     cells(
                         columns, [&](C c) { return share(totals[static_cast<std::size_t>(c)]); },
                         [&](S s) { return share(sub_totals[static_cast<std::size_t>(s)]); }));
  out += "* indicates system prio set on job\n\n";
  return out;
}

}  // namespace

ViewAnswer diagnose_priority(const ViewInput& in) {
  const ViewContext& ctx = in.context;
  const auto rows = priority_rows(ctx.dir, fairshare_of(ctx), ctx.cluster);
  const ir::Policy& policy = ctx.dir.policy();
  if (in.request.json) return answer(priority_json(policy, rows, 0));
  return answer(in.args.has("--explain") ? render_priority_table(policy, rows) : maui_table(ctx, rows));
}

}  // namespace maui::runtime
