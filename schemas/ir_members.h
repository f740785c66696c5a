// The IR's members under their JSON names: for every struct of schemas/ir.h, the list of its
// members in the order the document writes them. This is the one list to edit when ir.h gains a
// field (and policy.schema.json, which documents it): the writer (ir_json_writer.cc) and the
// reader (ir_json_reader.cc) both walk it, so the two directions cannot drift apart, and so can
// anything else that must see every member of a policy (tests/parameter_binding_test.cc walks
// one with it). Only values that are not plain structs are written and read by hand there:
// provenance (flattened), limit tables and priority weights (objects keyed by enum names), the
// IR's maps (arrays of entries, keyed as said at the end of this file).
//
// A separate header because the writer and the reader are separate files, and because it needs
// nothing of llvm/Support/JSON.h (which clang-14 cannot parse in C++20).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>

#include "schemas/ir.h"

namespace maui::ir::members {

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
                    field("column", &SourceRange::column), field("end_column", &SourceRange::end_column)};
}
constexpr auto describe(Is<Credential>) {
  return std::tuple{field("kind", &Credential::kind), field("name", &Credential::name)};
}
constexpr auto describe(Is<Limit>) {
  return std::tuple{field("soft", &Limit::soft), field("hard", &Limit::hard), field("from", &Limit::from)};
}
constexpr auto describe(Is<ScopedLimit>) {
  using S = ScopedLimit;
  return std::tuple{field("resource", &S::resource), field("idle", &S::idle), field("scope", &S::scope),
                    field("scope_name", &S::scope_name), field("limit", &S::limit)};
}
constexpr auto describe(Is<FairshareTarget>) {
  return std::tuple{field("value", &FairshareTarget::value), field("mode", &FairshareTarget::mode),
                    field("from", &FairshareTarget::from)};
}
constexpr auto describe(Is<NameList>) {
  return std::tuple{field("names", &NameList::names), field("mode", &NameList::mode), field("from", &NameList::from)};
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
                    field("interval", &F::interval), field("depth", &F::depth), field("decay", &F::decay)};
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
  return std::tuple{field("kind", &A::kind),       field("value", &A::value),       field("number", &A::number),
                    field("negated", &A::negated), field("required", &A::required), field("affinity", &A::affinity),
                    field("from", &A::from)};
}
constexpr auto describe(Is<TaskResources>) {
  using T = TaskResources;
  return std::tuple{field("procs", &T::procs), field("mem_mb", &T::mem_mb), field("swap_mb", &T::swap_mb),
                    field("disk_mb", &T::disk_mb)};
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
  return std::tuple{field("name", &N::name),         field("declared", &N::declared),
                    field("procs", &N::procs),       field("mem_mb", &N::mem_mb),
                    field("swap_mb", &N::swap_mb),   field("disk_mb", &N::disk_mb),
                    field("features", &N::features), field("partition", &N::partition),
                    field("speed", &N::speed),       field("priority", &N::priority),
                    field("max_jobs", &N::max_jobs), field("max_jobs_per_user", &N::max_jobs_per_user),
                    field("max_load", &N::max_load), field("priority_function", &N::priority_function),
                    field("other", &N::other)};
}
constexpr auto describe(Is<ResourceManager>) {
  using R = ResourceManager;
  return std::tuple{field("name", &R::name),  field("declared", &R::declared), field("type", &R::type),
                    field("host", &R::host),  field("port", &R::port),         field("timeout", &R::timeout),
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
concept Described = requires {
  describe(Is<T>{});
};

template <Described T>
constexpr auto field_names() {
  return std::apply([](const auto&... f) { return std::array<std::string_view, sizeof...(f)>{f.name...}; },
                    describe(Is<T>{}));
}

// The IR's maps become arrays of entries (a JSON object cannot keep Credential keys, and an
// array keeps the map's order visible). Where the key is one of the value's own members the
// entry is just the value; otherwise the key is an extra member of the entry.
inline const Credential& key_of(const CredentialConfig& c) { return c.id; }
inline const std::string& key_of(const StandingReservation& s) { return s.name; }
inline const std::string& key_of(const NodeConfig& n) { return n.name; }
inline const std::string& key_of(const ResourceManager& r) { return r.name; }
constexpr std::string_view key_member(Is<ScalarSetting>) { return "key"; }  // NAME or NAME[INDEX]
constexpr std::string_view key_member(Is<ReservationGroup>) { return "index"; }

template <class V>
concept KeyInValue = requires(const V& v) {
  key_of(v);
};
template <class V>
concept KeyBeside = requires {
  key_member(Is<V>{});
};

}  // namespace maui::ir::members
