// `--show 'VIEW ARGS'`: Maui's client commands printed from a look at the scheduler's world
// taken by the command itself (simulate at --stop-at, schedule on a snapshot) instead of asked
// of a running serve.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "runtime/engine/credentials.h"
#include "runtime/views/view.h"
#include "runtime/views/view_snapshot.h"

namespace maui::tools {

// `--show 'showq -b -u u3'`: the command and its arguments, split at blanks.
runtime::ViewRequest view_request(const std::string& text, bool json);
// Whether each view's arguments are usable, checked before anything runs; the problem said
// (prefixed by `command`) when not.
bool views_usable(const runtime::CredentialDirectory& dir, const std::vector<runtime::ViewRequest>& requests,
                  std::string_view command);
// Prints each view of the look; the status of the first that fails.
int print_views(const runtime::ViewSnapshot& look, const std::vector<runtime::ViewRequest>& requests);

}  // namespace maui::tools
