// The shortcut that writes most lines of a policy document: a value's provenance without earlier
// lines, `{"file": "maui.cfg", "line": 12, "column": 1, "end_column": 30, "how": "explicit"}` on
// one line (every value of the IR has a provenance; a large site's document has a million).
//
// It writes the bytes that ir_json_writer.cc's general path writes for the same record (an
// inline object of the members of ir_members.h), only faster: the part up to the line number is
// made once per file name (a "head"), and the rest is copied in pieces of fixed size instead of
// being assembled member by member. Its own file because it is the one part of the writer that
// knows the document's bytes rather than its members: tests/ir_json_test.cc checks it against
// the general path around every size it depends on.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "schemas/ir.h"
#include "schemas/json_writer.h"

namespace maui::ir {

class ProvenanceWriter {
 public:
  // `indenting`: whether the document it writes into is indented (JsonWriter::indenting()).
  explicit ProvenanceWriter(bool indenting);

  // Writes `p` as the next value of `out` (after a key) and returns true, or writes nothing and
  // returns false when the shortcut does not apply: `p` has earlier lines, or its file's name is
  // too long for a head (then the general path writes it).
  bool write_one_line(JsonWriter& out, const Provenance& p);

 private:
  // What comes before the line number, for one file: {"file": "NAME", "line": .
  struct Head {
    const std::string* file = nullptr;  // the interned name it was made for
    std::string text;
    std::array<char, 64> padded{};  // text, when it fits: copied whole, a copy of a known size
  };
  // What comes after the end column, for one derivation: , "how": "NAME"} .
  struct Tail {
    std::array<char, 32> padded{};
    std::size_t size = 0;
  };
  template <bool kIndenting>
  bool write_record(JsonWriter& out, const Provenance& p);
  void make_head(Head& head, const FileName& file) const;

  bool indenting_;
  std::vector<Tail> tails_;  // by Derivation
  // The heads of the files seen, by their interned name's address: a document alternates between
  // its config's file and "" (built-in defaults), and a site that #INCLUDEs a file per group
  // between many more. Two names seldom share a place (which costs remaking a head).
  std::array<Head, 64> heads_;
};

}  // namespace maui::ir
