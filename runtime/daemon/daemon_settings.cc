#include "runtime/daemon/daemon_settings.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "schemas/value_syntax.h"

namespace maui::runtime {

namespace {

const ir::ScalarSetting* scalar(const ir::Policy& policy, const char* name) {
  auto it = policy.scalars.find(name);
  return it == policy.scalars.end() ? nullptr : &it->second;
}

}  // namespace

DaemonSettings DaemonSettings::from(const ir::Policy& policy) {
  DaemonSettings s;
  // An interval of 0 would make the daemon spin; Maui's own minimum is a second.
  s.poll_interval = std::max<ir::Seconds>(1, policy.scheduling.poll_interval.value);
  auto where = [](const ir::ScalarSetting& v) {
    return fmt::format("{}:{}", v.from.where.file.str(), v.from.where.line);
  };
  if (const auto* v = scalar(policy, "DEFERTIME")) {
    if (auto d = values::parse_duration(v->value); d.value && *d.value >= 0)
      s.defer_time = *d.value;
    else
      s.problems.push_back(fmt::format("{}: DEFERTIME {}: not a duration; 1:00:00 is used", where(*v), v->value));
  }
  for (auto [name, field] :
       {std::pair{"DEFERCOUNT", &s.defer_count}, std::pair{"DEFERSTARTCOUNT", &s.defer_start_count}}) {
    const auto* v = scalar(policy, name);
    if (!v) continue;
    if (auto n = values::parse_integer(v->value); n.value && *n.value >= 1)
      *field = *n.value;
    else
      s.problems.push_back(
          fmt::format("{}: {} {}: expected a count of 1 or more; {} is used", where(*v), name, v->value, *field));
  }
  if (const auto* v = scalar(policy, "SERVERMODE")) {
    std::string mode = v->value;
    for (auto& c : mode) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    s.test_mode = mode == "TEST";
  }
  return s;
}

}  // namespace maui::runtime
