#include "tools/replay_inputs.h"

#include <fmt/format.h>

#include "checker/pipeline.h"
#include "checker/report.h"
#include "llvm/Support/raw_ostream.h"
#include "runtime/io/workload.h"
#include "tools/standard_output.h"

namespace maui::tools {

std::unique_ptr<Compilation> load_run_config(const std::string& path, std::string_view tool) {
  auto config = checker::check_file(path);
  if (!config->loaded) {
    checker::render_text(llvm::errs(), *config, false);
    return nullptr;
  }
  std::size_t errors = 0;
  for (const auto& d : config->diagnostics.diagnostics()) errors += d.severity == Severity::Error;
  if (errors)
    llvm::errs() << fmt::format("{}: note: {} has {} error{} (see 'mauic lint {}'); the lines in error are ignored\n",
                                tool, path, errors, errors == 1 ? "" : "s", path);
  return config;
}

std::optional<runtime::Trace> load_workload(const std::string& path, const runtime::TraceReadOptions& options,
                                            std::string_view tool, std::size_t max_notes) {
  auto loaded = runtime::read_workload(path, options);
  const runtime::Trace& trace = loaded.trace;
  if (loaded.error) {
    // Nothing to replay. A file that is no trace at all (a config, random bytes) has an error on
    // every line: the first few show what it is.
    constexpr std::size_t kShown = 5;
    for (std::size_t i = 0; i < trace.problems.size() && i < kShown; ++i)
      llvm::errs() << to_text(trace.problems[i]) << "\n";
    if (trace.problems.size() > kShown)
      llvm::errs() << fmt::format("{}: ... and {} more lines in error\n", tool, trace.problems.size() - kShown);
    llvm::errs() << tool << ": " << loaded.error->message << "\n";
    return std::nullopt;
  }
  BufferedStandardError err;  // a long trace may have a bad line by the thousand
  for (const auto& p : trace.problems) err << to_text(p) << "\n";
  for (std::size_t i = 0; i < trace.notes.size() && i < max_notes; ++i) err << to_text(trace.notes[i]) << "\n";
  if (trace.notes.size() > max_notes)
    err << fmt::format("{}: note: {} more notes like these in {}\n", tool, trace.notes.size() - max_notes, path);
  if (!trace.problems.empty())
    err << fmt::format("{}: {} trace line{} skipped\n", tool, trace.problems.size(),
                       trace.problems.size() == 1 ? "" : "s");
  if (trace.format == "sacct")
    err << fmt::format(
        "{}: {}: {} jobs read from Slurm accounting; {} job steps skipped, {} jobs never started (not "
        "replayed), {} had not ended (replayed with the time they had run)\n",
        tool, path, trace.jobs.size(), trace.steps_skipped, trace.never_started, trace.still_running);
  return std::move(loaded.trace);
}

}  // namespace maui::tools
