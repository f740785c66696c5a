#include "runtime/rm/sim/run_log.h"

#include <ostream>
#include <unordered_map>

#include <fmt/format.h>

namespace maui::runtime {

bool RunLog::record(const RunEvent& e) {
  if (e.kind == RunEvent::Kind::Start) {
    JobRun run{e.job, e.at, std::nullopt, {}};
    run.nodes.reserve(e.nodes.size());
    for (std::size_t k = 0; k < e.nodes.size(); ++k)
      run.nodes.emplace_back(e.nodes[k], k < e.tasks.size() ? e.tasks[k] : 0);
    runs_.push_back(std::move(run));
    return true;
  }
  // The job's open run is its latest one: a job runs at most once at a time.
  for (auto it = runs_.rbegin(); it != runs_.rend(); ++it)
    if (it->job == e.job) {
      if (it->requeued) return false;
      it->requeued = e.at;
      return true;
    }
  return false;
}

bool RunLog::move_start(std::int64_t job, Epoch at) {
  for (auto it = runs_.rbegin(); it != runs_.rend(); ++it)
    if (it->job == job) {
      it->start = at;
      return true;
    }
  return false;
}

void write_runs_csv(std::ostream& out, const std::vector<JobRun>& runs, const std::vector<JobOutcome>& jobs) {
  std::unordered_map<std::int64_t, Epoch> end_of;
  for (const auto& j : jobs)
    if (j.start) end_of[j.number] = j.end;
  fmt::memory_buffer buffer;
  buffer.append(std::string_view("job,start,end,how,nodes\n"));
  for (const JobRun& run : runs) {
    std::optional<Epoch> end = run.requeued;
    if (auto it = end_of.find(run.job); !end && it != end_of.end()) end = it->second;
    fmt::format_to(std::back_inserter(buffer), "{},{},{},{},", run.job, run.start, end ? fmt::format("{}", *end) : "",
                   run.requeued ? "requeued" : "ended");
    for (std::size_t k = 0; k < run.nodes.size(); ++k)
      fmt::format_to(std::back_inserter(buffer), "{}{}:{}", k ? " " : "", run.nodes[k].first, run.nodes[k].second);
    buffer.push_back('\n');
    if (buffer.size() >= (1u << 16)) {  // bounded memory for long traces
      out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
      buffer.clear();
    }
  }
  out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
}

}  // namespace maui::runtime
