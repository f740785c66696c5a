#include "tools/mauirun/inputs.h"

#include <cstdint>
#include <ctime>

#include "checker/pipeline.h"
#include "checker/report.h"
#include "llvm/Support/raw_ostream.h"
#include "runtime/io/fairshare_files.h"
#include "runtime/io/jobs_json.h"
#include "schemas/input_file.h"

namespace maui::tools {

namespace {

bool load_config(const std::string& path, Inputs& in) {
  in.config = checker::check_file(path);
  if (!in.config->loaded) {
    checker::render_text(llvm::errs(), *in.config, false);
    return false;
  }
  std::size_t errors = 0;
  for (const auto& d : in.config->diagnostics.diagnostics()) errors += d.severity == Severity::Error;
  // The engine runs on what the compiler understood; `mauic lint` says what it did not.
  if (errors)
    llvm::errs() << "mauirun: note: " << path << " has " << errors << " error" << (errors == 1 ? "" : "s")
                 << " (see 'mauic lint " << path << "'); the lines in error are ignored\n";
  in.directory = std::make_unique<runtime::CredentialDirectory>(in.config->policy);
  return true;
}

bool load_jobs(const std::string& path, Inputs& in) {
  // A million jobs take some 300 MB of JSON.
  constexpr std::uint64_t kMaxSnapshotBytes = 1ull << 30;
  InputFile json = read_input_file(path, kMaxSnapshotBytes);
  if (json.error) {
    llvm::errs() << "mauirun: cannot read '" << path << "': " << json.error->message << "\n";
    return false;
  }
  auto file = runtime::parse_jobs_json(path, json.text);
  for (const auto& e : file.errors) llvm::errs() << to_text(e) << "\n";
  if (!file.errors.empty()) {
    llvm::errs() << "mauirun: " << path << ": " << file.errors.size() << " error"
                 << (file.errors.size() == 1 ? "" : "s") << "\n";
    return false;
  }
  in.snapshot = std::move(file.snapshot);
  if (!file.now) in.snapshot.now = 0;  // set from --now or the clock below
  return true;
}

}  // namespace

bool load_inputs(const RunOptions& options, Inputs& in) {
  if (!load_config(options.config, in)) return false;
  bool file_has_now = false;
  if (!options.jobs.empty()) {
    if (!load_jobs(options.jobs, in)) return false;
    file_has_now = in.snapshot.now != 0;
  }
  if (options.now)
    in.snapshot.now = *options.now;
  else if (!file_has_now)
    in.snapshot.now = static_cast<runtime::Epoch>(std::time(nullptr));
  // A QOS the job may not use is not an input error: Maui gives the job its default QOS.
  for (const auto& r : runtime::assign_qos(in.snapshot, *in.directory))
    llvm::errs() << "mauirun: note: job " << r.job << " asks for QOS " << r.asked
                 << ", which no QLIST or QDEF of its credentials gives it; it runs under QOS " << r.given
                 << " (docs/semantics.md 78)\n";

  if (!options.fs_dir.empty()) {
    auto clock = runtime::FairshareClock::from(in.policy().fairshare);
    auto load = runtime::load_fairshare_dir(options.fs_dir, clock, in.snapshot.now);
    if (load.failure) {
      llvm::errs() << "mauirun: " << load.failure->message << "\n";
      return false;
    }
    for (const auto& e : load.errors) llvm::errs() << to_text(e) << "\n";
    if (!load.errors.empty()) {
      in.input_errors = true;
      llvm::errs() << "mauirun: " << load.errors.size() << " bad line" << (load.errors.size() == 1 ? "" : "s")
                   << " in the fairshare files (not counted)\n";
    }
    in.fairshare = runtime::FairshareStanding::compute(*in.directory, load.history, in.snapshot.now);
  }
  return true;
}

}  // namespace maui::tools
