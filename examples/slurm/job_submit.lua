--[[
job_submit.lua for Slurm 22.05 (JobSubmitPlugins=lua) in front of `mauirun serve`.

Why: the outside scheduler decides which job starts where; Slurm must never start a job by
itself, and no user may get around the scheduler.
  * slurm_job_submit: every new job is held: priority 0 (what `sbatch -H` / `scontrol hold`
    set). SchedulerType=sched/builtin never starts a job of priority 0. The scheduler starts
    a job with `scontrol update JobId=N ReqNodeList=...` then `scontrol release N`.
  * slurm_job_modify: any change of the priority (release, hold, uhold, priority=N) by a
    uid other than the scheduler's is refused with a message the user sees. Without this,
    the job's owner could `scontrol release` it and Slurm would start it at once.
    Other updates (time limit, name, ...) are Slurm's usual business; the scheduler's own
    updates (ReqNodeList, ExcNodeList, NumNodes, priority, hold, release) all pass.

The scheduler's uid: the number in the file `job_submit.scheduler_uid` beside this script
(slurm.conf's directory), else SCHEDULER_UID_DEFAULT below. root (0) in the tests. Slurm
loads the script again whenever its modification time changes, so a change of uid file takes
effect on the next `touch job_submit.lua` (or scontrol reconfigure).

What users see (measured on Slurm 22.05.8, tests/slurm/NOTES.md):
  $ scontrol release 12
  mauirun: job 12 waits for the scheduler (mauirun); only uid 0 may hold, release or change its priority
  Access/permission denied for job 12
  (exit code 1)
--]]

local SCHEDULER_UID_DEFAULT = 0

local function read_scheduler_uid()
  local src = debug.getinfo(1, "S").source or ""
  local dir = src:match("^@(.*/)[^/]*$")
  if dir then
    local f = io.open(dir .. "job_submit.scheduler_uid", "r")
    if f then
      local n = tonumber((f:read("*l") or ""):match("^%s*(%d+)%s*$"))
      f:close()
      if n then return n end
      slurm.log_error("job_submit.lua: %sjob_submit.scheduler_uid is not a uid, using %d",
                      dir, SCHEDULER_UID_DEFAULT)
    end
  end
  return SCHEDULER_UID_DEFAULT
end

local SCHEDULER_UID = read_scheduler_uid()

-- A priority in an update request: nil / NO_VAL mean "not changed".
local function sets_priority(p)
  return p ~= nil and p ~= slurm.NO_VAL
end

function slurm_job_submit(job_desc, part_list, submit_uid)
  -- Held for the outside scheduler, whoever submits (the scheduler's uid too).
  job_desc.priority = 0
  return slurm.SUCCESS
end

function slurm_job_modify(job_desc, job_rec, part_list, modify_uid)
  if modify_uid == SCHEDULER_UID then
    return slurm.SUCCESS
  end
  if sets_priority(job_desc.priority) then
    local id = job_rec and job_rec.job_id or "?"
    slurm.log_info("job_submit.lua: uid %d may not change the priority/hold of job %s",
                   modify_uid, tostring(id))
    slurm.log_user(string.format(
      "mauirun: job %s waits for the scheduler (mauirun); only uid %d may hold, release or change its priority",
      tostring(id), SCHEDULER_UID))
    return slurm.ESLURM_ACCESS_DENIED
  end
  return slurm.SUCCESS
end

slurm.log_info("job_submit.lua: loaded, scheduler uid %d", SCHEDULER_UID)
return slurm.SUCCESS
