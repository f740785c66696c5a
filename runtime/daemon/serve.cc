#include "runtime/daemon/serve.h"

#include <fcntl.h>
#include <pthread.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <chrono>
#include <ctime>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "runtime/cycle/scheduling_cycle.h"
#include "runtime/daemon/access.h"
#include "runtime/daemon/admin_changes.h"
#include "runtime/daemon/admin_socket.h"
#include "runtime/daemon/daemon_settings.h"
#include "runtime/daemon/daemon_state.h"
#include "runtime/daemon/decision_log.h"
#include "runtime/daemon/defer_rules.h"
#include "runtime/daemon/published_view.h"
#include "runtime/engine/credentials.h"
#include "runtime/io/atomic_file.h"
#include "runtime/io/fairshare_files.h"
#include "runtime/io/jobs_json.h"
#include "runtime/report/live_report.h"
#include "runtime/report/report_html.h"
#include "runtime/rm/slurm/slurm_cluster.h"
#include "runtime/views/view.h"

namespace maui::runtime {

namespace {

Epoch wall_clock() { return static_cast<Epoch>(std::time(nullptr)); }

// A change asked on the admin socket, waiting for the scheduling thread.
struct PendingChange {
  Caller caller;
  AccessLevel level = AccessLevel::User;
  AdminRequest request;
  AdminSocket::Reply reply;
};

// SIGTERM / SIGINT / SIGHUP, taken by a thread of their own (sigwait) rather than a handler:
// it may then wake the scheduling thread from its wait on Slurm.
class Signals {
 public:
  explicit Signals(std::function<void()> wake) : wake_(std::move(wake)) {
    sigemptyset(&set_);
    for (int s : {SIGTERM, SIGINT, SIGHUP}) sigaddset(&set_, s);
    pthread_sigmask(SIG_BLOCK, &set_, nullptr);
    thread_ = std::thread([this] { run(); });
  }
  ~Signals() {
    done_ = true;
    thread_.join();
    pthread_sigmask(SIG_UNBLOCK, &set_, nullptr);
  }
  std::atomic<bool> stop{false}, reload{false};

 private:
  void run() {
    const timespec tick{0, 200'000'000};
    while (!done_) {
      const int s = sigtimedwait(&set_, nullptr, &tick);
      if (s == SIGHUP) reload = true;
      else if (s == SIGTERM || s == SIGINT) stop = true;
      else continue;
      wake_();
    }
  }
  sigset_t set_;
  std::function<void()> wake_;
  std::atomic<bool> done_{false};
  std::thread thread_;
};

class Daemon {
 public:
  Daemon(const ServeOptions& options, const PolicyLoader& load, slurm::SlurmControl& control)
      : options_(options), load_(load), control_(control), log_(options.log_to_stderr) {}

