#include "checker/weights.h"

#include <array>

namespace maui::checker {

namespace {
using C = ir::PriorityComponent;
using S = ir::PrioritySubcomponent;

constexpr std::array<std::string_view, ir::kPriorityComponents> kComponentWeights = {
    "CREDWEIGHT", "FSWEIGHT", "RESWEIGHT", "SERVICEWEIGHT", "TARGETWEIGHT", "USAGEWEIGHT"};

constexpr std::array<std::string_view, ir::kPrioritySubcomponents> kSubcomponentWeights = {"USERWEIGHT",
                                                                                           "GROUPWEIGHT",
                                                                                           "ACCOUNTWEIGHT",
                                                                                           "QOSWEIGHT",
                                                                                           "CLASSWEIGHT",
                                                                                           "FSUSERWEIGHT",
                                                                                           "FSGROUPWEIGHT",
                                                                                           "FSACCOUNTWEIGHT",
                                                                                           "FSQOSWEIGHT",
                                                                                           "FSCLASSWEIGHT",
                                                                                           "NODEWEIGHT",
                                                                                           "PROCWEIGHT",
                                                                                           "MEMWEIGHT",
                                                                                           "SWAPWEIGHT",
                                                                                           "DISKWEIGHT",
                                                                                           "PSWEIGHT",
                                                                                           "PEWEIGHT",
                                                                                           "WALLTIMEWEIGHT",
                                                                                           "QUEUETIMEWEIGHT",
                                                                                           "XFACTORWEIGHT",
                                                                                           "SPVIOLATIONWEIGHT",
                                                                                           "BYPASSWEIGHT",
                                                                                           "TARGETQUEUETIMEWEIGHT",
                                                                                           "TARGETXFACTORWEIGHT",
                                                                                           "CONSUMEDWEIGHT",
                                                                                           "REMAININGWEIGHT",
                                                                                           "PERCENTWEIGHT",
                                                                                           "USAGEEXECUTIONTIMEWEIGHT"};

// The IR lists each component's subcomponents together, in component order.
constexpr std::array<S, ir::kPrioritySubcomponents> kAll = [] {
  std::array<S, ir::kPrioritySubcomponents> all{};
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<S>(i);
  return all;
}();
constexpr std::array<std::size_t, ir::kPriorityComponents + 1> kFirst = {static_cast<std::size_t>(S::User),
                                                                         static_cast<std::size_t>(S::FsUser),
                                                                         static_cast<std::size_t>(S::Node),
                                                                         static_cast<std::size_t>(S::QueueTime),
                                                                         static_cast<std::size_t>(S::TargetQueueTime),
                                                                         static_cast<std::size_t>(S::Consumed),
                                                                         ir::kPrioritySubcomponents};
}  // namespace

std::string_view weight_name(C c) { return kComponentWeights[static_cast<std::size_t>(c)]; }
std::string_view weight_name(S s) { return kSubcomponentWeights[static_cast<std::size_t>(s)]; }

std::span<const S> subcomponents(C c) {
  const auto i = static_cast<std::size_t>(c);
  return std::span<const S>(kAll).subspan(kFirst[i], kFirst[i + 1] - kFirst[i]);
}

S credential_subcomponent(ir::CredKind k) {
  switch (k) {
    case ir::CredKind::Group: return S::Group;
    case ir::CredKind::Account: return S::Account;
    case ir::CredKind::Class: return S::Class;
    case ir::CredKind::Qos: return S::Qos;
    default: return S::User;
  }
}

S fairshare_subcomponent(ir::CredKind k) {
  switch (k) {
    case ir::CredKind::Group: return S::FsGroup;
    case ir::CredKind::Account: return S::FsAccount;
    case ir::CredKind::Class: return S::FsClass;
    case ir::CredKind::Qos: return S::FsQos;
    default: return S::FsUser;
  }
}

}  // namespace maui::checker
