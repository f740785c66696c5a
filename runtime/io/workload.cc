#include "runtime/io/workload.h"

#include "runtime/io/inflating_reader.h"
#include "runtime/io/sacct.h"

namespace maui::runtime {

namespace {

// The first line of the file that is not blank ("" for none, or a file that cannot be read:
// the reader then says why).
std::string first_line(const std::string& path) {
  InflatingReader file(path, std::size_t{1} << 30);
  std::string text, chunk;
  while (file.next(chunk)) {
    text += chunk;
    std::size_t start = 0;
    for (std::size_t newline; (newline = text.find('\n', start)) != std::string::npos; start = newline + 1)
      if (text.find_first_not_of(" \t\r", start) < newline) return text.substr(start, newline - start);
    if (text.size() > (1u << 20)) break;  // no line end in the first megabyte: not sacct's header
  }
  return text;
}

}  // namespace

TraceReadResult read_workload(const std::string& path, const TraceReadOptions& options) {
  return is_sacct_header(first_line(path)) ? read_sacct(path, options) : read_swf(path, options);
}

}  // namespace maui::runtime
