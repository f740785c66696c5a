#include "parser/source.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "schemas/input_file.h"
#include "schemas/rule_ids.h"

namespace maui {

SourceSet::SourceSet() = default;

static std::string real_path_of(const std::string& path) {
  llvm::SmallString<256> real;
  if (llvm::sys::fs::real_path(path, real)) return path;
  return std::string(real);
}

namespace {
// A config is small text. Reading /dev/zero or a FIFO (#INCLUDE /dev/zero) must not hang or
// exhaust memory: only regular files up to kMaxConfigBytes are read, and as much of standard
// input.
constexpr std::uint64_t kMaxConfigBytes = 64ull << 20;

std::optional<std::string> unreadable_reason(const std::string& path) {
  if (path == "-") return std::nullopt;
  llvm::sys::fs::file_status status;
  if (llvm::sys::fs::status(path, status)) return std::nullopt;  // open() reports the error
  if (status.type() == llvm::sys::fs::file_type::directory_file) return std::string("it is a directory");
  if (status.type() != llvm::sys::fs::file_type::regular_file) return std::string("it is not a regular file");
  if (status.getSize() > kMaxConfigBytes)
    return fmt::format("it is {} bytes, more than the {} MB a config may have", status.getSize(),
                       kMaxConfigBytes >> 20);
  return std::nullopt;
}
}  // namespace

std::optional<unsigned> SourceSet::load_main(const std::string& path, DiagnosticSink& sink) {
  if (auto why = unreadable_reason(path)) {
    sink.report_file(rules::kIoError, path, fmt::format("cannot read '{}': {}", path, *why));
    return std::nullopt;
  }
  std::unique_ptr<llvm::MemoryBuffer> buffer;
  if (path == "-") {  // standard input: a stream, read up to the same limit
    InputFile in = read_input_file(path, kMaxConfigBytes);
    if (in.error) {
      sink.report_file(rules::kIoError, path, fmt::format("cannot read '{}': {}", path, in.error->message));
      return std::nullopt;
    }
    buffer = llvm::MemoryBuffer::getMemBufferCopy(in.text, path);
  } else {
    auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/true);
    if (!file) {
      sink.report_file(rules::kIoError, path, fmt::format("cannot read '{}': {}", path, file.getError().message()));
      return std::nullopt;
    }
    buffer = std::move(*file);
  }
  unsigned id = mgr_.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  names_.push_back(path);
  real_paths_.push_back(path == "-" ? path : real_path_of(path));
  parent_.push_back(0);
  return id;
}

unsigned SourceSet::add_buffer(std::string name, std::string_view text) {
  auto buffer = llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(text.data(), text.size()), name);
  unsigned id = mgr_.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  names_.push_back(name);
  real_paths_.push_back(name);
  parent_.push_back(0);
  return id;
}

std::optional<unsigned> SourceSet::load_include(std::string_view name, unsigned from, llvm::SMRange directive,
                                                DiagnosticSink& sink) {
  // Relative to the including file, as Maui's own include handling resolves it.
  llvm::SmallString<256> path;
  if (llvm::sys::path::is_absolute(name)) {
    path = name;
  } else {
    path = llvm::sys::path::parent_path(display_name(from));
    llvm::sys::path::append(path, name);
  }
  std::string display(path);
  std::string real = real_path_of(display);

  // A cycle is a file that includes itself through its own chain of includers.
  std::vector<unsigned> chain;
  for (unsigned b = from; b != 0; b = parent_[b - 1]) chain.push_back(b);
  for (unsigned b : chain) {
    if (real_paths_[b - 1] == real) {
      auto& d = sink.report(rules::kIncludeCycle, directive,
                            fmt::format("#INCLUDE cycle: '{}' is already being included", display));
      for (auto it = chain.rbegin(); it != chain.rend(); ++it)
        d.notes.push_back({{}, fmt::format("include chain: {}", display_name(*it))});
      return std::nullopt;
    }
  }
  if (auto why = unreadable_reason(display)) {
    sink.report(rules::kIncludeNotFound, directive, fmt::format("cannot read included file '{}': {}", display, *why));
    return std::nullopt;
  }
  auto buffer = llvm::MemoryBuffer::getFile(display, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/true);
  if (!buffer) {
    sink.report(rules::kIncludeNotFound, directive,
                fmt::format("cannot read included file '{}': {}", display, buffer.getError().message()));
    return std::nullopt;
  }
  unsigned id = mgr_.AddNewSourceBuffer(std::move(*buffer), directive.Start);
  names_.push_back(display);
  real_paths_.push_back(real);
  parent_.push_back(from);
  return id;
}

