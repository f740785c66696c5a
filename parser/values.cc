#include "parser/values.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

namespace maui::values {

namespace {
// A plain decimal (digits and at most one '.', short enough that it can neither overflow nor
// underflow), read by std::from_chars: the same double as strtod (both round correctly), without
// the copy and strtod's multi-precision work (a large site has tens of thousands, FSTARGET=7.1).
// Anything else (a sign, an exponent, hex, INF, trailing text): none, and strtod decides.
std::optional<double> plain_double(std::string_view text) {
  constexpr std::size_t kMaxPlain = 20;
  if (text.empty() || text.size() > kMaxPlain) return std::nullopt;
  if (std::count(text.begin(), text.end(), '.') > 1 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c == '.' || is_digit(c); }) ||
      std::none_of(text.begin(), text.end(), is_digit))
    return std::nullopt;
  double v = 0;
  const char* const end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, v);
  if (error != std::errc() || stop != end) return std::nullopt;
  return v;
}
}  // namespace

Result<double> parse_double(std::string_view text) {
  Result<double> r;
  if ((r.value = plain_double(text))) return r;
  std::string s(text);
  char* end = nullptr;
  errno = 0;
  double v = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || errno == ERANGE || !std::isfinite(v)) {
    r.issues.push_back(error_at(text, 0, fmt::format("expected a number, found '{}'", text)));
    return r;
  }
  std::size_t used = static_cast<std::size_t>(end - s.c_str());
  if (used < s.size())
    r.issues.push_back({rules::kIntegerFormat, false, used, s.size() - used,
                        fmt::format("trailing '{}' after the number is ignored", text.substr(used))});
  r.value = v;
  return r;
}

Result<bool> parse_boolean(std::string_view text) {
  Result<bool> r;
  for (std::string_view t : {"1", "true", "True", "TRUE", "ON", "yes", "Yes", "YES"})
    if (text == t) r.value = true;
  for (std::string_view f : {"0", "false", "False", "FALSE", "off", "Off", "OFF", "no", "No", "NO"})
    if (text == f) r.value = false;
  if (r.value) return r;
  if (text == "on" || text == "On") {
    r.value = true;
    r.issues.push_back({rules::kCompatBooleanOn, false, 0, text.size(),
                        fmt::format("Maui 3.3.1 does not recognise '{}' as true (only ON, TRUE, "
                                    "YES, 1) and keeps the default; write ON",
                                    text)});
    return r;
  }
  if (iequals(text, "true") || iequals(text, "yes")) {
    r.value = true;
  } else if (iequals(text, "false") || iequals(text, "no") || iequals(text, "off")) {
    r.value = false;
  }
  if (r.value) {
    r.issues.push_back({rules::kWrongCase, false, 0, text.size(),
                        fmt::format("Maui 3.3.1 does not recognise the spelling '{}' and keeps the "
                                    "default; write {}",
                                    text, *r.value ? "TRUE" : "FALSE")});
    return r;
  }
  r.issues.push_back(error_at(text, 0,
                              fmt::format("expected a boolean (TRUE, FALSE, ON, OFF, "
                                          "YES, NO, 1, 0), found '{}'",
                                          text)));
  return r;
}

Result<ir::Seconds> parse_datetime(std::string_view text) {
  Result<ir::Seconds> r;
  auto underscore = text.find('_');
  // The time of day is HH[:MM[:SS]], left-aligned (unlike a duration): 14:30 is 14 h 30 min.
  auto time_part = text.substr(0, underscore);
  auto fields = split(time_part, ":");
  std::int64_t seconds = 0;
  bool ok = !fields.empty() && fields.size() <= 3 &&
            std::count(time_part.begin(), time_part.end(), ':') + 1 == static_cast<long>(fields.size());
  static constexpr std::int64_t unit[] = {3600, 60, 1};
  for (std::size_t i = 0; ok && i < fields.size(); ++i) {
    std::int64_t v = 0;
    ok = read_decimal(fields[i], v) == fields[i].size() && v >= 0 && v <= kMaxTimeField;
    if (ok) seconds += v * unit[i];
  }
  if (!ok) {
    r.issues.push_back(error_at(text, 0,
                                fmt::format("expected a time HH[:MM[:SS]][_MO[/DD[/YY]]], "
                                            "found '{}'",
                                            text)));
    return r;
  }
  if (underscore != std::string_view::npos) {
    for (auto part : Pieces(text.substr(underscore + 1), "/")) {
      std::int64_t v = 0;
      if (read_decimal(part, v) != part.size()) {
        r.issues.push_back(error_at(text, underscore + 1,
                                    fmt::format("expected a date MO[/DD[/YY]] "
                                                "after '_', found '{}'",
                                                text)));
        return r;
      }
    }
  }
  r.value = seconds;
  return r;
}

