// The mauic subcommands. Each returns the process exit code:
// 0 clean, 1 findings at or above --fail-on, 2 usage or I/O error.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "parser/diagnostic.h"

namespace maui::tools {

enum class OutputFormat { Text, Json, Sarif };
enum class ColorMode { Auto, Always, Never };

inline constexpr int kExitClean = 0;
inline constexpr int kExitFindings = 1;
inline constexpr int kExitUsage = 2;

struct LintOptions {
  std::vector<std::string> files;
  OutputFormat format = OutputFormat::Text;
  Severity fail_on = Severity::Error;
  ColorMode color = ColorMode::Auto;
};
int lint_command(const LintOptions& options);

struct CompileOptions {
  std::string file;
  std::string output = "-";
  ColorMode color = ColorMode::Auto;
};
int compile_command(const CompileOptions& options);

int explain_command(const std::string& name);

int annotate_command(const std::string& file);

// `mauic check`: --fail-on adds `unknown` (exit 3 when a property could not be decided).
enum class CheckFailOn { Error, Warning, Unknown };
inline constexpr int kExitUnknown = 3;
struct CheckOptions {
  std::string file;
  OutputFormat format = OutputFormat::Text;
  unsigned timeout_ms = 10000;
  std::string smtlib_dir;
  std::string assertions_file;
  std::string baseline;
  std::string cluster;  // --cluster JOBS.json: the nodes the properties are about
  CheckFailOn fail_on = CheckFailOn::Error;
  ColorMode color = ColorMode::Auto;
};
int check_command(const CheckOptions& options);

struct DiffOptions {
  std::string old_file, new_file;
  OutputFormat format = OutputFormat::Text;
  bool fail_on_new_access = false;
  std::string simulate;  // a trace to replay under both configs ("" = none)
  std::int64_t nodes = 0, procs_per_node = 1;
};
int diff_command(const DiffOptions& options);

// `mauic migrate --to slurm`: exit 0 when every setting is mapped (or not needed), 1 when one
// is approximated or not expressible, 2 on a usage or input error (a config with errors).
enum class MigrateTarget { Slurm };
struct MigrateOptions {
  std::string file;
  MigrateTarget to = MigrateTarget::Slurm;
  std::string output;  // -o DIR
  OutputFormat format = OutputFormat::Text;
  std::string cluster;        // --cluster JOBS.json: the nodes of the partitions and reservations
  std::string partition_map;  // --partition-map CLASS=PART,...
};
int migrate_command(const MigrateOptions& options);

// True when diagnostics should be coloured on stderr/stdout (NO_COLOR, TERM=dumb, a TTY).
bool use_color(ColorMode mode, bool to_stdout);

}  // namespace maui::tools
