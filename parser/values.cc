#include "parser/values.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <span>

#include <fmt/format.h>

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Regex.h"

namespace maui::values {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

Issue error_at(std::string_view text, std::size_t offset, std::string message,
               RuleId rule = rules::kInvalidValue) {
  return Issue{rule, true, offset, text.size() > offset ? text.size() - offset : 0,
               std::move(message)};
}

// ASCII letters only, as Maui's strcasecmp in the C locale: no call per byte (a large site
// compares day names, INFINITY and the like by the hundred thousand).
char ascii_upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_upper(a[i]) != ascii_upper(b[i])) return false;
  return true;
}

// Largest number accepted in one field of a time: far beyond Maui's "infinite" 2.14e9 s, and
// small enough that days * 86400 summed over four fields cannot overflow 64 bits.
constexpr std::int64_t kMaxTimeField = 1'000'000'000'000;

// Reads a plain decimal number at the start of `text`; returns the digits consumed.
std::size_t read_decimal(std::string_view text, std::int64_t& out) {
  std::size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) negative = text[i++] == '-';
  std::size_t digits_start = i;
  // One pass that reads and adds up the digits (this runs for every number of a config); a
  // number above INT64_MAX is no number.
  constexpr std::uint64_t kTenth = static_cast<std::uint64_t>(INT64_MAX) / 10;
  constexpr std::uint64_t kLastDigit = static_cast<std::uint64_t>(INT64_MAX) % 10;
  std::uint64_t v = 0;
  bool too_large = false;
  for (; i < text.size() && is_digit(text[i]); ++i) {
    const auto digit = static_cast<std::uint64_t>(text[i] - '0');
    too_large |= v > kTenth || (v == kTenth && digit > kLastDigit);
    v = v * 10 + digit;
  }
  if (i == digits_start || too_large) return 0;
  out = negative ? -static_cast<std::int64_t>(v) : static_cast<std::int64_t>(v);
  return i;
}

// The value of a parse of a part of a larger text, with its issues moved to that text's offsets.
template <class T>
std::optional<T> nested(Result<T> part, std::size_t offset, std::vector<Issue>& into) {
  for (auto& i : part.issues) {
    i.offset += offset;
    into.push_back(std::move(i));
  }
  return part.value;
}

}  // namespace

std::vector<std::string_view> split(std::string_view text, std::string_view separators) {
  std::vector<std::string_view> out;
  for (std::string_view item : Pieces(text, separators)) out.push_back(item);
  return out;
}

Result<std::int64_t> parse_integer(std::string_view text) {
  Result<std::int64_t> r;
  std::string_view body = text;
  std::size_t sign = (!body.empty() && (body[0] == '-' || body[0] == '+')) ? 1 : 0;
  // Maui reads integers with strtol base 0: 0x10 is hex and 010 is octal.
  if (body.size() > sign + 2 && body[sign] == '0' && (body[sign + 1] == 'x' || body[sign + 1] == 'X')) {
    std::uint64_t v = 0;
    auto digits = body.substr(sign + 2);
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v, 16);
    if (ec == std::errc() && ptr == digits.data() + digits.size() && v <= INT64_MAX) {
      r.value = (sign && body[0] == '-') ? -static_cast<std::int64_t>(v) : static_cast<std::int64_t>(v);
      r.issues.push_back({rules::kIntegerFormat, false, 0, text.size(),
                          fmt::format("'{}' is a hexadecimal number ({}); write it in decimal", text, *r.value)});
      return r;
    }
  }
  std::int64_t v = 0;
  std::size_t used = read_decimal(body, v);
  if (used == 0) {
    r.issues.push_back(error_at(text, 0, fmt::format("expected an integer, found '{}'", text)));
    return r;
  }
  if (body.size() > sign + 1 && body[sign] == '0' && used > sign + 1) {
    // strtol base 0 reads the octal digits after the leading zero and stops at an 8 or 9.
    std::size_t octal_end = sign;
    while (octal_end < used && body[octal_end] >= '0' && body[octal_end] <= '7') ++octal_end;
    std::uint64_t u = 0;
    std::from_chars(body.data() + sign, body.data() + octal_end, u, 8);
    std::int64_t oct = body[0] == '-' ? -static_cast<std::int64_t>(u) : static_cast<std::int64_t>(u);
    // 00 to 07 read the same either way: nothing to tell.
    if (oct != v)
      r.issues.push_back({rules::kIntegerFormat, false, 0, used,
                          octal_end == used
                              ? fmt::format("'{}' has a leading zero: Maui reads it as the octal "
                                            "number {}, not {}", body.substr(0, used), oct, v)
                              : fmt::format("'{}' has a leading zero and is not an octal number: Maui "
                                            "reads only '{}' (= {}); write it without the zero",
                                            body.substr(0, used), body.substr(0, octal_end), oct)});
    v = oct;
  }
  if (used < body.size()) {
    r.issues.push_back({rules::kIntegerFormat, false, used, body.size() - used,
                        fmt::format("trailing '{}' after the number {} is ignored", body.substr(used), v)});
  }
  r.value = v;
  return r;
}

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
                                    "YES, 1) and keeps the default; write ON", text)});
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
                                    "default; write {}", text, *r.value ? "TRUE" : "FALSE")});
    return r;
  }
  r.issues.push_back(error_at(text, 0, fmt::format("expected a boolean (TRUE, FALSE, ON, OFF, "
                                                   "YES, NO, 1, 0), found '{}'", text)));
  return r;
}

