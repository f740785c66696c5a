// A trace written as SWF (`mauirun trace convert`), for other simulators: a Slurm accounting
// export becomes a Parallel Workloads Archive trace. Users, groups and classes (Slurm
// partitions) are numbered in name order and the numbers' names listed in `; Note:` header
// lines; accounts and QOS have no SWF field and are left out. Jobs in submission order.
#pragma once

#include <iosfwd>
#include <string>

#include "runtime/io/swf.h"

namespace maui::runtime {

// Fields: 1 job number, 2 submit, 3 the recorded wait, 4 the run time as replayed (at most
// the wallclock limit), 5 and 8 procs, 9 the wallclock limit (-1 when the trace had none), 10
// memory per proc, 11 status, 12 user, 13 group, 15 queue (class); the others -1. Reading the
// output with read_swf gives the same jobs, credentials renamed u<N> / g<N> / q<N>.
void write_swf(std::ostream& out, const Trace& trace, const std::string& source);

}  // namespace maui::runtime
