#include "checker/prove/render.h"

#include <fmt/format.h>

#include "checker/checks/check_util.h"
#include "checker/report.h"
#include "llvm/Support/xxhash.h"
#include "schemas/input_file.h"
#include "schemas/json_input.h"

namespace maui::prove {

namespace {

std::string utf8(llvm::StringRef s) { return llvm::json::isUTF8(s) ? s.str() : llvm::json::fixUTF8(s); }

llvm::SMRange range_of(const Compilation& unit, const Location& l) {
  ir::SourceRange where{ir::FileName(l.file), l.line, l.column ? l.column : 1, l.end_column};
  return checker::locate(unit, where);
}

std::string compact(const llvm::json::Value& v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << v;
  return s;
}

// `key=value, ...` of a witness, nested objects inline.
std::string witness_text(const llvm::json::Object& w) {
  std::vector<std::string> keys;
  for (const auto& [k, v] : w) keys.push_back(k.str());
  std::sort(keys.begin(), keys.end());
  std::vector<std::string> parts;
  for (const auto& k : keys) {
    const llvm::json::Value* v = w.get(k);
    if (auto s = v->getAsString())
      parts.push_back(fmt::format("{}={}", k, s->str()));
    else
      parts.push_back(fmt::format("{}={}", k, compact(*v)));
  }
  return fmt::format("{}", fmt::join(parts, ", "));
}

llvm::SourceMgr::DiagKind kind_of(const Result& r) {
  if (r.status == Status::Proved) return llvm::SourceMgr::DK_Remark;
  switch (r.severity) {
    case Severity::Error: return llvm::SourceMgr::DK_Error;
    case Severity::Warning: return llvm::SourceMgr::DK_Warning;
    case Severity::Note: return llvm::SourceMgr::DK_Note;
  }
  return llvm::SourceMgr::DK_Warning;
}

}  // namespace

void render_text(llvm::raw_ostream& os, const Compilation& unit, const Report& report, bool color) {
  const llvm::SourceMgr& mgr = unit.sources.manager();
  std::size_t counts[3] = {0, 0, 0};
  for (const auto& r : report.results) {
    ++counts[static_cast<int>(r.status)];
    std::string message = fmt::format("{}: {} [{}]", to_string(r.status), r.message, r.property);
    llvm::SMRange range = range_of(unit, r.where);
    if (r.status == Status::Proved) {
      // Proved results are one line each: the evidence, not a finding.
      os << (r.where.line ? fmt::format("{}:{}: ", r.where.file, r.where.line) : fmt::format("{}: ", r.where.file))
         << "proved: " << r.message << " [" << r.property << "]\n";
      continue;
    }
    if (range.Start.isValid())
      mgr.PrintMessage(os, range.Start, kind_of(r), message, {}, {}, color);
    else
      os << r.where.file << ": " << (r.status == Status::Unknown ? "unknown" : to_string(r.severity)) << ": " << message
         << "\n";
    if (!r.witness.empty()) os << "  witness: " << witness_text(r.witness) << "\n";
    for (const auto& b : r.blame) {
      llvm::SMRange br = range_of(unit, b);
      if (br.Start.isValid())
        mgr.PrintMessage(os, br.Start, llvm::SourceMgr::DK_Note, b.message, {}, {}, color);
      else
        os << "note: " << b.message << " (built-in default)\n";
    }
  }
  if (!report.coverage.empty()) {
    os << "coverage (node-hours per week):\n";
    for (const auto& row : report.coverage) os << fmt::format("  {} [{} node-hours]\n", row.text, row.node_hours);
  }
  os << fmt::format("{} proved, {} violated, {} unknown\n", counts[0], counts[1], counts[2]);
}

namespace {

llvm::json::Array blame_json(const std::vector<Location>& blame) {
  llvm::json::Array out;
  for (const auto& b : blame)
    out.push_back(llvm::json::Object{{"file", utf8(b.file)},
                                     {"line", static_cast<std::int64_t>(b.line)},
                                     {"column", static_cast<std::int64_t>(b.column)},
                                     {"message", utf8(b.message)}});
  return out;
}

llvm::json::Object coverage_json(const CoverageRow& row) {
  llvm::json::Array reach;
  for (const auto& [nodes, hours] : row.reach) {
    llvm::json::Array indices;
    for (int h = 0; h < kHours; ++h)
      if (hours.test(static_cast<std::size_t>(h))) indices.push_back(h);
    llvm::json::Array names;
    for (const auto& n : nodes) names.push_back(n);
    reach.push_back(llvm::json::Object{
        {"nodes", std::move(names)}, {"hours", hours_text(hours)}, {"hour_indices", std::move(indices)}});
  }
  llvm::json::Array nothing;
  for (int h = 0; h < kHours; ++h)
    if (row.nothing.test(static_cast<std::size_t>(h))) nothing.push_back(h);
  return llvm::json::Object{
      {"credential", fmt::format("{} {}", ir::to_string(row.credential.kind), row.credential.name)},
      {"node_hours", row.node_hours},
      {"reach", std::move(reach)},
      {"no_node_hours", std::move(nothing)},
      {"summary", row.text}};
}

}  // namespace

std::string render_json(const Report& report) {
  llvm::json::Array results;
  for (const auto& r : report.results) {
    llvm::json::Object o{{"property", r.property},
                         {"check", r.check},
                         {"subject", utf8(r.subject)},
                         {"status", std::string(to_string(r.status))},
                         {"severity", to_string(r.status == Status::Proved ? Severity::Note : r.severity)},
                         {"file", utf8(r.where.file)},
                         {"line", static_cast<std::int64_t>(r.where.line)},
                         {"column", static_cast<std::int64_t>(r.where.column)},
                         {"message", utf8(r.message)},
                         {"blame", blame_json(r.blame)}};
    if (!r.witness.empty()) o["witness"] = llvm::json::Object(r.witness);
    results.push_back(std::move(o));
  }
  llvm::json::Array coverage;
  for (const auto& row : report.coverage) coverage.push_back(coverage_json(row));
  llvm::json::Array errors;
  for (const auto& e : report.internal_errors) errors.push_back(utf8(e));
  llvm::json::Object doc{{"version", 1}, {"results", std::move(results)}, {"coverage", std::move(coverage)}};
  if (!errors.empty()) doc["internal_errors"] = std::move(errors);
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(doc))) << "\n";
  return out;
}