Result<ir::Seconds> parse_duration(std::string_view text) {
  Result<ir::Seconds> r;
  if (text == "INFINITY" || text == "INFINITE" || text == "UNLIMITED") {
    r.value = ir::kInfinity;
    return r;
  }
  if (iequals(text, "INFINITY")) {
    r.value = ir::kInfinity;
    r.issues.push_back({rules::kWrongCase, false, 0, text.size(),
                        "Maui 3.3.1 recognises only 'INFINITY' in upper case"});
    return r;
  }
  // Moab writes some times as MIN,MAX (RMPOLLINTERVAL 00:00:15,00:01:00); Maui 3.3.1 reads one.
  if (auto comma = text.find(','); comma != std::string_view::npos && text.find(',', comma + 1) == std::string_view::npos &&
                                   parse_duration(text.substr(0, comma)).value &&
                                   parse_duration(text.substr(comma + 1)).value) {
    r.issues.push_back(error_at(text, 0,
                                fmt::format("'{}' is Moab's MIN,MAX form of a time: Maui 3.3.1 reads a single "
                                            "[[[DD:]HH:]MM:]SS and ignores this value; write one time",
                                            text),
                                rules::kMoabOnly));
    return r;
  }
  bool negative = !text.empty() && text[0] == '-';
  std::string_view body = negative ? text.substr(1) : text;
  // Without a colon Maui reads the seconds with strtol base 0, as it reads integers: 010 is 8 s,
  // 0x10 16 s (semantics 4).
  if (body.size() > 1 && body[0] == '0' && body.find(':') == std::string_view::npos) {
    auto seconds = parse_integer(text);
    if (seconds.value && *seconds.value <= kMaxTimeField && *seconds.value >= -kMaxTimeField) {
      r.value = *seconds.value;
      r.issues = std::move(seconds.issues);
      return r;
    }
  }
  // At most four fields, so fixed arrays (this runs for every time value of a large site), cut
  // at each ':' found by memchr.
  std::array<std::string_view, 4> field_storage;
  std::size_t field_count = 0;
  for (std::string_view rest = body;;) {
    if (field_count == field_storage.size()) {
      r.issues.push_back(error_at(text, 0,
                                  fmt::format("expected a duration [[[DD:]HH:]MM:]SS, found '{}' "
                                              "(too many ':' fields)", text)));
      return r;
    }
    const std::size_t colon = rest.find(':');
    field_storage[field_count++] = rest.substr(0, colon);
    if (colon == std::string_view::npos) break;
    rest.remove_prefix(colon + 1);
  }
  const std::span<const std::string_view> fields(field_storage.data(), field_count);
  std::array<std::int64_t, 4> number_storage{};
  std::size_t number_count = 0;
  std::size_t offset = negative ? 1 : 0;
  for (auto f : fields) {
    std::int64_t v = 0;
    std::size_t used = read_decimal(f, v);
    if (f.empty() && fields.size() > 1) {
      v = 0;  // `30:` or `:30`: an empty field counts as 0 in Maui's atoi
    } else if (used == 0 || used != f.size() || v < 0) {
      r.issues.push_back(error_at(text, offset, fmt::format("expected a duration [[[DD:]HH:]MM:]SS "
                                                            "or INFINITY, found '{}'", text)));
      return r;
    } else if (v > kMaxTimeField) {
      r.issues.push_back(error_at(text, offset, fmt::format("'{}' is too large for a duration (Maui's "
                                                            "times end at {} s; write INFINITY)",
                                                            text, ir::kInfinity)));
      return r;
    }
    number_storage[number_count++] = v;
    offset += f.size() + 1;
  }
  const std::span<const std::int64_t> numbers(number_storage.data(), number_count);
  static constexpr std::int64_t unit[] = {1, 60, 3600, 86400};  // SS, MM, HH, DD (right-aligned)
  std::int64_t total = 0;
  for (std::size_t i = 0; i < numbers.size(); ++i) total += numbers[numbers.size() - 1 - i] * unit[i];
  if (numbers.size() == 2) {
    std::int64_t maui = numbers[0] * 3600 + numbers[1] * 60;
    r.issues.push_back({rules::kAmbiguousTime, false, 0, text.size(),
                        fmt::format("'{}' is {} by the manual's [[[DD:]HH:]MM:]SS grammar (MM:SS) but "
                                    "Maui 3.3.1 reads two fields as HH:MM ({}); write {} to be clear",
                                    text, fmt::format("{} s", total), fmt::format("{} s", maui),
                                    fmt::format("{:02}:{:02}:{:02}", total / 3600, (total / 60) % 60, total % 60))});
  }
  r.value = negative ? -total : total;
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
    r.issues.push_back(error_at(text, 0, fmt::format("expected a time HH[:MM[:SS]][_MO[/DD[/YY]]], "
                                                     "found '{}'", text)));
    return r;
  }
  if (underscore != std::string_view::npos) {
    for (auto part : Pieces(text.substr(underscore + 1), "/")) {
      std::int64_t v = 0;
      if (read_decimal(part, v) != part.size()) {
        r.issues.push_back(error_at(text, underscore + 1, fmt::format("expected a date MO[/DD[/YY]] "
                                                                      "after '_', found '{}'", text)));
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
                                        "'{}' is {} seconds for it, not {}; write {}", part, maui,
                                        *d, *d)});
      }
      return d;
    }
    if (part == "INFINITY" || part == "UNLIMITED") return -1;
    auto v = nested(parse_integer(part), offset, r.issues);
    if (v && *v < -1) {
      r.issues.push_back(error_at(text, offset, fmt::format("a limit must be a count ≥ 0 or -1 "
                                                            "(unlimited), found {}", *v)));
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
    if (!reported)
      r.issues.push_back(error_at(text, 0, fmt::format("expected a limit SOFT[,HARD], found '{}'", text)));
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
    r.issues.push_back(error_at(text, 0, fmt::format("expected a fairshare target: a number with an "
                                                     "optional marker + - ^ %, found '{}'", text)));
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

Result<std::vector<ir::AclEntry>> parse_acl(std::string_view text, ir::AclEntry::Kind kind) {
  Result<std::vector<ir::AclEntry>> r;
  std::vector<ir::AclEntry> entries;
  bool numeric = kind == ir::AclEntry::Kind::Duration || kind == ir::AclEntry::Kind::Procs ||
                 kind == ir::AclEntry::Kind::Tasks;
  std::string_view separators = kind == ir::AclEntry::Kind::Duration ? ",|" : ",:|";
  for (auto item : Pieces(text, separators)) {
    ir::AclEntry e;
    e.kind = kind;
    std::string_view v = item;
    while (!v.empty() && (v.front() == '!' || v.front() == '*' || v.front() == '^')) {
      if (v.front() == '!') e.negated = true;
      if (v.front() == '*') e.required = true;
      v.remove_prefix(1);
    }
    if (!v.empty()) {
      switch (v.back()) {
        case '-': e.affinity = ir::AclEntry::Affinity::Negative; v.remove_suffix(1); break;
        case '=': e.affinity = ir::AclEntry::Affinity::Neutral; v.remove_suffix(1); break;
        case '+': v.remove_suffix(1); break;
        case '*': e.required = true; v.remove_suffix(1); break;
        case '!': e.negated = true; v.remove_suffix(1); break;
        default: break;
      }
    }
    if (v.empty()) {
      r.issues.push_back(error_at(text, static_cast<std::size_t>(item.data() - text.data()),
                                  fmt::format("empty access-list item '{}'", item)));
      continue;
    }
    e.value = std::string(v);
    if (numeric) {
      auto offset = static_cast<std::size_t>(v.data() - text.data());
      auto number = kind == ir::AclEntry::Kind::Duration ? nested(parse_duration(v), offset, r.issues)
                                                        : nested(parse_integer(v), offset, r.issues);
      if (!number) continue;
      e.number = *number;
    }
    entries.push_back(std::move(e));
  }
  r.value = std::move(entries);
  return r;
}

// A HOSTLIST may expand to at most this many host names (far more nodes than any Maui site:
// Maui 3.3 was built for 5,120), so `n[0-99999][0-99999]` cannot exhaust memory.
constexpr std::size_t kMaxHosts = 1'000'000;

// `prefix` and `n` zero-padded to `width` digits (node + 7 -> node07), as fmt's "{}{:0{}}" writes
// it, without parsing a format per host (a site's reservations list thousands of them).
static std::string host_name_head(std::string_view prefix, std::int64_t n, std::size_t width) {
  std::array<char, 20> digits;  // n >= 0: at most 19 digits
  const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), n).ptr;
  const auto length = static_cast<std::size_t>(end - digits.data());
  std::string head(prefix);
  if (length < width) head.append(width - length, '0');
  head.append(digits.data(), length);
  return head;
}

