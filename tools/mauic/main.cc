// mauic: the maui.cfg compiler and checker.
//
// All llvm::cl options live in this file (they register globally); the subcommands are plain
// functions in *_command.cc.
#include <cstdlib>

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"
#include "tools/mauic/commands.h"

using namespace llvm;
using namespace maui::tools;

namespace {

cl::OptionCategory category("mauic options");

cl::SubCommand compile_sub("compile", "Compile a maui.cfg into the typed policy IR (JSON)");
cl::SubCommand lint_sub("lint", "Check maui.cfg files and report findings");
cl::SubCommand explain_sub("explain", "Explain a parameter or attribute: meaning, type, default, Maui 3.3.1 notes");
cl::SubCommand annotate_sub("annotate", "Print every line of a maui.cfg with its effective value and provenance");

cl::opt<std::string> compile_file(cl::Positional, cl::desc("<maui.cfg>"), cl::Required, cl::sub(compile_sub),
                                  cl::cat(category));
cl::opt<std::string> compile_output("o", cl::desc("Write the IR to <file> ('-' = standard output)"),
                                    cl::value_desc("file"), cl::init("-"), cl::sub(compile_sub), cl::cat(category));

cl::list<std::string> lint_files(cl::Positional, cl::desc("<maui.cfg>..."), cl::OneOrMore, cl::sub(lint_sub),
                                 cl::cat(category));
cl::opt<OutputFormat> lint_format("format", cl::desc("Output format"), cl::init(OutputFormat::Text),
                                  cl::values(clEnumValN(OutputFormat::Text, "text", "file:line:col diagnostics with a caret"),
                                             clEnumValN(OutputFormat::Json, "json", "JSON, {\"version\":1,\"diagnostics\":[...]}"),
                                             clEnumValN(OutputFormat::Sarif, "sarif", "SARIF 2.1.0 (GitHub code scanning)")),
                                  cl::sub(lint_sub), cl::cat(category));
cl::opt<maui::Severity> lint_fail_on("fail-on", cl::desc("Exit 1 when a finding has at least this severity"),
                                     cl::init(maui::Severity::Error),
                                     cl::values(clEnumValN(maui::Severity::Error, "error", "errors only (default)"),
                                                clEnumValN(maui::Severity::Warning, "warning", "warnings and errors")),
                                     cl::sub(lint_sub), cl::cat(category));

cl::opt<ColorMode> color_mode("color", cl::desc("Colour the text diagnostics"), cl::init(ColorMode::Auto),
                              cl::values(clEnumValN(ColorMode::Auto, "auto", "when writing to a terminal and NO_COLOR is unset"),
                                         clEnumValN(ColorMode::Always, "always", "always"),
                                         clEnumValN(ColorMode::Never, "never", "never")),
                              cl::sub(lint_sub), cl::sub(compile_sub), cl::cat(category));

cl::opt<std::string> explain_name(cl::Positional, cl::desc("<NAME>"), cl::Required, cl::sub(explain_sub),
                                  cl::cat(category));

cl::opt<std::string> annotate_file(cl::Positional, cl::desc("<maui.cfg>"), cl::Required, cl::sub(annotate_sub),
                                   cl::cat(category));

void print_version(raw_ostream& os) { os << "mauic " << MAUI_VERSION << " (maui.cfg compiler and checker)\n"; }

}  // namespace

int main(int argc, char** argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::SetVersionPrinter(print_version);
  // A usage error must exit 2 (not cl's default 1): pass an error stream and check the result.
  if (!cl::ParseCommandLineOptions(argc, argv,
                                   "mauic: compile, lint and explain Maui scheduler configurations\n\n"
                                   "  mauic compile FILE [-o OUT]\n"
                                   "  mauic lint FILE... [--format text|json|sarif] [--fail-on error|warning]\n"
                                   "  mauic explain NAME\n"
                                   "  mauic annotate FILE\n\n"
                                   "Exit status: 0 clean, 1 findings at or above --fail-on, 2 usage or I/O error.\n",
                                   &errs()))
    return kExitUsage;

  if (compile_sub) return compile_command({compile_file, compile_output, color_mode});
  if (lint_sub) return lint_command({lint_files, lint_format, lint_fail_on, color_mode});
  if (explain_sub) return explain_command(explain_name);
  if (annotate_sub) return annotate_command(annotate_file);
  errs() << "mauic: expected a subcommand: compile, lint, explain or annotate (see mauic --help)\n";
  return kExitUsage;
}