namespace {
// The usual limit, `N` or `S,H` in plain decimal digits (no sign, no leading zero, no overflow):
// what the general path below reads without a finding, without its bookkeeping (a large site
// has tens of thousands). Anything else: none, and the general path decides.
std::optional<ir::Limit> plain_limit(std::string_view text) {
  auto plain = [](std::string_view part, std::int64_t& value) {
    return !part.empty() && part[0] >= '0' && part[0] <= '9' && (part[0] != '0' || part.size() == 1) &&
           read_decimal(part, value) == part.size();
  };
  const auto comma = text.find(',');
  std::int64_t soft = 0, hard = 0;
  if (!plain(text.substr(0, comma), soft)) return std::nullopt;
  if (comma == std::string_view::npos) return ir::Limit{soft, soft, {}};
  if (!plain(text.substr(comma + 1), hard)) return std::nullopt;  // a second comma fails here
  return ir::Limit{soft, hard, {}};
}
}  // namespace

Result<ir::Limit> parse_limit(std::string_view text, bool time_valued) {
  Result<ir::Limit> r;
  if ((r.value = plain_limit(text))) return r;
  auto comma = text.find(',');
  auto soft_text = text.substr(0, comma);
  auto hard_text = comma == std::string_view::npos ? soft_text : text.substr(comma + 1);
  auto parse_one = [&](std::string_view part, std::size_t offset) -> std::optional<std::int64_t> {
    if (part.empty()) return 0;  // `MAXJOB=5,`: the hard limit stays unset
    bool has_colon = part.find(':') != std::string_view::npos;
    if (time_valued && (has_colon || part == "INFINITY")) {
      auto d = nested(parse_duration(part), offset, r.issues);
      if (d && has_colon) {
        std::int64_t maui = 0;
        read_decimal(part, maui);
        r.issues.push_back({rules::kCompatLimitTimeFormat, false, offset, part.size(),
                            fmt::format("Maui 3.3.1 reads limits inside *CFG lines as plain integers: "
                                        "'{}' is {} seconds for it, not {}; write {}",
                                        part, maui, *d, *d)});
      }
      return d;
    }
    if (part == "INFINITY" || part == "UNLIMITED") return -1;
    auto v = nested(parse_integer(part), offset, r.issues);
    if (v && *v < -1) {
      r.issues.push_back(error_at(text, offset,
                                  fmt::format("a limit must be a count ≥ 0 or -1 "
                                              "(unlimited), found {}",
                                              *v)));
      return std::nullopt;
    }
    return v;
  };
  auto soft = parse_one(soft_text, 0);
  // A single value sets both limits: parse (and report) it once.
  auto hard = comma == std::string_view::npos ? soft : parse_one(hard_text, comma + 1);
  if (!soft || !hard) {
    bool reported = false;
    for (const auto& i : r.issues) reported |= i.error;
    if (!reported) r.issues.push_back(error_at(text, 0, fmt::format("expected a limit SOFT[,HARD], found '{}'", text)));
    return r;
  }
  if (comma != std::string_view::npos && text.find(',', comma + 1) != std::string_view::npos) {
    r.issues.push_back(error_at(text, 0, fmt::format("expected a limit SOFT[,HARD], found '{}'", text)));
    return r;
  }
  r.value = ir::Limit{*soft, *hard, {}};
  return r;
}

Result<ir::FairshareTarget> parse_fairshare_target(std::string_view text) {
  Result<ir::FairshareTarget> r;
  ir::FairshareTarget t;
  std::string_view number = text;
  if (!number.empty()) {
    switch (number.back()) {
      case '+': t.mode = ir::FairshareMode::Floor; break;
      case '-': t.mode = ir::FairshareMode::Ceiling; break;
      case '^': t.mode = ir::FairshareMode::CapAbsolute; break;
      case '%': t.mode = ir::FairshareMode::CapRelative; break;
      default: break;
    }
    if (t.mode != ir::FairshareMode::Target) number.remove_suffix(1);
  }
  auto v = parse_double(number);
  if (!v.value || !v.issues.empty()) {
    r.issues.push_back(error_at(text, 0,
                                fmt::format("expected a fairshare target: a number with an "
                                            "optional marker + - ^ %, found '{}'",
                                            text)));
    return r;
  }
  t.value = *v.value;
  r.value = t;
  return r;
}

