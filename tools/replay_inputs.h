// What the commands that replay a workload read (mauirun simulate / compare / report / trace
// convert, mauic diff --simulate): a config compiled for running and a trace (SWF or a Slurm
// accounting export, runtime/io/workload.h). Every problem is said on standard error, located
// (`file:line:col: error: ...`); the caller exits 2 when nothing can be replayed.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "parser/lower.h"
#include "runtime/io/swf.h"

namespace maui::tools {

// Null when the config cannot be read (its diagnostics printed); lines in error are noted once
// and ignored, as the engine runs on what the compiler understood.
std::unique_ptr<Compilation> load_run_config(const std::string& path, std::string_view tool);

// Null on an I/O error (said). Bad lines are printed as errors and counted; sacct's notes (jobs
// that never started, jobs still running) as notes, at most `max_notes` of them and a count.
std::optional<runtime::Trace> load_workload(const std::string& path, const runtime::TraceReadOptions& options,
                                            std::string_view tool, std::size_t max_notes = 10);

}  // namespace maui::tools
