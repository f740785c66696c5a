// JOBS.json (docs/jobs-json.md): the nodes and the running and idle jobs of a cluster, with their
// credentials and requests, read into a ClusterSnapshot and written from one. Every problem is
// located at the value it is about (schemas/problem.h) and names its JSON path (`JOBS.json:4:71:
// error: jobs[3].procs: expected a positive integer`); unknown fields are errors too, so that a
// misspelt field never silently means its default.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/engine/model.h"
#include "schemas/problem.h"

namespace maui::runtime {

struct JobsFile {
  ClusterSnapshot snapshot;
  std::optional<Epoch> now;     // the file's "now", if it has one
  std::vector<Problem> errors;  // message: "jobs[3].procs: expected a positive integer"
};

// `name` is the file the problems name.
JobsFile parse_jobs_json(std::string_view name, std::string_view text);

// The snapshot as JOBS.json: everything of it that scheduling reads, which parse_jobs_json reads
// back into an equal snapshot (not the scheduler's hints: Job::allocated_node_hint). Deterministic:
// the fields in the documented order (a field equal to its default left out), the nodes and jobs
// in the snapshot's order, one per line. Names that are not UTF-8 have their bad bytes replaced.
std::string jobs_json_text(const ClusterSnapshot& snapshot);

}  // namespace maui::runtime
