#include "runtime/rm/slurm/slurm_cluster.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <unordered_map>

#include <fmt/format.h>

#include "runtime/rm/slurm/slurm_placement.h"

namespace maui::runtime::slurm {

std::string node_list(const std::vector<std::string>& nodes) {
  std::string out;
  for (const auto& n : nodes) {
    if (!out.empty()) out += ',';
    out += n;
  }
  return out;
}

SlurmCluster::SlurmCluster(SlurmControl& control, SlurmOptions options, Clock clock, Persist persist)
    : control_(control), options_(options), clock_(std::move(clock)), persist_(std::move(persist)) {}

RmCapabilities SlurmCluster::capabilities() const {
  RmCapabilities c;
  c.live = true;
  c.requeue = true;
  c.confirms_starts = true;
  // Slurm shows a priority only for released jobs: a held one shows 0, which is how they wait.
  c.set_priority = false;
  return c;
}

void SlurmCluster::notice(std::string text) { notices_.push_back(std::move(text)); }

RmStatus SlurmCluster::timed(const std::function<RmStatus()>& request) {
  const auto start = std::chrono::steady_clock::now();
  RmStatus st = request();
  request_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return st;
}

// The reading shows what the adapter just did, until the next one.
void SlurmCluster::held_now(std::string_view id) {
  for (auto& r : reading_.jobs)
    if ((r.array_job_id == 0 || r.array_task) && job_key(r) == id) r.priority = kHeld;
}

void SlurmCluster::remap() {
  mapped_ = map_reading(reading_, state_.view, options_.mapping);
  if (adjust_) adjust_(mapped_.snapshot);
}

std::vector<std::string> SlurmCluster::take_notices() { return std::exchange(notices_, {}); }

const JobRecord* SlurmCluster::record(std::size_t job) const {
  if (job >= mapped_.record_of.size()) return nullptr;
  return &reading_.jobs[mapped_.record_of[job]];
}

namespace {

// A job id (1 or more), or a task id (0 or more).
std::optional<std::uint32_t> number(std::string_view text, std::uint32_t least = 1) {
  std::uint32_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < least) return std::nullopt;
  return n;
}

}  // namespace

std::optional<SlurmCluster::Target> SlurmCluster::target(std::string_view id) const {
  const auto& jobs = mapped_.snapshot.jobs;
  const std::size_t underscore = id.find('_');
  for (std::size_t k = 0; k < jobs.size() && k < mapped_.record_of.size(); ++k) {
    if (jobs[k].id != id) continue;
    const JobRecord& r = reading_.jobs[mapped_.record_of[k]];
    Target t{r.id, std::nullopt, &r};
    // One of the tasks an array's record stands for: named by the array and the task.
    if (r.array_job_id != 0 && !r.array_task && underscore != std::string_view::npos) {
      t.id = r.array_job_id;
      t.task = number(id.substr(underscore + 1), 0);
    }
    return t;
  }
  // Not in the last reading: Slurm is told the id as it is (a job id, or an array's and a task's).
  if (underscore == std::string_view::npos) {
    if (auto n = number(id)) return Target{*n, std::nullopt, nullptr};
    return std::nullopt;
  }
  const auto array = number(id.substr(0, underscore));
  const auto task = number(id.substr(underscore + 1), 0);
  if (!array || !task) return std::nullopt;
  return Target{*array, task, nullptr};
}

// Journalling is part of what a decision costs: counted with the requests.
RmStatus SlurmCluster::save() {
  return persist_ ? timed([&] { return persist_(state_); }) : RmStatus{};
}

void SlurmCluster::wake() {
  std::lock_guard lock(wake_mutex_);
  woken_ = true;
  wake_cv_.notify_all();
}

// ---------------------------------------------------------------------------------------------
// Reading

