// The daemon's loop (serve.h): the state directory opened and locked, the policy compiled and
// the state restored, then turns until SIGTERM, SIGHUP's reload between two of them. What the
// admin's requests do is in admin_requests.h, what each turn publishes in publisher.h, what its
// decisions say in the log in turn_log.h. The Daemon owns the scheduler they act on
// (live_scheduler.h) and calls them in an order that keeps a restart safe: the state is saved
// whenever the Slurm adapter journals a start before making it, before a change is answered,
// and after every turn, before the turn is published.
#include "runtime/daemon/serve.h"

#include <fcntl.h>
#include <pthread.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <ctime>
#include <thread>

#include <fmt/format.h>

#include "runtime/cycle/scheduling_cycle.h"
#include "runtime/daemon/admin_requests.h"
#include "runtime/daemon/admin_socket.h"
#include "runtime/daemon/daemon_settings.h"
#include "runtime/daemon/daemon_state.h"
#include "runtime/daemon/decision_log.h"
#include "runtime/daemon/defer_rules.h"
#include "runtime/daemon/live_scheduler.h"
#include "runtime/daemon/publisher.h"
#include "runtime/daemon/turn_log.h"
#include "runtime/engine/credentials.h"
#include "runtime/io/atomic_file.h"
#include "runtime/io/fairshare_files.h"
#include "runtime/io/jobs_json.h"
#include "runtime/rm/slurm/slurm_cluster.h"

namespace maui::runtime {

namespace {

Epoch wall_clock() { return static_cast<Epoch>(std::time(nullptr)); }

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
      if (s == SIGHUP)
        reload = true;
      else if (s == SIGTERM || s == SIGINT)
        stop = true;
      else
        continue;
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
      : options_(options),
        load_(load),
        control_(control),
        log_(options.log_to_stderr),
        turn_log_(log_),
        admin_requests_(log_, publisher_, wall_clock, [this] {
          if (scheduler_.rm) scheduler_.rm->wake();
        }) {}

