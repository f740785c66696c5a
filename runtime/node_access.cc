#include "runtime/node_access.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace maui::runtime {

std::optional<NodeAccess> node_access_from(std::string_view value) {
  std::string v(value);
  std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return std::toupper(c); });
  if (v == "SHARED") return NodeAccess::Shared;
  if (v == "SINGLEJOB") return NodeAccess::SingleJob;
  if (v == "SINGLETASK") return NodeAccess::SingleTask;
  if (v == "SINGLEUSER") return NodeAccess::SingleUser;
  return std::nullopt;
}

}  // namespace maui::runtime
