// The JSON form of a located problem (schemas/problem.h), the same object wherever a tool prints
// one: {"severity","file","line","column","message"}, the members `mauic lint --format json`
// gives each diagnostic. line and column are 0 when the problem has none.
#pragma once

#include "llvm/Support/JSON.h"
#include "schemas/problem.h"

namespace maui {

llvm::json::Object to_json(const Problem& p);

}  // namespace maui
