// `mauic migrate` on standard output (--format text, the default): one line per setting that
// does not carry over as it is, `file:line:col: status: PARAMETER: note`, then a summary with the
// counts and the files written. The full table is MIGRATION.md's.
#include <map>

#include <fmt/format.h>

#include "migrate/report.h"

namespace maui::migrate {

std::string migration_text(const Migration& m, const std::string& out_dir) {
  std::string out;
  std::map<Status, int> n;
  for (const auto& s : m.settings) {
    ++n[s.status];
    if (s.status != Status::Approximated && s.status != Status::NotExpressible) continue;
    out += fmt::format("{}:{}:{}: {}: {}: {}\n", s.file, s.line, s.column, to_string(s.status), s.parameter, s.note);
  }
  out += fmt::format("{} settings: {} mapped, {} approximated, {} not expressible, {} not needed\n", m.settings.size(),
                     n[Status::Mapped], n[Status::Approximated], n[Status::NotExpressible], n[Status::NotNeeded]);
  out += fmt::format(
      "wrote {0}/slurm.conf ({1} lines), {0}/sacctmgr.sh ({2} commands), {0}/scontrol.sh ({3} commands), "
      "{0}/MIGRATION.md\n",
      out_dir, m.conf.size(), m.sacctmgr.size(), m.scontrol.size());
  return out;
}

}  // namespace maui::migrate