Epoch SlurmCluster::wait(Epoch deadline, std::vector<RmEvent>& events) {
  // A start in flight is checked at its timeout even if nothing else happens.
  for (const auto& [id, start] : state_.view.starting)
    deadline = std::min(deadline, start.asked + options_.start_timeout);
  // A job's begin time is a change Slurm does not announce: the turn is due then.
  if (mapped_.next_begin > 0) deadline = std::min(deadline, mapped_.next_begin);
  const bool busy = !state_.view.starting.empty() ||
                    std::any_of(mapped_.snapshot.jobs.begin(), mapped_.snapshot.jobs.end(),
                                [](const Job& j) { return j.state == JobState::Idle && j.holds.empty(); });
  const auto poll =
      std::chrono::duration<double>(std::max(busy ? options_.busy_poll_seconds : options_.poll_seconds, 0.001));
  while (read_once_ && clock_() < deadline) {
    if (control_.changed()) break;  // a start confirmed is a change too
    std::unique_lock lock(wake_mutex_);
    if (wake_cv_.wait_for(lock, poll, [&] { return woken_; })) break;
  }
  {
    std::lock_guard lock(wake_mutex_);
    woken_ = false;
  }
  const RmStatus st = read(&events);
  if (!st.ok) last_error_ = st.error.message;
  // The time of the reading, not of now: the cycle accounts for the time up to what it saw.
  return mapped_.snapshot.now;
}

RmStatus SlurmCluster::refresh() { return read(nullptr); }

RmStatus SlurmCluster::read(std::vector<RmEvent>* events) {
  const auto began = std::chrono::steady_clock::now();
  Reading fresh;
  RmStatus st = control_.read(fresh);
  if (!st.ok) {
    last_error_ = st.error.message;
    return st;
  }
  last_error_.clear();
  reading_ = std::move(fresh);
  MappedCluster before = std::move(mapped_);
  remap();
  read_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  for (const auto& p : mapped_.problems) notice(p);
  if (events && read_once_) diff(before, *events);
  read_once_ = true;
  check_starts(events);
  hold_released_elsewhere();
  explain_dependencies_never_met();
  end_jobs_past_their_deadline();
  return {};
}

// `--deadline`: "removed if no ending is possible before it" (sbatch(1)). Slurm judges no held
// job's deadline, so a job that can no longer end in time is released to Slurm, without nodes,
// and slurmctld ends it at its next scheduling pass, state DEADLINE, without running it
// (measured: docs/slurm.md), as it does under its own scheduler. Never one with --time-min
// (Slurm would start it, with a shorter limit) or without a time limit (Slurm's reckoning is not
// the engine's).
void SlurmCluster::end_jobs_past_their_deadline() {
  if (options_.dry_run) return;
  std::set<std::size_t> released;
  for (const std::size_t job : mapped_.past_deadline) {
    const std::size_t k = mapped_.record_of[job];
    JobRecord& r = reading_.jobs[k];
    if (r.priority != kHeld || !released.insert(k).second) continue;
    JobUpdate u;
    u.id = r.id;  // an array's record: all its tasks, which share the deadline and the limit
    u.priority = kReleased;
    const std::string& id = mapped_.snapshot.jobs[job].id;
    const RmStatus st = timed([&] { return control_.update(u); });
    if (!st.ok) {
      notice(fmt::format("job {}: it cannot end before its deadline; releasing it to Slurm to end failed: {}", id,
                         st.error.message));
      continue;
    }
    r.priority = kReleased;
    notice(fmt::format("job {}: it cannot end before its deadline: released to Slurm, which ends it (DEADLINE)", id));
  }
}

