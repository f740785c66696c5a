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
// Reserved access (nodes held by a reservation that admits the credential) is told apart:
//   + group biolab gains reserved node01–node04 Mon–Fri 09:00–17:00
//   - everyone but group biolab loses node01–node04 Mon–Fri 09:00–17:00
// Priority, by reference jobs (one task, one hour, none of the recorded fairshare usage its own),
// each priority taken on submission and after a day in the queue: the job of credentials neither
// config names, and per credential its advantage over that job (what its own settings add), with
// who goes first when that changes:
//   ~ any job's priority 1 → 1 on submission, 1441 → 2881 after a day queued
//   ~ user john's advantage over any other user +2000 → +500
//   ~ group staff's advantage over any other group +0 → +10 (now ahead of them)
#pragma once

#include <optional>
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
  std::string limit;                 // MAXJOB, MAXPROC ...
  std::string old_value, new_value;  // "unlimited" when none
  bool looser = false;
};

struct CredentialChange {
  ir::Credential credential;  // name OTHER: the credentials neither config names
  Verdict verdict = Verdict::Equivalent;
  std::vector<AccessChange> gained, lost;
  // Reserved (guaranteed) access: nodes held by a reservation that admits it.
  std::vector<AccessChange> reserved_gained, reserved_lost;
  std::vector<std::string> qos_gained, qos_lost;                // sorted
  std::vector<std::string> partitions_gained, partitions_lost;  // sorted (PLIST, docs/semantics.md 83)
  std::vector<LimitChange> limits;
};

// Priorities of a reference job (docs/check.md, "mauic diff"): on submission and after a day.
struct ReferencePriority {
  std::int64_t now = 0, day = 0;
  bool operator==(const ReferencePriority&) const = default;
};
struct PriorityChange {
  std::optional<ir::Credential> credential;  // none: the job of credentials neither config names
  ReferencePriority old_value, new_value;    // with a credential: its advantage over that job
  std::string text;                          // the plan line, "~ user john's advantage ..."
};

struct DiffResult {
  std::vector<StructuralChange> structural;
  std::vector<CredentialChange> semantic;  // only credentials that are not equivalent
  std::vector<PriorityChange> priority;    // only what changed; the unnamed job first
  // Plan lines of access and limits (priority: in `priority`). A change that every credential
  // the configs do not name shares is one line for everyone ("- everyone but group biolab
  // loses node01–node04 Mon–Fri 09:00–17:00"), not a line per credential.
  std::vector<std::string> summary;
  bool gains_access() const;
};

DiffResult diff_policies(const Compilation& old_unit, const Compilation& new_unit);

std::string render_text(const DiffResult& d);
std::string render_json(const DiffResult& d);
std::string render_sarif(const DiffResult& d, std::string_view tool_version);

}  // namespace maui::diff
