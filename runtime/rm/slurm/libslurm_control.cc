#include "runtime/rm/slurm/libslurm_control.h"

#include <grp.h>
#include <pwd.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <ctime>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "runtime/rm/slurm/slurm_snapshot.h"

// Slurm's headers are C.
extern "C" {
#include <slurm/slurm.h>
#include <slurm/slurm_errno.h>
}

#if SLURM_VERSION_NUMBER < SLURM_VERSION_NUM(22, 5, 0) || SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(22, 6, 0)
#warning "the Slurm adapter is written and tested for Slurm 22.05: check docs/slurm.md before using another release"
#endif

namespace maui::runtime::slurm {

namespace {

std::string text(const char* s) { return s ? std::string(s) : std::string(); }

std::string last_error(const char* what) {
  const int e = slurm_get_errno();
  return fmt::format("{}: {} (Slurm error {})", what, slurm_strerror(e), e);
}

// "n[1-3],gpu01" -> n1 n2 n3 gpu01.
std::vector<std::string> expand(const char* list) {
  std::vector<std::string> out;
  if (!list || !*list) return out;
  hostlist_t hl = slurm_hostlist_create(list);
  if (!hl) return out;
  while (char* host = slurm_hostlist_shift(hl)) {
    out.emplace_back(host);
    std::free(host);
  }
  slurm_hostlist_destroy(hl);
  return out;
}

JobStateName base_state(std::uint32_t s) {
  switch (s & JOB_STATE_BASE) {
    case JOB_PENDING: return JobStateName::Pending;
    case JOB_RUNNING: return JobStateName::Running;
    case JOB_SUSPENDED: return JobStateName::Suspended;
    case JOB_COMPLETE: return JobStateName::Completed;
    case JOB_CANCELLED: return JobStateName::Cancelled;
    case JOB_FAILED: return JobStateName::Failed;
    case JOB_TIMEOUT: return JobStateName::Timeout;
    case JOB_NODE_FAIL: return JobStateName::NodeFail;
    case JOB_PREEMPTED: return JobStateName::Preempted;
    case JOB_BOOT_FAIL: return JobStateName::BootFail;
    case JOB_DEADLINE: return JobStateName::Deadline;
    case JOB_OOM: return JobStateName::OutOfMemory;
    default: return JobStateName::Unknown;
  }
}

// The names Slurm's commands show for the reasons the adapter reads (slurm.h, enum
// job_state_reason); another reason keeps its number.
std::string reason_name(std::uint16_t r) {
  switch (r) {
    case WAIT_NO_REASON: return "None";
    case WAIT_PRIORITY: return "Priority";
    case WAIT_DEPENDENCY: return "Dependency";
    case WAIT_RESOURCES: return "Resources";
    case WAIT_PART_NODE_LIMIT: return "PartitionNodeLimit";
    case WAIT_PART_TIME_LIMIT: return "PartitionTimeLimit";
    case WAIT_PART_DOWN: return "PartitionDown";
    case WAIT_PART_INACTIVE: return "PartitionInactive";
    case WAIT_HELD: return "JobHeldAdmin";
    case WAIT_TIME: return "BeginTime";
    case WAIT_NODE_NOT_AVAIL: return "ReqNodeNotAvail";
    case WAIT_HELD_USER: return "JobHeldUser";
    case FAIL_BAD_CONSTRAINTS: return "BadConstraints";
    case FAIL_LAUNCH: return "JobLaunchFailure";
    case FAIL_EXIT_CODE: return "NonZeroExitCode";
    case FAIL_TIMEOUT: return "TimeLimit";
    case FAIL_ACCOUNT: return "InvalidAccount";
    case FAIL_QOS: return "InvalidQOS";
    case WAIT_DEP_INVALID: return "DependencyNeverSatisfied";
    default: return fmt::format("reason{}", r);
  }
}

NodeStateName node_base(std::uint32_t s) {
  switch (s & NODE_STATE_BASE) {
    case NODE_STATE_DOWN: return NodeStateName::Down;
    case NODE_STATE_IDLE: return NodeStateName::Idle;
    case NODE_STATE_ALLOCATED: return NodeStateName::Allocated;
    case NODE_STATE_MIXED: return NodeStateName::Mixed;
    case NODE_STATE_FUTURE: return NodeStateName::Future;
    default: return NodeStateName::Unknown;
  }
}

}  // namespace

LibSlurmControl::LibSlurmControl() {
  // libslurm cuts an array's task list to 64 characters ("1,3,5,...") unless SLURM_BITSTR_LEN
  // says otherwise (xlate_array_task_str, read once per process); 0 gives the whole list, which
  // the adapter needs to know every pending task.
  ::setenv("SLURM_BITSTR_LEN", "0", 1);
  slurm_init(nullptr);
}
LibSlurmControl::~LibSlurmControl() {
  if (prefetched_jobs_) slurm_free_job_info_msg(prefetched_jobs_);
  slurm_fini();
}

std::string LibSlurmControl::version() {
  return fmt::format("{}.{:02}.{}", SLURM_VERSION_MAJOR(SLURM_VERSION_NUMBER),
                     SLURM_VERSION_MINOR(SLURM_VERSION_NUMBER), SLURM_VERSION_MICRO(SLURM_VERSION_NUMBER));
}

const std::string& LibSlurmControl::user_name(std::uint32_t uid) {
  auto [it, fresh] = users_.try_emplace(uid);
  if (fresh) {
    passwd pw{}, *found = nullptr;
    std::vector<char> buffer(16384);
    if (getpwuid_r(uid, &pw, buffer.data(), buffer.size(), &found) == 0 && found)
      it->second = pw.pw_name;
    else
      it->second = std::to_string(uid);  // a uid without a name is known by its number
  }
  return it->second;
}

const std::string& LibSlurmControl::group_name(std::uint32_t gid) {
  auto [it, fresh] = groups_.try_emplace(gid);
  if (fresh) {
    group gr{}, *found = nullptr;
    std::vector<char> buffer(16384);
    if (getgrgid_r(gid, &gr, buffer.data(), buffer.size(), &found) == 0 && found)
      it->second = gr.gr_name;
    else
      it->second = std::to_string(gid);
  }
  return it->second;
}

RmStatus LibSlurmControl::read(Reading& out) {
  // The time before asking: what Slurm shows was so at least since then (a job it shows running
  // ran then), so that usage accrued up to it is never usage of a job that ended meanwhile.
  Epoch asked = std::time(nullptr);
  job_info_msg_t* jobs = std::exchange(prefetched_jobs_, nullptr);
  if (jobs)
    asked = prefetched_at_;
  else if (slurm_load_jobs(0, &jobs, SHOW_ALL | SHOW_DETAIL) != SLURM_SUCCESS)
    return RmStatus::failure(last_error("reading jobs"));
  node_info_msg_t* nodes = nullptr;
  if (slurm_load_node(0, &nodes, SHOW_ALL) != SLURM_SUCCESS) {
    slurm_free_job_info_msg(jobs);
    return RmStatus::failure(last_error("reading nodes"));
  }
  // A node's partitions: from the partitions' node lists (the node records leave them out).
  std::map<std::string, std::vector<std::string>, std::less<>> partitions_of;
  partition_info_msg_t* parts = nullptr;
  if (slurm_load_partitions(0, &parts, SHOW_ALL) != SLURM_SUCCESS) {
    slurm_free_job_info_msg(jobs);
    slurm_free_node_info_msg(nodes);
    return RmStatus::failure(last_error("reading partitions"));
  }
  for (std::uint32_t i = 0; i < parts->record_count; ++i) {
    const partition_info_t& p = parts->partition_array[i];
    if (!p.name) continue;
    for (auto& node : expand(p.nodes)) partitions_of[node].push_back(p.name);
  }
  slurm_free_partition_info_msg(parts);
  // Slurm's reservations, each turn: a job must not go into a maintenance window.
  reserve_info_msg_t* resvs = nullptr;
  if (slurm_load_reservations(0, &resvs) != SLURM_SUCCESS) {
    slurm_free_job_info_msg(jobs);
    slurm_free_node_info_msg(nodes);
    return RmStatus::failure(last_error("reading reservations"));
  }
  out.reservations.clear();
  for (std::uint32_t i = 0; i < resvs->record_count; ++i) {
    const reserve_info_t& v = resvs->reservation_array[i];
    if (!v.name) continue;
    ReservationRecord r;
    r.name = v.name;
    r.start = v.start_time;
    r.end = v.end_time;
    if (v.node_list && std::string_view(v.node_list) == "ALL") {
      for (std::uint32_t k = 0; k < nodes->record_count; ++k)
        if (nodes->node_array[k].name) r.nodes.emplace_back(nodes->node_array[k].name);
    } else {
      r.nodes = expand(v.node_list);
    }
    r.users = text(v.users);
    r.groups = text(v.groups);
    r.accounts = text(v.accounts);
    r.magnetic = (v.flags & RESERVE_FLAG_MAGNETIC) != 0;
    out.reservations.push_back(std::move(r));
  }
  reservations_updated_ = resvs->last_update;
  slurm_free_reservation_info_msg(resvs);
  out.now = asked;
  out.jobs.clear();
  out.nodes.clear();
  out.jobs.reserve(jobs->record_count);
  for (std::uint32_t i = 0; i < jobs->record_count; ++i) {
    const slurm_job_info_t& j = jobs->job_array[i];
    JobRecord r;
    r.id = j.job_id;
    r.array_job_id = j.array_job_id;
    if (j.array_job_id != 0 && j.array_task_id != NO_VAL) r.array_task = j.array_task_id;
    r.array_tasks = text(j.array_task_str);
    r.array_max_tasks = j.array_max_tasks;
    r.name = text(j.name);
    r.uid = j.user_id;
    r.gid = j.group_id;
    r.user = j.user_name && *j.user_name ? std::string(j.user_name) : user_name(j.user_id);
    r.group = group_name(j.group_id);
    r.account = text(j.account);
    r.partition = text(j.partition);
    r.qos = text(j.qos);
    r.state = base_state(j.job_state);
    r.completing = (j.job_state & JOB_COMPLETING) != 0;
    r.requeuing = (j.job_state & JOB_REQUEUE) != 0;
    r.reason = reason_name(j.state_reason);
    r.priority = j.priority;
    if (j.nice != NO_VAL) r.nice = static_cast<std::int64_t>(j.nice) - static_cast<std::int64_t>(NICE_OFFSET);
    r.cpus = j.num_cpus;
    r.min_nodes = j.num_nodes;
    // `-N 2` asks for exactly two nodes (minimum = maximum); `-N 1-3` and `-n` alone leave the
    // count to the scheduler.
    r.node_count_asked = j.max_nodes != 0 && j.max_nodes != NO_VAL && j.max_nodes == j.num_nodes;
    r.max_nodes = j.max_nodes == NO_VAL ? 0 : j.max_nodes;
    r.tasks = j.num_tasks == NO_VAL ? 0 : j.num_tasks;
    r.cpus_per_task = j.cpus_per_task == NO_VAL16 || j.cpus_per_task == 0 ? 1 : j.cpus_per_task;
    r.tasks_per_node = j.ntasks_per_node == NO_VAL16 || j.ntasks_per_node == INFINITE16 ? 0 : j.ntasks_per_node;
    if (j.pn_min_memory != NO_VAL64 && j.pn_min_memory != 0) {
      if (j.pn_min_memory & MEM_PER_CPU)
        r.memory_per_cpu_mb = j.pn_min_memory & ~MEM_PER_CPU;
      else
        r.memory_per_node_mb = j.pn_min_memory;
    }
    if (j.time_limit != INFINITE && j.time_limit != NO_VAL) r.time_limit_minutes = j.time_limit;
    r.submit = j.submit_time;
    r.eligible = j.eligible_time;
    r.deadline = j.deadline;
    if (j.time_min != INFINITE && j.time_min != NO_VAL) r.time_min_minutes = j.time_min;
    r.start = j.start_time;
    r.end = j.end_time;
    r.dependency = text(j.dependency);
    if (r.state == JobStateName::Running || r.state == JobStateName::Suspended || r.completing)
      for (auto& node : expand(j.nodes)) {
        const int cpus = j.job_resrcs ? slurm_job_cpus_allocated_on_node(j.job_resrcs, node.c_str()) : -1;
        r.allocation.emplace_back(std::move(node), cpus > 0 ? static_cast<std::uint32_t>(cpus) : 0);
      }
    r.required_nodes = text(j.req_nodes);
    r.excluded_nodes = text(j.exc_nodes);
    r.constraint = text(j.features);
    r.contiguous = j.contiguous == 1;
    r.exclusive = j.shared == JOB_SHARED_NONE;  // --exclusive (whole_node); NO_VAL16 when not said
    r.tres_per_node = text(j.tres_per_node);
    r.tres_per_job_or_task = text(j.tres_per_job) + text(j.tres_per_task);
    r.reservation = text(j.resv_name);
    r.admin_comment = text(j.admin_comment);
    r.requeue_allowed = j.requeue != 0;
    r.restarts = j.restart_cnt;
    out.jobs.push_back(std::move(r));
  }
  out.nodes.reserve(nodes->record_count);
  for (std::uint32_t i = 0; i < nodes->record_count; ++i) {
    const node_info_t& n = nodes->node_array[i];
    if (!n.name) continue;  // a slot of a future dynamic node
    NodeRecord r;
    r.name = n.name;
    r.cpus = n.cpus_efctv > 0 ? n.cpus_efctv : n.cpus;
    r.real_memory_mb = n.real_memory;
    r.tmp_disk_mb = n.tmp_disk;
    r.features = names_of_list(text(n.features_act ? n.features_act : n.features));
    r.gres = text(n.gres);
    r.state = node_base(n.node_state);
    r.drain = (n.node_state & NODE_STATE_DRAIN) != 0;
    r.not_responding = (n.node_state & NODE_STATE_NO_RESPOND) != 0;
    r.completing = (n.node_state & NODE_STATE_COMPLETING) != 0;
    r.failing = (n.node_state & NODE_STATE_FAIL) != 0;
    r.powered_down = (n.node_state & (NODE_STATE_POWERED_DOWN | NODE_STATE_POWERING_DOWN)) != 0;
    r.maintenance = (n.node_state & NODE_STATE_MAINT) != 0;
    r.reason = text(n.reason);
    if (auto it = partitions_of.find(r.name); it != partitions_of.end()) r.partitions = it->second;
    out.nodes.push_back(std::move(r));
  }
  jobs_updated_ = jobs->last_update;
  nodes_updated_ = nodes->last_update;
  slurm_free_job_info_msg(jobs);
  slurm_free_node_info_msg(nodes);
  return {};
}

bool LibSlurmControl::changed() {
  if (jobs_updated_ == 0 || prefetched_jobs_) return true;
  // Slurm answers SLURM_NO_CHANGE_IN_DATA, without the records, when nothing changed since;
  // else it sends them all, and the read that follows takes them (prefetched_jobs_).
  const Epoch asked = std::time(nullptr);
  job_info_msg_t* jobs = nullptr;
  if (slurm_load_jobs(static_cast<time_t>(jobs_updated_), &jobs, SHOW_ALL | SHOW_DETAIL) == SLURM_SUCCESS) {
    prefetched_jobs_ = jobs;
    prefetched_at_ = asked;
    return true;
  }
  if (slurm_get_errno() != SLURM_NO_CHANGE_IN_DATA) return true;
  node_info_msg_t* nodes = nullptr;
  if (slurm_load_node(static_cast<time_t>(nodes_updated_), &nodes, SHOW_ALL) == SLURM_SUCCESS) {
    slurm_free_node_info_msg(nodes);
    return true;
  }
  if (slurm_get_errno() != SLURM_NO_CHANGE_IN_DATA) return true;
  reserve_info_msg_t* resvs = nullptr;
  if (slurm_load_reservations(static_cast<time_t>(reservations_updated_), &resvs) == SLURM_SUCCESS) {
    slurm_free_reservation_info_msg(resvs);
    return true;
  }
  return slurm_get_errno() != SLURM_NO_CHANGE_IN_DATA;
}

RmStatus LibSlurmControl::update(const JobUpdate& u) {
  job_desc_msg_t desc;
  slurm_init_job_desc_msg(&desc);
  desc.job_id = u.id;
  // Slurm's descriptor takes char*: the strings below outlive the call.
  std::string required = u.required_nodes.value_or(""), excluded = u.excluded_nodes.value_or(""),
              comment = u.admin_comment.value_or(""), partition = u.partition.value_or("");
  if (u.required_nodes) desc.req_nodes = required.data();
  if (u.excluded_nodes) desc.exc_nodes = excluded.data();
  if (u.min_nodes) desc.min_nodes = *u.min_nodes;
  if (u.max_nodes) desc.max_nodes = *u.max_nodes;
  if (u.priority) desc.priority = *u.priority;
  if (u.admin_comment) desc.admin_comment = comment.data();
  if (u.partition) desc.partition = partition.data();
  if (u.begin) desc.begin_time = static_cast<time_t>(*u.begin);
  if (!u.task) {
    if (slurm_update_job(&desc) != SLURM_SUCCESS)
      return RmStatus::failure(last_error(fmt::format("job {}", u.id).c_str()));
    return {};
  }
  // A task by its array's id and its task id: the answer has a code per task.
  std::string id = fmt::format("{}_{}", u.id, *u.task);
  desc.job_id = NO_VAL;
  desc.job_id_str = id.data();
  job_array_resp_msg_t* answer = nullptr;
  if (slurm_update_job2(&desc, &answer) != SLURM_SUCCESS) {
    if (answer) slurm_free_job_array_resp(answer);
    return RmStatus::failure(last_error(fmt::format("job {}", id).c_str()));
  }
  RmStatus st;
  for (std::uint32_t i = 0; answer && i < answer->job_array_count; ++i)
    if (answer->error_code[i] != SLURM_SUCCESS && st.ok)
      st = RmStatus::failure(
          fmt::format("job {}: {} (Slurm error {})", id, slurm_strerror(answer->error_code[i]), answer->error_code[i]));
  if (answer) slurm_free_job_array_resp(answer);
  return st;
}

RmStatus LibSlurmControl::cancel(std::uint32_t id, std::optional<std::uint32_t> task) {
  if (!task) {
    if (slurm_kill_job(id, SIGKILL, 0) != SLURM_SUCCESS)
      return RmStatus::failure(last_error(fmt::format("cancelling job {}", id).c_str()));
    return {};
  }
  const std::string name = fmt::format("{}_{}", id, *task);
  if (slurm_kill_job2(name.c_str(), SIGKILL, 0, nullptr) != SLURM_SUCCESS)
    return RmStatus::failure(last_error(fmt::format("cancelling job {}", name).c_str()));
  return {};
}

RmStatus LibSlurmControl::requeue_held(std::uint32_t id) {
  if (slurm_requeue(id, JOB_REQUEUE_HOLD) != SLURM_SUCCESS)
    return RmStatus::failure(last_error(fmt::format("requeueing job {}", id).c_str()));
  return {};
}

RmStatus LibSlurmControl::identity(ClusterIdentity& out) {
  // slurmctld's own configuration, not the local slurm.conf: the cluster that answers.
  slurm_conf_t* conf = nullptr;
  if (slurm_load_ctl_conf(0, &conf) != SLURM_SUCCESS)
    return RmStatus::failure(last_error("reading Slurm's configuration"));
  out.name = text(conf->cluster_name);
  const std::string host = conf->control_cnt > 0 && conf->control_machine ? text(conf->control_machine[0]) : "";
  out.controller = fmt::format("{}:{}", host, conf->slurmctld_port);
  slurm_free_ctl_conf(conf);
  return {};
}

}  // namespace maui::runtime::slurm
