// The policy IR as JSON: the documented, versioned interchange form of a compiled maui.cfg
// (`mauic compile`, admins' own tooling). The format is described by
// schemas/policy.schema.json; Policy::kVersion is its "version".
//
// This header deliberately does not include llvm/Support/JSON.h (clang-14 cannot parse it in
// C++20 mode, see the build notes), so tools and tests can include it freely.
#pragma once

#include <optional>
#include <string>

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include "schemas/ir.h"
#include "schemas/problem.h"

namespace maui::ir {

// Deterministic: the same policy always gives the same bytes. Maps are written in their
// (sorted) order, vectors in stored order, object keys in a fixed order with "version" first.
// `pretty` indents by two spaces; otherwise the document is one line.
// Two things do not survive the trip: bytes that are not valid UTF-8 (JSON strings are UTF-8;
// they become U+FFFD), and a map key that differs from its value's own id / name (credentials,
// standing reservations, nodes, resource managers are written as their values only).
std::string to_json(const Policy& policy, bool pretty = true);

// The same bytes written to `stream` as they are produced, in pieces of up to 64 KiB, without
// holding the whole document (30 MB for a 100,000-line site: most of `mauic compile`'s memory
// above `mauic lint`'s). The stream's errors are the caller's to check.
void write_json(const Policy& policy, llvm::raw_ostream& stream, bool pretty = true);

// Reads what to_json writes: from_json(to_json(p)) == p. Anything else (not JSON, another
// version, a missing / unknown / mistyped member) is an error whose message names the JSON path,
// e.g. `credentials[3].active.proc: expected an object`, as a Problem (schemas/problem.h): at
// its line and column when the text is not JSON the tools accept, without a line otherwise.
struct PolicyFromJson {
  std::optional<Policy> policy;  // none when the text is not a policy
  Problem problem;               // why not
  explicit operator bool() const { return policy.has_value(); }
  const Policy& operator*() const { return *policy; }
  const Policy* operator->() const { return &*policy; }
};
PolicyFromJson from_json(llvm::StringRef text);

}  // namespace maui::ir
