// JSON writer and reader for the policy IR.
//
// Each IR struct lists its JSON members once, in describe() below; the writer and the reader
// both walk that list, so the two directions cannot drift apart and adding a field to ir.h
// means adding one line here (and one to policy.schema.json). Only values that are not plain
// structs have hand-written code: provenance (flattened), limit tables and priority weights
// (objects keyed by enum names) and the IR's maps (arrays of entries).
//
// Keys are written with JsonWriter (schemas/json_writer.h) in the listed order, not through
// json::Object (which would sort them), so a document reads top-down like the IR, "version"
// first. JsonWriter writes the bytes llvm::json::OStream wrote, a few times faster; reading
// still goes through llvm::json.
//
// This is the only file that includes llvm/Support/JSON.h (clang-14 cannot parse it in C++20).
#include "schemas/ir_json.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
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
#include "llvm/Support/raw_ostream.h"
#include "schemas/ir_names.h"
#include "schemas/json_input.h"
#include "schemas/json_writer.h"

namespace maui::ir {
namespace {

namespace json = llvm::json;

template <class T>
using Is = std::type_identity<T>;

template <class T>
inline constexpr bool kIsOptional = false;
template <class T>
inline constexpr bool kIsOptional<std::optional<T>> = true;

// ---------------------------------------------------------------------------------------------
// The member lists

// A JSON member backed by a struct member of the same meaning.
template <class C, class M>
struct Field {
  std::string_view name;
  M C::*member;
};
template <class C, class M>
constexpr Field<C, M> field(std::string_view name, M C::*member) {
  return {name, member};
}

// A std::array indexed by enum E, written as an object keyed by E's names (priority weights).
template <class C, class M, class E>
struct EnumKeyed {
  std::string_view name;
  M C::*member;
};
template <class E, class C, class M>
constexpr EnumKeyed<C, M, E> keyed_by(std::string_view name, M C::*member) {
  return {name, member};
}

// std::optional members are omitted when empty; every other member is always written and is
// required when reading.
template <class T>
constexpr auto describe(Is<Sourced<T>>) {
  return std::tuple{field("value", &Sourced<T>::value), field("from", &Sourced<T>::from)};
}
constexpr auto describe(Is<SourceRange>) {
  return std::tuple{field("file", &SourceRange::file), field("line", &SourceRange::line),
                    field("column", &SourceRange::column),
                    field("end_column", &SourceRange::end_column)};
}
constexpr auto describe(Is<Credential>) {
  return std::tuple{field("kind", &Credential::kind), field("name", &Credential::name)};
}
constexpr auto describe(Is<Limit>) {
  return std::tuple{field("soft", &Limit::soft), field("hard", &Limit::hard),
                    field("from", &Limit::from)};
}
constexpr auto describe(Is<ScopedLimit>) {
  using S = ScopedLimit;
  return std::tuple{field("resource", &S::resource), field("idle", &S::idle),
                    field("scope", &S::scope), field("scope_name", &S::scope_name),
                    field("limit", &S::limit)};
}
constexpr auto describe(Is<FairshareTarget>) {
  return std::tuple{field("value", &FairshareTarget::value), field("mode", &FairshareTarget::mode),
                    field("from", &FairshareTarget::from)};
}
constexpr auto describe(Is<NameList>) {
  return std::tuple{field("names", &NameList::names), field("mode", &NameList::mode),
                    field("from", &NameList::from)};
}
constexpr auto describe(Is<RawSetting>) {
  return std::tuple{field("value", &RawSetting::value), field("from", &RawSetting::from)};
}
constexpr auto describe(Is<QosSettings>) {
  using Q = QosSettings;
  return std::tuple{field("queuetime_weight", &Q::queuetime_weight),
                    field("queuetime_target", &Q::queuetime_target),
                    field("xfactor_weight", &Q::xfactor_weight),
                    field("xfactor_target", &Q::xfactor_target),
                    field("flags", &Q::flags),
                    field("override_active", &Q::override_active),
                    field("override_idle", &Q::override_idle),
                    field("override_system", &Q::override_system)};
}
constexpr auto describe(Is<CredentialConfig>) {
  using C = CredentialConfig;
  return std::tuple{field("id", &C::id),
                    field("declared", &C::declared),
                    field("priority", &C::priority),
                    field("fairshare_target", &C::fairshare_target),
                    field("active", &C::active),
                    field("idle", &C::idle),
                    field("scoped", &C::scoped),
                    field("qos_list", &C::qos_list),
                    field("qos_default", &C::qos_default),
                    field("partition_list", &C::partition_list),
                    field("partition_default", &C::partition_default),
                    field("account_default", &C::account_default),
                    field("job_flags", &C::job_flags),
                    field("max_walltime", &C::max_walltime),
                    field("default_walltime", &C::default_walltime),
                    field("node_access", &C::node_access),
                    field("qos", &C::qos),
                    field("other", &C::other)};
}
constexpr auto describe(Is<WeightAndCap>) {
  return std::tuple{field("weight", &WeightAndCap::weight), field("cap", &WeightAndCap::cap)};
}
constexpr auto describe(Is<PriorityWeights>) {
  using P = PriorityWeights;
  return std::tuple{keyed_by<PriorityComponent>("components", &P::component),
                    keyed_by<PrioritySubcomponent>("subcomponents", &P::sub),
                    field("xfactor_min_walltime", &P::xfactor_min_walltime),
                    field("accrual_policy", &P::accrual_policy),
                    field("enable_negative", &P::enable_negative),
                    field("reject_negative", &P::reject_negative),
                    field("use_system_queue_time", &P::use_system_queue_time)};
}
constexpr auto describe(Is<FairshareSettings>) {
  using F = FairshareSettings;
  return std::tuple{field("metric", &F::metric), field("percentage_mode", &F::percentage_mode),
                    field("interval", &F::interval), field("depth", &F::depth),
                    field("decay", &F::decay)};
}
constexpr auto describe(Is<ReservationGroup>) {
  return std::tuple{field("depth", &ReservationGroup::depth), field("qos", &ReservationGroup::qos)};
}
constexpr auto describe(Is<SchedulingPolicy>) {
  using S = SchedulingPolicy;
  return std::tuple{field("backfill_policy", &S::backfill_policy),
                    field("backfill_depth", &S::backfill_depth),
                    field("backfill_metric", &S::backfill_metric),
                    field("backfill_max_schedules", &S::backfill_max_schedules),
                    field("chunk_size", &S::chunk_size),
                    field("chunk_duration", &S::chunk_duration),
                    field("reservation_policy", &S::reservation_policy),
                    field("reservation_groups", &S::reservation_groups),
                    field("reservation_threshold_type", &S::reservation_threshold_type),
                    field("reservation_threshold_value", &S::reservation_threshold_value),
                    field("reservation_retry_time", &S::reservation_retry_time),
                    field("node_allocation_policy", &S::node_allocation_policy),
                    field("node_access_policy", &S::node_access_policy),
                    field("poll_interval", &S::poll_interval)};
}
constexpr auto describe(Is<SystemJobLimits>) {
  using S = SystemJobLimits;
  return std::tuple{field("max_procs", &S::max_procs), field("max_walltime", &S::max_walltime),
                    field("max_proc_seconds", &S::max_proc_seconds)};
}
constexpr auto describe(Is<AclEntry>) {
  using A = AclEntry;
  return std::tuple{field("kind", &A::kind),         field("value", &A::value),
                    field("number", &A::number),     field("negated", &A::negated),
                    field("required", &A::required), field("affinity", &A::affinity),
                    field("from", &A::from)};
}
constexpr auto describe(Is<TaskResources>) {
  using T = TaskResources;
  return std::tuple{field("procs", &T::procs), field("mem_mb", &T::mem_mb),
                    field("swap_mb", &T::swap_mb), field("disk_mb", &T::disk_mb)};
}
constexpr auto describe(Is<HostExpression>) {
  using H = HostExpression;
  return std::tuple{field("kind", &H::kind), field("names", &H::names), field("regex", &H::regex)};
}
constexpr auto describe(Is<StandingReservation>) {
  using S = StandingReservation;
  return std::tuple{field("name", &S::name),
                    field("declared", &S::declared),
                    field("access", &S::access),
                    field("acl", &S::acl),
                    field("charge_account", &S::charge_account),
                    field("days", &S::days),
                    field("depth", &S::depth),
                    field("start_time", &S::start_time),
                    field("end_time", &S::end_time),
                    field("week_start", &S::week_start),
                    field("week_end", &S::week_end),
                    field("flags", &S::flags),
                    field("hosts", &S::hosts),
                    field("node_features", &S::node_features),
                    field("owner", &S::owner),
                    field("partition", &S::partition),
                    field("period", &S::period),
                    field("priority", &S::priority),
                    field("resources", &S::resources),
                    field("task_count", &S::task_count),
                    field("tasks_per_node", &S::tasks_per_node),
                    field("trigger", &S::trigger),
                    field("other", &S::other)};
}
constexpr auto describe(Is<NodeConfig>) {
  using N = NodeConfig;
  return std::tuple{field("name", &N::name),
                    field("declared", &N::declared),
                    field("procs", &N::procs),
                    field("mem_mb", &N::mem_mb),
                    field("swap_mb", &N::swap_mb),
                    field("disk_mb", &N::disk_mb),
                    field("features", &N::features),
                    field("partition", &N::partition),
                    field("speed", &N::speed),
                    field("priority", &N::priority),
                    field("max_jobs", &N::max_jobs),
                    field("max_jobs_per_user", &N::max_jobs_per_user),
                    field("max_load", &N::max_load),
                    field("priority_function", &N::priority_function),
                    field("other", &N::other)};
}
constexpr auto describe(Is<ResourceManager>) {
  using R = ResourceManager;
  return std::tuple{field("name", &R::name),       field("declared", &R::declared),
                    field("type", &R::type),       field("host", &R::host),
                    field("port", &R::port),       field("timeout", &R::timeout),
                    field("other", &R::other)};
}
constexpr auto describe(Is<Admins>) {
  // levels[0] is ADMIN1; an unset level is null so the positions stay meaningful.
  return std::tuple{field("levels", &Admins::levels), field("hosts", &Admins::hosts)};
}
constexpr auto describe(Is<ScalarSetting>) {
  using S = ScalarSetting;
  return std::tuple{field("name", &S::name), field("index", &S::index), field("value", &S::value),
                    field("from", &S::from)};
}
constexpr auto describe(Is<Policy>) {  // "version" is written and checked separately
  using P = Policy;
  return std::tuple{field("files", &P::files),
                    field("template", &P::is_template),
                    field("server_host", &P::server_host),
                    field("priority", &P::priority),
                    field("fairshare", &P::fairshare),
                    field("scheduling", &P::scheduling),
                    field("system_limits", &P::system_limits),
                    field("credentials", &P::credentials),
                    field("standing_reservations", &P::standing_reservations),
                    field("nodes", &P::nodes),
                    field("resource_managers", &P::resource_managers),
                    field("admins", &P::admins),
                    field("scalars", &P::scalars),
                    field("other_objects", &P::other_objects)};
}

template <class T>
concept Described = requires { describe(Is<T>{}); };

template <Described T>
constexpr auto field_names() {
  return std::apply(
      [](const auto&... f) { return std::array<std::string_view, sizeof...(f)>{f.name...}; },
      describe(Is<T>{}));
}

// The IR's maps become arrays of entries (a JSON object cannot keep Credential keys, and an
// array keeps the map's order visible). Where the key is one of the value's own members the
// entry is just the value; otherwise the key is an extra member of the entry.
const Credential& key_of(const CredentialConfig& c) { return c.id; }
const std::string& key_of(const StandingReservation& s) { return s.name; }
const std::string& key_of(const NodeConfig& n) { return n.name; }
const std::string& key_of(const ResourceManager& r) { return r.name; }
constexpr std::string_view key_member(Is<ScalarSetting>) { return "key"; }  // NAME or NAME[INDEX]
constexpr std::string_view key_member(Is<ReservationGroup>) { return "index"; }

template <class V>
concept KeyInValue = requires(const V& v) { key_of(v); };
template <class V>
concept KeyBeside = requires { key_member(Is<V>{}); };

// ---------------------------------------------------------------------------------------------
// Reading: where we are in the document, and the first error

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

