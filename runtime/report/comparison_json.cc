// `mauirun compare --format json` and `--jobs-out`: each side exactly as `mauirun simulate`
// prints it, then the change per credential and per job.
#include <cmath>
#include <iterator>
#include <map>

#include <fmt/format.h>

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include "runtime/report/comparison.h"

namespace maui::runtime {

namespace {

namespace json = llvm::json;

json::Value text(const std::string& s) { return json::isUTF8(s) ? s : json::fixUTF8(s); }

// As simulate's JSON rounds: 6 decimals, integers without a fraction.
json::Value num(double x) {
  if (!std::isfinite(x)) return nullptr;
  const double r = std::round(x * 1e6) / 1e6;
  if (r == std::round(r) && std::fabs(r) < 9e15) return static_cast<std::int64_t>(r);
  return r;
}

json::Value start(const std::optional<Epoch>& t) { return t ? json::Value(*t) : json::Value(nullptr); }

// A side: what `mauirun simulate --format json` prints, with the same --by tables.
json::Value side(const SimulationSummary& summary, const SimulationResult& run, std::span<const Breakdown> by) {
  auto parsed = json::parse(simulation_json(summary, run, by));
  if (!parsed) {  // simulation_json always prints valid JSON; say so rather than crash if not
    llvm::consumeError(parsed.takeError());
    return nullptr;
  }
  return std::move(*parsed);
}

// name -> that credential's entry in a side's "by" table of one kind.
std::map<std::string, const json::Object*> entries(const json::Value& side, std::string_view kind) {
  std::map<std::string, const json::Object*> out;
  const json::Object* o = side.getAsObject();
  const json::Object* by = o ? o->getObject("by") : nullptr;
  const json::Array* rows = by ? by->getArray(kind) : nullptr;
  if (!rows) return out;
  for (const json::Value& row : *rows)
    if (const json::Object* r = row.getAsObject())
      if (auto name = r->getString("name")) out[name->str()] = r;
  return out;
}

json::Value change(const CredentialChange& c) {
  auto m = [](const std::optional<GroupMetrics>& g) { return g ? g->metrics : ScheduleMetrics{}; };
  auto share = [](const std::optional<GroupMetrics>& g) { return g ? g->share : 0.0; };
  const ScheduleMetrics a = m(c.old_side), b = m(c.new_side);
  return json::Object{{"jobs", b.jobs - a.jobs},
                      {"started", b.started - a.started},
                      {"average_wait", num(b.average_wait - a.average_wait)},
                      {"p95_wait", b.p95_wait - a.p95_wait},
                      {"max_wait", b.max_wait - a.max_wait},
                      {"average_bounded_slowdown", num(b.average_bounded_slowdown - a.average_bounded_slowdown)},
                      {"share", num(share(c.new_side) - share(c.old_side))}};
}

}  // namespace

std::string comparison_json(const WhatIf& w) {
  json::Value old_side = side(w.old_summary, w.old_run, w.old_by);
  json::Value new_side = side(w.new_summary, w.new_run, w.new_by);
  json::Object by;
  for (const KindChange& k : w.comparison.kinds) {
    const std::string kind(to_string(k.by));
    const auto olds = entries(old_side, kind), news = entries(new_side, kind);
    auto entry = [&](const std::map<std::string, const json::Object*>& of, const std::string& name) {
      auto it = of.find(name);
      return it == of.end() ? json::Value(nullptr) : json::Value(json::Object(*it->second));
    };
    json::Array rows;
    for (const CredentialChange& c : k.credentials)
      rows.push_back(json::Object{
          {"name", text(c.name)}, {"old", entry(olds, c.name)}, {"new", entry(news, c.name)}, {"change", change(c)}});
    by[kind] = std::move(rows);
  }
  json::Array moved;
  for (const MovedJob& m : w.comparison.moved) {
    const JobOutcome& job = w.old_run.jobs[m.index];
    json::Value shift = m.old_start && m.new_start ? json::Value(*m.new_start - *m.old_start) : json::Value(nullptr);
    moved.push_back(json::Object{{"id", job.number},
                                 {"user", text(job.user)},
                                 {"group", text(job.group)},
                                 {"account", text(job.account)},
                                 {"class", text(job.job_class)},
                                 {"procs", job.procs},
                                 {"submit", job.submit},
                                 {"old_start", start(m.old_start)},
                                 {"new_start", start(m.new_start)},
                                 {"moved", std::move(shift)}});
  }
  json::Object out{{"version", 1},        {"old", std::move(old_side)}, {"new", std::move(new_side)},
                   {"by", std::move(by)}, {"moved", std::move(moved)},  {"jobs_moved", w.comparison.jobs_moved}};
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::formatv("{0:2}", json::Value(std::move(out)));
  os.flush();
  return s + "\n";
}

std::string comparison_jobs_csv(const WhatIf& w) {
  // RFC 4180: quote only what needs it, as simulate's --jobs-out does.
  auto field = [](fmt::memory_buffer& out, std::string_view s) {
    if (s.find_first_of(",\"\n\r") == std::string_view::npos) {
      out.append(s);
    } else {
      out.push_back('"');
      for (char c : s) {
        if (c == '"') out.push_back('"');
        out.push_back(c);
      }
      out.push_back('"');
    }
    out.push_back(',');
  };
  auto time = [](const std::optional<Epoch>& t) { return t ? fmt::format("{}", *t) : std::string(); };
  fmt::memory_buffer out;
  out.append(
      std::string_view("id,submit,procs,user,group,account,class,old_qos,new_qos,old_start,new_start,old_wait,"
                       "new_wait,moved\n"));
  const std::size_t n = std::min(w.old_run.jobs.size(), w.new_run.jobs.size());
  for (std::size_t i = 0; i < n; ++i) {
    const JobOutcome &a = w.old_run.jobs[i], &b = w.new_run.jobs[i];
    fmt::format_to(std::back_inserter(out), "{},{},{},", a.number, a.submit, a.procs);
    for (const std::string* s : {&a.user, &a.group, &a.account, &a.job_class, &a.qos, &b.qos}) field(out, *s);
    auto wait = [](const JobOutcome& j) { return j.start ? fmt::format("{}", *j.start - j.submit) : std::string(); };
    fmt::format_to(std::back_inserter(out), "{},{},{},{},{}\n", time(a.start), time(b.start), wait(a), wait(b),
                   a.start && b.start ? fmt::format("{}", *b.start - *a.start) : std::string());
  }
  return fmt::to_string(out);
}

}  // namespace maui::runtime
