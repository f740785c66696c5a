// The --assert language of `mauic check` (docs/check.md, "Assertions"): one statement per line
// about job priority, parsed with PEGTL into the small AST below. The statements are proved by
// the priority-assertion property (priority_assertions.cc).
//
//   assert outranks: job(qos=hiprio) > job(qos=normal) when queuetime < 24:00:00
//   assert share: component(FS) <= 30% of total
//   assert bound: priority(job(class=batch, user=steve)) >= 1000
//
// Every line is parsed on its own, so that one bad line never hides the others: the good lines
// become assertions, each bad one a located `file:line:col: error: expected ... [assert-syntax]`.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "schemas/ir.h"

namespace maui::prove {

enum class Cmp { Lt, Le, Eq, Ge, Gt };
std::string_view to_string(Cmp);  // "<", "<=" ...

enum class JobAttr { QueueTime, Walltime, Procs, XFactor };
std::string_view to_string(JobAttr);  // "queuetime" ...

// `queuetime < 24:00:00`: durations in seconds, procs a count, xfactor a number.
struct Condition {
  JobAttr attr = JobAttr::QueueTime;
  Cmp op = Cmp::Lt;
  double value = 0;
  std::string text;  // as written
};

struct CredentialConstraint {
  ir::CredKind kind = ir::CredKind::User;
  std::string name;
  unsigned column = 0;  // of the name, for the unknown-name warning
};

// `job(qos=hiprio, procs <= 4)`; `job` or `job()` is any job.
struct JobPattern {
  std::vector<CredentialConstraint> credentials;
  std::vector<Condition> conditions;
  std::string text;  // as written
};

enum class AssertionKind { Outranks, Share, Bound };
std::string_view to_string(AssertionKind);  // "outranks", "share", "bound"

struct Assertion {
  AssertionKind kind = AssertionKind::Bound;
  unsigned line = 0, column = 0;  // of `assert`
  std::string text;               // the statement as written (without a trailing comment)
  // outranks: higher > lower (or >=). share / bound: jobs[0] is the job of the quantity.
  std::vector<JobPattern> jobs;
  bool or_equal = false;
  // share / bound: component(C) or priority(...), compared with `value` (share: percent).
  bool of_component = false;
  ir::PriorityComponent component = ir::PriorityComponent::Cred;
  Cmp op = Cmp::Le;
  double value = 0;
  // Conditions every job of the assertion meets.
  std::vector<Condition> when;
};

struct AssertionFile {
  std::string path;
  std::vector<Assertion> assertions;  // the good lines, in order
  std::vector<std::string> errors;    // one per bad line, located, in order
};

// Parses `text` as the assertions file `path` (the name used in messages).
AssertionFile parse_assertions(std::string_view text, const std::string& path);
// Reads and parses a file; an unreadable file is one error.
// An assertions file is small text, like a config: at most this much is read.
inline constexpr std::uint64_t kMaxAssertionBytes = 64ull << 20;
AssertionFile read_assertions(const std::string& path);

}  // namespace maui::prove
