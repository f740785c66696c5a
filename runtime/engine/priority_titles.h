// Maui's column titles for the priority components and subcomponents (`diagnose -p`: "Cred",
// "FS", ... and "User", "QTime", "XFctr", ...), shared by the engine's priority report and the view.
#pragma once

#include <string_view>

#include "schemas/ir.h"

namespace maui::runtime {

std::string_view priority_column_title(ir::PrioritySubcomponent s);
std::string_view priority_component_title(ir::PriorityComponent c);

}  // namespace maui::runtime
