#include "runtime/daemon/admin_protocol.h"

#include <fmt/format.h>

#include "llvm/Support/JSON.h"

namespace maui::runtime {

namespace json = llvm::json;

namespace {

// The text as one line: JSON escapes every newline inside strings.
std::string line_of(json::Value v) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << v << '\n';
  return os.str();
}

std::variant<json::Object, std::string> object_of(std::string_view text, std::string_view what) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  auto parsed = json::parse(llvm::StringRef(text.data(), text.size()));
  if (!parsed) return fmt::format("the {} is not JSON: {}", what, llvm::toString(parsed.takeError()));
  if (auto* o = parsed->getAsObject()) return std::move(*o);
  return fmt::format("the {} is not a JSON object", what);
}

}  // namespace

std::string encode_request(const AdminRequest& r) {
  return line_of(json::Object{{"command", r.command}, {"args", json::Array(r.args)}, {"json", r.json}});
}

std::string encode_answer(const AdminAnswer& a) {
  return line_of(json::Object{{"status", a.status}, {"out", a.out}, {"err", a.err}});
}

std::variant<AdminRequest, std::string> decode_request(std::string_view text) {
  auto o = object_of(text, "request");
  if (auto* e = std::get_if<std::string>(&o)) return *e;
  const json::Object& obj = std::get<json::Object>(o);
  AdminRequest r;
  auto command = obj.getString("command");
  if (!command || command->empty()) return std::string("the request has no \"command\" string");
  r.command = command->str();
  if (const json::Value* args = obj.get("args")) {
    const json::Array* a = args->getAsArray();
    if (!a) return std::string("the request's \"args\" is not an array");
    for (const auto& v : *a) {
      auto s = v.getAsString();
      if (!s) return std::string("the request's \"args\" holds something other than strings");
      r.args.push_back(s->str());
    }
  }
  if (const json::Value* j = obj.get("json")) {
    auto b = j->getAsBoolean();
    if (!b) return std::string("the request's \"json\" is not true or false");
    r.json = *b;
  }
  return r;
}

std::variant<AdminAnswer, std::string> decode_answer(std::string_view text) {
  auto o = object_of(text, "answer");
  if (auto* e = std::get_if<std::string>(&o)) return *e;
  const json::Object& obj = std::get<json::Object>(o);
  AdminAnswer a;
  auto status = obj.getInteger("status");
  auto out = obj.getString("out");
  auto err = obj.getString("err");
  if (!status || !out || !err) return std::string("the answer lacks \"status\", \"out\" or \"err\"");
  a.status = static_cast<int>(*status);
  a.out = out->str();
  a.err = err->str();
  return a;
}

}  // namespace maui::runtime
