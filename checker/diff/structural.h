// The structural half of `mauic diff`: the compiled policy flattened to (path -> value, where).
#pragma once

#include <map>
#include <string>

#include "checker/diff/diff.h"
#include "schemas/ir.h"

namespace maui::diff {

std::map<std::string, Side> flatten(const ir::Policy& policy);
std::vector<StructuralChange> structural_changes(const ir::Policy& old_policy, const ir::Policy& new_policy);

}  // namespace maui::diff
