// mauic: the maui.cfg compiler and checker.
//
// All llvm::cl options live in this file (they register globally); the subcommands are plain
// functions in *_command.cc.
#include <cstdlib>

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"
#include "schemas/ir.h"
#include "tools/mauic/commands.h"
#include "tools/standard_output.h"

using namespace llvm;
using namespace maui::tools;
namespace ir = maui::ir;

namespace {

cl::OptionCategory category("mauic options");

cl::SubCommand compile_sub("compile", "Compile a maui.cfg into the typed policy IR (JSON)");
cl::SubCommand lint_sub("lint", "Check maui.cfg files and report findings");
cl::SubCommand explain_sub("explain", "Explain a parameter or attribute: meaning, type, default, Maui 3.3.1 notes");
cl::SubCommand annotate_sub("annotate", "Print every line of a maui.cfg with its effective value and provenance");
cl::SubCommand check_sub("check",
                         "Prove properties of a maui.cfg with Z3 (PROVED / VIOLATED with a witness / UNKNOWN)");
cl::SubCommand diff_sub("diff", "Compare two maui.cfg files: structural and semantic (access) changes");
cl::SubCommand migrate_sub("migrate",
                           "Carry a maui.cfg's policy into Slurm: slurm.conf lines, sacctmgr and scontrol commands, "
                           "MIGRATION.md");

cl::opt<std::string> compile_file(cl::Positional, cl::desc("<maui.cfg>"), cl::Required, cl::sub(compile_sub),
                                  cl::cat(category));
cl::opt<std::string> compile_output("o", cl::desc("Write the IR to <file> ('-' = standard output)"),
                                    cl::value_desc("file"), cl::init("-"), cl::sub(compile_sub), cl::cat(category));

cl::list<std::string> lint_files(cl::Positional, cl::desc("<maui.cfg>..."), cl::OneOrMore, cl::sub(lint_sub),
                                 cl::cat(category));
cl::opt<OutputFormat> lint_format(
    "format", cl::desc("Output format"), cl::init(OutputFormat::Text),
    cl::values(clEnumValN(OutputFormat::Text, "text", "file:line:col diagnostics with a caret"),
               clEnumValN(OutputFormat::Json, "json", "JSON, {\"version\":1,\"diagnostics\":[...]}"),
               clEnumValN(OutputFormat::Sarif, "sarif", "SARIF 2.1.0 (GitHub code scanning)")),
    cl::sub(lint_sub), cl::cat(category));
cl::opt<maui::Severity> lint_fail_on("fail-on", cl::desc("Exit 1 when a finding has at least this severity"),
                                     cl::init(maui::Severity::Error),
                                     cl::values(clEnumValN(maui::Severity::Error, "error", "errors only (default)"),
                                                clEnumValN(maui::Severity::Warning, "warning", "warnings and errors")),
                                     cl::sub(lint_sub), cl::cat(category));

cl::opt<ColorMode> color_mode(
    "color", cl::desc("Colour the text diagnostics"), cl::init(ColorMode::Auto),
    cl::values(clEnumValN(ColorMode::Auto, "auto", "when writing to a terminal and NO_COLOR is unset"),
               clEnumValN(ColorMode::Always, "always", "always"), clEnumValN(ColorMode::Never, "never", "never")),
    cl::sub(lint_sub), cl::sub(compile_sub), cl::sub(check_sub), cl::cat(category));

cl::opt<std::string> explain_name(cl::Positional, cl::desc("<NAME>"), cl::Required, cl::sub(explain_sub),
                                  cl::cat(category));

cl::opt<std::string> annotate_file(cl::Positional, cl::desc("<maui.cfg>"), cl::Required, cl::sub(annotate_sub),
                                   cl::cat(category));

cl::opt<std::string> check_file(cl::Positional, cl::desc("<maui.cfg>"), cl::Required, cl::sub(check_sub),
                                cl::cat(category));
cl::opt<OutputFormat> check_format(
    "format", cl::desc("Output format"), cl::init(OutputFormat::Text),
    cl::values(clEnumValN(OutputFormat::Text, "text", "results with the blamed lines as notes"),
               clEnumValN(OutputFormat::Json, "json", "JSON, {\"version\":1,\"results\":[...]}"),
               clEnumValN(OutputFormat::Sarif, "sarif", "SARIF 2.1.0 (GitHub code scanning)")),
    cl::sub(check_sub), cl::cat(category));
cl::opt<unsigned> check_timeout("timeout-ms", cl::desc("Time limit of each solver query (0 = none)"), cl::init(10000),
                                cl::value_desc("N"), cl::sub(check_sub), cl::cat(category));
cl::opt<std::string> check_smtlib("print-smtlib", cl::desc("Write every solver query as SMT-LIB into <dir>"),
                                  cl::value_desc("dir"), cl::sub(check_sub), cl::cat(category));
cl::opt<std::string> check_assert(
    "assert", cl::desc("Also prove the priority assertions of <file> (docs/check.md, \"Assertions\")"),
    cl::value_desc("file"), cl::sub(check_sub), cl::cat(category));
cl::opt<std::string> check_baseline("baseline", cl::desc("Report only findings that are not in this SARIF file"),
                                    cl::value_desc("file.sarif"), cl::sub(check_sub), cl::cat(category));
cl::opt<std::string> check_cluster("cluster",
                                   cl::desc("Prove the properties on the nodes of this JOBS.json (docs/jobs-json.md) "
                                            "instead of the config's NODECFG nodes"),
                                   cl::value_desc("JOBS.json"), cl::sub(check_sub), cl::cat(category));
cl::opt<CheckFailOn> check_fail_on("fail-on", cl::desc("Exit 1 on a VIOLATED result of at least this severity"),
                                   cl::init(CheckFailOn::Error),
                                   cl::values(clEnumValN(CheckFailOn::Error, "error", "errors only (default)"),
                                              clEnumValN(CheckFailOn::Warning, "warning", "warnings and errors"),
                                              clEnumValN(CheckFailOn::Unknown, "unknown",
                                                         "every VIOLATED result; exit 3 on UNKNOWN ones")),
                                   cl::sub(check_sub), cl::cat(category));

cl::list<std::string> diff_files(cl::Positional, cl::desc("<old.cfg> <new.cfg>"), cl::OneOrMore, cl::sub(diff_sub),
                                 cl::cat(category));
cl::opt<OutputFormat> diff_format(
    "format", cl::desc("Output format"), cl::init(OutputFormat::Text),
    cl::values(clEnumValN(OutputFormat::Text, "text", "a plan-style summary and the changes"),
               clEnumValN(OutputFormat::Json, "json", "JSON, {\"version\":1,\"changes\":[...]}"),
               clEnumValN(OutputFormat::Sarif, "sarif", "SARIF 2.1.0 (GitHub code scanning)")),
    cl::sub(diff_sub), cl::cat(category));
cl::opt<bool> diff_fail_on_new_access("fail-on-new-access", cl::desc("Exit 1 when the new config grants anything new"),
                                      cl::sub(diff_sub), cl::cat(category));

cl::opt<std::string> diff_simulate("simulate",
                                   cl::desc("Also replay this trace (SWF or a Slurm accounting export) under both "
                                            "configs and show who waits more and who less"),
                                   cl::value_desc("FILE"), cl::sub(diff_sub), cl::cat(category));
cl::opt<long long> diff_nodes("nodes", cl::desc("With --simulate: N identical nodes (default: each config's NODECFG)"),
                              cl::value_desc("N"), cl::init(0), cl::sub(diff_sub), cl::cat(category));
cl::opt<long long> diff_procs("procs-per-node", cl::desc("With --simulate: procs of each of the --nodes nodes"),
                              cl::value_desc("P"), cl::init(1), cl::sub(diff_sub), cl::cat(category));

cl::opt<std::string> migrate_file(cl::Positional, cl::desc("<maui.cfg>"), cl::Required, cl::sub(migrate_sub),
                                  cl::cat(category));
cl::opt<MigrateTarget> migrate_to("to", cl::desc("The scheduler to migrate to"), cl::Required,
                                  cl::values(clEnumValN(MigrateTarget::Slurm, "slurm", "Slurm 22.05 with accounting")),
                                  cl::sub(migrate_sub), cl::cat(category));
cl::opt<std::string> migrate_output("o",
                                    cl::desc("Write slurm.conf, sacctmgr.sh, scontrol.sh and MIGRATION.md into <dir>"),
                                    cl::value_desc("dir"), cl::Required, cl::sub(migrate_sub), cl::cat(category));
cl::opt<OutputFormat> migrate_format(
    "format", cl::desc("Output format of the report on standard output"), cl::init(OutputFormat::Text),
    cl::values(clEnumValN(OutputFormat::Text, "text", "the settings that do not carry over as they are, a summary"),
               clEnumValN(OutputFormat::Json, "json", "JSON, {\"version\":1,\"settings\":[...]}")),
    cl::sub(migrate_sub), cl::cat(category));
cl::opt<std::string> migrate_cluster("cluster",
                                     cl::desc("Place partitions and reservations on the nodes of this JOBS.json "
                                              "(docs/jobs-json.md)"),
                                     cl::value_desc("JOBS.json"), cl::sub(migrate_sub), cl::cat(category));
cl::opt<std::string> migrate_partition_map("partition-map",
                                           cl::desc("The Slurm partition of a class, where the names differ"),
                                           cl::value_desc("CLASS=PART,..."), cl::sub(migrate_sub), cl::cat(category));

void print_version(raw_ostream& os) { os << "mauic " << MAUI_VERSION << " (maui.cfg compiler and checker)\n"; }

}  // namespace

