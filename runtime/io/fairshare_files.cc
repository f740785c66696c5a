#include "runtime/io/fairshare_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include <fmt/format.h>

#include "runtime/io/atomic_file.h"
#include "schemas/input_file.h"
#include "schemas/line_reader.h"

namespace maui::runtime {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The credential kind of a type word; `total` for the system total.
struct TypeWord {
  std::optional<ir::CredKind> kind;
  bool total = false;
};
std::optional<TypeWord> type_of(std::string_view word) {
  std::string w = lower(word);
  if (w == "user") return TypeWord{ir::CredKind::User};
  if (w == "group") return TypeWord{ir::CredKind::Group};
  if (w == "acct" || w == "account") return TypeWord{ir::CredKind::Account};
  if (w == "qos") return TypeWord{ir::CredKind::Qos};
  if (w == "class") return TypeWord{ir::CredKind::Class};
  if (w == "sched" || w == "total") return TypeWord{std::nullopt, true};
  return std::nullopt;
}

std::string_view maui_type(ir::CredKind k) {
  switch (k) {
    case ir::CredKind::User: return "user";
    case ir::CredKind::Group: return "group";
    case ir::CredKind::Account: return "acct";
    case ir::CredKind::Qos: return "qos";
    case ir::CredKind::Class: return "class";
    case ir::CredKind::System: return "sched";
  }
  return "?";
}

// A window's usage by one credential: far more than 10^9 procs (schemas/ir.h, Bounds) deliver in
// any window, and small enough that sums over every window and credential stay finite.
constexpr double kMaxUsage = 1e30;

std::optional<double> number(std::string_view text) {
  std::string s(text);
  char* end = nullptr;
  errno = 0;
  double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || errno == ERANGE || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::vector<std::string_view> fields(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    std::size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

std::string ctime_utc(Epoch t) {
  std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, "%a %b %e %H:%M:%S %Y", &tm);
  return buf;
}

}  // namespace

std::string fairshare_file_name(Epoch start) { return fmt::format("FS.{}", start); }

ParsedFairshareFile parse_fairshare_file(std::string_view name, std::string_view text, Epoch start) {
  ParsedFairshareFile out;
  out.window.start = start;
  NumberedLines lines(text);
  std::string_view line;
  while (lines.next(line)) {
    const std::int64_t line_no = lines.number();
    if (auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    auto f = fields(line);
    if (f.empty()) continue;
    // Located at the field that is wrong (a view into the line), or at the whole line.
    auto error = [&](std::string message, std::string_view at = {}) {
      const std::int64_t column = at.empty() ? 0 : at.data() - line.data() + 1;
      out.errors.push_back({std::string(name), line_no, column, Severity::Error, std::move(message)});
    };
    auto type = type_of(f[0]);
    if (!type) {
      error(fmt::format("expected a type (user, group, acct, qos, class or sched), found '{}'", f[0]), f[0]);
      continue;
    }
    // `TOTAL 600000.00` (the manual's sample) has no name.
    bool short_total = type->total && f.size() == 2;
    if (!short_total && f.size() != 3) {
      error(fmt::format("expected '<type> <name> <usage>', found {} fields", f.size()), f.size() > 3 ? f[3] : "");
      continue;
    }
    std::string_view value_text = f.back();
    auto value = number(value_text);
    if (!value || *value < 0 || *value > kMaxUsage) {
      error(
          fmt::format("expected a usage (a number of proc-seconds from 0 to {:g}), found '{}'", kMaxUsage, value_text),
          value_text);
      continue;
    }
    if (type->total) {
      if (out.has_total) error("a second total line replaces the first", f[0]);
      out.window.total = *value;
      out.has_total = true;
      continue;
    }
    ir::Credential who{*type->kind, std::string(f[1])};
    auto [it, inserted] = out.window.usage.emplace(who, *value);
    if (!inserted) {
      error(fmt::format("a second line for {} {} replaces the first", ir::to_string(who.kind), who.name), f[0]);
      it->second = *value;
    }
  }
  // A file without a total line: the total is the usage of the fullest credential kind (every
  // job has a user, so the user sum normally equals the total; manual 6.3.2.3).
  if (!out.has_total) {
    std::array<double, 6> sums{};
    for (const auto& [who, v] : out.window.usage) sums[static_cast<std::size_t>(who.kind)] += v;
    out.window.total = *std::max_element(sums.begin(), sums.end());
  }
  return out;
}

std::string format_fairshare_file(const FairshareWindow& window, Seconds duration) {
  std::string out =
      fmt::format("# FS Data File (Duration: {:6} seconds)  Starting: {}\n", duration, ctime_utc(window.start));
  for (auto kind :
       {ir::CredKind::User, ir::CredKind::Group, ir::CredKind::Account, ir::CredKind::Qos, ir::CredKind::Class})
    for (const auto& [who, v] : window.usage)
      if (who.kind == kind && v != 0) out += fmt::format("{:<10} {:>15} {:12.3f}\n", maui_type(kind), who.name, v);
  // The total is written whenever a usage is, even 0: a file without one is read with the total
  // of its fullest credential kind, which a window read with a total of 0 does not have (found
  // by fuzzing: such a window, saved, came back with another total).
  const bool any_usage =
      std::any_of(window.usage.begin(), window.usage.end(), [](const auto& entry) { return entry.second != 0; });
  if (window.total != 0 || any_usage) out += fmt::format("{:<10} {:>15} {:12.3f}\n", "sched", "NONE", window.total);
  return out;
}

FairshareLoad load_fairshare_dir(const std::string& dir, const FairshareClock& clock, Epoch now) {
  FairshareLoad load;
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) {
    load.failure = {dir, 0, 0, Severity::Error,
                    fmt::format("cannot read the fairshare directory '{}': {}", dir, std::strerror(errno))};
    return load;
  }
  if (!S_ISDIR(st.st_mode)) {
    load.failure = {dir, 0, 0, Severity::Error, fmt::format("the fairshare directory '{}' is not a directory", dir)};
    return load;
  }
  Epoch current = window_start(now, clock.interval);
  for (int k = 0; k < clock.depth; ++k) {
    Epoch start = current - static_cast<Epoch>(k) * clock.interval;
    std::string name = fairshare_file_name(start);
    std::string path = dir + "/" + name;
    if (::access(path.c_str(), F_OK) != 0) continue;  // no file: nothing was used in that window
    // A window file holds a line per credential: 64 MB is millions of them.
    InputFile in = read_input_file(path, 64ull << 20);
    if (in.error) {
      load.errors.push_back({path, 0, 0, Severity::Error, "cannot be read: " + in.error->message});
      continue;
    }
    auto parsed = parse_fairshare_file(path, in.text, start);
    load.history.window(start) = std::move(parsed.window);
    load.files.push_back(name);
    for (auto& e : parsed.errors) load.errors.push_back(std::move(e));
  }
  return load;
}

std::optional<Problem> write_fairshare_file(const std::string& dir, const FairshareWindow& window, Seconds duration) {
  return write_file_atomically(dir, fairshare_file_name(window.start), format_fairshare_file(window, duration));
}

std::optional<Problem> save_fairshare(const std::string& dir, FairshareHistory& history, const FairshareClock& clock,
                                      Epoch now) {
  Epoch current = window_start(now, clock.interval);
  history.forget_before(current - static_cast<Epoch>(clock.depth - 1) * clock.interval);
  for (const auto& [start, window] : history.windows())
    if (auto error = write_fairshare_file(dir, window, clock.interval)) return error;
  return std::nullopt;
}

}  // namespace maui::runtime
