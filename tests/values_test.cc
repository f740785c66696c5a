// Tests of the value parsers (schemas/value_syntax.h, parser/values.h): the typed value, and every issue's rule id,
// error flag and location (offset + length into the parsed text).
//
// Expectations: docs/reference/maui-3.3-semantics.md §1.3 (integers: strtol base 0; booleans),
// §1.4 (times), §1.5 (limits, lists, RESOURCES, HOSTLIST), §7.2 (ACL markers; "reference §N" below
// is a section of that file) and the table of the manual's section 7.1.5. Where the manual and
// Maui 3.3.1 disagree the parsers return the manual's reading plus an issue naming the difference
// (values.h).
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "parser/values.h"
#include "schemas/value_syntax.h"

namespace {

using namespace maui;
using namespace maui::values;
using Strings = std::vector<std::string>;

// "rule@offset+length" per issue, "!" after the rule when the issue is an error.
template <class T>
Strings issues(const Result<T>& r) {
  Strings out;
  for (const auto& i : r.issues)
    out.push_back(std::string(i.rule.id) + (i.error ? "!" : "") + "@" + std::to_string(i.offset) + "+" +
                  std::to_string(i.length));
  return out;
}

// --- integers ------------------------------------------------------------------------------

TEST(ParseInteger, PlainDecimals) {
  for (auto [text, value] : std::vector<std::pair<std::string_view, std::int64_t>>{
           {"0", 0}, {"42", 42}, {"-7", -7}, {"+5", 5}, {"-1", -1}, {"2147483647", 2147483647}}) {
    auto r = parse_integer(text);
    ASSERT_TRUE(r.value) << text;
    EXPECT_EQ(*r.value, value) << text;
    EXPECT_TRUE(r.issues.empty()) << text;
  }
}

TEST(ParseInteger, LeadingZeroIsOctal) {
  // strtol base 0: 010 is 8 (§1.3).
  auto r = parse_integer("010");
  ASSERT_TRUE(r.value);
  EXPECT_EQ(*r.value, 8);
  EXPECT_EQ(issues(r), Strings{"integer-format@0+3"});
  auto n = parse_integer("-010");
  ASSERT_TRUE(n.value);
  EXPECT_EQ(*n.value, -8);
  EXPECT_EQ(issues(n), Strings{"integer-format@0+4"});
  auto p = parse_integer("0755");
  ASSERT_TRUE(p.value);
  EXPECT_EQ(*p.value, 493);
}

TEST(ParseInteger, LeadingZeroNotOctalIsFlagged) {
  // "09" is not an octal number; strtol stops after the 0. Whatever is stored, the admin is told.
  auto r = parse_integer("09");
  ASSERT_TRUE(r.value);
  ASSERT_EQ(r.issues.size(), 1u);
  EXPECT_EQ(r.issues[0].rule.id, "integer-format");
  EXPECT_FALSE(r.issues[0].error);
}

TEST(ParseInteger, Hexadecimal) {
  auto r = parse_integer("0x10");
  ASSERT_TRUE(r.value);
  EXPECT_EQ(*r.value, 16);
  EXPECT_EQ(issues(r), Strings{"integer-format@0+4"});
  auto u = parse_integer("0X1f");
  ASSERT_TRUE(u.value);
  EXPECT_EQ(*u.value, 31);
  auto n = parse_integer("-0x10");
  ASSERT_TRUE(n.value);
  EXPECT_EQ(*n.value, -16);
}

TEST(ParseInteger, TrailingGarbageIsIgnoredWithAWarning) {
  auto r = parse_integer("10ZB");
  ASSERT_TRUE(r.value);
  EXPECT_EQ(*r.value, 10);
  EXPECT_EQ(issues(r), Strings{"integer-format@2+2"});
  auto e = parse_integer("1e3");
  ASSERT_TRUE(e.value);
  EXPECT_EQ(*e.value, 1);
  EXPECT_EQ(issues(e), Strings{"integer-format@1+2"});
  auto h = parse_integer("0xZZ");  // strtol reads the 0 and stops
  ASSERT_TRUE(h.value);
  EXPECT_EQ(*h.value, 0);
  EXPECT_EQ(issues(h), Strings{"integer-format@1+3"});
}

TEST(ParseInteger, NotAnInteger) {
  for (std::string_view text : {"abc", "", "-", "+", "x10", "99999999999999999999"}) {
    auto r = parse_integer(text);
    EXPECT_FALSE(r.value) << text;
    EXPECT_EQ(issues(r), Strings{"invalid-value!@0+" + std::to_string(text.size())}) << text;
  }
}

// --- doubles -------------------------------------------------------------------------------

TEST(ParseDouble, Values) {
  for (auto [text, value] : std::vector<std::pair<std::string_view, double>>{
           {"1.5", 1.5}, {"-0.5", -0.5}, {".5", 0.5}, {"1e3", 1000}, {"10", 10}, {"0", 0}}) {
    auto r = parse_double(text);
    ASSERT_TRUE(r.value) << text;
    EXPECT_DOUBLE_EQ(*r.value, value) << text;
    EXPECT_TRUE(r.issues.empty()) << text;
  }
}

// Plain decimals (digits and at most one point) take a from_chars shortcut: on random ones of
// every length up to and past the shortcut's 20 characters, with leading zeros, a leading or a
// trailing point, the value is bit for bit strtod's.
TEST(ParseDouble, PlainDecimalsAreStrtodsValues) {
  std::mt19937 rng(5);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  for (int round = 0; round < 20000; ++round) {
    const int length = pick(1, 24);
    const int point = pick(0, 3) > 0 ? pick(0, length) : -1;  // where the point goes, if anywhere
    std::string text;
    for (int k = 0; k <= length; ++k) {
      if (k == point) text += '.';
      if (k < length) text += static_cast<char>('0' + pick(0, 9));
    }
    auto r = parse_double(text);
    ASSERT_TRUE(r.value) << text;
    const double expected = std::strtod(text.c_str(), nullptr);
    EXPECT_EQ(std::memcmp(&*r.value, &expected, sizeof expected), 0) << text << ": " << *r.value << " vs " << expected;
    EXPECT_TRUE(r.issues.empty()) << text;
  }
}

TEST(ParseDouble, TrailingText) {
  auto r = parse_double("2.5x");
  ASSERT_TRUE(r.value);
  EXPECT_DOUBLE_EQ(*r.value, 2.5);
  EXPECT_EQ(issues(r), Strings{"integer-format@3+1"});
}

TEST(ParseDouble, NotANumber) {
  for (std::string_view text : {"abc", "", "inf", "nan", "1e999", "x1"}) {
    auto r = parse_double(text);
    EXPECT_FALSE(r.value) << text;
    EXPECT_EQ(issues(r), Strings{"invalid-value!@0+" + std::to_string(text.size())}) << text;
  }
}

// --- booleans (§1.3: MUBoolFromString) ----------------------------------------------------

TEST(ParseBoolean, MauiSpellings) {
  for (std::string_view t : {"1", "true", "True", "TRUE", "ON", "yes", "Yes", "YES"}) {
    auto r = parse_boolean(t);
    ASSERT_TRUE(r.value) << t;
    EXPECT_TRUE(*r.value) << t;
    EXPECT_TRUE(r.issues.empty()) << t;
  }
  for (std::string_view f : {"0", "false", "False", "FALSE", "off", "Off", "OFF", "no", "No", "NO"}) {
    auto r = parse_boolean(f);
    ASSERT_TRUE(r.value) << f;
    EXPECT_FALSE(*r.value) << f;
    EXPECT_TRUE(r.issues.empty()) << f;
  }
}

TEST(ParseBoolean, LowerCaseOnIsNotTrueForMaui) {
  for (std::string_view t : {"on", "On"}) {
    auto r = parse_boolean(t);
    ASSERT_TRUE(r.value) << t;
    EXPECT_TRUE(*r.value) << t;  // the manual's reading
    EXPECT_EQ(issues(r), Strings{"compat-boolean-on@0+" + std::to_string(t.size())}) << t;
  }
}

TEST(ParseBoolean, OtherCasesAreWrongCase) {
  auto t = parse_boolean("tRuE");
  ASSERT_TRUE(t.value);
  EXPECT_TRUE(*t.value);
  EXPECT_EQ(issues(t), Strings{"wrong-case@0+4"});
  auto f = parse_boolean("oFF");
  ASSERT_TRUE(f.value);
  EXPECT_FALSE(*f.value);
  EXPECT_EQ(issues(f), Strings{"wrong-case@0+3"});
  auto y = parse_boolean("yES");
  ASSERT_TRUE(y.value);
  EXPECT_TRUE(*y.value);
  EXPECT_EQ(issues(y), Strings{"wrong-case@0+3"});
}

TEST(ParseBoolean, NotABoolean) {
  for (std::string_view text : {"maybe", "", "2", "TRUE1", "Y"}) {
    auto r = parse_boolean(text);
    EXPECT_FALSE(r.value) << text;
    EXPECT_EQ(issues(r), Strings{"invalid-value!@0+" + std::to_string(text.size())}) << text;
  }
}

// --- durations (§1.4) ----------------------------------------------------------------------

TEST(ParseDuration, Fields) {
  for (auto [text, value] :
       std::vector<std::pair<std::string_view, ir::Seconds>>{{"60", 60},
                                                             {"0", 0},
                                                             {"00:01:00", 60},
                                                             {"12:00:00", 43200},
                                                             {"1:00:00:00", 86400},
                                                             {"2:03:04:05", 2 * 86400 + 3 * 3600 + 4 * 60 + 5},
                                                             {"90:00:00", 324000},
                                                             {"00:00:05", 5}}) {
    auto r = parse_duration(text);
    ASSERT_TRUE(r.value) << text;
    EXPECT_EQ(*r.value, value) << text;
    EXPECT_TRUE(r.issues.empty()) << text;
  }
}

TEST(ParseDuration, TwoFieldsAreMinutesSecondsButAmbiguous) {
  // The manual's [[[DD:]HH:]MM:]SS: 5:00 is five minutes; Maui 3.3.1 reads HH:MM (5 hours).
  auto r = parse_duration("5:00");
  ASSERT_TRUE(r.value);
  EXPECT_EQ(*r.value, 300);
  EXPECT_EQ(issues(r), Strings{"ambiguous-time@0+4"});
  auto t = parse_duration("30:");  // an empty field counts as 0
  ASSERT_TRUE(t.value);
  EXPECT_EQ(*t.value, 1800);
  EXPECT_EQ(issues(t), Strings{"ambiguous-time@0+3"});
}

TEST(ParseDuration, WithoutAColonReadLikeAnInteger) {
  // §1.4: no colon, strtol base 0: 010 is 8 seconds, 0x1E 30; 07 is 7 either way.
  auto octal = parse_duration("010");
  ASSERT_TRUE(octal.value);
  EXPECT_EQ(*octal.value, 8);
  EXPECT_EQ(issues(octal), Strings{"integer-format@0+3"});
  auto hex = parse_duration("0x1E");
  ASSERT_TRUE(hex.value);
  EXPECT_EQ(*hex.value, 30);
  EXPECT_EQ(issues(hex), Strings{"integer-format@0+4"});
  auto same = parse_duration("07");
  ASSERT_TRUE(same.value);
  EXPECT_EQ(*same.value, 7);
  EXPECT_TRUE(same.issues.empty());
  // Fields around a colon are read with atoi, in decimal.
  auto fields = parse_duration("00:00:010");
  ASSERT_TRUE(fields.value);
  EXPECT_EQ(*fields.value, 10);
  EXPECT_TRUE(fields.issues.empty());
}

TEST(ParseInteger, LeadingZeroThatReadsTheSameIsNotFlagged) {
  for (std::string_view text : {"00", "07", "-05"}) {
    auto r = parse_integer(text);
    ASSERT_TRUE(r.value) << text;
    EXPECT_TRUE(r.issues.empty()) << text;
  }
}

TEST(ParseDuration, Infinity) {
  for (std::string_view text : {"INFINITY", "INFINITE", "UNLIMITED"}) {
    auto r = parse_duration(text);
    ASSERT_TRUE(r.value) << text;
    EXPECT_EQ(*r.value, ir::kInfinity) << text;
    EXPECT_TRUE(r.issues.empty()) << text;
  }
  auto lower = parse_duration("infinity");
  ASSERT_TRUE(lower.value);
  EXPECT_EQ(*lower.value, ir::kInfinity);
  EXPECT_EQ(issues(lower), Strings{"wrong-case@0+8"});
}

TEST(ParseDuration, NotADuration) {
  auto many = parse_duration("1:2:3:4:5");
  EXPECT_FALSE(many.value);
  EXPECT_EQ(issues(many), Strings{"invalid-value!@0+9"});
  auto word = parse_duration("abc");
  EXPECT_FALSE(word.value);
  EXPECT_EQ(issues(word), Strings{"invalid-value!@0+3"});
  auto field = parse_duration("1:xx");  // located at the bad field
  EXPECT_FALSE(field.value);
  EXPECT_EQ(issues(field), Strings{"invalid-value!@2+2"});
  auto tail = parse_duration("10:00:00x");
  EXPECT_FALSE(tail.value);
  EXPECT_EQ(issues(tail), Strings{"invalid-value!@6+3"});
  auto empty = parse_duration("");
  EXPECT_FALSE(empty.value);
  ASSERT_EQ(empty.issues.size(), 1u);
  EXPECT_TRUE(empty.issues[0].error);
}

// --- absolute times ------------------------------------------------------------------------

TEST(ParseDateTime, TimeOfDayWithDate) {
  auto r = parse_datetime("12:30:00_06/20");
  ASSERT_TRUE(r.value);
  EXPECT_EQ(*r.value, 12 * 3600 + 30 * 60);
  EXPECT_TRUE(r.issues.empty());
  auto y = parse_datetime("08:00:00_1/2/03");
  ASSERT_TRUE(y.value);
  EXPECT_EQ(*y.value, 8 * 3600);
}

TEST(ParseDateTime, HoursAndMinutes) {
  // HH[:MM[:SS]]: two fields are hours and minutes (reference §11 TIME_EXP example 14:30_06/20).
  auto r = parse_datetime("14:30_06/20");
  ASSERT_TRUE(r.value);
  EXPECT_EQ(*r.value, 14 * 3600 + 30 * 60);
}

TEST(ParseDateTime, BadDate) {
  auto r = parse_datetime("12:00:00_06/xx");
  EXPECT_FALSE(r.value);
  EXPECT_EQ(issues(r), Strings{"invalid-value!@9+5"});
  auto t = parse_datetime("noon");
  EXPECT_FALSE(t.value);
  EXPECT_EQ(issues(t), Strings{"invalid-value!@0+4"});
}

// --- limits (§1.5, §1.7) -------------------------------------------------------------------

TEST(ParseLimit, SoftAndHard) {
  auto r = parse_limit("2,8", false);
  ASSERT_TRUE(r.value);
  EXPECT_EQ(r.value->soft, 2);
  EXPECT_EQ(r.value->hard, 8);
  EXPECT_TRUE(r.issues.empty());
}

TEST(ParseLimit, OneValueSetsBoth) {
  auto r = parse_limit("5", false);
  ASSERT_TRUE(r.value);
  EXPECT_EQ(r.value->soft, 5);
  EXPECT_EQ(r.value->hard, 5);
  EXPECT_TRUE(r.issues.empty());
}

TEST(ParseLimit, EmptyHardIsUnset) {
  // MAXJOB=5, -> S=5, H=0 (= "unset").
  auto r = parse_limit("5,", false);
  ASSERT_TRUE(r.value);
  EXPECT_EQ(r.value->soft, 5);
  EXPECT_EQ(r.value->hard, 0);
  EXPECT_TRUE(r.issues.empty());
}

TEST(ParseLimit, Unlimited) {
  for (std::string_view text : {"-1", "INFINITY", "UNLIMITED"}) {
    auto r = parse_limit(text, false);
    ASSERT_TRUE(r.value) << text;
    EXPECT_EQ(r.value->soft, -1) << text;
    EXPECT_EQ(r.value->hard, -1) << text;
  }
}

TEST(ParseLimit, TimeValuedLimit) {
  // MAXWC=72:00:00: the manual's 72 hours; Maui 3.3.1's strtol reads 72 seconds.
  auto r = parse_limit("72:00:00", true);
  ASSERT_TRUE(r.value);
  EXPECT_EQ(r.value->soft, 259200);
  EXPECT_EQ(r.value->hard, 259200);
  ASSERT_FALSE(r.issues.empty());
  for (const auto& i : r.issues) {
    EXPECT_EQ(i.rule.id, "compat-limit-time-format");
    EXPECT_FALSE(i.error);
    EXPECT_EQ(i.offset, 0u);
    EXPECT_EQ(i.length, 8u);
  }

  auto pair = parse_limit("1:00:00,2:00:00", true);
  ASSERT_TRUE(pair.value);
  EXPECT_EQ(pair.value->soft, 3600);
  EXPECT_EQ(pair.value->hard, 7200);
  EXPECT_EQ(issues(pair), (Strings{"compat-limit-time-format@0+7", "compat-limit-time-format@8+7"}));

  auto seconds = parse_limit("3600", true);  // plain seconds read the same by both
  ASSERT_TRUE(seconds.value);
  EXPECT_EQ(seconds.value->soft, 3600);
  EXPECT_TRUE(seconds.issues.empty());
}

TEST(ParseLimit, TimeTextInACountLimit) {
  // Not time-valued: strtol reads 72 and ignores the rest.
  auto r = parse_limit("72:00:00", false);
  ASSERT_TRUE(r.value);
  EXPECT_EQ(r.value->soft, 72);
  EXPECT_FALSE(r.issues.empty());
  for (const auto& i : r.issues) {
    EXPECT_EQ(i.rule.id, "integer-format");
    EXPECT_EQ(i.offset, 2u);
    EXPECT_FALSE(i.error);
  }
}

TEST(ParseLimit, OneValueIsReportedOnce) {
  // A single value sets soft and hard, but it is one piece of text: one finding, not two.
  auto time = parse_limit("72:00:00", true);
  auto octal = parse_limit("010", false);
  ASSERT_TRUE(time.value && octal.value);
  EXPECT_EQ(octal.value->soft, 8);
  EXPECT_EQ(octal.value->hard, 8);
  EXPECT_EQ(issues(time), Strings{"compat-limit-time-format@0+8"});
  EXPECT_EQ(issues(octal), Strings{"integer-format@0+3"});
}

TEST(ParseLimit, OctalHardLimitIsLocated) {
  auto r = parse_limit("4,010", false);
  ASSERT_TRUE(r.value);
  EXPECT_EQ(r.value->soft, 4);
  EXPECT_EQ(r.value->hard, 8);
  EXPECT_EQ(issues(r), Strings{"integer-format@2+3"});
}

// Plain decimal limits take a shortcut; at its edges the answers must be the general path's.
TEST(ParseLimit, PlainDecimalsAtTheEdges) {
  struct Case {
    std::string_view text;
    std::int64_t soft, hard;
  };
  for (const Case& c : {Case{"0", 0, 0}, Case{"0,0", 0, 0}, Case{"7,0", 7, 0},
                        Case{"123456789012345678", 123456789012345678, 123456789012345678},
                        Case{"1234567890123456789", 1234567890123456789, 1234567890123456789},
                        Case{"9223372036854775807,1", INT64_MAX, 1}}) {
    auto r = parse_limit(c.text, false);
    ASSERT_TRUE(r.value) << c.text;
    EXPECT_EQ(r.value->soft, c.soft) << c.text;
    EXPECT_EQ(r.value->hard, c.hard) << c.text;
    EXPECT_TRUE(r.issues.empty()) << c.text;
  }
  for (std::string_view text : {"9223372036854775808", "1,99999999999999999999"}) {
    auto r = parse_limit(text, false);
    EXPECT_FALSE(r.value) << text;
  }
}

TEST(ParseLimit, NotALimit) {
  for (std::string_view text : {"abc", "1,2,3", "-5", "2,x"}) {
    auto r = parse_limit(text, false);
    EXPECT_FALSE(r.value) << text;
    bool error = false;
    for (const auto& i : r.issues) error |= i.error;
    EXPECT_TRUE(error) << text;
  }
  auto bad_hard = parse_limit("2,x", false);
  ASSERT_FALSE(bad_hard.issues.empty());
  EXPECT_EQ(bad_hard.issues.front().offset, 2u);  // at the hard value
}

// --- fairshare targets ---------------------------------------------------------------------

TEST(ParseFairshareTarget, Markers) {
  struct Case {
    std::string_view text;
    double value;
    ir::FairshareMode mode;
  };
  for (const Case& c :
       {Case{"30", 30, ir::FairshareMode::Target}, Case{"50.0+", 50, ir::FairshareMode::Floor},
        Case{"10.0-", 10, ir::FairshareMode::Ceiling}, Case{"100^", 100, ir::FairshareMode::CapAbsolute},
        Case{"25%", 25, ir::FairshareMode::CapRelative}, Case{"12.5", 12.5, ir::FairshareMode::Target}}) {
    auto r = parse_fairshare_target(c.text);
    ASSERT_TRUE(r.value) << c.text;
    EXPECT_DOUBLE_EQ(r.value->value, c.value) << c.text;
    EXPECT_EQ(r.value->mode, c.mode) << c.text;
    EXPECT_TRUE(r.issues.empty()) << c.text;
  }
}

TEST(ParseFairshareTarget, Bad) {
  for (std::string_view text : {"abc+", "", "+", "5x", "5+-"}) {
    auto r = parse_fairshare_target(text);
    EXPECT_FALSE(r.value) << text;
    EXPECT_EQ(issues(r), Strings{"invalid-value!@0+" + std::to_string(text.size())}) << text;
  }
}

// --- QLIST / PLIST -------------------------------------------------------------------------

TEST(ParseNameList, SeparatorsAndMarkers) {
  auto r = parse_name_list("a,b:c&");
  ASSERT_TRUE(r.value);
  EXPECT_EQ(r.value->names, (Strings{"a", "b", "c"}));
  EXPECT_EQ(r.value->mode, ir::ListMode::And);
  EXPECT_TRUE(r.issues.empty());

  auto only = parse_name_list("hi^");
  ASSERT_TRUE(only.value);
  EXPECT_EQ(only.value->names, Strings{"hi"});
  EXPECT_EQ(only.value->mode, ir::ListMode::Only);

  auto plain = parse_name_list("urbassek:rethfeld");
  ASSERT_TRUE(plain.value);
  EXPECT_EQ(plain.value->names, (Strings{"urbassek", "rethfeld"}));
  EXPECT_EQ(plain.value->mode, ir::ListMode::Or);

  auto lead = parse_name_list("&low,high");
  ASSERT_TRUE(lead.value);
  EXPECT_EQ(lead.value->names, (Strings{"low", "high"}));
  EXPECT_EQ(lead.value->mode, ir::ListMode::And);
}

TEST(ParseNameList, EmptyListIsEmpty) {
  // `SYSCFG[base] PLIST=` (real configs): an empty list, not an error.
  auto r = parse_name_list("");
  ASSERT_TRUE(r.value);
  EXPECT_TRUE(r.value->names.empty());
  EXPECT_TRUE(r.issues.empty());
  auto commas = parse_name_list(",,a,,");
  ASSERT_TRUE(commas.value);
  EXPECT_EQ(commas.value->names, Strings{"a"});
}

// --- reservation ACLs (§7.2) ---------------------------------------------------------------

using Acl = std::vector<ir::AclEntry>;

TEST(ParseAcl, NegatedEntries) {
  auto r = parse_acl("!projectX,!projectY", ir::AclEntry::Kind::Account);
  ASSERT_TRUE(r.value);
  ASSERT_EQ(r.value->size(), 2u);
  EXPECT_EQ((*r.value)[0].value, "projectX");
  EXPECT_EQ((*r.value)[1].value, "projectY");
  for (const auto& e : *r.value) {
    EXPECT_TRUE(e.negated);
    EXPECT_FALSE(e.required);
    EXPECT_EQ(e.kind, ir::AclEntry::Kind::Account);
    EXPECT_EQ(e.affinity, ir::AclEntry::Affinity::Positive);
  }
  EXPECT_TRUE(r.issues.empty());
}

TEST(ParseAcl, AffinityMarkers) {
  auto r = parse_acl("high,low,special-", ir::AclEntry::Kind::Qos);
  ASSERT_TRUE(r.value);
  ASSERT_EQ(r.value->size(), 3u);
  EXPECT_EQ((*r.value)[0].value, "high");
  EXPECT_EQ((*r.value)[0].affinity, ir::AclEntry::Affinity::Positive);
  EXPECT_EQ((*r.value)[1].value, "low");
  EXPECT_EQ((*r.value)[2].value, "special");
  EXPECT_EQ((*r.value)[2].affinity, ir::AclEntry::Affinity::Negative);
  for (const auto& e : *r.value) EXPECT_FALSE(e.negated);

  auto m = parse_acl("a+|b=:c", ir::AclEntry::Kind::User);  // ',' ':' '|' all separate
  ASSERT_TRUE(m.value);
  ASSERT_EQ(m.value->size(), 3u);
  EXPECT_EQ((*m.value)[0].value, "a");
  EXPECT_EQ((*m.value)[0].affinity, ir::AclEntry::Affinity::Positive);
  EXPECT_EQ((*m.value)[1].value, "b");
  EXPECT_EQ((*m.value)[1].affinity, ir::AclEntry::Affinity::Neutral);
  EXPECT_EQ((*m.value)[2].value, "c");
}

TEST(ParseAcl, RequiredDurationEntry) {
  // TIMELIMIT=1:00:00*: ':' belongs to the time, '*' makes the entry required (AND).
  auto r = parse_acl("1:00:00*", ir::AclEntry::Kind::Duration);
  ASSERT_TRUE(r.value);
  ASSERT_EQ(r.value->size(), 1u);
  const auto& e = r.value->front();
  EXPECT_EQ(e.kind, ir::AclEntry::Kind::Duration);
  EXPECT_TRUE(e.required);
  EXPECT_FALSE(e.negated);
  EXPECT_EQ(e.number, 3600);
  EXPECT_EQ(e.value, "1:00:00");
  EXPECT_TRUE(r.issues.empty());

  auto plain = parse_acl("1:00:00", ir::AclEntry::Kind::Duration);
  ASSERT_TRUE(plain.value);
  ASSERT_EQ(plain.value->size(), 1u);
  EXPECT_FALSE(plain.value->front().required);
  EXPECT_EQ(plain.value->front().number, 3600);

  auto list = parse_acl("1:00:00,2:00:00|30", ir::AclEntry::Kind::Duration);
  ASSERT_TRUE(list.value);
  ASSERT_EQ(list.value->size(), 3u);
  EXPECT_EQ((*list.value)[0].number, 3600);
  EXPECT_EQ((*list.value)[1].number, 7200);
  EXPECT_EQ((*list.value)[2].number, 30);
}

TEST(ParseAcl, NumericEntries) {
  auto r = parse_acl("4,16", ir::AclEntry::Kind::Procs);
  ASSERT_TRUE(r.value);
  ASSERT_EQ(r.value->size(), 2u);
  EXPECT_EQ((*r.value)[0].number, 4);
  EXPECT_EQ((*r.value)[1].number, 16);

  auto bad = parse_acl("4,abc", ir::AclEntry::Kind::Tasks);  // the bad item is dropped, located
  ASSERT_TRUE(bad.value);
  ASSERT_EQ(bad.value->size(), 1u);
  EXPECT_EQ(issues(bad), Strings{"invalid-value!@2+3"});

  auto bad_time = parse_acl("1:00:00,soon", ir::AclEntry::Kind::Duration);
  ASSERT_TRUE(bad_time.value);
  EXPECT_EQ(bad_time.value->size(), 1u);
  EXPECT_EQ(issues(bad_time), Strings{"invalid-value!@8+4"});
}

TEST(ParseAcl, EmptyItems) {
  auto r = parse_acl("a,,b", ir::AclEntry::Kind::User);
  ASSERT_TRUE(r.value);
  EXPECT_EQ(r.value->size(), 2u);
  EXPECT_TRUE(r.issues.empty());
  auto bang = parse_acl("a,!", ir::AclEntry::Kind::Group);
  ASSERT_TRUE(bang.value);
  EXPECT_EQ(bang.value->size(), 1u);
  EXPECT_EQ(issues(bang), Strings{"invalid-value!@2+1"});
}

// --- HOSTLIST ------------------------------------------------------------------------------

TEST(ParseHostlist, RangesExpand) {
  auto r = parse_hostlist("node[01-03],gpu1");
  ASSERT_TRUE(r.value);
  EXPECT_EQ(r.value->kind, ir::HostExpression::Kind::Names);
  EXPECT_EQ(r.value->names, (Strings{"node01", "node02", "node03", "gpu1"}));
  EXPECT_TRUE(r.issues.empty());
}

// The lower bound's width pads every name; numbers wider than it are written whole, and a range
// after a range expands for each of its names.
TEST(ParseHostlist, RangesKeepTheLowerBoundsPadding) {
  auto r = parse_hostlist("n[8-11],m[098-100],r[1-2]c[01-02]");
  ASSERT_TRUE(r.value);
  EXPECT_EQ(r.value->names,
            (Strings{"n8", "n9", "n10", "n11", "m098", "m099", "m100", "r1c01", "r1c02", "r2c01", "r2c02"}));
  EXPECT_TRUE(r.issues.empty());
}

TEST(ParseHostlist, CorpusForms) {
  auto plain = parse_hostlist("node001,node002,node005,node020");
  ASSERT_TRUE(plain.value);
  EXPECT_EQ(plain.value->names, (Strings{"node001", "node002", "node005", "node020"}));

  auto two = parse_hostlist("dccn-c00[4-5],dccn-c0[10-12]");
  ASSERT_TRUE(two.value);
  EXPECT_EQ(two.value->names, (Strings{"dccn-c004", "dccn-c005", "dccn-c010", "dccn-c011", "dccn-c012"}));

  auto colon = parse_hostlist("herc[0001-0003]:olympus");
  ASSERT_TRUE(colon.value);
  EXPECT_EQ(colon.value->names, (Strings{"herc0001", "herc0002", "herc0003", "olympus"}));

  auto set = parse_hostlist("n[1-2,7]");
  ASSERT_TRUE(set.value);
  EXPECT_EQ(set.value->names, (Strings{"n1", "n2", "n7"}));

  auto widen = parse_hostlist("node[8-10]");  // no padding: the numbers as they are
  ASSERT_TRUE(widen.value);
  EXPECT_EQ(widen.value->names, (Strings{"node8", "node9", "node10"}));
}

TEST(ParseHostlist, Regex) {
  // `[0-13]` here is a regex character class, not a numeric range (tests/data/corpus/features.md).
  auto r = parse_hostlist("^compute-1-[0-13]");
  ASSERT_TRUE(r.value);
  EXPECT_EQ(r.value->kind, ir::HostExpression::Kind::Regex);
  EXPECT_EQ(r.value->regex, "^compute-1-[0-13]");
  EXPECT_TRUE(r.value->names.empty());
  // ...which is worth a warning: it matches compute-1-0, -1 and -3 only.
  EXPECT_EQ(issues(r), Strings{"hostlist-regex-class@11+6"});

  auto digit = parse_hostlist("^node[0-9]$");  // a one-digit class is a real character class
  ASSERT_TRUE(digit.value);
  EXPECT_EQ(digit.value->kind, ir::HostExpression::Kind::Regex);
  EXPECT_TRUE(digit.issues.empty());

  auto star = parse_hostlist("node.*");
  ASSERT_TRUE(star.value);
  EXPECT_EQ(star.value->kind, ir::HostExpression::Kind::Regex);
}

// Groups nested deeper than 32 are refused before llvm::Regex compiles them (by recursion: 200,000
// of them overflowed the stack); brackets and escapes are not groups.
TEST(ParseHostlist, DeeplyNestedGroupsAreRefused) {
  auto nested = [](int depth) { return std::string(depth, '(') + "node" + std::string(depth, ')'); };
  EXPECT_TRUE(parse_hostlist(nested(32)).value);
  for (int depth : {33, 200000}) {
    auto deep = parse_hostlist(nested(depth));
    EXPECT_FALSE(deep.value);
    ASSERT_EQ(deep.issues.size(), 1u);
    EXPECT_NE(deep.issues[0].message.find("groups nested deeper than 32"), std::string::npos);
  }
  // '(' in a bracket expression or escaped opens no group: 32 groups here, not 36.
  EXPECT_TRUE(parse_hostlist("[(((]\\(" + nested(32)).value);
}

TEST(ParseHostlist, Bad) {
  auto backwards = parse_hostlist("node[03-01]");
  EXPECT_FALSE(backwards.value);
  EXPECT_EQ(issues(backwards), Strings{"invalid-value!@0+11"});
  auto open = parse_hostlist("a,node[01-03");
  EXPECT_FALSE(open.value);
  EXPECT_EQ(issues(open), Strings{"invalid-value!@2+10"});
  auto letters = parse_hostlist("node[a-b]");
  EXPECT_FALSE(letters.value);
  auto regex = parse_hostlist("node(1");
  EXPECT_FALSE(regex.value);
  ASSERT_EQ(regex.issues.size(), 1u);
  EXPECT_TRUE(regex.issues[0].error);
}

// --- RESOURCES -----------------------------------------------------------------------------

TEST(ParseResources, SemicolonAndComma) {
  auto r = parse_resources("PROCS:2;MEM:512");
  ASSERT_TRUE(r.value);
  EXPECT_EQ(r.value->procs, 2);
  EXPECT_EQ(r.value->mem_mb, 512);
  EXPECT_EQ(r.value->swap_mb, 0);
  EXPECT_EQ(r.value->disk_mb, 0);
  EXPECT_TRUE(r.issues.empty());

  auto c = parse_resources("PROCS:2,MEM:256");
  ASSERT_TRUE(c.value);
  EXPECT_EQ(c.value->procs, 2);
  EXPECT_EQ(c.value->mem_mb, 256);

  auto eq = parse_resources("PROCS=1+DISK=100+SWAP:64");
  ASSERT_TRUE(eq.value);
  EXPECT_EQ(eq.value->procs, 1);
  EXPECT_EQ(eq.value->disk_mb, 100);
  EXPECT_EQ(eq.value->swap_mb, 64);
}

TEST(ParseResources, DefaultProcsIsAllOfTheNode) {
  auto r = parse_resources("MEM:1024");
  ASSERT_TRUE(r.value);
  EXPECT_EQ(r.value->procs, -1);  // the manual's default PROCS=-1
  EXPECT_EQ(r.value->mem_mb, 1024);
  auto all = parse_resources("PROCS=-1");
  ASSERT_TRUE(all.value);
  EXPECT_EQ(all.value->procs, -1);
}

TEST(ParseResources, Bad) {
  auto noval = parse_resources("PROCS");
  EXPECT_FALSE(noval.value);
  EXPECT_EQ(issues(noval), Strings{"invalid-value!@0+5"});
  auto unknown = parse_resources("PROCS:1;GPU:2");
  EXPECT_FALSE(unknown.value);
  EXPECT_EQ(issues(unknown), Strings{"invalid-value!@8+5"});
  auto number = parse_resources("PROCS:2;MEM:x");
  EXPECT_FALSE(number.value);
  EXPECT_EQ(issues(number), Strings{"invalid-value!@12+1"});
}

// schemas/ir.h's bounds: a node or task of more is an error at the number, not an overflow.
TEST(ParseResources, AmountsWithinTheBounds) {
  auto most = parse_resources("PROCS:1000000000;MEM:1000000000000;SWAP:1000000000000;DISK:1000000000000");
  ASSERT_TRUE(most.value);
  EXPECT_EQ(most.value->procs, ir::kMaxProcs);
  EXPECT_EQ(most.value->disk_mb, ir::kMaxMegabytes);
  auto procs = parse_resources("PROCS:1000000001");
  EXPECT_FALSE(procs.value);
  EXPECT_EQ(issues(procs), Strings{"invalid-value!@6+10"});
  EXPECT_EQ(procs.issues[0].message,
            "expected PROCS from -1 to 1000000000 (-1: all of the node's), found '1000000001'");
  auto memory = parse_resources("PROCS:2;MEM:1000000000001");
  EXPECT_FALSE(memory.value);
  EXPECT_EQ(issues(memory), Strings{"invalid-value!@12+13"});
  auto negative = parse_resources("SWAP:-1");
  EXPECT_FALSE(negative.value);
  EXPECT_EQ(negative.issues[0].message, "expected SWAP from 0 to 1000000000000 MB, found '-1'");
  auto below_all = parse_resources("PROCS:-2");
  EXPECT_FALSE(below_all.value);
}

// --- DAYS ----------------------------------------------------------------------------------

TEST(ParseDays, Lists) {
  struct Case {
    std::string_view text;
    unsigned mask;  // bit 0 = Sunday
  };
  for (const Case& c : {Case{"MON,TUE", 0b0000110}, Case{"Mon|Fri", 0b0100010}, Case{"MON,TUE,WED,THU,FRI", 0b0111110},
                        Case{"SUN", 0b0000001}, Case{"Sat", 0b1000000}, Case{"MON TUE", 0b0000110},
                        Case{"mon:wed", 0b0001010}, Case{"ALL", 0x7f}, Case{"[ALL]", 0x7f}, Case{"all", 0x7f}}) {
    auto r = parse_days(c.text);
    ASSERT_TRUE(r.value) << c.text;
    EXPECT_EQ(static_cast<unsigned>(*r.value), c.mask) << c.text;
    EXPECT_TRUE(r.issues.empty()) << c.text;
  }
}

TEST(ParseDays, Bad) {
  auto r = parse_days("Funday");
  EXPECT_FALSE(r.value);
  EXPECT_EQ(issues(r), Strings{"invalid-value!@0+6"});
  auto second = parse_days("MON,XYZ");
  EXPECT_FALSE(second.value);
  EXPECT_EQ(issues(second), Strings{"invalid-value!@4+3"});
  auto full = parse_days("MONDAY");  // the manual: the first three letters of the day
  EXPECT_FALSE(full.value);
}

// --- split ---------------------------------------------------------------------------------

TEST(Split, DropsEmptyItems) {
  auto v = [](std::string_view text, std::string_view seps) {
    Strings out;
    for (auto s : split(text, seps)) out.emplace_back(s);
    return out;
  };
  EXPECT_EQ(v("a,,b", ","), (Strings{"a", "b"}));
  EXPECT_EQ(v(",a,", ","), Strings{"a"});
  EXPECT_EQ(v("", ","), Strings{});
  EXPECT_EQ(v("a:b|c d", ",:| "), (Strings{"a", "b", "c", "d"}));
  EXPECT_EQ(v("abc", ","), Strings{"abc"});
}

// Pieces (split's allocation-free range) against the obvious byte-by-byte split, on random texts
// and separator sets, bytes above 127 included: the same items, each a view into the text.
TEST(Split, PiecesAgreeWithTheObviousSplit) {
  std::mt19937 rng(772);
  const std::string alphabet = std::string("ab,:;| \t+=") + '\x80' + '\xff';
  for (int c = 0; c < 20000; ++c) {
    std::string text(rng() % 12, ' '), seps(rng() % 5, ' ');
    for (char& ch : text) ch = alphabet[rng() % alphabet.size()];
    for (char& ch : seps) ch = alphabet[rng() % alphabet.size()];
    Strings expected;
    std::string item;
    for (char ch : text + seps.substr(0, 1)) {
      if (seps.find(ch) != std::string::npos) {
        if (!item.empty()) expected.push_back(item);
        item.clear();
      } else {
        item += ch;
      }
    }
    if (!item.empty() && seps.empty()) expected.push_back(item);
    Strings got;
    for (std::string_view p : Pieces(text, seps)) {
      EXPECT_TRUE(p.data() >= text.data() && p.data() + p.size() <= text.data() + text.size());
      got.emplace_back(p);
    }
    ASSERT_EQ(got, expected) << "text '" << text << "' separators '" << seps << "'";
  }
}

}  // namespace

