#include "runtime/report/report_html.h"

#include <cmath>
#include <iterator>
#include <map>

#include <fmt/format.h>

#include "llvm/Support/JSON.h"
#include "runtime/report/report_assets.h"

namespace maui::runtime {

namespace {

using Buffer = fmt::memory_buffer;

// A JSON string. '<' is escaped too, so that no name can close the <script> element that holds
// the data.
void string(Buffer& out, std::string_view s) {
  std::string fixed;
  if (!llvm::json::isUTF8(s)) s = fixed = llvm::json::fixUTF8(s);
  out.push_back('"');
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\')
      out.push_back('\\'), out.push_back(c);
    else if (c == '\n')
      out.append(std::string_view("\\n"));
    else if (u < 0x20 || c == '<')
      fmt::format_to(std::back_inserter(out), "\\u{:04x}", u);
    else
      out.push_back(c);
  }
  out.push_back('"');
}

void number(Buffer& out, double x) {
  if (!std::isfinite(x)) return out.append(std::string_view("null"));
  if (x == std::round(x) && std::fabs(x) < 9e15)
    fmt::format_to(std::back_inserter(out), "{}", static_cast<std::int64_t>(x));
  else
    fmt::format_to(std::back_inserter(out), "{:.6g}", x);
}

// "key":[v0,v1,...] from one field of each element.
template <class Range, class Get>
void column(Buffer& out, std::string_view key, const Range& items, Get get, bool first = false) {
  if (!first) out.push_back(',');
  string(out, key);
  out.push_back(':');
  out.push_back('[');
  bool comma = false;
  for (const auto& item : items) {
    if (comma) out.push_back(',');
    comma = true;
    get(out, item);
  }
  out.push_back(']');
}

// Names listed once per kind; jobs refer to them by position.
struct NameTable {
  std::map<std::string, std::int64_t> index;
  std::vector<std::string> names;
  std::int64_t of(const std::string& name) {
    auto [it, fresh] = index.try_emplace(name, static_cast<std::int64_t>(names.size()));
    if (fresh) names.push_back(name);
    return it->second;
  }
};

void metrics(Buffer& out, const ScheduleMetrics& m) {
  auto it = std::back_inserter(out);
  fmt::format_to(it, "{{\"jobs\":{},\"started\":{},\"never_started\":{},\"utilization\":", m.jobs, m.started,
                 m.never_started);
  number(out, m.utilization);
  out.append(std::string_view(",\"average_wait\":"));
  number(out, m.average_wait);
  fmt::format_to(it, ",\"p95_wait\":{},\"max_wait\":{},\"average_bounded_slowdown\":", m.p95_wait, m.max_wait);
  number(out, m.average_bounded_slowdown);
  fmt::format_to(it, ",\"makespan\":{},\"backfilled\":{},\"preemptions\":{},\"machine_procs\":{}}}", m.makespan,
                 m.backfilled, m.preemptions, m.machine_procs);
}

void series(Buffer& out, std::string_view key, const Series& s) {
  fmt::format_to(std::back_inserter(out), ",\"{}\":{{\"start\":{},\"step\":{}", key, s.start, s.step);
  column(out, "values", s.values, [](Buffer& o, double v) { number(o, std::round(v * 1e4) / 1e4); });
  out.push_back('}');
}

void side(Buffer& out, const ReportSide& s) {
  auto it = std::back_inserter(out);
  out.push_back('{');
  string(out, "label");
  out.push_back(':');
  string(out, s.label);
  out.append(std::string_view(",\"config\":"));
  string(out, s.config);
  out.append(std::string_view(",\"metrics\":"));
  metrics(out, s.metrics);
  fmt::format_to(it, ",\"iterations\":{}", s.iterations);
  column(out, "nodes", s.nodes, [](Buffer& o, const std::string& n) { string(o, n); });
  // As the tools print them (the page lists them as they are).
  column(out, "warnings", s.warnings, [](Buffer& o, const Problem& w) { string(o, to_text(w)); });

  // Jobs as columns; credentials as positions in "names".
  std::array<NameTable, 5> tables;
  constexpr std::array<GroupBy, 5> kKinds = {GroupBy::User, GroupBy::Group, GroupBy::Account, GroupBy::Class,
                                             GroupBy::Qos};
  out.append(std::string_view(",\"jobs\":{"));
  column(
      out, "id", s.jobs, [](Buffer& o, const JobOutcome& j) { fmt::format_to(std::back_inserter(o), "{}", j.number); },
      true);
  column(out, "submit", s.jobs,
         [](Buffer& o, const JobOutcome& j) { fmt::format_to(std::back_inserter(o), "{}", j.submit); });
  column(out, "start", s.jobs,
         [](Buffer& o, const JobOutcome& j) { fmt::format_to(std::back_inserter(o), "{}", j.start ? *j.start : -1); });
  column(out, "end", s.jobs,
         [](Buffer& o, const JobOutcome& j) { fmt::format_to(std::back_inserter(o), "{}", j.start ? j.end : -1); });
  column(out, "procs", s.jobs,
         [](Buffer& o, const JobOutcome& j) { fmt::format_to(std::back_inserter(o), "{}", j.procs); });
  column(out, "backfilled", s.jobs, [](Buffer& o, const JobOutcome& j) { o.push_back(j.backfilled ? '1' : '0'); });
  for (std::size_t k = 0; k < kKinds.size(); ++k)
    column(out, to_string(kKinds[k]), s.jobs, [&](Buffer& o, const JobOutcome& j) {
      fmt::format_to(std::back_inserter(o), "{}", tables[k].of(credential_of(j, kKinds[k])));
    });
  out.push_back('}');
  out.append(std::string_view(",\"names\":{"));
  for (std::size_t k = 0; k < kKinds.size(); ++k)
    column(
        out, to_string(kKinds[k]), tables[k].names, [](Buffer& o, const std::string& n) { string(o, n); }, k == 0);
  out.push_back('}');

  out.append(std::string_view(",\"blocks\":{"));
  auto integer = [](auto field) {
    return [field](Buffer& o, const auto& item) { fmt::format_to(std::back_inserter(o), "{}", field(item)); };
  };
  column(out, "job", s.blocks, integer([](const GanttBlock& b) { return b.job; }), true);
  column(out, "node", s.blocks, integer([](const GanttBlock& b) { return b.node; }));
  column(out, "nodes", s.blocks, integer([](const GanttBlock& b) { return b.nodes; }));
  column(out, "start", s.blocks, integer([](const GanttBlock& b) { return b.start; }));
  column(out, "end", s.blocks, integer([](const GanttBlock& b) { return b.end; }));
  out.push_back('}');

  out.append(std::string_view(",\"shades\":{"));
  column(out, "kind", s.shades, integer([](const Shade& r) { return static_cast<int>(r.kind); }), true);
  column(out, "name", s.shades, [](Buffer& o, const Shade& r) { string(o, r.name); });
  column(out, "node", s.shades, integer([](const Shade& r) { return r.node; }));
  column(out, "nodes", s.shades, integer([](const Shade& r) { return r.nodes; }));
  column(out, "start", s.shades, integer([](const Shade& r) { return r.start; }));
  column(out, "end", s.shades, integer([](const Shade& r) { return r.end; }));
  out.push_back('}');

  series(out, "utilization", s.utilization);
  series(out, "queue", s.queue);

  out.append(std::string_view(",\"fairshare\":{"));
  column(out, "times", s.fairshare_times, integer([](Epoch t) { return t; }), true);
  column(out, "lines", s.fairshare, [](Buffer& o, const FairshareLine& l) {
    o.append(std::string_view("{\"credential\":"));
    string(o, l.credential);
    o.append(std::string_view(",\"target\":"));
    if (l.target)
      number(o, *l.target);
    else
      o.append(std::string_view("null"));
    o.append(std::string_view(",\"mode\":"));
    string(o, l.mode);
    column(o, "usage", l.usage, [](Buffer& b, double u) { number(b, std::round(u * 100) / 100); });
    o.push_back('}');
  });
  out.push_back('}');

  column(out, "priorities", s.priorities, [](Buffer& o, const PrioritySample& p) {
    fmt::format_to(std::back_inserter(o), "{{\"at\":{},\"queued\":{}", p.at, p.queued);
    column(o, "jobs", p.rows, [](Buffer& b, const QueuedPriority& r) {
      b.append(std::string_view("{\"id\":"));
      string(b, r.job);
      b.append(std::string_view(",\"user\":"));
      string(b, r.user);
      fmt::format_to(std::back_inserter(b), ",\"priority\":{}", r.priority);
      column(b, "components", r.components, [](Buffer& c, double v) { number(c, std::round(v * 100) / 100); });
      b.push_back('}');
    });
    o.push_back('}');
  });

  column(out, "distributions", s.distributions, [](Buffer& o, const Distribution& d) {
    fmt::format_to(std::back_inserter(o), "{{\"kind\":\"{}\",\"name\":", to_string(d.kind));
    string(o, d.name);
    fmt::format_to(std::back_inserter(o), ",\"started\":{}", d.started);
    column(o, "wait", d.wait, [](Buffer& b, double v) { number(b, v); });
    column(o, "slowdown", d.slowdown, [](Buffer& b, double v) { number(b, std::round(v * 100) / 100); });
    o.push_back('}');
  });
  column(out, "coverage", s.coverage, [](Buffer& o, const CoverageRow& r) {
    o.append(std::string_view("{\"credential\":"));
    string(o, r.credential);
    o.append(std::string_view(",\"text\":"));
    string(o, r.text);
    column(o, "nodes", r.nodes, [](Buffer& b, std::int32_t n) { fmt::format_to(std::back_inserter(b), "{}", n); });
    o.push_back('}');
  });
  out.append(std::string_view(",\"coverage_note\":"));
  string(out, s.coverage_note);
  out.push_back('}');
}

}  // namespace

