// `mauic diff OLD NEW`: what changed between two configs.
//
// Structural: every value of the compiled policy (the IR's JSON form, where each value carries
// its provenance) keyed by what it is (`credentials[user john].active.job`), added / removed /
// changed, with the old and the new location.
// Semantic, per credential (every name either config mentions, and OTHER for the unnamed ones):
// its throttling limits (own, else DEFAULT: the runtime's resolution) and its reservation access
// over the week (checker/prove coverage: which nodes it can reach in each hour). Each is
// equivalent, more permissive, less permissive or incomparable, with the concrete access gained
// and lost, the QOS it may use (runtime may_use_qos, docs/semantics.md 78) gained and lost, and
// a plan-style summary:
//   + group staff gains node001–node004 Mon–Fri 09:00–17:00
//   + user john gains QOS hiprio
//   ~ user john MAXJOB 8 → 4
#pragma once

#include <string>
#include <vector>

#include "checker/prove/world.h"
#include "parser/lower.h"

namespace maui::diff {

struct Side {
  std::string value;  // compact JSON of the value; empty = absent
  std::string file;
  unsigned line = 0;
};

struct StructuralChange {
  std::string path;
  Side old_side, new_side;
};

enum class Verdict { Equivalent, MorePermissive, LessPermissive, Incomparable };
std::string_view to_string(Verdict);

struct AccessChange {
  std::vector<std::string> nodes;
  prove::WeekHours hours;
};

struct LimitChange {
  std::string limit;  // MAXJOB, MAXPROC ...
  std::string old_value, new_value;  // "unlimited" when none
  bool looser = false;
};

struct CredentialChange {
  ir::Credential credential;  // name OTHER: the credentials neither config names
  Verdict verdict = Verdict::Equivalent;
  std::vector<AccessChange> gained, lost;
  std::vector<std::string> qos_gained, qos_lost;  // sorted
  std::vector<LimitChange> limits;
};

struct DiffResult {
  std::vector<StructuralChange> structural;
  std::vector<CredentialChange> semantic;  // only credentials that are not equivalent
  std::vector<std::string> summary;        // plan lines
  bool gains_access() const;
};

DiffResult diff_policies(const Compilation& old_unit, const Compilation& new_unit);

std::string render_text(const DiffResult& d);
std::string render_json(const DiffResult& d);
std::string render_sarif(const DiffResult& d, std::string_view tool_version);

}  // namespace maui::diff
