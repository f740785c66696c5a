// mauirun serve: the policy scheduling a live Slurm cluster (runtime/daemon/serve.h).
#include <memory>

#include "checker/pipeline.h"
#include "checker/report.h"
#include "llvm/Support/raw_ostream.h"
#include "runtime/daemon/serve.h"
#include "runtime/rm/slurm/libslurm_control.h"
#include "tools/mauirun/commands.h"
#include "tools/mauirun/policy_coverage.h"

namespace maui::tools {

namespace {

// The config compiled, with every diagnostic as `mauic lint` prints it (warnings too: an unknown
// parameter or a bad value is ignored, and the admin must hear of it); with an error in it, no
// policy (a daemon does not run on half a config).
runtime::LoadedPolicy compile(const std::string& path) {
  std::unique_ptr<Compilation> c = checker::check_file(path);
  std::size_t errors = 0;
  for (const auto& d : c->diagnostics.diagnostics()) errors += d.severity == Severity::Error;
  runtime::LoadedPolicy out;
  for (const auto& d : checker::resolve(*c)) out.findings.push_back(checker::render_line(d));
  {
    llvm::raw_string_ostream os(out.diagnostics);
    checker::render_text(os, *c, false);
  }
  if (c->loaded && errors == 0) {
    runtime::ReportSide side;  // the live report's coverage table (--http)
    add_coverage(*c, side);
    out.coverage = std::move(side.coverage);
    out.coverage_note = std::move(side.coverage_note);
    out.policy = std::make_shared<const ir::Policy>(std::move(c->policy));
  }
  return out;
}

}  // namespace

int serve_command(const ServeCommandOptions& options) {
  runtime::ServeOptions o;
  o.config = options.config;
  o.state_dir = options.state_dir;
  o.dry_run = options.dry_run;
  o.once = options.once;
  o.socket = options.socket;
  o.snapshot_out = options.snapshot_out;
  o.log_dir = options.log_dir;
  o.log_max_bytes = options.log_max_mb << 20;
  if (!options.http.empty()) {
    auto address = runtime::parse_http_address(options.http);
    if (auto* error = std::get_if<std::string>(&address)) {
      llvm::errs() << "mauirun serve: " << *error << "\n";
      return 2;
    }
    o.http = std::get<runtime::HttpAddress>(address);
  }
  runtime::slurm::LibSlurmControl slurm;
  const runtime::PolicyLoader load = [&] { return compile(options.config); };
  return runtime::serve(o, load, slurm);
}

}  // namespace maui::tools
