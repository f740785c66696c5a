// Maui's value syntax that more than maui.cfg is written in: integers (strtol base 0), durations
// [[[DD:]HH:]MM:]SS, host lists, reservation access lists, and lists of items. The parser reads
// maui.cfg's values with them (parser/values.h builds the config's other value types from them
// and from the pieces at the end), and the runtime reads the same syntax where an admin writes it
// outside maui.cfg (`--reservation` and setres: runtime/io/reservation_spec.h) and in settings the
// IR keeps as text (DEFERTIME, DEFERCOUNT: runtime/daemon/daemon_settings.h). Here, below both
// (ARCHITECTURE.md), so that the runtime needs nothing of the parser.
//
// A parser reads the text of one value and returns the typed value (or nothing when the text
// is not a value of that type) plus located issues (offset into the text). Where the manual
// and Maui 3.3.1 read a value differently, the parser returns the manual's reading and an issue
// that says what Maui 3.3.1 would do (docs/semantics.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "schemas/ir.h"
#include "schemas/rule_ids.h"

namespace maui::values {

struct Issue {
  RuleId rule;             // schemas/rule_ids.h
  bool error = false;      // error: the text is not a value of this type
  std::size_t offset = 0;  // into the parsed text
  std::size_t length = 0;
  std::string message;
};

template <class T>
struct Result {
  std::optional<T> value;
  std::vector<Issue> issues;
};

Result<std::int64_t> parse_integer(std::string_view text);

// [[[DD:]HH:]MM:]SS, or INFINITY. Two fields are MM:SS as the manual's grammar says; Maui
// 3.3.1 reads them as HH:MM (issue ambiguous-time).
Result<ir::Seconds> parse_duration(std::string_view text);

// Reservation ACL list: items separated by ',' ':' '|' (time ACLs: ',' '|'), each
// [!]value[+|-|=|*]. Duration ACLs (TIMELIMIT) hold times; Procs / Tasks numbers.
Result<std::vector<ir::AclEntry>> parse_acl(std::string_view text, ir::AclEntry::Kind kind);

// HOSTLIST: comma-separated names with node[01-16] ranges, or a regular expression.
Result<ir::HostExpression> parse_hostlist(std::string_view text);

// The items of `text` between any of `separators`, empty ones dropped, as views into `text`: a
// range for a loop, one item at a time. Nothing is allocated, and each byte is tested against a
// table of the separators: a large site's config has lists on most of its 100,000 lines
// (RESOURCES, FEATURES, DAYS, flags), and a vector per list, or a search of the separators per
// byte, cost more than the rest of reading them.
class Pieces {
 public:
  Pieces(std::string_view text, std::string_view separators) : text_(text) {
    for (char c : separators) {
      const auto u = static_cast<unsigned char>(c);
      table_[u >> 6] |= std::uint64_t{1} << (u & 63);
    }
  }
  class iterator {
   public:
    using value_type = std::string_view;
    using difference_type = std::ptrdiff_t;
    iterator() = default;
    std::string_view operator*() const { return item_; }
    iterator& operator++() {
      next();
      return *this;
    }
    iterator operator++(int) {
      iterator old = *this;
      next();
      return old;
    }
    bool operator==(const iterator& other) const { return item_.data() == other.item_.data(); }

   private:
    friend class Pieces;
    explicit iterator(const Pieces* pieces) : pieces_(pieces), at_(0) { next(); }
    void next() {
      const std::string_view text = pieces_->text_;
      std::size_t i = at_;
      while (i < text.size() && pieces_->separates(text[i])) ++i;
      if (i == text.size()) {
        item_ = {};  // the end
        return;
      }
      std::size_t end = i;
      while (end < text.size() && !pieces_->separates(text[end])) ++end;
      item_ = text.substr(i, end - i);
      at_ = end;
    }
    const Pieces* pieces_ = nullptr;
    std::size_t at_ = 0;
    std::string_view item_;  // data() == nullptr: the end
  };
  iterator begin() const { return iterator(this); }
  iterator end() const { return iterator(); }

 private:
  bool separates(char c) const {
    const auto u = static_cast<unsigned char>(c);
    return (table_[u >> 6] >> (u & 63)) & 1;
  }
  std::string_view text_;
  std::uint64_t table_[4] = {0, 0, 0, 0};
};

// The same items in a vector, for a caller that counts or indexes them.
std::vector<std::string_view> split(std::string_view text, std::string_view separators);

// The pieces every value parser is made of, here and in parser/values.cc: one reading of a
// digit, a letter's case and a decimal number for every value type. Inline: they run for every
// value of a 100,000-line config.

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

// ASCII letters only, as Maui's strcasecmp in the C locale: no call per byte (a large site
// compares day names, INFINITY and the like by the hundred thousand).
inline char ascii_upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

inline bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_upper(a[i]) != ascii_upper(b[i])) return false;
  return true;
}

// Largest number accepted in one field of a time: far beyond Maui's "infinite" 2.14e9 s, and
// small enough that days * 86400 summed over four fields cannot overflow 64 bits.
inline constexpr std::int64_t kMaxTimeField = 1'000'000'000'000;

// Reads a plain decimal number at the start of `text`; returns the digits consumed.
inline std::size_t read_decimal(std::string_view text, std::int64_t& out) {
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

// The error that `text` from `offset` on is no value of the type read.
inline Issue error_at(std::string_view text, std::size_t offset, std::string message,
                      RuleId rule = rules::kInvalidValue) {
  return Issue{rule, true, offset, text.size() > offset ? text.size() - offset : 0, std::move(message)};
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

}  // namespace maui::values
