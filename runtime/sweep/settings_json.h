// A candidate's settings as a JSON object, {"NAME": "VALUE"}: the same in the ranking's JSON and
// in the data of its HTML page.
#pragma once

#include "llvm/Support/JSON.h"
#include "runtime/sweep/sweep_plan.h"

namespace maui::runtime {

inline llvm::json::Object settings_json(const Candidate& c) {
  llvm::json::Object s;
  for (const auto& [name, value] : c.settings) s[name] = value;
  return s;
}

}  // namespace maui::runtime