// A job whose dependencies can never be met waits, and its owner is told why: Slurm judges no
// held job's dependencies, so such a job is released to Slurm, without nodes, when Slurm judging
// them finds them failed too (DependencyNeverSatisfied, which squeue shows, and under which
// slurmctld starts nothing: job_independent), and the adapter's reason goes into its
// AdminComment (`scontrol show job`). A dependency the adapter does not map keeps it held.
void SlurmCluster::explain_dependencies_never_met() {
  if (options_.dry_run) return;
  std::set<std::size_t> told;
  for (const auto& never : mapped_.dependency_never) {
    const std::size_t k = mapped_.record_of[never.job];
    if (!told.insert(k).second) continue;
    JobRecord& r = reading_.jobs[k];
    const std::string text = "mauirun: dependency never satisfied: " + never.why;
    const bool release = never.slurm_agrees && r.priority == kHeld && r.reason != "DependencyNeverSatisfied";
    // Said once: after the release Slurm marks the dependency "(failed)", a reason of its own.
    const bool comment = r.admin_comment.find("mauirun: dependency never satisfied") == std::string::npos;
    if (!release && !comment) continue;
    JobUpdate u;
    u.id = r.id;  // an array's record: all its tasks
    if (comment)
      u.admin_comment =
          r.admin_comment.find(kUserHoldMark) != std::string::npos ? std::string(kUserHoldMark) + " " + text : text;
    if (release) u.priority = kReleased;
    const std::string& id = mapped_.snapshot.jobs[never.job].id;
    const RmStatus st = timed([&] { return control_.update(u); });
    if (!st.ok) {
      notice(fmt::format("job {}: its dependency can never be met ({}); telling Slurm failed: {}", id, never.why,
                         st.error.message));
      continue;
    }
    if (u.admin_comment) r.admin_comment = *u.admin_comment;
    if (release) r.priority = kReleased;
    notice(fmt::format("job {}: its dependency can never be met ({}): it waits{}", id, never.why,
                       release ? ", released to Slurm, which shows DependencyNeverSatisfied" : ", held"));
  }
}

// What changed between two readings, as events: jobs that appeared, ended or vanished, and
// nodes that came, went or changed state.
void SlurmCluster::diff(const MappedCluster& before, std::vector<RmEvent>& events) {
  const Epoch now = mapped_.snapshot.now;
  const std::size_t first = events.size();
  std::unordered_map<std::string_view, const Job*> was;
  for (const auto& j : before.snapshot.jobs) was.emplace(j.id, &j);
  std::unordered_map<std::string_view, const Job*> is;
  for (const auto& j : mapped_.snapshot.jobs) is.emplace(j.id, &j);
  for (const auto& j : mapped_.snapshot.jobs) {
    auto it = was.find(j.id);
    if (it == was.end()) {
      if (j.state != JobState::Completed) events.push_back({RmEvent::Kind::Submitted, j.id, j.submit_time, {}});
      continue;
    }
    const Job& old = *it->second;
    if (old.state != JobState::Completed && j.state == JobState::Completed)
      events.push_back({RmEvent::Kind::Ended, j.id, j.end_time.value_or(now), "ended"});
  }
  for (const auto& j : before.snapshot.jobs)
    if (j.state != JobState::Completed && !is.contains(j.id))
      events.push_back({RmEvent::Kind::Ended, j.id, now, "gone from Slurm"});
  std::unordered_map<std::string_view, const Node*> nodes_was;
  for (const auto& n : before.snapshot.nodes) nodes_was.emplace(n.name, &n);
  std::set<std::string_view> nodes_is;
  for (const auto& n : mapped_.snapshot.nodes) {
    nodes_is.insert(n.name);
    auto it = nodes_was.find(n.name);
    // A node that comes, goes, or stops or starts taking work: not every busy / idle change.
    if (it == nodes_was.end())
      events.push_back({RmEvent::Kind::NodeChanged, n.name, now, std::string(to_string(n.state))});
    else if (takes_new_work(*it->second) != takes_new_work(n))
      events.push_back({RmEvent::Kind::NodeChanged, n.name, now,
                        fmt::format("{} -> {}", to_string(it->second->state), to_string(n.state))});
  }
  for (const auto& n : before.snapshot.nodes)
    if (!nodes_is.contains(n.name)) events.push_back({RmEvent::Kind::NodeChanged, n.name, now, "gone from Slurm"});
  // In the order they happened, as far as Slurm's times tell.
  std::stable_sort(events.begin() + static_cast<std::ptrdiff_t>(first), events.end(),
                   [](const RmEvent& a, const RmEvent& b) { return a.at < b.at; });
}

