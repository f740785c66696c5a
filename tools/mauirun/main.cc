// mauirun: the Maui engine on a compiled policy and a cluster snapshot.
//
// All llvm::cl options live in this file (they register globally); the subcommands are plain
// functions in *_command.cc.
#include <algorithm>
#include <cstdlib>

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"
#include "schemas/ir.h"
#include "tools/mauirun/commands.h"
#include "tools/standard_output.h"

using namespace llvm;
using namespace maui::tools;
namespace ir = maui::ir;

namespace {

cl::OptionCategory category("mauirun options");

cl::SubCommand priority_sub("priority", "Job priorities with every component, like diagnose -p / sprio");
cl::SubCommand fairshare_sub("fairshare",
                             "Fairshare usage per credential against its target, like diagnose -f / sshare");
cl::SubCommand eligible_sub("eligible", "Which idle jobs are eligible, and every limit the others violate");
cl::SubCommand schedule_sub("schedule", "One scheduling iteration on a JOBS.json snapshot, as the simulator runs one");
cl::SubCommand simulate_sub("simulate",
                            "Replay a job trace (SWF or Slurm accounting) through the policy on a simulated cluster");
cl::SubCommand compare_sub("compare",
                           "Replay one trace under an old and a new policy and show who waits more, who less");
cl::SubCommand report_sub("report", "Replay a trace and write a self-contained graphical HTML report");
cl::SubCommand trace_sub("trace", "Work on traces: 'convert' writes a trace (e.g. a Slurm accounting export) as SWF");
cl::SubCommand sweep_sub("sweep",
                         "Replay a trace under every combination of some settings, in parallel, and rank them");
cl::SubCommand serve_sub("serve", "Schedule a live Slurm cluster with the policy (docs/serve.md)");

cl::opt<std::string> config("config", cl::desc("The maui.cfg to run"), cl::value_desc("maui.cfg"), cl::Required,
                            cl::sub(priority_sub), cl::sub(fairshare_sub), cl::sub(eligible_sub), cl::sub(schedule_sub),
                            cl::sub(simulate_sub), cl::sub(report_sub), cl::sub(serve_sub), cl::cat(category));
cl::opt<std::string> old_config("old", cl::desc("The maui.cfg in force"), cl::value_desc("OLD.cfg"), cl::Required,
                                cl::sub(compare_sub), cl::cat(category));
cl::opt<std::string> new_config("new", cl::desc("The maui.cfg to try"), cl::value_desc("NEW.cfg"), cl::Required,
                                cl::sub(compare_sub), cl::cat(category));
cl::opt<std::string> jobs("jobs",
                          cl::desc("The cluster: nodes, running and idle jobs (docs/jobs-json.md; '-' = stdin)"),
                          cl::value_desc("JOBS.json"), cl::Required, cl::sub(priority_sub), cl::sub(eligible_sub),
                          cl::sub(schedule_sub), cl::cat(category));
cl::opt<std::string> fs_dir_for_fairshare("fs-dir", cl::desc("Directory of the FS.<epoch> fairshare files"),
                                          cl::value_desc("dir"), cl::Required, cl::sub(fairshare_sub),
                                          cl::cat(category));
cl::opt<std::string> fs_dir("fs-dir", cl::desc("Directory of the FS.<epoch> fairshare files (default: no usage)"),
                            cl::value_desc("dir"), cl::sub(priority_sub), cl::sub(eligible_sub), cl::cat(category));
cl::opt<long long> now("now",
                       cl::desc("The time to evaluate at, seconds since 1970 (default: JOBS.json's \"now\", "
                                "else the clock)"),
                       cl::value_desc("epoch"), cl::sub(priority_sub), cl::sub(fairshare_sub), cl::sub(eligible_sub),
                       cl::cat(category));
cl::opt<RunFormat> format("format", cl::desc("Output format"), cl::init(RunFormat::Text),
                          cl::values(clEnumValN(RunFormat::Text, "text", "tables for a terminal"),
                                     clEnumValN(RunFormat::Json, "json", "JSON (docs/jobs-json.md)")),
                          cl::sub(priority_sub), cl::sub(fairshare_sub), cl::sub(eligible_sub), cl::sub(schedule_sub),
                          cl::sub(simulate_sub), cl::sub(compare_sub), cl::cat(category));
cl::opt<std::string> job("job", cl::desc("Also print the full priority breakdown of this job"), cl::value_desc("id"),
                         cl::sub(priority_sub), cl::cat(category));

cl::opt<std::string> trace(
    "trace", cl::desc("The job trace: SWF or a Slurm accounting export (sacct --parsable2), plain or gzip"),
    cl::value_desc("FILE"), cl::Required, cl::sub(simulate_sub), cl::sub(compare_sub), cl::sub(report_sub),
    cl::sub(trace_sub), cl::cat(category));
cl::opt<long long> sim_nodes("nodes",
                             cl::desc("Simulate N identical nodes node001 ... instead of the config's NODECFG nodes"),
                             cl::value_desc("N"), cl::init(0), cl::sub(simulate_sub), cl::sub(compare_sub),
                             cl::sub(report_sub), cl::cat(category));
cl::opt<long long> procs_per_node("procs-per-node",
                                  cl::desc("Procs of each --nodes node, or of each NODECFG node that states none "
                                           "(default 1)"),
                                  cl::value_desc("P"), cl::init(0), cl::sub(simulate_sub), cl::sub(compare_sub),
                                  cl::sub(report_sub), cl::cat(category));
cl::opt<std::string> jobs_out("jobs-out", cl::desc("Write one CSV row per job: id,submit,start,end,procs,..."),
                              cl::value_desc("file.csv"), cl::sub(simulate_sub), cl::cat(category));
cl::opt<std::string> compare_jobs_out(
    "jobs-out",
    cl::desc("Write one CSV row per job: id,submit,procs,user,...,old_start,new_start,"
             "old_wait,new_wait,moved"),
    cl::value_desc("file.csv"), cl::sub(compare_sub), cl::cat(category));
cl::opt<std::string> compare_html("html",
                                  cl::desc("Also write the two runs side by side as a self-contained HTML report"),
                                  cl::value_desc("file.html"), cl::sub(compare_sub), cl::cat(category));
cl::opt<std::string> report_out("o", cl::desc("The HTML report to write"), cl::value_desc("report.html"), cl::Required,
                                cl::sub(report_sub), cl::cat(category));
cl::opt<std::string> convert_out("o", cl::desc("The SWF file to write ('-' = standard output, the default)"),
                                 cl::value_desc("OUT.swf"), cl::init("-"), cl::sub(trace_sub), cl::cat(category));
cl::opt<std::string> trace_action(cl::Positional, cl::desc("<convert>"), cl::Required, cl::sub(trace_sub),
                                  cl::cat(category));
cl::opt<std::string> runs_out("runs-out",
                              cl::desc("Write one CSV row per run of a job: job,start,end,how,nodes (where it ran)"),
                              cl::value_desc("file.csv"), cl::sub(simulate_sub), cl::cat(category));
cl::opt<long long> limit_jobs("limit-jobs", cl::desc("Replay only the first N jobs of the trace"), cl::value_desc("N"),
                              cl::init(0), cl::sub(simulate_sub), cl::cat(category));
cl::opt<bool> progress("progress",
                       cl::desc("Report progress on stderr: a bar on a terminal (the default there), else a line "
                                "every 5 s"),
                       cl::sub(simulate_sub), cl::cat(category));
cl::opt<bool> quiet_run("quiet", cl::desc("No progress bar (shown only when stderr is a terminal)"),
                        cl::sub(simulate_sub), cl::sub(compare_sub), cl::sub(report_sub), cl::sub(sweep_sub),
                        cl::cat(category));
cl::opt<bool> no_fast_path("no-fast-path",
                           cl::desc("Run every iteration through the general engine, also where the EASY fast path "
                                    "applies (the same schedule, slower)"),
                           cl::sub(simulate_sub), cl::cat(category));

cl::list<std::string> reservation("reservation",
                                  cl::desc("An administrative reservation: 'NAME STARTTIME=s ENDTIME=s HOSTLIST=hosts "
                                           "[USERLIST=..] [GROUPLIST=..] [ACCOUNTLIST=..] [CLASSLIST=..] [QOSLIST=..]' "
                                           "(trace seconds; no list = SYSTEM, no job may use it); repeatable"),
                                  cl::value_desc("spec"), cl::sub(simulate_sub), cl::sub(report_sub),
                                  cl::cat(category));

cl::list<maui::runtime::GroupBy> by(
    "by", cl::desc("Also print the metrics of each credential's jobs; repeatable (compare: all kinds when not given)"),
    cl::values(clEnumValN(maui::runtime::GroupBy::User, "user", "per user"),
               clEnumValN(maui::runtime::GroupBy::Group, "group", "per group"),
               clEnumValN(maui::runtime::GroupBy::Account, "account", "per account"),
               clEnumValN(maui::runtime::GroupBy::Class, "class", "per class"),
               clEnumValN(maui::runtime::GroupBy::Qos, "qos", "per QOS")),
    cl::sub(simulate_sub), cl::sub(compare_sub), cl::cat(category));

cl::opt<long long> stop_at("stop-at",
                           cl::desc("Stop the simulation at this second of the trace (trace seconds, 0 = its "
                                    "UnixStartTime, as --jobs-out and --reservation count them; everything of that "
                                    "second done) and print the --show views instead of the summary"),
                           cl::value_desc("SECOND"), cl::sub(simulate_sub), cl::cat(category));
cl::list<std::string> show("show",
                           cl::desc("A client command to show (simulate: at --stop-at; schedule: on the snapshot, "
                                    "as serve shows it), as an admin types it: 'showq -b', 'checkjob 42 -v', "
                                    "'showbf -u u3', 'diagnose -p' (docs/views.md); repeatable"),
                           cl::value_desc("'VIEW ARGS'"), cl::sub(simulate_sub), cl::sub(schedule_sub),
                           cl::cat(category));

enum class RmKind { Slurm };
cl::opt<RmKind> rm("rm", cl::desc("The resource manager"), cl::init(RmKind::Slurm),
                   cl::values(clEnumValN(RmKind::Slurm, "slurm",
                                         "Slurm, found through SLURM_CONF as its commands find it")),
                   cl::sub(serve_sub), cl::cat(category));
cl::opt<std::string> state_dir("state-dir",
                               cl::desc("Where serve keeps its state, fairshare windows (FS.<epoch>) and logs"),
                               cl::value_desc("dir"), cl::Required, cl::sub(serve_sub), cl::cat(category));
cl::opt<bool> once("once", cl::desc("Run one iteration, then exit"), cl::sub(serve_sub), cl::cat(category));
cl::opt<bool> dry_run("dry-run",
                      cl::desc("Read Slurm and decide, change nothing; log what would be done (as SERVERMODE TEST)"),
                      cl::sub(serve_sub), cl::cat(category));

cl::opt<std::string> snapshot_out("snapshot-out",
                                  cl::desc("Write each turn's snapshot as JOBS.json (for `mauirun schedule`)"),
                                  cl::value_desc("file"), cl::sub(serve_sub), cl::cat(category));
cl::opt<std::string> http("http",
                          cl::desc("Serve the HTML report of the live cluster on this address (GET /, /data.json)"),
                          cl::value_desc("addr:port"), cl::sub(serve_sub), cl::cat(category));
cl::opt<std::string> socket_path("socket",
                                 cl::desc("The admin socket Maui's client commands reach (default: DIR/mauirun.sock)"),
                                 cl::value_desc("path"), cl::sub(serve_sub), cl::cat(category));

cl::opt<std::string> log_dir("log-dir",
                             cl::desc("Where serve writes serve.log, serve.jsonl and audit.log (default: the state "
                                      "directory); another disk keeps the logs from ever filling the state's"),
                             cl::value_desc("dir"), cl::sub(serve_sub), cl::cat(category));
cl::opt<unsigned> log_max_mb("log-max-mb",
                             cl::desc("Each log's size in MB before it becomes NAME.1 and a new one begins (the one "
                                      "before is dropped); 0: never (default 16)"),
                             cl::value_desc("MB"), cl::init(16), cl::sub(serve_sub), cl::cat(category));

// mauirun sweep's own options (docs/sweep.md). --config and --trace are not required here:
// --merge reads them from the array's manifest.
cl::opt<std::string> sweep_config("config", cl::desc("BASE: the maui.cfg every candidate starts from"),
                                  cl::value_desc("BASE.cfg"), cl::sub(sweep_sub), cl::cat(category));
cl::opt<std::string> sweep_trace("trace", cl::desc("The job trace: SWF or a Slurm accounting export, plain or gzip"),
                                 cl::value_desc("FILE"), cl::sub(sweep_sub), cl::cat(category));
cl::opt<long long> sweep_nodes("nodes", cl::desc("Simulate N identical nodes instead of the config's NODECFG nodes"),
                               cl::value_desc("N"), cl::init(0), cl::sub(sweep_sub), cl::cat(category));
cl::opt<long long> sweep_procs("procs-per-node", cl::desc("Procs of each --nodes node (default 1)"),
                               cl::value_desc("P"), cl::init(0), cl::sub(sweep_sub), cl::cat(category));
cl::list<std::string> vary("vary",
                           cl::desc("A setting and its values: 'FSWEIGHT=0,1,10' or 'USERCFG[DEFAULT] MAXJOB=2,4' "
                                    "(each candidate is BASE with one value of each --vary appended); repeatable"),
                           cl::value_desc("'NAME=V1,V2,...'"), cl::sub(sweep_sub), cl::cat(category));
cl::opt<unsigned> sweep_jobs("jobs", cl::desc("Replays at once (default: the cores)"), cl::value_desc("N"), cl::init(0),
                             cl::sub(sweep_sub), cl::cat(category));
cl::opt<maui::runtime::GroupBy> sweep_by(
    "by", cl::desc("The credential whose jobs waited longest is the worst one of this kind (default: user)"),
    cl::values(clEnumValN(maui::runtime::GroupBy::User, "user", "per user"),
               clEnumValN(maui::runtime::GroupBy::Group, "group", "per group"),
               clEnumValN(maui::runtime::GroupBy::Account, "account", "per account"),
               clEnumValN(maui::runtime::GroupBy::Class, "class", "per class"),
               clEnumValN(maui::runtime::GroupBy::Qos, "qos", "per QOS")),
    cl::init(maui::runtime::GroupBy::User), cl::sub(sweep_sub), cl::cat(category));
cl::opt<std::string> rank_by("rank-by",
                             cl::desc("Rank by average_wait (default), p95_wait, slowdown, utilization or worst_wait"),
                             cl::value_desc("METRIC"), cl::init("average_wait"), cl::sub(sweep_sub), cl::cat(category));
cl::opt<RunFormat> sweep_format("format", cl::desc("Output format"), cl::init(RunFormat::Text),
                                cl::values(clEnumValN(RunFormat::Text, "text", "the ranking as a table"),
                                           clEnumValN(RunFormat::Json, "json", "JSON (docs/sweep.md)")),
                                cl::sub(sweep_sub), cl::cat(category));
cl::opt<std::string> sweep_html("html", cl::desc("Also write the trade-off as a self-contained HTML report"),
                                cl::value_desc("file.html"), cl::sub(sweep_sub), cl::cat(category));
cl::opt<std::string> slurm_array("slurm-array",
                                 cl::desc("Run nothing here: write the candidates, a manifest and the sbatch scripts "
                                          "of a job array (and its merge job) into DIR"),
                                 cl::value_desc("DIR"), cl::sub(sweep_sub), cl::cat(category));
cl::opt<unsigned> array_limit("array-limit", cl::desc("With --slurm-array: at most M tasks at once (--array=...%M)"),
                              cl::value_desc("M"), cl::init(0), cl::sub(sweep_sub), cl::cat(category));
cl::opt<std::string> merge("merge", cl::desc("Rank the results of the job array written into DIR"),
                           cl::value_desc("DIR"), cl::sub(sweep_sub), cl::cat(category));

SweepOptions sweep_options() {
  SweepOptions o;
  o.config = sweep_config;
  o.trace = sweep_trace;
  o.nodes = sweep_nodes;
  o.procs_per_node = sweep_procs;
  o.vary.assign(vary.begin(), vary.end());
  o.jobs = sweep_jobs;
  o.by = sweep_by;
  o.rank_by = rank_by;
  o.format = sweep_format;
  o.html = sweep_html;
  o.slurm_array = slurm_array;
  o.array_limit = array_limit;
  o.merge = merge;
  o.progress = progress_shown(false, quiet_run);
  return o;
}

// --config and --trace unless --merge, which takes everything else from the array's manifest.
bool sweep_usable() {
  if (!merge.empty()) {
    if (sweep_config.getNumOccurrences() || sweep_trace.getNumOccurrences() || !vary.empty() || !slurm_array.empty()) {
      errs() << "mauirun sweep: --merge DIR takes the config, trace and --vary from DIR/manifest.json: give none\n";
      return false;
    }
    return true;
  }
  if (sweep_config.empty() || sweep_trace.empty()) {
    errs() << "mauirun sweep: expected --config BASE.cfg and --trace FILE (or --merge DIR)\n";
    return false;
  }
  if (sweep_nodes < 0 || sweep_nodes > ir::kMaxNodes || sweep_procs < 0 || sweep_procs > ir::kMaxProcs ||
      (sweep_procs.getNumOccurrences() && sweep_procs < 1)) {
    errs() << "mauirun sweep: expected --nodes from 0 to " << ir::kMaxNodes << " and --procs-per-node from 1 to "
           << ir::kMaxProcs << "\n";
    return false;
  }
  return true;
}

void print_version(raw_ostream& os) { os << "mauirun " << MAUI_VERSION << " (Maui scheduling engine)\n"; }

RunOptions options() {
  RunOptions o;
  o.config = config;
  o.jobs = jobs;
  o.fs_dir = fairshare_sub ? std::string(fs_dir_for_fairshare) : std::string(fs_dir);
  if (now.getNumOccurrences()) o.now = now;
  o.format = format;
  o.job = job;
  if (schedule_sub) o.show.assign(show.begin(), show.end());
  return o;
}

// --by, each kind once, in the order first asked.
std::vector<maui::runtime::GroupBy> kinds_asked() {
  std::vector<maui::runtime::GroupBy> kinds;
  for (auto b : by)
    if (std::find(kinds.begin(), kinds.end(), b) == kinds.end()) kinds.push_back(b);
  return kinds;
}

SimulateOptions simulate_options() {
  SimulateOptions o;
  o.config = config;
  o.trace = trace;
  o.nodes = sim_nodes;
  o.procs_per_node = procs_per_node;  // 0: not given
  o.jobs_out = jobs_out;
  o.runs_out = runs_out;
  o.format = format;
  o.limit_jobs = limit_jobs;
  o.progress = progress_shown(progress.getNumOccurrences() && progress, quiet_run);
  o.fast_path = !no_fast_path;
  o.reservations.assign(reservation.begin(), reservation.end());
  o.by = kinds_asked();
  if (stop_at.getNumOccurrences()) o.stop_at = stop_at;
  o.show.assign(show.begin(), show.end());
  return o;
}

CompareOptions compare_options() {
  CompareOptions o;
  o.old_config = old_config;
  o.new_config = new_config;
  o.trace = trace;
  o.nodes = sim_nodes;
  o.procs_per_node = procs_per_node;
  o.format = format;
  o.jobs_out = compare_jobs_out;
  o.html = compare_html;
  o.progress = progress_shown(false, quiet_run);
  o.by = kinds_asked();
  if (o.by.empty())
    o.by = {maui::runtime::GroupBy::User, maui::runtime::GroupBy::Group, maui::runtime::GroupBy::Account,
            maui::runtime::GroupBy::Class, maui::runtime::GroupBy::Qos};
  return o;
}

ReportOptions report_options() {
  ReportOptions o;
  o.config = config;
  o.trace = trace;
  o.nodes = sim_nodes;
  o.procs_per_node = procs_per_node;
  o.output = report_out;
  o.progress = progress_shown(false, quiet_run);
  o.reservations.assign(reservation.begin(), reservation.end());
  return o;
}

bool nodes_in_range(const char* command) {
  const bool procs_given = procs_per_node.getNumOccurrences() > 0;  // else 0: NODECFG's, or 1
  if (sim_nodes >= 0 && sim_nodes <= ir::kMaxNodes && (!procs_given || procs_per_node >= 1) &&
      procs_per_node <= ir::kMaxProcs && limit_jobs >= 0)
    return true;
  errs() << "mauirun " << command << ": expected --nodes from 0 to " << ir::kMaxNodes << ", --procs-per-node from 1 to "
         << ir::kMaxProcs << " and --limit-jobs >= 0\n";
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  // Maui's client commands take Maui's own options (showq -r, sethold -b): they are read before
  // the subcommand parser, under the name the program was called by (a link `showq`) or as
  // `mauirun showq ...`.
  std::string_view called = argv[0];
  called = called.substr(called.rfind('/') == std::string_view::npos ? 0 : called.rfind('/') + 1);
  if (maui::tools::is_client_command(called))
    return maui::tools::client_command(called, std::vector<std::string>(argv + 1, argv + argc));
  if (argc > 1 && maui::tools::is_client_command(argv[1]))
    return maui::tools::client_command(argv[1], std::vector<std::string>(argv + 2, argv + argc));
  InitLLVM init(argc, argv);
  check_standard_output_at_exit("mauirun");
  cl::HideUnrelatedOptions(category);
  cl::SetVersionPrinter(print_version);
  // A usage error must exit 2 (not cl's default 1): pass an error stream and check the result.
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "mauirun: the Maui scheduling engine on a maui.cfg and a cluster snapshot\n\n"
          "  mauirun priority  --config CFG --jobs JOBS.json [--fs-dir DIR] [--now EPOCH] "
          "[--format text|json] [--job ID]\n"
          "  mauirun fairshare --config CFG --fs-dir DIR [--now EPOCH] [--format text|json]\n"
          "  mauirun eligible  --config CFG --jobs JOBS.json [--fs-dir DIR] [--now EPOCH] "
          "[--format text|json]\n"
          "  mauirun schedule  --config CFG --jobs JOBS.json [--format text|json] [--show 'VIEW ARGS'...]\n"
          "  mauirun simulate  --config CFG --trace FILE [--nodes N] [--procs-per-node P] "
          "[--jobs-out CSV] [--runs-out CSV] [--format text|json] [--limit-jobs N] [--progress] [--quiet] "
          "[--no-fast-path] "
          "[--reservation SPEC]... [--by user|group|account|class|qos]... [--stop-at SECOND --show 'VIEW ARGS'...]\n"
          "  mauirun compare   --old OLD.cfg --new NEW.cfg --trace FILE [--nodes N] [--procs-per-node P] "
          "[--by user|group|account|class|qos]... [--format text|json] [--jobs-out CSV] [--html FILE] [--quiet]\n"
          "  mauirun report    --config CFG --trace FILE [--nodes N] [--procs-per-node P] "
          "[--reservation SPEC]... [--quiet] -o report.html\n"
          "  mauirun sweep     --config BASE.cfg --trace FILE --vary 'NAME=V1,V2,...'... [--nodes N] "
          "[--procs-per-node P] [--jobs N]\n"
          "                    [--by user|group|account|class|qos] [--rank-by METRIC] [--format text|json] "
          "[--html FILE] [--quiet]\n"
          "                    [--slurm-array DIR [--array-limit M]] | mauirun sweep --merge DIR [--format ...] "
          "[--html FILE]\n"
          "  mauirun trace convert --trace FILE [-o OUT.swf]\n"
          "  mauirun serve     --config CFG --rm slurm --state-dir DIR [--once] [--dry-run] [--socket PATH] "
          "[--snapshot-out FILE]\n"
          "                    [--http ADDR:PORT] [--log-dir DIR] [--log-max-mb MB]\n"
          "  mauirun showq|checkjob|showres|showbf|showstart|diagnose|checknode|showconfig|setres|releaseres|\n"
          "          setspri|sethold|releasehold|runjob|schedctl [ARGS] [--format text|json] [--socket PATH]\n"
          "                    (Maui's client commands, asked of the running serve; also by these names)\n\n"
          "Exit status: 0 done, 1 a queued job is not eligible (eligible), 2 usage, input or output error\n"
          "(sweep: 1 when a candidate failed, named in the ranking; simulate: after an input error nothing is "
          "simulated, nor from a trace with no job; skipped trace lines "
          "are\n"
          "reported and counted; with --show, the status of the first view that fails: 1 not found, 2 usage, 3 "
          "refused).\n",
          &errs()))
    return kRunInputError;

  // Beyond these the engine's sums would overflow (schemas/ir.h, Bounds).
  if (now.getNumOccurrences() && (now > ir::kMaxSeconds || now < -ir::kMaxSeconds)) {
    errs() << "mauirun: --now must be within " << ir::kMaxSeconds << " seconds of 1970\n";
    return kRunInputError;
  }
  if (priority_sub) return priority_command(options());
  if (fairshare_sub) return fairshare_command(options());
  if (eligible_sub) return eligible_command(options());
  if (schedule_sub) return schedule_command(options());
  if (serve_sub) {
    ServeCommandOptions o;
    o.config = config;
    o.state_dir = state_dir;
    o.dry_run = dry_run;
    o.once = once;
    o.socket = socket_path;
    o.snapshot_out = snapshot_out;
    o.http = http;
    o.log_dir = log_dir;
    o.log_max_mb = log_max_mb;
    return serve_command(o);
  }
  if (simulate_sub) {
    if (stop_at.getNumOccurrences() && (stop_at < 0 || stop_at > ir::kMaxSeconds)) {
      errs() << "mauirun simulate: --stop-at must be a second of the trace, from 0 to " << ir::kMaxSeconds << "\n";
      return kRunInputError;
    }
    if (stop_at.getNumOccurrences() != 0 && show.empty()) {
      errs() << "mauirun simulate: --stop-at needs a --show 'VIEW ARGS' to print (e.g. --show showq)\n";
      return kRunInputError;
    }
    if (!show.empty() && stop_at.getNumOccurrences() == 0) {
      errs() << "mauirun simulate: --show needs --stop-at SECOND: the second of the trace to look at\n";
      return kRunInputError;
    }
    return nodes_in_range("simulate") ? simulate_command(simulate_options()) : kRunInputError;
  }
  if (compare_sub) return nodes_in_range("compare") ? compare_command(compare_options()) : kRunInputError;
  if (report_sub) return nodes_in_range("report") ? report_command(report_options()) : kRunInputError;
  if (sweep_sub) return sweep_usable() ? sweep_command(sweep_options()) : kRunInputError;
  if (trace_sub) {
    if (trace_action != "convert") {
      errs() << "mauirun trace: expected the action 'convert', got '" << trace_action << "'\n";
      return kRunInputError;
    }
    return convert_command(trace, convert_out);
  }
  errs()
      << "mauirun: expected a subcommand: priority, fairshare, eligible, schedule, simulate, compare, report, sweep, "
         "trace or serve (see mauirun --help)\n";
  return kRunInputError;
}
