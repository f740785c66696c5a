#include "runtime/daemon/decision_log.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>

#include <fmt/format.h>

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace maui::runtime {

namespace json = llvm::json;

namespace {

std::string utc(Epoch t) {
  std::tm tm{};
  const std::time_t tt = static_cast<std::time_t>(t);
  gmtime_r(&tt, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

std::string log_text(const LogLine& l) {
  std::string out = utc(l.time) + " " + l.event;
  if (!l.job.empty()) out += " job " + l.job;
  if (!l.nodes.empty()) {
    out += " on ";
    for (std::size_t i = 0; i < l.nodes.size(); ++i)
      out += fmt::format("{}{}:{}", i ? "," : "", l.nodes[i].first, l.nodes[i].second);
  }
  if (!l.reason.empty()) out += ": " + l.reason;
  for (const auto& [k, v] : l.fields) out += fmt::format(" {}={}", k, v);
  return out;
}

std::string log_json(const LogLine& l) {
  json::Object o{{"time", l.time}, {"event", l.event}};
  if (!l.job.empty()) o["job"] = l.job;
  if (!l.nodes.empty()) {
    json::Array nodes;
    for (const auto& [n, t] : l.nodes) nodes.push_back(json::Array{n, t});
    o["nodes"] = std::move(nodes);
  }
  if (!l.reason.empty()) o["reason"] = l.reason;
  for (const auto& [k, v] : l.fields) o[k] = v;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << json::Value(std::move(o));
  return os.str();
}

void DecisionLog::open(const std::string& dir, std::uint64_t max_bytes) {
  max_bytes_ = max_bytes;
  const bool opened = open_file(text_, dir + "/serve.log", 0644) & open_file(json_, dir + "/serve.jsonl", 0644) &
                      open_file(audit_, dir + "/audit.log", 0600);
  if (!opened)
    std::fprintf(stderr, "mauirun serve: cannot open the logs in %s: %s (logging to standard error only)\n",
                 dir.c_str(), std::strerror(errno));
}

bool DecisionLog::open_file(File& f, const std::string& path, int mode) {
  f.path = path;
  f.fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, mode);
  struct stat st {};
  f.size = f.fd >= 0 && ::fstat(f.fd, &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : 0;
  return f.fd >= 0;
}

DecisionLog::~DecisionLog() {
  for (File* f : {&text_, &json_, &audit_})
    if (f->fd >= 0) ::close(f->fd);
}

// NAME becomes NAME.1, replacing the one before; a new NAME begins. Should the rename fail, the
// file is cut to nothing instead: the bound holds either way.
void DecisionLog::rotate(File& f) {
  const int mode = &f == &audit_ ? 0600 : 0644;
  ::close(f.fd);
  if (::rename(f.path.c_str(), (f.path + ".1").c_str()) != 0) (void)!::truncate(f.path.c_str(), 0);
  open_file(f, f.path, mode);
}

void DecisionLog::append(File& f, const std::string& text) {
  if (f.fd < 0) return;
  if (max_bytes_ > 0 && f.size > 0 && f.size + text.size() > max_bytes_) rotate(f);
  if (f.fd < 0) return;
  // One write per line (O_APPEND): a line is whole or absent, never interleaved or torn, unless
  // the disk fills up in the middle of it.
  const ssize_t n = ::write(f.fd, text.data(), text.size());
  if (n > 0) f.size += static_cast<std::uint64_t>(n);
  if (n == static_cast<ssize_t>(text.size())) {
    if (failing_)
      std::fprintf(stderr, "mauirun serve: the logs can be written again (%lld lines lost)\n",
                   static_cast<long long>(lost_));
    failing_ = false;
    return;
  }
  ++lost_;
  if (!failing_)
    std::fprintf(stderr, "mauirun serve: cannot write the logs: %s (lines go to standard error only)\n",
                 n < 0 ? std::strerror(errno) : "short write");
  failing_ = true;
}

void DecisionLog::write(const LogLine& line) {
  std::lock_guard<std::mutex> lock(mutex_);
  write_locked(line);
}

void DecisionLog::write_locked(const LogLine& line) {
  const std::string text = log_text(line) + "\n";
  if (to_stderr_) std::fputs(text.c_str(), stderr);
  append(text_, text);
  append(json_, log_json(line) + "\n");
}

void DecisionLog::audit(const LogLine& line) {
  std::lock_guard<std::mutex> lock(mutex_);
  write_locked(line);
  append(audit_, log_text(line) + "\n");
  if (audit_.fd >= 0) ::fdatasync(audit_.fd);
}

}  // namespace maui::runtime
