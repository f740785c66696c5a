// What the steps of a migration share while they run (internal to migrate/): the compiled
// config, the options, the classification of every setting a step used (the ledger), and the
// output being built. Each step (steps.h) reads the IR, adds Slurm lines through emit(), which
// links each line to the settings it comes from, and classifies those settings.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "migrate/migration.h"
#include "migrate/slurm_objects.h"
#include "runtime/engine/credentials.h"

namespace maui::migrate {

// What the steps said about one setting, keyed by where it is written.
struct Verdict {
  Status status = Status::Mapped;
  std::vector<std::string> notes;  // each said once, in the order said
  std::vector<std::string> slurm;  // the lines and commands made from it, in the order made
};

class Ledger {
 public:
  // The setting written at `from` (nothing for a built-in default, line 0). A value written
  // again by a later line keeps that line; the earlier ones are "not needed", overridden.
  void classify(const ir::Provenance& from, Status status, std::string note);
  void classify(const ir::SourceRange& where, Status status, std::string note);
  // A Slurm line made from the setting at `where`.
  void link(const ir::SourceRange& where, const std::string& slurm_text);
  const Verdict* find(const std::string& file, unsigned line, unsigned column) const;

 private:
  using Key = std::tuple<std::string, unsigned, unsigned>;
  static Key key_of(const ir::SourceRange& where) { return {where.file.str(), where.line, where.column}; }
  std::map<Key, Verdict> verdicts_;
};

struct Context {
  Context(const Compilation& unit, const Options& options);
  Context(const Context&) = delete;

  const Compilation& unit;
  const ir::Policy& policy;
  const Options& options;
  runtime::CredentialDirectory directory;
  Ledger ledger;
  SlurmObjects slurm;  // what the steps decide, before it is written as lines
  Migration out;

  // Adds `text` to a file (out.conf, out.sacctmgr or out.scontrol), linked to its sources.
  void emit(std::vector<SlurmLine>& file, std::string text, const Sources& from, std::string why = {});
  // Classifies every written line of `from` alike.
  void classify(const Sources& from, Status status, const std::string& note);
  // The Slurm partition of a Maui class (--partition-map, else the same name).
  std::string partition_of(std::string_view job_class) const;
  // The Slurm QOS of a Maui QOS: the same name, and Maui's DEFAULT QOS is Slurm's "normal".
  static std::string qos_of(std::string_view maui_qos);
};

}  // namespace maui::migrate
