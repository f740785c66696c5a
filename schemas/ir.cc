// Interned file names, and the enum spellings of the policy IR (see ir_names.h for why they are
// stable).
#include <array>
#include <cstddef>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>

#include "schemas/ir.h"
#include "schemas/ir_names.h"

namespace maui::ir {

FileName::FileName(std::string_view name) {
  if (name.empty()) return;
  // std::set nodes never move, so the pointers stay valid; the set is never destroyed, so no
  // FileName outlives its text, not even one in a static object.
  static std::mutex mutex;
  static auto* const texts = new std::set<std::string, std::less<>>();
  std::lock_guard<std::mutex> lock(mutex);
  auto it = texts->find(name);
  if (it == texts->end()) it = texts->emplace(name).first;
  text_ = &*it;
}

namespace {

using namespace std::string_view_literals;

// Each table is indexed by the enumerator's value; the static_asserts catch an enumerator
// added to ir.h without a spelling here.
constexpr std::array kDerivationNames = {"builtin-default"sv, "explicit"sv,        "default-credential"sv,
                                         "override"sv,        "later-line-wins"sv, "include"sv,
                                         "legacy"sv};
static_assert(kDerivationNames.size() == static_cast<std::size_t>(Derivation::Legacy) + 1);

// CredKind::System (SYSCFG) is last and not one of the five job credentials in kCredKinds.
constexpr std::array kCredKindNames = {"user"sv, "group"sv, "account"sv, "class"sv, "qos"sv, "system"sv};
static_assert(kCredKindNames.size() == static_cast<std::size_t>(CredKind::System) + 1);

constexpr std::array kFamilyNames = {"USERCFG"sv, "GROUPCFG"sv, "ACCOUNTCFG"sv, "CLASSCFG"sv, "QOSCFG"sv, "SYSCFG"sv};
static_assert(kFamilyNames.size() == kCredKindNames.size());

constexpr std::array kLimitResourceNames = {"job"sv, "node"sv, "pe"sv, "proc"sv, "ps"sv, "wc"sv, "mem"sv};
static_assert(kLimitResourceNames.size() == kLimitResources);

constexpr std::array kFairshareModeNames = {"target"sv, "floor"sv, "ceiling"sv, "cap-absolute"sv, "cap-relative"sv};
static_assert(kFairshareModeNames.size() == static_cast<std::size_t>(FairshareMode::CapRelative) + 1);

constexpr std::array kListModeNames = {"or"sv, "and"sv, "only"sv};
static_assert(kListModeNames.size() == static_cast<std::size_t>(ListMode::Only) + 1);

// Maui's own names (the *WEIGHT / *CAP parameters drop the suffix: CREDWEIGHT -> CRED).
constexpr std::array kPriorityComponentNames = {"CRED"sv, "FS"sv, "RES"sv, "SERV"sv, "TARG"sv, "USAGE"sv};
static_assert(kPriorityComponentNames.size() == kPriorityComponents);

constexpr std::array kPrioritySubcomponentNames = {"USER"sv,
                                                   "GROUP"sv,
                                                   "ACCOUNT"sv,
                                                   "QOS"sv,
                                                   "CLASS"sv,
                                                   "FSUSER"sv,
                                                   "FSGROUP"sv,
                                                   "FSACCOUNT"sv,
                                                   "FSQOS"sv,
                                                   "FSCLASS"sv,
                                                   "NODE"sv,
                                                   "PROC"sv,
                                                   "MEM"sv,
                                                   "SWAP"sv,
                                                   "DISK"sv,
                                                   "PS"sv,
                                                   "PE"sv,
                                                   "WALLTIME"sv,
                                                   "QUEUETIME"sv,
                                                   "XFACTOR"sv,
                                                   "SPVIOLATION"sv,
                                                   "BYPASS"sv,
                                                   "TARGETQUEUETIME"sv,
                                                   "TARGETXFACTOR"sv,
                                                   "CONSUMED"sv,
                                                   "REMAINING"sv,
                                                   "PERCENT"sv,
                                                   "EXECUTIONTIME"sv};
static_assert(kPrioritySubcomponentNames.size() == kPrioritySubcomponents);

// FSPOLICY values as Maui spells them.
constexpr std::array kFairshareMetricNames = {"NONE"sv, "DEDICATEDPS"sv, "DEDICATEDPES"sv, "UTILIZEDPS"sv};
static_assert(kFairshareMetricNames.size() == static_cast<std::size_t>(FairshareMetric::UtilizedPS) + 1);

// SRPERIOD values as Maui spells them.
constexpr std::array kReservationPeriodNames = {"DAY"sv, "WEEK"sv, "INFINITY"sv};
static_assert(kReservationPeriodNames.size() == static_cast<std::size_t>(ReservationPeriod::Infinity) + 1);

constexpr std::array kAclKindNames = {"user"sv,    "group"sv,    "account"sv, "class"sv, "qos"sv,
                                      "jobattr"sv, "duration"sv, "procs"sv,   "tasks"sv};
static_assert(kAclKindNames.size() == static_cast<std::size_t>(AclEntry::Kind::Tasks) + 1);

constexpr std::array kAclAffinityNames = {"positive"sv, "negative"sv, "neutral"sv};
static_assert(kAclAffinityNames.size() == static_cast<std::size_t>(AclEntry::Affinity::Neutral) + 1);

constexpr std::array kHostKindNames = {"names"sv, "regex"sv};
static_assert(kHostKindNames.size() == static_cast<std::size_t>(HostExpression::Kind::Regex) + 1);

// The scheduling policies as Maui spells them, in the order of the parameter table's allowed
// values (tests/schema_test.cc checks that they are the same lists).
constexpr std::array kAccrualPolicyNames = {"ALWAYS"sv, "QUEUEPOLICY"sv, "FULLPOLICY"sv};
static_assert(kAccrualPolicyNames.size() == static_cast<std::size_t>(AccrualPolicy::FullPolicy) + 1);
constexpr std::array kBackfillPolicyNames = {"NONE"sv,        "FIRSTFIT"sv, "BESTFIT"sv, "GREEDY"sv,
                                             "BESTTIMEFIT"sv, "LAZY"sv,     "PREEMPT"sv};
static_assert(kBackfillPolicyNames.size() == static_cast<std::size_t>(BackfillPolicy::Preempt) + 1);
constexpr std::array kBackfillMetricNames = {"PROCS"sv, "NODES"sv, "PROCSECONDS"sv, "SECONDS"sv};
static_assert(kBackfillMetricNames.size() == static_cast<std::size_t>(BackfillMetric::Seconds) + 1);
constexpr std::array kReservationPolicyNames = {"HIGHEST"sv, "CURRENTHIGHEST"sv, "NEVER"sv};
static_assert(kReservationPolicyNames.size() == static_cast<std::size_t>(ReservationPolicy::Never) + 1);
constexpr std::array kReservationThresholdNames = {"NONE"sv, "BYPASS"sv, "QUEUETIME"sv, "XFACTOR"sv};
static_assert(kReservationThresholdNames.size() == static_cast<std::size_t>(ReservationThreshold::XFactor) + 1);
constexpr std::array kNodeAllocationPolicyNames = {"FIRSTAVAILABLE"sv, "LASTAVAILABLE"sv, "MINLOCAL"sv,   "MINGLOBAL"sv,
                                                   "MINRESOURCE"sv,    "PRIORITY"sv,      "CPULOAD"sv,    "FIRSTSET"sv,
                                                   "LOCAL"sv,          "CONTIGUOUS"sv,    "MAXBALANCE"sv, "FASTEST"sv};
static_assert(kNodeAllocationPolicyNames.size() == static_cast<std::size_t>(NodeAllocationPolicy::Fastest) + 1);
constexpr std::array kNodeAccessPolicyNames = {"SHARED"sv, "SINGLEJOB"sv, "SINGLETASK"sv, "SINGLEUSER"sv};
static_assert(kNodeAccessPolicyNames.size() == static_cast<std::size_t>(NodeAccessPolicy::SingleUser) + 1);

// A value outside the enum (only possible through a bad cast) prints as "?" rather than
// reading past the table.
template <class E, std::size_t N>
std::string_view name_in(const std::array<std::string_view, N>& names, E e) {
  const auto i = static_cast<std::size_t>(e);
  return i < N ? names[i] : "?"sv;
}

}  // namespace

template <>
std::span<const std::string_view> enum_names<Derivation>() {
  return kDerivationNames;
}
template <>
std::span<const std::string_view> enum_names<CredKind>() {
  return kCredKindNames;
}
template <>
std::span<const std::string_view> enum_names<LimitResource>() {
  return kLimitResourceNames;
}
template <>
std::span<const std::string_view> enum_names<FairshareMode>() {
  return kFairshareModeNames;
}
template <>
std::span<const std::string_view> enum_names<ListMode>() {
  return kListModeNames;
}
template <>
std::span<const std::string_view> enum_names<PriorityComponent>() {
  return kPriorityComponentNames;
}
template <>
std::span<const std::string_view> enum_names<PrioritySubcomponent>() {
  return kPrioritySubcomponentNames;
}
template <>
std::span<const std::string_view> enum_names<FairshareMetric>() {
  return kFairshareMetricNames;
}
template <>
std::span<const std::string_view> enum_names<ReservationPeriod>() {
  return kReservationPeriodNames;
}
template <>
std::span<const std::string_view> enum_names<AclEntry::Kind>() {
  return kAclKindNames;
}
template <>
std::span<const std::string_view> enum_names<AclEntry::Affinity>() {
  return kAclAffinityNames;
}
template <>
std::span<const std::string_view> enum_names<HostExpression::Kind>() {
  return kHostKindNames;
}

template <>
std::span<const std::string_view> enum_names<AccrualPolicy>() {
  return kAccrualPolicyNames;
}
template <>
std::span<const std::string_view> enum_names<BackfillPolicy>() {
  return kBackfillPolicyNames;
}
template <>
std::span<const std::string_view> enum_names<BackfillMetric>() {
  return kBackfillMetricNames;
}
template <>
std::span<const std::string_view> enum_names<ReservationPolicy>() {
  return kReservationPolicyNames;
}
template <>
std::span<const std::string_view> enum_names<ReservationThreshold>() {
  return kReservationThresholdNames;
}
template <>
std::span<const std::string_view> enum_names<NodeAllocationPolicy>() {
  return kNodeAllocationPolicyNames;
}
template <>
std::span<const std::string_view> enum_names<NodeAccessPolicy>() {
  return kNodeAccessPolicyNames;
}

std::string_view to_string(Derivation e) { return name_in(kDerivationNames, e); }
std::string_view to_string(CredKind e) { return name_in(kCredKindNames, e); }
std::string_view to_string(LimitResource e) { return name_in(kLimitResourceNames, e); }
std::string_view to_string(FairshareMode e) { return name_in(kFairshareModeNames, e); }
std::string_view to_string(PriorityComponent e) { return name_in(kPriorityComponentNames, e); }
std::string_view to_string(PrioritySubcomponent e) { return name_in(kPrioritySubcomponentNames, e); }
std::string_view to_string(FairshareMetric e) { return name_in(kFairshareMetricNames, e); }
std::string_view to_string(ReservationPeriod e) { return name_in(kReservationPeriodNames, e); }
std::string_view to_string(AclEntry::Kind e) { return name_in(kAclKindNames, e); }
std::string_view to_string(AclEntry::Affinity e) { return name_in(kAclAffinityNames, e); }
std::string_view to_string(ListMode e) { return name_in(kListModeNames, e); }
std::string_view to_string(HostExpression::Kind e) { return name_in(kHostKindNames, e); }
std::string_view to_string(AccrualPolicy e) { return name_in(kAccrualPolicyNames, e); }
std::string_view to_string(BackfillPolicy e) { return name_in(kBackfillPolicyNames, e); }
std::string_view to_string(BackfillMetric e) { return name_in(kBackfillMetricNames, e); }
std::string_view to_string(ReservationPolicy e) { return name_in(kReservationPolicyNames, e); }
std::string_view to_string(ReservationThreshold e) { return name_in(kReservationThresholdNames, e); }
std::string_view to_string(NodeAllocationPolicy e) { return name_in(kNodeAllocationPolicyNames, e); }
std::string_view to_string(NodeAccessPolicy e) { return name_in(kNodeAccessPolicyNames, e); }
std::string_view family_of(CredKind e) { return name_in(kFamilyNames, e); }

std::optional<CredKind> parse_family(std::string_view text) {
  for (std::size_t i = 0; i < kFamilyNames.size(); ++i)
    if (kFamilyNames[i] == text) return static_cast<CredKind>(i);
  return std::nullopt;
}

}  // namespace maui::ir