  int run() {
    Signals signals([this] {
      if (rm_) rm_->wake();
    });
    signals_ = &signals;
    if (!open_state_dir()) return 2;
    log_.open(options_.state_dir);
    LoadedPolicy loaded = load_();
    if (!loaded.policy) {
      std::fprintf(stderr, "%s", loaded.diagnostics.c_str());
      std::fprintf(stderr, "mauirun serve: %s has errors: not started\n", options_.config.c_str());
      return 2;
    }
    if (!loaded.diagnostics.empty()) std::fprintf(stderr, "%s", loaded.diagnostics.c_str());
    take(std::move(loaded));
    dry_run_ = options_.dry_run || policy_->settings.test_mode;

    StateLoad restored = load_state(options_.state_dir);
    for (const auto& p : restored.problems) say("state", p);
    slurm::SlurmOptions rm_options;
    rm_options.dry_run = dry_run_;
    rm_options.poll_seconds = options_.poll_seconds;
    rm_options.start_timeout = options_.start_timeout;
    rm_ = std::make_unique<slurm::SlurmCluster>(control_, rm_options, wall_clock,
                                                [this](const slurm::AdapterState&) { return save(); });
    rm_->set_adjust([this](ClusterSnapshot& s) { assign_qos(s, *policy_->dir); });
    cycle_ = std::make_unique<SchedulingCycle>(*policy_->dir, cycle_options());
    utc_offset_ = cycle_options().utc_offset;
    if (restored.state) {
      admin_ = std::move(restored.state->admin_reservations);
      stopped_ = restored.state->scheduling_stopped;
      rm_->restore(std::move(restored.state->adapter));
      cycle_->restore(std::move(restored.state->cycle));
      cycle_->set_admin_reservations(admin_);
      say("state", fmt::format("restored from {}/{} (saved {})", options_.state_dir, restored.file,
                               log_text({restored.state->saved_at, "", "", {}, {}, {}}).substr(0, 20)));
    }
    const std::string socket_path = options_.socket.empty() ? options_.state_dir + "/mauirun.sock" : options_.socket;
    if (!options_.once) {
      auto opened = AdminSocket::open(socket_path, [this](const Caller& c, AdminRequest r, AdminSocket::Reply reply) {
        on_request(c, std::move(r), std::move(reply));
      });
      if (auto* error = std::get_if<std::string>(&opened)) {
        std::fprintf(stderr, "mauirun serve: %s\n", error->c_str());
        return 2;
      }
      socket_ = std::move(std::get<std::unique_ptr<AdminSocket>>(opened));
    }
    if (options_.http && !options_.once) {
      auto opened = HttpReport::open(*options_.http, {[this] { return live_page(true); }, [this] { return live_page(false); }});
      if (auto* error = std::get_if<std::string>(&opened)) {
        std::fprintf(stderr, "mauirun serve: %s\n", error->c_str());
        return 2;
      }
      http_ = std::move(std::get<std::unique_ptr<HttpReport>>(opened));
    }
    say("serve", fmt::format("started: config {}, state {}{}{}{}{}", options_.config, options_.state_dir,
                             socket_ ? ", admin socket " + socket_path : "",
                             http_ ? fmt::format(", live report on http://{}:{}/", http_host(), http_->port()) : "", dry_run_ ? ", dry run: nothing is changed in Slurm" : "",
                             stopped_ ? ", scheduling stopped (schedctl -s): schedctl -r resumes it" : ""));
    loop();
    socket_.reset();  // no change is taken once the loop has ended
    answer_pending_changes_at_stop();
    save();
    save_fairshare_files(true);
    // After the state is saved: a browser's connection may hold the server up to its timeout.
    http_.reset();
    say("serve", "stopped");
    return 0;
  }