// node[01-16] / node[1-3,7] -> names, keeping the zero padding of the lower bound. Returns false
// on a malformed range or when `out` would exceed kMaxHosts.
static bool expand_range(std::string_view item, std::vector<std::string>& out) {
  auto open = item.find('[');
  if (open == std::string_view::npos) {
    if (out.size() >= kMaxHosts) return false;
    out.emplace_back(item);
    return true;
  }
  auto close = item.find(']', open);
  if (close == std::string_view::npos) return false;
  auto prefix = item.substr(0, open);
  auto suffix = item.substr(close + 1);
  for (auto part : Pieces(item.substr(open + 1, close - open - 1), ",")) {
    auto dash = part.find('-');
    std::int64_t lo = 0, hi = 0;
    auto lo_text = part.substr(0, dash);
    if (read_decimal(lo_text, lo) != lo_text.size() || lo < 0) return false;
    hi = lo;
    if (dash != std::string_view::npos) {
      auto hi_text = part.substr(dash + 1);
      if (read_decimal(hi_text, hi) != hi_text.size() || hi < lo ||
          hi - lo >= static_cast<std::int64_t>(kMaxHosts))
        return false;
    }
    std::vector<std::string> tails;
    if (!expand_range(suffix, tails)) return false;
    if (static_cast<std::size_t>(hi - lo + 1) * tails.size() > kMaxHosts - out.size()) return false;
    for (std::int64_t n = lo; n <= hi; ++n) {
      const std::string head = host_name_head(prefix, n, lo_text.size());
      for (auto& tail : tails) out.push_back(head + tail);
    }
  }
  return true;
}

