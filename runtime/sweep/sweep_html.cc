#include "runtime/sweep/sweep_html.h"

#include "llvm/Support/JSON.h"
#include "runtime/report/report_assets.h"
#include "runtime/report/report_html.h"
#include "runtime/sweep/settings_json.h"
#include "runtime/views/view_text.h"

namespace maui::runtime {

namespace json = llvm::json;

namespace {

json::Object candidate_json(const CandidateResult& c) {
  json::Array credentials;
  for (const auto& g : c.credentials)
    credentials.push_back(json::Object{
        {"name", g.name}, {"jobs", g.jobs}, {"average_wait", json_number(g.average_wait)}, {"p95_wait", g.p95_wait}});
  return json::Object{{"index", static_cast<std::int64_t>(c.candidate.index)},
                      {"rank", static_cast<std::int64_t>(c.rank)},
                      {"settings", settings_json(c.candidate)},
                      {"average_wait", json_number(c.average_wait)},
                      {"p95_wait", json_number(c.p95_wait)},
                      {"slowdown", json_number(c.slowdown)},
                      {"utilization", json_number(c.utilization)},
                      {"pareto", c.pareto},
                      {"worst_name", c.worst_name},
                      {"worst_wait", json_number(c.worst_wait)},
                      {"credentials", std::move(credentials)}};
}

}  // namespace

std::string sweep_html_data(const SweepRanking& r) {
  json::Array candidates, failed;
  for (const auto& c : r.ranked) candidates.push_back(candidate_json(c));
  for (const auto& f : r.failed)
    failed.push_back(json::Object{{"index", static_cast<std::int64_t>(f.candidate.index)},
                                  {"settings", settings_json(f.candidate)},
                                  {"error", f.error}});
  json::Value base = nullptr;
  if (r.base) {
    json::Object b = candidate_json(*r.base);
    b["rank"] = 0;
    b["pareto"] = false;
    base = std::move(b);
  }
  return json_text(json::Object{{"base_config", r.base_config},
                                {"trace", r.trace},
                                {"by", r.by},
                                {"rank_by", std::string(to_string(r.rank_by))},
                                {"base", std::move(base)},
                                {"candidates", std::move(candidates)},
                                {"failed", std::move(failed)}});
}

std::string sweep_html(const SweepRanking& r) {
  return html_page("mauirun sweep: " + r.base_config, "sweep-data", sweep_html_data(r), report_assets::sweep_script());
}

}  // namespace maui::runtime