int main(int argc, char** argv) {
  InitLLVM init(argc, argv);
  check_standard_output_at_exit("mauic");
  cl::HideUnrelatedOptions(category);
  cl::SetVersionPrinter(print_version);
  // A usage error must exit 2 (not cl's default 1): pass an error stream and check the result.
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "mauic: compile, lint and explain Maui scheduler configurations\n\n"
          "  mauic compile FILE [-o OUT]\n"
          "  mauic lint FILE... [--format text|json|sarif] [--fail-on error|warning]\n"
          "  mauic explain NAME\n"
          "  mauic annotate FILE\n"
          "  mauic check FILE [--format text|json|sarif] [--timeout-ms N] [--print-smtlib DIR]\n"
          "              [--assert FILE] [--baseline FILE.sarif] [--cluster JOBS.json]\n"
          "              [--fail-on error|warning|unknown]\n"
          "  mauic diff OLD NEW [--format text|json|sarif] [--fail-on-new-access]\n"
          "             [--simulate FILE [--nodes N --procs-per-node P]]\n"
          "  mauic migrate --to slurm FILE -o DIR [--format text|json] [--cluster JOBS.json]\n"
          "                [--partition-map CLASS=PART,...]\n\n"
          "Exit status: 0 clean, 1 findings at or above --fail-on, 2 usage or I/O error,\n"
          "3 (check --fail-on unknown) a property could not be decided; migrate: 0 all mapped,\n"
          "1 something approximated or not expressible, 2 usage or input error.\n",
          &errs()))
    return kExitUsage;

  if (compile_sub) return compile_command({compile_file, compile_output, color_mode});
  if (lint_sub) return lint_command({lint_files, lint_format, lint_fail_on, color_mode});
  if (explain_sub) return explain_command(explain_name);
  if (annotate_sub) return annotate_command(annotate_file);
  if (check_sub)
    return check_command({check_file, check_format, check_timeout, check_smtlib, check_assert, check_baseline,
                          check_cluster, check_fail_on, color_mode});
  if (diff_sub) {
    if (diff_files.size() != 2) {
      errs() << "mauic diff: expected two files, OLD and NEW (got " << diff_files.size() << ")\n";
      return kExitUsage;
    }
    if (diff_nodes < 0 || diff_nodes > ir::kMaxNodes || diff_procs < 1 || diff_procs > ir::kMaxProcs) {
      errs() << "mauic diff: expected --nodes from 0 to " << ir::kMaxNodes << " and --procs-per-node from 1 to "
             << ir::kMaxProcs << "\n";
      return kExitUsage;
    }
    return diff_command(
        {diff_files[0], diff_files[1], diff_format, diff_fail_on_new_access, diff_simulate, diff_nodes, diff_procs});
  }
  if (migrate_sub)
    return migrate_command(
        {migrate_file, migrate_to, migrate_output, migrate_format, migrate_cluster, migrate_partition_map});
  errs()
      << "mauic: expected a subcommand: compile, lint, explain, annotate, check, diff or migrate (see mauic --help)\n";
  return kExitUsage;
}