// Why a start that did not happen is no fault of the job (docs/semantics.md, entry 123): Slurm
// requeued it or ended it for a node's failure, or a node it was given takes no work now (down,
// not responding, drained: Slurm then says the nodes or their configuration are not available)
// or still completes a job. Empty when none of these explains it: the job's own, which the
// defer rules count.
std::string SlurmCluster::no_fault_of_the_job(const std::string& id, const JobRecord* r,
                                              const AdapterView::Start& start) const {
  if (!r) return {};
  if (r->state == JobStateName::NodeFail || r->state == JobStateName::BootFail)
    return fmt::format("Slurm ended it {}", to_string(r->state));
  if (r->completing || r->requeuing) return "Slurm requeued it, and its last run still completes";
  const auto asked = state_.requests.find(id);
  if (asked != state_.requests.end() && r->restarts > asked->second.restarts)
    return fmt::format("Slurm requeued it (restart {})", r->restarts);
  for (const auto& name : start.nodes) {
    const auto n = std::find_if(mapped_.snapshot.nodes.begin(), mapped_.snapshot.nodes.end(),
                                [&](const Node& node) { return node.name == name; });
    if (n == mapped_.snapshot.nodes.end()) return fmt::format("node {} is gone from Slurm", name);
    if (!takes_new_work(*n)) return fmt::format("node {} is {}", name, to_string(n->state));
  }
  // Slurm schedules nothing on a node while a job completes there (docs/slurm.md).
  for (const auto& n : reading_.nodes)
    if (n.completing && std::find(start.nodes.begin(), start.nodes.end(), n.name) != start.nodes.end())
      return fmt::format("node {} still completes a job", n.name);
  return {};
}

namespace {

// Whether a job that is over ran (Slurm gave it a start and it ended from running), rather than
// being cancelled or failing to launch before it ran.
bool ran(const JobRecord& r) {
  switch (r.state) {
    case JobStateName::Completed:
    case JobStateName::Failed:
    case JobStateName::Timeout:
    case JobStateName::OutOfMemory:
    case JobStateName::Preempted:
    case JobStateName::NodeFail: return r.start > 0;
    case JobStateName::Cancelled: return r.start > 0 && r.end > r.start;
    default: return false;
  }
}

}  // namespace

