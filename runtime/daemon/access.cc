#include "runtime/daemon/access.h"

#include <algorithm>
#include <array>
#include <utility>

#include <fmt/format.h>

namespace maui::runtime {

namespace {

bool listed(const std::optional<ir::Sourced<std::vector<std::string>>>& names, const std::string& user) {
  if (!names) return false;
  return std::any_of(names->value.begin(), names->value.end(),
                     [&](const std::string& n) { return n == user || n == "ALL"; });
}

// Every command of the socket and the level it needs first (access.h says what "User" means
// for the commands that look at whose job or reservation it is).
constexpr std::array<std::pair<std::string_view, AccessLevel>, 15> kCommands{{
    {"checkjob", AccessLevel::User},
    {"checknode", AccessLevel::Admin3},
    {"diagnose", AccessLevel::Admin3},
    {"releasehold", AccessLevel::User},
    {"releaseres", AccessLevel::User},
    {"runjob", AccessLevel::Admin2},
    {"schedctl", AccessLevel::Admin1},
    {"setres", AccessLevel::Admin2},
    {"sethold", AccessLevel::Admin2},
    {"setspri", AccessLevel::Admin2},
    {"showbf", AccessLevel::User},
    {"showconfig", AccessLevel::Admin3},
    {"showq", AccessLevel::User},
    {"showres", AccessLevel::User},
    {"showstart", AccessLevel::Admin3},
}};

}  // namespace

AccessLevel access_level(const ir::Admins& admins, const Caller& caller, uid_t daemon_uid) {
  if (caller.uid == 0 || caller.uid == daemon_uid) return AccessLevel::Admin1;
  for (int level = 0; level < 3; ++level)
    if (listed(admins.levels[static_cast<std::size_t>(level)], caller.user)) return static_cast<AccessLevel>(level + 1);
  return AccessLevel::User;
}

std::optional<AccessLevel> needed_level(std::string_view command) {
  for (const auto& [name, level] : kCommands)
    if (name == command) return level;
  return std::nullopt;
}

std::string level_name(AccessLevel level) {
  if (level == AccessLevel::User) return "any user";
  return fmt::format("ADMIN{}", static_cast<int>(level));
}

std::string permission_denied(std::string_view what, AccessLevel needed) {
  return fmt::format("permission denied: {} needs {}", what, level_name(needed));
}

}  // namespace maui::runtime
