// The standing-reservation coverage table of `mauic check` (checker/prove, proved with Z3) as
// the HTML report's heatmap rows: reachable nodes per credential and hour of the week.
#pragma once

#include "parser/lower.h"
#include "runtime/report/report_data.h"

namespace maui::tools {

// Fills side.coverage (or side.coverage_note when the policy has no standing reservation).
void add_coverage(const Compilation& config, runtime::ReportSide& side);

}  // namespace maui::tools