// Each start in flight: running (confirmed), ended before it ran, or still pending past its
// timeout (held again and reported failed).
void SlurmCluster::check_starts(std::vector<RmEvent>* events) {
  if (state_.view.starting.empty()) return;
  const Epoch now = clock_();
  std::vector<std::string> done;
  for (const auto& [id, start] : state_.view.starting) {
    const auto found = target(id);
    const JobRecord* r = found ? found->record : nullptr;
    const std::string& name = id;
    if (r && (r->state == JobStateName::Running || r->state == JobStateName::Suspended)) {
      std::vector<std::string> on;
      for (const auto& [node, cpus] : r->allocation) on.push_back(node);
      std::string detail = node_list(on);
      std::vector<std::string> asked = start.nodes;
      std::sort(asked.begin(), asked.end());
      std::sort(on.begin(), on.end());
      if (on != asked) {
        detail += fmt::format(" (asked for {})", node_list(start.nodes));
        notice(fmt::format("job {} runs on {}, not on the nodes it was given ({})", id, node_list(on),
                           node_list(start.nodes)));
      }
      if (events) events->push_back({RmEvent::Kind::Started, name, r->start, std::move(detail)});
      done.push_back(id);
    } else if (r && r->state == JobStateName::Pending && r->priority == kHeld) {
      // Bound to its nodes but never released (the daemon stopped between the two, or someone
      // held it since): no start happened, so none failed; its nodes are cleared.
      const RmStatus st = undo_start(id, "it was never released (the scheduler stopped before, or it was held since)");
      if (!st.ok) {
        notice(fmt::format("job {}: clearing a start that never happened failed: {} (tried again next time)", id,
                           st.error.message));
        continue;
      }
      done.push_back(id);
    } else if (r && ran(*r)) {
      // Ran and ended between two readings (a job of a second is often over before the next):
      // started, then ended (the ending is the diff's), never a failed start.
      std::vector<std::string> on;
      for (const auto& [node, cpus] : r->allocation) on.push_back(node);
      if (events) {
        // Said before its end, which this reading's diff has just said.
        const auto ended = std::find_if(events->begin(), events->end(), [&](const RmEvent& e) {
          return e.kind == RmEvent::Kind::Ended && e.subject == name;
        });
        events->insert(ended, {RmEvent::Kind::Started, name, r->start,
                               on.empty() ? fmt::format("ran and ended {} between two readings", to_string(r->state))
                                          : node_list(on)});
      }
      done.push_back(id);
    } else if (!r || r->state != JobStateName::Pending) {
      // Cancelled while it started, or gone: no start failed, and nothing is left to defer.
      notice(fmt::format("job {}: {} before it ran: its start is dropped", id,
                         r ? "ended " + std::string(to_string(r->state)) : "gone from Slurm"));
      done.push_back(id);
    } else if (now >= start.asked + options_.start_timeout) {
      const std::string why =
          fmt::format("not running {} s after its release (Slurm: {})", now - start.asked, r->reason);
      std::string excuse = no_fault_of_the_job(id, r, start);
      const RmStatus st = undo_start(id, why);
      if (!st.ok) {
        notice(
            fmt::format("job {}: {}; holding it again failed: {} (tried again next time)", id, why, st.error.message));
        continue;
      }
      if (events) events->push_back({RmEvent::Kind::StartFailed, name, now, why, std::move(excuse)});
      done.push_back(id);
    }
  }
  if (done.empty()) return;
  for (const auto& id : done) {
    state_.view.starting.erase(id);
    state_.requests.erase(id);
  }
  if (const RmStatus st = save(); !st.ok) notice("could not save the adapter's state: " + st.error.message);
  // The snapshot showed the jobs settled here as starting: map them again as they are.
  remap();
}

// A released job not running yet blocks every other job wanting its nodes, or its whole
// partition (measured): held again, bound to no node, its node count as it asked.
RmStatus SlurmCluster::undo_start(const std::string& id, const std::string& why) {
  const auto t = target(id);
  if (!t) return RmStatus::failure(fmt::format("job {}: not a Slurm job id", id));
  JobUpdate u;
  u.id = t->id;
  u.task = t->task;
  u.priority = kHeld;
  u.required_nodes = "";
  u.excluded_nodes = "";
  if (auto it = state_.requests.find(id); it != state_.requests.end()) {
    u.required_nodes = it->second.required_nodes;
    u.excluded_nodes = it->second.excluded_nodes;
    u.min_nodes = it->second.min_nodes;
    u.max_nodes = it->second.max_nodes;  // 0: no maximum, as the job was submitted
    if (!it->second.partitions.empty()) u.partition = it->second.partitions;
  }
  if (options_.dry_run) return {};
  RmStatus st = timed([&] { return control_.update(u); });
  if (!st.ok) return st;
  held_now(id);
  state_.view.held_again.insert(id);
  notice(fmt::format("job {}: start undone: {}", id, why));
  return save();
}