// `[0-13]` in a regex is one character (0, 1 or 3), not the numbers 0 to 13: a node-range habit
// that silently selects the wrong hosts. A plain scan (std::regex recurses per character).
static void report_numeric_classes(std::string_view text, std::vector<Issue>& issues) {
  for (std::size_t open = text.find('['); open != std::string_view::npos; open = text.find('[', open + 1)) {
    std::size_t i = open + 1, lo_begin = i;
    while (i < text.size() && is_digit(text[i])) ++i;
    std::size_t lo_len = i - lo_begin;
    if (lo_len == 0 || i >= text.size() || text[i] != '-') continue;
    std::size_t hi_begin = ++i;
    while (i < text.size() && is_digit(text[i])) ++i;
    std::size_t hi_len = i - hi_begin;
    if (hi_len == 0 || i >= text.size() || text[i] != ']') continue;
    if (lo_len == 1 && hi_len == 1) continue;  // [0-9]: a real character class
    auto lo = text.substr(lo_begin, lo_len), hi = text.substr(hi_begin, hi_len);
    auto cls = text.substr(open, i + 1 - open);
    issues.push_back({rules::kHostlistRegexClass, false, open, cls.size(),
                      fmt::format("in a regular expression '{}' is a character class matching one "
                                  "character, not the numbers {} to {}; list the hosts or write a "
                                  "range such as node[{}-{}] without regex characters",
                                  cls, lo, hi, lo, hi)});
  }
}

