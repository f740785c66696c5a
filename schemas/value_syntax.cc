#include "schemas/value_syntax.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <span>

#include <fmt/format.h>

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Regex.h"

namespace maui::values {

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
                          octal_end == used ? fmt::format("'{}' has a leading zero: Maui reads it as the octal "
                                                          "number {}, not {}",
                                                          body.substr(0, used), oct, v)
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

Result<ir::Seconds> parse_duration(std::string_view text) {
  Result<ir::Seconds> r;
  if (text == "INFINITY" || text == "INFINITE" || text == "UNLIMITED") {
    r.value = ir::kInfinity;
    return r;
  }
  if (iequals(text, "INFINITY")) {
    r.value = ir::kInfinity;
    r.issues.push_back(
        {rules::kWrongCase, false, 0, text.size(), "Maui 3.3.1 recognises only 'INFINITY' in upper case"});
    return r;
  }
  // Moab writes some times as MIN,MAX (RMPOLLINTERVAL 00:00:15,00:01:00); Maui 3.3.1 reads one.
  if (auto comma = text.find(',');
      comma != std::string_view::npos && text.find(',', comma + 1) == std::string_view::npos &&
      parse_duration(text.substr(0, comma)).value && parse_duration(text.substr(comma + 1)).value) {
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
                                              "(too many ':' fields)",
                                              text)));
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
      r.issues.push_back(error_at(text, offset,
                                  fmt::format("expected a duration [[[DD:]HH:]MM:]SS "
                                              "or INFINITY, found '{}'",
                                              text)));
      return r;
    } else if (v > kMaxTimeField) {
      r.issues.push_back(error_at(text, offset,
                                  fmt::format("'{}' is too large for a duration (Maui's "
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

Result<std::vector<ir::AclEntry>> parse_acl(std::string_view text, ir::AclEntry::Kind kind) {
  Result<std::vector<ir::AclEntry>> r;
  std::vector<ir::AclEntry> entries;
  bool numeric =
      kind == ir::AclEntry::Kind::Duration || kind == ir::AclEntry::Kind::Procs || kind == ir::AclEntry::Kind::Tasks;
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
        case '-':
          e.affinity = ir::AclEntry::Affinity::Negative;
          v.remove_suffix(1);
          break;
        case '=':
          e.affinity = ir::AclEntry::Affinity::Neutral;
          v.remove_suffix(1);
          break;
        case '+': v.remove_suffix(1); break;
        case '*':
          e.required = true;
          v.remove_suffix(1);
          break;
        case '!':
          e.negated = true;
          v.remove_suffix(1);
          break;
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
      if (read_decimal(hi_text, hi) != hi_text.size() || hi < lo || hi - lo >= static_cast<std::int64_t>(kMaxHosts))
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
      ++i;                      // an escaped character
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
    if (!error.empty() ||
        !llvm::Regex(llvm::StringRef(h.regex)).isValid(error)) {  // POSIX extended, like Maui's regcomp
      r.issues.push_back(error_at(text, 0, fmt::format("invalid host regular expression '{}': {}", text, error)));
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
        r.issues.push_back(error_at(text, start,
                                    fmt::format("expected a host name or range like "
                                                "node[01-16] (at most {} hosts in all), "
                                                "found '{}'",
                                                kMaxHosts, item)));
        return r;
      }
      start = i + 1;
    }
  }
  r.value = std::move(h);
  return r;
}

}  // namespace maui::values
