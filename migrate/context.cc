// The shared state of a migration (context.h), the Slurm objects' small operations
// (slurm_objects.h), and migrate_to_slurm, which runs the steps of steps.h in order.
#include <algorithm>

#include <fmt/format.h>

#include "migrate/context.h"
#include "migrate/steps.h"

namespace maui::migrate {

std::string_view to_string(Status s) {
  switch (s) {
    case Status::Mapped: return "mapped";
    case Status::Approximated: return "approximated";
    case Status::NotExpressible: return "not expressible";
    case Status::NotNeeded: return "not needed";
  }
  return "?";
}

bool loses_more(Status a, Status b) {
  auto rank = [](Status s) {
    switch (s) {
      case Status::NotNeeded: return 0;
      case Status::Mapped: return 1;
      case Status::Approximated: return 2;
      case Status::NotExpressible: return 3;
    }
    return 0;
  };
  return rank(a) > rank(b);
}

bool Migration::all_mapped() const {
  return std::none_of(settings.begin(), settings.end(), [](const Setting& s) {
    return s.status == Status::Approximated || s.status == Status::NotExpressible;
  });
}

// ---------------------------------------------------------------------------------------------
// Sources and the ledger

Sources& Sources::add(const ir::Provenance& from, std::string_view default_named) {
  if (from.where.line > 0) return add(from.where);
  if (!default_named.empty() && std::find(defaults_.begin(), defaults_.end(), default_named) == defaults_.end())
    defaults_.emplace_back(default_named);
  return *this;
}

Sources& Sources::add(const ir::SourceRange& where) {
  if (where.line > 0 && std::find(lines_.begin(), lines_.end(), where) == lines_.end()) lines_.push_back(where);
  return *this;
}

Sources& Sources::add(const Sources& other) {
  for (const auto& l : other.lines_) add(l);
  for (const auto& d : other.defaults_)
    if (std::find(defaults_.begin(), defaults_.end(), d) == defaults_.end()) defaults_.push_back(d);
  return *this;
}

void Ledger::classify(const ir::Provenance& from, Status status, std::string note) {
  for (const auto& earlier : from.earlier.list())
    classify(
        earlier, Status::NotNeeded,
        fmt::format("set again on line {} of {}, which wins (as in Maui)", from.where.line, from.where.file.str()));
  classify(from.where, status, std::move(note));
}

void Ledger::classify(const ir::SourceRange& where, Status status, std::string note) {
  if (where.line == 0) return;
  auto [it, fresh] = verdicts_.try_emplace(key_of(where));
  Verdict& v = it->second;
  if (fresh || loses_more(status, v.status)) v.status = status;
  if (!note.empty() && std::find(v.notes.begin(), v.notes.end(), note) == v.notes.end())
    v.notes.push_back(std::move(note));
}

void Ledger::link(const ir::SourceRange& where, const std::string& slurm_text) {
  if (where.line == 0) return;
  auto [it, fresh] = verdicts_.try_emplace(key_of(where));
  // A line made from a setting no step classified: that setting carries over as it is.
  if (fresh) it->second.status = Status::Mapped;
  auto& slurm = it->second.slurm;
  if (std::find(slurm.begin(), slurm.end(), slurm_text) == slurm.end()) slurm.push_back(slurm_text);
}

const Verdict* Ledger::find(const std::string& file, unsigned line, unsigned column) const {
  auto it = verdicts_.find(Key{file, line, column});
  return it == verdicts_.end() ? nullptr : &it->second;
}

// ---------------------------------------------------------------------------------------------
// The context

Context::Context(const Compilation& u, const Options& o) : unit(u), policy(u.policy), options(o), directory(u.policy) {}

void Context::emit(std::vector<SlurmLine>& file, std::string text, const Sources& from, std::string why) {
  for (const auto& where : from.lines()) ledger.link(where, text);
  file.push_back(SlurmLine{std::move(text), from.lines(), from.defaults(), std::move(why)});
}

void Context::classify(const Sources& from, Status status, const std::string& note) {
  for (const auto& where : from.lines()) ledger.classify(where, status, note);
}

std::string Context::partition_of(std::string_view job_class) const {
  if (auto it = options.partition_map.find(std::string(job_class)); it != options.partition_map.end())
    return it->second;
  return std::string(job_class);
}

std::string Context::qos_of(std::string_view maui_qos) {
  return maui_qos == "DEFAULT" ? "normal" : std::string(maui_qos);
}

// ---------------------------------------------------------------------------------------------
// The Slurm objects

namespace {

// A list of settings keeps one value per key (and TRES): a later one replaces it, in its place.
void put(std::vector<SlurmSetting>& list, SlurmSetting setting) {
  for (auto& s : list)
    if (s.key == setting.key && s.tres == setting.tres) {
      s = std::move(setting);
      return;
    }
  list.push_back(std::move(setting));
}

const SlurmSetting* look_up(const std::vector<SlurmSetting>& list, std::string_view key, std::string_view tres) {
  for (const auto& s : list)
    if (s.key == key && s.tres == tres) return &s;
  return nullptr;
}

}  // namespace

void AccountingEntity::set(std::string key, std::string tres, std::string value, Sources from, std::string why) {
  put(settings, SlurmSetting{std::move(key), std::move(tres), std::move(value), std::move(from), std::move(why)});
}

const SlurmSetting* AccountingEntity::find(std::string_view key, std::string_view tres) const {
  return look_up(settings, key, tres);
}

void PartitionEntity::set(std::string key, std::string value, Sources from, std::string why) {
  put(settings, SlurmSetting{std::move(key), {}, std::move(value), std::move(from), std::move(why)});
}

const SlurmSetting* PartitionEntity::find(std::string_view key) const { return look_up(settings, key, {}); }

void SlurmObjects::set_conf(std::string key, std::string value, Sources from, std::string why) {
  put(conf, SlurmSetting{std::move(key), {}, std::move(value), std::move(from), std::move(why)});
}

const SlurmSetting* SlurmObjects::find_conf(std::string_view key) const { return look_up(conf, key, {}); }

namespace {
AccountingEntity& named(std::vector<AccountingEntity>& list, const std::string& name, const std::string& account,
                        const Sources& declared) {
  for (auto& e : list)
    if (e.name == name && e.account == account) {
      e.declared.add(declared);
      return e;
    }
  list.push_back(AccountingEntity{name, account, {}, declared, {}});
  return list.back();
}
}  // namespace

AccountingEntity& SlurmObjects::qos_named(const std::string& name, const Sources& declared) {
  return named(qos, name, {}, declared);
}
AccountingEntity& SlurmObjects::account_named(const std::string& name, const Sources& declared) {
  return named(accounts, name, {}, declared);
}
AccountingEntity& SlurmObjects::user_named(const std::string& name, const std::string& account,
                                           const Sources& declared) {
  return named(users, name, account, declared);
}

PartitionEntity& SlurmObjects::partition_named(const std::string& name, const Sources& declared) {
  for (auto& p : partitions)
    if (p.name == name) {
      p.declared.add(declared);
      return p;
    }
  partitions.push_back(PartitionEntity{name, "ALL", declared, {}});
  return partitions.back();
}

const AccountingEntity* SlurmObjects::find_qos(std::string_view name) const {
  for (const auto& e : qos)
    if (e.name == name) return &e;
  return nullptr;
}

const AccountingEntity* SlurmObjects::find_account(std::string_view name) const {
  for (const auto& e : accounts)
    if (e.name == name) return &e;
  return nullptr;
}

std::string slurm_duration(ir::Seconds s) {
  if (s >= ir::kInfinity) return "UNLIMITED";
  const ir::Seconds days = s / 86400, rest = s % 86400;
  const std::string hms = fmt::format("{:02}:{:02}:{:02}", rest / 3600, rest % 3600 / 60, rest % 60);
  return days > 0 ? fmt::format("{}-{}", days, hms) : hms;
}

std::string slurm_minutes(ir::Seconds s) { return std::to_string((s + 59) / 60); }

// ---------------------------------------------------------------------------------------------

Migration migrate_to_slurm(const Compilation& unit, const Options& options) {
  Context ctx(unit, options);
  plan_priority(ctx);
  plan_accounting(ctx);
  plan_limits(ctx);
  plan_partitions(ctx);
  plan_scheduling(ctx);
  plan_reservations(ctx);
  write_files(ctx);
  expect_state(ctx);
  compare_reference_jobs(ctx);
  account_for_settings(ctx);
  return std::move(ctx.out);
}

}  // namespace maui::migrate
