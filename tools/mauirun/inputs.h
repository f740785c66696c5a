// Loading what a mauirun command works on: the compiled policy, the cluster snapshot from
// JOBS.json, the fairshare windows from FS.<epoch> files, and the clock. Problems are printed
// to standard error with their location; the caller turns them into exit status 2.
#pragma once

#include <memory>
#include <string>

#include "parser/lower.h"
#include "runtime/engine/credentials.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/model.h"
#include "tools/mauirun/commands.h"

namespace maui::tools {

struct Inputs {
  std::unique_ptr<Compilation> config;
  std::unique_ptr<runtime::CredentialDirectory> directory;
  runtime::ClusterSnapshot snapshot;
  runtime::FairshareStanding fairshare;
  bool input_errors = false;  // something was reported; the command still runs on the rest

  const ir::Policy& policy() const { return config->policy; }
};

// Returns false when nothing useful can be done (the config or JOBS.json cannot be read).
bool load_inputs(const RunOptions& options, Inputs& in);

}  // namespace maui::tools
