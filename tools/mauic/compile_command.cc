#include "checker/pipeline.h"
#include "checker/report.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "schemas/ir_json.h"
#include "tools/mauic/commands.h"
#include "tools/standard_output.h"

namespace maui::tools {

int compile_command(const CompileOptions& options) {
  auto unit = checker::check_file(options.file);
  {
    BufferedStandardError err;
    checker::render_text(err, *unit, use_color(options.color, false));
  }
  if (!unit->loaded) return kExitUsage;

  // Streamed: the document is written as it is produced, never held whole (a 100,000-line
  // site makes 28 MB of JSON).
  if (options.output == "-") {
    ir::write_json(unit->policy, llvm::outs());
  } else {
    std::error_code ec;
    llvm::raw_fd_ostream out(options.output, ec, llvm::sys::fs::OF_Text);
    if (ec) {
      llvm::errs() << "mauic: cannot write '" << options.output << "': " << ec.message() << "\n";
      return kExitUsage;
    }
    ir::write_json(unit->policy, out);
    out.close();
    if (out.has_error()) {
      llvm::errs() << "mauic: cannot write '" << options.output << "': " << out.error().message() << "\n";
      out.clear_error();
      return kExitUsage;
    }
  }
  const int status = unit->diagnostics.has_errors() ? kExitFindings : kExitClean;
  // The process ends here: freeing the IR piece by piece (a large site's is hundreds of
  // thousands of objects, a tenth of the run) would only give the memory back that the exit
  // does. Buried, not leaked: still reachable for leak checkers (clang's -disable-free).
  llvm::BuryPointer(std::move(unit));
  return status;
}

}  // namespace maui::tools
