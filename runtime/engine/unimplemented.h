// The settings of a policy that change what Maui does but that this engine does not implement,
// each as a warning "SETTING: ignored: why" at the config line that writes it (docs/semantics.md
// 81). Scheduling reports them (mauirun simulate prints them as warnings) so that a simulation
// never differs silently from what the config asks; `mauic lint` does not, as Maui itself honours
// them.
#pragma once

#include <string>
#include <vector>

#include "schemas/ir.h"
#include "schemas/problem.h"

namespace maui::runtime {

// In config order of kind: scalars, credentials (QOS flags, JOBFLAGS, PLIST), NODECFG. A NODECFG
// setting on several nodes is one warning, at the line of the first node it names.
std::vector<Problem> unimplemented_settings(const ir::Policy& policy);

}  // namespace maui::runtime
