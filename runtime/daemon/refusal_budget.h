// How much of the logs one user's refused requests may take: a few lines a minute each; the
// rest are counted, and the count is said in one line when the minute is over. A user looping
// a refused 60 KB request wrote 1.2 GB in 10 s into the state directory before this (issue 33).
// Pure: the caller gives the time and writes the lines.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "runtime/engine/model.h"

namespace maui::runtime {

class RefusalBudget {
 public:
  explicit RefusalBudget(int lines_per_minute = 10) : per_minute_(lines_per_minute) {}

  // Whether a refusal of `uid`'s at `now` may be written; if not, it is counted. `untold`: the
  // count of the uid's last minute, not said yet, for the line written now to say.
  bool allow(uid_t uid, Epoch now, std::int64_t& untold);

  struct Unwritten {
    uid_t uid = 0;
    std::string user;
    std::int64_t count = 0;
  };
  // The counts of the minutes that are over and not said yet (each said once), by uid; the
  // daemon asks at every turn, so that a flood that stopped is still said.
  std::vector<Unwritten> take_unwritten(Epoch now);
  // The name a count is said with (the last one the uid was seen with).
  void name(uid_t uid, const std::string& user) { users_[uid] = user; }

 private:
  struct Minute {
    Epoch began = 0;
    int written = 0;
    std::int64_t unwritten = 0;
  };
  int per_minute_;
  std::map<uid_t, Minute> minutes_;
  std::map<uid_t, std::string> users_;
};

// At most `max_bytes` of `text`, and how much there was beyond: what one request may put in a
// log line ("setres x x x ... (61440 bytes in all)").
std::string clipped(const std::string& text, std::size_t max_bytes = 256);

}  // namespace maui::runtime
