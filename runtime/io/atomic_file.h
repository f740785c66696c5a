// Writing a file so that a crash at any moment leaves the old content or the new one, never a
// torn file: a temporary file beside it, fsync, rename over it, fsync of the directory. With
// `keep_previous`, the file it replaces stays as NAME.prev, so that a reader finding the new
// one damaged (a disk that lied) can fall back to the one before.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "schemas/problem.h"

namespace maui::runtime {

// Returns what went wrong, a problem with the file DIR/NAME as a whole ("cannot write
// '/dir/.name.tmp.123': No space left on device"); on failure the old file is untouched and no
// temporary file is left behind.
std::optional<Problem> write_file_atomically(const std::string& dir, const std::string& name, std::string_view text,
                                             bool keep_previous = false);

}  // namespace maui::runtime
