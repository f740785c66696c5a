// A workload file, whatever it holds: an SWF trace (runtime/io/swf.h) or a Slurm accounting
// export (runtime/io/sacct.h), told apart by its first line that is not blank: sacct's header
// (`JobID|...`) or anything else, which is read as SWF. Plain or gzip alike.
#pragma once

#include <string>

#include "runtime/io/swf.h"

namespace maui::runtime {

TraceReadResult read_workload(const std::string& path, const TraceReadOptions& options = {});

}  // namespace maui::runtime
