// The policy IR read back from its JSON (from_json of ir_json.h): what ir_json_writer.cc writes.
//
// The members come from ir_members.h, the list the writer walks too; this file says how each
// kind of value is read and checked, and names the JSON path of the first error (a missing,
// unknown or mistyped member). It parses through llvm::json (llvm/Support/JSON.h, which clang-14
// cannot parse in C++20: why the JSON form is a library of its own, maui_ir_json).
#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "llvm/Support/JSON.h"
#include "schemas/ir_json.h"
#include "schemas/ir_members.h"
#include "schemas/ir_names.h"
#include "schemas/json_input.h"

namespace maui::ir {
namespace {

namespace json = llvm::json;
using namespace members;  // the member lists, in the order written

// ---------------------------------------------------------------------------------------------
// Where we are in the document, and the first error

class Reader {
 public:
  // Keeps one path segment for as long as it lives.
  class [[nodiscard]] Step {
   public:
    explicit Step(Reader& reader) : reader_(reader) {}
    Step(const Step&) = delete;
    Step& operator=(const Step&) = delete;
    ~Step() { reader_.path_.pop_back(); }

   private:
    Reader& reader_;
  };

  Step step_into(std::string_view key) {
    // Keys of `other` maps are admins' attribute names and may contain anything; quote those
    // so the path stays unambiguous.
    const bool plain = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
    path_.push_back(plain ? fmt::format(".{}", key) : fmt::format("[\"{}\"]", key));
    return Step(*this);
  }
  Step step_into(std::size_t index) {
    path_.push_back(fmt::format("[{}]", index));
    return Step(*this);
  }

  // Records the first error (later ones are consequences) and returns false for `return fail()`.
  bool fail(std::string_view message) {
    if (error_.empty()) {
      std::string where;
      for (const auto& segment : path_) where += segment;
      if (where.starts_with('.')) where.erase(0, 1);
      error_ = fmt::format("{}: {}", where.empty() ? "(root)" : where, message);
    }
    return false;
  }
  const std::string& error() const { return error_; }