Result<ir::NameList> parse_name_list(std::string_view text) {
  Result<ir::NameList> r;
  ir::NameList list;
  // Room for every item up front: growing the vector moved the names at each doubling.
  list.names.reserve(static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return c == ',' || c == ':'; }) + 1));
  // The items between ',' and ':' (as split() gives them, without its vector: most credential
  // lines of a large site have a list).
  for (std::size_t start = 0, i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != ',' && text[i] != ':') continue;
    std::string_view name = text.substr(start, i - start);
    start = i + 1;
    if (!name.empty() && (name.back() == '&' || name.back() == '^')) {
      list.mode = name.back() == '&' ? ir::ListMode::And : ir::ListMode::Only;
      name.remove_suffix(1);
    }
    if (!name.empty() && (name.front() == '&' || name.front() == '^')) {
      list.mode = name.front() == '&' ? ir::ListMode::And : ir::ListMode::Only;
      name.remove_prefix(1);
    }
    if (!name.empty()) list.names.emplace_back(name);
  }
  r.value = std::move(list);
  return r;
}

Result<ir::TaskResources> parse_resources(std::string_view text) {
  Result<ir::TaskResources> r;
  ir::TaskResources t;
  for (auto item : Pieces(text, ",+;")) {
    auto sep = item.find_first_of(":=");
    auto name = item.substr(0, sep);
    auto offset = static_cast<std::size_t>(item.data() - text.data());
    if (sep == std::string_view::npos) {
      r.issues.push_back(error_at(text, offset,
                                  fmt::format("expected NAME:VALUE (PROCS, MEM, SWAP or "
                                              "DISK), found '{}'",
                                              item)));
      return r;
    }
    auto v = parse_integer(item.substr(sep + 1));
    if (!v.value) {
      r.issues.push_back(error_at(text, offset + sep + 1, fmt::format("expected a number in '{}'", item)));
      return r;
    }
    std::int64_t* into = name == "PROCS"  ? &t.procs
                         : name == "MEM"  ? &t.mem_mb
                         : name == "SWAP" ? &t.swap_mb
                         : name == "DISK" ? &t.disk_mb
                                          : nullptr;
    if (!into) {
      r.issues.push_back(error_at(text, offset,
                                  fmt::format("unknown resource '{}' (expected PROCS, MEM, "
                                              "SWAP or DISK)",
                                              name)));
      return r;
    }
    // PROCS:-1 is the manual's "all processors of the node".
    const bool procs = into == &t.procs;
    const std::int64_t min = procs ? -1 : 0, max = procs ? ir::kMaxProcs : ir::kMaxMegabytes;
    if (*v.value < min || *v.value > max) {
      r.issues.push_back(error_at(text, offset + sep + 1,
                                  fmt::format("expected {} from {} to {}{}, found '{}'", name, min, max,
                                              procs ? " (-1: all of the node's)" : " MB", item.substr(sep + 1))));
      return r;
    }
    *into = *v.value;
  }
  r.value = t;
  return r;
}

Result<std::uint8_t> parse_days(std::string_view text) {
  Result<std::uint8_t> r;
  static constexpr std::string_view names[] = {"SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"};
  std::uint8_t mask = 0;
  for (auto item : Pieces(text, ",:| ")) {
    if (iequals(item, "ALL") || iequals(item, "[ALL]")) {
      mask = 0x7f;
      continue;
    }
    bool found = false;
    if (item.size() == 3) {  // a day's name: its three letters compared at once
      const char upper[3] = {ascii_upper(item[0]), ascii_upper(item[1]), ascii_upper(item[2])};
      for (std::size_t d = 0; d < 7 && !found; ++d)
        if (std::string_view(upper, 3) == names[d]) {
          mask |= static_cast<std::uint8_t>(1u << d);
          found = true;
        }
    }
    if (!found) {
      r.issues.push_back(error_at(text, static_cast<std::size_t>(item.data() - text.data()),
                                  fmt::format("expected a day (Mon, Tue, Wed, Thu, Fri, Sat, Sun) or "
                                              "ALL, found '{}'",
                                              item)));
      return r;
    }
  }
  r.value = mask;
  return r;
}

}  // namespace maui::values
