#include "runtime/io/inflating_reader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string_view>

#include <fmt/format.h>

namespace maui::runtime {

namespace {

constexpr std::size_t kChunk = 1u << 18;  // 256 KB: parsing starts once the first one is in
constexpr std::size_t kAhead = 8;         // chunks inflated ahead of the parser at most
constexpr std::size_t kMostShrink = 12;   // archive SWF traces shrink 5 to 8 times in gzip

// zlib's message without the "<fd:N>: " it puts in front (gzdopen knows no file name; ours
// names the path itself).
std::string_view zlib_reason(const char* message) {
  std::string_view text = message;
  if (text.starts_with("<fd:")) {
    if (std::size_t colon = text.find(": "); colon != std::string_view::npos) text.remove_prefix(colon + 2);
  }
  return text;
}

// Why the stream ended, or "" when it ended cleanly; closes it. gzread does not fail on a
// truncated gzip stream (it returns what it had and records Z_BUF_ERROR), so gzerror and gzclose
// must be asked too: a short trace must never pass for a whole one.
std::string close_stream(gzFile gz, const std::string& path) {
  int code = Z_OK;
  std::string_view reason = zlib_reason(::gzerror(gz, &code));
  std::string error;
  if (code == Z_ERRNO)
    error = fmt::format("cannot read '{}': {}", path, reason);
  else if (code == Z_BUF_ERROR)
    error = fmt::format("cannot read '{}': truncated gzip stream ({})", path, reason);
  else if (code != Z_OK)
    error = fmt::format("cannot read '{}': corrupt gzip stream ({})", path, reason);
  int closed = ::gzclose_r(gz);
  if (error.empty() && closed != Z_OK)
    error = fmt::format("cannot read '{}': gzip stream ended early (zlib error {})", path, closed);
  return error;
}

}  // namespace

InflatingReader::InflatingReader(const std::string& path, std::size_t max_bytes) : path_(path), max_bytes_(max_bytes) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat info {};
  if (fd < 0)
    error_ = fmt::format("cannot open '{}': {}", path, std::strerror(errno));
  else if (::fstat(fd, &info) == 0 && S_ISDIR(info.st_mode))
    error_ = fmt::format("cannot read '{}': {}", path, std::strerror(EISDIR));
  else if ((gz_ = ::gzdopen(fd, "rb")) == nullptr)
    error_ = fmt::format("cannot read '{}': out of memory", path);
  if (gz_ == nullptr) {
    if (fd >= 0) ::close(fd);
    ended_ = true;
    return;
  }
  ::gzbuffer(gz_, 1u << 17);
  unsigned char magic[2] = {};
  const bool gzip = ::pread(fd, magic, 2, 0) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
  text_bytes_at_most_ = static_cast<std::size_t>(info.st_size) * (gzip ? kMostShrink : 1);
  thread_ = std::thread([this] { inflate(); });
}

InflatingReader::~InflatingReader() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void InflatingReader::inflate() {
  std::size_t total = 0;
  std::string too_long;
  for (;;) {
    std::string chunk;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return stopping_ || ready_.size() < kAhead; });
      if (stopping_) break;
      if (!spare_.empty()) chunk = std::move(spare_.back()), spare_.pop_back();
    }
    chunk.resize(kChunk);
    const int got = ::gzread(gz_, chunk.data(), static_cast<unsigned>(kChunk));
    if (got <= 0) break;  // the end, or an error close_stream names
    chunk.resize(static_cast<std::size_t>(got));
    if ((total += chunk.size()) > max_bytes_) {
      too_long = fmt::format("cannot read '{}': it is larger than {} GB", path_, max_bytes_ >> 30);
      break;
    }
    {
      std::lock_guard lock(mutex_);
      ready_.push_back(std::move(chunk));
    }
    changed_.notify_all();
  }
  std::string why = close_stream(gz_, path_);
  {
    std::lock_guard lock(mutex_);
    error_ = too_long.empty() ? std::move(why) : std::move(too_long);
    ended_ = true;
  }
  changed_.notify_all();
}

bool InflatingReader::next(std::string& chunk) {
  std::unique_lock lock(mutex_);
  if (chunk.capacity() >= kChunk) spare_.push_back(std::move(chunk));
  chunk.clear();
  changed_.wait(lock, [&] { return !ready_.empty() || ended_; });
  if (ready_.empty()) return false;
  chunk = std::move(ready_.front());
  ready_.pop_front();
  lock.unlock();
  changed_.notify_all();  // room for one more
  return true;
}

}  // namespace maui::runtime
