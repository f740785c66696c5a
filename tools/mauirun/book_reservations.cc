#include "tools/mauirun/book_reservations.h"

#include "llvm/Support/raw_ostream.h"
#include "runtime/engine/admin_reservations.h"
#include "runtime/io/reservation_spec.h"

namespace maui::tools {

std::optional<std::vector<runtime::AdminReservation>> book_reservations(const std::vector<std::string>& specs,
                                                                        const std::vector<runtime::Node>& nodes,
                                                                        runtime::Epoch origin) {
  runtime::AdminReservationBook book(nodes);
  for (const auto& spec : specs) {
    auto parsed = runtime::parse_reservation_spec(spec, runtime::trace_times(), "--reservation");
    if (auto* why = std::get_if<std::string>(&parsed)) {
      llvm::errs() << "mauirun: " << *why << "\n";
      return std::nullopt;
    }
    auto r = std::get<runtime::AdminReservation>(std::move(parsed));
    r.start += origin;
    r.end += origin;
    if (auto why = book.create(std::move(r))) {
      llvm::errs() << "mauirun: --reservation: " << *why << "\n";
      return std::nullopt;
    }
  }
  return book.list();
}

}  // namespace maui::tools
