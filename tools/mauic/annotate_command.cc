// `mauic annotate FILE`: every source line followed by what it means in the compiled policy.
//
// The annotations come from the IR's own JSON form: every value there carries its provenance
// ("from"), so walking that document and grouping values by (file, line) shows what each line
// set, which later line overrode it, and what the checker said about it. Using the JSON form
// means annotate can never disagree with `mauic compile`.
#include <map>

#include <fmt/format.h>

#include "checker/pipeline.h"
#include "checker/report.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include "schemas/ir_json.h"
#include "tools/mauic/commands.h"

namespace maui::tools {

namespace {

using Annotations = std::map<std::pair<std::string, unsigned>, std::vector<std::string>>;

std::string compact(const llvm::json::Value& v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << v;
  os.flush();
  if (s.size() > 100) s = s.substr(0, 97) + "...";
  return s;
}

// A short label for an array element: `user john`, a reservation's name, a scalar's key.
std::string element_label(const llvm::json::Value& v, std::size_t index) {
  if (const auto* o = v.getAsObject()) {
    if (auto key = o->getString("key")) return key->str();
    const llvm::json::Object* id = o->getObject("id");
    const llvm::json::Object* named = id ? id : o;
    std::string label;
    for (const char* field : {"kind", "name"})
      if (auto s = named->getString(field)) {
        if (!label.empty()) label += ' ';
        label.append(s->data(), s->size());
      }
    if (!label.empty()) return label;
    if (auto i = o->getInteger("index")) return std::to_string(*i);
  }
  return std::to_string(index);
}

void walk(const llvm::json::Value& v, const std::string& path, Annotations& out, std::vector<std::string>& defaults) {
  if (const auto* a = v.getAsArray()) {
    for (std::size_t i = 0; i < a->size(); ++i)
      walk((*a)[i], fmt::format("{}[{}]", path, element_label((*a)[i], i)), out, defaults);
    return;
  }
  const auto* o = v.getAsObject();
  if (!o) return;
  if (const auto* from = o->getObject("from")) {
    llvm::json::Object value;
    for (const auto& [key, member] : *o)
      if (key != "from") value[key] = member;
    const llvm::json::Value* plain = value.get("value");
    bool only_value = plain && (value.size() == 1 || value.get("key"));  // a scalar: key, name, index, value
    std::string shown = only_value ? compact(*plain) : compact(llvm::json::Value(std::move(value)));
    auto how = from->getString("how").getValueOr("");
    auto file = from->getString("file").getValueOr("");
    auto line = from->getInteger("line").getValueOr(0);
    if (line > 0) {
      out[{file.str(), static_cast<unsigned>(line)}].push_back(
          fmt::format("=> {} = {}{}", path, shown, how == "explicit" ? "" : fmt::format("  ({})", how.str())));
      if (const auto* earlier = from->getArray("earlier"))
        for (const auto& e : *earlier)
          if (const auto* eo = e.getAsObject())
            out[{eo->getString("file").getValueOr("").str(),
                 static_cast<unsigned>(eo->getInteger("line").getValueOr(0))}]
                .push_back(fmt::format("=> {}: overridden by line {}", path, line));
    } else if (how == "builtin-default" && path.find('[') == std::string::npos) {
      defaults.push_back(fmt::format("{} = {}", path, shown));
    }
  }
  for (const auto& [key, member] : *o) {
    if (key == "from") continue;
    walk(member, path.empty() ? key.str() : fmt::format("{}.{}", path, key.str()), out, defaults);
  }
}

}  // namespace

int annotate_command(const std::string& file) {
  auto unit = checker::check_file(file);
  if (!unit->loaded) {
    checker::render_text(llvm::errs(), *unit, false);
    return kExitUsage;
  }
  auto parsed = llvm::json::parse(ir::to_json(unit->policy, false));
  if (!parsed) {
    llvm::errs() << "mauic: internal error: " << llvm::toString(parsed.takeError()) << "\n";
    return kExitUsage;
  }
  Annotations notes, scalar_notes;
  std::vector<std::string> defaults;
  // Every scalar is also listed under "scalars"; show that entry only for lines no typed setting
  // covers (parameters the engine keeps but does not use).
  llvm::json::Value scalars = std::move((*parsed->getAsObject())["scalars"]);
  parsed->getAsObject()->erase("scalars");
  walk(*parsed, "", notes, defaults);
  walk(scalars, "scalars", scalar_notes, defaults);
  for (auto& [line, list] : scalar_notes)
    if (!notes.count(line)) notes[line] = list;
  for (const auto& d : checker::resolve(*unit))
    if (d.line > 0)
      notes[{d.file, d.line}].push_back(fmt::format("!  {}: {} [{}]", to_string(d.severity), d.message, d.rule));

  auto& os = llvm::outs();
  for (unsigned b = 1; b <= unit->sources.buffer_count(); ++b) {
    const std::string& name = unit->sources.display_name(b);
    os << "== " << name << " ==\n";
    std::string_view text = unit->sources.text(b);
    unsigned line = 1;
    while (!text.empty()) {
      auto nl = text.find('\n');
      std::string_view content = text.substr(0, nl);
      os << fmt::format("{:5} | {}\n", line, content);
      if (auto it = notes.find({name, line}); it != notes.end())
        for (const auto& n : it->second) os << fmt::format("      |   {}\n", n);
      if (nl == std::string_view::npos) break;
      text.remove_prefix(nl + 1);
      ++line;
    }
  }
  os << "== built-in defaults in effect ==\n";
  for (const auto& d : defaults) os << "  " << d << "\n";
  return unit->diagnostics.has_errors() ? kExitFindings : kExitClean;
}

}  // namespace maui::tools
