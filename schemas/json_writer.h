// A streaming JSON writer for the IR's write path (schemas/ir_json_writer.cc, and the provenance
// shortcut of schemas/provenance_writer.cc).
//
// It writes exactly the bytes llvm::json::OStream wrote before it (the committed goldens and
// `mauic compile` output depend on them): the same separators and two-space indentation, "key": value
// with one space only when indenting, empty containers as {} and [], strings escaped as
// llvm::json does (\" \\ \t \n \r, other control bytes as \u00xx in lower case, everything else
// verbatim), integers in decimal and doubles as printf("%.17g").
//
// It is a plain appender (no Value tree, no virtual raw_ostream call per token), a few times
// faster than OStream on the 30 MB document of a large site. What runs per token (separators,
// line breaks, keys) is inline here: a large site's document has over a million lines. string()
// and key() take valid UTF-8, repaired_string() and repaired_key() any bytes; the caller
// guarantees that calls are well nested (key only inside an object, one value per key): nothing
// is checked here.
//
// One addition to OStream's layout: a container opened with inline_object_begin() is written on
// one line, its members separated by ", " (`{"file": "maui.cfg", "line": 3}`), for the small
// records a reader takes in at a glance (a value's provenance: half the document's lines
// otherwise). In a document without indentation it is an ordinary object.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string_view>

namespace maui::ir {

class JsonWriter {
 public:
  // Receives the document in pieces of up to 64 KiB, in order.
  using Sink = std::function<void(std::string_view)>;

  // indent: spaces per nesting level; 0 writes the whole document on one line.
  JsonWriter(Sink sink, unsigned indent);
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;
  ~JsonWriter() { flush(); }

  void object_begin() { open('{'); }
  void object_end() { close('}'); }
  // An object on one line (see above), and everything inside it. Not nested in another.
  void inline_object_begin() {
    open('{');
    inline_ = indent_step_ != 0;
  }
  void inline_object_end() {
    inline_ = false;
    indent_ -= indent_step_;
    append('}');
    has_value_ = true;
  }
  void array_begin() { open('['); }
  void array_end() { close(']'); }

  // Starts a member of the current object; the next call writes its value.
  void key(std::string_view utf8) {
    separate();
    quote(utf8);
    append(indent_step_ != 0 ? std::string_view(": ") : std::string_view(":"));
    after_key_ = true;
  }

  void string(std::string_view utf8) {
    value_begin();
    quote(utf8);
  }

  // A string or a key of any bytes (a maui.cfg is bytes, JSON text is UTF-8): invalid UTF-8
  // sequences become U+FFFD, as llvm::json makes them in a release build (with assertions on,
  // it aborts instead). Inline for the usual plain ASCII text.
  void repaired_string(std::string_view bytes) {
    if (is_plain_ascii(bytes)) return plain_string(bytes);
    non_ascii_string(bytes);
  }
  void repaired_key(std::string_view bytes);
  static bool is_valid_utf8(std::string_view bytes);

  // A key or a string that the caller knows needs no escaping (the IR's own member and enum
  // names, over a million keys in a large site's document): copied without looking at its bytes.
  // Always inlined (and copy() with it): most keys are compile-time constants (ir_members.h's
  // member lists), whose length then picks the stores at compile time instead of per call.
  [[gnu::always_inline]] void plain_key(std::string_view text) {
    if (text.size() > kShortString || indent_ >= kBreak.size()) return key(text);  // the same bytes
    // The comma, the line break, the key and the colon after one room check, through a local
    // pointer (see put_quoted).
    reserve(1 + kBreak.size() + text.size() + 4);
    char* at = pos_;
    const bool indenting = indent_step_ != 0;
    if (has_value_) *at++ = ',';
    if (inline_) {
      if (has_value_) *at++ = ' ';
    } else if (indenting) {
      std::memcpy(at, kBreak.data(), kBreak.size());
      at += indent_ + 1;
    }
    *at++ = '"';
    at = copy(at, text);
    std::memcpy(at, "\": ", 3);
    pos_ = at + (indenting ? 3 : 2);  // "key": value when indenting, "key":value otherwise
    has_value_ = true;
    after_key_ = true;
  }
  // Whether `text` has no byte to escape (so that it may go through plain_string).
  static bool needs_no_escape(std::string_view text);
  // Whether `text` is ASCII without a byte to escape: valid UTF-8 that plain_string writes as
  // string() would, decided in one pass (most strings of the IR: names, values).
  static bool is_plain_ascii(std::string_view text);
  void plain_string(std::string_view text) {
    value_begin();
    put_quoted(text);
  }
  // Always inlined: a large site's document has hundreds of thousands of integers (the line and
  // columns of every provenance), a call each otherwise.
  [[gnu::always_inline]] void integer(std::int64_t value) {
    value_begin();
    reserve(24);  // INT64_MIN has 20 characters
    pos_ = std::to_chars(pos_, end_, value).ptr;
  }
  void number(double value);  // finite values only: JSON has no NaN or infinities
  // A value whose bytes the caller writes itself, for the one record frequent enough to be
  // worth it (a provenance, by provenance_writer.h: every value of the IR has one). After the
  // separators a value needs, room for `bytes` (at most kMostRawBytes) from the pointer
  // returned; the caller writes valid JSON there and passes its end to raw_value_end.
  static constexpr std::size_t kMostRawBytes = 4096;
  [[gnu::always_inline]] char* raw_value_begin(std::size_t bytes) {
    value_begin();
    reserve(bytes);
    return pos_;
  }
  void raw_value_end(char* end) { pos_ = end; }
  bool indenting() const { return indent_step_ != 0; }
  void boolean(bool value);
  void null();
  void raw(std::string_view text);  // a value written as is (e.g. -0.0)

