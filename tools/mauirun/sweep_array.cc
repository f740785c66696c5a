// mauirun sweep --slurm-array DIR / --merge DIR: the sweep's runs as a Slurm job array on the
// site's own cluster (each task one `mauirun simulate --format json`), and their merge into the
// ranking the local sweep prints, byte for byte (docs/sweep.md).
#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "tools/mauirun/output_file.h"
#include "tools/mauirun/sweep.h"

namespace maui::tools {

namespace json = llvm::json;

namespace {

std::string absolute(const std::string& path) {
  llvm::SmallString<256> p(path);
  (void)llvm::sys::fs::make_absolute(p);
  llvm::sys::path::remove_dots(p, true);
  return std::string(p);
}

// A word for bash, in single quotes: any path is safe in the scripts.
std::string quoted(std::string_view s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

bool make_dir(const std::string& path) {
  if (::mkdir(path.c_str(), 0755) == 0 || errno == EEXIST) return true;
  llvm::errs() << "mauirun sweep: cannot create '" << path << "': " << std::strerror(errno) << "\n";
  return false;
}

// The last line a failed task wrote on standard error, which says why.
std::string last_line(const std::string& text) {
  std::string_view s = text;
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.remove_suffix(1);
  const std::size_t nl = s.rfind('\n');
  return std::string(nl == std::string_view::npos ? s : s.substr(nl + 1));
}

std::string simulate_arguments(const SweepOptions& o, const std::string& trace) {
  std::string args = fmt::format("--trace {} --format json --by {}", quoted(trace), runtime::to_string(o.by));
  if (o.nodes) args += fmt::format(" --nodes {}", o.nodes);
  if (o.procs_per_node) args += fmt::format(" --procs-per-node {}", o.procs_per_node);
  return args;
}

}  // namespace

int write_sweep_array(const SweepPlan& plan, const SweepOptions& o) {
  // A task reads its config alone, from DIR: a BASE that includes other files would find them
  // relative to DIR, not to itself.
  if (plan.base->sources.buffer_count() > 1) {
    llvm::errs() << "mauirun sweep: --slurm-array: " << o.config
                 << " includes other files; give a config with everything in one file\n";
    return kRunInputError;
  }
  const std::string dir = absolute(o.slurm_array);
  const std::string self = llvm::sys::fs::getMainExecutable(nullptr, reinterpret_cast<void*>(&write_sweep_array));
  // An earlier sweep's results there would count as this one's tasks done ("done already"): a
  // ranking of other candidates under these names.
  if (llvm::sys::fs::exists(dir + "/manifest.json") || llvm::sys::fs::exists(dir + "/results")) {
    llvm::errs() << "mauirun sweep: --slurm-array " << o.slurm_array
                 << ": holds a sweep already (manifest.json or results/); give a new directory, or remove it\n";
    return kRunInputError;
  }
  for (const auto& d : {dir, dir + "/candidates", dir + "/results", dir + "/logs"})
    if (!make_dir(d)) return kRunInputError;
  const std::size_t n = plan.candidates.size();  // tasks 0..n-1 the candidates, task n BASE
  bool ok = write_output_file(dir + "/candidates/base.cfg", plan.base_text);
  json::Array candidates;
  for (const auto& c : plan.candidates) {
    ok = ok && write_output_file(fmt::format("{}/candidates/{}.cfg", dir, c.index),
                                 runtime::candidate_text(plan.base_text, c));
    json::Array settings;  // pairs, in the order the --vary options came
    for (const auto& [name, value] : c.settings) settings.push_back(json::Array{name, value});
    candidates.push_back(
        json::Object{{"index", static_cast<std::int64_t>(c.index)}, {"settings", std::move(settings)}});
  }
  const json::Object manifest{{"version", 1},
                              {"base_config", o.config},
                              {"trace", o.trace},
                              {"by", std::string(runtime::to_string(o.by))},
                              {"rank_by", o.rank_by},
                              {"tasks", static_cast<std::int64_t>(n + 1)},
                              {"candidates", std::move(candidates)}};
  std::string manifest_text;
  llvm::raw_string_ostream(manifest_text) << llvm::formatv("{0:2}", json::Value(json::Object(manifest))) << "\n";
  ok = ok && write_output_file(dir + "/manifest.json", manifest_text);

  const std::string limit = o.array_limit ? fmt::format("%{}", o.array_limit) : "";
  const std::string task_script = fmt::format(
      R"(#!/bin/bash
# mauirun sweep's job array: each task replays one candidate (task {n}: BASE) with
# `mauirun simulate --format json` into results/TASK.json. A task whose result is there already
# is skipped, so that this script can be submitted again after a failure.
#SBATCH --job-name=mauirun-sweep
#SBATCH --array=0-{n}{limit}
#SBATCH --ntasks=1
#SBATCH --output={dir}/logs/%a.out
set -u
dir={qdir}
task=${{SLURM_ARRAY_TASK_ID:?run by sbatch --array (or SLURM_ARRAY_TASK_ID=K bash array.sh)}}
if [ "$task" = {n} ]; then config=$dir/candidates/base.cfg; else config=$dir/candidates/$task.cfg; fi
out=$dir/results/$task.json
if [ -s "$out" ]; then echo "task $task: done already"; exit 0; fi
rm -f "$dir/results/$task.failed"
{self} simulate --config "$config" {args} >"$out.part" 2>"$dir/results/$task.err"
status=$?
if [ $status -eq 0 ]; then mv "$out.part" "$out"; else rm -f "$out.part"; echo $status >"$dir/results/$task.failed"; fi
exit $status
)",
      fmt::arg("n", n), fmt::arg("limit", limit), fmt::arg("dir", dir), fmt::arg("qdir", quoted(dir)),
      fmt::arg("self", quoted(self)), fmt::arg("args", simulate_arguments(o, absolute(o.trace))));
  const std::string merge_script = fmt::format(
      R"(#!/bin/bash
# mauirun sweep's merge, once every task of the array has succeeded: the ranking as text
# (ranking.txt), JSON (ranking.json) and HTML (sweep.html).
#SBATCH --job-name=mauirun-sweep-merge
#SBATCH --ntasks=1
#SBATCH --output={dir}/logs/merge.out
set -u
dir={qdir}
{self} sweep --merge "$dir" --html "$dir/sweep.html" >"$dir/ranking.txt"
status=$?
{self} sweep --merge "$dir" --format json >"$dir/ranking.json" || status=$?
exit $status
)",
      fmt::arg("dir", dir), fmt::arg("qdir", quoted(dir)), fmt::arg("self", quoted(self)));
  const std::string submit_script = fmt::format(
      R"(#!/bin/bash
# Submits the sweep's array, then its merge to run when every task has succeeded. A task that
# fails leaves the merge waiting (DependencyNeverSatisfied): `mauirun sweep --merge DIR` names it.
set -eu
dir={qdir}
array=$(sbatch --parsable "$@" "$dir/array.sh")
array=${{array%%;*}}
merge=$(sbatch --parsable "$@" --dependency=afterok:$array "$dir/merge.sh")
echo "array job ${{array}} ({tasks} tasks), merge job ${{merge%%;*}}"
)",
      fmt::arg("qdir", quoted(dir)), fmt::arg("tasks", n + 1));
  ok = ok && write_output_file(dir + "/array.sh", task_script) && write_output_file(dir + "/merge.sh", merge_script) &&
       write_output_file(dir + "/submit.sh", submit_script);
  if (!ok) return kRunInputError;
  for (const char* script : {"/array.sh", "/merge.sh", "/submit.sh"}) ::chmod((dir + script).c_str(), 0755);
  llvm::outs() << fmt::format(
      "mauirun sweep: {} candidates and BASE written to {} as a job array of {} tasks\n"
      "  submit:  bash {}/submit.sh [sbatch options such as --partition=P]\n"
      "  merge:   mauirun sweep --merge {} (the merge job does it when every task has succeeded)\n",
      n, dir, n + 1, dir, dir);
  return kRunOk;
}

