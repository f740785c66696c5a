// Standard output that cannot be written (a full disk, a device error) is an I/O error the user
// hears of, with exit status 2, instead of the abort llvm::raw_fd_ostream's destructor makes for
// an error nobody looked at. Shared by mauic and mauirun.
#pragma once

#include <unistd.h>

#include <cstdlib>

#include "llvm/Support/raw_ostream.h"

namespace maui::tools {

// Standard error through a buffer, for what comes in many pieces (the diagnostics of a large
// config, the problems of a long trace): llvm::errs() is unbuffered, and a write(2) per piece
// took 22 s for the 31,000 diagnostics of a generated site. Flushed when it goes out of scope.
class BufferedStandardError : public llvm::raw_fd_ostream {
 public:
  BufferedStandardError() : llvm::raw_fd_ostream(STDERR_FILENO, /*shouldClose=*/false) {}
};

inline const char* g_tool_for_output_errors = "";

// Call first in main. The check runs at exit, on every way out (a return from main, exit()
// after --help): registered after llvm::outs() and llvm::errs() exist, it runs before either
// stream is destroyed (exit runs its handlers in the reverse order of their registration).
inline void check_standard_output_at_exit(const char* tool) {
  g_tool_for_output_errors = tool;
  llvm::outs(), llvm::errs();
  std::atexit([] {
    llvm::raw_fd_ostream& out = llvm::outs();
    out.flush();
    if (!out.has_error()) return;
    llvm::errs() << g_tool_for_output_errors << ": cannot write standard output: " << out.error().message() << "\n";
    out.clear_error();
    _exit(2);
  });
}

}  // namespace maui::tools
