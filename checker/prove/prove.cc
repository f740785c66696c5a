#include "checker/prove/prove.h"

#include <chrono>

#include "checker/prove/assertions.h"
#include "checker/prove/properties.h"
#include "checker/prove/smt.h"
#include "schemas/input_file.h"

namespace maui::prove {

Report check_policy(const Compilation& unit, const Options& options, std::span<const runtime::Node> cluster) {
  Report report;
  World world(unit.policy, cluster, options.cluster_name.empty() ? "the cluster" : options.cluster_name);
  z3::context z3;
  Context ctx{unit, world, options, z3, report};
  struct Stage {
    const Property& property;
    void (*run)(Context&);
  };
  // The order only matters for timings: results are sorted afterwards.
  static constexpr Stage kStages[] = {
      {properties::kFairshareTargets, check_fairshare_targets},
      {properties::kPriorityBounds, check_priority_bounds},
      {properties::kPriorityAssertion, check_priority_assertions},
      {properties::kOverrideConsistency, check_override_consistency},
      {properties::kSrCoverage, check_reservation_coverage},
      {properties::kStarvation, check_starvation},
  };
  for (const auto& stage : kStages) {
    auto start = std::chrono::steady_clock::now();
    try {
      stage.run(ctx);
    } catch (const z3::exception& e) {
      report.internal_errors.push_back(std::string(stage.property.id) + ": Z3: " + e.msg());
    } catch (const SmtlibWriteError& e) {
      report.input_errors.push_back(std::string("mauic: ") + e.what());
      break;
    }
    std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
    report.timings.push_back({std::string(stage.property.id), took.count()});
  }
  sort_results(report.results, unit.policy.files);
  return report;
}

void attach_assertions(Compilation& unit, const Options& options) {
  if (options.assertions_file.empty()) return;
  for (unsigned b = 1; b <= unit.sources.buffer_count(); ++b)
    if (unit.sources.display_name(b) == options.assertions_file) return;
  if (InputFile in = read_input_file(options.assertions_file, kMaxAssertionBytes); !in.error)
    unit.sources.add_buffer(options.assertions_file, in.text);
}

Report coverage_only(const Compilation& unit, const Options& options) {
  Report report;
  World world(unit.policy);
  z3::context z3;
  Options with_other = options;
  with_other.representative_rows = true;
  Context ctx{unit, world, with_other, z3, report};
  fill_coverage_table(ctx);
  return report;
}

}  // namespace maui::prove