  int run() {
    Signals signals([this] {
      if (scheduler_.rm) scheduler_.rm->wake();
    });
    signals_ = &signals;
    if (!open_state_dir()) return 2;
    const std::string& log_dir = options_.log_dir.empty() ? options_.state_dir : options_.log_dir;
    if (log_dir != options_.state_dir && ::mkdir(log_dir.c_str(), 0755) != 0 && errno != EEXIST) {
      std::fprintf(stderr, "mauirun serve: cannot create the log directory %s: %s\n", log_dir.c_str(),
                   std::strerror(errno));
      return 2;
    }
    log_.open(log_dir, options_.log_max_bytes);
    LoadedPolicy loaded = load_();
    log_findings(loaded);
    if (!loaded.policy) {
      std::fprintf(stderr, "%s", loaded.diagnostics.c_str());
      std::fprintf(stderr, "mauirun serve: %s has errors: not started\n", options_.config.c_str());
      return 2;
    }
    adopt_policy(std::move(loaded));
    scheduler_.dry_run = options_.dry_run || scheduler_.policy->settings.test_mode;

    StateLoad restored = load_state(options_.state_dir);
    for (const auto& p : restored.problems) log_event("state", p);
    if (!know_the_cluster(restored)) return 2;
    slurm::SlurmOptions rm_options;
    rm_options.dry_run = scheduler_.dry_run;
    rm_options.poll_seconds = options_.poll_seconds;
    rm_options.busy_poll_seconds = options_.busy_poll_seconds;
    rm_options.start_timeout = options_.start_timeout;
    scheduler_.rm = std::make_unique<slurm::SlurmCluster>(control_, rm_options, wall_clock,
                                                          [this](const slurm::AdapterState&) { return save(); });
    scheduler_.rm->set_adjust([this](ClusterSnapshot& s) { assign_qos(s, *scheduler_.policy->dir); });
    scheduler_.cycle = std::make_unique<SchedulingCycle>(*scheduler_.policy->dir, cycle_options());
    scheduler_.utc_offset = cycle_options().utc_offset;
    if (restored.state) {
      scheduler_.admin = std::move(restored.state->admin_reservations);
      scheduler_.stopped = restored.state->scheduling_stopped;
      scheduler_.rm->restore(std::move(restored.state->adapter));
      scheduler_.cycle->restore(std::move(restored.state->cycle));
      scheduler_.cycle->set_admin_reservations(scheduler_.admin);
      log_event("state", fmt::format("restored from {}/{} (saved {})", options_.state_dir, restored.file,
                                     log_text({restored.state->saved_at, "", "", {}, {}, {}}).substr(0, 20)));
    }
    const std::string socket_path = options_.socket.empty() ? options_.state_dir + "/mauirun.sock" : options_.socket;
    if (!options_.once) {
      AdminSocketGate gate{
          [this](const Caller& c) { return is_admin(c); },
          [this](const Caller& c, const std::string& why) { admin_requests_.refused_by_socket(c, why); }};
      auto opened = AdminSocket::open(
          socket_path,
          [this](const Caller& c, AdminRequest r, AdminSocket::Reply reply) {
            admin_requests_.on_request(c, std::move(r), std::move(reply));
          },
          AdminSocketLimits{}, std::move(gate));
      if (auto* error = std::get_if<std::string>(&opened)) {
        std::fprintf(stderr, "mauirun serve: %s\n", error->c_str());
        return 2;
      }
      socket_ = std::move(std::get<std::unique_ptr<AdminSocket>>(opened));
    }
    if (options_.http && !options_.once) {
      auto page = [this](bool html) { return publisher_.live_page(html, options_.config, scheduler_.utc_offset); };
      auto opened = HttpReport::open(*options_.http, {[page] { return page(true); }, [page] { return page(false); }});
      if (auto* error = std::get_if<std::string>(&opened)) {
        std::fprintf(stderr, "mauirun serve: %s\n", error->c_str());
        return 2;
      }
      http_ = std::move(std::get<std::unique_ptr<HttpReport>>(opened));
    }
    log_event("serve",
              fmt::format("started: config {}, state {}{}{}{}{}", options_.config, options_.state_dir,
                          socket_ ? ", admin socket " + socket_path : "",
                          http_ ? fmt::format(", live report on http://{}:{}/", http_host(), http_->port()) : "",
                          scheduler_.dry_run ? ", dry run: nothing is changed in Slurm" : "",
                          scheduler_.stopped ? ", scheduling stopped (schedctl -s): schedctl -r resumes it" : ""));
    run_turns();
    socket_.reset();  // no change is taken once the loop has ended
    admin_requests_.refuse_pending_changes();
    save();
    save_fairshare_files(true);
    // After the state is saved: a browser's connection may hold the server up to its timeout.
    http_.reset();
    log_event("serve", "stopped");
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

  // ADMIN1-3 of the policy in force, root and the daemon's uid: their connections are never
  // counted against the users' (client_quota.h). On the socket's thread.
  bool is_admin(const Caller& c) const {
    if (c.uid == 0 || c.uid == ::getuid()) return true;
    const std::shared_ptr<const PublishedView> view = publisher_.latest_view();
    return view && access_level(view->policy().ir->admins, c, ::getuid()) != AccessLevel::User;
  }

  // Which cluster Slurm is, before anything is done to any job: a state directory of another
  // cluster is refused (its starts in flight would be applied to this cluster's jobs of the same
  // numbers), one saved by an older mauirun without the cluster is adopted. Slurm unreachable:
  // asked again every few seconds (with --once: not started).
  bool know_the_cluster(const StateLoad& restored) {
    std::string said;
    for (;;) {
      const RmStatus st = control_.identity(cluster_);
      if (st.ok) break;
      if (st.error.message != said)
        log_event("error", "Slurm cannot say which cluster it is: " + st.error.message + "; trying again");
      said = st.error.message;
      if (options_.once) return false;
      pause_before_retry();
      if (signals_->stop) return false;
    }
    if (!restored.state) return true;
    const std::string file = options_.state_dir + "/" + restored.file;
    const auto& saved = restored.state->cluster;
    if (!saved) {
      log_event("state", fmt::format("{} names no cluster (saved by an older mauirun): adopted for cluster '{}' "
                                     "(controller {}), and saved with it from now on",
                                     file, cluster_.name, cluster_.controller));
      return true;
    }
    if (auto error = other_cluster(file, *saved, cluster_)) {
      log_event("error", *error);
      if (!options_.log_to_stderr) std::fprintf(stderr, "mauirun serve: %s\n", error->c_str());
      return false;
    }
    if (saved->controller != cluster_.controller)
      log_event("state", fmt::format("cluster '{}': its controller was {} when {} was saved, it is {} now",
                                     cluster_.name, saved->controller, file, cluster_.controller));
    return true;
  }

  // The config just compiled comes into force: its coverage table for the live page, its
  // credentials and the daemon's own settings.
  void adopt_policy(LoadedPolicy loaded) {
    publisher_.adopt_coverage(std::move(loaded.coverage), std::move(loaded.coverage_note));
    auto p = std::make_shared<PolicyInForce>();
    p->ir = std::move(loaded.policy);
    p->dir = std::make_unique<CredentialDirectory>(*p->ir);
    p->settings = DaemonSettings::from(*p->ir);
    for (const auto& problem : p->settings.problems) log_event("config", problem);
    scheduler_.policy = std::move(p);
  }

  CycleOptions cycle_options() const {
    CycleOptions o;
    o.admin_reservations = scheduler_.admin;
    o.explain = true;  // checkjob and showq say why each job waits
    // The site's own time zone: STARTTIME=9:00:00 is 09:00 on the clock on the wall.
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    o.utc_offset = local.tm_gmtoff;
    return o;
  }

  void log_event(std::string event, std::string reason, std::string job = {}) {
    log_.write({wall_clock(), std::move(event), std::move(job), {}, std::move(reason), {}});
  }

  RmStatus save() {
    DaemonState s;
    s.saved_at = wall_clock();
    s.cycle = scheduler_.cycle ? scheduler_.cycle->memory(scheduler_.rm->cluster()) : CycleMemory{};
    s.adapter = scheduler_.rm->state();
    s.admin_reservations = scheduler_.admin;
    s.scheduling_stopped = scheduler_.stopped;
    s.cluster = cluster_;
    if (auto error = save_state(options_.state_dir, s)) {
      if (error->message != last_save_error_) log_event("error", "cannot save the state: " + error->message);
      last_save_error_ = error->message;
      return RmStatus::failure(error->message);
    }
    if (!last_save_error_.empty()) log_event("state", "saved again");
    last_save_error_.clear();
    return {};
  }

  // FS.<start> files of the windows that count, in Maui's format (`mauirun fairshare --fs-dir`
  // reads them): at most once a minute while usage accrues, and at the end.
  void save_fairshare_files(bool now_anyway) {
    if (!scheduler_.policy || scheduler_.policy->ir->fairshare.metric.value == ir::FairshareMetric::None) return;
    const Epoch now = wall_clock();
    if (!now_anyway && now - fairshare_saved_at_ < 60) return;
    fairshare_saved_at_ = now;
    const FairshareClock clock = FairshareClock::from(scheduler_.policy->ir->fairshare);
    for (const auto& [start, window] : scheduler_.cycle->fairshare_history().windows())
      if (auto error = write_fairshare_file(options_.state_dir, window, clock.interval)) {
        log_event("error", "cannot write the fairshare window: " + error->message);
        return;
      }
  }

  // Every diagnostic of a compile, one log line each, as `mauic lint` prints it: a parameter
  // Maui does not know or a value it cannot read is ignored, and would otherwise go unsaid.
  void log_findings(const LoadedPolicy& loaded) {
    for (const auto& f : loaded.findings) log_event("config", f);
  }

  // SIGHUP or schedctl -R: what happened, as said in the log.
  AdminAnswer reload() {
    LoadedPolicy loaded = load_();
    log_findings(loaded);
    if (!loaded.policy) {
      const std::string what =
          fmt::format("{} has errors: the running policy stays\n{}", options_.config, loaded.diagnostics);
      log_event("reload", what);
      return {1, "", what};
    }
    CycleMemory memory = scheduler_.cycle->memory(scheduler_.rm->cluster());
    const std::string warnings = std::move(loaded.diagnostics);  // adopt_policy() has the rest
    adopt_policy(std::move(loaded));
    scheduler_.cycle = std::make_unique<SchedulingCycle>(*scheduler_.policy->dir, cycle_options());
    scheduler_.cycle->restore(std::move(memory));
    publisher_.publish_policy(scheduler_);  // before the log says it is in force
    const std::string what = fmt::format("{} compiled: the new policy is in force", options_.config);
    log_event("reload", what);
    return {0, what + "\n" + warnings, ""};
  }

  // Maui's defer rules for a start that did not happen (runtime/daemon/defer_rules.h).
  void start_failed(const RmEvent& e) {
    const DeferOutcome o =
        failed_start(scheduler_.cycle->job_memory(e.subject), scheduler_.policy->settings, e.at, e.no_fault_of_the_job);
    if (o.kind == DeferOutcome::Kind::BatchHold) (void)scheduler_.rm->hold_job(e.subject, o.reason);
    log_event(o.kind == DeferOutcome::Kind::BatchHold  ? "hold"
              : o.kind == DeferOutcome::Kind::Deferred ? "defer"
                                                       : "start-failed",
              o.reason, e.subject);
  }

  void log_slurm_events(const std::vector<RmEvent>& events) {
    for (const auto& e : events) {
      switch (e.kind) {
        case RmEvent::Kind::Submitted: log_event("submitted", "", e.subject); break;
        case RmEvent::Kind::Started: log_event("started", "running on " + e.detail, e.subject); break;
        case RmEvent::Kind::StartFailed:
          log_event("start-failed", e.detail, e.subject);
          start_failed(e);
          break;
        case RmEvent::Kind::Ended: log_event("ended", e.detail, e.subject); break;
        case RmEvent::Kind::NodeChanged: log_event("node", e.subject + ": " + e.detail); break;
      }
    }
    for (auto& n : scheduler_.rm->take_notices()) log_event("slurm", std::move(n));
  }

  std::string http_host() const {
    const std::string& h = options_.http->host;
    return h.find(':') != std::string::npos ? "[" + h + "]" : h;
  }

  void write_snapshot() {
    const std::string& path = options_.snapshot_out;
    const auto slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash);
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    if (auto error = write_file_atomically(dir, name, jobs_json_text(scheduler_.rm->cluster())))
      log_event("error", "cannot write the snapshot: " + error->message);
  }

