// `mauic migrate --to slurm FILE -o DIR`: the Slurm back end (migrate/). Compiles the config as
// `mauic lint` does and refuses one with errors (its diagnostics printed as lint prints them),
// then writes DIR/slurm.conf, DIR/sacctmgr.sh, DIR/scontrol.sh and DIR/MIGRATION.md and reports
// on standard output (text, or --format json).
#include <fmt/format.h>

#include "checker/pipeline.h"
#include "checker/report.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "migrate/migration.h"
#include "migrate/report.h"
#include "tools/mauic/cluster_file.h"
#include "tools/mauic/commands.h"

namespace maui::tools {

namespace {

// --partition-map CLASS=PART,...: false (said on stderr) for an item that is not NAME=NAME.
bool parse_partition_map(const std::string& text, std::map<std::string, std::string>& out) {
  llvm::StringRef rest(text);
  while (!rest.empty()) {
    auto [item, tail] = rest.split(',');
    rest = tail;
    auto [from, to] = item.split('=');
    if (from.trim().empty() || to.trim().empty() || to.contains('=')) {
      llvm::errs() << fmt::format("mauic migrate: --partition-map: expected CLASS=PARTITION, found '{}'\n", item.str());
      return false;
    }
    out[from.trim().str()] = to.trim().str();
  }
  return true;
}

bool write_file(const std::string& dir, const std::string& name, const std::string& text, bool executable) {
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, name);
  std::error_code ec;
  {
    llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_Text);
    if (!ec) {
      out << text;
      out.close();
      if (out.has_error()) {
        ec = out.error();
        out.clear_error();
      }
    }
  }
  if (!ec && executable)
    ec = llvm::sys::fs::setPermissions(path,
                                       llvm::sys::fs::all_read | llvm::sys::fs::owner_write | llvm::sys::fs::all_exe);
  if (ec) llvm::errs() << fmt::format("mauic: cannot write '{}': {}\n", path.str().str(), ec.message());
  return !ec;
}

}  // namespace

int migrate_command(const MigrateOptions& options) {
  migrate::Options o;
  o.config_name = options.file;
  if (!options.partition_map.empty() && !parse_partition_map(options.partition_map, o.partition_map)) return kExitUsage;
  if (!options.cluster.empty()) {
    std::vector<runtime::Node> nodes;
    if (!load_cluster(options.cluster, nodes)) return kExitUsage;
    for (auto& n : nodes) o.cluster.push_back({std::move(n.name), n.procs, std::move(n.classes)});
    o.cluster_name = options.cluster;
  }
  auto unit = checker::check_file(options.file);
  if (!unit->loaded || unit->diagnostics.has_errors()) {
    checker::render_text(llvm::errs(), *unit, use_color(ColorMode::Auto, false));
    if (unit->loaded)
      llvm::errs() << fmt::format("mauic migrate: {} has errors: nothing is migrated (mauic lint says the same)\n",
                                  options.file);
    return kExitUsage;
  }
  const migrate::Migration m = migrate::migrate_to_slurm(*unit, o);
  if (auto ec = llvm::sys::fs::create_directories(options.output)) {
    llvm::errs() << fmt::format("mauic: cannot create '{}': {}\n", options.output, ec.message());
    return kExitUsage;
  }
  if (!write_file(options.output, "slurm.conf", migrate::slurm_conf_text(m, o), false) ||
      !write_file(options.output, "sacctmgr.sh", migrate::sacctmgr_script(m, o), true) ||
      !write_file(options.output, "scontrol.sh", migrate::scontrol_script(m, o), true) ||
      !write_file(options.output, "MIGRATION.md", migrate::migration_markdown(m, o), false))
    return kExitUsage;
  llvm::outs() << (options.format == OutputFormat::Json ? migrate::migration_json(m)
                                                        : migrate::migration_text(m, options.output));
  llvm::outs().flush();
  return m.all_mapped() ? kExitClean : kExitFindings;
}

}  // namespace maui::tools