  // Passes what is buffered to the sink (also done by the destructor).
  void flush();

 private:
  // A line break and the indentation of up to 64 columns, copied whole (a fixed-size copy the
  // compiler inlines) and kept as far as needed.
  static constexpr std::string_view kBreak = "\n                                                                ";
  // Strings up to this length are escaped straight into the buffer after one room check.
  static constexpr std::size_t kShortString = 1024;
  static constexpr std::size_t kLongestEscape = 6;  // \u00xx

  void open(char bracket) {
    value_begin();
    indent_ += indent_step_;
    append(bracket);
    has_value_ = false;
  }
  void close(char bracket) {
    indent_ -= indent_step_;
    // An empty container closes on the same line: {} and [].
    if (has_value_ && !inline_) newline();
    append(bracket);
    has_value_ = true;  // the container just closed is a value of the one around it
  }
  // Array elements are separated by commas and each starts on its own line; a member's value
  // follows its key directly.
  void value_begin() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    separate();
  }
  // Before a member or an array element: the comma after the previous one, and a line break.
  void separate() {
    if (inline_) {
      if (has_value_) append(std::string_view(", "));
      has_value_ = true;
      return;
    }
    if (has_value_) append(',');
    newline();
    has_value_ = true;
  }
  void newline() {
    if (indent_step_ == 0) return;
    if (indent_ >= kBreak.size()) return deep_newline();
    reserve(kBreak.size());
    char* const at = pos_;
    std::memcpy(at, kBreak.data(), kBreak.size());
    pos_ = at + indent_ + 1;
  }
  void deep_newline();
  void quote(std::string_view utf8) {
    if (utf8.size() > kShortString) return quote_long(utf8);
    reserve(utf8.size() * kLongestEscape + 2);
    char* at = pos_;
    *at++ = '"';
    at = escaped(at, utf8);
    *at++ = '"';
    pos_ = at;
  }
  void quote_long(std::string_view utf8);
  void non_ascii_string(std::string_view bytes);
  void put_quoted(std::string_view text) {
    if (text.size() > kShortString) return quote_long(text);
    reserve(text.size() + 2);
    // A char store may alias any object, this writer's pos_ included: writing through pos_ would
    // store and reload it around every byte. A local pointer is written back once.
    char* at = pos_;
    *at++ = '"';
    at = copy(at, text);
    *at++ = '"';
    pos_ = at;
  }
  // memcpy for the short names that make up most of a document, without its call: two
  // overlapping loads and stores that stay within the text.
  [[gnu::always_inline]] static char* copy(char* at, std::string_view text) {
    const char* from = text.data();
    const std::size_t n = text.size();
    if (n >= 8 && n <= 16) {
      std::uint64_t head, tail;
      std::memcpy(&head, from, 8);
      std::memcpy(&tail, from + n - 8, 8);
      std::memcpy(at, &head, 8);
      std::memcpy(at + n - 8, &tail, 8);
    } else if (n >= 4 && n < 8) {
      std::uint32_t head, tail;
      std::memcpy(&head, from, 4);
      std::memcpy(&tail, from + n - 4, 4);
      std::memcpy(at, &head, 4);
      std::memcpy(at + n - 4, &tail, 4);
    } else if (n > 0 && n < 4) {  // the first, middle and last byte cover 1 to 3
      at[0] = from[0];
      at[n / 2] = from[n / 2];
      at[n - 1] = from[n - 1];
    } else {
      std::memcpy(at, from, n);
    }
    return at + n;
  }
  // Copies `utf8` to `at` with JSON escapes; returns the end. Room is the caller's.
  static char* escaped(char* at, std::string_view utf8);
  static char* escape(char* at, unsigned char c);

  // Tokens are assembled in a small buffer that stays in cache and reaches the sink in big
  // pieces: one bounds check per token instead of a std::string append per byte.
  static constexpr std::size_t kBufferSize = 64 * 1024;
  std::size_t room() const { return static_cast<std::size_t>(end_ - pos_); }
  // Always inlined: a compare and a rarely taken call, on every token (GCC's budget, spent on the
  // forced inlining of keys, would otherwise leave it a call).
  [[gnu::always_inline]] void reserve(std::size_t bytes) {
    if (room() < bytes) flush();
  }
  void append(char c) {
    reserve(1);
    *pos_++ = c;
  }
  void append(std::string_view text) {
    if (room() < text.size()) return append_long(text);
    std::memcpy(pos_, text.data(), text.size());
    pos_ += text.size();
  }
  void append_long(std::string_view text);

  // The text of numbers written before, by the bits of their value: %.17g costs hundreds of
  // instructions per number, and a config repeats a few values thousands of times (fairshare
  // targets, node speeds). Direct-mapped, made on the first number.
  struct NumberText {
    std::uint64_t bits = 0;
    std::uint8_t size = 0;  // 0: empty
    char text[24];          // the longest %.17g of a double: -1.2345678901234567e-308
  };
  static constexpr int kNumberTextBits = 10;
  static constexpr std::size_t kNumberTexts = std::size_t{1} << kNumberTextBits;
  std::unique_ptr<NumberText[]> number_texts_;

  Sink sink_;
  std::unique_ptr<char[]> buffer_;
  char* pos_;
  char* end_;
  unsigned indent_step_;
  unsigned indent_ = 0;
  // Whether the innermost open container has a member or element yet: it decides the comma and
  // whether the closing bracket goes on a line of its own. No stack of these is needed: once a
  // container closes, the one around it has a value (that container).
  bool has_value_ = false;
  // Set by key() (and at the start: the document is one value): the next value follows directly,
  // without a comma or a line break.
  bool after_key_ = true;
  // Inside an inline object of an indented document: ", " between members, no line breaks.
  bool inline_ = false;
};

}  // namespace maui::ir
