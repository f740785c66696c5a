// The parameter table: every maui.cfg parameter, *CFG family and *CFG attribute we know of,
// assembled here from its topics (schemas/parameter_table/: one data table per file).
//
// Rows are written grouped by topic (so that related names and their notes sit together and a new
// parameter is easy to place) and sorted once, on first use, by (kind, name, objects); lookups in
// schema.cc binary-search the sorted table. The topics are concatenated in one fixed order before
// that sort, so every consumer (the lowering, lint, `mauic explain`, docs/parameters.md) sees the
// same rows in the same order whichever file a row is written in.
//
// Sources: docs/reference/maui-3.3-semantics.md sections 1, 2, 6.4, 7.3, 12 and 13 for types, code
// defaults and the `maui331` notes; Maui 3.3.1's own list of its scalar names (tests/schema_test.cc
// checks that each has a row); the survey of real configs for Moab-only names and the misspellings
// seen in them. Defaults are the values Maui 3.3.1's code initialises, written as an admin would
// write them in maui.cfg; "" means "unset". Facts only: no Maui code is reused.
#include <algorithm>
#include <span>
#include <tuple>
#include <vector>

#include "schemas/parameter_table/topics.h"
#include "schemas/schema.h"

namespace maui::schema {
namespace {

// Builds the whole table once: the topics in one fixed order, then sorted by (kind, name,
// objects), a total order (no two rows share all three: ParameterTable.NoDuplicateRows).
std::vector<Row> build_table() {
  std::vector<Row> rows;
  for (auto part : {table::core_rows(), table::priority_rows(), table::fairshare_rows(), table::backfill_rows(),
                    table::legacy_rows(), table::bank_and_sim_rows(), table::junk_rows(), table::foreign_scalar_rows(),
                    table::family_rows(), table::credential_rows(), table::sres_rows(), table::node_rows(),
                    table::interface_rows(), table::moab_family_rows()}) {
    rows.insert(rows.end(), part.begin(), part.end());
  }
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    return std::tie(a.kind, a.name, a.objects) < std::tie(b.kind, b.name, b.objects);
  });
  return rows;
}

}  // namespace

std::span<const Row> all_rows() {
  static const std::vector<Row> table = build_table();
  return table;
}

}  // namespace maui::schema