 private:
  bool open_state_dir() {
    if (::mkdir(options_.state_dir.c_str(), 0755) != 0 && errno != EEXIST) {
      std::fprintf(stderr, "mauirun serve: cannot create the state directory %s: %s\n", options_.state_dir.c_str(),
                   std::strerror(errno));
      return false;
    }
    // One daemon per state directory: two would start the same jobs.
    lock_fd_ = ::open((options_.state_dir + "/serve.lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (lock_fd_ < 0 || ::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
      std::fprintf(stderr, "mauirun serve: %s: %s\n", options_.state_dir.c_str(),
                   lock_fd_ < 0 ? std::strerror(errno) : "another mauirun serve uses this state directory");
      return false;
    }
    return true;
  }

  void take(LoadedPolicy loaded) {
    {
      std::lock_guard<std::mutex> lock(page_mutex_);
      coverage_ = std::move(loaded.coverage);
      coverage_note_ = std::move(loaded.coverage_note);
      page_html_.clear(), page_json_.clear();
    }
    auto p = std::make_shared<PolicyInForce>();
    p->ir = std::move(loaded.policy);
    p->dir = std::make_unique<CredentialDirectory>(*p->ir);
    p->settings = DaemonSettings::from(*p->ir);
    for (const auto& problem : p->settings.problems) say("config", problem);
    policy_ = std::move(p);
  }

  CycleOptions cycle_options() const {
    CycleOptions o;
    o.admin_reservations = admin_;
    o.explain = true;  // checkjob and showq say why each job waits
    // The site's own time zone: STARTTIME=9:00:00 is 09:00 on the clock on the wall.
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    o.utc_offset = local.tm_gmtoff;
    return o;
  }

  void say(std::string event, std::string reason, std::string job = {}) {
    log_.write({wall_clock(), std::move(event), std::move(job), {}, std::move(reason), {}});
  }

  RmStatus save() {
    DaemonState s;
    s.saved_at = wall_clock();
    s.cycle = cycle_ ? cycle_->memory(rm_->cluster()) : CycleMemory{};
    s.adapter = rm_->state();
    s.admin_reservations = admin_;
    s.scheduling_stopped = stopped_;
    if (auto error = save_state(options_.state_dir, s)) {
      if (*error != last_save_error_) say("error", "cannot save the state: " + *error);
      last_save_error_ = *error;
      return RmStatus::failure(*error);
    }
    if (!last_save_error_.empty()) say("state", "saved again");
    last_save_error_.clear();
    return {};
  }

  // FS.<start> files of the windows that count, in Maui's format (`mauirun fairshare --fs-dir`
  // reads them): at most once a minute while usage accrues, and at the end.
  void save_fairshare_files(bool now_anyway) {
    if (!policy_ || policy_->ir->fairshare.metric.value == ir::FairshareMetric::None) return;
    const Epoch now = wall_clock();
    if (!now_anyway && now - fairshare_saved_at_ < 60) return;
    fairshare_saved_at_ = now;
    const FairshareClock clock = FairshareClock::from(policy_->ir->fairshare);
    for (const auto& [start, window] : cycle_->fairshare_history().windows())
      if (auto error = write_fairshare_file(options_.state_dir, window, clock.interval)) {
        say("error", "cannot write the fairshare window: " + *error);
        return;
      }
  }

  // SIGHUP or schedctl -R: what happened, as said in the log.
  AdminAnswer reload() {
    LoadedPolicy loaded = load_();
    if (!loaded.policy) {
      const std::string what = fmt::format("{} has errors: the running policy stays\n{}", options_.config, loaded.diagnostics);
      say("reload", what);
      return {1, "", what};
    }
    CycleMemory memory = cycle_->memory(rm_->cluster());
    const std::string warnings = std::move(loaded.diagnostics);  // take() has the rest
    take(std::move(loaded));
    cycle_ = std::make_unique<SchedulingCycle>(*policy_->dir, cycle_options());
    cycle_->restore(std::move(memory));
    const std::string what = fmt::format("{} compiled: the new policy is in force", options_.config);
    say("reload", what);
    return {0, what + "\n" + warnings, ""};
  }

  // Maui's defer rules for a start that did not happen (runtime/daemon/defer_rules.h).
  void start_failed(const RmEvent& e) {
    const DeferOutcome o = failed_start(cycle_->job_memory(e.subject), policy_->settings, e.at);
    if (o.kind == DeferOutcome::Kind::BatchHold) (void)rm_->hold_job(e.subject, o.reason);
    say(o.kind == DeferOutcome::Kind::BatchHold ? "hold" : o.kind == DeferOutcome::Kind::Deferred ? "defer" : "start-failed",
        o.reason, e.subject);
  }

  void log_events(const std::vector<RmEvent>& events) {
    for (const auto& e : events) {
      switch (e.kind) {
        case RmEvent::Kind::Submitted: say("submitted", "", e.subject); break;
        case RmEvent::Kind::Started: say("started", "running on " + e.detail, e.subject); break;
        case RmEvent::Kind::StartFailed:
          say("start-failed", e.detail, e.subject);
          start_failed(e);
          break;
        case RmEvent::Kind::Ended: say("ended", e.detail, e.subject); break;
        case RmEvent::Kind::NodeChanged: say("node", e.subject + ": " + e.detail); break;
      }
    }
    for (auto& n : rm_->take_notices()) say("slurm", std::move(n));
  }

  void log_decisions(const IterationReport& report) {
    if (!report.ran) return;
    const ClusterSnapshot& s = rm_->cluster();
    std::map<std::size_t, std::int64_t> priority;
    for (const auto& r : report.result.queue.ranked) priority[r.index] = r.priority;
    std::map<std::size_t, std::size_t> preemptor;
    for (const auto& p : report.result.preempted) preemptor[p.job] = p.by;
    const char* tag = dry_run_ ? " [dry run: nothing changed]" : "";
    for (const auto& a : report.applied) {
      const Job& job = s.jobs[a.job];
      LogLine line{s.now, "", job.id, {}, {}, {}};
      switch (a.kind) {
        case AppliedDecision::Kind::Start:
          line.event = a.status.ok ? "start" : "refused";
          for (const auto& d : report.result.starts)
            if (d.job == a.job)
              for (const auto& nt : d.nodes) line.nodes.emplace_back(s.nodes[nt.node].name, nt.tasks);
          line.reason = a.status.ok ? fmt::format("priority {}{}{}", priority[a.job], a.backfill ? ", backfill" : "", tag)
                                    : "the RM refused: " + a.status.error;
          break;
        case AppliedDecision::Kind::Requeue:
          line.event = "preempt";
          line.reason = fmt::format("requeued for job {}{}{}", s.jobs[preemptor[a.job]].id,
                                    a.status.ok ? "" : ": the RM refused: " + a.status.error, tag);
          break;
        case AppliedDecision::Kind::Hold:
        case AppliedDecision::Kind::Cancel:
          line.event = a.kind == AppliedDecision::Kind::Hold ? "hold" : "cancel";
          for (const auto& n : report.result.never_runnable)
            if (n.job == a.job) line.reason = "never runnable: " + n.reason;
          if (!a.status.ok) line.reason += "; the RM refused: " + a.status.error;
          line.reason += tag;
          break;
      }
      log_.write(line);
    }
    // A job reservation is said when it is made or moves, not at every iteration.
    std::map<std::string, Epoch> now_reserved;
    for (const auto& r : cycle_->reservations()) {
      if (r.kind != ReservationKind::Job) continue;
      now_reserved[r.name] = r.start;
      auto before = reserved_.find(r.name);
      if (before != reserved_.end() && before->second == r.start) continue;
      LogLine line{s.now, "reservation", r.name, {}, {}, {}};
      for (const auto& nt : r.nodes)
        if (nt.node < s.nodes.size()) line.nodes.emplace_back(s.nodes[nt.node].name, nt.tasks);
      line.reason = fmt::format("starts in {} s (at {}), for {} s", r.start - s.now, r.start, r.end - r.start);
      log_.write(line);
    }
    reserved_ = std::move(now_reserved);
  }

  // ---- The admin socket ------------------------------------------------------------------

  // On the socket's thread: who may ask this is decided here; a look is answered from the last
  // published turn at once, a change waits for the scheduling thread.
  void on_request(const Caller& caller, AdminRequest request, AdminSocket::Reply reply) {
    std::shared_ptr<const PublishedView> view = published();
    const std::optional<AccessLevel> needed = needed_level(request.command);
    if (!needed) {
      std::string known;
      for (auto name : view_commands()) known += std::string(known.empty() ? "" : " ") + std::string(name);
      return reply({2, "", fmt::format("mauirun: unknown command '{}' (the daemon knows: {} releasehold releaseres runjob "
                                       "schedctl setres sethold setspri)",
                                       request.command, known)});
    }
    if (!view) return reply({1, "", "mauirun: the scheduler has not read Slurm yet: ask again in a moment"});
    const AccessLevel level = access_level(view->policy().ir->admins, caller, daemon_uid_);
    if (level > *needed) {
      AdminAnswer refused{3, "", permission_denied(request.command, *needed)};
      if (is_change(request.command)) audit(caller, request, refused);
      return reply(std::move(refused));
    }
    if (is_change(request.command)) {
      {
        std::lock_guard<std::mutex> lock(changes_mutex_);
        changes_.push_back({caller, level, std::move(request), std::move(reply)});
      }
      if (rm_) rm_->wake();
      return;
    }
    ViewRequest v{request.command, request.args, request.json, {}};
    if (level == AccessLevel::User) v.only_user = caller.user;
    ViewAnswer a = render_view(view->context(), v);
    reply({static_cast<int>(a.status), std::move(a.out), std::move(a.err)});
  }

  std::shared_ptr<const PublishedView> published() const {
    std::lock_guard<std::mutex> lock(published_mutex_);
    return published_;
  }

  // After every turn: what the views show until the next.
  void publish(const IterationReport& report) {
    IterationResult iteration;
    if (report.ran) {
      iteration = report.result;
      iteration.reservations = cycle_->reservations();
    } else {
      iteration = cycle_->explain(rm_->cluster());  // nothing waited: the reservations still stand
    }
    auto view = std::make_shared<const PublishedView>(policy_, rm_->cluster(), std::move(iteration), admin_,
                                                      cycle_->fairshare_history(), stopped_, utc_offset_);
    std::lock_guard<std::mutex> lock(published_mutex_);
    published_ = std::move(view);
  }

  // ---- The live report (--http) -------------------------------------------------------------

  std::string http_host() const {
    const std::string& h = options_.http->host;
    return h.find(':') != std::string::npos ? "[" + h + "]" : h;
  }

  // On the HTTP server's threads: the page (or its data) of the turns so far, made once per turn
  // whoever asks.
  std::string live_page(bool html) {
    const std::uint64_t version = live_.version();
    {
      std::lock_guard<std::mutex> lock(page_mutex_);
      if (page_version_ == version && !(html ? page_html_ : page_json_).empty()) return html ? page_html_ : page_json_;
    }
    std::shared_ptr<const PublishedView> view = published();
    std::optional<ViewContext> now;
    if (view) now.emplace(view->context());
    ReportData data = live_.data(options_.config, utc_offset_, now ? &*now : nullptr);
    {
      std::lock_guard<std::mutex> lock(page_mutex_);
      data.sides.front().coverage = coverage_;
      data.sides.front().coverage_note = coverage_note_;
    }
    std::string page = html ? render_report_html(data) : report_data_json(data);
    std::lock_guard<std::mutex> lock(page_mutex_);
    if (page_version_ != version) page_html_.clear(), page_json_.clear();
    page_version_ = version;
    (html ? page_html_ : page_json_) = page;
    return page;
  }

  void audit(const Caller& caller, const AdminRequest& request, const AdminAnswer& answer) {
    std::string what = request.command;
    for (const auto& a : request.args) what += " " + a;
    std::string outcome = answer.status == 0 ? answer.out : answer.err;
    while (!outcome.empty() && outcome.back() == '\n') outcome.pop_back();
    log_.audit({wall_clock(), "admin", "", {}, fmt::format("{} (uid {}): {}: {}", caller.user, caller.uid, what, outcome),
                {{"user", caller.user}, {"uid", std::to_string(caller.uid)}, {"command", what},
                 {"status", std::to_string(answer.status)}}});
  }

  // Between reading Slurm and the iteration: the changes asked since the last turn, in the order
  // asked. A runjob is answered after the iteration that tries it (returned here).
  std::vector<PendingChange> take_changes() {
    std::deque<PendingChange> changes;
    {
      std::lock_guard<std::mutex> lock(changes_mutex_);
      changes.swap(changes_);
    }
    std::vector<PendingChange> run_now;
    for (auto& c : changes) {
      ChangeTarget target{rm_->cluster(), *cycle_, *rm_, admin_, utc_offset_};
      ChangeResult r = apply_change(c.request, c.caller, c.level, target);
      using Then = ChangeResult::Then;
      switch (r.then) {
        case Then::Nothing: break;
        case Then::Save: save(); break;
        case Then::SaveReservations:
          cycle_->set_admin_reservations(admin_);
          save();
          break;
        case Then::Reload: r.answer = reload(); break;
        case Then::Stop:
        case Then::Resume:
          stopped_ = r.then == Then::Stop;
          save();
          break;
        case Then::RunNow:
          if (stopped_) {
            r.answer = {1, "", "runjob: scheduling is stopped (schedctl -s): schedctl -r first"};
            break;
          }
          c.request.args = {r.job};
          run_now.push_back(std::move(c));
          continue;  // answered after the iteration
      }
      audit(c.caller, c.request, r.answer);
      c.reply(std::move(r.answer));
    }
    return run_now;
  }

  // runjob's answer: the start the iteration made, or why it made none.
  AdminAnswer run_now_answer(const std::string& id, const IterationReport& report) {
    const ClusterSnapshot& s = rm_->cluster();
    for (const auto& a : report.applied) {
      if (a.kind != AppliedDecision::Kind::Start || s.jobs[a.job].id != id) continue;
      if (!a.status.ok) return {1, "", fmt::format("runjob: job {}: the RM refused the start: {}", id, a.status.error)};
      std::string nodes;
      for (const auto& d : report.result.starts)
        if (d.job == a.job)
          for (const auto& nt : d.nodes) nodes += fmt::format("{}{}:{}", nodes.empty() ? "" : ",", s.nodes[nt.node].name, nt.tasks);
      return {0, fmt::format("job {} started on {}\n", id, nodes), ""};
    }
    const std::string why = report.result.run_now_refusal.empty() ? "no start was made" : report.result.run_now_refusal;
    return {1, "", fmt::format("runjob: job {}: {}", id, why)};
  }

  void write_snapshot() {
    const std::string& path = options_.snapshot_out;
    const auto slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash);
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    if (auto error = write_file_atomically(dir, name, jobs_json_text(rm_->cluster())))
      say("error", "cannot write the snapshot: " + *error);
  }

