// Priority settings the admin clearly meant (written, not zero) that change no job's priority,
// by the manual and in Maui 3.3.1 alike (docs/semantics.md 94):
//   - fairshare turned off (FSPOLICY not set, or NONE) while its weights or targets are written;
//   - fairshare on while no credential has an FSTARGET: every job's fairshare factor is 0;
//   - targets of a kind whose FS<KIND>WEIGHT is 0, an FS<KIND>WEIGHT with no target of its kind;
//   - a subcomponent weight under a component weight written as 0 (a component weight left at its
//     default is compat-component-weight-default's: there Maui 3.3.1 differs), and a component
//     weight written with every subcomponent weight 0;
//   - credential PRIORITY values of a kind whose weight (USERWEIGHT ...) is 0.
// FSTARGET caps (^ %) act on eligibility, not on priority, and are left out.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "checker/checks/check_util.h"
#include "checker/checks/checks.h"
#include "checker/weights.h"

namespace maui::checker {

namespace {

using C = ir::PriorityComponent;
using S = ir::PrioritySubcomponent;

bool steers_priority(const ir::FairshareTarget& t) {
  return t.mode == ir::FairshareMode::Target || t.mode == ir::FairshareMode::Floor ||
         t.mode == ir::FairshareMode::Ceiling;
}

// "FSUSERWEIGHT is 0" or "FSUSERWEIGHT is 0 (not set)".
std::string is_zero(std::string_view name, const ir::Provenance& from) {
  return fmt::format("{} is 0{}", name, written(from) ? "" : " (not set)");
}

// "user", "group", ... "QOS": a credential kind as the manual writes it in prose.
std::string_view kind_text(ir::CredKind k) { return k == ir::CredKind::Qos ? "QOS" : ir::to_string(k); }

// The note on a line a finding names: "FSWEIGHT 100 is set here", "the first FSTARGET is here".
std::string note_text(const std::string& what) {
  return what == "the FSTARGET values" ? "the first FSTARGET is here" : what + " is set here";
}

// "a", "a and b", "a, b and c".
std::string and_list(const std::vector<std::string>& items) {
  if (items.size() < 2) return items.empty() ? std::string() : items.front();
  return fmt::format("{} and {}", fmt::join(items.begin(), items.end() - 1, ", "), items.back());
}

class NoEffect {
 public:
  NoEffect(const Compilation& c, DiagnosticSink& sink) : c_(c), sink_(sink), w_(c.policy.priority) {}

  void run() {
    fairshare();
    for (std::size_t i = 0; i < ir::kPriorityComponents; ++i)
      if (static_cast<C>(i) != C::Fairshare) component(static_cast<C>(i));
    for (ir::CredKind kind : ir::kCredKinds) priorities(kind);
  }

 private:
  const Compilation& c_;
  DiagnosticSink& sink_;
  const ir::PriorityWeights& w_;

  Diagnostic& report(const ir::Provenance& at, std::string message) {
    return sink_.report(rules::kNoEffect, locate(c_, at.where), std::move(message));
  }
  void note(Diagnostic& d, const ir::Provenance& at, std::string what) {
    if (written(at)) d.notes.push_back({locate(c_, at.where), std::move(what)});
  }
  // Whether `a` comes before `b` in the config (files in load order).
  bool before(const ir::Provenance& a, const ir::Provenance& b) const {
    const auto& files = c_.policy.files;
    auto rank = [&](const ir::Provenance& p) {
      return std::find(files.begin(), files.end(), p.where.file.str()) - files.begin();
    };
    return std::make_pair(rank(a), a.where.line) < std::make_pair(rank(b), b.where.line);
  }
  bool nonzero_written(S s) const { return written(w_[s].weight.from) && w_[s].weight.value != 0; }

