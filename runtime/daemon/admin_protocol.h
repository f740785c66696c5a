// What a client command and the daemon say to each other on the admin socket: one request, one
// answer, each a single line of JSON (docs/serve.md, "Admin socket"):
//   request  {"command":"showq","args":["-r"],"json":false}
//   answer   {"status":0,"out":"...","err":""}
// The caller's identity is never in the request: the daemon asks the kernel (SO_PEERCRED).
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace maui::runtime {

struct AdminRequest {
  std::string command;
  std::vector<std::string> args;
  bool json = false;
};

struct AdminAnswer {
  int status = 0;  // the client's exit status: 0 done, 1 not found or refused by the RM, 2 usage, 3 permission denied
  std::string out, err;
};

std::string encode_request(const AdminRequest& request);
std::string encode_answer(const AdminAnswer& answer);
// The request or answer, or what is wrong with the text (never a crash: it comes from outside).
std::variant<AdminRequest, std::string> decode_request(std::string_view text);
std::variant<AdminAnswer, std::string> decode_answer(std::string_view text);

}  // namespace maui::runtime
