#include "runtime/rm/slurm/slurm_dependencies.h"

#include <algorithm>
#include <cctype>
#include <unordered_set>

#include <fmt/format.h>

#include "runtime/rm/slurm/slurm_snapshot.h"

namespace maui::runtime::slurm {

DependencyIndex::DependencyIndex(const std::vector<JobRecord>& jobs) {
  for (const auto& r : jobs) {
    by_id_.emplace(r.id, &r);
    if (r.array_job_id != 0) by_array_[r.array_job_id].push_back(&r);
    by_name_[{r.uid, r.name}].push_back(&r);
  }
}

const JobRecord* DependencyIndex::job(std::uint32_t id) const {
  auto it = by_id_.find(id);
  return it == by_id_.end() ? nullptr : it->second;
}

const std::vector<const JobRecord*>* DependencyIndex::array(std::uint32_t array_job_id) const {
  auto it = by_array_.find(array_job_id);
  return it == by_array_.end() ? nullptr : &it->second;
}

const std::vector<const JobRecord*>* DependencyIndex::named(std::uint32_t uid, const std::string& name) const {
  auto it = by_name_.find({uid, name});
  return it == by_name_.end() ? nullptr : &it->second;
}

namespace {

bool digits(std::string_view s) {
  return !s.empty() && s.size() <= 10 &&
         std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

std::uint32_t to_number(std::string_view s) {
  std::uint64_t v = 0;
  for (char c : s) v = v * 10 + static_cast<std::uint64_t>(c - '0');
  return v > 0xffffffffu ? 0 : static_cast<std::uint32_t>(v);
}

bool waiting(const JobRecord& r) { return r.state == JobStateName::Pending; }
bool active(const JobRecord& r) { return r.state == JobStateName::Running || r.state == JobStateName::Suspended; }
bool ended_ok(const JobRecord& r) { return r.state == JobStateName::Completed; }

// One job (or array task, or an array record's pending tasks) a term names, under the engine's ids.
struct Named {
  const JobRecord* record;
  std::vector<std::string> ids;
};

std::vector<std::string> engine_ids(const JobRecord& r, std::optional<std::uint32_t> only_task = std::nullopt) {
  if (r.array_job_id != 0 && !r.array_task && r.state == JobStateName::Pending) {
    std::string error;
    std::vector<std::string> out;
    for (auto t : array_task_ids(r.array_tasks, error))
      if (!only_task || t == *only_task) out.push_back(task_key(r.array_job_id, t));
    return out;
  }
  return {job_key(r)};
}

// What "12", "12_3", "12_*" name in the reading; empty: gone (Slurm lifts such a dependency).
std::vector<Named> named_jobs(std::string_view id, const DependencyIndex& index) {
  std::vector<Named> out;
  const std::size_t underscore = id.find('_');
  const std::string_view job = id.substr(0, underscore);
  if (!digits(job)) return out;
  const std::uint32_t n = to_number(job);
  if (underscore != std::string_view::npos && id.substr(underscore + 1) != "*") {
    const std::string_view task_text = id.substr(underscore + 1);
    if (!digits(task_text)) return out;
    const std::uint32_t task = to_number(task_text);
    if (const auto* records = index.array(n))
      for (const JobRecord* r : *records) {
        if (r->array_task == task) return {{r, {job_key(*r)}}};
        if (!r->array_task) {
          auto ids = engine_ids(*r, task);
          if (!ids.empty()) return {{r, std::move(ids)}};
        }
      }
    return out;
  }
  // An array's id names the whole array (Slurm: 12 and 12_* alike), any other a job.
  if (const auto* records = index.array(n)) {
    for (const JobRecord* r : *records) out.push_back({r, engine_ids(*r)});
    return out;
  }
  if (const JobRecord* r = index.job(n)) out.push_back({r, engine_ids(*r)});
  return out;
}

struct TermStanding {
  bool never = false;
  std::string why;
  std::vector<std::string> waiting_for;
  bool unmapped = false;
  bool met() const { return !never && waiting_for.empty(); }
};

void wait_for(TermStanding& t, const Named& n) {
  t.waiting_for.insert(t.waiting_for.end(), n.ids.begin(), n.ids.end());
}

TermStanding judge_term(std::string_view type, std::string_view id, std::optional<std::uint32_t> task,
                        const DependencyIndex& index, Epoch now) {
  TermStanding t;
  if (type != "after" && type != "afterany" && type != "afterok" && type != "aftercorr" && type != "afternotok") {
    t.never = t.unmapped = true;
    t.why = fmt::format("the Slurm dependency '{}' is not mapped (docs/slurm.md)", type);
    return t;
  }
  Seconds after_minutes = 0;
  if (const std::size_t plus = id.find('+'); plus != std::string_view::npos) {
    if (digits(id.substr(plus + 1))) after_minutes = to_number(id.substr(plus + 1));
    id = id.substr(0, plus);
  }
  std::vector<Named> jobs;
  if (type == "aftercorr" && task) jobs = named_jobs(fmt::format("{}_{}", id, *task), index);
  if (jobs.empty()) jobs = named_jobs(id, index);
  for (const auto& n : jobs) {
    const JobRecord& r = *n.record;
    if (type == "after") {
      if (waiting(r) || (active(r) && after_minutes > 0 && now - r.start < after_minutes * 60)) wait_for(t, n);
    } else if (type == "afterany") {
      if (waiting(r) || active(r)) wait_for(t, n);
    } else if (type == "afterok" || type == "aftercorr") {
      if (waiting(r) || active(r))
        wait_for(t, n);
      else if (!ended_ok(r) && !t.never)
        t.never = true, t.why = fmt::format("{}:{}: job {} ended {}", type, id, job_key(r), to_string(r.state));
    } else if (waiting(r) || active(r)) {  // afternotok
      wait_for(t, n);
    }
  }
  if (type == "afternotok" && t.waiting_for.empty() && !jobs.empty() &&
      std::all_of(jobs.begin(), jobs.end(), [](const Named& n) { return ended_ok(*n.record); })) {
    t.never = true;
    t.why = fmt::format("afternotok:{}: it completed", id);
  }
  return t;
}

// singleton: Slurm waits while another job of the same user and name runs, or waits with a
// lower job id (_find_singleton_job).
TermStanding judge_singleton(const JobRecord& job, const DependencyIndex& index) {
  TermStanding t;
  if (const auto* same = index.named(job.uid, job.name))
    for (const JobRecord* r : *same) {
      if (r == &job) continue;
      if (active(*r) || (waiting(*r) && r->id < job.id)) {
        auto ids = engine_ids(*r);
        t.waiting_for.insert(t.waiting_for.end(), ids.begin(), ids.end());
      }
    }
  return t;
}

}  // namespace

DependencyStanding judge_dependencies(const JobRecord& job, std::optional<std::uint32_t> task,
                                      const DependencyIndex& index, Epoch now) {
  DependencyStanding out;
  const std::string_view text = job.dependency;
  if (text.empty() || text == "(null)") return out;
  // All terms must hold (','), or any one of them ('?'): Slurm takes one kind in a list.
  const bool any = text.find('?') != std::string_view::npos;
  std::vector<TermStanding> terms;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find_first_of(",?", at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view term = text.substr(at, end - at);
    at = end + 1;
    const bool failed = term.find("(failed)") != std::string_view::npos;
    term = term.substr(0, term.find('('));
    if (term.empty()) continue;
    if (failed) {  // Slurm's own judgement, when it made one
      terms.push_back({true, fmt::format("{}: Slurm says it failed", term), {}});
      continue;
    }
    const std::size_t colon = term.find(':');
    const std::string_view type = term.substr(0, colon);
    if (type == "singleton") {
      terms.push_back(judge_singleton(job, index));
      continue;
    }
    if (colon == std::string_view::npos) {
      terms.push_back({true, fmt::format("the Slurm dependency '{}' is not mapped (docs/slurm.md)", term), {}, true});
      continue;
    }
    // TYPE:ID[:ID...]: each ID a dependency of its own.
    std::string_view ids = term.substr(colon + 1);
    while (!ids.empty()) {
      const std::size_t next = ids.find(':');
      terms.push_back(judge_term(type, ids.substr(0, next), task, index, now));
      if (next == std::string_view::npos) break;
      ids = ids.substr(next + 1);
    }
  }
  if (terms.empty()) return out;
  const auto never = [](const TermStanding& t) { return t.never; };
  if (any ? std::all_of(terms.begin(), terms.end(), never) : std::any_of(terms.begin(), terms.end(), never)) {
    for (const auto& t : terms)
      if (t.never) {
        out.never = t.why;
        break;
      }
    out.slurm_agrees = std::none_of(terms.begin(), terms.end(), [](const TermStanding& t) { return t.unmapped; });
    return out;
  }
  if (any && std::any_of(terms.begin(), terms.end(), [](const TermStanding& t) { return t.met(); })) return out;
  // Each id once, in the order met: a set, not a search of the list, as a dependency on an array
  // waits for each of its tasks (found by fuzzing: a 600-task array cost seconds a turn).
  std::unordered_set<std::string_view> seen;
  for (const auto& t : terms)
    if (!t.never)
      for (const auto& id : t.waiting_for)
        if (seen.insert(id).second) out.waiting_for.push_back(id);
  return out;
}

}  // namespace maui::runtime::slurm
