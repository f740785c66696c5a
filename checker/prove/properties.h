// One function per property family; each appends its results (PROVED / VIOLATED / UNKNOWN) to
// the context. They are composed in prove.cc.
#pragma once

#include <z3++.h>

#include <string>
#include <vector>

#include "checker/prove/prove.h"
#include "checker/prove/world.h"
#include "parser/lower.h"

namespace maui::prove {

struct Context {
  const Compilation& unit;
  const World& world;
  const Options& options;
  z3::context& z3;
  Report& report;

  void add(Result r) { report.results.push_back(std::move(r)); }
  // A witness the runtime does not confirm: the result is dropped and reported as an internal
  // error (a wrong report must never reach the admin).
  void mismatch(const Property& property, const std::string& what) {
    report.internal_errors.push_back(std::string(property.id) + ": witness not confirmed by the runtime: " + what);
  }
  const ir::Policy& policy() const { return unit.policy; }
  std::string main_file() const { return unit.policy.files.empty() ? std::string() : unit.policy.files.front(); }
};

void check_fairshare_targets(Context& ctx);     // e
void check_priority_bounds(Context& ctx);       // d, built in
void check_priority_assertions(Context& ctx);   // d, the admin's --assert statements
void check_override_consistency(Context& ctx);  // a
void check_reservation_coverage(Context& ctx);  // c (also fills report.coverage)
// Only the coverage table of c (with its no-node-hours results), over the nodes the world has
// even when it knows no node list: `mauic diff` compares two configs over the same nodes.
void fill_coverage_table(Context& ctx);
void check_starvation(Context& ctx);  // b

}  // namespace maui::prove
