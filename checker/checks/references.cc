// Names that refer to objects: QOS (QDEF, QLIST, QOSLIST ACLs, RESERVATIONQOSLIST), partitions
// (PLIST, PDEF, SRCFG PARTITION), classes and accounts (SRCFG ACLs).
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "checker/checks/check_util.h"
#include "checker/checks/checks.h"

namespace maui::checker {

namespace {

bool builtin_name(std::string_view n) {
  return n == "DEFAULT" || n == "ALL" || n == "[ALL]" || n == "[NONE]" || n == "NONE" ||
         n.find_first_not_of("0123456789-") == std::string_view::npos;
}

struct Reference {
  std::string name;
  ir::SourceRange where;
  std::string what;  // "QDEF of user john"
};

}  // namespace

void check_undefined_references(const Compilation& c, DiagnosticSink& sink) {
  const ir::Policy& p = c.policy;
  std::vector<Reference> qos, partitions, classes, accounts;
  for (const auto& [id, cfg] : p.credentials) {
    std::string owner = fmt::format("{} {}", ir::to_string(id.kind), id.name);
    if (cfg.qos_default) qos.push_back({cfg.qos_default->value, cfg.qos_default->from.where, "QDEF of " + owner});
    if (cfg.qos_list)
      for (const auto& n : cfg.qos_list->names) qos.push_back({n, cfg.qos_list->from.where, "QLIST of " + owner});
    if (cfg.partition_default)
      partitions.push_back({cfg.partition_default->value, cfg.partition_default->from.where, "PDEF of " + owner});
    if (cfg.partition_list)
      for (const auto& n : cfg.partition_list->names)
        partitions.push_back({n, cfg.partition_list->from.where, "PLIST of " + owner});
  }
  for (const auto& [name, sr] : p.standing_reservations) {
    std::string owner = "standing reservation " + name;
    for (const auto& e : sr.acl) {
      if (e.kind == ir::AclEntry::Kind::Qos) qos.push_back({e.value, e.from.where, "QOSLIST of " + owner});
      if (e.kind == ir::AclEntry::Kind::Class) classes.push_back({e.value, e.from.where, "CLASSLIST of " + owner});
      if (e.kind == ir::AclEntry::Kind::Account) accounts.push_back({e.value, e.from.where, "ACCOUNTLIST of " + owner});
    }
    if (sr.partition) partitions.push_back({sr.partition->value, sr.partition->from.where, "PARTITION of " + owner});
  }
  for (const auto& [group, g] : p.scheduling.reservation_groups)
    if (g.qos)
      for (const auto& n : g.qos->value)
        qos.push_back({n, g.qos->from.where, fmt::format("RESERVATIONQOSLIST[{}]", group)});

  std::vector<std::string> defined_qos = configured(p, ir::CredKind::Qos);
  std::set<std::string> defined_partitions;
  for (const auto& [name, node] : p.nodes)
    if (node.partition) defined_partitions.insert(node.partition->value);

  auto report = [&](const Reference& r, std::string message) {
    sink.report(rules::kUndefinedReference, locate(c, r.where), std::move(message));
  };
  std::set<std::string> qos_set(defined_qos.begin(), defined_qos.end());
  for (const auto& r : qos) {
    if (builtin_name(r.name) || qos_set.count(r.name)) continue;
    std::string hint = closest(r.name, defined_qos);
    report(r, fmt::format("QOS '{}' ({}) is not defined by any QOSCFG line: Maui creates a new QOS "
                          "with default settings{}",
                          r.name, r.what, hint.empty() ? std::string() : fmt::format("; did you mean '{}'?", hint)));
  }
  if (!defined_partitions.empty()) {
    std::vector<std::string> names(defined_partitions.begin(), defined_partitions.end());
    for (const auto& r : partitions) {
      if (builtin_name(r.name) || defined_partitions.count(r.name)) continue;
      std::string hint = closest(r.name, names);
      report(r, fmt::format("partition '{}' ({}) has no node (no NODECFG ... PARTITION={}){}", r.name, r.what, r.name,
                            hint.empty() ? std::string() : fmt::format("; did you mean '{}'?", hint)));
    }
  }
  // Classes and accounts are defined by the resource / allocation manager; only a name close to
  // a configured one is worth reporting (a likely typo).
  auto typo = [&](const std::vector<Reference>& refs, ir::CredKind kind, std::string_view family) {
    auto names = configured(p, kind);
    std::set<std::string> known(names.begin(), names.end());
    for (const auto& r : refs) {
      if (builtin_name(r.name) || known.count(r.name)) continue;
      std::string hint = closest(r.name, names);
      if (!hint.empty())
        report(r, fmt::format("{} '{}' ({}) is not configured by any {} line; did you mean '{}'?", ir::to_string(kind),
                              r.name, r.what, family, hint));
    }
  };
  typo(classes, ir::CredKind::Class, "CLASSCFG");
  typo(accounts, ir::CredKind::Account, "ACCOUNTCFG");
}

void check_default_not_in_list(const Compilation& c, DiagnosticSink& sink) {
  for (const auto& [id, cfg] : c.policy.credentials) {
    auto check = [&](const auto& def, const auto& list, std::string_view d, std::string_view l,
                     std::string_view consequence) {
      if (!def || !list || list->names.empty()) return;
      for (const auto& n : list->names)
        if (n == def->value) return;
      auto& diag =
          sink.report(rules::kDefaultNotInList, locate(c, def->from.where),
                      fmt::format("{}={} of {} {} is not in its {} ({}): {}", d, def->value, ir::to_string(id.kind),
                                  id.name, l, fmt::format("{}", fmt::join(list->names, ",")), consequence));
      diag.notes.push_back({locate(c, list->from.where), fmt::format("{} is set here", l)});
    };
    check(cfg.qos_default, cfg.qos_list, "QDEF", "QLIST",
          "Maui 3.3.1 gives its jobs the first QOS of the access list instead; mauirun gives them the QDEF "
          "(docs/semantics.md 78)");
    check(cfg.partition_default, cfg.partition_list, "PDEF", "PLIST", "jobs default to a partition they may not use");
  }
}

}  // namespace maui::checker
