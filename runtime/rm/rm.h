// What the engine needs of a resource manager: the cluster now, and the four things it asks
// an RM to do. The trace-driven simulator (runtime/rm/sim/simulator.h) is one; a live Slurm adapter
// is another. Every request answers with an RmStatus: an RM that refuses says why.
#pragma once

#include <string>
#include <vector>

#include "runtime/engine/calendar.h"
#include "runtime/engine/model.h"

namespace maui::runtime {

struct RmStatus {
  bool ok = true;
  std::string error;  // what the RM said when it refused
  static RmStatus failure(std::string why) { return {false, std::move(why)}; }
};

class ResourceManager {
 public:
  virtual ~ResourceManager() = default;
  virtual std::string name() const = 0;
  // Nodes, queued and running jobs, and the time, as the RM sees them now.
  virtual ClusterSnapshot snapshot() = 0;
  // Starts a queued job on these nodes (node index into the snapshot's nodes, and tasks).
  virtual RmStatus start_job(const std::string& id, const std::vector<std::string>& nodes,
                             const std::vector<std::int64_t>& tasks) = 0;
  virtual RmStatus hold_job(const std::string& id, const std::string& reason) = 0;
  virtual RmStatus cancel_job(const std::string& id, const std::string& reason) = 0;
  // Puts a running job back in the queue (its resources are freed).
  virtual RmStatus requeue_job(const std::string& id) = 0;
};

}  // namespace maui::runtime
