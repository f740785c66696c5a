#include "tools/mauirun/policy_coverage.h"

#include "checker/prove/prove.h"

namespace maui::tools {

void add_coverage(const Compilation& config, runtime::ReportSide& side) {
  if (config.policy.standing_reservations.empty()) {
    side.coverage_note = "no standing reservation (SRCFG): every credential reaches every node at every hour";
    return;
  }
  const prove::Report report = prove::coverage_only(config, {});
  for (const prove::CoverageRow& row : report.coverage) {
    runtime::CoverageRow r;
    r.credential = std::string(ir::to_string(row.credential.kind)) + " " + row.credential.name;
    r.text = row.text;
    for (std::size_t h = 0; h < r.nodes.size(); ++h)
      for (const auto& [nodes, hours] : row.reach)
        if (hours.test(h)) r.nodes[h] = static_cast<std::int32_t>(nodes.size());
    side.coverage.push_back(std::move(r));
  }
  if (side.coverage.empty()) side.coverage_note = "the coverage table is empty (see mauic check)";
}

}  // namespace maui::tools