  void run_turns() {
    std::vector<RmEvent> events;
    std::string slurm_error;
    bool first = true;
    const DaemonActions actions{[this] { return save(); }, [this] { return reload(); }};
    for (;;) {
      if (signals_->stop) return;
      if (!last_save_error_.empty()) back_off_while_saving_fails();
      if (signals_->stop) return;
      if (signals_->reload.exchange(false)) reload();
      const Epoch now = wall_clock();
      Epoch deadline =
          first ? now : std::min(now + scheduler_.policy->settings.poll_interval, scheduler_.cycle->next_wakeup());
      events.clear();
      slurm::SlurmCluster& rm = *scheduler_.rm;
      const Epoch t = rm.wait(std::max(deadline, now), events);
      if (!rm.last_error().empty()) {
        if (rm.last_error() != slurm_error)
          log_event("error", "Slurm cannot be read: " + rm.last_error() + "; trying again");
        slurm_error = rm.last_error();
        pause_before_retry();
        if (options_.once) return;
        continue;
      }
      if (!slurm_error.empty()) log_event("slurm", "Slurm can be read again");
      slurm_error.clear();
      first = false;
      log_slurm_events(events);
      const auto decide = std::chrono::steady_clock::now();
      (void)rm.take_request_seconds();
      scheduler_.cycle->advance_to(rm, t);
      scheduler_.cycle->note(events);
      IterationRequest request;
      request.run_now = admin_requests_.apply_pending_changes(scheduler_, actions);
      request.apply = !scheduler_.stopped;
      if (!options_.snapshot_out.empty()) write_snapshot();
      const IterationReport& report = scheduler_.cycle->iterate(rm, request);
      const double turn = std::chrono::duration<double>(std::chrono::steady_clock::now() - decide).count();
      const double apply = rm.take_request_seconds();
      turn_log_.log_decisions(report, rm.cluster(), scheduler_.cycle->reservations(), scheduler_.dry_run);
      // How long a turn took: said for --once, and whenever one takes a second or more.
      if (options_.once || turn >= 1.0)
        log_.write({t,
                    "turn",
                    "",
                    {},
                    fmt::format("{} jobs, {} starts", rm.cluster().jobs.size(), report.result.starts.size()),
                    {{"read_ms", fmt::format("{:.1f}", rm.read_seconds() * 1e3)},
                     {"decide_ms", fmt::format("{:.1f}", (turn - apply) * 1e3)},
                     {"apply_ms", fmt::format("{:.1f}", apply * 1e3)}}});
      for (auto& n : rm.take_notices()) log_event("slurm", std::move(n));
      save();
      save_fairshare_files(false);
      admin_requests_.log_unwritten_refusals();
      publisher_.publish_turn(report, scheduler_);
      if (http_) publisher_.observe_for_live_report(report, scheduler_);
      admin_requests_.answer_changes();
      admin_requests_.answer_run_now(report, rm.cluster());
      if (options_.once) return;
    }
  }

