// `mauic migrate --format json`: the report as JSON, a public contract (docs/migrate.md):
// {"version":1,"settings":[{"file","line","column","parameter","status","slurm":[...],"note"}]},
// one entry per setting in file order, and beside it the weights, the reference jobs and the
// expected Slurm state MIGRATION.md shows.
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include "migrate/report.h"

namespace maui::migrate {

namespace {

// A config may hold bytes that are no UTF-8 (a Latin-1 comment pasted into a value).
std::string text(const std::string& s) { return llvm::json::isUTF8(s) ? s : llvm::json::fixUTF8(s); }

}  // namespace

std::string migration_json(const Migration& m) {
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::json::OStream j(os, 2);
  j.object([&] {
    j.attribute("version", 1);
    j.attributeArray("settings", [&] {
      for (const auto& s : m.settings)
        j.object([&] {
          j.attribute("file", text(s.file));
          j.attribute("line", static_cast<std::int64_t>(s.line));
          j.attribute("column", static_cast<std::int64_t>(s.column));
          j.attribute("parameter", text(s.parameter));
          j.attribute("status", std::string(to_string(s.status)));
          j.attributeArray("slurm", [&] {
            for (const auto& l : s.slurm) j.value(text(l));
          });
          j.attribute("note", text(s.note));
        });
    });
    j.attributeArray("weights", [&] {
      for (const auto& w : m.weights)
        j.object([&] {
          j.attribute("maui", w.maui);
          j.attribute("slurm", w.slurm);
          j.attribute("fit", w.fit);
        });
    });
    j.attributeArray("reference_jobs", [&] {
      for (const auto& r : m.reference_jobs)
        j.object([&] {
          j.attribute("job", text(r.label));
          j.attribute("user", text(r.user));
          j.attribute("account", text(r.account));
          j.attribute("partition", text(r.partition));
          j.attribute("qos", text(r.qos));
          j.attribute("procs", r.procs);
          j.attribute("maui_submitted", r.maui_now);
          j.attribute("slurm_submitted", r.slurm_now);
          j.attribute("maui_after_a_day", r.maui_day);
          j.attribute("slurm_after_a_day", r.slurm_day);
        });
    });
    const auto& x = m.expected;
    j.attributeObject("expected", [&] {
      j.attributeObject("config", [&] {
        for (const auto& [k, v] : x.config) j.attribute(k, text(v));
      });
      j.attributeObject("qos", [&] {
        for (const auto& [name, cols] : x.qos)
          j.attributeObject(text(name), [&] {
            for (const auto& [k, v] : cols) j.attribute(k, text(v));
          });
      });
      j.attributeArray("assoc", [&] {
        for (const auto& [key, cols] : x.assoc)
          j.object([&] {
            j.attribute("account", text(key.first));
            j.attribute("user", text(key.second));
            for (const auto& [k, v] : cols) j.attribute(k, text(v));
          });
      });
      for (const auto* group : {&x.reservations, &x.partitions})
        j.attributeObject(group == &x.reservations ? "reservations" : "partitions", [&] {
          for (const auto& [name, fields] : *group)
            j.attributeObject(text(name), [&] {
              for (const auto& [k, v] : fields) j.attribute(k, text(v));
            });
        });
    });
    j.attributeArray("assumptions", [&] {
      for (const auto& a : m.assumptions) j.value(text(a));
    });
  });
  os << "\n";
  return out;
}

}  // namespace maui::migrate
