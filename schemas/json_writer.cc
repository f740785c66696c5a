#include "schemas/json_writer.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <system_error>
#include <utility>

#include "llvm/Support/JSON.h"

namespace maui::ir {
namespace {

// Bytes a JSON string cannot hold as they are: the quote, the backslash and control bytes.
constexpr std::array<bool, 256> kNeedsEscape = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 0x20; ++c) table[static_cast<std::size_t>(c)] = true;
  table['"'] = true;
  table['\\'] = true;
  return table;
}();

// Whether an 8-byte word holds a byte to escape: one below 0x20, '"' or '\\' (the classic
// "has a byte less than n" and "has a zero byte" tests, exact for this yes/no question).
bool needs_escape(std::uint64_t w) {
  constexpr std::uint64_t kOnes = 0x0101010101010101;
  constexpr std::uint64_t kHigh = 0x8080808080808080;
  const auto has_zero = [](std::uint64_t x) { return (x - kOnes) & ~x & kHigh; };
  return (((w - kOnes * 0x20) & ~w & kHigh) | has_zero(w ^ (kOnes * '"')) | has_zero(w ^ (kOnes * '\\'))) != 0;
}

}  // namespace

JsonWriter::JsonWriter(Sink sink, unsigned indent)
    : sink_(std::move(sink)),
      buffer_(std::make_unique_for_overwrite<char[]>(kBufferSize)),  // not zeroed: written before read
      pos_(buffer_.get()),
      end_(buffer_.get() + kBufferSize),
      indent_step_(indent) {}

void JsonWriter::flush() {
  if (pos_ == buffer_.get()) return;
  sink_(std::string_view(buffer_.get(), static_cast<std::size_t>(pos_ - buffer_.get())));
  pos_ = buffer_.get();
}

void JsonWriter::append_long(std::string_view text) {
  flush();
  if (text.size() > kBufferSize) {  // larger than the buffer: straight through
    sink_(text);
    return;
  }
  std::memcpy(pos_, text.data(), text.size());
  pos_ += text.size();
}

// Deeper than kBreak covers: the break, then the indentation in several pieces.
void JsonWriter::deep_newline() {
  append('\n');
  const std::string_view spaces = kBreak.substr(1);
  for (std::size_t left = indent_; left > 0;) {
    const std::size_t n = std::min(left, spaces.size());
    append(spaces.substr(0, n));
    left -= n;
  }
}

void JsonWriter::number(double value) {
  value_begin();
  // %.17g, as llvm::json writes doubles: 17 significant digits round-trip every finite
  // double, and the goldens hold this exact form (to_chars' shortest form would differ).
  // std::to_chars with a precision is specified to give printf's bytes, without its overhead.
  reserve(sizeof NumberText::text);
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  if (!number_texts_) number_texts_ = std::make_unique<NumberText[]>(kNumberTexts);
  NumberText& known = number_texts_[(bits * 0x9E3779B97F4A7C15u) >> (64 - kNumberTextBits)];
  if (known.size == 0 || known.bits != bits) {
    const auto [end, error] =
        std::to_chars(known.text, known.text + sizeof known.text, value, std::chars_format::general, 17);
    if (error != std::errc()) {  // cannot happen (24 characters hold every double): written as is
      known.size = 0;
      pos_ = std::to_chars(pos_, end_, value, std::chars_format::general, 17).ptr;
      return;
    }
    known.bits = bits;
    known.size = static_cast<std::uint8_t>(end - known.text);
  }
  std::memcpy(pos_, known.text, known.size);
  pos_ += known.size;
}

void JsonWriter::boolean(bool value) {
  value_begin();
  append(value ? std::string_view("true") : std::string_view("false"));
}

void JsonWriter::null() {
  value_begin();
  append(std::string_view("null"));
}

void JsonWriter::raw(std::string_view text) {
  value_begin();
  append(text);
}

// Eight bytes at a time, copied as they are checked, the last word overlapping the one before
// (a loop over bytes, with its hard-to-predict exit, was the writer's hottest code); bytes from
// the word that holds the first escape on, and strings shorter than a word, one at a time.
char* JsonWriter::escaped(char* at, std::string_view utf8) {
  const char* const s = utf8.data();
  const std::size_t n = utf8.size();
  std::size_t i = 0;
  if (n >= 8) {
    for (;; i += 8) {
      if (i + 8 > n) i = n - 8;
      std::uint64_t w;
      std::memcpy(&w, s + i, 8);
      if (needs_escape(w)) break;
      std::memcpy(at + i, &w, 8);
      if (i + 8 == n) return at + n;
    }
  }
  at += i;  // everything before i was plain and is in place
  for (; i < n; ++i) {
    const auto byte = static_cast<unsigned char>(s[i]);
    if (kNeedsEscape[byte])
      at = escape(at, byte);
    else
      *at++ = s[i];
  }
  return at;
}

bool JsonWriter::is_plain_ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x80 && !kNeedsEscape[byte];
  });
}

bool JsonWriter::needs_no_escape(std::string_view text) {
  return std::none_of(text.begin(), text.end(), [](char c) { return kNeedsEscape[static_cast<unsigned char>(c)]; });
}

bool JsonWriter::is_valid_utf8(std::string_view bytes) {
  return llvm::json::isUTF8(llvm::StringRef(bytes.data(), bytes.size()));
}

void JsonWriter::non_ascii_string(std::string_view bytes) {
  if (is_valid_utf8(bytes)) return string(bytes);
  string(llvm::json::fixUTF8(llvm::StringRef(bytes.data(), bytes.size())));
}

void JsonWriter::repaired_key(std::string_view bytes) {
  if (is_valid_utf8(bytes)) return key(bytes);
  key(llvm::json::fixUTF8(llvm::StringRef(bytes.data(), bytes.size())));
}

// A string too long to escape into the buffer after one room check goes in buffer-sized pieces.
void JsonWriter::quote_long(std::string_view utf8) {
  constexpr std::size_t kPiece = (kBufferSize - 2) / kLongestEscape;
  append('"');
  for (std::size_t at = 0; at < utf8.size(); at += kPiece) {
    const std::string_view piece = utf8.substr(at, kPiece);
    reserve(piece.size() * kLongestEscape);
    pos_ = escaped(pos_, piece);
  }
  append('"');
}

// The escapes llvm::json uses: \" \\ \t \n \r, any other control byte as \u00xx (lower case).
char* JsonWriter::escape(char* at, unsigned char c) {
  *at++ = '\\';
  switch (c) {
    case '"':
    case '\\': *at++ = static_cast<char>(c); return at;
    case '\t': *at++ = 't'; return at;
    case '\n': *at++ = 'n'; return at;
    case '\r': *at++ = 'r'; return at;
    default: {
      static constexpr char kHex[] = "0123456789abcdef";
      const char code[] = {'u', '0', '0', kHex[c >> 4], kHex[c & 0xf]};
      std::memcpy(at, code, sizeof code);
      return at + sizeof code;
    }
  }
}

}  // namespace maui::ir
