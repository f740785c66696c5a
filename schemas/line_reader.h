// Reading text a line at a time, with 1-based line numbers for located errors (schemas/problem.h):
// the FS files, SWF traces and Slurm accounting exports of runtime/io and the `mauic check --assert`
// files of checker/prove are all read this way. Here, below both, so that the checker needs
// nothing of the runtime's file readers to number its lines.
#pragma once

#include <string>
#include <string_view>

namespace maui {

class NumberedLines {
 public:
  explicit NumberedLines(std::string_view text) : rest_(text) {}
  // The next line without its '\n'; false at the end of the text.
  bool next(std::string_view& line) {
    if (rest_.empty()) return false;
    const std::size_t newline = rest_.find('\n');
    line = rest_.substr(0, newline);
    rest_.remove_prefix(newline == std::string_view::npos ? rest_.size() : newline + 1);
    ++number_;
    return true;
  }
  unsigned number() const { return number_; }  // of the line `next` gave last

 private:
  std::string_view rest_;
  unsigned number_ = 0;
};

// The same lines, numbered alike by their reader, from a text that arrives in chunks: a line
// that a chunk cuts is joined with its rest from the next chunk.
class ChunkedLines {
 public:
  // Calls line(text) for each line the chunk completes (without its '\n'); false as soon as
  // line() returns false.
  template <class Line>
  bool feed(std::string_view chunk, Line&& line) {
    for (std::size_t newline; (newline = chunk.find('\n')) != std::string_view::npos;
         chunk.remove_prefix(newline + 1)) {
      if (pending_.empty()) {
        if (!line(chunk.substr(0, newline))) return false;
        continue;
      }
      pending_.append(chunk.substr(0, newline));
      const bool go_on = line(std::string_view(pending_));
      pending_.clear();
      if (!go_on) return false;
    }
    pending_.append(chunk);
    return true;
  }
  // The last line, when the text does not end with '\n'.
  template <class Line>
  bool finish(Line&& line) {
    if (pending_.empty()) return true;
    const bool go_on = line(std::string_view(pending_));
    pending_.clear();
    return go_on;
  }

 private:
  std::string pending_;
};

}  // namespace maui
