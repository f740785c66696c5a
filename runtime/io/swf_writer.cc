#include "runtime/io/swf_writer.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <numeric>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <llvm/ADT/StringRef.h>

namespace maui::runtime {

namespace {

// Names numbered 1, 2, ... in natural order (u2 before u10); the empty name has none (-1).
class Numbering {
 public:
  void add(const std::string& name) {
    if (!name.empty()) number_.emplace(name, 0);
  }
  void assign() {
    std::vector<std::string> names;
    for (const auto& [name, _] : number_) names.push_back(name);
    std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
      const int c = llvm::StringRef(a).compare_numeric(b);
      return c != 0 ? c < 0 : a < b;
    });
    for (std::size_t i = 0; i < names.size(); ++i) number_[names[i]] = static_cast<std::int64_t>(i) + 1;
    in_order_ = std::move(names);
  }
  std::int64_t of(const std::string& name) const { return name.empty() ? -1 : number_.at(name); }
  const std::vector<std::string>& in_order() const { return in_order_; }

 private:
  std::map<std::string, std::int64_t> number_;
  std::vector<std::string> in_order_;
};

// A header line holds no line break, whatever a name holds.
std::string one_line(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  std::replace(text.begin(), text.end(), '\r', ' ');
  return text;
}

}  // namespace

void write_swf(std::ostream& out, const Trace& trace, const std::string& source) {
  Numbering users, groups, queues;
  for (const TraceJob& j : trace.jobs) users.add(j.user), groups.add(j.group), queues.add(j.job_class);
  users.assign(), groups.assign(), queues.assign();
  std::vector<std::size_t> order(trace.jobs.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return trace.jobs[a].submit < trace.jobs[b].submit; });

  fmt::memory_buffer buf;
  auto it = std::back_inserter(buf);
  fmt::format_to(it, "; Version: 2.2\n");
  fmt::format_to(it, "; Conversion: mauirun trace convert of {} ({})\n", one_line(source),
                 trace.format == "sacct" ? "a Slurm accounting export" : "an SWF trace");
  if (trace.unix_start_time) fmt::format_to(it, "; UnixStartTime: {}\n", *trace.unix_start_time);
  if (trace.time_zone) fmt::format_to(it, "; TimeZone: {}\n", *trace.time_zone);
  fmt::format_to(it, "; MaxJobs: {}\n; MaxRecords: {}\n", trace.jobs.size(), trace.jobs.size());
  if (trace.never_started)
    fmt::format_to(it, "; Note: {} job(s) that never started are left out\n", trace.never_started);
  if (trace.still_running)
    fmt::format_to(it, "; Note: {} job(s) had not ended: their run time is the time they had run\n",
                   trace.still_running);
  auto names = [&](std::string_view what, const Numbering& n) {
    for (std::size_t i = 0; i < n.in_order().size(); ++i)
      fmt::format_to(it, "; Note: {} {} is {}\n", what, i + 1, one_line(n.in_order()[i]));
  };
  names("user", users);
  names("group", groups);
  names("queue", queues);
  for (std::size_t k : order) {
    const TraceJob& j = trace.jobs[k];
    fmt::format_to(it, "{} {} {} {} {} -1 -1 {} {} {} {} {} {} -1 {} -1 -1 -1\n", j.number, j.submit,
                   j.recorded_wait ? *j.recorded_wait : -1, j.run, j.procs, j.procs,
                   j.requested_from_run ? -1 : j.requested, j.memory_kb > 0 ? j.memory_kb : -1, j.status,
                   users.of(j.user), groups.of(j.group), queues.of(j.job_class));
    if (buf.size() >= (1u << 16)) {
      out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
      buf.clear();
    }
  }
  out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
}

}  // namespace maui::runtime
