// The maui.cfg parameters that `mauirun serve` itself follows, beyond the scheduling policy:
// how often it iterates, Maui's defer rules for starts that do not happen, and SERVERMODE.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "schemas/ir.h"

namespace maui::runtime {

struct DaemonSettings {
  ir::Seconds poll_interval = 60;      // RMPOLLINTERVAL: the longest sleep between iterations
  ir::Seconds defer_time = 3600;       // DEFERTIME: how long a deferred job is held
  std::int64_t defer_count = 24;       // DEFERCOUNT: defers before a batch hold
  std::int64_t defer_start_count = 1;  // DEFERSTARTCOUNT: failed starts before a defer
  bool test_mode = false;              // SERVERMODE TEST: decide and log, change nothing
  std::vector<std::string> problems;   // a value that could not be read, and what is used instead

  static DaemonSettings from(const ir::Policy& policy);
};

}  // namespace maui::runtime
