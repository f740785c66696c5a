// The maui.cfg(5) man page, generated from the parameter table like docs/parameters.md: the
// language as the tools read it, then every parameter, *CFG family and attribute.
#pragma once

#include <string>
#include <string_view>

namespace maui::schema {

// The page in roff (man macros). Deterministic: the version and the date (of the release, not of
// the build) are given.
std::string render_config_manpage(std::string_view version, std::string_view date);

}  // namespace maui::schema
