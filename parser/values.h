// Value parsers: one per schema::ValueType, shared by scalar parameters and *CFG attributes.
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
#include <vector>

#include "parser/rule_ids.h"
#include "schemas/ir.h"
#include "schemas/ir_names.h"

namespace maui::values {

struct Issue {
  RuleId rule;              // parser/rule_ids.h
  bool error = false;       // error: the text is not a value of this type
  std::size_t offset = 0;   // into the parsed text
  std::size_t length = 0;
  std::string message;
};

template <class T>
struct Result {
  std::optional<T> value;
  std::vector<Issue> issues;
};

// One of an IR enum's values (schemas/ir_names.h: BACKFILLPOLICY's FIRSTFIT, ...), read
// case-insensitively as the scalar's binding always read them (`mauic lint` says where Maui 3.3.1
// reads the case differently: wrong-case); nullopt when the text names none.
template <class E>
std::optional<E> parse_choice(std::string_view text) {
  const auto names = ir::enum_names<E>();
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string_view name = names[i];
    if (name.size() != text.size()) continue;
    bool same = true;
    for (std::size_t k = 0; k < name.size() && same; ++k) {
      const char c = text[k];
      same = (c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c) == name[k];
    }
    if (same) return static_cast<E>(i);
  }
  return std::nullopt;
}

Result<std::int64_t> parse_integer(std::string_view text);
Result<double> parse_double(std::string_view text);
Result<bool> parse_boolean(std::string_view text);

// [[[DD:]HH:]MM:]SS, or INFINITY. Two fields are MM:SS as the manual's grammar says; Maui
// 3.3.1 reads them as HH:MM (issue ambiguous-time).
Result<ir::Seconds> parse_duration(std::string_view text);

// HH[:MM[:SS]][_MO[/DD[/YY]]] absolute time; kept as written (seconds since midnight in value).
Result<ir::Seconds> parse_datetime(std::string_view text);

// Throttling limit SOFT[,HARD]; a single value sets both. `time_valued` limits (MAXWC) accept
// durations; Maui 3.3.1 reads every *CFG limit with strtol (issue compat-limit-time-format).
Result<ir::Limit> parse_limit(std::string_view text, bool time_valued);

// FSTARGET: number with an optional marker + - ^ %.
Result<ir::FairshareTarget> parse_fairshare_target(std::string_view text);

// QLIST / PLIST: names separated by ',' or ':', with an '&' (AND) or '^' (ONLY) marker.
Result<ir::NameList> parse_name_list(std::string_view text);

// Reservation ACL list: items separated by ',' ':' '|' (time ACLs: ',' '|'), each
// [!]value[+|-|=|*]. Duration ACLs (TIMELIMIT) hold times; Procs / Tasks numbers.
Result<std::vector<ir::AclEntry>> parse_acl(std::string_view text, ir::AclEntry::Kind kind);

// HOSTLIST: comma-separated names with node[01-16] ranges, or a regular expression.
Result<ir::HostExpression> parse_hostlist(std::string_view text);

// RESOURCES=PROCS:2;MEM:512 (items separated by ',' '+' ';', name and value by ':' or '=').
Result<ir::TaskResources> parse_resources(std::string_view text);

// DAYS: Mon,Tue,... (any case, any separator) or ALL / [ALL]; bit 0 = Sunday.
Result<std::uint8_t> parse_days(std::string_view text);

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

}  // namespace maui::values
