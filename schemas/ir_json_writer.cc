// The policy IR written as JSON (to_json, write_json of ir_json.h).
//
// The members come from ir_members.h, in its order; this file says how each kind of value is
// written. Keys are written with JsonWriter (schemas/json_writer.h) in the listed order, not
// through json::Object (which would sort them), so a document reads top-down like the IR,
// "version" first. JsonWriter writes the bytes llvm::json::OStream wrote, a few times faster, and
// most provenance records go through the shortcut of provenance_writer.h. What reads the
// document back is ir_json_reader.cc.
#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "llvm/Support/raw_ostream.h"
#include "schemas/ir_json.h"
#include "schemas/ir_members.h"
#include "schemas/ir_names.h"
#include "schemas/json_writer.h"
#include "schemas/provenance_writer.h"

namespace maui::ir {
namespace {

using namespace members;  // the member lists, in the order written

// What a document is written with: the JSON writer, and the shortcut for its provenance records
// (which keeps the heads of the file names seen in this document).
struct DocumentWriter {
  DocumentWriter(JsonWriter::Sink sink, bool pretty) : json(std::move(sink), pretty ? 2 : 0), provenance(pretty) {}
  JsonWriter json;
  ProvenanceWriter provenance;
};

// One ValueWriter specialization per kind of value: write(DocumentWriter&, const T&).
template <class T>
struct ValueWriter;

template <class T>
void write_value(DocumentWriter& out, const T& value) {
  ValueWriter<T>::write(out, value);
}

template <class E, class X, std::size_t N>
void write_enum_keyed(DocumentWriter& out, const std::array<X, N>& values) {
  out.json.object_begin();
  for (std::size_t i = 0; i < N; ++i) {
    if constexpr (kIsOptional<X>) {
      if (!values[i]) continue;
    }
    out.json.plain_key(to_string(static_cast<E>(i)));
    write_value(out, values[i]);
  }
  out.json.object_end();
}

// Always inlined into write_fields: there the member's name is a constant (see plain_key); one
// out-of-line copy per member type would take it as a run-time value.
template <class C, class M>
[[gnu::always_inline]] inline void write_field(DocumentWriter& out, const C& object, const Field<C, M>& f) {
  const M& value = object.*f.member;
  if constexpr (kIsOptional<M>) {
    if (!value) return;
  }
  out.json.plain_key(f.name);
  write_value(out, value);
}
template <class C, class M, class E>
void write_field(DocumentWriter& out, const C& object, const EnumKeyed<C, M, E>& f) {
  out.json.plain_key(f.name);
  write_enum_keyed<E>(out, object.*f.member);
}

// The members of C, without the surrounding braces (for flattened and keyed entries).
template <Described C>
void write_fields(DocumentWriter& out, const C& object) {
  static constexpr auto kFields = describe(Is<C>{});  // constant names for write_field
  std::apply([&](const auto&... f) { (write_field(out, object, f), ...); }, kFields);
}

// ---------------------------------------------------------------------------------------------
// The kinds of value

template <>
struct ValueWriter<bool> {
  static void write(DocumentWriter& out, bool value) { out.json.boolean(value); }
};

// maui.cfg files are bytes, JSON text is UTF-8: invalid sequences become U+FFFD.
template <>
struct ValueWriter<std::string> {
  static void write(DocumentWriter& out, const std::string& value) { out.json.repaired_string(value); }
};

template <>
struct ValueWriter<FileName> {
  static void write(DocumentWriter& out, const FileName& value) {
    // A few interned names written once per provenance record the shortcut does not write:
    // whether a name goes out as it is (valid UTF-8, nothing to escape) is decided once per name.
    // Interned texts never move or die, so their address identifies them.
    thread_local const std::string* last = nullptr;
    thread_local bool last_plain = false;
    const std::string& name = value.str();
    if (&name != last) {
      last = &name;
      last_plain = JsonWriter::is_valid_utf8(name) && JsonWriter::needs_no_escape(name);
    }
    if (last_plain)
      out.json.plain_string(name);
    else
      out.json.repaired_string(name);
  }
};

template <class I>
requires(std::integral<I> && !std::same_as<I, bool>) struct ValueWriter<I> {
  static void write(DocumentWriter& out, I value) { out.json.integer(static_cast<std::int64_t>(value)); }
};

template <>
struct ValueWriter<double> {
  // %.17g (what llvm::json prints) round-trips every finite double. JSON has no infinities or
  // NaN, so those are strings; -0 is written as -0.0 because "-0" would read back as integer 0.
  static void write(DocumentWriter& out, double value) {
    if (std::isnan(value)) {
      out.json.plain_string("NaN");
    } else if (std::isinf(value)) {
      out.json.plain_string(value > 0 ? "Infinity" : "-Infinity");
    } else if (value == 0 && std::signbit(value)) {
      out.json.raw("-0.0");
    } else {
      out.json.number(value);
    }
  }
};

template <class E>
requires std::is_enum_v<E>
struct ValueWriter<E> {
  static void write(DocumentWriter& out, E value) { out.json.plain_string(to_string(value)); }
};

template <class T>
struct ValueWriter<OnDemand<T>> {  // as the T it holds, an empty one when never written
  static void write(DocumentWriter& out, const OnDemand<T>& value) { write_value(out, value.get()); }
};

template <class T>
struct ValueWriter<std::optional<T>> {  // members: omitted when empty; array elements: null
  static void write(DocumentWriter& out, const std::optional<T>& value) {
    if (value)
      write_value(out, *value);
    else
      out.json.null();
  }
};

template <class T>
struct ValueWriter<std::vector<T>> {
  static void write(DocumentWriter& out, const std::vector<T>& values) {
    out.json.array_begin();
    for (const T& v : values) write_value(out, v);
    out.json.array_end();
  }
};

template <class T, std::size_t N>
struct ValueWriter<std::array<T, N>> {
  static void write(DocumentWriter& out, const std::array<T, N>& values) {
    out.json.array_begin();
    for (const T& v : values) write_value(out, v);
    out.json.array_end();
  }
};

template <Described T>
struct ValueWriter<T> {
  static void write(DocumentWriter& out, const T& value) {
    out.json.object_begin();
    write_fields(out, value);
    out.json.object_end();
  }
};

// Flat: {"file", "line", "column", "end_column", "how", "earlier"}; "earlier" only when there
// is something in it, which keeps the common case short. On one line: every value of the IR has
// one, and a value's origin reads best as one line beside it. Most are written by the shortcut;
// the lines below write the others, and are what the shortcut's bytes must equal.
template <>
struct ValueWriter<Provenance> {
  static void write(DocumentWriter& out, const Provenance& p) {
    if (out.provenance.write_one_line(out.json, p)) return;
    out.json.inline_object_begin();
    write_fields(out, p.where);
    out.json.plain_key("how");
    write_value(out, p.how);
    if (!p.earlier.empty()) {
      out.json.plain_key("earlier");
      write_value(out, p.earlier.list());
    }
    out.json.inline_object_end();
  }
};

// {"proc": {...}, "wc": {...}}: only the resources that have a limit.
template <>
struct ValueWriter<LimitTable> {
  static void write(DocumentWriter& out, const LimitTable& t) { write_enum_keyed<LimitResource>(out, t.by_resource()); }
};

// Asks the cache for an object's lines, before it is read.
template <class T>
void prefetch(const T& value) {
  const char* const bytes = reinterpret_cast<const char*>(&value);
  for (std::size_t at = 0; at < sizeof(T); at += 64) __builtin_prefetch(bytes + at);
}

template <class K, class V>
struct ValueWriter<std::map<K, V>> {
  static void write(DocumentWriter& out, const std::map<K, V>& map) {
    if constexpr (KeyInValue<V>) {
      out.json.array_begin();
      // The next entry is asked of memory while this one is written: a large site's entries
      // (a credential is 800 bytes) are far apart, and written one after the other.
      for (auto it = map.begin(); it != map.end();) {
        const auto& entry = *it;
        if (++it != map.end()) prefetch(it->second);
        if constexpr (std::same_as<V, CredentialConfig>) {  // and its limits, in their own block
          prefetch(entry.second.active.by_resource());
          prefetch(entry.second.idle.by_resource());
        }
        write_value(out, entry.second);
      }
      out.json.array_end();
    } else if constexpr (KeyBeside<V>) {
      out.json.array_begin();
      for (const auto& [key, value] : map) {
        out.json.object_begin();
        out.json.plain_key(key_member(Is<V>{}));
        write_value(out, key);
        write_fields(out, value);
        out.json.object_end();
      }
      out.json.array_end();
    } else {  // name -> setting (`other`): a plain object
      static_assert(std::same_as<K, std::string>);
      out.json.object_begin();
      for (const auto& [key, value] : map) {
        out.json.repaired_key(key);
        write_value(out, value);
      }
      out.json.object_end();
    }
  }
};

// ---------------------------------------------------------------------------------------------
// The document

// An upper estimate of the document's size from the entry counts (measured on the generated
// 100,000-line site, pretty: a credential takes about 4 KB, a standing reservation 5 KB, a node
// 1.6 KB). Reserving it up front saves the copies and page faults of growing a 30 MB string step
// by step; an over-estimate costs address space only (pages never written are never touched), an
// under-estimate just lets the string grow.
std::size_t size_estimate(const Policy& p, bool pretty) {
  std::size_t bytes = 64 * 1024;
  bytes += p.credentials.size() * 6 * 1024;
  bytes += p.standing_reservations.size() * 8 * 1024;
  bytes += p.nodes.size() * 2560;
  bytes += p.resource_managers.size() * 2048;
  bytes += p.scalars.size() * 512;
  for (const auto& [name, attributes] : p.other_objects) bytes += 256 + attributes.size() * 384;
  return pretty ? bytes : bytes / 2;  // without indentation a document is about half as long
}

void write_document(DocumentWriter& out, const Policy& policy) {
  out.json.object_begin();
  out.json.plain_key("version");
  out.json.integer(Policy::kVersion);
  write_fields(out, policy);
  out.json.object_end();
  out.json.flush();
}

}  // namespace

std::string to_json(const Policy& policy, bool pretty) {
  std::string text;
  text.reserve(size_estimate(policy, pretty));
  DocumentWriter out([&text](std::string_view piece) { text += piece; }, pretty);
  write_document(out, policy);
  return text;
}

void write_json(const Policy& policy, llvm::raw_ostream& stream, bool pretty) {
  DocumentWriter out([&stream](std::string_view piece) { stream.write(piece.data(), piece.size()); }, pretty);
  write_document(out, policy);
}

}  // namespace maui::ir
