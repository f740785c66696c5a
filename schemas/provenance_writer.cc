#include "schemas/provenance_writer.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>

#include <fmt/format.h>

#include "schemas/ir_names.h"

namespace maui::ir {

ProvenanceWriter::ProvenanceWriter(bool indenting) : indenting_(indenting) {
  for (std::string_view how : enum_names<Derivation>()) {
    const std::string text = fmt::format("{}\"how\"{}\"{}\"}}", indenting ? ", " : ",", indenting ? ": " : ":", how);
    Tail& t = tails_.emplace_back();
    t.size = std::min(text.size(), t.padded.size());  // a longer name is a test's failure
    std::copy_n(text.begin(), t.size, t.padded.begin());
  }
}

bool ProvenanceWriter::write_one_line(JsonWriter& out, const Provenance& p) {
  if (!p.earlier.empty()) return false;
  return indenting_ ? write_record<true>(out, p) : write_record<false>(out, p);
}

void ProvenanceWriter::make_head(Head& head, const FileName& file) const {
  head.file = &file.str();
  std::string name;
  {
    JsonWriter quoted([&name](std::string_view piece) { name += piece; }, 0);
    quoted.repaired_string(file.str());
  }
  const std::string_view colon = indenting_ ? ": " : ":";
  const std::string_view comma = indenting_ ? ", " : ",";
  head.text = fmt::format("{{\"file\"{}{}{}\"line\"{}", colon, name, comma, colon);
  if (head.text.size() <= head.padded.size()) std::copy(head.text.begin(), head.text.end(), head.padded.begin());
}

// Separators as constants, so that every copy but the name's has a size known here.
template <bool kIndenting>
bool ProvenanceWriter::write_record(JsonWriter& out, const Provenance& p) {
  const std::string& file = p.where.file.str();
  const auto address = reinterpret_cast<std::uintptr_t>(&file);
  Head& head = heads_[(address * 0x9E3779B97F4A7C15u) >> 58];  // the top 6 bits: 64 places
  if (head.file != &file) make_head(head, p.where.file);
  const auto how = static_cast<std::size_t>(p.how);
  if (how >= tails_.size()) return false;
  const Tail& tail = tails_[how];
  constexpr std::size_t kNumbers = 3 * (std::numeric_limits<unsigned>::digits10 + 1);
  const std::size_t bytes = std::max(head.text.size(), head.padded.size()) + kNumbers + 40 + tail.padded.size();
  if (bytes > JsonWriter::kMostRawBytes) return false;
  // Pieces copied whole, 64 or 32 bytes whatever their length (the room is reserved): a copy of
  // a size known here, where a length-sized memcpy was a call per piece.
  char* at = out.raw_value_begin(bytes);
  const auto append = [&at](std::string_view text) {
    std::memcpy(at, text.data(), text.size());
    at += text.size();
  };
  const auto number = [&at](unsigned n) { at = std::to_chars(at, at + 16, n).ptr; };
  if (head.text.size() <= head.padded.size()) {
    std::memcpy(at, head.padded.data(), head.padded.size());
    at += head.text.size();
  } else {
    append(head.text);
  }
  number(p.where.line);
  append(kIndenting ? std::string_view(", \"column\": ") : std::string_view(",\"column\":"));
  number(p.where.column);
  append(kIndenting ? std::string_view(", \"end_column\": ") : std::string_view(",\"end_column\":"));
  number(p.where.end_column);
  std::memcpy(at, tail.padded.data(), tail.padded.size());
  at += tail.size;
  out.raw_value_end(at);
  return true;
}

}  // namespace maui::ir
