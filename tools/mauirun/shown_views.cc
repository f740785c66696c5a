#include "tools/mauirun/shown_views.h"

#include <fmt/format.h>

#include "llvm/Support/raw_ostream.h"
#include "tools/mauirun/commands.h"

namespace maui::tools {

runtime::ViewRequest view_request(const std::string& text, bool json) {
  runtime::ViewRequest r;
  r.json = json;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t start = text.find_first_not_of(" \t", at);
    if (start == std::string::npos) break;
    const std::size_t end = std::min(text.find_first_of(" \t", start), text.size());
    std::string word = text.substr(start, end - start);
    if (r.command.empty())
      r.command = std::move(word);
    else
      r.args.push_back(std::move(word));
    at = end;
  }
  return r;
}

// Asked of an empty cluster, a view answers Usage only for its arguments.
bool views_usable(const runtime::CredentialDirectory& dir, const std::vector<runtime::ViewRequest>& requests,
                  std::string_view command) {
  const runtime::ClusterSnapshot empty;
  const runtime::IterationResult nothing;
  const runtime::ViewContext context{dir, empty, nothing, {}, nullptr};
  for (const auto& r : requests) {
    if (r.command.empty()) {
      llvm::errs() << command << ": --show: expected a command (one of "
                   << fmt::format("{}", fmt::join(runtime::view_commands(), ", ")) << ")\n";
      return false;
    }
    const runtime::ViewAnswer a = runtime::render_view(context, r);
    if (a.status == runtime::ViewStatus::Usage) {
      llvm::errs() << command << ": --show: " << a.err << "\n";
      return false;
    }
  }
  return true;
}

int print_views(const runtime::ViewSnapshot& look, const std::vector<runtime::ViewRequest>& requests) {
  const runtime::ViewContext context = look.context();
  int status = kRunOk;
  bool first = true;
  for (const auto& r : requests) {
    const runtime::ViewAnswer a = runtime::render_view(context, r);
    if (a.status != runtime::ViewStatus::Ok) {
      llvm::errs() << a.err << "\n";
      if (status == kRunOk) status = static_cast<int>(a.status);
      continue;
    }
    if (!first && !r.json) llvm::outs() << "\n";
    first = false;
    llvm::outs() << a.out;
  }
  return status;
}

}  // namespace maui::tools