std::string fingerprint(const Result& r) {
  std::string basis =
      fmt::format("{}\n{}\n{}\n{}", r.property, r.check, r.subject, checker::repo_relative(r.where.file));
  return fmt::format("{:016x}", llvm::xxHash64(basis));
}

namespace {
const char* sarif_level(const Result& r) {
  if (r.status == Status::Unknown) return "note";
  switch (r.severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "warning";
}

llvm::json::Object sarif_location(const Location& l) {
  llvm::json::Object physical{{"artifactLocation", llvm::json::Object{{"uri", utf8(checker::repo_relative(l.file))},
                                                                      {"uriBaseId", "%SRCROOT%"}}}};
  if (l.line > 0)
    physical["region"] = llvm::json::Object{{"startLine", l.line}, {"startColumn", std::max(l.column, 1u)}};
  return llvm::json::Object{{"physicalLocation", std::move(physical)}};
}
}  // namespace

std::string render_sarif(const Report& report, std::string_view tool_version) {
  llvm::json::Array rules;
  for (const auto& p : all_properties())
    rules.push_back(llvm::json::Object{{"id", std::string(p.id)},
                                       {"name", std::string(p.id)},
                                       {"shortDescription", llvm::json::Object{{"text", std::string(p.summary)}}},
                                       {"helpUri", fmt::format("docs/rules/check/{}.md", p.id)},
                                       {"defaultConfiguration", llvm::json::Object{{"level", to_string(p.severity)}}}});
  llvm::json::Array results;
  for (const auto& r : report.results) {
    if (r.status == Status::Proved) continue;
    llvm::json::Array related;
    for (const auto& b : r.blame) {
      auto loc = sarif_location(b);
      loc["message"] = llvm::json::Object{{"text", utf8(b.message)}};
      related.push_back(std::move(loc));
    }
    llvm::json::Object res{
        {"ruleId", r.property},
        {"level", sarif_level(r)},
        {"message", llvm::json::Object{{"text", utf8(fmt::format("{}: {}", to_string(r.status), r.message))}}},
        {"locations", llvm::json::Array{sarif_location(r.where)}},
        {"partialFingerprints", llvm::json::Object{{"mauicCheck/v1", fingerprint(r)}}},
        {"properties",
         llvm::json::Object{
             {"status", std::string(to_string(r.status))}, {"check", r.check}, {"subject", utf8(r.subject)}}}};
    if (!r.witness.empty()) res["properties"].getAsObject()->insert({"witness", llvm::json::Object(r.witness)});
    if (!related.empty()) res["relatedLocations"] = std::move(related);
    results.push_back(std::move(res));
  }
  return checker::sarif_log("mauic check", tool_version, std::move(rules), std::move(results));
}

void apply_suppressions(const Compilation& unit, Report& report) {
  const auto& suppressions = unit.syntax.suppressions;
  if (suppressions.empty()) return;
  std::erase_if(report.results, [&](const Result& r) {
    if (r.status == Status::Proved || r.where.line == 0) return false;
    for (unsigned b = 1; b <= unit.sources.buffer_count(); ++b) {
      if (unit.sources.display_name(b) != r.where.file) continue;
      auto it = suppressions.find({b, r.where.line});
      if (it != suppressions.end() && (it->second.count(r.property) || it->second.count("*"))) return true;
    }
    return false;
  });
}

Baseline read_baseline(const std::string& path) {
  Baseline b;
  constexpr std::uint64_t kMaxBaselineBytes = 1ull << 30;  // SARIF of every finding of a large site
  InputFile in = read_input_file(path, kMaxBaselineBytes);
  if (in.error) {
    b.error = fmt::format("cannot read baseline '{}': {}", path, in.error->message);
    return b;
  }
  const llvm::StringRef text(in.text);
  if (auto problem = json_input_problem(in.text)) {
    b.error = fmt::format("{}:{}:{}: not JSON: {}", path, problem->line, problem->column, problem->message);
    return b;
  }
  auto parsed = llvm::json::parse(text);
  if (!parsed) {
    b.error = fmt::format("{}: not JSON: {}", path, llvm::toString(parsed.takeError()));
    return b;
  }
  const auto* runs = parsed->getAsObject() ? parsed->getAsObject()->getArray("runs") : nullptr;
  if (!runs) {
    b.error = fmt::format("{}: not a SARIF file (no \"runs\")", path);
    return b;
  }
  for (const auto& run : *runs)
    if (const auto* o = run.getAsObject())
      if (const auto* results = o->getArray("results"))
        for (const auto& res : *results)
          if (const auto* ro = res.getAsObject())
            if (const auto* fp = ro->getObject("partialFingerprints"))
              if (auto v = fp->getString("mauicCheck/v1")) b.fingerprints.insert(v->str());
  return b;
}

void apply_baseline(const Baseline& baseline, Report& report) {
  std::erase_if(report.results, [&](const Result& r) {
    return r.status != Status::Proved && baseline.fingerprints.count(fingerprint(r));
  });
}

}  // namespace maui::prove
