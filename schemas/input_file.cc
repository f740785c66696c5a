#include "schemas/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace maui {

InputFile read_input_file(const std::string& path, std::uint64_t max_bytes) {
  InputFile in;
  auto fail = [&](std::string message) { in.error = Problem{path, 0, 0, Severity::Error, std::move(message)}; };
  const bool standard_input = path == "-";
  const int fd = standard_input ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    fail(std::strerror(errno));
    return in;
  }
  struct stat info {};
  if (::fstat(fd, &info) == 0 && S_ISDIR(info.st_mode)) {
    fail("it is a directory");
  } else {
    // Chunks until the end, so that streams of unknown size (pipes, devices) are read alike; a
    // regular file's size is known, and reserved once.
    constexpr std::size_t kChunk = 1u << 20;
    if (S_ISREG(info.st_mode) && static_cast<std::uint64_t>(info.st_size) <= max_bytes)
      in.text.reserve(static_cast<std::size_t>(info.st_size) + kChunk);
    std::size_t size = 0;
    for (;;) {
      if (size > max_bytes) {
        fail(fmt::format("it is larger than {} MB", max_bytes >> 20));
        break;
      }
      in.text.resize(size + kChunk);
      const ssize_t got = ::read(fd, in.text.data() + size, kChunk);
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) {
        fail(std::strerror(errno));
        break;
      }
      if (got == 0) break;
      size += static_cast<std::size_t>(got);
    }
    in.text.resize(in.error ? 0 : size);
    in.text.shrink_to_fit();
  }
  if (!standard_input) ::close(fd);
  return in;
}

}  // namespace maui
