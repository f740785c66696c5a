// The priority weights by the names an admin writes: each component's weight parameter
// (FSWEIGHT), its subcomponents and theirs (FSUSERWEIGHT), and the subcomponent a credential
// kind's PRIORITY or FSTARGET feeds. Shared by lint's no-effect rule, `mauic check` and `mauic diff`.
#pragma once

#include <span>
#include <string_view>

#include "schemas/ir.h"

namespace maui::checker {

std::string_view weight_name(ir::PriorityComponent c);
std::string_view weight_name(ir::PrioritySubcomponent s);

// The subcomponents of a component, in the IR's order.
std::span<const ir::PrioritySubcomponent> subcomponents(ir::PriorityComponent c);

// USERWEIGHT ... CLASSWEIGHT: what weighs a credential's PRIORITY (System: none, User's).
ir::PrioritySubcomponent credential_subcomponent(ir::CredKind k);
// FSUSERWEIGHT ... FSCLASSWEIGHT: what weighs the distance from a credential's FSTARGET.
ir::PrioritySubcomponent fairshare_subcomponent(ir::CredKind k);

}  // namespace maui::checker
