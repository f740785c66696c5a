// The generated reference page docs/parameters.md: one Markdown table per row kind, built from the
// parameter table so that the page can never disagree with what the tools do.
#pragma once

#include <string>

namespace maui::schema {

// The whole page. Deterministic (table order, no dates), so the committed docs/parameters.md can be
// compared byte for byte with a fresh rendering.
std::string render_parameter_docs();

}  // namespace maui::schema
