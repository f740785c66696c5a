// Reading a whole input file (a trace, a snapshot, an assertions file, a baseline, a config on
// standard input) with a size limit: a FIFO, a device such as /dev/zero or a runaway file must end
// in an error that says so, never in exhausted memory.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "schemas/problem.h"

namespace maui {

struct InputFile {
  std::string text;
  // None when read; else a problem with the file as a whole (file: the path as given, line 0):
  // "No such file or directory", "it is larger than 64 MB", ...
  std::optional<Problem> error;
};

// The whole of `path` ("-": standard input), at most `max_bytes`.
InputFile read_input_file(const std::string& path, std::uint64_t max_bytes);

}  // namespace maui
