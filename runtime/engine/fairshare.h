// Fairshare (manual 6.3, reference §5): usage recorded per fairshare window, the decay-weighted
// usage of each credential, its distance to the FSTARGET (the FS priority component), and the
// caps ('^' absolute, '%' relative) that make a job infeasible.
//
// Windows are epoch-aligned (a window starts at t - t mod FSINTERVAL) and named by their start,
// as Maui's FS.<epoch> files are (runtime/io/fairshare_files.h reads and writes them). Window 0 is
// the current, partial one; window k started k*FSINTERVAL earlier.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/engine/credentials.h"
#include "runtime/engine/model.h"
#include "schemas/ir.h"

namespace maui::runtime {

// Maui keeps at most 24 windows (MAX_MFSDEPTH); FSDEPTH is clipped to that.
inline constexpr int kMaxFairshareDepth = 24;

Epoch window_start(Epoch t, Seconds interval);

// Credentials in ir::Credential's order (kind, then name), also found by kind and name without
// building a Credential: usage accrues at every event for each running job's credentials.
struct CredentialLess {
  using is_transparent = void;
  using Key = std::pair<ir::CredKind, std::string_view>;
  static Key key(const ir::Credential& c) { return {c.kind, c.name}; }
  static const Key& key(const Key& k) { return k; }
  template <class A, class B>
  bool operator()(const A& a, const B& b) const {
    return key(a) < key(b);
  }
};
using CredentialUsage = std::map<ir::Credential, double, CredentialLess>;

// The usage of one window: one FS.<start> file.
struct FairshareWindow {
  Epoch start = 0;
  CredentialUsage usage;  // user, group, account, class, QOS
  double total = 0;       // everything delivered in the window
  // Set by FairshareHistory::window() at every access, unique in the process, so never 0 in a
  // history: a standing computed earlier knows from it whether the window may have changed
  // since. Assigning contents to a window (a file read back into it) keeps its own stamp.
  struct Stamp {
    std::uint64_t value = 0;
    Stamp() = default;
    Stamp(const Stamp&) = default;
    Stamp& operator=(const Stamp&) { return *this; }
  } stamp;
};

class FairshareHistory {
 public:
  FairshareWindow& window(Epoch start);
  const FairshareWindow* find(Epoch start) const;
  const std::map<Epoch, FairshareWindow>& windows() const { return windows_; }
  // Rolling: windows that start before `oldest` no longer count and are dropped.
  void forget_before(Epoch oldest);

 private:
  std::map<Epoch, FairshareWindow> windows_;
};

// The fairshare settings as the engine uses them (depth clipped, decay and interval sane).
struct FairshareClock {
  Seconds interval = 86400;
  int depth = 7;
  double decay = 1.0;
  static FairshareClock from(const ir::FairshareSettings& s);
};

// What a running job adds to fairshare usage per second under FSPOLICY (manual 6.3.2.1):
// DEDICATEDPS dedicated procs, DEDICATEDPES processor equivalents, UTILIZEDPS the procs the
// job actually keeps busy (all dedicated procs when unknown). 0 when FSPOLICY is NONE.
double usage_rate(ir::FairshareMetric metric, const Job& job, const ClusterTotals& totals);

// Records the usage of every running job over [from, to) into the windows it falls in (an
// interval crossing a window boundary is split), for the job's user, group, account, class,
// QOS and the total. Only time after the job started counts, and for a job that says when it
// ended (completed, or still completing), only time before its end: a job that ended within
// [from, to) is charged up to its end, whatever order the scheduler learns of ends and accrues
// in. Suspended jobs and starting ones (not running yet) accrue nothing.
void accrue_usage(FairshareHistory& history, const ir::Policy& policy, const ClusterSnapshot& snapshot, Epoch from,
                  Epoch to);

// One credential's fairshare state.
struct CredentialStanding {
  ir::Credential who;
  std::vector<double> window_usage;  // [k] = usage in window k (0 = current)
  double decayed_usage = 0;          // sum of decay^k * usage[k]  (proc-seconds)
  double usage_percent = 0;          // decayed_usage / decayed total * 100
  std::optional<ResolvedTarget> target;
};

class FairshareStanding {
 public:
  FairshareStanding() = default;  // fairshare off: no usage, every delta 0
  static FairshareStanding compute(const CredentialDirectory& dir, const FairshareHistory& history, Epoch now);
  // With `previous`, the standing computed last from the same directory and history: when the
  // windows are the same and only the current one changed since (the usual case of a refresh
  // once per poll interval), each credential's usage is brought up to date from the current
  // window alone, with the same arithmetic, instead of merging every window again.
  static FairshareStanding compute(const CredentialDirectory& dir, const FairshareHistory& history, Epoch now,
                                   FairshareStanding previous);

