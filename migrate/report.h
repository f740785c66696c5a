// The texts a migration is written as: the three Slurm files (file_texts.cc), MIGRATION.md
// (migration_md.cc), and the report on standard output as text or JSON (report_text.cc,
// report_json.cc). Pure functions of the migration: mauic migrate writes them.
#pragma once

#include <string>

#include "migrate/migration.h"

namespace maui::migrate {

std::string slurm_conf_text(const Migration& m, const Options& o);
std::string sacctmgr_script(const Migration& m, const Options& o);
std::string scontrol_script(const Migration& m, const Options& o);
std::string migration_markdown(const Migration& m, const Options& o);

// {"version":1,"settings":[{"file","line","column","parameter","status","slurm":[...],"note"}],
//  "weights":[...],"reference_jobs":[...],"expected":{...}}
std::string migration_json(const Migration& m);
// file:line:col: status: PARAMETER: note, then a summary (counts by status, the files written).
std::string migration_text(const Migration& m, const std::string& out_dir);

// "maui.cfg:12" for each maui.cfg setting a Slurm line comes from, with its text.
std::string cited_settings(const Migration& m, const SlurmLine& line);

}  // namespace maui::migrate
