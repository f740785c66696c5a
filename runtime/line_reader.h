// Reading text a line at a time, with 1-based line numbers for located errors: the FS files,
// SWF traces and `mauic check --assert` files are all read this way.
#pragma once

#include <string_view>

namespace maui::runtime {

class LineReader {
 public:
  explicit LineReader(std::string_view text) : rest_(text) {}
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

}  // namespace maui::runtime