std::string_view SourceSet::text(unsigned buffer) const {
  auto* b = mgr_.getMemoryBuffer(buffer);
  return {b->getBufferStart(), b->getBufferSize()};
}

const std::string& SourceSet::display_name(unsigned buffer) const { return names_[buffer - 1]; }

namespace {

// The line holding `offset`, given the line found last in the same buffer (`hint`, or npos).
// Lowering walks the file top-down, so the wanted line is usually a few lines after the hint
// (comments and blank lines in between): those are tried first, which spares the binary search
// over the whole file and its cache misses on a large site.
std::size_t line_index(std::span<const std::size_t> starts, std::size_t offset, std::size_t hint) {
  constexpr std::size_t kNearby = 8;
  if (hint < starts.size() && starts[hint] <= offset) {
    const std::size_t stop = std::min(starts.size(), hint + 1 + kNearby);
    for (std::size_t next = hint + 1; next < stop; ++next)
      if (offset < starts[next]) return next - 1;
  }
  auto it = std::upper_bound(starts.begin(), starts.end(), offset);
  return static_cast<std::size_t>(it - starts.begin()) - 1;
}

}  // namespace

const std::vector<std::size_t>& SourceSet::line_starts(unsigned buffer) const {
  if (line_starts_.size() < buffer) line_starts_.resize(buffer);
  auto& starts = line_starts_[buffer - 1];
  if (starts.empty()) {
    // memchr, not a loop over bytes: this scans the whole buffer (megabytes for a large site).
    const std::string_view all = text(buffer);
    starts.push_back(0);
    const char* at = all.data();
    const char* const end = at + all.size();
    while ((at = static_cast<const char*>(std::memchr(at, '\n', static_cast<std::size_t>(end - at))))) {
      ++at;
      starts.push_back(static_cast<std::size_t>(at - all.data()));
    }
  }
  return starts;
}

SourceSet::Location SourceSet::locate(llvm::SMLoc loc) const {
  if (!loc.isValid()) return {};
  // Lowering asks for the lines of one buffer in order: the buffer and the line of the call
  // before are tried first, without the source manager's search.
  const char* const at = loc.getPointer();
  if (last_buffer_ == 0 || at < last_text_.data() || at > last_text_.data() + last_text_.size()) {
    const unsigned id = mgr_.FindBufferContainingLoc(loc);
    if (id == 0) return {};
    last_buffer_ = id;
    last_text_ = text(id);
    last_starts_ = line_starts(id);  // complete once built: its block never changes
    last_line_ = 0;
  }
  const auto& starts = last_starts_;
  const auto offset = static_cast<std::size_t>(at - last_text_.data());
  if (!(starts[last_line_] <= offset && (last_line_ + 1 == starts.size() || offset < starts[last_line_ + 1])))
    last_line_ = line_index(starts, offset, last_line_);
  auto line = static_cast<unsigned>(last_line_ + 1);
  auto column = static_cast<unsigned>(offset - starts[last_line_]) + 1;
  return {last_buffer_, line, column};
}

SourceSet::Position SourceSet::resolve(llvm::SMLoc loc) const {
  Location l = locate(loc);
  if (l.buffer == 0) return {};
  return {display_name(l.buffer), l.line, l.column};
}

}  // namespace maui
