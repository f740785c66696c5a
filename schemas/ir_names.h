// The IR's enum spellings in both directions: to_string (declared in ir.h) and its inverse.
//
// The spellings are part of the policy JSON format (schemas/policy.schema.json), so they are
// stable: lower-case words for the IR's own notions (Derivation, CredKind, ...) and Maui's own
// spelling where Maui has one (priority components, FSPOLICY metrics, SRPERIOD values, the
// scheduling policies).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

#include "schemas/ir.h"

namespace maui::ir {

// Every spelling of E, indexed by the enumerator's value: enum_names<E>()[i] == to_string(E(i)).
// One table per enum in ir.cc feeds to_string, the parsers below and the JSON reader.
template <class E>
std::span<const std::string_view> enum_names();
template <>
std::span<const std::string_view> enum_names<Derivation>();
template <>
std::span<const std::string_view> enum_names<CredKind>();
template <>
std::span<const std::string_view> enum_names<LimitResource>();
template <>
std::span<const std::string_view> enum_names<FairshareMode>();
template <>
std::span<const std::string_view> enum_names<ListMode>();
template <>
std::span<const std::string_view> enum_names<PriorityComponent>();
template <>
std::span<const std::string_view> enum_names<PrioritySubcomponent>();
template <>
std::span<const std::string_view> enum_names<FairshareMetric>();
template <>
std::span<const std::string_view> enum_names<ReservationPeriod>();
template <>
std::span<const std::string_view> enum_names<AclEntry::Kind>();
template <>
std::span<const std::string_view> enum_names<AclEntry::Affinity>();
template <>
std::span<const std::string_view> enum_names<HostExpression::Kind>();
template <>
std::span<const std::string_view> enum_names<AccrualPolicy>();
template <>
std::span<const std::string_view> enum_names<BackfillPolicy>();
template <>
std::span<const std::string_view> enum_names<BackfillMetric>();
template <>
std::span<const std::string_view> enum_names<ReservationPolicy>();
template <>
std::span<const std::string_view> enum_names<ReservationThreshold>();
template <>
std::span<const std::string_view> enum_names<NodeAllocationPolicy>();
template <>
std::span<const std::string_view> enum_names<NodeAccessPolicy>();

// The inverse of to_string: an exact, case-sensitive match or nullopt. (Case-insensitive
// matching of what admins write in maui.cfg is the parser's business, not the IR's.)
template <class E>
std::optional<E> parse_enum(std::string_view text) {
  const auto names = enum_names<E>();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == text) return static_cast<E>(i);
  return std::nullopt;
}

inline std::optional<Derivation> parse_derivation(std::string_view s) { return parse_enum<Derivation>(s); }
inline std::optional<CredKind> parse_cred_kind(std::string_view s) { return parse_enum<CredKind>(s); }
inline std::optional<LimitResource> parse_limit_resource(std::string_view s) { return parse_enum<LimitResource>(s); }
inline std::optional<FairshareMode> parse_fairshare_mode(std::string_view s) { return parse_enum<FairshareMode>(s); }
inline std::optional<ListMode> parse_list_mode(std::string_view s) { return parse_enum<ListMode>(s); }
inline std::optional<PriorityComponent> parse_priority_component(std::string_view s) {
  return parse_enum<PriorityComponent>(s);
}
inline std::optional<PrioritySubcomponent> parse_priority_subcomponent(std::string_view s) {
  return parse_enum<PrioritySubcomponent>(s);
}
inline std::optional<FairshareMetric> parse_fairshare_metric(std::string_view s) {
  return parse_enum<FairshareMetric>(s);
}
inline std::optional<ReservationPeriod> parse_reservation_period(std::string_view s) {
  return parse_enum<ReservationPeriod>(s);
}
inline std::optional<AclEntry::Kind> parse_acl_kind(std::string_view s) { return parse_enum<AclEntry::Kind>(s); }
inline std::optional<AclEntry::Affinity> parse_acl_affinity(std::string_view s) {
  return parse_enum<AclEntry::Affinity>(s);
}
inline std::optional<HostExpression::Kind> parse_host_kind(std::string_view s) {
  return parse_enum<HostExpression::Kind>(s);
}

// The inverse of family_of: "USERCFG" -> CredKind::User.
std::optional<CredKind> parse_family(std::string_view);

}  // namespace maui::ir
