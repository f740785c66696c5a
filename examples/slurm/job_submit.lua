--[[
job_submit.lua for Slurm 22.05 (JobSubmitPlugins=lua) in front of `mauirun serve`.

Why: the outside scheduler decides which job starts where; Slurm must never start a job by
itself, and no user may get around the scheduler.
  * slurm_job_submit: every new job is held: priority 0 (what `sbatch -H` / `scontrol hold`
    set). SchedulerType=sched/builtin never starts a job of priority 0. The scheduler starts
    a job with `scontrol update JobId=N ReqNodeList=...` then `scontrol release N`.
  * slurm_job_modify: any change of the priority (release, hold, uhold, priority=N) or of
    the nice value by a uid other than the scheduler's is refused (the user sees "Job is in
    held state, pending scheduler release"). Without this, the job's owner could
    `scontrol release` it, or `scontrol update JobId=N Nice=10` (Slurm then recomputes the
    priority of a held job from 0 to 2: measured), and Slurm would start it by itself.
    A change of a job's dependency holds it again for the scheduler (priority 0).
    Other updates (time limit, name, ...) are Slurm's usual business; the scheduler's own
    updates (ReqNodeList, ExcNodeList, NumNodes, priority, hold, release) all pass.
  * A user hold asked at submission (`sbatch -H`) is marked "mauirun:user_hold" in the
    job's AdminComment (below). The owner cannot release it either (an update by a user
    cannot change AdminComment, even through this script: Slurm refuses it), so the user
    asks the scheduler's side to lift it.

The scheduler's uid: the number in the file `job_submit.scheduler_uid` beside this script
(slurm.conf's directory), else SCHEDULER_UID_DEFAULT below. root (0) in the tests. Slurm
loads the script again whenever its modification time changes, so a change of uid file takes
effect on the next `touch job_submit.lua` (or scontrol reconfigure).

What users see (measured on Slurm 22.05.8, tests/slurm/NOTES.md): slurm.log_user() text
does not reach the user on an update in 22.05, only the error code's text:
  $ scontrol release 12
  Job is in held state, pending scheduler release for job 12
  (exit code 1; the reason is logged in slurmctld's log)
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

-- A value in an update request: nil / NO_VAL mean "not changed".
local function sets(v)
  return v ~= nil and v ~= slurm.NO_VAL
end

-- ESLURM_JOB_HELD from slurm/slurm_errno.h (22.05): its text is what the user sees.
local ESLURM_JOB_HELD = 2042

-- Marks a job its user asked to hold (`sbatch -H`): Slurm shows that hold and ours alike
-- (JobHeldUser, priority 0), so the scheduler reads this mark to tell them apart.
local USER_HOLD_MARK = "mauirun:user_hold"

function slurm_job_submit(job_desc, part_list, submit_uid)
  -- `sbatch -H` (--hold) arrives with priority 0, every other job with NO_VAL: record the
  -- user's wish in AdminComment (users cannot change it; the scheduler clears it with
  -- `scontrol update JobId=N AdminComment=` once the hold is over).
  if job_desc.priority == 0 then
    local c = job_desc.admin_comment
    if c == nil or c == "" then
      job_desc.admin_comment = USER_HOLD_MARK
    else
      job_desc.admin_comment = USER_HOLD_MARK .. " " .. c
    end
  end
  -- Held for the outside scheduler, whoever submits (the scheduler's uid too).
  job_desc.priority = 0
  return slurm.SUCCESS
end

function slurm_job_modify(job_desc, job_rec, part_list, modify_uid)
  if modify_uid == SCHEDULER_UID then
    return slurm.SUCCESS
  end
  if sets(job_desc.priority) or sets(job_desc.nice) then
    local id = job_rec and job_rec.job_id or "?"
    slurm.log_info("job_submit.lua: uid %d may not change the priority, hold or nice of job %s (only uid %d)",
                   modify_uid, tostring(id), SCHEDULER_UID)
    slurm.log_user(string.format(
      "mauirun: job %s waits for the scheduler; only uid %d may hold, release or change its priority or nice",
      tostring(id), SCHEDULER_UID))
    return ESLURM_JOB_HELD
  end
  -- A job whose dependency can never be met is released by the scheduler for Slurm to show
  -- DependencyNeverSatisfied (Slurm starts nothing under it). A new dependency would let Slurm
  -- start it by itself: it goes back to waiting for the scheduler (a priority of 0, which an
  -- owner may set on their own job), which judges the new dependency.
  if job_desc.dependency ~= nil then
    job_desc.priority = 0
  end
  return slurm.SUCCESS
end

slurm.log_info("job_submit.lua: loaded, scheduler uid %d", SCHEDULER_UID)
return slurm.SUCCESS
