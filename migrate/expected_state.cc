// What Slurm shows once the three files are applied, worked out from the same objects the
// files are written from (MIGRATION.md's tables; tests/slurm/test_migrate_*.py compare them
// with scontrol and sacctmgr). Values are written as Slurm 22.05 prints them (measured on the
// test cluster): `scontrol show config` prints OverTimeLimit in "N min", the four NO_NORMAL_*
// flags as NO_NORMAL_ALL and PriorityWeightFairshare as PriorityWeightFairShare; sacctmgr shows
// an association's Priority, MaxJobs, MaxWall, MaxTRES, MaxTRESMins, QOS and DefaultQOS inherited
// from the nearest ancestor that sets them (root's QOS list is "normal"), its Fairshare as 1 and
// its Grp* limits as empty unless set on it.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "migrate/steps.h"

namespace maui::migrate {

namespace {

// A TRES list as sacctmgr prints it: by TRES id (cpu 1, mem 2, energy 3, node 4, billing 5).
std::string tres_list(const AccountingEntity& e, std::string_view key) {
  auto order = [](const std::string& t) {
    static const std::vector<std::string> ids = {"cpu", "mem", "energy", "node", "billing"};
    auto it = std::find(ids.begin(), ids.end(), t);
    return it == ids.end() ? ids.size() : static_cast<std::size_t>(it - ids.begin());
  };
  std::vector<const SlurmSetting*> parts;
  for (const auto& s : e.settings)
    if (s.key == key && !s.tres.empty() && s.value != "-1") parts.push_back(&s);
  std::sort(parts.begin(), parts.end(), [&](auto* a, auto* b) { return order(a->tres) < order(b->tres); });
  std::vector<std::string> out;
  for (const auto* p : parts) out.push_back(fmt::format("{}={}", p->tres, p->value));
  return fmt::format("{}", fmt::join(out, ","));
}

// sacctmgr prints a time limit as [days-]hh:mm:ss; the migration sets it in minutes.
std::string minutes_shown(const std::string& minutes) {
  if (minutes == "-1" || minutes.empty()) return "";
  return slurm_duration(std::stoll(minutes) * 60);
}

std::string plain(const AccountingEntity& e, std::string_view key) {
  const auto* s = e.find(key);
  return s && s->value != "-1" ? s->value : "";
}

std::string config_value(const SlurmSetting& s) {
  if (s.key == "OverTimeLimit") return s.value == "UNLIMITED" ? "UNLIMITED" : s.value + " min";
  return s.value;
}

}  // namespace

void expect_state(Context& ctx) {
  auto& x = ctx.out.expected;
  const auto& s = ctx.slurm;
  // `scontrol show config` spells one key its own way (slurm.conf reads keys in any case).
  for (const auto& c : s.conf)
    x.config.push_back({c.key == "PriorityWeightFairshare" ? "PriorityWeightFairShare" : c.key, config_value(c)});

  x.qos_columns = {"Priority", "GrpJobs", "GrpTRES", "MaxJobsPU",      "MaxTRESPU",
                   "MaxWall",  "Preempt", "Flags",   "GrpTRESRunMins", "MaxTRES"};
  for (const auto& q : s.qos) {
    auto& row = x.qos[q.name];
    row["Priority"] = q.find("Priority") ? q.find("Priority")->value : "0";
    row["GrpJobs"] = plain(q, "GrpJobs");
    row["GrpTRES"] = tres_list(q, "GrpTRES");
    row["MaxJobsPU"] = plain(q, "MaxJobsPerUser");
    row["MaxTRESPU"] = tres_list(q, "MaxTRESPerUser");
    row["MaxWall"] = minutes_shown(plain(q, "MaxWall"));
    row["Preempt"] = plain(q, "Preempt");
    row["Flags"] = plain(q, "Flags");
    row["GrpTRESRunMins"] = tres_list(q, "GrpTRESRunMins");
    row["MaxTRES"] = tres_list(q, "MaxTRES");
  }

  // Associations: the accounts (user "") under root, and the users under their account.
  x.assoc_columns = {"Fairshare", "Priority", "MaxJobs",     "GrpJobs", "GrpTRES", "GrpTRESRunMins",
                     "MaxWall",   "MaxTRES",  "MaxTRESMins", "QOS",     "Def QOS"};
  const AccountingEntity* root = s.find_account("root");
  auto inherited = [&](const AccountingEntity* own, const AccountingEntity* parent, auto value) {
    for (const AccountingEntity* e : {own, parent, root}) {
      if (!e) continue;
      std::string v = value(*e);
      if (!v.empty()) return v;
    }
    return std::string();
  };
  auto fill = [&](const AccountingEntity& e, const AccountingEntity* parent) {
    std::map<std::string, std::string> row;
    row["Fairshare"] = e.find("Fairshare") ? e.find("Fairshare")->value : "1";
    row["Priority"] = inherited(&e, parent, [](const AccountingEntity& a) { return plain(a, "Priority"); });
    row["MaxJobs"] = inherited(&e, parent, [](const AccountingEntity& a) { return plain(a, "MaxJobs"); });
    row["GrpJobs"] = plain(e, "GrpJobs");
    row["GrpTRES"] = tres_list(e, "GrpTRES");
    row["GrpTRESRunMins"] = tres_list(e, "GrpTRESRunMins");
    row["MaxWall"] =
        minutes_shown(inherited(&e, parent, [](const AccountingEntity& a) { return plain(a, "MaxWall"); }));
    row["MaxTRES"] = inherited(&e, parent, [](const AccountingEntity& a) { return tres_list(a, "MaxTRES"); });
    row["MaxTRESMins"] = inherited(&e, parent, [](const AccountingEntity& a) { return tres_list(a, "MaxTRESMins"); });
    std::string qos = inherited(&e, parent, [](const AccountingEntity& a) { return plain(a, "QOS"); });
    row["QOS"] = qos.empty() ? "normal" : qos;
    row["Def QOS"] = inherited(&e, parent, [](const AccountingEntity& a) { return plain(a, "DefaultQOS"); });
    return row;
  };
  for (const auto& a : s.accounts) x.assoc[{a.name, ""}] = fill(a, a.name == "root" ? nullptr : root);
  for (const auto& u : s.users) x.assoc[{u.account, u.name}] = fill(u, s.find_account(u.account));

  for (const auto& r : s.reservations) {
    auto& row = x.reservations[r.name];
    for (const auto& [k, v] : r.fields) row[k] = v;
    if (!r.recurrence.empty()) row["Flags"] = r.recurrence + "," + row["Flags"];
    row["Duration"] = r.duration == 0 ? "UNLIMITED" : slurm_duration((r.duration + 59) / 60 * 60);
    if (!r.recurrence.empty()) row["StartTime"] = slurm_duration(r.start);  // its time of day
  }
  for (const auto& p : s.partitions) {
    if (p.settings.empty()) continue;
    auto& row = x.partitions[p.name];
    for (const auto& st : p.settings) row[st.key] = st.value;
    if (!p.nodes.empty()) row["Nodes"] = p.nodes;
  }
}

}  // namespace maui::migrate
