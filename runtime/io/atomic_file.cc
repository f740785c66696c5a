#include "runtime/io/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace maui::runtime {

std::optional<Problem> write_file_atomically(const std::string& dir, const std::string& name, std::string_view text,
                                             bool keep_previous) {
  const std::string final_path = dir + "/" + name;
  const std::string temp_path = fmt::format("{}/.{}.tmp.{}", dir, name, ::getpid());
  auto problem = [&](std::string message) { return Problem{final_path, 0, 0, Severity::Error, std::move(message)}; };
  auto fail = [&](std::string_view what) {
    std::string message = fmt::format("cannot {} '{}': {}", what, temp_path, std::strerror(errno));
    ::unlink(temp_path.c_str());
    return problem(std::move(message));
  };
  const int fd = ::open(temp_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return problem(fmt::format("cannot create '{}': {}", temp_path, std::strerror(errno)));
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      ::close(fd);
      return fail("write");
    }
    done += static_cast<std::size_t>(n);
  }
  // The data must be on disk before the rename makes it the file: a crash leaves the old file
  // or the new one, never a torn one.
  if (::fsync(fd) != 0) {
    ::close(fd);
    return fail("sync");
  }
  if (::close(fd) != 0) return fail("close");
  if (keep_previous) {
    // The current file becomes NAME.prev (a hard link: the name NAME never goes missing).
    const std::string previous = final_path + ".prev";
    ::unlink(previous.c_str());
    if (::link(final_path.c_str(), previous.c_str()) != 0 && errno != ENOENT) return fail("keep the previous copy of");
  }
  if (::rename(temp_path.c_str(), final_path.c_str()) != 0) return fail("rename");
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);  // the rename itself; best effort (some file systems refuse directory fsync)
    ::close(dfd);
  }
  return std::nullopt;
}

}  // namespace maui::runtime
