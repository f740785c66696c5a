#include "runtime/views/view.h"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "runtime/views/view_parts.h"

namespace maui::runtime {

namespace {

struct Command {
  std::string_view name;
  const ArgSpec& (*spec)();
  ViewAnswer (*render)(const ViewInput&);
};

// Sorted by name.
constexpr std::array<Command, 8> kCommands = {{
    {"checkjob", checkjob_args, checkjob},
    {"checknode", checknode_args, checknode},
    {"diagnose", diagnose_args, diagnose},
    {"showbf", showbf_args, showbf},
    {"showconfig", showconfig_args, showconfig},
    {"showq", showq_args, showq},
    {"showres", showres_args, showres},
    {"showstart", showstart_args, showstart},
}};

const Command* find(std::string_view name) {
  auto it = std::lower_bound(kCommands.begin(), kCommands.end(), name,
                             [](const Command& c, std::string_view n) { return c.name < n; });
  return it != kCommands.end() && it->name == name ? &*it : nullptr;
}

}  // namespace

const std::vector<std::string_view>& view_commands() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const auto& c : kCommands) out.push_back(c.name);
    return out;
  }();
  return names;
}

bool is_view(std::string_view command) { return find(command) != nullptr; }

ViewAnswer render_view(const ViewContext& context, const ViewRequest& request) {
  const Command* c = find(request.command);
  if (!c)
    return refuse(ViewStatus::Usage, fmt::format("unknown command '{}' (expected one of {})", request.command,
                                                 fmt::join(view_commands(), ", ")));
  ArgsOrError parsed = parse_args(c->name, c->spec(), request.args);
  if (!parsed.args) return refuse(ViewStatus::Usage, std::move(parsed.error));
  return c->render({context, request, *parsed.args});
}

}  // namespace maui::runtime
