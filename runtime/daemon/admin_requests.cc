// The admin socket's requests carried out (admin_requests.h).
#include "runtime/daemon/admin_requests.h"

#include <unistd.h>

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "runtime/daemon/admin_changes.h"
#include "runtime/views/view.h"

namespace maui::runtime {

namespace {

// runjob's answer: the start the iteration made, or why it made none.
AdminAnswer run_now_answer(const std::string& id, const IterationReport& report, const ClusterSnapshot& s) {
  for (const auto& a : report.applied) {
    if (a.kind != AppliedDecision::Kind::Start || s.jobs[a.job].id != id) continue;
    if (!a.status.ok)
      return {1, "", fmt::format("runjob: job {}: the RM refused the start: {}", id, a.status.error.message)};
    std::string nodes;
    for (const auto& d : report.result.starts)
      if (d.job == a.job)
        for (const auto& nt : d.nodes)
          nodes += fmt::format("{}{}:{}", nodes.empty() ? "" : ",", s.nodes[nt.node].name, nt.tasks);
    return {0, fmt::format("job {} started on {}\n", id, nodes), ""};
  }
  const std::string why = report.result.run_now_refusal.empty() ? "no start was made" : report.result.run_now_refusal;
  return {1, "", fmt::format("runjob: job {}: {}", id, why)};
}

}  // namespace

AdminRequests::AdminRequests(DecisionLog& log, const Publisher& publisher, std::function<Epoch()> clock,
                             std::function<void()> wake_scheduler)
    : log_(log),
      publisher_(publisher),
      clock_(std::move(clock)),
      wake_scheduler_(std::move(wake_scheduler)),
      daemon_uid_(::getuid()) {}

// Who may ask this is decided here; a look is answered from the last published turn at once, a
// change waits for the scheduling thread.
void AdminRequests::on_request(const Caller& caller, AdminRequest request, AdminSocket::Reply reply) {
  std::shared_ptr<const PublishedView> view = publisher_.latest_view();
  const std::optional<AccessLevel> needed = needed_level(request.command);
  if (!needed) {
    std::string known;
    for (auto name : view_commands()) known += std::string(known.empty() ? "" : " ") + std::string(name);
    return reply({2, "",
                  fmt::format("mauirun: unknown command '{}' (the daemon knows: {} releasehold releaseres runjob "
                              "schedctl setres sethold setspri)",
                              request.command, known)});
  }
  if (!view) return reply({1, "", "mauirun: the scheduler has not read Slurm yet: ask again in a moment"});
  const AccessLevel level = access_level(view->policy().ir->admins, caller, daemon_uid_);
  if (level > *needed) {
    AdminAnswer refused{3, "", permission_denied(request.command, *needed)};
    if (is_change(request.command)) audit(caller, level, request, refused);
    return reply(std::move(refused));
  }
  if (is_change(request.command)) {
    if (!queue_change(caller, level, request, reply)) {
      AdminAnswer refused{1, "",
                          fmt::format("mauirun: {} changes of yours wait for the scheduler's next turn already: try "
                                      "again after it",
                                      kChangesPerUser)};
      audit(caller, level, request, refused);
      return reply(std::move(refused));
    }
    wake_scheduler_();
    return;
  }
  ViewRequest v{request.command, request.args, request.json, {}};
  if (level == AccessLevel::User) v.only_user = caller.user;
  v.caller_user = caller.user;
  v.caller_group = caller.group;
  ViewAnswer a = render_view(view->context(), v);
  reply({static_cast<int>(a.status), std::move(a.out), std::move(a.err)});
}

// Takes the request and its reply only when it is queued: a refused one is still the caller's to answer.
bool AdminRequests::queue_change(const Caller& caller, AccessLevel level, AdminRequest& request,
                                 AdminSocket::Reply& reply) {
  std::lock_guard<std::mutex> lock(changes_mutex_);
  const auto mine = std::count_if(changes_.begin(), changes_.end(),
                                  [&](const PendingChange& c) { return c.caller.uid == caller.uid; });
  if (level == AccessLevel::User && static_cast<std::size_t>(mine) >= kChangesPerUser) return false;
  changes_.push_back({caller, level, std::move(request), std::move(reply)});
  return true;
}

void AdminRequests::audit(const Caller& caller, AccessLevel level, const AdminRequest& request,
                          const AdminAnswer& answer) {
  if (answer.status != 0 && level == AccessLevel::User && !within_budget(caller)) return;
  std::string what = request.command;
  for (const auto& a : request.args) what += " " + a;
  std::string outcome = answer.status == 0 ? answer.out : answer.err;
  while (!outcome.empty() && outcome.back() == '\n') outcome.pop_back();
  // What a request says is the client's: a line holds a bounded part of it.
  what = clipped(what);
  outcome = clipped(outcome, 1024);
  log_.audit({clock_(),
              "admin",
              "",
              {},
              fmt::format("{} (uid {}): {}: {}", caller.user, caller.uid, what, outcome),
              {{"user", caller.user},
               {"uid", std::to_string(caller.uid)},
               {"command", what},
               {"status", std::to_string(answer.status)}}});
}

bool AdminRequests::within_budget(const Caller& caller) {
  std::int64_t untold = 0;
  bool allowed = false;
  {
    std::lock_guard<std::mutex> lock(budget_mutex_);
    budget_.name(caller.uid, caller.user);
    allowed = budget_.allow(caller.uid, clock_(), untold);
  }
  if (untold > 0) say_untold(caller, untold);
  return allowed;
}

void AdminRequests::refused_by_socket(const Caller& caller, const std::string& why) {
  if (!within_budget(caller)) return;
  log_.audit({clock_(),
              "admin",
              "",
              {},
              fmt::format("{} (uid {}): refused: {}", caller.user, caller.uid, why),
              {{"user", caller.user}, {"uid", std::to_string(caller.uid)}, {"status", "1"}}});
}

void AdminRequests::log_unwritten_refusals() {
  std::vector<RefusalBudget::Unwritten> untold;
  {
    std::lock_guard<std::mutex> lock(budget_mutex_);
    untold = budget_.take_unwritten(clock_());
  }
  for (const auto& u : untold) say_untold({u.uid, u.user}, u.count);
}

void AdminRequests::say_untold(const Caller& caller, std::int64_t count) {
  log_.audit({clock_(),
              "admin",
              "",
              {},
              fmt::format("{} (uid {}): {} more refused requests in the minute before, not logged one by one",
                          caller.user, caller.uid, count),
              {{"user", caller.user}, {"uid", std::to_string(caller.uid)}, {"unlogged", std::to_string(count)}}});
}

std::optional<std::string> AdminRequests::apply_pending_changes(LiveScheduler& scheduler, const DaemonActions& daemon) {
  std::deque<PendingChange> changes;
  {
    std::lock_guard<std::mutex> lock(changes_mutex_);
    changes.swap(changes_);
  }
  for (auto& c : changes) {
    // Made for each change: a reload before it replaced the cycle.
    ChangeTarget target{scheduler.rm->cluster(), *scheduler.cycle, *scheduler.rm, scheduler.admin,
                        scheduler.utc_offset};
    ChangeResult r = apply_change(c.request, c.caller, c.level, target);
    using Then = ChangeResult::Then;
    switch (r.then) {
      case Then::Nothing: break;
      case Then::Save: daemon.save(); break;
      case Then::SaveReservations:
        scheduler.cycle->set_admin_reservations(scheduler.admin);
        daemon.save();
        break;
      case Then::Reload: r.answer = daemon.reload(); break;
      case Then::Stop:
      case Then::Resume:
        scheduler.stopped = r.then == Then::Stop;
        daemon.save();
        break;
      case Then::RunNow:
        if (scheduler.stopped) {
          r.answer = {1, "", "runjob: scheduling is stopped (schedctl -s): schedctl -r first"};
          break;
        }
        c.request.args = {r.job};
        run_now_.push_back(std::move(c));
        continue;  // answered after the iteration
    }
    audit(c.caller, c.level, c.request, r.answer);
    // Answered once the turn is published: a look right after the answer sees the change.
    done_.emplace_back(std::move(c.reply), std::move(r.answer));
  }
  if (run_now_.empty()) return std::nullopt;
  return run_now_.front().request.args.front();
}

void AdminRequests::answer_run_now(const IterationReport& report, const ClusterSnapshot& cluster) {
  if (run_now_.empty()) return;
  PendingChange& first = run_now_.front();
  AdminAnswer a = run_now_answer(first.request.args.front(), report, cluster);
  audit(first.caller, first.level, first.request, a);
  first.reply(std::move(a));
  {
    std::lock_guard<std::mutex> lock(changes_mutex_);
    for (std::size_t k = run_now_.size(); k-- > 1;) changes_.push_front(std::move(run_now_[k]));
  }
  const bool more = run_now_.size() > 1;
  run_now_.clear();
  if (more) wake_scheduler_();
}

void AdminRequests::answer_changes() {
  for (auto& [reply, answer] : std::exchange(done_, {})) reply(std::move(answer));
}

void AdminRequests::refuse_pending_changes() {
  answer_changes();
  std::lock_guard<std::mutex> lock(changes_mutex_);
  for (auto& c : changes_) c.reply({1, "", "mauirun: the daemon is stopping: nothing was changed"});
  changes_.clear();
}

}  // namespace maui::runtime
