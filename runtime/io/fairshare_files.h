// FS.<epoch> files: one fairshare window each, in Maui's format (manual 6.3.2.3, reference §5.3:
// docs/reference/maui-3.3-semantics.md).
//
//   # FS Data File (Duration:  86400 seconds)  Starting: Tue Nov 14 00:00:00 2023
//   user                 john      60.000
//   sched                NONE     110.000
//
// Reading accepts the lower-case types Maui writes (user group acct qos class sched) and the
// capitalised ones of the manual's sample file (User Group Account QOS Class TOTAL, `TOTAL
// <usage>` without a name). A line that is neither is reported with its file and line number
// and counted (a problem, schemas/problem.h, at the offending field); it is never dropped silently. Writing is atomic:
// a temporary file, fsync, rename.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/engine/fairshare.h"
#include "schemas/problem.h"

namespace maui::runtime {

struct ParsedFairshareFile {
  FairshareWindow window;
  bool has_total = false;       // a sched / TOTAL line was present
  std::vector<Problem> errors;  // "FS.123:4:6: error: expected ..."
};

// Pure parsing of one file's text; `name` is used in messages, `start` is the window start.
ParsedFairshareFile parse_fairshare_file(std::string_view name, std::string_view text, Epoch start);
// The text Maui would write for a window.
std::string format_fairshare_file(const FairshareWindow& window, Seconds duration);
std::string fairshare_file_name(Epoch start);  // "FS.<start>"

struct FairshareLoad {
  FairshareHistory history;
  std::vector<std::string> files;  // the files read, newest first
  std::vector<Problem> errors;     // located in DIR/FS.<start>
  std::optional<Problem> failure;  // the directory cannot be read at all (file: the directory)
};
// Reads FS.<start> for the FSDEPTH windows that count at `now` (missing files are empty
// windows, as for a new site).
FairshareLoad load_fairshare_dir(const std::string& dir, const FairshareClock& clock, Epoch now);

// Writes one window atomically; returns the problem on failure (runtime/io/atomic_file.h).
std::optional<Problem> write_fairshare_file(const std::string& dir, const FairshareWindow& window, Seconds duration);
// Rolls and saves: drops windows older than FSDEPTH and writes the others.
std::optional<Problem> save_fairshare(const std::string& dir, FairshareHistory& history, const FairshareClock& clock,
                                      Epoch now);

}  // namespace maui::runtime
