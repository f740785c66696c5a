// The nodes of a JOBS.json snapshot (docs/jobs-json.md), for the mauic commands that take
// --cluster: `mauic check` proves its properties on them, `mauic migrate` places partitions and
// reservations on them.
#pragma once

#include <string>
#include <vector>

#include "runtime/engine/model.h"

namespace maui::tools {

// The snapshot's nodes; its jobs are read (the file must be valid) but play no part. False,
// said on standard error (located: path:line:col: error: ...), on an error or without nodes.
bool load_cluster(const std::string& path, std::vector<runtime::Node>& nodes);

}  // namespace maui::tools
