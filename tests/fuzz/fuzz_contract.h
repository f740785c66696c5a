// What the fuzz targets share: a broken contract traps, so that libFuzzer saves the input.
#pragma once

#include <cstdio>

namespace maui::fuzz {

[[noreturn]] inline void fail(const char* target, const char* what) {
  std::fprintf(stderr, "%s: contract violated: %s\n", target, what);
  std::fflush(stderr);
  __builtin_trap();
}

}  // namespace maui::fuzz
