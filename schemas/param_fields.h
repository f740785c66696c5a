// The plain-text fields of a parameter table row that both generated references show (the Markdown
// page docs/parameters.md and the maui.cfg(5) man page), so that the two say the same thing.
#pragma once

#include <string>

#include "schemas/schema.h"

namespace maui::schema {

// Where a row applies: the families of an attribute, the index form of a parameter ("[partition]",
// "required", ...); "" when it is a plain parameter.
std::string row_where(const Row& row);

// An attribute's properties: "takes [CRED[:id]], override, idle limit, ..."; "" when none.
std::string row_attribute_notes(const Row& row);

}  // namespace maui::schema
