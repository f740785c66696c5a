#include "runtime/engine/node_access.h"

#include <llvm/ADT/StringRef.h>

namespace maui::runtime {

std::optional<NodeAccess> node_access_from(std::string_view value) {
  // Case-insensitive as the scalar's binding is; `mauic lint` warns that 3.3.1 is not (wrong-case).
  constexpr std::pair<std::string_view, NodeAccess> kNames[] = {{"SHARED", NodeAccess::Shared},
                                                                {"SINGLEJOB", NodeAccess::SingleJob},
                                                                {"SINGLETASK", NodeAccess::SingleTask},
                                                                {"SINGLEUSER", NodeAccess::SingleUser}};
  for (const auto& [name, access] : kNames)
    if (llvm::StringRef(value).equals_insensitive(name)) return access;
  return std::nullopt;
}

}  // namespace maui::runtime