  Step at(std::string_view key) {
    // Keys of `other` maps are admins' attribute names and may contain anything; quote those
    // so the path stays unambiguous.
    const bool plain = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
             c == '_' || c == '-';
    });
    path_.push_back(plain ? fmt::format(".{}", key) : fmt::format("[\"{}\"]", key));
    return Step(*this);
  }
  Step at(std::size_t index) {
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
// One Codec specialization per kind of value: write(JsonWriter&, const T&) and
// read(Reader&, const json::Value&, T&) -> false after Reader::fail.

template <class T>
struct Codec;

template <class T>
void write_value(JsonWriter& out, const T& value) {
  Codec<T>::write(out, value);
}
template <class T>
bool read_value(Reader& in, const json::Value& json, T& value) {
  return Codec<T>::read(in, json, value);
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
void write_enum_keyed(JsonWriter& out, const std::array<X, N>& values) {
  out.object_begin();
  for (std::size_t i = 0; i < N; ++i) {
    if constexpr (kIsOptional<X>) {
      if (!values[i]) continue;
    }
    out.plain_key(to_string(static_cast<E>(i)));
    write_value(out, values[i]);
  }
  out.object_end();
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
    auto step = in.at(key);
    if (!read_value(in, *member, values[i])) return false;
  }
  return only_known(in, *object, [](std::string_view key) { return parse_enum<E>(key).has_value(); });
}

// Always inlined into write_fields: there the member's name is a constant (see plain_key); one
// out-of-line copy per member type would take it as a run-time value.
template <class C, class M>
[[gnu::always_inline]] inline void write_field(JsonWriter& out, const C& object,
                                               const Field<C, M>& f) {
  const M& value = object.*f.member;
  if constexpr (kIsOptional<M>) {
    if (!value) return;
  }
  out.plain_key(f.name);
  write_value(out, value);
}
template <class C, class M, class E>
void write_field(JsonWriter& out, const C& object, const EnumKeyed<C, M, E>& f) {
  out.plain_key(f.name);
  write_enum_keyed<E>(out, object.*f.member);
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
  auto step = in.at(f.name);
  return read_value(in, *member, value);
}
template <class C, class M, class E>
bool read_field(Reader& in, const json::Object& json, C& object, const EnumKeyed<C, M, E>& f) {
  const json::Value* member = json.get(f.name);
  if (!member) return in.fail(missing(f.name));
  auto step = in.at(f.name);
  return read_enum_keyed<E>(in, *member, object.*f.member);
}

// The members of C, without the surrounding braces (for flattened and keyed entries).
template <Described C>
void write_fields(JsonWriter& out, const C& object) {
  static constexpr auto kFields = describe(Is<C>{});  // constant names for write_field
  std::apply([&](const auto&... f) { (write_field(out, object, f), ...); }, kFields);
}
template <Described C>
bool read_fields(Reader& in, const json::Object& json, C& object) {
  return std::apply([&](const auto&... f) { return (read_field(in, json, object, f) && ...); },
                    describe(Is<C>{}));
}

// ---------------------------------------------------------------------------------------------
// The codecs

template <>
struct Codec<bool> {
  static void write(JsonWriter& out, bool value) { out.boolean(value); }
  static bool read(Reader& in, const json::Value& json, bool& value) {
    const auto b = json.getAsBoolean();
    if (!b) return in.fail("expected true or false");
    value = *b;
    return true;
  }
};

// maui.cfg files are bytes, JSON text is UTF-8: invalid sequences become U+FFFD. (llvm::json does
// this itself only in release builds; with assertions on it aborts, so it is done here.)
// Without a copy for the (usual) valid text: `storage` keeps a repaired copy alive.
llvm::StringRef valid_utf8_ref(llvm::StringRef s, std::string& storage) {
  if (json::isUTF8(s)) return s;
  storage = json::fixUTF8(s);
  return storage;
}

template <>
struct Codec<std::string> {
  static void write(JsonWriter& out, const std::string& value) {
    if (JsonWriter::is_plain_ascii(value)) {
      out.plain_string(value);
    } else if (json::isUTF8(value)) {
      out.string(value);
    } else {
      out.string(json::fixUTF8(value));
    }
  }
  static bool read(Reader& in, const json::Value& json, std::string& value) {
    const auto s = json.getAsString();
    if (!s) return in.fail("expected a string");
    value = s->str();
    return true;
  }
};

template <>
struct Codec<FileName> {
  static void write(JsonWriter& out, const FileName& value) {
    // A few interned names written once per provenance record (hundreds of thousands in a
    // large site): whether a name goes out as it is (valid UTF-8, nothing to escape) is decided
    // once per name. Interned texts never move or die, so their address identifies them.
    thread_local const std::string* last = nullptr;
    thread_local bool last_plain = false;
    const std::string& name = value.str();
    if (&name != last) {
      last = &name;
      last_plain = json::isUTF8(name) && JsonWriter::needs_no_escape(name);
    }
    if (last_plain)
      out.plain_string(name);
    else
      Codec<std::string>::write(out, name);
  }
  static bool read(Reader& in, const json::Value& json, FileName& value) {
    std::string text;
    if (!Codec<std::string>::read(in, json, text)) return false;
    value = FileName(text);
    return true;
  }
};

template <class I>
  requires(std::integral<I> && !std::same_as<I, bool>)
struct Codec<I> {
  static void write(JsonWriter& out, I value) { out.integer(static_cast<std::int64_t>(value)); }
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
struct Codec<double> {
  // %.17g (what llvm::json prints) round-trips every finite double. JSON has no infinities or
  // NaN, so those are strings; -0 is written as -0.0 because "-0" would read back as integer 0.
  static void write(JsonWriter& out, double value) {
    if (std::isnan(value)) {
      out.plain_string("NaN");
    } else if (std::isinf(value)) {
      out.plain_string(value > 0 ? "Infinity" : "-Infinity");
    } else if (value == 0 && std::signbit(value)) {
      out.raw("-0.0");
    } else {
      out.number(value);
    }
  }
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
struct Codec<E> {
  static void write(JsonWriter& out, E value) { out.plain_string(to_string(value)); }
  static bool read(Reader& in, const json::Value& json, E& value) {
    const auto s = json.getAsString();
    if (!s) return in.fail("expected a string");
    const auto parsed = parse_enum<E>(*s);
    if (!parsed)
      return in.fail(fmt::format("unknown value \"{}\" (expected one of: {})", s->str(),
                                 fmt::join(enum_names<E>(), ", ")));
    value = *parsed;
    return true;
  }
};

template <class T>
struct Codec<OnDemand<T>> {  // as the T it holds, an empty one when never written
  static void write(JsonWriter& out, const OnDemand<T>& value) { write_value(out, value.get()); }
  static bool read(Reader& in, const json::Value& json, OnDemand<T>& value) {
    return read_value(in, json, value.get());
  }
};

template <class T>
struct Codec<std::optional<T>> {  // members: omitted when empty; array elements: null
  static void write(JsonWriter& out, const std::optional<T>& value) {
    if (value)
      write_value(out, *value);
    else
      out.null();
  }
  static bool read(Reader& in, const json::Value& json, std::optional<T>& value) {
    if (json.getAsNull()) {
      value.reset();
      return true;
    }
    return read_value(in, json, value.emplace());
  }
};

template <class T>
struct Codec<std::vector<T>> {
  static void write(JsonWriter& out, const std::vector<T>& values) {
    out.array_begin();
    for (const T& v : values) write_value(out, v);
    out.array_end();
  }
  static bool read(Reader& in, const json::Value& json, std::vector<T>& values) {
    const json::Array* array = json.getAsArray();
    if (!array) return in.fail("expected an array");
    values.clear();
    values.reserve(array->size());
    for (std::size_t i = 0; i < array->size(); ++i) {
      auto step = in.at(i);
      if (!read_value(in, (*array)[i], values.emplace_back())) return false;
    }
    return true;
  }
};

template <class T, std::size_t N>
struct Codec<std::array<T, N>> {
  static void write(JsonWriter& out, const std::array<T, N>& values) {
    out.array_begin();
    for (const T& v : values) write_value(out, v);
    out.array_end();
  }
  static bool read(Reader& in, const json::Value& json, std::array<T, N>& values) {
    const json::Array* array = json.getAsArray();
    if (!array || array->size() != N)
      return in.fail(fmt::format("expected an array of {} elements", N));
    for (std::size_t i = 0; i < N; ++i) {
      auto step = in.at(i);
      if (!read_value(in, (*array)[i], values[i])) return false;
    }
    return true;
  }
};

template <Described T>
struct Codec<T> {
  static void write(JsonWriter& out, const T& value) {
    out.object_begin();
    write_fields(out, value);
    out.object_end();
  }
  static bool read(Reader& in, const json::Value& json, T& value) {
    const json::Object* object = as_object(in, json);
    return object && read_fields(in, *object, value) && only_fields_of<T>(in, *object);
  }
};

// Flat: {"file", "line", "column", "end_column", "how", "earlier"}; "earlier" only when there
// is something in it, which keeps the common case short. On one line: every value of the IR has
// one, and a value's origin reads best as one line beside it.
template <>
struct Codec<Provenance> {
  static void write(JsonWriter& out, const Provenance& p) {
    if (p.earlier.empty() && write_common(out, p)) return;
    out.inline_object_begin();
    write_fields(out, p.where);
    out.plain_key("how");
    write_value(out, p.how);
    if (!p.earlier.empty()) {
      out.plain_key("earlier");
      write_value(out, p.earlier.list());
    }
    out.inline_object_end();
  }
  // The bytes the lines above write for a provenance without earlier lines, written directly:
  // the part up to the line number (the file's name) is made once per file. False when the
  // name is too long for that (then the lines above write it).
  static bool write_common(JsonWriter& out, const Provenance& p) {
    return out.indenting() ? write_common<true>(out, p) : write_common<false>(out, p);
  }
  // Separators as constants, so that every copy but the name's has a size known here.
  template <bool kIndenting>
  static bool write_common(JsonWriter& out, const Provenance& p) {
    // Pieces copied whole, 64 or 32 bytes whatever their length (the room is reserved): a copy
    // of a size known here, where a length-sized memcpy was a call per piece.
    struct Head {
      const std::string* file = nullptr;
      std::string text;  // {"file": "NAME", "line":
      std::array<char, 64> padded{};  // text, when it fits
    };
    struct Tail {
      std::array<char, 32> padded{};  // , "how": "NAME"}
      std::size_t size = 0;
    };
    static const std::vector<Tail> kTails = [] {
      std::vector<Tail> tails;
      for (std::string_view how : enum_names<Derivation>()) {
        const std::string text = fmt::format("{}\"how\"{}\"{}\"}}", kIndenting ? ", " : ",", kIndenting ? ": " : ":", how);
        Tail& t = tails.emplace_back();
        t.size = std::min(text.size(), t.padded.size());  // a longer name is a test's failure below
        std::copy_n(text.begin(), t.size, t.padded.begin());
      }
      return tails;
    }();
    // The heads of the files seen, by their interned name's address: a document alternates
    // between its config's file and "" (built-in defaults), and a site that #INCLUDEs a file per
    // group between many more. Two names seldom share a place (which costs remaking a head).
    thread_local std::array<Head, 64> heads;
    const std::string& file = p.where.file.str();
    constexpr std::string_view kColon = kIndenting ? ": " : ":";
    constexpr std::string_view kComma = kIndenting ? ", " : ",";
    const auto address = reinterpret_cast<std::uintptr_t>(&file);
    Head& head = heads[(address * 0x9E3779B97F4A7C15u) >> 58];  // the top 6 bits: 64 places
    if (head.file != &file) {
      head.file = &file;
      std::string name;
      JsonWriter member([&name](std::string_view piece) { name += piece; }, 0);
      member.plain_key("file");  // the name alone is not a document: written as a member
      write_value(member, p.where.file);
      member.flush();
      // `"file":NAME` becomes {"file": NAME, "line":  (or its unindented form)
      head.text = fmt::format("{{\"file\"{}{}{}\"line\"{}", kColon, std::string_view(name).substr(7), kComma, kColon);
      if (head.text.size() <= head.padded.size()) std::copy(head.text.begin(), head.text.end(), head.padded.begin());
    }
    const auto how = static_cast<std::size_t>(p.how);
    if (how >= kTails.size()) return false;
    const Tail& tail = kTails[how];
    constexpr std::size_t kNumbers = 3 * (std::numeric_limits<unsigned>::digits10 + 1);
    const std::size_t bytes = std::max(head.text.size(), head.padded.size()) + kNumbers + 40 + tail.padded.size();
    if (bytes > JsonWriter::kMostRawBytes) return false;
    char* at = out.raw_value_begin(bytes);
    const auto append = [&at](std::string_view text) {
      std::memcpy(at, text.data(), text.size());
      at += text.size();
    };
    const auto number = [&at](unsigned n) { at = std::to_chars(at, at + 16, n).ptr; };
    if (head.text.size() <= head.padded.size()) {
      std::memcpy(at, head.padded.data(), head.padded.size());
      at += head.text.size();
    } else {
      append(head.text);
    }
    number(p.where.line);
    append(kIndenting ? std::string_view(", \"column\": ") : std::string_view(",\"column\":"));
    number(p.where.column);
    append(kIndenting ? std::string_view(", \"end_column\": ") : std::string_view(",\"end_column\":"));
    number(p.where.end_column);
    std::memcpy(at, tail.padded.data(), tail.padded.size());
    at += tail.size;
    out.raw_value_end(at);
    return true;
  }
  static bool read(Reader& in, const json::Value& json, Provenance& p) {
    const json::Object* object = as_object(in, json);
    if (!object || !read_fields(in, *object, p.where)) return false;
    const json::Value* how = object->get("how");
    if (!how) return in.fail(missing("how"));
    {
      auto step = in.at("how");
      if (!read_value(in, *how, p.how)) return false;
    }
    p.earlier.clear();
    if (const json::Value* earlier = object->get("earlier")) {
      auto step = in.at("earlier");
      if (!read_value(in, *earlier, p.earlier.list())) return false;
    }
    static constexpr auto kRange = field_names<SourceRange>();
    return only_known(in, *object, [](std::string_view key) {
      return key == "how" || key == "earlier" ||
             std::find(kRange.begin(), kRange.end(), key) != kRange.end();
    });
  }
};

// {"proc": {...}, "wc": {...}}: only the resources that have a limit.
template <>
struct Codec<LimitTable> {
  static void write(JsonWriter& out, const LimitTable& t) {
    write_enum_keyed<LimitResource>(out, t.by_resource());
  }
  static bool read(Reader& in, const json::Value& json, LimitTable& t) {
    LimitTable::Slots slots;
    if (!read_enum_keyed<LimitResource>(in, json, slots)) return false;
    t = LimitTable();  // slots only for the resources that have a limit
    for (std::size_t i = 0; i < slots.size(); ++i)
      if (slots[i]) t[static_cast<LimitResource>(i)] = std::move(slots[i]);
    return true;
  }
};

// Asks the cache for an object's lines, before it is read.
template <class T>
void prefetch(const T& value) {
  const char* const bytes = reinterpret_cast<const char*>(&value);
  for (std::size_t at = 0; at < sizeof(T); at += 64) __builtin_prefetch(bytes + at);
}

template <class K, class V>
struct Codec<std::map<K, V>> {
  static void write(JsonWriter& out, const std::map<K, V>& map) {
    if constexpr (KeyInValue<V>) {
      out.array_begin();
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
      out.array_end();
    } else if constexpr (KeyBeside<V>) {
      out.array_begin();
      for (const auto& [key, value] : map) {
        out.object_begin();
        out.plain_key(key_member(Is<V>{}));
        write_value(out, key);
        write_fields(out, value);
        out.object_end();
      }
      out.array_end();
    } else {  // name -> setting (`other`): a plain object
      static_assert(std::same_as<K, std::string>);
      out.object_begin();
      for (const auto& [key, value] : map) {
        std::string repaired;
        out.key(valid_utf8_ref(key, repaired));
        write_value(out, value);
      }
      out.object_end();
    }
  }

  static bool read(Reader& in, const json::Value& json, std::map<K, V>& map) {
    map.clear();
    if constexpr (KeyInValue<V> || KeyBeside<V>) {
      const json::Array* array = json.getAsArray();
      if (!array) return in.fail("expected an array");
      for (std::size_t i = 0; i < array->size(); ++i) {
        auto step = in.at(i);
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
            auto key_step = in.at(kKey);
            if (!read_value(in, *key_json, key)) return false;
          }
          if (!read_fields(in, *object, value) || !only_fields_of<V>(in, *object, kKey))
            return false;
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
        auto step = in.at(key);
        if (!read_value(in, *object->get(key), map[std::string(key)])) return false;
      }
    }
    return true;
  }
};

llvm::Error make_error(const std::string& message) {
  return llvm::createStringError(std::errc::invalid_argument, "%s", message.c_str());
}

}  // namespace

namespace {

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

}  // namespace

namespace {

void write_document(JsonWriter& out, const Policy& policy) {
  out.object_begin();
  out.plain_key("version");
  out.integer(Policy::kVersion);
  write_fields(out, policy);
  out.object_end();
  out.flush();
}

}  // namespace

std::string to_json(const Policy& policy, bool pretty) {
  std::string text;
  text.reserve(size_estimate(policy, pretty));
  JsonWriter out([&text](std::string_view piece) { text += piece; }, pretty ? 2 : 0);
  write_document(out, policy);
  return text;
}

void write_json(const Policy& policy, llvm::raw_ostream& stream, bool pretty) {
  JsonWriter out([&stream](std::string_view piece) { stream.write(piece.data(), piece.size()); },
                 pretty ? 2 : 0);
  write_document(out, policy);
}

llvm::Expected<Policy> from_json(llvm::StringRef text) {
  if (auto problem = json_input_problem(std::string_view(text.data(), text.size())))
    return make_error(fmt::format("invalid JSON: {} at byte {}", problem->message, problem->offset));
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
    auto step = in.at("version");
    std::int64_t number = 0;
    if (!read_value(in, *version, number)) return make_error(in.error());
    if (number != Policy::kVersion) {
      in.fail(fmt::format("unsupported version {} (this build reads version {})", number,
                          Policy::kVersion));
      return make_error(in.error());
    }
  }
  if (!read_fields(in, *root, policy) || !only_fields_of<Policy>(in, *root, "version"))
    return make_error(in.error());
  return policy;
}

}  // namespace maui::ir
