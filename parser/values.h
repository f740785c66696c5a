// Value parsers of maui.cfg's own value types: one per schema::ValueType, shared by scalar
// parameters and *CFG attributes. Those whose syntax the runtime reads too (integers, durations,
// host lists, access lists, item lists) are in schemas/value_syntax.h, below the parser and the
// runtime alike; the ones here are built from them and from its pieces.
//
// A parser reads the text of one value and returns the typed value (or nothing when the text
// is not a value of that type) plus located issues (offset into the text). Where the manual
// and Maui 3.3.1 read a value differently, the parser returns the manual's reading and an issue
// that says what Maui 3.3.1 would do (docs/semantics.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "schemas/ir.h"
#include "schemas/ir_names.h"
#include "schemas/value_syntax.h"

namespace maui::values {

// One of an IR enum's values (schemas/ir_names.h: BACKFILLPOLICY's FIRSTFIT, ...), read
// case-insensitively as the scalar's binding always read them (`mauic lint` says where Maui 3.3.1
// reads the case differently: wrong-case); nullopt when the text names none.
template <class E>
std::optional<E> parse_choice(std::string_view text) {
  const auto names = ir::enum_names<E>();
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string_view name = names[i];
    if (name.size() != text.size()) continue;
    bool same = true;
    for (std::size_t k = 0; k < name.size() && same; ++k) same = ascii_upper(text[k]) == name[k];
    if (same) return static_cast<E>(i);
  }
  return std::nullopt;
}

Result<double> parse_double(std::string_view text);
Result<bool> parse_boolean(std::string_view text);

// HH[:MM[:SS]][_MO[/DD[/YY]]] absolute time; kept as written (seconds since midnight in value).
Result<ir::Seconds> parse_datetime(std::string_view text);

// Throttling limit SOFT[,HARD]; a single value sets both. `time_valued` limits (MAXWC) accept
// durations; Maui 3.3.1 reads every *CFG limit with strtol (issue compat-limit-time-format).
Result<ir::Limit> parse_limit(std::string_view text, bool time_valued);

// FSTARGET: number with an optional marker + - ^ %.
Result<ir::FairshareTarget> parse_fairshare_target(std::string_view text);

// QLIST / PLIST: names separated by ',' or ':', with an '&' (AND) or '^' (ONLY) marker.
Result<ir::NameList> parse_name_list(std::string_view text);

// RESOURCES=PROCS:2;MEM:512 (items separated by ',' '+' ';', name and value by ':' or '=').
Result<ir::TaskResources> parse_resources(std::string_view text);

// DAYS: Mon,Tue,... (any case, any separator) or ALL / [ALL]; bit 0 = Sunday.
Result<std::uint8_t> parse_days(std::string_view text);

}  // namespace maui::values
