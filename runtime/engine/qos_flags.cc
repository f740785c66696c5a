#include "runtime/engine/qos_flags.h"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "runtime/engine/policy_warning.h"

namespace maui::runtime {

namespace {

using R = ir::LimitResource;
constexpr auto idx(R r) { return static_cast<std::size_t>(r); }

// The exemptions, by the manual's flag names; the combined flags expand to these.
void exempt(std::string_view flag, QosFlags& f) {
  if (flag == "IGNJOBPERUSER") f.ignore_user_active[idx(R::Job)] = true;
  if (flag == "IGNPROCPERUSER") f.ignore_user_active[idx(R::Proc)] = true;
  if (flag == "IGNNODEPERUSER") f.ignore_user_active[idx(R::Node)] = true;
  if (flag == "IGNPSPERUSER") f.ignore_user_active[idx(R::PS)] = true;
  if (flag == "IGNJOBQUEUEDPERUSER") f.ignore_user_idle[idx(R::Job)] = true;
  if (flag == "IGNSYSMAXPROC") f.ignore_system[idx(R::Proc)] = true;
  if (flag == "IGNSYSMAXTIME") f.ignore_system[idx(R::WC)] = true;
  if (flag == "IGNSYSMAXPS") f.ignore_system[idx(R::PS)] = true;
}

constexpr std::string_view kUser[] = {"IGNJOBPERUSER", "IGNPROCPERUSER", "IGNNODEPERUSER", "IGNPSPERUSER",
                                      "IGNJOBQUEUEDPERUSER"};
constexpr std::string_view kSystem[] = {"IGNSYSMAXPROC", "IGNSYSMAXTIME", "IGNSYSMAXPS"};

struct Ignored {
  std::string_view flag, reason;
};
constexpr Ignored kIgnored[] = {
    {"PREEMPTSPV", "soft-policy violators do not become preemptible in this engine (PREEMPTEE does)"},
    {"RESTARTPREEMPT", "this engine preempts by requeueing; nothing to restart"},
    {"RESERVEALWAYS", "reservations beyond RESERVATIONDEPTH are not implemented by this engine"},
    {"USERESERVED", "jobs confined to reservations (ADVRES) are not implemented by this engine"},
    {"IGNSRMAXTIME",
     "standing reservation time limits are not lifted by this engine (Maui 3.3.1 does not act on it either)"},
    {"IGNHOSTLIST", "jobs carry no host lists in this engine: nothing to ignore"},
    {"NTR", "next-to-run jobs are not implemented by this engine"},
    {"RUNNOW", "run-now jobs are not implemented by this engine"},
};

}  // namespace

bool QosFlags::any_limit_exemption() const {
  auto any = [](const auto& a) { return std::find(a.begin(), a.end(), true) != a.end(); };
  return any(ignore_user_active) || any(ignore_user_idle) || any(ignore_system);
}

QosFlags read_qos_flags(const ir::CredentialConfig& qos, std::vector<Problem>* ignored) {
  QosFlags f;
  for (const auto& sourced : qos.qos->flags) {
    const std::string_view flag = sourced.value;
    exempt(flag, f);
    if (flag == "IGNUSER" || flag == "IGNALL")
      for (auto u : kUser) exempt(u, f);
    if (flag == "IGNSYSTEM" || flag == "IGNALL")
      for (auto s : kSystem) exempt(s, f);
    if (flag == "NOBF") f.no_backfill = true;
    if (flag == "NORESERVATION") f.no_reservation = true;
    if (flag == "DEDICATED") f.dedicated = true;
    if (flag == "PREEMPTOR") f.preemptor = true;
    if (flag == "PREEMPTEE") f.preemptee = true;
    if (!ignored) continue;
    for (const auto& i : kIgnored)
      if (i.flag == flag)
        ignored->push_back(
            warning_at(sourced.from, fmt::format("QOSCFG[{}] QFLAGS={}: ignored: {}", qos.id.name, flag, i.reason)));
  }
  return f;
}

}  // namespace maui::runtime