std::string report_data_json(const ReportData& data) {
  Buffer out;
  auto it = std::back_inserter(out);
  out.append(std::string_view("{\"version\":1,\"title\":"));
  string(out, data.title);
  out.append(std::string_view(",\"trace\":"));
  string(out, data.trace);
  fmt::format_to(it, ",\"origin\":{},\"utc_offset\":{}", data.origin, data.utc_offset);
  if (data.refresh > 0) fmt::format_to(it, ",\"refresh\":{}", data.refresh);
  std::array<std::string_view, ir::kPriorityComponents> components;
  for (std::size_t c = 0; c < components.size(); ++c)
    components[c] = ir::to_string(static_cast<ir::PriorityComponent>(c));
  column(out, "components", components, [](Buffer& o, std::string_view n) { string(o, n); });
  column(out, "sides", data.sides, side);
  out.push_back('}');
  return fmt::to_string(out);
}

std::string html_page(std::string_view title, std::string_view data_id, std::string_view data_json,
                      std::string_view page_script, bool asks_its_data) {
  Buffer out;
  auto it = std::back_inserter(out);
  out.append(std::string_view("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"));
  // Nothing may come from the network, whatever a script tries; a live page only its data, from
  // the server that sent it.
  fmt::format_to(it,
                 "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; {}"
                 "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:\">\n",
                 asks_its_data ? "connect-src 'self'; " : "");
  out.append(std::string_view("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>"));
  for (char c : title) {  // text, not markup
    if (c == '<')
      out.append(std::string_view("&lt;"));
    else if (c == '&')
      out.append(std::string_view("&amp;"));
    else
      out.push_back(c);
  }
  fmt::format_to(it, "</title>\n<style>\n{}</style>\n</head>\n<body>\n<div id=\"report\"></div>\n",
                 report_assets::page_style());
  fmt::format_to(it, "<script>\n{}\n</script>\n", report_assets::charting_library());
  fmt::format_to(it, "<script type=\"application/json\" id=\"{}\">", data_id);
  // No text of the data may close the element that holds it: "</" is written "<\/" (the same
  // JSON string).
  for (std::size_t at = 0; at < data_json.size();) {
    const std::size_t close = data_json.find("</", at);
    out.append(data_json.substr(at, close == std::string_view::npos ? std::string_view::npos : close - at));
    if (close == std::string_view::npos) break;
    out.append(std::string_view("<\\/"));
    at = close + 2;
  }
  out.append(std::string_view("</script>\n"));
  fmt::format_to(it, "<script>\n{}\n</script>\n</body>\n</html>\n", page_script);
  return fmt::to_string(out);
}

std::string render_report_html(const ReportData& data) {
  return html_page(data.title, "report-data", report_data_json(data), report_assets::page_script(), data.refresh > 0);
}

}  // namespace maui::runtime
