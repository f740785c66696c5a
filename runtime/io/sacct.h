// Slurm accounting as a workload: the output of `sacct --parsable2 --allusers` read as a trace
// (docs/sacct.md), so that a Slurm site replays its own recent jobs. One line per job or job
// step, fields separated by `|`, the first line naming the columns (any order, any extra
// columns). Job steps (`123.batch`, `123.0`) are skipped; a job that never started (no Start)
// is not replayed and a job still running is replayed with the time it had run, each with a
// note; a line that is not a usable job is a Problem (schemas/problem.h) located at its field, and the lines
// after it are still read.
//
// Conventions: the run time is Elapsed (else End - Start), the wallclock limit Timelimit
// (UNLIMITED or Partition_Limit: the run time, as SWF's "no requested time"), the procs NCPUS
// (else AllocCPUS, else ReqCPUS); users, groups and accounts keep their names, the Slurm
// partition becomes the job's class (Maui's class is Slurm's partition) and QOS the QOS it asks
// for. The job's number is JobIDRaw when exported, else JobID. Times are the local clock sacct
// printed, read in a fixed offset when given, else in the time zone of this machine (TZ).
#pragma once

#include <string>
#include <string_view>

#include "runtime/io/swf.h"

namespace maui::runtime {

// True when the first line of a file is a sacct header (`JobID|...`): fields separated by `|`,
// one of which is JobID or JobIDRaw.
bool is_sacct_header(std::string_view line);

Trace parse_sacct(std::string_view text, const std::string& name, const TraceReadOptions& options = {});
TraceReadResult read_sacct(const std::string& path, const TraceReadOptions& options = {});

}  // namespace maui::runtime
