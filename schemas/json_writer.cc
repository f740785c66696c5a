#include "schemas/json_writer.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <utility>

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

constexpr std::size_t kLongestEscape = 6;  // \u00xx

}  // namespace

JsonWriter::JsonWriter(Sink sink, unsigned indent)
    : sink_(std::move(sink)),
      buffer_(std::make_unique<char[]>(kBufferSize)),
      pos_(buffer_.get()),
      end_(buffer_.get() + kBufferSize),
      indent_step_(indent) {
  frames_.reserve(16);  // the IR nests about ten levels deep
}

void JsonWriter::flush() {
  if (pos_ == buffer_.get()) return;
  sink_(std::string_view(buffer_.get(), static_cast<std::size_t>(pos_ - buffer_.get())));
  pos_ = buffer_.get();
}

void JsonWriter::put(std::string_view text) {
  if (room() < text.size()) {
    flush();
    if (text.size() > kBufferSize) {  // larger than the buffer: straight through
      sink_(text);
      return;
    }
  }
  std::memcpy(pos_, text.data(), text.size());
  pos_ += text.size();
}

void JsonWriter::open(char bracket, bool array) {
  value_begin();
  frames_.push_back(Frame{array, false});
  indent_ += indent_step_;
  put(bracket);
}

void JsonWriter::close(char bracket) {
  indent_ -= indent_step_;
  // An empty container closes on the same line: {} and [].
  if (frames_.back().has_value) newline();
  put(bracket);
  frames_.pop_back();
}

void JsonWriter::key(std::string_view utf8) {
  Frame& frame = frames_.back();
  if (frame.has_value) put(',');
  newline();
  frame.has_value = true;
  quote(utf8);
  put(indent_step_ != 0 ? std::string_view(": ") : std::string_view(":"));
  after_key_ = true;
}

// Array elements are separated by commas and each starts on its own line; a member's value
// follows its key directly.
void JsonWriter::value_begin() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  Frame& frame = frames_.back();
  if (frame.has_value) put(',');
  newline();
  frame.has_value = true;
}

void JsonWriter::newline() {
  if (indent_step_ == 0) return;
  // The line break and the indentation in one copy; deeper than kBreak in several pieces.
  static constexpr std::string_view kBreak =
      "\n                                                                ";
  if (indent_ < kBreak.size()) {
    reserve(indent_ + 1);
    std::memcpy(pos_, kBreak.data(), indent_ + 1);
    pos_ += indent_ + 1;
    return;
  }
  put('\n');
  const std::string_view spaces = kBreak.substr(1);
  for (std::size_t left = indent_; left > 0;) {
    const std::size_t n = std::min(left, spaces.size());
    put(spaces.substr(0, n));
    left -= n;
  }
}

void JsonWriter::string(std::string_view utf8) {
  value_begin();
  quote(utf8);
}

void JsonWriter::integer(std::int64_t value) {
  value_begin();
  reserve(24);  // INT64_MIN has 20 characters
  pos_ = std::to_chars(pos_, end_, value).ptr;
}

void JsonWriter::number(double value) {
  value_begin();
  // printf's %.17g, as llvm::json writes doubles: 17 significant digits round-trip every finite
  // double, and the goldens hold this exact form (to_chars' shortest form would differ).
  char digits[32];
  const int length = std::snprintf(digits, sizeof digits, "%.17g", value);
  put(std::string_view(digits, static_cast<std::size_t>(length)));
}

void JsonWriter::boolean(bool value) {
  value_begin();
  put(value ? std::string_view("true") : std::string_view("false"));
}

void JsonWriter::null() {
  value_begin();
  put(std::string_view("null"));
}

void JsonWriter::raw(std::string_view text) {
  value_begin();
  put(text);
}

// Writes straight into the buffer after one check for the worst case (every byte escaped);
// a string too long for that goes through in buffer-sized pieces.
void JsonWriter::quote(std::string_view utf8) {
  constexpr std::size_t kPiece = (kBufferSize - 2) / kLongestEscape;
  if (utf8.size() > kPiece) {
    put('"');
    for (std::size_t at = 0; at < utf8.size(); at += kPiece) {
      const std::string_view piece = utf8.substr(at, kPiece);
      reserve(piece.size() * kLongestEscape);
      for (const char c : piece) {
        const auto byte = static_cast<unsigned char>(c);
        pos_ = kNeedsEscape[byte] ? escape(pos_, byte) : (*pos_ = c, pos_ + 1);
      }
    }
    put('"');
    return;
  }
  reserve(utf8.size() * kLongestEscape + 2);
  char* at = pos_;
  *at++ = '"';
  for (const char c : utf8) {
    const auto byte = static_cast<unsigned char>(c);
    if (kNeedsEscape[byte])
      at = escape(at, byte);
    else
      *at++ = c;
  }
  *at++ = '"';
  pos_ = at;
}

// The escapes llvm::json uses: \" \\ \t \n \r, any other control byte as \u00xx (lower case).
char* JsonWriter::escape(char* at, unsigned char c) {
  *at++ = '\\';
  switch (c) {
    case '"':
    case '\\':
      *at++ = static_cast<char>(c);
      return at;
    case '\t':
      *at++ = 't';
      return at;
    case '\n':
      *at++ = 'n';
      return at;
    case '\r':
      *at++ = 'r';
      return at;
    default: {
      static constexpr char kHex[] = "0123456789abcdef";
      const char code[] = {'u', '0', '0', kHex[c >> 4], kHex[c & 0xf]};
      std::memcpy(at, code, sizeof code);
      return at + sizeof code;
    }
  }
}

}  // namespace maui::ir
