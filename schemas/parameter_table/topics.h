// The parameter table's topics: one function per file of schemas/parameter_table/, each returning
// its rows in the order written. schemas/parameter_table.cc assembles them into the one table.
#pragma once

#include <vector>

#include "schemas/schema.h"

namespace maui::schema::table {

std::vector<Row> core_rows();            // core.cc
std::vector<Row> priority_rows();        // priority.cc
std::vector<Row> fairshare_rows();       // fairshare.cc
std::vector<Row> backfill_rows();        // backfill.cc
std::vector<Row> legacy_rows();          // legacy.cc
std::vector<Row> bank_and_sim_rows();    // bank_and_simulation.cc
std::vector<Row> junk_rows();            // foreign_names.cc
std::vector<Row> foreign_scalar_rows();  // foreign_names.cc
std::vector<Row> family_rows();          // families.cc
std::vector<Row> credential_rows();      // credentials.cc
std::vector<Row> sres_rows();            // standing_reservations.cc
std::vector<Row> node_rows();            // nodes.cc
std::vector<Row> interface_rows();       // interfaces.cc
std::vector<Row> moab_family_rows();     // moab_families.cc

}  // namespace maui::schema::table