// Priority above 0 on a waiting job the adapter did not release: someone else released it
// (an operator, or a requeue by its owner), and Slurm would start it behind the policy's back.
void SlurmCluster::hold_released_elsewhere() {
  // Released for Slurm to show DependencyNeverSatisfied, or to end for its deadline (at its next
  // scheduling pass, not always at once: measured): Slurm starts neither.
  std::set<std::size_t> left_to_slurm;
  for (const auto& n : mapped_.dependency_never)
    if (n.slurm_agrees) left_to_slurm.insert(mapped_.record_of[n.job]);
  for (const std::size_t job : mapped_.past_deadline) left_to_slurm.insert(mapped_.record_of[job]);
  for (std::size_t k = 0; k < reading_.jobs.size(); ++k) {
    const JobRecord& r = reading_.jobs[k];
    if (r.state != JobStateName::Pending || r.priority == kHeld) continue;
    if (r.reason == "DependencyNeverSatisfied" || left_to_slurm.contains(k)) continue;
    // An array's record stands for its unsplit tasks: released (an operator's `scontrol release`
    // of the array), Slurm would start them by itself; held again, each task is the adapter's.
    // Not when a start of one of them is in flight: a one-task array's record is that task.
    std::vector<std::string> tasks;
    if (r.array_job_id != 0 && !r.array_task) {
      std::string error;
      for (auto t : array_task_ids(r.array_tasks, error)) tasks.push_back(task_key(r.array_job_id, t));
      if (tasks.empty() || std::any_of(tasks.begin(), tasks.end(),
                                       [&](const std::string& t) { return state_.view.starting.contains(t); }))
        continue;
    }
    const std::string id = tasks.empty() ? job_key(r) : std::to_string(r.id);
    if (tasks.empty() && state_.view.starting.contains(id)) continue;
    if (options_.dry_run) {
      notice(fmt::format("job {}: released outside the scheduler (priority {}); would hold it again", id, r.priority));
      continue;
    }
    JobUpdate u;
    u.id = r.id;  // an array's record: all its tasks
    u.priority = kHeld;
    const std::uint32_t priority = r.priority;
    const RmStatus st = timed([&] { return control_.update(u); });
    if (st.ok) {
      if (tasks.empty()) {
        state_.view.held_again.insert(id);
        held_now(id);
      } else {
        state_.view.held_again.insert(tasks.begin(), tasks.end());
        reading_.jobs[k].priority = kHeld;
      }
    }
    notice(st.ok ? fmt::format("job {}: released outside the scheduler (priority {}): held again", id, priority)
                 : fmt::format("job {}: released outside the scheduler; holding it again failed: {}", id,
                               st.error.message));
  }
  // Forget jobs held again that left the queue.
  std::set<std::string_view> waiting;
  for (const auto& j : mapped_.snapshot.jobs)
    if (j.state == JobState::Idle || j.state == JobState::Hold || j.state == JobState::Starting) waiting.insert(j.id);
  std::erase_if(state_.view.held_again, [&](const std::string& id) { return !waiting.contains(id); });
}

// ---------------------------------------------------------------------------------------------
// Decisions

RmStatus SlurmCluster::start_job(StartRequest&& request) {
  std::vector<StartRequest> one;
  one.push_back(std::move(request));
  return std::move(start_jobs(std::move(one)).front());
}

// A turn's starts: each checked and placed as Slurm will place it after the ones before, all
// journalled with one save, then each asked of Slurm. One save per start was most of what a
// start cost with many jobs queued (the state holds every queued job's memory: 42 ms a start
// with 10,000 jobs, measured by bench/slurm/serve_bench.py).
std::vector<RmStatus> SlurmCluster::start_jobs(std::vector<StartRequest>&& requests) {
  std::vector<RmStatus> out(requests.size());
  std::vector<Prepared> prepared;
  for (std::size_t k = 0; k < requests.size(); ++k) {
    auto p = prepare_start(requests[k]);
    if (auto* refused = std::get_if<RmStatus>(&p))
      out[k] = std::move(*refused);
    else if (auto* ready = std::get_if<Prepared>(&p); ready && !ready->id.empty())
      prepared.push_back(std::move(*ready)), prepared.back().request = k;
  }
  if (prepared.empty()) return out;
  // Journalled first: a crash between here and Slurm's answer leaves starts the restart checks,
  // never one it does not know of (one never asked of Slurm is cleared without blame).
  if (const RmStatus st = save(); !st.ok) {
    for (auto it = prepared.rbegin(); it != prepared.rend(); ++it) {
      forget_start(*it);
      out[it->request] = RmStatus::failure(
          fmt::format("job {}: not started: the start could not be journalled: {}", it->id, st.error.message));
    }
    return out;
  }
  bool undone = false;
  for (auto& p : prepared) {
    out[p.request] = release_to_nodes(p);
    undone = undone || !out[p.request].ok;
  }
  if (undone) (void)save();
  return out;
}

