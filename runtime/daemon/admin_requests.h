// What the admin socket's requests do to the daemon. On the socket's thread: who may ask what
// (runtime/daemon/access.h); a look (showq, checkjob, ...) answered at once from the last
// published turn; a change queued for the scheduling thread. On the scheduling thread, between
// reading Slurm and the iteration: the changes carried out in the order asked
// (runtime/daemon/admin_changes.h) with what each asks of the daemon (a save, a reload, stopping
// or resuming scheduling); runjob answered after the iteration that tries it. Every change and
// every refusal of one goes to the audit log. Apart from the loop (serve.cc) because it is where
// the socket's thread and the scheduling thread meet: the queue of changes is all they share.
#pragma once

#include <sys/types.h>

#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "runtime/cycle/scheduling_cycle.h"
#include "runtime/daemon/access.h"
#include "runtime/daemon/admin_protocol.h"
#include "runtime/daemon/admin_socket.h"
#include "runtime/daemon/decision_log.h"
#include "runtime/daemon/live_scheduler.h"
#include "runtime/daemon/publisher.h"
#include "runtime/daemon/refusal_budget.h"
#include "runtime/rm/rm.h"

namespace maui::runtime {

// What a change may ask of the daemon beyond the scheduler's own state.
struct DaemonActions {
  std::function<RmStatus()> save;       // the state, to the state directory
  std::function<AdminAnswer()> reload;  // the config compiled again (schedctl -R)
};

class AdminRequests {
 public:
  // `clock` stamps the audit lines; `wake_scheduler` ends the scheduling thread's wait on Slurm,
  // so that a change is carried out at once.
  AdminRequests(DecisionLog& log, const Publisher& publisher, std::function<Epoch()> clock,
                std::function<void()> wake_scheduler);

  // On the socket's thread (AdminSocket::Handler): never blocks on the scheduling thread.
  void on_request(const Caller& caller, AdminRequest request, AdminSocket::Reply reply);

  // On the scheduling thread, between reading Slurm and the iteration: the changes asked since
  // the last turn, in the order asked. Returns the job the first runjob asks this iteration to
  // start; it is answered by answer_run_now after the iteration.
  std::optional<std::string> apply_pending_changes(LiveScheduler& scheduler, const DaemonActions& daemon);
  // After the turn is published: the answers of the changes carried out before its iteration
  // (a showres right after setres's answer shows the reservation).
  void answer_changes();
  // After the iteration: runjob's answer, the start the iteration made or why it made none. One
  // runjob per iteration: the others are asked again at once, in the next turn.
  void answer_run_now(const IterationReport& report, const ClusterSnapshot& cluster);
  // Once the socket is closed, as the daemon stops: a change still waiting is refused, not left
  // without an answer.
  void refuse_pending_changes();

  // A connection or request the socket refused by itself (over a user's share, client_quota.h):
  // logged within the user's refusal budget. Any thread.
  void refused_by_socket(const Caller& caller, const std::string& why);
  // At every turn: the refusals a budget kept out of the logs in a minute that is over, one line
  // per user ("nobody (uid 65534): 5234 more refused requests ...").
  void log_unwritten_refusals();

  // A user's changes waiting for the scheduling thread at once: more are refused (each holds
  // memory until the turn, and the turn carries them all out).
  static constexpr std::size_t kChangesPerUser = 4;

 private:
  // A change asked on the admin socket, waiting for the scheduling thread.
  struct PendingChange {
    Caller caller;
    AccessLevel level = AccessLevel::User;
    AdminRequest request;
    AdminSocket::Reply reply;
  };

  // `level`: the caller's; a user's refusals are written within the refusal budget.
  // False, touching neither, when the caller (no admin) has kChangesPerUser waiting already.
  bool queue_change(const Caller& caller, AccessLevel level, AdminRequest& request, AdminSocket::Reply& reply);
  void audit(const Caller& caller, AccessLevel level, const AdminRequest& request, const AdminAnswer& answer);
  // Whether a user's refusal may be written now; says the count of the last minute first.
  bool within_budget(const Caller& caller);
  void say_untold(const Caller& caller, std::int64_t count);

  DecisionLog& log_;
  const Publisher& publisher_;
  std::function<Epoch()> clock_;
  std::function<void()> wake_scheduler_;
  const uid_t daemon_uid_;
  std::mutex changes_mutex_;
  std::deque<PendingChange> changes_;  // asked, not yet carried out
  std::mutex budget_mutex_;
  RefusalBudget budget_;
  // The runjobs of the turn under way, the first tried by its iteration. Scheduling thread only.
  std::vector<PendingChange> run_now_;
  // Changes carried out, their answers waiting for the turn's publication. Scheduling thread only.
  std::vector<std::pair<AdminSocket::Reply, AdminAnswer>> done_;
};

}  // namespace maui::runtime
