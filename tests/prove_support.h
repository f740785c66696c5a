// Running `mauic check`'s library on a config in a directory, as the prove tests do: the report
// and its text and JSON renderings, with paths relative to that directory.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "checker/pipeline.h"
#include "checker/prove/prove.h"
#include "checker/prove/render.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

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

// Checks config text (and assertions, when not empty) written to input.cfg / input.assert in a
// fresh temporary directory of its own: ctest runs tests in parallel processes, so a shared
// directory would let one test read another's files.
inline Checked check_config(const std::string& config, const std::string& assertions = "") {
  namespace fs = std::filesystem;
  std::string pattern = (fs::temp_directory_path() / "maui-prove-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) {
    ADD_FAILURE() << "cannot create a temporary directory";
    return {};
  }
  const fs::path dir(pattern);
  std::ofstream(dir / "input.cfg", std::ios::binary) << config;
  if (!assertions.empty()) std::ofstream(dir / "input.assert", std::ios::binary) << assertions;
  Checked c = check_in(dir, "input.cfg", assertions.empty() ? "" : "input.assert");
  std::error_code ec;
  fs::remove_all(dir, ec);
  return c;
}

}  // namespace maui::testing_support
