// What `mauic check` reports: one Result per (property, subject), each PROVED, VIOLATED with a
// concrete witness, or UNKNOWN with a reason; blame lines come from unsat cores.
//
// The property ids are stable (JSON, SARIF ruleId, `# mauic: ignore=ID`, --baseline) and each
// has a page docs/rules/check/<id>.md.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "llvm/Support/JSON.h"
#include "parser/diagnostic.h"
#include "schemas/ir.h"

namespace maui::prove {

enum class Status { Proved, Violated, Unknown };
std::string_view to_string(Status);

struct Property {
  std::string_view id;
  Severity severity;  // of a VIOLATED result
  std::string_view summary;
};
// Every property, named once: results, timings and internal errors use these constants.
namespace properties {
inline constexpr Property kFairshareTargets{
    "fairshare-targets", Severity::Warning,
    "fairshare targets of one kind that cannot all hold, or that cannot affect priority"};
inline constexpr Property kOverrideConsistency{
    "override-consistency", Severity::Warning,
    "a QOS override limit that can never bind or leaves the QOS worse off than without it"};
inline constexpr Property kPriorityAssertion{"priority-assertion", Severity::Error,
                                             "an admin's statement about job priority (--assert) that does not hold"};
inline constexpr Property kPriorityBounds{
    "priority-bounds", Severity::Warning,
    "priority components: their bounds, weights that have no effect, totals that reach the 1e9 cap"};
inline constexpr Property kSrCoverage{
    "sr-coverage", Severity::Warning,
    "standing reservations that cannot be placed, admit nobody, or leave credentials without nodes"};
inline constexpr Property kStarvation{"starvation", Severity::Error,
                                      "a credential (or class x user) for which no job can ever start"};
}  // namespace properties
// Every property, sorted by id.
std::span<const Property> all_properties();
const Property* find_property(std::string_view id);

// A config location (line 0: no location, e.g. a built-in default) with what it contributes.
struct Location {
  std::string file;
  unsigned line = 0, column = 0, end_column = 0;
  std::string message;
  bool operator<(const Location& o) const;
  bool operator==(const Location& o) const;
};
Location location_of(const ir::Provenance& p, std::string message);

struct Result {
  std::string property;  // a Property id
  std::string check;     // the question within the property ("sum-over-100", "dead-acl" ...)
  std::string subject;   // what it is about ("user steve", "SRCFG[debug]"): baseline identity
  Status status = Status::Proved;
  Severity severity = Severity::Note;
  Location where;  // the line the result is reported on
  std::string message;
  llvm::json::Object witness;   // empty: none
  std::vector<Location> blame;  // the config lines that make it so (unsat core), sorted

  // The status and the severity that goes with it: a VIOLATED result has its property's
  // severity, an UNKNOWN one is a warning, a PROVED one a note.
  void set_status(Status s);
};

// Sorted by file (load order of `files`), line, property, check, subject: deterministic output.
void sort_results(std::vector<Result>& results, const std::vector<std::string>& files);

}  // namespace maui::prove
