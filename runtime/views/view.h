// One entry point for every Maui client command that only looks (showq, checkjob, showres,
// showbf, showstart, diagnose, checknode, showconfig): the daemon's admin socket and
// `mauirun simulate --stop-at SECOND --show VIEW` both call render_view, so that a view is the
// same bytes whichever way it is asked for. Pure: no I/O, no clock but the context's.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/views/view_context.h"

namespace maui::runtime {

struct ViewRequest {
  std::string command;            // "showq", "checkjob", "diagnose", ...
  std::vector<std::string> args;  // the command's own arguments as typed ("-r", "-u", "alice")
  bool json = false;              // the JSON contract (docs/views.md) instead of Maui's text
  // A caller who is no admin (no ADMIN1-3 level): checkjob answers only for their own jobs,
  // showres shows only reservations they own or may use. Access to the command itself is the
  // daemon's business (runtime/daemon/access.h), never the view's.
  std::optional<std::string> only_user;
  // Who asks, when the asker knows (the socket peer's user and primary group): showbf without -u
  // and -g answers for them and names them, as Maui 3.3.1 does (`user: 'root' group: 'root'`).
  // Empty: unknown, shown as '-'.
  std::string caller_user = {};
  std::string caller_group = {};
};

// Exit codes of a view, as the client command exits with them.
enum class ViewStatus : int {
  Ok = 0,
  NotFound = 1,          // no such job, node or reservation
  Usage = 2,             // unknown command, option or argument
  PermissionDenied = 3,  // only_user asked about someone else's job
};

struct ViewAnswer {
  ViewStatus status = ViewStatus::Ok;
  std::string out;  // the view (text or JSON), newline-terminated
  std::string err;  // one clear line when status is not Ok ("checkjob: no job 'x'")
};

// The commands render_view knows, sorted.
const std::vector<std::string_view>& view_commands();
bool is_view(std::string_view command);

ViewAnswer render_view(const ViewContext& context, const ViewRequest& request);

}  // namespace maui::runtime
