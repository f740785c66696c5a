#include "runtime/views/explanation_json.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

#include "llvm/Support/JSON.h"
#include "runtime/views/view_text.h"
#include "schemas/json_writer.h"

namespace maui::runtime {

namespace {

namespace json = llvm::json;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string print(json::Value v, unsigned indent = 2) { return json_text(std::move(v), indent); }

// Finite doubles only (JSON has no NaN); rounded to 6 decimals so the text is stable.
json::Value num(double x) { return json_number(x); }

json::Value credential(const ir::Credential& c) {
  return json::Object{{"type", std::string(ir::to_string(c.kind))}, {"name", c.name}};
}

}  // namespace

std::string_view fairshare_mode_name(ir::FairshareMode m) {
  switch (m) {
    case ir::FairshareMode::Target: return "target";
    case ir::FairshareMode::Floor: return "floor";
    case ir::FairshareMode::Ceiling: return "ceiling";
    case ir::FairshareMode::CapAbsolute:
    case ir::FairshareMode::CapRelative: return "cap";
  }
  return "target";
}

namespace {

// A number as num() gives it, to a streaming writer.
void put_number(ir::JsonWriter& w, double x) {
  if (!std::isfinite(x)) return w.null();
  const double r = std::round(x * 1e6) / 1e6;
  if (r == std::round(r) && std::fabs(r) < 9e15) return w.integer(static_cast<std::int64_t>(r));
  w.number(r);
}
void put_cap(ir::JsonWriter& w, std::int64_t cap) {
  if (cap > 0)
    w.integer(cap);
  else
    w.null();
}

// Each component's subcomponents by JSON name, in the order the names sort.
const std::array<std::vector<std::pair<std::string, std::size_t>>, ir::kPriorityComponents>& sorted_subcomponents() {
  static const auto table = [] {
    std::array<std::vector<std::pair<std::string, std::size_t>>, ir::kPriorityComponents> t;
    for (std::size_t c = 0; c < ir::kPriorityComponents; ++c) {
      const auto range = subcomponents_of(static_cast<ir::PriorityComponent>(c));
      for (std::size_t s = range.first; s < range.first + range.count; ++s)
        t[c].emplace_back(lower(ir::to_string(static_cast<ir::PrioritySubcomponent>(s))), s);
      std::sort(t[c].begin(), t[c].end());
    }
    return t;
  }();
  return table;
}

}  // namespace

// Streamed, every object's keys in sorted order: the bytes the llvm::json form printed
// (json_text), without building a tree of a few hundred thousand objects for 10,000 jobs.
std::string priority_json(const ir::Policy& policy, std::span<const PriorityRow> rows, unsigned indent) {
  (void)policy;
  std::string out;
  out.reserve(512 + rows.size() * (indent ? 6144 : 2816));  // about 5.8 KB a job indented, 2.5 KB not
  {
    ir::JsonWriter w([&](std::string_view piece) { out.append(piece); }, indent);
    std::array<std::string, ir::kPriorityComponents> names;
    for (std::size_t c = 0; c < ir::kPriorityComponents; ++c)
      names[c] = lower(ir::to_string(static_cast<ir::PriorityComponent>(c)));
    std::array<std::size_t, ir::kPriorityComponents> by_name;
    for (std::size_t c = 0; c < by_name.size(); ++c) by_name[c] = c;
    std::sort(by_name.begin(), by_name.end(), [&](std::size_t a, std::size_t b) { return names[a] < names[b]; });
    const auto& subs = sorted_subcomponents();
    w.object_begin();
    w.plain_key("jobs");
    w.array_begin();
    for (const auto& row : rows) {
      const auto& b = row.breakdown;
      w.object_begin();
      w.plain_key("capped");
      w.boolean(b.capped);
      w.plain_key("components");
      w.object_begin();
      // Both levels open with their cap and contribution (keys in sorted order).
      auto cap_and_contribution = [&](std::int64_t cap, double contribution) {
        w.plain_key("cap");
        put_cap(w, cap);
        w.plain_key("contribution");
        put_number(w, contribution);
      };
      for (std::size_t c : by_name) {
        const auto& cs = b.components[c];
        w.key(names[c]);
        w.object_begin();
        cap_and_contribution(cs.cap, cs.contribution);
        w.plain_key("factor");
        put_number(w, cs.factor);
        w.plain_key("percent");
        put_number(w, cs.percent);
        w.plain_key("subcomponents");
        w.object_begin();
        for (const auto& [name, s] : subs[c]) {
          const auto& ss = b.subcomponents[s];
          w.key(name);
          w.object_begin();
          cap_and_contribution(ss.cap, ss.contribution);
          w.plain_key("value");
          put_number(w, ss.value);
          w.plain_key("weight");
          w.integer(ss.weight);
          w.object_end();
        }
        w.object_end();
        w.plain_key("weight");
        w.integer(cs.weight);
        w.object_end();
      }
      w.object_end();
      w.plain_key("effective_queue_time");
      w.integer(b.effective_queue_time);
      w.plain_key("floored");
      w.boolean(b.floored);
      w.plain_key("id");
      w.string(row.job->id);
      w.plain_key("priority");
      w.integer(b.priority);
      w.plain_key("rejected_negative");
      w.boolean(b.rejected_negative);
      w.plain_key("state");
      w.plain_string(to_string(row.job->state));
      w.plain_key("sum");
      put_number(w, b.sum);
      w.plain_key("system_priority");
      if (b.system_priority) {
        w.object_begin();
        w.plain_key("relative");
        w.boolean(b.system_priority->relative);
        w.plain_key("value");
        w.integer(b.system_priority->value);
        w.object_end();
      } else {
        w.null();
      }
      w.plain_key("xfactor");
      put_number(w, b.xfactor);
      w.object_end();
    }
    w.array_end();
    w.plain_key("version");
    w.integer(1);
    w.object_end();
  }
  out += '\n';
  return out;
}

std::string fairshare_json(const ir::Policy& policy, const FairshareStanding& s, unsigned indent) {
  json::Array windows;
  for (std::size_t k = 0; k < s.window_starts().size(); ++k)
    windows.push_back(json::Object{
        {"start", s.window_starts()[k]}, {"weight", num(s.window_weights()[k])}, {"total", num(s.window_totals()[k])}});
  json::Array creds;
  creds.reserve(s.credentials().size());
  for (const auto& c : s.credentials()) {
    json::Array usage;
    for (double u : c.window_usage) usage.push_back(num(u));
    json::Object o{{"type", std::string(ir::to_string(c.who.kind))},
                   {"name", c.who.name},
                   {"usage_percent", num(c.usage_percent)},
                   {"decayed_usage", num(c.decayed_usage)},
                   {"window_usage", std::move(usage)},
                   {"out_of_bounds", out_of_bounds(c, s)}};
    if (c.target) {
      o["target"] = num(c.target->target.value);
      o["mode"] = std::string(fairshare_mode_name(c.target->target.mode));
      if (c.target->target.mode == ir::FairshareMode::CapAbsolute) o["cap"] = "absolute";
      if (c.target->target.mode == ir::FairshareMode::CapRelative) o["cap"] = "relative";
      o["target_from_default"] = c.target->source.from_default;
    } else {
      o["target"] = nullptr;
      o["mode"] = nullptr;
    }
    creds.push_back(std::move(o));
  }
  return print(json::Object{{"version", 1},
                            {"policy", std::string(ir::to_string(policy.fairshare.metric.value))},
                            {"percentage_mode", s.percentage_mode()},
                            {"interval", s.clock().interval},
                            {"depth", s.clock().depth},
                            {"decay", num(s.clock().decay)},
                            {"total_usage", num(s.total_decayed())},
                            {"windows", std::move(windows)},
                            {"credentials", std::move(creds)}},
               indent);
}

llvm::json::Value limit_violation_json(const LimitViolation& v) {
  json::Object o{{"family", std::string(to_string(v.family))},
                 {"level", std::string(to_string(v.level))},
                 {"limit", limit_name(v.family, v.resource)},
                 {"value", v.limit},
                 {"request", num(v.request)},
                 {"usage", num(v.usage)},
                 {"source", std::string(to_string(v.source))},
                 {"set_at", v.from ? where(*v.from) : std::string("built-in default")},
                 {"setting", limit_origin(v)},
                 {"message", describe(v)}};
  if (v.family != LimitFamily::System) o["credential"] = credential(v.credential);
  if (v.within) o["within"] = credential(*v.within);
  return o;
}

std::string eligibility_json(const ClusterSnapshot& snapshot, const EligibilityReport& report) {
  auto violation = [](const LimitViolation& v) { return limit_violation_json(v); };
  json::Array jobs;
  jobs.reserve(report.jobs.size());
  for (const auto& e : report.jobs) {
    const Job& job = snapshot.jobs[e.index];
    json::Array violations, soft, caps, reasons, holds, waiting;
    for (const auto& v : e.violations) violations.push_back(violation(v));
    for (const auto& v : e.soft_violations) soft.push_back(violation(v));
    for (const auto& c : e.fairshare_caps)
      caps.push_back(json::Object{{"credential", credential(c.who)},
                                  {"cap", target_text(c.cap)},
                                  {"usage", num(c.usage)},
                                  {"request", num(c.request)},
                                  {"message", describe(c)}});
    for (const auto& r : obstacles(e)) reasons.push_back(r);
    for (const auto& h : e.holds) holds.push_back(h);
    for (const auto& d : e.waiting_for) waiting.push_back(d);
    jobs.push_back(json::Object{{"id", job.id},
                                {"priority", e.priority},
                                {"eligible", e.eligible},
                                {"soft_eligible", e.soft_eligible},
                                {"reasons", std::move(reasons)},
                                {"holds", std::move(holds)},
                                {"waiting_for", std::move(waiting)},
                                {"negative_priority", e.negative_priority},
                                {"violations", std::move(violations)},
                                {"soft_violations", std::move(soft)},
                                {"fairshare_caps", std::move(caps)}});
  }
  return print(json::Object{{"version", 1},
                            {"eligible", static_cast<std::int64_t>(report.eligible)},
                            {"soft_eligible", static_cast<std::int64_t>(report.soft_eligible)},
                            {"jobs", std::move(jobs)}});
}

}  // namespace maui::runtime
