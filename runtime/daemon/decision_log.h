// One line per decision and per event of `mauirun serve`, with its reason: as text (serve.log
// in the state directory, and standard error) and as JSON lines (serve.jsonl), for admins and
// for their tools.
//
//   2026-11-27T03:50:47Z start job 12 on n1:4,n2:2: priority 1100 (backfill)
//   {"time":1795753847,"event":"start","job":"12","nodes":[["n1",4],["n2",2]],"reason":"priority 1100 (backfill)"}
//
// A log that cannot be written (a full disk) never stops the daemon: the line still goes to
// standard error, and the failure is said there once, then again when writing works again.
// Each file has a size bound: past it, the file becomes NAME.1 (the one before is dropped) and a
// new one begins, so that the logs never take more than twice the bound each of the disk the
// state is saved on.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/engine/model.h"

namespace maui::runtime {

struct LogLine {
  Epoch time = 0;
  std::string event;  // start, reservation, hold, cancel, preempt, refused, started, start-failed, defer, ...
  std::string job;    // or empty
  std::vector<std::pair<std::string, std::int64_t>> nodes;  // name, tasks
  std::string reason;
  std::vector<std::pair<std::string, std::string>> fields;  // more, as text
};

// "2026-11-27T03:50:47Z start job 12 on n1:4,n2:2: priority 1100 (backfill)"
std::string log_text(const LogLine& line);
// {"time":...,"event":...,"job":...,"nodes":[[name,tasks]],"reason":...,<fields>}
std::string log_json(const LogLine& line);

class DecisionLog {
 public:
  explicit DecisionLog(bool to_stderr) : to_stderr_(to_stderr) {}
  // From now on also appends to DIR/serve.log and DIR/serve.jsonl (and audit lines to DIR/audit.log),
  // each at most `max_bytes` before it is rotated (0: no bound).
  void open(const std::string& dir, std::uint64_t max_bytes = kDefaultMaxBytes);
  static constexpr std::uint64_t kDefaultMaxBytes = 16 << 20;
  ~DecisionLog();
  DecisionLog(const DecisionLog&) = delete;
  DecisionLog& operator=(const DecisionLog&) = delete;

  // Both may be called from any thread (the admin socket's thread audits the refusals it gives).
  void write(const LogLine& line);
  // An admin's change through the socket, or its refusal (who, what, when, the outcome): in the
  // logs above and in audit.log, which holds nothing else and is synced to disk line by line.
  void audit(const LogLine& line);
  std::int64_t lost() const { return lost_; }  // lines that could not be written to the files

 private:
  struct File {
    std::string path;
    int fd = -1;
    std::uint64_t size = 0;
  };
  bool open_file(File& f, const std::string& path, int mode);
  void append(File& f, const std::string& text);
  void rotate(File& f);
  void write_locked(const LogLine& line);

  std::mutex mutex_;  // one line at a time, and the counters below
  bool to_stderr_;
  std::uint64_t max_bytes_ = 0;
  File text_, json_, audit_;
  std::int64_t lost_ = 0;
  bool failing_ = false;
};

}  // namespace maui::runtime
