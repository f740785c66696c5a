"""QOS and class priorities migrated to Slurm order pending jobs as Maui orders them:
tests/migrate/priority/input.cfg migrated and applied to a cluster with accounting, the cluster
filled by one 16-CPU job, then jobs of both users in every QOS (hi, lo, normal) and both
partitions (batch, debug) wait; sprio's order of them must be `mauirun priority`'s on a JOBS.json
of the same jobs (Slurm's own records of them), and the priorities equal (queue time is a point
a minute on both sides: PriorityWeightAge 10080 over PriorityMaxAge 7 days)."""
import json
import os
import subprocess
import time

from harness import MAUIRUN, main
from migration import SOURCE, MigrationTest, wait_until

# (user, partition, QOS or None for the default)
JOBS = [("root", "batch", "hi"), ("root", "batch", "lo"), ("root", "debug", "hi"), ("root", "debug", None),
        ("root", "batch", None), ("nobody", "debug", "lo"), ("nobody", "batch", "hi"), ("nobody", "debug", "hi")]


class MigratedPriority(MigrationTest):
    def test_sprio_order_is_mauis(self):
        config = os.path.join(SOURCE, "tests", "migrate", "priority", "input.cfg")
        with open(config) as f:
            applied = self.migrated(f.read())
        self.assertEqual(applied.differences(), [])
        blocker = self.sbatch_as("root", "-n", "16", "-t", "5", "-p", "batch", seconds=120)
        wait_until("the blocker to run", lambda: self.cluster.jobs()[blocker]["job_state"] == "RUNNING", 60)
        ids = []
        for user, part, qos in JOBS:
            options = ["-n", "1", "-t", "10", "-p", part, "-A", "users"] + (["--qos", qos] if qos else [])
            ids.append(self.sbatch_as(user, *options, seconds=1))
            time.sleep(1.1)  # distinct submit times: ties break on them on both sides
        pending = wait_until("Slurm to have looked at every job", lambda: self.looked_at(ids), 60)

        jobs_json = os.path.join(self.cluster.dir, "jobs.json")
        now = int(time.time())
        with open(jobs_json, "w") as f:
            json.dump({"now": now, "jobs": [maui_job(j) for j in pending]}, f)
        maui = subprocess.run([MAUIRUN, "priority", "--config", os.path.join(self.cluster.dir, "maui.cfg"),
                               "--jobs", jobs_json, "--format", "json"], capture_output=True, text=True)
        self.assertEqual(maui.returncode, 0, maui.stderr)
        maui_order = [int(j["id"]) for j in json.loads(maui.stdout)["jobs"]]
        maui_priority = {int(j["id"]): j["priority"] for j in json.loads(maui.stdout)["jobs"]}

        sprio = self.cluster.run("sprio", "-h", "-o", "%i %Y").stdout.split("\n")
        slurm_priority = {int(line.split()[0]): int(line.split()[1]) for line in sprio if line.strip()}
        submit = {j["job_id"]: j["submit_time"] for j in pending}
        slurm_order = sorted(ids, key=lambda i: (-slurm_priority[i], submit[i], i))
        self.assertEqual(slurm_order, maui_order, f"Slurm {slurm_priority}, Maui {maui_priority}")
        for i in ids:
            self.assertLessEqual(abs(slurm_priority[i] - maui_priority[i]), 2, (i, slurm_priority[i], maui_priority[i]))
        self.cluster.run("scancel", str(blocker))

    def looked_at(self, ids):
        jobs = self.cluster.jobs()
        pending = [jobs[i] for i in ids if i in jobs]
        if len(pending) < len(ids) or any(j["job_state"] != "PENDING" or j["state_reason"] == "None" for j in pending):
            return None
        return pending


def maui_job(j):
    """A pending Slurm job (squeue --json) as JOBS.json's job (docs/jobs-json.md)."""
    job = {"id": str(j["job_id"]), "user": j["user_name"], "group": "nogroup" if j["user_name"] == "nobody" else "root",
           "account": j["account"], "class": j["partition"], "procs": j["cpus"], "walltime": j["time_limit"] * 60,
           "submit_time": j["submit_time"]}
    if j["qos"] != "normal":  # Slurm's default QOS is Maui's DEFAULT: the job asks for none
        job["qos"] = j["qos"]
    return job


if __name__ == "__main__":
    main()