  // A change asked as the daemon stops is refused, not left without an answer.
  void answer_pending_changes_at_stop() {
    std::lock_guard<std::mutex> lock(changes_mutex_);
    for (auto& c : changes_) c.reply({1, "", "mauirun: the daemon is stopping: nothing was changed"});
    changes_.clear();
  }

  void loop() {
    std::vector<RmEvent> events;
    std::string slurm_error;
    bool first = true;
    for (;;) {
      if (signals_->stop) return;
      if (signals_->reload.exchange(false)) reload();
      const Epoch now = wall_clock();
      Epoch deadline = first ? now : std::min(now + policy_->settings.poll_interval, cycle_->next_wakeup());
      events.clear();
      const Epoch t = rm_->wait(std::max(deadline, now), events);
      if (!rm_->last_error().empty()) {
        if (rm_->last_error() != slurm_error) say("error", "Slurm cannot be read: " + rm_->last_error() + "; trying again");
        slurm_error = rm_->last_error();
        pause_before_retry();
        if (options_.once) return;
        continue;
      }
      if (!slurm_error.empty()) say("slurm", "Slurm can be read again");
      slurm_error.clear();
      first = false;
      log_events(events);
      const auto decide = std::chrono::steady_clock::now();
      (void)rm_->take_request_seconds();
      cycle_->advance_to(*rm_, t);
      cycle_->note(events);
      std::vector<PendingChange> run_now = take_changes();
      IterationRequest request;
      request.apply = !stopped_;
      if (!run_now.empty()) request.run_now = run_now.front().request.args.front();
      if (!options_.snapshot_out.empty()) write_snapshot();
      const IterationReport& report = cycle_->iterate(*rm_, request);
      const double turn = std::chrono::duration<double>(std::chrono::steady_clock::now() - decide).count();
      const double apply = rm_->take_request_seconds();
      log_decisions(report);
      // How long a turn took: said for --once, and whenever one takes a second or more.
      if (options_.once || turn >= 1.0)
        log_.write({t, "turn", "", {}, fmt::format("{} jobs, {} starts", rm_->cluster().jobs.size(), report.result.starts.size()),
                    {{"read_ms", fmt::format("{:.1f}", rm_->read_seconds() * 1e3)}, {"decide_ms", fmt::format("{:.1f}", (turn - apply) * 1e3)},
                     {"apply_ms", fmt::format("{:.1f}", apply * 1e3)}}});
      for (auto& n : rm_->take_notices()) say("slurm", std::move(n));
      save();
      save_fairshare_files(false);
      publish(report);
      if (http_) {
        std::vector<std::pair<std::string, bool>> started;
        for (const auto& a : report.applied)
          if (a.kind == AppliedDecision::Kind::Start && a.status.ok && !dry_run_)
            started.emplace_back(rm_->cluster().jobs[a.job].id, a.backfill);
        live_.observe(policy_->ir, rm_->cluster(), cycle_->reservations(), cycle_->fairshare_history(), started);
      }
      // One runjob per iteration: the others are asked again at once, in the next turn.
      if (!run_now.empty()) {
        AdminAnswer a = run_now_answer(*request.run_now, report);
        audit(run_now.front().caller, run_now.front().request, a);
        run_now.front().reply(std::move(a));
        std::lock_guard<std::mutex> lock(changes_mutex_);
        for (std::size_t k = run_now.size(); k-- > 1;) changes_.push_front(std::move(run_now[k]));
      }
      if (run_now.size() > 1) rm_->wake();
      if (options_.once) return;
    }
  }