// How deep the groups of a regular expression nest. llvm::Regex compiles a group by recursion,
// so thousands of nested groups would overflow the stack; a host pattern needs a few.
constexpr int kMaxRegexGroupDepth = 32;
int group_depth(std::string_view re) {
  int depth = 0, deepest = 0;
  for (std::size_t i = 0; i < re.size(); ++i) {
    if (re[i] == '\\') {
      ++i;  // an escaped character
    } else if (re[i] == '[') {  // a bracket expression: ']' right after '[' or '[^' is literal
      std::size_t j = i + 1;
      if (j < re.size() && re[j] == '^') ++j;
      if (j < re.size() && re[j] == ']') ++j;
      while (j < re.size() && re[j] != ']') ++j;
      i = j;
    } else if (re[i] == '(') {
      deepest = std::max(deepest, ++depth);
    } else if (re[i] == ')' && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

Result<ir::HostExpression> parse_hostlist(std::string_view text) {
  Result<ir::HostExpression> r;
  ir::HostExpression h;
  // A regular expression: Maui treats a HOSTLIST with regex characters as a host regex.
  bool regex = text.find_first_of("^$*+?()|\\") != std::string_view::npos;
  if (regex) {
    h.kind = ir::HostExpression::Kind::Regex;
    h.regex = std::string(text);
    std::string error;
    if (group_depth(text) > kMaxRegexGroupDepth)
      error = fmt::format("groups nested deeper than {}", kMaxRegexGroupDepth);
    if (!error.empty() || !llvm::Regex(llvm::StringRef(h.regex)).isValid(error)) {  // POSIX extended, like Maui's regcomp
      r.issues.push_back(error_at(text, 0, fmt::format("invalid host regular expression '{}': {}",
                                                       text, error)));
      return r;
    }
    report_numeric_classes(text, r.issues);
    r.value = std::move(h);
    return r;
  }
  // Commas separate hosts, except inside [..] ranges.
  std::size_t start = 0;
  int depth = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] == '[') ++depth;
    if (i < text.size() && text[i] == ']') --depth;
    if (i == text.size() || ((text[i] == ',' || text[i] == ':') && depth == 0)) {
      auto item = text.substr(start, i - start);
      if (!item.empty() && !expand_range(item, h.names)) {
        r.issues.push_back(error_at(text, start, fmt::format("expected a host name or range like "
                                                             "node[01-16] (at most {} hosts in all), "
                                                             "found '{}'", kMaxHosts, item)));
        return r;
      }
      start = i + 1;
    }
  }
  r.value = std::move(h);
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
      r.issues.push_back(error_at(text, offset, fmt::format("expected NAME:VALUE (PROCS, MEM, SWAP or "
                                                            "DISK), found '{}'", item)));
      return r;
    }
    auto v = parse_integer(item.substr(sep + 1));
    if (!v.value) {
      r.issues.push_back(error_at(text, offset + sep + 1, fmt::format("expected a number in '{}'", item)));
      return r;
    }
    std::int64_t* into = name == "PROCS" ? &t.procs
                         : name == "MEM"   ? &t.mem_mb
                         : name == "SWAP"  ? &t.swap_mb
                         : name == "DISK"  ? &t.disk_mb
                                           : nullptr;
    if (!into) {
      r.issues.push_back(error_at(text, offset, fmt::format("unknown resource '{}' (expected PROCS, MEM, "
                                                            "SWAP or DISK)", name)));
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
                                              "ALL, found '{}'", item)));
      return r;
    }
  }
  r.value = mask;
  return r;
}

}  // namespace maui::values