int merge_sweep(const SweepOptions& o) {
  const std::string dir = o.merge;
  auto text = read_text(dir + "/manifest.json");
  if (!text) {
    llvm::errs() << "mauirun sweep: --merge " << dir << ": no manifest.json there (written by --slurm-array)\n";
    return kRunInputError;
  }
  auto parsed = json::parse(*text);
  const json::Object* m = parsed ? parsed->getAsObject() : nullptr;
  if (!parsed) llvm::consumeError(parsed.takeError());
  const json::Array* list = m ? m->getArray("candidates") : nullptr;
  const auto base_config = m ? m->getString("base_config") : llvm::None;
  const auto trace = m ? m->getString("trace") : llvm::None;
  const auto by = m ? m->getString("by") : llvm::None;
  const auto rank_by = runtime::rank_by_named(m && m->getString("rank_by") ? m->getString("rank_by")->str() : "");
  if (!list || !base_config || !trace || !by || !rank_by || m->getInteger("version").getValueOr(0) != 1) {
    llvm::errs() << "mauirun sweep: " << dir
                 << "/manifest.json: expected version 1 with base_config, trace, by, rank_by and candidates\n";
    return kRunInputError;
  }
  std::vector<runtime::Candidate> candidates;
  for (const json::Value& v : *list) {
    const json::Object* c = v.getAsObject();
    const auto index = c ? c->getInteger("index") : llvm::None;
    const json::Array* settings = c ? c->getArray("settings") : nullptr;
    runtime::Candidate candidate{candidates.size(), {}};
    for (const json::Value& pair : settings ? *settings : json::Array{}) {
      const json::Array* p = pair.getAsArray();
      const auto name = p && p->size() == 2 ? (*p)[0].getAsString() : llvm::None;
      const auto value = p && p->size() == 2 ? (*p)[1].getAsString() : llvm::None;
      if (!name || !value) {
        settings = nullptr;
        break;
      }
      candidate.settings.emplace_back(name->str(), value->str());
    }
    if (!index || *index != static_cast<std::int64_t>(candidates.size()) || !settings) {
      llvm::errs() << "mauirun sweep: " << dir << "/manifest.json: candidate " << candidates.size()
                   << " is not {\"index\": " << candidates.size() << ", \"settings\": [[NAME, VALUE], ...]}\n";
      return kRunInputError;
    }
    candidates.push_back(std::move(candidate));
  }
  auto result_of = [&](std::size_t task) -> runtime::SweepRun {
    const std::string stem = fmt::format("{}/results/{}", dir, task);
    if (auto out = read_text(stem + ".json")) return {std::move(*out), ""};
    const std::string said = last_line(read_text(stem + ".err").value_or(""));
    if (auto failed = read_text(stem + ".failed"))
      return {"", fmt::format("task {} failed (exit status {}){}{}", task, last_line(*failed), said.empty() ? "" : ": ",
                              said)};
    return {"", fmt::format("task {} has no result yet (not run, or still running)", task)};
  };
  std::vector<runtime::SweepRun> runs;
  for (std::size_t k = 0; k < candidates.size(); ++k) runs.push_back(result_of(k));
  const runtime::SweepInputs in{base_config->str(), trace->str(), by->str(), *rank_by};
  return print_sweep(runtime::rank_sweep(in, candidates, runs, result_of(candidates.size())), o);
}

}  // namespace maui::tools
