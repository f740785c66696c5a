// The lint rule registry: every rule of schemas/rule_ids.h (its id and default severity) with a
// one-line summary and a doc page docs/rules/<id>.md. Rules that look at the whole policy (not
// a single line) are functions in checker/checks/*.cc, registered in rules.cc.
#pragma once

#include <span>
#include <string_view>

#include "parser/lower.h"
#include "schemas/rule_ids.h"

namespace maui::checker {

struct Rule : RuleId {
  std::string_view summary;
  // Whole-policy check, or nullptr for rules the parser / lowering report while reading lines.
  void (*check)(const Compilation&, DiagnosticSink&);
};

std::span<const Rule> all_rules();
const Rule* find_rule(std::string_view id);

// Runs every whole-policy check on a compiled config, appending to its diagnostics.
void run_checks(Compilation& c);

// Drops diagnostics suppressed by `# mauic: ignore=RULE` comments.
void apply_suppressions(Compilation& c);

}  // namespace maui::checker
