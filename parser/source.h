// The config files of one compilation: the main file and every #INCLUDEd file.
//
// Wraps llvm::SourceMgr so that diagnostics print the source line, a caret and the include
// stack. Buffers stay alive as long as the SourceSet: syntax trees point into them.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "llvm/Support/SourceMgr.h"
#include "parser/diagnostic.h"

namespace maui {

class SourceSet {
 public:
  SourceSet();

  // Reads the main config file (`-` = standard input). I/O errors go to `sink` (rule io-error).
  std::optional<unsigned> load_main(const std::string& path, DiagnosticSink& sink);

  // Adds an in-memory config (tests, fuzzing); `name` is its display name.
  unsigned add_buffer(std::string name, std::string_view text);

  // Reads `name` for an `#INCLUDE name` line at `directive` in buffer `from`, relative to the
  // including file. Reports include-not-found / include-cycle and returns nothing on error.
  std::optional<unsigned> load_include(std::string_view name, unsigned from, llvm::SMRange directive,
                                       DiagnosticSink& sink);

  llvm::SourceMgr& manager() { return mgr_; }
  const llvm::SourceMgr& manager() const { return mgr_; }
  unsigned buffer_count() const { return mgr_.getNumBuffers(); }
  std::string_view text(unsigned buffer) const;  // buffer ids start at 1
  const std::string& display_name(unsigned buffer) const;

  // File, 1-based line and column (bytes) of a location.
  struct Position {
    std::string file;
    unsigned line = 0;
    unsigned column = 0;
  };
  Position resolve(llvm::SMLoc loc) const;
  // The same without the file name: buffer id (0 = none), line and column.
  struct Location {
    unsigned buffer = 0;
    unsigned line = 0;
    unsigned column = 0;
  };
  Location locate(llvm::SMLoc loc) const;
  unsigned buffer_of(llvm::SMLoc loc) const { return mgr_.FindBufferContainingLoc(loc); }
  // Number of lines (1 + the number of '\n'), from the line table that locate() uses.
  std::size_t line_count(unsigned buffer) const { return line_starts(buffer).size(); }

 private:
  const std::vector<std::size_t>& line_starts(unsigned buffer) const;  // built on first use

  llvm::SourceMgr mgr_;
  std::vector<std::string> names_;  // index = buffer id - 1
  std::vector<std::string> real_paths_;
  std::vector<unsigned> parent_;  // including buffer, 0 for the main file
  // Offsets of line starts per buffer, built on first use. Maui treats CR as a blank, so only
  // '\n' starts a line (llvm::SourceMgr also breaks columns at '\r', and scans back to the line
  // start on every lookup, which is quadratic on long lines).
  mutable std::vector<std::vector<std::size_t>> line_starts_;
  // The last line locate() found (lowering asks about the same or the next line in a row), with
  // its buffer's text and line table, so that the usual call looks nothing up.
  mutable unsigned last_buffer_ = 0;
  mutable std::string_view last_text_;
  mutable std::span<const std::size_t> last_starts_;  // the heap block of line_starts_[id - 1]
  mutable std::size_t last_line_ = 0;                 // index into last_starts_
};

}  // namespace maui
