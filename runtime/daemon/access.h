// Who may do what through the admin socket: Maui's ADMIN1 / ADMIN2 / ADMIN3 levels
// (docs/semantics.md, "Access levels"). The caller is who the kernel says is connected (SO_PEERCRED),
// never what a client claims. Pure: the daemon resolves the uid to a name.
#pragma once

#include <sys/types.h>
#include <optional>
#include <string>
#include <string_view>

#include "schemas/ir.h"

namespace maui::runtime {

// Lower is more: ADMIN1 may do everything an ADMIN2 may, and so on. User: no level.
enum class AccessLevel : int { Admin1 = 1, Admin2 = 2, Admin3 = 3, User = 4 };

struct Caller {
  uid_t uid = 0;
  std::string user;        // the uid's name; the number as text when it has none
  std::string group = {};  // the peer's group (SO_PEERCRED's gid) by name, likewise; showbf answers for it
};

// The caller's level under `admins` (maui.cfg's ADMIN1..ADMIN3, where ALL names everyone):
// root and the uid the daemon runs as are ADMIN1 whatever the config says.
AccessLevel access_level(const ir::Admins& admins, const Caller& caller, uid_t daemon_uid);

// The level a command needs before anything else is looked at: User for showq and showbf (open
// to all) and for the commands whose right depends on what they touch (checkjob and showres:
// other users' jobs and reservations need ADMIN3; releasehold: anything but the owner's own user
// hold needs ADMIN2; releaseres: a reservation someone else set needs ADMIN1).
// Nullopt: not a command of the socket.
std::optional<AccessLevel> needed_level(std::string_view command);

// "ADMIN2"; "any user" for User.
std::string level_name(AccessLevel level);

// The refusal every client prints: "permission denied: setspri needs ADMIN2".
std::string permission_denied(std::string_view what, AccessLevel needed);

}  // namespace maui::runtime
