// The mauirun subcommands. Each returns the process exit code: 0 done, 1 findings (a queued
// job that is not eligible), 2 usage or input error (unreadable or invalid config, JOBS.json
// or FS file).
#pragma once

#include <optional>
#include <string>

namespace maui::tools {

enum class RunFormat { Text, Json };

inline constexpr int kRunOk = 0;
inline constexpr int kRunFindings = 1;
inline constexpr int kRunInputError = 2;

struct RunOptions {
  std::string config;
  std::string jobs;    // JOBS.json ("" when the command takes none)
  std::string fs_dir;  // "" = no fairshare data
  std::optional<long long> now;
  RunFormat format = RunFormat::Text;
  std::string job;  // priority: also print this job's full breakdown
};

int priority_command(const RunOptions& options);
int fairshare_command(const RunOptions& options);
int eligible_command(const RunOptions& options);

}  // namespace maui::tools
