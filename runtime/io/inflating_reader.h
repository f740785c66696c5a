// A file read in chunks while a second thread inflates the chunks that follow: parsing a
// compressed SWF trace then overlaps with inflating it (on the KTH trace the two take about as
// long). zlib's gzread recognises gzip by its magic bytes (1f 8b) and passes any other file
// through unchanged, so a plain trace and a compressed one take the same path whatever their
// names.
#pragma once

#include <zlib.h>

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "schemas/line_reader.h"

namespace maui::runtime {

class InflatingReader {
 public:
  // Starts reading `path`; a file that cannot be opened ends at once with error().
  // `max_bytes`: a stream longer than this ends with an error (/dev/zero is not a trace).
  InflatingReader(const std::string& path, std::size_t max_bytes);
  ~InflatingReader();  // stops the inflating thread
  InflatingReader(const InflatingReader&) = delete;
  InflatingReader& operator=(const InflatingReader&) = delete;

  // The next chunk of the file's text, in order, in place of `chunk` (whose memory is used
  // again); false at the end of the stream, whether it ended cleanly or not.
  bool next(std::string& chunk);
  // Why the stream ended: "" when it ended cleanly. Only once next() returned false. Text: the
  // readers that use this stream make it the problem of their file (runtime/io/swf.h
  // read_problem), the one shape their callers see.
  const std::string& error() const { return error_; }
  // About as many bytes of text as the file holds, or a few times more: its size, times the most
  // a gzip trace shrinks (for sizing what the text is read into; 0 when it could not be opened).
  std::size_t text_bytes_at_most() const { return text_bytes_at_most_; }

 private:
  void inflate();  // the second thread

  const std::string path_;
  const std::size_t max_bytes_;
  gzFile gz_ = nullptr;
  std::size_t text_bytes_at_most_ = 0;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> ready_;   // inflated, not yet taken
  std::vector<std::string> spare_;  // taken and given back: their memory is used again
  bool ended_ = false;              // the thread inflated its last chunk
  bool stopping_ = false;           // the reader is going away
  std::string error_;
  std::thread thread_;
};

// Gives line(text) every line of the file in order (schemas/line_reader.h, ChunkedLines)
// until it returns false, and reads the stream to its end all the same: a stream that ends
// badly must be told, even after the lines wanted, so that a short file never passes for a
// whole one. Returns why the stream ended ("" when cleanly).
template <class Line>
std::string read_lines(InflatingReader& file, Line&& line) {
  ChunkedLines lines;
  bool parsing = true;
  std::string chunk;
  while (file.next(chunk))
    if (parsing) parsing = lines.feed(chunk, line);
  if (parsing) lines.finish(line);
  return file.error();
}

}  // namespace maui::runtime
