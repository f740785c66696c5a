#include "runtime/rm/rm.h"

namespace maui::runtime {

std::string_view to_string(RmEvent::Kind kind) {
  switch (kind) {
    case RmEvent::Kind::Submitted: return "submitted";
    case RmEvent::Kind::Started: return "started";
    case RmEvent::Kind::StartFailed: return "start failed";
    case RmEvent::Kind::Ended: return "ended";
    case RmEvent::Kind::NodeChanged: return "node changed";
  }
  return "?";
}

}  // namespace maui::runtime
