#include "checker/pipeline.h"
#include "checker/report.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "schemas/ir_json.h"
#include "tools/mauic/commands.h"

namespace maui::tools {

int compile_command(const CompileOptions& options) {
  auto unit = checker::check_file(options.file);
  checker::render_text(llvm::errs(), *unit, use_color(options.color, false));
  if (!unit->loaded) return kExitUsage;

  std::string json = ir::to_json(unit->policy);
  if (options.output == "-") {
    llvm::outs() << json;
  } else {
    std::error_code ec;
    llvm::raw_fd_ostream out(options.output, ec, llvm::sys::fs::OF_Text);
    if (ec) {
      llvm::errs() << "mauic: cannot write '" << options.output << "': " << ec.message() << "\n";
      return kExitUsage;
    }
    out << json;
  }
  return unit->diagnostics.has_errors() ? kExitFindings : kExitClean;
}

}  // namespace maui::tools
