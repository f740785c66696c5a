// The IR's JSON writer against llvm::json::OStream, whose bytes it promises to reproduce: strings
// escaped a word at a time must equal the byte-by-byte escaping wherever the special byte sits,
// the inline key path must equal the general one, and indentation must hold at any depth.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include "schemas/json_writer.h"

namespace maui::ir {
namespace {

// What both writers are asked to write: one call per element, replayed on each.
struct Call {
  enum Kind { ObjectBegin, ObjectEnd, ArrayBegin, ArrayEnd, Key, PlainKey, String, PlainString, Integer } kind;
  std::string text;
  std::int64_t number = 0;
};

// The text of an ObjectBegin / ObjectEnd that ours() writes as an inline object.
constexpr std::string_view kInline = "inline";

std::string ours(const std::vector<Call>& calls, unsigned indent) {
  std::string out;
  {
    JsonWriter w([&out](std::string_view piece) { out += piece; }, indent);
    for (const Call& c : calls) {
      const bool inline_object = c.text == kInline;  // (llvms writes it as any object)
      switch (c.kind) {
        case Call::ObjectBegin: inline_object ? w.inline_object_begin() : w.object_begin(); break;
        case Call::ObjectEnd: inline_object ? w.inline_object_end() : w.object_end(); break;
        case Call::ArrayBegin: w.array_begin(); break;
        case Call::ArrayEnd: w.array_end(); break;
        case Call::Key: w.key(c.text); break;
        case Call::PlainKey: w.plain_key(c.text); break;
        case Call::String: w.string(c.text); break;
        case Call::PlainString: w.plain_string(c.text); break;
        case Call::Integer: w.integer(c.number); break;
      }
    }
  }
  return out;
}

std::string llvms(const std::vector<Call>& calls, unsigned indent) {
  std::string out;
  llvm::raw_string_ostream stream(out);
  llvm::json::OStream j(stream, indent);
  // OStream wants each member closed: a scalar after a key closes it at once, a container that
  // follows a key closes it when the container ends.
  bool after_key = false;
  std::vector<bool> opened_after_key;
  auto value_done = [&](bool was_after_key) {
    if (was_after_key) j.attributeEnd();
  };
  for (const Call& c : calls) {
    switch (c.kind) {
      case Call::ObjectBegin:
      case Call::ArrayBegin:
        opened_after_key.push_back(after_key);
        after_key = false;
        c.kind == Call::ObjectBegin ? j.objectBegin() : j.arrayBegin();
        break;
      case Call::ObjectEnd:
      case Call::ArrayEnd:
        c.kind == Call::ObjectEnd ? j.objectEnd() : j.arrayEnd();
        value_done(opened_after_key.back());
        opened_after_key.pop_back();
        break;
      case Call::Key:
      case Call::PlainKey:
        j.attributeBegin(c.text);
        after_key = true;
        break;
      case Call::String:
      case Call::PlainString:
      case Call::Integer:
        if (c.kind == Call::Integer)
          j.value(c.number);
        else
          j.value(c.text);
        value_done(after_key);
        after_key = false;
        break;
    }
  }
  stream.flush();
  return out;
}

// Every string of length 0..40, and a long one, with a byte that needs escaping (or a multi-byte
// character) at each position, written as keys and as values, indented and not.
TEST(JsonWriter, StringsAreEscapedLikeLlvmJsonAtEveryPosition) {
  const std::vector<std::string> specials = {
      "\"", "\\", "\n", "\t", "\r", std::string(1, '\x01'), std::string(1, '\x1f'), "\xc3\xa9", "\xe2\x82\xac", "~"};
  for (unsigned indent : {0u, 2u}) {
    for (std::size_t length = 0; length <= 40; ++length) {
      for (const std::string& special : specials) {
        for (std::size_t at = 0; at <= length; ++at) {
          std::string text(length, 'a');
          text.insert(at, special);
          const std::vector<Call> calls = {
              {Call::ObjectBegin, ""}, {Call::Key, text}, {Call::String, text}, {Call::ObjectEnd, ""}};
          ASSERT_EQ(ours(calls, indent), llvms(calls, indent))
              << "length " << length << ", special at " << at << ", indent " << indent;
        }
      }
    }
  }
  std::string long_text(5000, 'x');
  long_text[4321] = '"';
  const std::vector<Call> calls = {{Call::ArrayBegin, ""}, {Call::String, long_text}, {Call::ArrayEnd, ""}};
  EXPECT_EQ(ours(calls, 2), llvms(calls, 2));
}

// Random documents: nesting deeper than the writer's 64-column line-break template, empty
// containers, plain and escaped keys of every short length.
TEST(JsonWriter, RandomDocumentsMatchLlvmJson) {
  std::mt19937 random(7);
  for (int round = 0; round < 300; ++round) {
    std::vector<Call> calls;
    std::vector<bool> is_object;  // the open containers
    calls.push_back({Call::ObjectBegin, ""});
    is_object.push_back(true);
    const int steps = static_cast<int>(random() % 200);
    for (int step = 0; step < steps && !is_object.empty(); ++step) {
      if (is_object.back()) {
        std::string key(random() % 20, static_cast<char>('a' + random() % 26));
        calls.push_back({random() % 2 ? Call::PlainKey : Call::Key, key});
      }
      switch (random() % 6) {
        case 0:
          calls.push_back({Call::ObjectBegin, ""});
          is_object.push_back(true);
          break;
        case 1:
          calls.push_back({Call::ArrayBegin, ""});
          is_object.push_back(false);
          break;
        case 2: calls.push_back({Call::Integer, "", static_cast<std::int64_t>(random()) - (1 << 30)}); break;
        case 3: calls.push_back({Call::PlainString, std::string(random() % 30, 'p')}); break;
        default: {
          calls.push_back({Call::String, std::string(random() % 30, random() % 3 ? 's' : '\n')});
          break;
        }
      }
      if (random() % 4 == 0 && is_object.size() > 1) {
        calls.push_back({is_object.back() ? Call::ObjectEnd : Call::ArrayEnd, ""});
        is_object.pop_back();
      }
    }
    while (!is_object.empty()) {
      calls.push_back({is_object.back() ? Call::ObjectEnd : Call::ArrayEnd, ""});
      is_object.pop_back();
    }
    for (unsigned indent : {0u, 2u, 5u}) ASSERT_EQ(ours(calls, indent), llvms(calls, indent)) << round;
  }
}

// An inline object is the same value on one line: random documents with some objects written
// inline (never nested in another inline one) read back as the same JSON as llvm::json's, every
// inline object's text has no line break, and without indentation the bytes are llvm::json's.
TEST(JsonWriter, InlineObjectsAreTheSameValueOnOneLine) {
  std::mt19937 random(11);
  for (int round = 0; round < 300; ++round) {
    std::vector<Call> calls = {{Call::ObjectBegin, ""}};
    std::vector<bool> inline_flags;  // per call: an ObjectBegin/End written inline
    const int members = 1 + static_cast<int>(random() % 8);
    for (int m = 0; m < members; ++m) {
      calls.push_back({Call::PlainKey, std::string(1, 'k').append(std::to_string(m))});
      if (random() % 2) {  // an object of scalars and one small array
        calls.push_back({Call::ObjectBegin, std::string(kInline)});
        const int inner = static_cast<int>(random() % 5);
        for (int i = 0; i < inner; ++i) {
          calls.push_back({random() % 2 ? Call::PlainKey : Call::Key, std::string(1, 'i').append(std::to_string(i))});
          switch (random() % 3) {
            case 0: calls.push_back({Call::Integer, "", static_cast<std::int64_t>(random() % 100000)}); break;
            case 1: {
              static const char* const kStrings[] = {"", "q\"x", "qq\\y", "tab\there", "caf\xc3\xa9"};
              calls.push_back({Call::String, kStrings[random() % 5]});
              break;
            }
            default:
              calls.push_back({Call::ArrayBegin, ""});
              for (unsigned e = random() % 3; e > 0; --e) {
                calls.push_back({Call::ObjectBegin, ""});
                calls.push_back({Call::PlainKey, "line"});
                calls.push_back({Call::Integer, "", static_cast<std::int64_t>(e)});
                calls.push_back({Call::ObjectEnd, ""});
              }
              calls.push_back({Call::ArrayEnd, ""});
          }
        }
        calls.push_back({Call::ObjectEnd, std::string(kInline)});
      } else {
        calls.push_back({Call::PlainString, "plain"});
      }
    }
    calls.push_back({Call::ObjectEnd, ""});
    for (unsigned indent : {0u, 2u}) {
      const std::string out = ours(calls, indent);
      const std::string reference = llvms(calls, indent);
      if (indent == 0) {
        ASSERT_EQ(out, reference) << round;
        continue;
      }
      auto ours_value = llvm::json::parse(out);
      auto their_value = llvm::json::parse(reference);
      ASSERT_TRUE(static_cast<bool>(ours_value)) << llvm::toString(ours_value.takeError()) << "\n" << out;
      ASSERT_TRUE(static_cast<bool>(their_value)) << llvm::toString(their_value.takeError());
      ASSERT_EQ(*ours_value, *their_value) << round << "\n" << out;
      // Each member's line: an inline object's "kN": {...} is whole on it, with ", " between its members.
      std::size_t lines = 0;
      for (char ch : out) lines += ch == '\n';
      EXPECT_EQ(lines, static_cast<std::size_t>(members) + 1) << out;  // one per member and the last brace
    }
  }
}

// Numbers are printf's %.17g, and the writer keeps the text of the values it wrote (a config
// repeats a few): on many values, repeated ones and ones that share a place in that memory
// among them, every number must still be its own %.17g.
TEST(JsonWriter, NumbersArePrintfsSeventeenDigitsEvenWhenRepeated) {
  std::mt19937_64 random(3);
  std::vector<double> values;
  for (int i = 0; i < 20000; ++i) {
    switch (i % 3) {
      case 0: values.push_back(static_cast<double>(random() % 1000) / 10); break;  // repeats
      case 1: {                                                                    // any finite double
        std::uint64_t bits = random();
        double v;
        std::memcpy(&v, &bits, sizeof v);
        values.push_back(std::isfinite(v) ? v : 1.5);
        break;
      }
      default: values.push_back(values[random() % values.size()]);  // an earlier value again
    }
  }
  std::string expected = "[";
  for (std::size_t i = 0; i < values.size(); ++i) {
    char text[64];
    std::snprintf(text, sizeof text, "%.17g", values[i]);
    if (i > 0) expected += ',';
    expected += text;
  }
  expected += "]";
  std::string out;
  {
    JsonWriter w([&out](std::string_view piece) { out += piece; }, 0);
    w.array_begin();
    for (double v : values) w.number(v);
    w.array_end();
  }
  EXPECT_EQ(out, expected);
}

}  // namespace
}  // namespace maui::ir
