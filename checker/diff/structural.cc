#include "checker/diff/structural.h"

#include <fmt/format.h>

#include "llvm/Support/JSON.h"
#include "schemas/ir_json.h"

namespace maui::diff {

namespace {

std::string compact(const llvm::json::Value& v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << v;
  return s;
}

// Array elements are keyed by what they are (a credential, a reservation, a scalar's key), not
// by position, so that reordering lines is no change.
std::string element_key(const llvm::json::Value& v, std::size_t index) {
  if (const auto* o = v.getAsObject()) {
    if (auto key = o->getString("key")) return key->str();
    const llvm::json::Object* id = o->getObject("id");
    const llvm::json::Object* named = id ? id : o;
    std::string label;
    for (const char* field : {"kind", "name", "value"})
      if (auto s = named->getString(field)) label = label.empty() ? s->str() : fmt::format("{} {}", label, s->str());
    if (!label.empty()) return label;
  }
  return std::to_string(index);
}

void walk(const llvm::json::Value& v, const std::string& path, std::map<std::string, Side>& out) {
  if (const auto* a = v.getAsArray()) {
    for (std::size_t i = 0; i < a->size(); ++i)
      walk((*a)[i], fmt::format("{}[{}]", path, element_key((*a)[i], i)), out);
    return;
  }
  const auto* o = v.getAsObject();
  if (!o) return;
  if (const auto* from = o->getObject("from")) {
    llvm::json::Object value;
    for (const auto& [key, member] : *o)
      if (key != "from") value[key] = member;
    const llvm::json::Value* plain = value.get("value");
    std::string shown = plain && value.size() == 1 ? compact(*plain) : compact(llvm::json::Value(std::move(value)));
    auto how = from->getString("how").getValueOr("");
    if (how != "builtin-default")
      out[path] = Side{shown, from->getString("file").getValueOr("").str(),
                       static_cast<unsigned>(from->getInteger("line").getValueOr(0))};
    return;
  }
  for (const auto& [key, member] : *o)
    if (key != "declared" && key != "files" && key != "scalars")
      walk(member, path.empty() ? key.str() : fmt::format("{}.{}", path, key.str()), out);
}

}  // namespace

std::map<std::string, Side> flatten(const ir::Policy& policy) {
  std::map<std::string, Side> out;
  auto parsed = llvm::json::parse(ir::to_json(policy, false));
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return out;
  }
  walk(*parsed, "", out);
  return out;
}

std::vector<StructuralChange> structural_changes(const ir::Policy& old_policy, const ir::Policy& new_policy) {
  auto a = flatten(old_policy), b = flatten(new_policy);
  std::vector<StructuralChange> out;
  for (const auto& [path, side] : a) {
    auto it = b.find(path);
    if (it == b.end())
      out.push_back({path, side, {}});
    else if (it->second.value != side.value)
      out.push_back({path, side, it->second});
  }
  for (const auto& [path, side] : b)
    if (!a.count(path)) out.push_back({path, {}, side});
  std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) { return x.path < y.path; });
  return out;
}

}  // namespace maui::diff
