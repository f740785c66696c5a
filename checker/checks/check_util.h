// Helpers for whole-policy checks: locating IR provenance back in the source.
#pragma once

#include <string>
#include <vector>

#include "parser/lower.h"

namespace maui::checker {

// The source range of an IR value (invalid when it came from a built-in default).
llvm::SMRange locate(const Compilation& c, const ir::SourceRange& where);

// True when the config wrote the value (not a built-in default).
inline bool written(const ir::Provenance& p) { return p.how != ir::Derivation::BuiltinDefault; }

// Closest of `candidates` to `name` by edit distance, or "" when none is close.
std::string closest(std::string_view name, const std::vector<std::string>& candidates);

// Names of the credentials of `kind` configured in the policy (DEFAULT excluded).
std::vector<std::string> configured(const ir::Policy& p, ir::CredKind kind);

}  // namespace maui::checker