std::variant<SlurmCluster::Prepared, RmStatus> SlurmCluster::prepare_start(const StartRequest& request) {
  const auto t = target(request.job);
  if (!t) return RmStatus::failure(fmt::format("job {}: not a Slurm job id", request.job));
  if (request.nodes.empty()) return RmStatus::failure(fmt::format("job {}: no nodes given", request.job));
  const std::string& id = request.job;
  if (state_.view.starting.contains(id)) return RmStatus::failure(fmt::format("job {} is starting already", id));
  const JobRecord* r = t->record;
  if (!r || r->state != JobStateName::Pending)
    return RmStatus::failure(
        fmt::format("job {} is {} in Slurm, not pending", id, r ? to_string(r->state) : "unknown"));
  if (options_.dry_run) return Prepared{};  // no id: nothing to ask, done
  // Slurm places the tasks itself (slurm_placement.h): a start it would find no room for, as it
  // places this turn's earlier starts, waits for the next turn, whose snapshot shows them.
  const auto job = std::find_if(mapped_.snapshot.jobs.begin(), mapped_.snapshot.jobs.end(),
                                [&](const Job& j) { return j.id == request.job; });
  auto placed =
      job == mapped_.snapshot.jobs.end() ? std::nullopt : slurm_placement(mapped_.snapshot, *job, request.nodes);
  if (!placed)
    return RmStatus::failure(fmt::format(
        "job {}: not started this turn: Slurm, which places the tasks itself (one on each node, then filling the "
        "nodes' free CPUs in its node order), would find no room for them on {} after this turn's earlier starts; "
        "the next turn places it again",
        id, node_list(request.nodes)));
  Prepared p;
  // A job asking several partitions goes into the first of them that holds all its nodes (a
  // Slurm job runs in one partition).
  if (r->partition.find(',') != std::string::npos) {
    for (const auto& part : names_of_list(r->partition)) {
      const bool holds_all = std::all_of(request.nodes.begin(), request.nodes.end(), [&](const std::string& name) {
        return std::any_of(reading_.nodes.begin(), reading_.nodes.end(), [&](const NodeRecord& n) {
          return n.name == name && std::find(n.partitions.begin(), n.partitions.end(), part) != n.partitions.end();
        });
      });
      if (holds_all) {
        p.partition = part;
        break;
      }
    }
    if (p.partition.empty())
      return RmStatus::failure(fmt::format(
          "job {}: not started this turn: no one of its partitions ({}) holds all of {}; a Slurm job runs in one", id,
          r->partition, node_list(request.nodes)));
  }
  p.id = id;
  p.target = *t;
  p.job = static_cast<std::size_t>(job - mapped_.snapshot.jobs.begin());
  p.before = *job;
  state_.requests[id] = {r->min_nodes,      r->max_nodes, r->required_nodes,
                         r->excluded_nodes, r->restarts,  p.partition.empty() ? std::string() : r->partition};
  state_.view.starting[id] = {request.nodes, std::move(*placed), clock_()};
  // The job is starting: the snapshot shows it on its nodes from now on (so that the turn's
  // later starts are placed around it). Changed in place: the scheduler's memory merged into
  // the snapshot stays.
  const auto& start = state_.view.starting.at(id);
  Job& j = mapped_.snapshot.jobs[p.job];
  j.state = JobState::Starting;
  j.start_time = start.asked;
  j.allocated_nodes = start.nodes;
  j.allocated_tasks = start.tasks;
  j.allocated_node_hint.clear();
  return p;
}

void SlurmCluster::forget_start(const Prepared& p) {
  state_.view.starting.erase(p.id);
  state_.requests.erase(p.id);
  mapped_.snapshot.jobs[p.job] = p.before;
}

