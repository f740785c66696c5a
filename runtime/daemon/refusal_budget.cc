#include "runtime/daemon/refusal_budget.h"

#include <fmt/format.h>

namespace maui::runtime {

bool RefusalBudget::allow(uid_t uid, Epoch now, std::int64_t& untold) {
  untold = 0;
  Minute& m = minutes_[uid];  // a new uid's minute began at 0: long over
  if (now - m.began >= 60 || now < m.began) {
    untold = m.unwritten;
    m = {now, 0, 0};
  }
  if (m.written < per_minute_) {
    ++m.written;
    return true;
  }
  ++m.unwritten;
  return false;
}

std::vector<RefusalBudget::Unwritten> RefusalBudget::take_unwritten(Epoch now) {
  std::vector<Unwritten> out;
  for (auto it = minutes_.begin(); it != minutes_.end();) {
    const Minute& m = it->second;
    if (now - m.began < 60 && now >= m.began) {
      ++it;
      continue;
    }
    if (m.unwritten > 0) {
      auto user = users_.find(it->first);
      out.push_back({it->first, user == users_.end() ? std::to_string(it->first) : user->second, m.unwritten});
    }
    it = minutes_.erase(it);
  }
  return out;
}

std::string clipped(const std::string& text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  // Cut on a character boundary: never half of a UTF-8 sequence.
  std::size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return fmt::format("{}... ({} bytes in all)", text.substr(0, cut), text.size());
}

}  // namespace maui::runtime
