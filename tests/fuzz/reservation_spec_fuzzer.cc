// libFuzzer target: the input bytes as an administrative reservation spec through
// parse_reservation_spec (runtime/io/reservation_spec.h): what `mauirun simulate --reservation`
// reads from a command line and serve's `setres` from any admin on the socket, on both clocks.
// Contracts: an error names the command and says something; a reservation has a name, at least
// one host, each host non-empty, and starts before it ends; two reads agree.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>

#include "runtime/io/reservation_spec.h"
#include "tests/fuzz/fuzz_contract.h"

namespace {

void fail(const char* what) { maui::fuzz::fail("maui_reservation_spec_fuzzer", what); }

void check(std::string_view spec, const maui::runtime::ReservationTimes& times) {
  const auto r = maui::runtime::parse_reservation_spec(spec, times, "setres");
  if (const auto* error = std::get_if<std::string>(&r)) {
    if (error->find("setres") == std::string::npos) fail("an error that does not name the command");
    return;
  }
  const auto& a = std::get<maui::runtime::AdminReservation>(r);
  if (a.name.empty()) fail("a reservation without a name");
  if (a.hosts.empty()) fail("a reservation without a host");
  for (const auto& h : a.hosts)
    if (h.empty()) fail("an empty host name");
  if (a.start >= a.end) fail("a reservation that does not start before it ends");
  if (maui::runtime::parse_reservation_spec(spec, times, "setres") != r) fail("two reads differ");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view spec(reinterpret_cast<const char*>(data), size);
  check(spec, maui::runtime::trace_times());
  check(spec, maui::runtime::live_times(1700000000, 3600));
  return 0;
}
