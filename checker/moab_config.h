// A Moab config read as Maui 3.3.1 would read it. Moab's moab.cfg shares most of maui.cfg's
// language, so mauic reads it; but each Moab construct (SCHEDCFG, ADMINCFG, Moab parameters and
// attributes, the MIN,MAX form of a time) would be one moab-only finding, burying the others.
// A config is Moab's when its file name says so (moab.cfg, moab.hpc.cfg.erb ...) or it uses a
// family only Moab has (SCHEDCFG, ADMINCFG, IDCFG, APPCFG); its moab-only findings then become one
// moab-config finding that says how the file is read, with a note per line Moab reads differently.
#pragma once

#include "parser/lower.h"

namespace maui::checker {

// Folds the moab-only findings of a Moab config into one moab-config finding; true if it did.
// Expects the diagnostics sorted (the notes follow the file).
bool summarize_moab_config(Compilation& c);

}  // namespace maui::checker