  // While the state cannot be saved (a full disk), no start can be journalled, so none is made:
  // the turns that try again come 1, 2, 4 ... s apart, up to RMPOLLINTERVAL, instead of as fast
  // as Slurm changes (91 refused starts a second were logged for 4 jobs). Interruptible.
  void back_off_while_saving_fails() {
    save_backoff_ = std::min<Seconds>(save_backoff_ == 0 ? 1 : save_backoff_ * 2,
                                      std::max<Seconds>(scheduler_.policy->settings.poll_interval, 1));
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(save_backoff_);
    while (std::chrono::steady_clock::now() < until && !signals_->stop && (save(), !last_save_error_.empty()))
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    if (last_save_error_.empty()) save_backoff_ = 0;
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
  LiveScheduler scheduler_;
  Signals* signals_ = nullptr;
  std::string last_save_error_;
  Seconds save_backoff_ = 0;        // back_off_while_saving_fails's last pause
  slurm::ClusterIdentity cluster_;  // the cluster Slurm is, read before the state is used
  Epoch fairshare_saved_at_ = 0;
  int lock_fd_ = -1;
  TurnLog turn_log_;
  // Read by the threads of the admin socket and the HTTP server, which the two below stop.
  Publisher publisher_;
  AdminRequests admin_requests_;
  // Last: their threads read the members above, so they go first.
  std::unique_ptr<HttpReport> http_;
  std::unique_ptr<AdminSocket> socket_;
};

}  // namespace

int serve(const ServeOptions& options, const PolicyLoader& load, slurm::SlurmControl& control) {
  return Daemon(options, load, control).run();
}

}  // namespace maui::runtime