// --- inputs the fuzzer found (tests/fuzz/crashes/) ----------------------------------------

TEST(FuzzRegressions, HugeTimeFieldsAreErrorsNotOverflows) {
  auto d = parse_duration("999999999999999:00:00:00");
  EXPECT_FALSE(d.value);
  ASSERT_EQ(d.issues.size(), 1u);
  EXPECT_NE(d.issues[0].message.find("too large"), std::string::npos);
  EXPECT_FALSE(parse_datetime("9999999999999999:00").value);
  EXPECT_EQ(*parse_duration("1000000:00").value, 1000000 * 60);  // large but representable
}

TEST(FuzzRegressions, HostRangeProductIsBounded) {
  auto r = parse_hostlist("n[0-99999][0-99999]");  // 10^10 names
  EXPECT_FALSE(r.value);
  ASSERT_EQ(r.issues.size(), 1u);
  EXPECT_EQ(r.issues[0].rule.id, "invalid-value");
  auto ok = parse_hostlist("n[0-999][0-9]");  // 10,000 names is fine
  ASSERT_TRUE(ok.value);
  EXPECT_EQ(ok.value->names.size(), 10000u);
  EXPECT_EQ(ok.value->names.back(), "n9999");
}

TEST(FuzzRegressions, LongRegexDoesNotRecurse) {
  std::string regex = "^" + std::string(200000, 'a');
  auto r = parse_hostlist(regex);
  ASSERT_TRUE(r.value);
  EXPECT_EQ(r.value->kind, maui::ir::HostExpression::Kind::Regex);
  auto bad = parse_hostlist("^node(");
  EXPECT_FALSE(bad.value);
}
