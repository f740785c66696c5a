// The mauic subcommands. Each returns the process exit code:
// 0 clean, 1 findings at or above --fail-on, 2 usage or I/O error.
#pragma once

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

// True when diagnostics should be coloured on stderr/stdout (NO_COLOR, TERM=dumb, a TTY).
bool use_color(ColorMode mode, bool to_stdout);

}  // namespace maui::tools
