#include "runtime/engine/explain.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include <fmt/format.h>

#include "runtime/engine/priority_titles.h"

namespace maui::runtime {

namespace {

using C = ir::PriorityComponent;
using S = ir::PrioritySubcomponent;

std::string number(double x) {
  if (std::fabs(x - std::round(x)) < 1e-9 && std::fabs(x) < 1e15) return fmt::format("{:.0f}", x);
  return fmt::format("{:.2f}", x);
}

std::string cap_text(std::int64_t cap) { return cap > 0 ? fmt::format("{}", cap) : std::string("-"); }

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// A value in a 5-character column.
std::string cell(double x) {
  double a = std::fabs(x);
  if (a >= 99999.5) return fmt::format("{:5.0e}", x);
  if (a >= 100 || std::fabs(x - std::round(x)) < 1e-9) return fmt::format("{:5.0f}", x);
  return fmt::format("{:5.1f}", x);
}

// The components and subcomponents shown: those with a non-zero weight.
struct Shown {
  C component;
  std::vector<S> subs;
};
std::vector<Shown> shown_columns(const ir::Policy& policy) {
  std::vector<Shown> out;
  for (std::size_t c = 0; c < ir::kPriorityComponents; ++c) {
    auto comp = static_cast<C>(c);
    if (policy.priority[comp].weight.value == 0) continue;
    Shown s{comp, {}};
    auto range = subcomponents_of(comp);
    for (std::size_t i = range.first; i < range.first + range.count; ++i) {
      auto sub = static_cast<S>(i);
      bool qos_weight = false;  // QTWEIGHT / XFWEIGHT on some QOS make the column live
      if (sub == S::QueueTime || sub == S::XFactor)
        for (const auto& [id, cfg] : policy.credentials)
          qos_weight |= (sub == S::QueueTime ? cfg.qos->queuetime_weight : cfg.qos->xfactor_weight).has_value();
      if (policy.priority[sub].weight.value != 0 || qos_weight) s.subs.push_back(sub);
    }
    if (!s.subs.empty()) out.push_back(std::move(s));
  }
  return out;
}

std::string column_header(const Shown& s) {
  std::string inner;
  for (std::size_t i = 0; i < s.subs.size(); ++i)
    inner += fmt::format("{}{:>5}", i ? ":" : "", priority_column_title(s.subs[i]));
  return fmt::format("{:>5}({})", priority_component_title(s.component), inner);
}

}  // namespace

std::string where(const ir::Provenance& p) {
  if (p.where.line == 0) return "built-in default";
  return fmt::format("{}:{}", p.where.file.str(), p.where.line);
}

std::string limit_origin(const LimitViolation& v) {
  std::string name = limit_name(v.family, v.resource);
  std::string setting;
  switch (v.source) {
    case LimitSource::Own:
    case LimitSource::Default:
      if (v.within)
        setting = fmt::format("{}[{}] {}[{}{}]", ir::family_of(v.source_credential.kind), v.source_credential.name,
                              name, upper(ir::to_string(v.credential.kind)),
                              v.scope_named ? fmt::format(":{}", v.credential.name) : std::string());
      else
        setting = fmt::format("{}[{}] {}", ir::family_of(v.source_credential.kind), v.source_credential.name, name);
      break;
    case LimitSource::QosOverride: {
      std::string_view prefix = v.family == LimitFamily::Active ? "OMAX"
                                : v.family == LimitFamily::Idle ? "OMAXI"
                                                                : "OMAXJ";
      std::string res = limit_name(LimitFamily::Active, v.resource).substr(3);
      setting = fmt::format("QOSCFG[{}] {}{}", v.source_credential.name, prefix, res);
      break;
    }
    case LimitSource::System: setting = name; break;
  }
  return v.from ? fmt::format("{} at {}", setting, where(*v.from)) : setting;
}

std::string describe(const FairshareCapViolation& v) {
  std::string target = target_text(v.cap);
  std::string who = fmt::format("{} {}", ir::to_string(v.who.kind), v.who.name);
  std::string origin = v.from_default ? fmt::format(" (from {}[DEFAULT])", ir::family_of(v.who.kind)) : std::string();
  if (v.cap.mode == ir::FairshareMode::CapAbsolute)
    return fmt::format("violates fairshare cap {} of {}{} (usage {}, request {} proc-seconds)", target, who, origin,
                       number(v.usage), number(v.request));
  return fmt::format("violates fairshare cap {} of {}{} (usage {:.2f}%, request {:.2f}% of the total)", target, who,
                     origin, v.usage, v.request);
}

std::vector<std::string> obstacles(const JobEligibility& e) {
  std::vector<std::string> out;
  if (e.not_idle && e.holds.empty()) out.push_back("is not idle");
  for (const auto& h : e.holds) out.push_back(fmt::format("has a {} hold", h));
  for (const auto& d : e.waiting_for) out.push_back(fmt::format("waits for job {} to complete", d));
  if (e.negative_priority)
    out.push_back(fmt::format("has a negative priority ({}) and REJECTNEGPRIOJOBS is TRUE", e.priority));
  for (const auto& c : e.fairshare_caps) out.push_back(describe(c));
  for (const auto& v : e.violations) out.push_back(fmt::format("{} [{}]", describe(v), limit_origin(v)));
  return out;
}

std::string render_priority_table(const ir::Policy& policy, std::span<const PriorityRow> rows) {
  auto columns = shown_columns(policy);
  std::string out = fmt::format("{:<20} {:>10}", "Job", "PRIORITY");
  for (const auto& c : columns) out += "  " + column_header(c);
  out += "\n";
  // Weights: CW(SW:SW:...), with the QOS additions left out (they differ per job).
  out += fmt::format("{:>20} {:>10}", "Weights", "--------");
  for (const auto& c : columns) {
    std::string inner;
    for (std::size_t i = 0; i < c.subs.size(); ++i)
      inner += fmt::format("{}{:>5}", i ? ":" : "", policy.priority[c.subs[i]].weight.value);
    out += fmt::format("  {:>5}({})", policy.priority[c.component].weight.value, inner);
  }
  out += "\n\n";
  std::array<double, ir::kPriorityComponents> totals{};
  std::array<double, ir::kPrioritySubcomponents> sub_totals{};
  double magnitude = 0;
  bool any_system = false;
  for (const auto& row : rows) {
    const auto& b = row.breakdown;
    any_system |= b.system_priority.has_value();
    std::string line = fmt::format("{:<20} {:>10}", row.job->id, b.priority);
    // As Maui's diagnose -p: '*' right after the priority marks one an operator set (setspri).
    const std::size_t mark = line.size();
    for (const auto& c : columns) {
      std::string inner;
      for (std::size_t i = 0; i < c.subs.size(); ++i)
        inner += fmt::format("{}{}", i ? ":" : "", cell(b[c.subs[i]].value));
      line += fmt::format("  {:5.1f}({})", b[c.component].percent, inner);
    }
    if (b.system_priority) {
      if (line.size() > mark)
        line[mark] = '*';
      else
        line += '*';
    }
    out += line + "\n";
    for (std::size_t c = 0; c < ir::kPriorityComponents; ++c) {
      totals[c] += std::fabs(b.components[c].contribution);
      magnitude += std::fabs(b.components[c].contribution);
      auto range = subcomponents_of(static_cast<C>(c));
      for (std::size_t s = range.first; s < range.first + range.count; ++s)
        sub_totals[s] += std::fabs(static_cast<double>(b.components[c].weight) * b.subcomponents[s].contribution);
    }
  }
  out += fmt::format("\n{:<20} {:>10}", "Percent Contribution", "--------");
  for (const auto& c : columns) {
    auto share = [&](double part) { return magnitude > 0 ? part / magnitude * 100.0 : 0.0; };
    std::string inner;
    for (std::size_t i = 0; i < c.subs.size(); ++i)
      inner += fmt::format("{}{:5.1f}", i ? ":" : "", share(sub_totals[static_cast<std::size_t>(c.subs[i])]));
    out += fmt::format("  {:5.1f}({})", share(totals[static_cast<std::size_t>(c.component)]), inner);
  }
  out += "\n";
  if (any_system) out += "\n* system priority set on the job\n";
  return out;
}

std::string render_priority_breakdown(const ir::Policy& policy, const PriorityRow& row) {
  const auto& b = row.breakdown;
  std::string out = fmt::format("job {}: priority {}", row.job->id, b.priority);
  if (b.floored) out += fmt::format(" (sum {} raised to 1: ENABLENEGJOBPRIORITY is FALSE)", number(b.sum));
  if (b.capped) out += fmt::format(" (sum {} cut to the maximum 1000000000)", number(b.sum));
  if (b.nice != 0) out += fmt::format(" (nice {}: taken off)", b.nice);
  if (b.system_priority)
    out += b.system_priority->relative
               ? fmt::format(" (system priority: {:+} added)", b.system_priority->value)
               : fmt::format(" (system priority {}: 1000000000 + {}, above every job without one)",
                             b.system_priority->value, b.system_priority->value);
  if (b.rejected_negative) out += " (negative: REJECTNEGPRIOJOBS makes the job ineligible)";
  out += fmt::format("\n  effective queue time {} ({} under JOBPRIOACCRUALPOLICY {}), expansion factor {:.2f}\n",
                     duration_text(b.effective_queue_time),
                     number(static_cast<double>(b.effective_queue_time) / 60.0) + " min",
                     ir::to_string(policy.priority.accrual_policy.value), b.xfactor);
  out += fmt::format("  {:<16} {:>14} {:>8} {:>10} {:>16} {:>8}\n", "component", "value", "weight", "cap",
                     "contribution", "percent");
  for (std::size_t c = 0; c < ir::kPriorityComponents; ++c) {
    auto comp = static_cast<C>(c);
    const auto& cs = b[comp];
    auto range = subcomponents_of(comp);
    bool any = cs.weight != 0 || cs.factor != 0;
    if (!any) continue;
    out += fmt::format("  {:<16} {:>14} {:>8} {:>10} {:>16} {:>7.1f}%\n", ir::to_string(comp), number(cs.factor),
                       cs.weight, cap_text(cs.cap), number(cs.contribution), cs.percent);
    for (std::size_t s = range.first; s < range.first + range.count; ++s) {
      const auto& ss = b.subcomponents[s];
      if (ss.weight == 0 && ss.value == 0) continue;
      out += fmt::format("    {:<14} {:>14} {:>8} {:>10} {:>16}\n", ir::to_string(static_cast<S>(s)), number(ss.value),
                         ss.weight, cap_text(ss.cap), number(ss.contribution));
    }
  }
  out += fmt::format("  {:<16} {:>14} {:>8} {:>10} {:>16}\n", "total", "", "", "", number(b.sum));
  return out;
}

std::string target_text(const ir::FairshareTarget& t) {
  std::string_view marker;
  switch (t.mode) {
    case ir::FairshareMode::Target: marker = ""; break;
    case ir::FairshareMode::Floor: marker = "+"; break;
    case ir::FairshareMode::Ceiling: marker = "-"; break;
    case ir::FairshareMode::CapAbsolute: marker = "^"; break;
    case ir::FairshareMode::CapRelative: marker = "%"; break;
  }
  return fmt::format("{:.2f}{}", t.value, marker);
}

std::string render_fairshare(const ir::Policy& policy, const FairshareStanding& s) {
  const auto& clock = s.clock();
  std::string out = "FairShare Information\n\n";
  out += fmt::format("Depth: {} intervals   Interval Length: {}   Decay Rate: {:.2f}\n\n", clock.depth,
                     duration_text(clock.interval), clock.decay);
  out +=
      fmt::format("FS Policy: {}{}\n\n", ir::to_string(policy.fairshare.metric.value), s.percentage_mode() ? "%" : "");
  // Only windows in which something was delivered get a column.
  std::vector<std::size_t> windows;
  for (std::size_t k = 0; k < s.window_totals().size(); ++k)
    if (s.window_totals()[k] > 0) windows.push_back(k);
  out += fmt::format("{:<14} {:>8} {:>8}", "FSInterval", "%", "Target");
  for (auto k : windows) out += fmt::format(" {:>7}", k);
  out += fmt::format("\n{:<14} {:>8} {:>8}", "FSWeight", "-------", "-------");
  for (auto k : windows) out += fmt::format(" {:>7.4f}", s.window_weights()[k]);
  out += fmt::format("\n{:<14} {:>8.2f} {:>8}", "TotalUsage", s.total_decayed() > 0 ? 100.0 : 0.0, "-------");
  for (auto k : windows) out += fmt::format(" {:>7.1f}", s.window_totals()[k] / 3600.0);  // proc-hours
  out += "\n";

  static constexpr std::pair<ir::CredKind, std::string_view> kSections[] = {{ir::CredKind::User, "USER"},
                                                                            {ir::CredKind::Group, "GROUP"},
                                                                            {ir::CredKind::Account, "ACCT"},
                                                                            {ir::CredKind::Qos, "QOS"},
                                                                            {ir::CredKind::Class, "CLASS"}};
  for (const auto& [kind, title] : kSections) {
    bool header = false;
    for (const auto& c : s.credentials()) {
      if (c.who.kind != kind) continue;
      if (!header) {
        out += fmt::format("\n{}\n-------------\n", title);
        header = true;
      }
      std::string name = c.who.name + (out_of_bounds(c, s) ? "*" : "");
      out += fmt::format("{:<14} {:>8.2f} {:>8}", name, c.usage_percent,
                         c.target ? target_text(c.target->target) : std::string("-------"));
      for (auto k : windows) {
        double total = s.window_totals()[k];
        if (c.window_usage[k] > 0 && total > 0)
          out += fmt::format(" {:>7.2f}", c.window_usage[k] / total * 100.0);
        else
          out += fmt::format(" {:>7}", "-------");
      }
      out += "\n";
    }
  }
  return out;
}

std::string render_eligibility(const ClusterSnapshot& snapshot, const EligibilityReport& report) {
  std::string out =
      fmt::format("{} queued job{}: {} eligible under the hard limits, {} of them within the soft limits\n",
                  report.jobs.size(), report.jobs.size() == 1 ? "" : "s", report.eligible, report.soft_eligible);
  std::string eligible, blocked;
  for (const auto& e : report.jobs) {
    const Job& job = snapshot.jobs[e.index];
    if (e.eligible) {
      eligible += fmt::format("  {:<20} {:>10}  {}\n", job.id, e.priority, e.soft_eligible ? "soft" : "hard only");
      for (const auto& v : e.soft_violations) eligible += fmt::format("      {} [{}]\n", describe(v), limit_origin(v));
    } else {
      blocked += fmt::format("  {:<20} {:>10}\n", job.id, e.priority);
      for (const auto& reason : obstacles(e)) blocked += fmt::format("      {}\n", reason);
    }
  }
  if (!eligible.empty()) out += fmt::format("\nELIGIBLE\n  {:<20} {:>10}  {}\n{}", "job", "priority", "pass", eligible);
  if (!blocked.empty()) out += fmt::format("\nBLOCKED\n  {:<20} {:>10}  {}\n{}", "job", "priority", "reasons", blocked);
  return out;
}

}  // namespace maui::runtime