  // After a failed read, a few seconds (interruptible) before the next try: a Slurm that is
  // down is not asked many times a second.
  void pause_before_retry() {
    for (int i = 0; i < 25 && !signals_->stop; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }

  const ServeOptions& options_;
  const PolicyLoader& load_;
  slurm::SlurmControl& control_;
  DecisionLog log_;
  std::shared_ptr<const PolicyInForce> policy_;
  bool dry_run_ = false;
  std::vector<AdminReservation> admin_;
  std::unique_ptr<slurm::SlurmCluster> rm_;
  std::unique_ptr<SchedulingCycle> cycle_;
  Signals* signals_ = nullptr;
  std::map<std::string, Epoch> reserved_;  // job reservations last logged, and their starts
  bool stopped_ = false;                   // schedctl -s: decide and show, start nothing
  Seconds utc_offset_ = 0;
  const uid_t daemon_uid_ = ::getuid();
  mutable std::mutex published_mutex_;
  std::shared_ptr<const PublishedView> published_;
  std::mutex changes_mutex_;
  std::deque<PendingChange> changes_;
  std::string last_save_error_;
  Epoch fairshare_saved_at_ = 0;
  int lock_fd_ = -1;
  LiveReport live_;
  std::mutex page_mutex_;
  std::uint64_t page_version_ = 0;
  std::string page_html_, page_json_;
  std::vector<CoverageRow> coverage_;  // of the policy in force
  std::string coverage_note_;
  // Last: their threads read the members above, so they go first.
  std::unique_ptr<HttpReport> http_;
  std::unique_ptr<AdminSocket> socket_;
};

}  // namespace

int serve(const ServeOptions& options, const PolicyLoader& load, slurm::SlurmControl& control) {
  return Daemon(options, load, control).run();
}

}  // namespace maui::runtime
