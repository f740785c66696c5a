// MIGRATION.md: how to apply the three files, what was assumed, the priority scaling with the
// reference jobs under both formulas, the state Slurm shows once the files are applied (the
// tables the live tests compare with scontrol and sacctmgr: keep their headings and columns),
// and every setting of the config, located and classified.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "migrate/report.h"

namespace maui::migrate {

namespace {

// A table cell: '|' escaped, line breaks as <br>.
std::string cell(const std::string& v) {
  std::string out;
  for (char c : v) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += "<br>";
    else
      out += c;
  }
  return out;
}

std::string code(const std::string& v) { return v.empty() ? std::string() : fmt::format("`{}`", cell(v)); }

std::string row(const std::vector<std::string>& cells) { return fmt::format("| {} |\n", fmt::join(cells, " | ")); }

std::string header(const std::vector<std::string>& names) {
  std::vector<std::string> rule(names.size(), "---");
  return row(names) + row(rule);
}

// How many pairs of reference jobs both formulas put in the same order (ties count as agreeing
// only when both tie).
std::pair<int, int> agreeing_pairs(const std::vector<ReferenceJob>& jobs, bool after_a_day) {
  int same = 0, all = 0;
  for (std::size_t i = 0; i < jobs.size(); ++i)
    for (std::size_t j = i + 1; j < jobs.size(); ++j) {
      const auto mi = after_a_day ? jobs[i].maui_day : jobs[i].maui_now,
                 mj = after_a_day ? jobs[j].maui_day : jobs[j].maui_now;
      const auto si = after_a_day ? jobs[i].slurm_day : jobs[i].slurm_now,
                 sj = after_a_day ? jobs[j].slurm_day : jobs[j].slurm_now;
      auto sign = [](std::int64_t d) { return d > 0 ? 1 : d < 0 ? -1 : 0; };
      ++all;
      if (sign(mi - mj) == sign(si - sj)) ++same;
    }
  return {same, all};
}

std::string counts(const Migration& m) {
  std::map<Status, int> n;
  for (const auto& s : m.settings) ++n[s.status];
  return fmt::format("{} settings: {} mapped, {} approximated, {} not expressible, {} not needed", m.settings.size(),
                     n[Status::Mapped], n[Status::Approximated], n[Status::NotExpressible], n[Status::NotNeeded]);
}

std::string apply_section(const Migration& m) {
  std::string out = "## Apply it\n\n";
  out +=
      "1. `sh sacctmgr.sh` where `sacctmgr` reaches your slurmdbd: the QOS, accounts and users with their limits, "
      "shares and priorities (idempotent; slurmctld need not run).\n"
      "2. Merge `slurm.conf` into your slurm.conf: each line replaces yours of the same key, and a `PartitionName=` "
      "line's attributes go onto your line of that partition. Check the result on a copy first (`slurmctld -D -f "
      "copy.conf` on a test host: in 22.05 a bad line stops slurmctld), then restart slurmctld: PriorityType, "
      "SchedulerType and AccountingStorageEnforce take effect only then (`scontrol reconfigure` shows them but does "
      "not "
      "enforce the limits).\n"
      "3. `sh scontrol.sh`: the standing reservations, and the partition changes made live.\n"
      "4. Compare what Slurm shows with the tables below (`scontrol show config`, `sacctmgr show qos`, `sacctmgr show "
      "assoc`, `scontrol show reservation`, `scontrol show partition`).\n\n";
  if (m.conf.empty() && m.sacctmgr.empty() && m.scontrol.empty())
    out += "Nothing to apply: no setting needs a Slurm line.\n\n";
  return out;
}

std::string scaling_section(const Migration& m) {
  std::string out = "## Priority: how the weights are scaled\n\n";
  out +=
      "Maui multiplies raw values (minutes queued, a credential's PRIORITY, procs, percent points of fairshare); "
      "Slurm normalises its factors to 0..1 unless told not to. With `PriorityFlags=NO_NORMAL_ALL` Slurm takes the "
      "QOS Priority, the partition's PriorityJobFactor, the association's Priority and the TRES counts raw, so those "
      "terms carry over with Maui's own weights (component weight x subcomponent weight). Every job has one QOS, one "
      "partition and one association, so a constant added to all of one kind changes no order: negative priorities "
      "are shifted up. Queue time stays normalised in Slurm (`min(age, PriorityMaxAge) / PriorityMaxAge`): "
      "PriorityMaxAge is where Maui's cap stops the term (else 7 days), and PriorityWeightAge is Maui's weight times "
      "that age in minutes, so both agree up to it. Fairshare is a different measure in Slurm (a 0..1 factor from "
      "the association tree): its weight spans Maui's 100 percent points.\n\n";
  for (const auto& n : m.scaling_notes) out += n + "\n\n";
  if (!m.weights.empty()) {
    out += header({"Maui", "Slurm", "fit"});
    for (const auto& w : m.weights) out += row({cell(w.maui), code(w.slurm), cell(w.fit)});
    out += "\n";
  }
  if (!m.reference_jobs.empty()) {
    out +=
        "Reference jobs (one hour; no fairshare usage recorded, so no fairshare term in Maui and the same "
        "factor, 1.0, for every job in Slurm):\n\n";
    out += header({"reference job", "QOS", "partition", "account", "procs", "Maui, submitted", "Slurm, submitted",
                   "Maui, after a day", "Slurm, after a day"});
    for (const auto& j : m.reference_jobs)
      out += row({cell(j.label), code(j.qos), cell(j.partition), code(j.account), std::to_string(j.procs),
                  std::to_string(j.maui_now), std::to_string(j.slurm_now), std::to_string(j.maui_day),
                  std::to_string(j.slurm_day)});
    const auto [same_now, all] = agreeing_pairs(m.reference_jobs, false);
    const auto [same_day, all_day] = agreeing_pairs(m.reference_jobs, true);
    out += fmt::format(
        "\nBoth put {} of the {} pairs of these jobs in the same order on submission, {} of {} after a "
        "day (a tie counts as the same order only on both sides).\n\n",
        same_now, all, same_day, all_day);
  }
  return out;
}

// A table of objects by name, one column per field ("" where the object has none).
std::string named_table(const std::map<std::string, std::map<std::string, std::string>>& objects,
                        const std::string& name, const std::vector<std::string>& columns, const char* none) {
  if (objects.empty()) return none;
  std::vector<std::string> h = {name};
  h.insert(h.end(), columns.begin(), columns.end());
  std::string out = header(h);
  for (const auto& [key, fields] : objects) {
    std::vector<std::string> r = {code(key)};
    for (const auto& c : columns) r.push_back(fields.count(c) ? code(fields.at(c)) : "");
    out += row(r);
  }
  return out;
}

std::string shown_section(const Migration& m) {
  const auto& x = m.expected;
  std::string out = "## What Slurm shows once it is applied\n\n";
  out += "### `scontrol show config`\n\n";
  out += header({"key", "value"});
  for (const auto& [k, v] : x.config) out += row({code(k), code(v)});
  out += "\n### `sacctmgr show qos`\n\n";
  if (x.qos.empty())
    out += "No QOS is set.\n";
  else {
    std::vector<std::string> h = {"Name"};
    h.insert(h.end(), x.qos_columns.begin(), x.qos_columns.end());
    out += header(h);
    for (const auto& [name, cols] : x.qos) {
      std::vector<std::string> r = {code(name)};
      for (const auto& c : x.qos_columns) r.push_back(code(cols.at(c)));
      out += row(r);
    }
  }
  out += "\n### `sacctmgr show assoc`\n\n";
  if (x.assoc.empty())
    out += "No association is set.\n";
  else {
    std::vector<std::string> h = {"Account", "User"};
    h.insert(h.end(), x.assoc_columns.begin(), x.assoc_columns.end());
    out += header(h);
    for (const auto& [key, cols] : x.assoc) {
      std::vector<std::string> r = {code(key.first), code(key.second)};
      for (const auto& c : x.assoc_columns) r.push_back(code(cols.at(c)));
      out += row(r);
    }
  }
  out += "\n### `scontrol show reservation`\n\n";
  out += named_table(
      x.reservations, "ReservationName",
      {"Nodes", "NodeCnt", "CoreCnt", "Users", "Groups", "Accounts", "Features", "Flags", "StartTime", "Duration"},
      "No reservation.\n");
  if (!x.reservations.empty())
    out +=
        "\n(StartTime: the time of day of each start; an instance open when scontrol.sh runs is NAME_now, until "
        "it closes.)\n";
  out += "\n### `scontrol show partition`\n\n";
  out += named_table(
      x.partitions, "PartitionName",
      {"Nodes", "PriorityJobFactor", "MaxTime", "DefaultTime", "OverSubscribe", "ExclusiveUser", "AllowQos", "QOS"},
      "No partition is set.\n");
  return out + "\n";
}

std::string settings_section(const Migration& m) {
  std::string out = "## Every setting\n\n";
  out += header({"where", "setting", "status", "Slurm", "note"});
  for (const auto& s : m.settings) {
    std::vector<std::string> slurm;
    for (const auto& l : s.slurm) slurm.push_back(code(l));
    out += row({fmt::format("{}:{}:{}", s.file, s.line, s.column), code(s.parameter), std::string(to_string(s.status)),
                fmt::format("{}", fmt::join(slurm, "<br>")), cell(s.note)});
  }
  std::string lost;
  for (const auto& s : m.settings)
    if (s.status == Status::NotExpressible)
      lost += fmt::format("- `{}:{}` `{}`: {}\n", s.file, s.line, cell(s.parameter), s.note);
  out += "\n## Not expressible on Slurm 22.05\n\n";
  out += lost.empty() ? "Nothing: every setting carries over, or is not needed.\n" : lost;
  return out;
}

}  // namespace

std::string migration_markdown(const Migration& m, const Options& o) {
  std::string out = fmt::format("# {} on Slurm 22.05\n\n", o.config_name);
  out += fmt::format("Written by `mauic migrate --to slurm` from `{}`{}. {}.\n\n", o.config_name,
                     o.cluster_name.empty() ? "" : fmt::format(" and the nodes of `{}`", o.cluster_name), counts(m));
  out += apply_section(m);
  if (!m.assumptions.empty()) {
    out += "## Assumed\n\n";
    for (const auto& a : m.assumptions) out += fmt::format("- {}\n", a);
    out += "\n";
  }
  out += scaling_section(m);
  out += shown_section(m);
  out += settings_section(m);
  return out;
}

}  // namespace maui::migrate
