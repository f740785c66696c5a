#include "runtime/sweep/sweep_ranking.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>

#include "llvm/Support/JSON.h"
#include "runtime/sweep/settings_json.h"
#include "runtime/views/view_text.h"

namespace maui::runtime {

namespace json = llvm::json;

namespace {

constexpr std::array<std::pair<RankBy, std::string_view>, 5> kRankNames{{{RankBy::AverageWait, "average_wait"},
                                                                         {RankBy::P95Wait, "p95_wait"},
                                                                         {RankBy::Slowdown, "slowdown"},
                                                                         {RankBy::Utilization, "utilization"},
                                                                         {RankBy::WorstWait, "worst_wait"}}};

// The value ranked by, turned so that lower is better.
double cost(const CandidateResult& c, RankBy r) {
  switch (r) {
    case RankBy::AverageWait: return c.average_wait;
    case RankBy::P95Wait: return c.p95_wait;
    case RankBy::Slowdown: return c.slowdown;
    case RankBy::Utilization: return -c.utilization;
    case RankBy::WorstWait: return c.worst_wait;
  }
  return 0;
}

bool dominates(const CandidateResult& a, const CandidateResult& b) {
  bool better = false;
  for (const auto& [r, _] : kRankNames) {
    if (cost(a, r) > cost(b, r)) return false;
    better = better || cost(a, r) < cost(b, r);
  }
  return better;
}

// A run's output read back; the error names what was missing.
std::optional<CandidateResult> read_run(const Candidate& c, const SweepRun& run, std::string_view by,
                                        std::string& error) {
  if (!run.error.empty()) {
    error = run.error;
    return std::nullopt;
  }
  auto parsed = json::parse(run.output);
  if (!parsed) {
    error = "its output is not JSON: " + llvm::toString(parsed.takeError());
    return std::nullopt;
  }
  const json::Object* top = parsed->getAsObject();
  const json::Object* m = top ? top->getObject("metrics") : nullptr;
  auto number = [&](const json::Object* o, llvm::StringRef key) -> llvm::Optional<double> {
    return o ? o->getNumber(key) : llvm::None;
  };
  CandidateResult r;
  r.candidate = c;
  const auto avg = number(m, "average_wait"), p95 = number(m, "p95_wait"),
             slowdown = number(m, "average_bounded_slowdown"), util = number(m, "utilization");
  if (!avg || !p95 || !slowdown || !util) {
    error =
        "its output is not mauirun simulate's JSON (expected \"metrics\" with average_wait, p95_wait, "
        "average_bounded_slowdown and utilization)";
    return std::nullopt;
  }
  r.average_wait = *avg, r.p95_wait = *p95, r.slowdown = *slowdown, r.utilization = *util;
  r.metrics_json = json_text(json::Value(json::Object(*m)));
  r.metrics_json.pop_back();  // json_text's newline
  const json::Object* groups = top->getObject("by");
  const json::Array* list = groups ? groups->getArray(by) : nullptr;
  if (!list) {
    error = fmt::format("its output has no \"by\": {{\"{}\": [...]}} (was it run with --by {}?)", by, by);
    return std::nullopt;
  }
  for (const json::Value& g : *list) {
    const json::Object* o = g.getAsObject();
    const auto name = o ? o->getString("name") : llvm::None;
    const auto wait = number(o, "average_wait");
    if (!name || !wait) {
      error = fmt::format("an entry of its \"by\".\"{}\" has no name or average_wait", by);
      return std::nullopt;
    }
    r.credentials.push_back(
        {name->str(), o->getInteger("jobs").getValueOr(0), *wait, o->getInteger("p95_wait").getValueOr(0)});
    if (r.worst_name.empty() || *wait > r.worst_wait) r.worst_name = name->str(), r.worst_wait = *wait;
  }
  return r;
}

std::string settings_text(const Candidate& c) {
  std::string s;
  for (const auto& [name, value] : c.settings) s += fmt::format("{}{}={}", s.empty() ? "" : "  ", name, value);
  return s;
}

std::string wait_text(double seconds) { return maui_duration(static_cast<Seconds>(std::llround(seconds))); }

}  // namespace

std::string_view to_string(RankBy r) {
  for (const auto& [k, name] : kRankNames)
    if (k == r) return name;
  return "";
}

std::optional<RankBy> rank_by_named(std::string_view name) {
  for (const auto& [k, n] : kRankNames)
    if (n == name) return k;
  return std::nullopt;
}

SweepRanking rank_sweep(const SweepInputs& in, std::span<const Candidate> candidates, std::span<const SweepRun> runs,
                        const SweepRun& base_run) {
  SweepRanking out{in.base_config, in.trace, in.by, in.rank_by, std::nullopt, "", {}, {}};
  out.base = read_run(Candidate{}, base_run, in.by, out.base_error);
  for (std::size_t k = 0; k < candidates.size(); ++k) {
    std::string error = k < runs.size() ? "" : "it did not run";
    auto r = k < runs.size() ? read_run(candidates[k], runs[k], in.by, error) : std::nullopt;
    if (r)
      out.ranked.push_back(std::move(*r));
    else
      out.failed.push_back({candidates[k], std::move(error)});
  }
  for (auto& c : out.ranked)
    c.pareto = std::none_of(out.ranked.begin(), out.ranked.end(), [&](const auto& o) { return dominates(o, c); });
  std::stable_sort(out.ranked.begin(), out.ranked.end(), [&](const auto& a, const auto& b) {
    if (cost(a, in.rank_by) != cost(b, in.rank_by)) return cost(a, in.rank_by) < cost(b, in.rank_by);
    return a.candidate.index < b.candidate.index;
  });
  for (std::size_t k = 0; k < out.ranked.size(); ++k) out.ranked[k].rank = k + 1;
  return out;
}

std::string sweep_json(const SweepRanking& r) {
  auto metrics = [](const CandidateResult& c) -> json::Value {
    auto m = json::parse(c.metrics_json);  // ours, from read_run: always parses
    if (!m) {
      llvm::consumeError(m.takeError());
      return nullptr;
    }
    return std::move(*m);
  };
  auto worst = [](const CandidateResult& c) {
    return json::Object{{"name", c.worst_name}, {"average_wait", json_number(c.worst_wait)}};
  };
  json::Array candidates;
  for (const auto& c : r.ranked)
    candidates.push_back(json::Object{{"index", static_cast<std::int64_t>(c.candidate.index)},
                                      {"rank", static_cast<std::int64_t>(c.rank)},
                                      {"settings", settings_json(c.candidate)},
                                      {"metrics", metrics(c)},
                                      {"worst", worst(c)},
                                      {"pareto", c.pareto}});
  json::Array failed;
  for (const auto& f : r.failed)
    failed.push_back(json::Object{{"index", static_cast<std::int64_t>(f.candidate.index)},
                                  {"settings", settings_json(f.candidate)},
                                  {"error", f.error}});
  json::Object base;
  if (r.base) {
    base["metrics"] = metrics(*r.base);
    base["worst"] = worst(*r.base);
  } else {
    base["error"] = r.base_error;
  }
  return json_text(json::Object{{"version", 1},
                                {"base_config", r.base_config},
                                {"trace", r.trace},
                                {"by", r.by},
                                {"rank_by", std::string(to_string(r.rank_by))},
                                {"base", std::move(base)},
                                {"candidates", std::move(candidates)},
                                {"failed", std::move(failed)}},
                   2);
}

std::string sweep_text(const SweepRanking& r) {
  std::string out = fmt::format("mauirun sweep: {} candidates of {} on {}, ranked by {} (* Pareto-optimal)\n",
                                r.ranked.size() + r.failed.size(), r.base_config, r.trace, to_string(r.rank_by));
  std::size_t worst_width = 12;
  for (const auto& c : r.ranked) worst_width = std::max(worst_width, c.worst_name.size() + 12);
  const std::string worst_title = fmt::format("worst {}", r.by);
  out += fmt::format("{:>6}   {:>11} {:>11} {:>9} {:>8}  {:<{}} {}\n", "rank", "avg wait", "p95 wait", "slowdown",
                     "util", worst_title, worst_width, "settings");
  auto row = [&](const std::string& rank, const CandidateResult& c, const std::string& settings) {
    out += fmt::format("{:>6} {} {:>11} {:>11} {:>9.2f} {:>6.2f} %  {:<{}} {}\n", rank, c.pareto ? '*' : ' ',
                       wait_text(c.average_wait), wait_text(c.p95_wait), c.slowdown, c.utilization * 100,
                       c.worst_name.empty() ? "-" : fmt::format("{} {}", c.worst_name, wait_text(c.worst_wait)),
                       worst_width, settings);
  };
  for (const auto& c : r.ranked) row(std::to_string(c.rank), c, settings_text(c.candidate));
  if (r.base) {
    CandidateResult base = *r.base;
    base.pareto = false;
    row("BASE", base, "(none)");
  } else {
    out += fmt::format("  BASE   failed: {}\n", r.base_error);
  }
  for (const auto& f : r.failed)
    out += fmt::format("failed: candidate {} ({}): {}\n", f.candidate.index, settings_text(f.candidate), f.error);
  return out;
}

}  // namespace maui::runtime
