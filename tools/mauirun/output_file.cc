#include "tools/mauirun/output_file.h"

#include <cerrno>
#include <cstring>
#include <fstream>

#include "llvm/Support/raw_ostream.h"

namespace maui::tools {

bool write_output_file(const std::string& path, std::string_view text) {
  if (path == "-") {
    llvm::outs() << text;  // an error there is reported at exit (tools/standard_output.h)
    return true;
  }
  errno = 0;
  std::ofstream out(path, std::ios::binary);
  if (out) out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.close();  // what is still buffered may not fit either
  if (out) return true;
  llvm::errs() << "mauirun: cannot write '" << path << "'" << (errno ? ": " : "") << (errno ? std::strerror(errno) : "")
               << "\n";
  return false;
}

}  // namespace maui::tools