  // The first FSTARGET of each kind that steers priority, own or DEFAULT (kCredKinds order).
  std::array<const ir::CredentialConfig*, ir::kCredKinds.size()> first_targets() const {
    std::array<const ir::CredentialConfig*, ir::kCredKinds.size()> first{};
    for (const auto& [id, cfg] : c_.policy.credentials) {
      if (!cfg.fairshare_target || !steers_priority(*cfg.fairshare_target)) continue;
      for (std::size_t k = 0; k < ir::kCredKinds.size(); ++k)
        if (ir::kCredKinds[k] == id.kind &&
            (!first[k] || before(cfg.fairshare_target->from, first[k]->fairshare_target->from)))
          first[k] = &cfg;
    }
    return first;
  }

  // The fairshare component: its weights, FSPOLICY and the targets together.
  void fairshare() {
    const auto& policy = c_.policy.fairshare.metric;
    const auto& weight = w_[C::Fairshare].weight;
    const auto targets = first_targets();
    const ir::CredentialConfig* first_target = nullptr;
    for (const auto* t : targets)
      if (t && (!first_target || before(t->fairshare_target->from, first_target->fairshare_target->from)))
        first_target = t;
    std::vector<std::pair<const ir::Provenance*, std::string>> lines;  // what the admin wrote, in order
    if (written(weight.from) && weight.value != 0)
      lines.push_back({&weight.from, fmt::format("FSWEIGHT {}", weight.value)});
    for (S s : subcomponents(C::Fairshare))
      if (nonzero_written(s))
        lines.push_back({&w_[s].weight.from, fmt::format("{} {}", weight_name(s), w_[s].weight.value)});

    if (policy.value == ir::FairshareMetric::None) {
      if (first_target) lines.push_back({&first_target->fairshare_target->from, "the FSTARGET values"});
      if (lines.empty()) return;
      std::vector<std::string> what;
      for (const auto& l : lines) what.push_back(l.second);
      auto& d = report(*lines.front().first,
                       fmt::format("fairshare is off ({}): {} change no job's priority; set FSPOLICY (e.g. "
                                   "DEDICATEDPS) to use fairshare",
                                   written(policy.from) ? "FSPOLICY is NONE" : "FSPOLICY is not set", and_list(what)));
      note(d, policy.from, "fairshare is turned off here");
      for (std::size_t i = 1; i < lines.size(); ++i) note(d, *lines[i].first, note_text(lines[i].second));
      return;
    }
    if (!first_target) {
      bool caps = std::any_of(c_.policy.credentials.begin(), c_.policy.credentials.end(),
                              [](const auto& c) { return c.second.fairshare_target.has_value(); });
      // Caps (^ %) still act on eligibility: then only the weights are idle.
      if (caps && lines.empty()) return;
      const ir::Provenance& at = caps ? *lines.front().first : policy.from;
      auto& d =
          report(at, caps ? "fairshare is on, but its only FSTARGET values are caps (^ %), which limit eligibility: "
                            "every job's fairshare factor is 0 and the fairshare weights change no priority"
                          : "fairshare is on, but no credential has an FSTARGET (nor USERCFG[DEFAULT] ...): every "
                            "job's fairshare factor is 0 and the fairshare settings change no priority; give the "
                            "credentials FSTARGETs");
      for (const auto& l : lines)
        if (l.first != &at) note(d, *l.first, note_text(l.second));
      return;
    }
    bool any_kind_weight = false;
    for (S s : subcomponents(C::Fairshare)) any_kind_weight |= w_[s].weight.value != 0;
    if (!any_kind_weight) {
      std::vector<std::string> names;
      for (S s : subcomponents(C::Fairshare)) names.push_back(std::string(weight_name(s)));
      auto& d = report(first_target->fairshare_target->from,
                       fmt::format("the FSTARGET values have no effect on priority: {} are all 0{}; set the one "
                                   "of each kind that has targets",
                                   and_list(names),
                                   weight.value == 0 ? fmt::format(" and {}", is_zero("FSWEIGHT", weight.from)) : ""));
      note(d, weight.from, fmt::format("FSWEIGHT {} is set here", weight.value));
      return;
    }
    if (weight.value == 0) {
      // Written 0: every FS<KIND>WEIGHT set is reported by component(); not written:
      // compat-component-weight-default says so (Maui 3.3.1 defaults FSWEIGHT to 1).
      component(C::Fairshare);
      return;
    }
    for (std::size_t k = 0; k < ir::kCredKinds.size(); ++k) {
      const ir::CredKind kind = ir::kCredKinds[k];
      const S sub = fairshare_subcomponent(kind);
      const auto& sub_weight = w_[sub].weight;
      if (targets[k] && sub_weight.value == 0) {
        const auto& t = *targets[k];
        report(t.fairshare_target->from,
               fmt::format("the {} FSTARGET values (this one of {} {}) have no effect on priority: {}; set {}",
                           kind_text(kind), kind_text(kind), t.id.name, is_zero(weight_name(sub), sub_weight.from),
                           weight_name(sub)));
      } else if (!targets[k] && nonzero_written(sub)) {
        report(sub_weight.from, fmt::format("{} {} has no effect: no {} has an FSTARGET (nor {}[DEFAULT])",
                                            weight_name(sub), sub_weight.value, kind_text(kind), ir::family_of(kind)));
      }
    }
  }