  bool enabled() const { return enabled_; }
  bool percentage_mode() const { return percentage_mode_; }
  const FairshareClock& clock() const { return clock_; }
  double total_decayed() const { return total_decayed_; }
  const std::vector<Epoch>& window_starts() const { return window_starts_; }
  const std::vector<double>& window_totals() const { return window_totals_; }
  const std::vector<double>& window_weights() const { return window_weights_; }  // decay^k
  // Every credential with usage or a target (DEFAULT entries excluded), by kind then name.
  const std::vector<CredentialStanding>& credentials() const { return credentials_; }
  const CredentialStanding* find(ir::CredKind kind, std::string_view name) const;
  // Decayed usage of a credential with no entry is 0.
  double decayed_usage(ir::CredKind kind, std::string_view name) const;
  double usage_percent(ir::CredKind kind, std::string_view name) const;

 private:
  bool enabled_ = false;
  bool percentage_mode_ = false;
  FairshareClock clock_;
  double total_decayed_ = 0;
  std::vector<Epoch> window_starts_;
  std::vector<double> window_totals_;
  std::vector<double> window_weights_;
  // In credential order (kind, then name): find() searches it, no index is built (the
  // standing is recomputed once per poll interval of a simulation).
  std::vector<CredentialStanding> credentials_;

  // What the next compute() needs to start from this one.
  bool update_from_current_window(const FairshareWindow* current);
  const CredentialDirectory* dir_ = nullptr;
  const FairshareHistory* history_ = nullptr;
  std::vector<std::uint64_t> window_stamps_;  // [k]: stamp of window k, 0 = no window
  struct Presence {
    std::uint32_t windows = 0;  // bit k: the credential has an entry in window k
    bool targeted = false;      // listed for its fairshare target, usage or not
  };
  std::vector<Presence> presence_;  // parallel to credentials_
};

// A credential's contribution to the FS priority component before its FS*WEIGHT (manual
// 5.1.2.2, 6.3.2.1): target - usage% (or 1 - usage/target with FSPOLICY ...%), kept only
// below a floor '+', only above a ceiling '-', and 0 for caps (caps act on feasibility).
struct FairshareDelta {
  bool has_target = false;
  double usage_percent = 0;
  std::optional<ResolvedTarget> target;
  double distance = 0;  // before the marker is applied
  double value = 0;     // what the priority uses
};
FairshareDelta fairshare_delta(const CredentialDirectory& dir, const FairshareStanding& standing, ir::CredKind kind,
                               std::string_view name);

// "Out of bounds" as diagnose -f marks it with '*': a floor not reached, a ceiling exceeded, a
// target missed by more than 5 points, a cap reached.
bool out_of_bounds(const CredentialStanding& s, const FairshareStanding& standing);

// A fairshare cap the job would break by starting (manual 6.3.3.2, reference §5.4): '^' counts
// proc-seconds of decayed usage, '%' percent of the decayed total. The job's request is its
// procs (PE under DEDICATEDPES) times its walltime.
struct FairshareCapViolation {
  ir::Credential who;
  ir::FairshareTarget cap;
  bool from_default = false;
  double usage = 0;    // proc-seconds ('^') or percent ('%')
  double request = 0;  // proc-seconds ('^') or percent ('%')
};
std::vector<FairshareCapViolation> fairshare_cap_violations(const CredentialDirectory& dir,
                                                            const FairshareStanding& standing, const Job& job,
                                                            const ClusterTotals& totals);

}  // namespace maui::runtime
