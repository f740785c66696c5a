#include "checker/report.h"

#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "checker/rules.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

namespace maui::checker {

namespace {

llvm::SourceMgr::DiagKind kind_of(Severity s) {
  switch (s) {
    case Severity::Error: return llvm::SourceMgr::DK_Error;
    case Severity::Warning: return llvm::SourceMgr::DK_Warning;
    case Severity::Note: return llvm::SourceMgr::DK_Note;
  }
  return llvm::SourceMgr::DK_Error;
}

std::string_view line_text(const Compilation& c, llvm::SMLoc loc) {
  unsigned id = c.sources.buffer_of(loc);
  if (id == 0) return {};
  std::string_view text = c.sources.text(id);
  std::size_t at = static_cast<std::size_t>(loc.getPointer() - text.data());
  std::size_t begin = text.rfind('\n', at == 0 ? 0 : at - 1);
  begin = (begin == std::string_view::npos || at == 0) ? 0 : begin + 1;
  if (at > 0 && text[at - 1] == '\n') begin = at;
  std::size_t end = text.find('\n', at);
  return text.substr(begin, (end == std::string_view::npos ? text.size() : end) - begin);
}

}  // namespace

void sort_diagnostics(Compilation& c) {
  auto key = [&](const Diagnostic& d) {
    unsigned buffer = d.range.Start.isValid() ? c.sources.buffer_of(d.range.Start) : 0;
    const char* p = d.range.Start.isValid() ? d.range.Start.getPointer() : nullptr;
    std::size_t offset = buffer ? static_cast<std::size_t>(p - c.sources.text(buffer).data()) : 0;
    return std::make_tuple(buffer, offset, std::string_view(d.rule), std::string_view(d.message));
  };
  std::stable_sort(c.diagnostics.diagnostics().begin(), c.diagnostics.diagnostics().end(),
                   [&](const Diagnostic& a, const Diagnostic& b) { return key(a) < key(b); });
}

namespace {
// File, line, column and end column of a range (end on the same line as the start).
template <class Resolved>
void place(const Compilation& c, llvm::SMRange range, Resolved& out) {
  if (!range.Start.isValid()) return;
  auto pos = c.sources.resolve(range.Start);
  out.file = pos.file;
  out.line = pos.line;
  out.column = pos.column;
  out.end_column = pos.column + static_cast<unsigned>(range.End.getPointer() - range.Start.getPointer());
}
}  // namespace

std::vector<ResolvedDiagnostic> resolve(const Compilation& c) {
  std::vector<ResolvedDiagnostic> out;
  for (const Diagnostic& d : c.diagnostics.diagnostics()) {
    ResolvedDiagnostic r{d.rule, d.severity, d.file, 0, 0, 0, d.message, {}, {}};
    place(c, d.range, r);
    if (d.range.Start.isValid()) r.source_line = std::string(line_text(c, d.range.Start));
    for (const auto& n : d.notes) {
      ResolvedNote rn{r.file, 0, 0, 0, n.message};
      place(c, n.range, rn);
      r.notes.push_back(std::move(rn));
    }
    out.push_back(std::move(r));
  }
  return out;
}

void render_text(llvm::raw_ostream& os, const Compilation& c, bool color) {
  const llvm::SourceMgr& mgr = c.sources.manager();
  for (const Diagnostic& d : c.diagnostics.diagnostics()) {
    std::string message = fmt::format("{} [{}]", d.message, d.rule);
    if (d.range.Start.isValid()) {
      llvm::SMRange underline = d.range;
      std::vector<llvm::SMRange> ranges;
      if (underline.End.getPointer() > underline.Start.getPointer() + 1) ranges.push_back(underline);
      mgr.PrintMessage(os, d.range.Start, kind_of(d.severity), message, ranges, {}, color);
    } else {
      os << d.file << ": " << to_string(d.severity) << ": " << message << "\n";
    }
    for (const auto& n : d.notes) {
      if (n.range.Start.isValid())
        mgr.PrintMessage(os, n.range.Start, llvm::SourceMgr::DK_Note, n.message, {}, {}, color);
      else
        os << "note: " << n.message << "\n";
    }
  }
}

std::string render_line(const ResolvedDiagnostic& d) {
  const std::string where = d.line == 0 ? d.file : fmt::format("{}:{}:{}", d.file, d.line, d.column);
  return fmt::format("{}: {}: {} [{}]", where, to_string(d.severity), d.message, d.rule);
}

namespace {
// Messages quote config text, which may be any bytes; JSON needs UTF-8 (llvm::json asserts on
// invalid UTF-8 in builds with assertions).
std::string utf8(llvm::StringRef s) { return llvm::json::isUTF8(s) ? s.str() : llvm::json::fixUTF8(s); }
}  // namespace

std::string render_json(const std::vector<ResolvedDiagnostic>& diagnostics) {
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::json::OStream j(os, 2);
  j.object([&] {
    j.attribute("version", 1);
    j.attributeArray("diagnostics", [&] {
      for (const auto& d : diagnostics) {
        j.object([&] {
          j.attribute("rule", d.rule);
          j.attribute("severity", to_string(d.severity));
          j.attribute("file", utf8(d.file));
          j.attribute("line", static_cast<std::int64_t>(d.line));
          j.attribute("column", static_cast<std::int64_t>(d.column));
          j.attribute("message", utf8(d.message));
          j.attributeArray("notes", [&] {
            for (const auto& n : d.notes)
              j.object([&] {
                j.attribute("file", utf8(n.file));
                j.attribute("line", static_cast<std::int64_t>(n.line));
                j.attribute("column", static_cast<std::int64_t>(n.column));
                j.attribute("message", utf8(n.message));
              });
          });
        });
      }
    });
  });
  os << "\n";
  return out;
}

std::string repo_relative(const std::string& path) {
  llvm::SmallString<256> cwd;
  std::string p = path;
  if (!llvm::sys::fs::current_path(cwd) && llvm::sys::path::is_absolute(path)) {
    std::string prefix = std::string(cwd) + "/";
    if (p.rfind(prefix, 0) == 0) p = p.substr(prefix.size());
  }
  while (p.rfind("./", 0) == 0) p = p.substr(2);
  std::replace(p.begin(), p.end(), '\\', '/');
  return p;
}

namespace {

const char* sarif_level(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

std::string uri_escape(const std::string& path) {
  std::string out;
  for (unsigned char ch : path) {
    if (std::isalnum(ch) || std::string_view("/-._~").find(static_cast<char>(ch)) != std::string_view::npos)
      out += static_cast<char>(ch);
    else
      out += fmt::format("%{:02X}", ch);
  }
  return out;
}

llvm::json::Object location(const std::string& file, unsigned line, unsigned column, unsigned end_column) {
  llvm::json::Object artifact{{"uri", uri_escape(repo_relative(file))}, {"uriBaseId", "%SRCROOT%"}};  // ASCII
  llvm::json::Object physical{{"artifactLocation", std::move(artifact)}};
  if (line > 0) {
    llvm::json::Object region{{"startLine", line}, {"startColumn", std::max(column, 1u)}};
    if (end_column > column) region["endColumn"] = end_column;
    physical["region"] = std::move(region);
  }
  return llvm::json::Object{{"physicalLocation", std::move(physical)}};
}

}  // namespace

std::string render_sarif(const std::vector<ResolvedDiagnostic>& diagnostics, std::string_view tool_version) {
  llvm::json::Array rules;
  std::map<std::string, std::size_t> rule_index;
  for (const Rule& r : all_rules()) {
    rule_index[std::string(r.id)] = rules.size();
    rules.push_back(llvm::json::Object{
        {"id", std::string(r.id)},
        {"name", std::string(r.id)},
        {"shortDescription", llvm::json::Object{{"text", std::string(r.summary)}}},
        {"helpUri", fmt::format("docs/rules/{}.md", r.id)},
        {"defaultConfiguration", llvm::json::Object{{"level", sarif_level(r.severity)}}},
    });
  }
  // Fingerprints survive edits elsewhere in the file: rule, file and the text of the line,
  // plus a counter for identical lines.
  std::map<std::string, unsigned> seen;
  llvm::json::Array results;
  for (const auto& d : diagnostics) {
    std::string_view text = d.source_line;
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    std::string basis = fmt::format("{}\n{}\n{}", d.rule, repo_relative(d.file), text);
    unsigned n = seen[basis]++;
    std::string fingerprint = fmt::format("{:016x}:{}", llvm::xxHash64(basis), n);
    llvm::json::Array related;
    for (const auto& note : d.notes) {
      auto loc = location(note.file, note.line, note.column, note.end_column);
      loc["message"] = llvm::json::Object{{"text", utf8(note.message)}};
      related.push_back(std::move(loc));
    }
    llvm::json::Object result{
        {"ruleId", d.rule},
        {"level", sarif_level(d.severity)},
        {"message", llvm::json::Object{{"text", utf8(d.message)}}},
        {"locations", llvm::json::Array{location(d.file, d.line, d.column, d.end_column)}},
        {"partialFingerprints", llvm::json::Object{{"mauicLineHash/v1", fingerprint}}},
    };
    if (auto it = rule_index.find(d.rule); it != rule_index.end())
      result["ruleIndex"] = static_cast<std::int64_t>(it->second);
    if (!related.empty()) result["relatedLocations"] = std::move(related);
    results.push_back(std::move(result));
  }
  return sarif_log("mauic", tool_version, std::move(rules), std::move(results));
}

std::string sarif_log(std::string_view tool_name, std::string_view tool_version, llvm::json::Array rules,
                      llvm::json::Array results) {
  llvm::json::Object driver{
      {"name", std::string(tool_name)}, {"version", std::string(tool_version)}, {"rules", std::move(rules)}};
  llvm::json::Object run{{"tool", llvm::json::Object{{"driver", std::move(driver)}}}, {"results", std::move(results)}};
  llvm::json::Object sarif{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                           {"version", "2.1.0"},
                           {"runs", llvm::json::Array{std::move(run)}}};
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(sarif))) << "\n";
  return out;
}

}  // namespace maui::checker