 private:
  std::vector<std::string> path_;
  std::string error_;
};

// ---------------------------------------------------------------------------------------------
// One ValueReader specialization per kind of value: read(Reader&, const json::Value&, T&) ->
// false after Reader::fail.

template <class T>
struct ValueReader;

template <class T>
bool read_value(Reader& in, const json::Value& json, T& value) {
  return ValueReader<T>::read(in, json, value);
}

const json::Object* as_object(Reader& in, const json::Value& json) {
  const json::Object* object = json.getAsObject();
  if (!object) in.fail("expected an object");
  return object;
}

std::string missing(std::string_view key) { return fmt::format("missing key \"{}\"", key); }

// Unknown members are errors, not ignored: a misspelt key in hand-edited JSON would otherwise
// silently drop the value. Keys are checked in sorted order so the error is deterministic.
template <class Known>
bool only_known(Reader& in, const json::Object& object, Known known) {
  std::vector<std::string_view> keys;
  keys.reserve(object.size());
  for (const auto& member : object) keys.push_back(llvm::StringRef(member.first));
  std::sort(keys.begin(), keys.end());
  for (std::string_view key : keys)
    if (!known(key)) return in.fail(fmt::format("unknown key \"{}\"", key));
  return true;
}

template <Described C>
bool only_fields_of(Reader& in, const json::Object& object, std::string_view extra = {}) {
  static constexpr auto kNames = field_names<C>();
  return only_known(in, object, [&](std::string_view key) {
    return key == extra || std::find(kNames.begin(), kNames.end(), key) != kNames.end();
  });
}

template <class E, class X, std::size_t N>
bool read_enum_keyed(Reader& in, const json::Value& json, std::array<X, N>& values) {
  const json::Object* object = as_object(in, json);
  if (!object) return false;
  for (std::size_t i = 0; i < N; ++i) {
    const std::string_view key = to_string(static_cast<E>(i));
    const json::Value* member = object->get(key);
    if (!member) {
      if constexpr (kIsOptional<X>) {
        values[i].reset();
        continue;
      } else {
        return in.fail(missing(key));
      }
    }
    auto step = in.step_into(key);
    if (!read_value(in, *member, values[i])) return false;
  }
  return only_known(in, *object, [](std::string_view key) { return parse_enum<E>(key).has_value(); });
}

template <class C, class M>
bool read_field(Reader& in, const json::Object& json, C& object, const Field<C, M>& f) {
  M& value = object.*f.member;
  const json::Value* member = json.get(f.name);
  if (!member) {
    if constexpr (kIsOptional<M>) {
      value.reset();
      return true;
    } else {
      return in.fail(missing(f.name));
    }
  }
  auto step = in.step_into(f.name);
  return read_value(in, *member, value);
}
template <class C, class M, class E>
bool read_field(Reader& in, const json::Object& json, C& object, const EnumKeyed<C, M, E>& f) {
  const json::Value* member = json.get(f.name);
  if (!member) return in.fail(missing(f.name));
  auto step = in.step_into(f.name);
  return read_enum_keyed<E>(in, *member, object.*f.member);
}

// The members of C, without the surrounding braces (for flattened and keyed entries).
template <Described C>
bool read_fields(Reader& in, const json::Object& json, C& object) {
  return std::apply([&](const auto&... f) { return (read_field(in, json, object, f) && ...); }, describe(Is<C>{}));
}

// ---------------------------------------------------------------------------------------------
// The kinds of value

template <>
struct ValueReader<bool> {
  static bool read(Reader& in, const json::Value& json, bool& value) {
    const auto b = json.getAsBoolean();
    if (!b) return in.fail("expected true or false");
    value = *b;
    return true;
  }
};

template <>
struct ValueReader<std::string> {
  static bool read(Reader& in, const json::Value& json, std::string& value) {
    const auto s = json.getAsString();
    if (!s) return in.fail("expected a string");
    value = s->str();
    return true;
  }
};

template <>
struct ValueReader<FileName> {
  static bool read(Reader& in, const json::Value& json, FileName& value) {
    std::string text;
    if (!ValueReader<std::string>::read(in, json, text)) return false;
    value = FileName(text);
    return true;
  }
};

template <class I>
requires(std::integral<I> && !std::same_as<I, bool>) struct ValueReader<I> {
  static bool read(Reader& in, const json::Value& json, I& value) {
    // getAsInteger would convert a double of exactly 2^63 to int64 (undefined behaviour), so
    // non-negative integers come through getAsUINT64 and only smaller doubles reach it.
    std::optional<std::int64_t> n;
    if (const auto u = json.getAsUINT64()) {
      if (*u <= static_cast<std::uint64_t>(INT64_MAX)) n = static_cast<std::int64_t>(*u);
    } else if (const auto d = json.getAsNumber(); d && *d >= -0x1p63 && *d < 0x1p63) {
      if (const auto i = json.getAsInteger()) n = *i;
    }
    if (!n) return in.fail("expected an integer");
    if (!std::in_range<I>(*n)) return in.fail(fmt::format("{} is out of range", *n));
    value = static_cast<I>(*n);
    return true;
  }
};

template <>
struct ValueReader<double> {
  // The writer's spellings of what JSON numbers cannot hold: infinities and NaN as strings.
  static bool read(Reader& in, const json::Value& json, double& value) {
    if (const auto d = json.getAsNumber()) {
      value = *d;
      return true;
    }
    const auto s = json.getAsString();
    if (s && *s == "Infinity") {
      value = std::numeric_limits<double>::infinity();
    } else if (s && *s == "-Infinity") {
      value = -std::numeric_limits<double>::infinity();
    } else if (s && *s == "NaN") {
      value = std::numeric_limits<double>::quiet_NaN();
    } else {
      return in.fail("expected a number");
    }
    return true;
  }
};

template <class E>
requires std::is_enum_v<E>
struct ValueReader<E> {
  static bool read(Reader& in, const json::Value& json, E& value) {
    const auto s = json.getAsString();
    if (!s) return in.fail("expected a string");
    const auto parsed = parse_enum<E>(*s);
    if (!parsed)
      return in.fail(
          fmt::format("unknown value \"{}\" (expected one of: {})", s->str(), fmt::join(enum_names<E>(), ", ")));
    value = *parsed;
    return true;
  }
};

template <class T>
struct ValueReader<OnDemand<T>> {  // as the T it holds
  static bool read(Reader& in, const json::Value& json, OnDemand<T>& value) {
    return read_value(in, json, value.get());
  }
};

template <class T>
struct ValueReader<std::optional<T>> {  // members: absent when empty; array elements: null
  static bool read(Reader& in, const json::Value& json, std::optional<T>& value) {
    if (json.getAsNull()) {
      value.reset();
      return true;
    }
    return read_value(in, json, value.emplace());
  }
};

template <class T>
struct ValueReader<std::vector<T>> {
  static bool read(Reader& in, const json::Value& json, std::vector<T>& values) {
    const json::Array* array = json.getAsArray();
    if (!array) return in.fail("expected an array");
    values.clear();
    values.reserve(array->size());
    for (std::size_t i = 0; i < array->size(); ++i) {
      auto step = in.step_into(i);
      if (!read_value(in, (*array)[i], values.emplace_back())) return false;
    }
    return true;
  }
};

template <class T, std::size_t N>
struct ValueReader<std::array<T, N>> {
  static bool read(Reader& in, const json::Value& json, std::array<T, N>& values) {
    const json::Array* array = json.getAsArray();
    if (!array || array->size() != N) return in.fail(fmt::format("expected an array of {} elements", N));
    for (std::size_t i = 0; i < N; ++i) {
      auto step = in.step_into(i);
      if (!read_value(in, (*array)[i], values[i])) return false;
    }
    return true;
  }
};

template <Described T>
struct ValueReader<T> {
  static bool read(Reader& in, const json::Value& json, T& value) {
    const json::Object* object = as_object(in, json);
    return object && read_fields(in, *object, value) && only_fields_of<T>(in, *object);
  }
};

// Flat: the members of its source range, "how", and "earlier" when there is something in it.
template <>
struct ValueReader<Provenance> {
  static bool read(Reader& in, const json::Value& json, Provenance& p) {
    const json::Object* object = as_object(in, json);
    if (!object || !read_fields(in, *object, p.where)) return false;
    const json::Value* how = object->get("how");
    if (!how) return in.fail(missing("how"));
    {
      auto step = in.step_into("how");
      if (!read_value(in, *how, p.how)) return false;
    }
    p.earlier.clear();
    if (const json::Value* earlier = object->get("earlier")) {
      auto step = in.step_into("earlier");
      if (!read_value(in, *earlier, p.earlier.list())) return false;
    }
    static constexpr auto kRange = field_names<SourceRange>();
    return only_known(in, *object, [](std::string_view key) {
      return key == "how" || key == "earlier" || std::find(kRange.begin(), kRange.end(), key) != kRange.end();
    });
  }
};

// Only the resources that have a limit.
template <>
struct ValueReader<LimitTable> {
  static bool read(Reader& in, const json::Value& json, LimitTable& t) {
    LimitTable::Slots slots;
    if (!read_enum_keyed<LimitResource>(in, json, slots)) return false;
    t = LimitTable();  // slots only for the resources that have a limit
    for (std::size_t i = 0; i < slots.size(); ++i)
      if (slots[i]) t[static_cast<LimitResource>(i)] = std::move(slots[i]);
    return true;
  }
};

template <class K, class V>
struct ValueReader<std::map<K, V>> {
  static bool read(Reader& in, const json::Value& json, std::map<K, V>& map) {
    map.clear();
    if constexpr (KeyInValue<V> || KeyBeside<V>) {
      const json::Array* array = json.getAsArray();
      if (!array) return in.fail("expected an array");
      for (std::size_t i = 0; i < array->size(); ++i) {
        auto step = in.step_into(i);
        K key{};
        V value{};
        if constexpr (KeyInValue<V>) {
          if (!read_value(in, (*array)[i], value)) return false;
          key = key_of(value);
        } else {
          constexpr std::string_view kKey = key_member(Is<V>{});
          const json::Object* object = as_object(in, (*array)[i]);
          if (!object) return false;
          const json::Value* key_json = object->get(kKey);
          if (!key_json) return in.fail(missing(kKey));
          {
            auto key_step = in.step_into(kKey);
            if (!read_value(in, *key_json, key)) return false;
          }
          if (!read_fields(in, *object, value) || !only_fields_of<V>(in, *object, kKey)) return false;
        }
        if (!map.emplace(std::move(key), std::move(value)).second)
          return in.fail("duplicate entry (same key as an earlier one)");
      }
    } else {
      const json::Object* object = as_object(in, json);
      if (!object) return false;
      // In key order, so that of two bad entries the same one is always reported.
      std::vector<std::string_view> keys;
      for (const auto& member : *object) keys.push_back(llvm::StringRef(member.first));
      std::sort(keys.begin(), keys.end());
      for (std::string_view key : keys) {
        auto step = in.step_into(key);
        if (!read_value(in, *object->get(key), map[std::string(key)])) return false;
      }
    }
    return true;
  }
};

// A document that is not a policy: the error names the JSON path, not a line (the reader
// walks parsed values).
PolicyFromJson make_error(const std::string& message) { return {std::nullopt, {{}, 0, 0, Severity::Error, message}}; }

}  // namespace

PolicyFromJson from_json(llvm::StringRef text) {
  if (auto problem = json_input_problem(std::string_view(text.data(), text.size()))) {
    problem->message = fmt::format("invalid JSON: {} at byte {}", problem->message,
                                   offset_of(std::string_view(text.data(), text.size()), *problem));
    return {std::nullopt, std::move(*problem)};
  }
  llvm::Expected<json::Value> document = json::parse(text);
  if (!document) return make_error("invalid JSON: " + llvm::toString(document.takeError()));

  Reader in;
  Policy policy;
  const json::Object* root = as_object(in, *document);
  if (!root) return make_error(in.error());
  // The version is checked before anything else so that a newer document gets "unsupported
  // version", not a complaint about the first member this reader does not know.
  const json::Value* version = root->get("version");
  if (!version) {
    in.fail(missing("version"));
    return make_error(in.error());
  }
  {
    auto step = in.step_into("version");
    std::int64_t number = 0;
    if (!read_value(in, *version, number)) return make_error(in.error());
    if (number != Policy::kVersion) {
      in.fail(fmt::format("unsupported version {} (this build reads version {})", number, Policy::kVersion));
      return make_error(in.error());
    }
  }
  if (!read_fields(in, *root, policy) || !only_fields_of<Policy>(in, *root, "version")) return make_error(in.error());
  return {std::move(policy), {}};
}

}  // namespace maui::ir
