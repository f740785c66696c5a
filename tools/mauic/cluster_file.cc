// Reading --cluster JOBS.json for mauic check and mauic migrate (cluster_file.h).
#include "tools/mauic/cluster_file.h"

#include <cstdint>

#include "llvm/Support/raw_ostream.h"
#include "runtime/io/jobs_json.h"
#include "schemas/input_file.h"

namespace maui::tools {

bool load_cluster(const std::string& path, std::vector<runtime::Node>& nodes) {
  constexpr std::uint64_t kMaxSnapshotBytes = 1ull << 30;  // as mauirun's --jobs
  InputFile json = read_input_file(path, kMaxSnapshotBytes);
  if (json.error) {
    llvm::errs() << "mauic: cannot read '" << path << "': " << json.error->message << "\n";
    return false;
  }
  auto file = runtime::parse_jobs_json(path, json.text);
  // Located at the value concerned (path:line:col: error: jobs[3].procs: ...).
  for (const auto& e : file.errors) llvm::errs() << to_text(e) << "\n";
  if (!file.errors.empty()) return false;
  if (file.snapshot.nodes.empty()) {
    llvm::errs() << to_text({path, 0, 0, Severity::Error,
                             "nodes: expected the cluster's nodes (--cluster uses only them), found none"})
                 << "\n";
    return false;
  }
  nodes = std::move(file.snapshot.nodes);
  return true;
}

}  // namespace maui::tools