  // A QOS adds its QTWEIGHT / XFWEIGHT to QUEUETIMEWEIGHT / XFACTORWEIGHT.
  bool qos_adds_weight(S s) const {
    for (const auto& [id, cfg] : c_.policy.credentials) {
      if (id.kind != ir::CredKind::Qos) continue;
      const auto& extra = s == S::QueueTime ? cfg.qos->queuetime_weight : cfg.qos->xfactor_weight;
      if ((s == S::QueueTime || s == S::XFactor) && extra && extra->value != 0) return true;
    }
    return false;
  }

  void component(C c) {
    const auto& weight = w_[c].weight;
    if (!written(weight.from)) return;
    if (weight.value == 0) {
      for (S s : subcomponents(c))
        if (nonzero_written(s)) {
          auto& d =
              report(w_[s].weight.from, fmt::format("{} {} has no effect: its component weight {}", weight_name(s),
                                                    w_[s].weight.value, is_zero(weight_name(c), weight.from)));
          note(d, weight.from, fmt::format("{} is set to 0 here", weight_name(c)));
        }
      return;
    }
    std::vector<std::string> names;
    for (S s : subcomponents(c)) {
      if (w_[s].weight.value != 0 || qos_adds_weight(s)) return;
      names.push_back(std::string(weight_name(s)));
    }
    report(weight.from, fmt::format("{} {} has no effect: every weight of its component is 0 ({})", weight_name(c),
                                    weight.value, and_list(names)));
  }

  void priorities(ir::CredKind kind) {
    const ir::CredentialConfig* first = nullptr;
    std::size_t count = 0;
    for (const auto& [id, cfg] : c_.policy.credentials) {
      if (id.kind != kind || !cfg.priority || cfg.priority->value == 0 || !written(cfg.priority->from)) continue;
      ++count;
      if (!first || before(cfg.priority->from, first->priority->from)) first = &cfg;
    }
    const S sub = credential_subcomponent(kind);
    const auto& sub_weight = w_[sub].weight;
    if (!first || sub_weight.value != 0) return;
    report(first->priority->from, fmt::format("PRIORITY={} of {} {}{} has no effect on job priority: {}; set {}",
                                              first->priority->value, kind_text(kind), first->id.name,
                                              count > 1 ? fmt::format(" (and {} more {} PRIORITY value{})", count - 1,
                                                                      kind_text(kind), count > 2 ? "s" : "")
                                                        : std::string(),
                                              is_zero(weight_name(sub), sub_weight.from), weight_name(sub)));
  }
};

}  // namespace

void check_no_effect(const Compilation& c, DiagnosticSink& sink) { NoEffect(c, sink).run(); }

}  // namespace maui::checker
