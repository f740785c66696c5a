// A streaming JSON writer for the IR's write path (schemas/ir_json.cc).
//
// It writes exactly the bytes llvm::json::OStream wrote before it (the committed goldens and
// `mauic compile` output depend on them): the same separators and two-space indentation, "key": value
// with one space only when indenting, empty containers as {} and [], strings escaped as
// llvm::json does (\" \\ \t \n \r, other control bytes as \u00xx in lower case, everything else
// verbatim), integers in decimal and doubles as printf("%.17g").
//
// It is a plain appender (no Value tree, no virtual raw_ostream call per token), a few times
// faster than OStream on the 30 MB document of a large site. The caller guarantees strings are
// valid UTF-8 (ir_json.cc repairs them first) and that calls are well nested (key only inside an
// object, one value per key); nothing is checked here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

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

  void object_begin() { open('{', false); }
  void object_end() { close('}'); }
  void array_begin() { open('[', true); }
  void array_end() { close(']'); }

  // Starts a member of the current object; the next call writes its value.
  void key(std::string_view utf8);

  void string(std::string_view utf8);
  void integer(std::int64_t value);
  void number(double value);  // finite values only: JSON has no NaN or infinities
  void boolean(bool value);
  void null();
  void raw(std::string_view text);  // a value written as is (e.g. -0.0)

  // Passes what is buffered to the sink (also done by the destructor).
  void flush();

 private:
  struct Frame {
    bool array = false;
    bool has_value = false;
  };

  void open(char bracket, bool array);
  void close(char bracket);
  void value_begin();
  void newline();
  void quote(std::string_view utf8);
  char* escape(char* at, unsigned char c);

  // Tokens are assembled in a small buffer that stays in cache and reaches the sink in big
  // pieces: one bounds check per token instead of a std::string append per byte.
  static constexpr std::size_t kBufferSize = 64 * 1024;
  std::size_t room() const { return static_cast<std::size_t>(end_ - pos_); }
  void reserve(std::size_t bytes) {
    if (room() < bytes) flush();
  }
  void put(char c) {
    reserve(1);
    *pos_++ = c;
  }
  void put(std::string_view text);

  Sink sink_;
  std::unique_ptr<char[]> buffer_;
  char* pos_;
  char* end_;
  unsigned indent_step_;
  unsigned indent_ = 0;
  std::vector<Frame> frames_;
  // Set by key() (and at the start: the document is one value): the next value follows directly,
  // without a comma or a line break.
  bool after_key_ = true;
};

}  // namespace maui::ir
