// Writing a whole output file (a CSV, an HTML report, an SWF trace), or standard output for "-":
// false, and said on standard error, when it cannot be written whole.
#pragma once

#include <string>
#include <string_view>

namespace maui::tools {

bool write_output_file(const std::string& path, std::string_view text);

}  // namespace maui::tools