// One request: ReqNodeList = exactly the nodes chosen, that many nodes, released (docs/slurm.md).
RmStatus SlurmCluster::release_to_nodes(const Prepared& p) {
  const auto& start = state_.view.starting.at(p.id);
  JobUpdate u;
  u.id = p.target.id;
  u.task = p.target.task;  // a task still in its array's record: Slurm splits it out and starts only it
  u.required_nodes = node_list(start.nodes);
  u.min_nodes = static_cast<std::uint32_t>(start.nodes.size());
  u.max_nodes = u.min_nodes;
  u.priority = kReleased;
  if (!p.partition.empty()) u.partition = p.partition;
  // A requeued job waits until its eligible time (the requeue + 120 s) unless told otherwise; a
  // begin time of its owner's (`--begin`) kept it waiting until now (a hold in the mapping).
  if (p.target.record->restarts > 0) u.begin = clock_();
  RmStatus st = timed([&] { return control_.update(u); });
  if (!st.ok) {
    // Refused: Slurm changed nothing, or part of it; hold it as it was.
    const RmStatus undone = undo_start(p.id, "Slurm refused the start: " + st.error.message);
    forget_start(p);
    if (!undone.ok) st.error.message += "; holding it again failed: " + undone.error.message;
    return st;
  }
  state_.view.held_again.erase(p.id);
  return {};
}

RmStatus SlurmCluster::hold_job(const std::string& id, const std::string& reason) {
  const auto t = target(id);
  if (!t) return RmStatus::failure(fmt::format("job {}: not a Slurm job id", id));
  if (options_.dry_run) return {};
  JobUpdate u;
  u.id = t->id;
  u.task = t->task;
  u.priority = kHeld;
  if (!reason.empty()) u.admin_comment = "mauirun: " + reason;
  return timed([&] { return control_.update(u); });
}

RmStatus SlurmCluster::release_job(const std::string& id) {
  const auto t = target(id);
  if (!t) return RmStatus::failure(fmt::format("job {}: not a Slurm job id", id));
  const JobRecord* r = t->record;
  if (!r) return RmStatus::failure(fmt::format("no job {} in Slurm", id));
  if (options_.dry_run) return {};
  // Released to the scheduler, not to Slurm: it stays held in Slurm (priority 0) until the
  // policy starts it; the marks of a user or operator hold go.
  JobUpdate u;
  u.id = t->id;
  u.task = t->task;
  u.priority = kHeld;
  std::string comment = r->admin_comment;
  if (auto at = comment.find(kUserHoldMark); at != std::string::npos) {
    comment.erase(at, kUserHoldMark.size());
    u.admin_comment = comment;
  }
  RmStatus st = timed([&] { return control_.update(u); });
  if (st.ok) {
    state_.view.held_again.insert(id);
    return save();
  }
  return st;
}

RmStatus SlurmCluster::cancel_job(const std::string& id, const std::string& reason) {
  const auto t = target(id);
  if (!t) return RmStatus::failure(fmt::format("job {}: not a Slurm job id", id));
  if (options_.dry_run) return {};
  if (!reason.empty()) {
    JobUpdate u;
    u.id = t->id;
    u.task = t->task;
    u.admin_comment = "mauirun: " + reason;
    (void)timed([&] { return control_.update(u); });  // the reason is a courtesy: the cancel is what counts
  }
  return timed([&] { return control_.cancel(t->id, t->task); });
}

RmStatus SlurmCluster::requeue_job(const std::string& id) {
  const auto t = target(id);
  if (!t) return RmStatus::failure(fmt::format("job {}: not a Slurm job id", id));
  if (t->task) return RmStatus::failure(fmt::format("job {}: an array task that has not run cannot be requeued", id));
  if (options_.dry_run) return {};
  // Requeued held, so that Slurm does not start it again by itself.
  RmStatus st = timed([&] { return control_.requeue_held(t->id); });
  if (st.ok) {
    state_.view.held_again.insert(id);
    return save();
  }
  return st;
}

RmStatus SlurmCluster::set_priority(const std::string& id, std::int64_t) {
  return RmStatus::failure(fmt::format("job {}: Slurm shows priority 0 for every job the scheduler holds", id));
}

}  // namespace maui::runtime::slurm
