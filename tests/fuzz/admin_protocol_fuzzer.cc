// libFuzzer target: the admin socket's wire format (runtime/daemon/admin_protocol.h), the first
// thing any local user's bytes reach in serve. The input is read as a request and as an answer;
// and, split at NUL bytes, as a request and an answer built from its pieces (command, arguments;
// status, out, err), which is what the daemon and the client encode.
// Contracts, besides the sanitizers: a text either decodes or says why, never both; a decoded
// request or answer re-encodes to one line (ending in its only newline) that decodes to the same
// request or answer; anything encoded, whatever its bytes, decodes again (a name that is not
// UTF-8 with its bad bytes replaced, as JSON requires), to the same thing when it is UTF-8.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "llvm/Support/JSON.h"
#include "runtime/daemon/admin_protocol.h"
#include "tests/fuzz/fuzz_contract.h"

namespace {

using namespace maui::runtime;

void fail(const char* what) { maui::fuzz::fail("maui_admin_protocol_fuzzer", what); }

bool same(const AdminRequest& a, const AdminRequest& b) {
  return a.command == b.command && a.args == b.args && a.json == b.json;
}
bool same(const AdminAnswer& a, const AdminAnswer& b) {
  return a.status == b.status && a.out == b.out && a.err == b.err;
}

void one_line(const std::string& text) {
  if (text.empty() || text.back() != '\n' || text.find('\n') != text.size() - 1)
    fail("an encoding that is not one line");
}

bool utf8(const std::string& s) { return llvm::json::isUTF8(s); }

void round_trip(const AdminRequest& r) {
  const std::string text = encode_request(r);
  one_line(text);
  const auto back = decode_request(text);
  const AdminRequest* got = std::get_if<AdminRequest>(&back);
  if (!got) fail("an encoded request does not decode");
  bool all_utf8 = utf8(r.command);
  for (const auto& a : r.args) all_utf8 = all_utf8 && utf8(a);
  if (all_utf8 && !same(*got, r)) fail("a request decodes to another");
  if (!all_utf8 && got->args.size() != r.args.size()) fail("a request's arguments change in number");
}

void round_trip(const AdminAnswer& a) {
  const std::string text = encode_answer(a);
  one_line(text);
  const auto back = decode_answer(text);
  const AdminAnswer* got = std::get_if<AdminAnswer>(&back);
  if (!got) fail("an encoded answer does not decode");
  if (got->status != a.status) fail("an answer's status changes");
  if (utf8(a.out) && utf8(a.err) && !same(*got, a)) fail("an answer decodes to another");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto request = decode_request(text);
  if (const auto* r = std::get_if<AdminRequest>(&request)) {
    if (r->command.empty()) fail("a request without a command decoded");
    round_trip(*r);
  } else if (std::get<std::string>(request).empty()) {
    fail("a request refused without a reason");
  }
  const auto answer = decode_answer(text);
  if (const auto* a = std::get_if<AdminAnswer>(&answer))
    round_trip(*a);
  else if (std::get<std::string>(answer).empty())
    fail("an answer refused without a reason");

  // The pieces between NUL bytes as what the two sides encode.
  std::vector<std::string> pieces(1);
  for (char c : text) {
    if (c == '\0')
      pieces.emplace_back();
    else
      pieces.back() += c;
  }
  AdminRequest built;
  built.command = pieces[0].empty() ? std::string("showq") : pieces[0];
  built.args.assign(pieces.begin() + 1, pieces.end());
  built.json = size % 2 == 1;
  round_trip(built);
  AdminAnswer said;
  said.status = static_cast<int>(size % 4);
  said.out = pieces[0];
  said.err = pieces.size() > 1 ? pieces[1] : std::string();
  round_trip(said);
  return 0;
}
