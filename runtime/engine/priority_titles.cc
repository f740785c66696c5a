#include "runtime/engine/priority_titles.h"

#include <iterator>

namespace maui::runtime {

std::string_view priority_column_title(ir::PrioritySubcomponent s) {
  static constexpr std::string_view names[] = {"User",  "Group", "Accnt", "QOS",   "Class", "User",  "Group",
                                               "Accnt", "QOS",   "Class", "Node",  "Proc",  "Mem",   "Swap",
                                               "Disk",  "PS",    "PE",    "WTime", "QTime", "XFctr", "SPVio",
                                               "Bypas", "QTime", "XFctr", "Cons",  "Rem",   "Perc",  "ETime"};
  static_assert(std::size(names) == ir::kPrioritySubcomponents);
  return names[static_cast<std::size_t>(s)];
}

std::string_view priority_component_title(ir::PriorityComponent c) {
  static constexpr std::string_view names[] = {"Cred", "FS", "Res", "Serv", "Targ", "Usage"};
  static_assert(std::size(names) == ir::kPriorityComponents);
  return names[static_cast<std::size_t>(c)];
}

}  // namespace maui::runtime
