// Running `mauic check`'s library on a config in a directory, as the prove tests do: the report
// and its text and JSON renderings, with paths relative to that directory.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "checker/pipeline.h"
#include "checker/prove/prove.h"
#include "checker/prove/render.h"
#include "llvm/Support/raw_ostream.h"

namespace maui::testing_support {

struct Checked {
  std::unique_ptr<maui::Compilation> unit;
  maui::prove::Report report;
  std::string text, json;
};

// Checks `file` with `dir` as the working directory (stable relative paths in the output), with
// the assertions file `assertions` ("" = input.assert when the directory has one).
inline Checked check_in(const std::filesystem::path& dir, const std::string& file, std::string assertions = "") {
  namespace fs = std::filesystem;
  auto old = fs::current_path();
  fs::current_path(dir);
  Checked c;
  c.unit = maui::checker::check_file(file);
  maui::prove::Options options;
  if (assertions.empty() && fs::exists("input.assert")) assertions = "input.assert";
  options.assertions_file = assertions;
  c.report = maui::prove::check_policy(*c.unit, options);
  maui::prove::attach_assertions(*c.unit, options);
  maui::prove::apply_suppressions(*c.unit, c.report);
  llvm::raw_string_ostream os(c.text);
  maui::prove::render_text(os, *c.unit, c.report, false);
  os.flush();
  c.json = maui::prove::render_json(c.report);
  fs::current_path(old);
  return c;
}

}  // namespace maui::testing_support
