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
};

// Sorted by file (load order of `files`), line, property, check, subject: deterministic output.
void sort_results(std::vector<Result>& results, const std::vector<std::string>& files);

}  // namespace maui::prove
