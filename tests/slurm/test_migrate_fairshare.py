"""A fairshare target migrated to Slurm gives the expected share order after usage:
tests/migrate/fairshare/input.cfg (nobody 75 %, daemon 25 %) becomes Fairshare=75 and 25 on the
users' associations. Both users then run the same work (two 4-CPU jobs of 20 s each at once);
after Slurm's priority thread has counted it (PriorityCalcPeriod=1 on this test cluster: a
minute, the shortest), nobody, under its target, must rank above daemon, over its: in sshare's
fairshare factor and in sprio's order of a job of each, as in Maui's priority of the same jobs
with the same usage (`mauirun priority --fs-dir`, the usage from sacct)."""
import json
import os
import subprocess
import time

from harness import MAUIRUN, main
from migration import ACCOUNTING, SOURCE, Cluster, MigrationTest, finished_jobs, wait_until


class MigratedFairshare(MigrationTest):
    def setUp(self):
        extra = os.path.join("/tmp", f"fs-calc-{os.getpid()}.conf")
        with open(extra, "w") as f:
            f.write("PriorityCalcPeriod=1\n")
        self.cluster = Cluster("fairshare", settings=dict(ACCOUNTING, SLURM_CLUSTER_CONF_EXTRA=extra))
        self.serves = []
        os.unlink(extra)

    def test_usage_against_targets_orders_the_users(self):
        with open(f"{SOURCE}/tests/migrate/fairshare/input.cfg") as f:
            applied = self.migrated(f.read())
        self.assertEqual(applied.differences(), [])
        work = [self.sbatch_as(u, "-n", "4", "-N", "1", "-t", "1", "-A", "users", seconds=20)
                for u in ("nobody", "daemon", "nobody", "daemon")]
        finished_jobs(self.cluster, work, 120)
        shares = wait_until("Slurm to count both users' usage", self.counted, 150, 2)
        self.assertGreater(shares["nobody"], shares["daemon"], shares)

        blocker = self.sbatch_as("root", "-n", "16", "-t", "2", seconds=60)
        wait_until("the blocker to run", lambda: self.cluster.jobs()[blocker]["job_state"] == "RUNNING", 60)
        waiting = {u: self.sbatch_as(u, "-n", "1", "-t", "1", "-A", "users", seconds=1) for u in ("daemon", "nobody")}
        time.sleep(2)
        sprio = self.cluster.run("sprio", "-h", "-o", "%i %F %Y").stdout.split("\n")
        fs = {int(line.split()[0]): int(line.split()[1]) for line in sprio if line.strip()}
        self.assertGreater(fs[waiting["nobody"]], fs[waiting["daemon"]], sprio)

        # Maui on the same jobs with the same usage (CPU-seconds from sacct) in its FS file.
        usage = self.cpu_seconds()
        fs_dir = os.path.join(self.cluster.dir, "fs")
        os.makedirs(fs_dir, exist_ok=True)
        now = int(time.time())
        start = now - now % 86400
        with open(os.path.join(fs_dir, f"FS.{start}"), "w") as f:
            f.write("# FS Data File (Duration:  86400 seconds)\n")
            for u, s in usage.items():
                f.write(f"user {u} {s:.3f}\n")
            f.write(f"sched NONE {sum(usage.values()):.3f}\n")
        jobs = [{"id": str(waiting[u]), "user": u, "account": "users", "procs": 1, "walltime": 60, "submit_time": now - 2}
                for u in ("daemon", "nobody")]
        jobs_json = os.path.join(self.cluster.dir, "jobs.json")
        with open(jobs_json, "w") as f:
            json.dump({"now": now, "jobs": jobs}, f)
        maui = subprocess.run([MAUIRUN, "priority", "--config", os.path.join(self.cluster.dir, "maui.cfg"), "--jobs",
                               jobs_json, "--fs-dir", fs_dir, "--format", "json"], capture_output=True, text=True)
        self.assertEqual(maui.returncode, 0, maui.stderr)
        self.assertEqual([int(j["id"]) for j in json.loads(maui.stdout)["jobs"]], [waiting["nobody"], waiting["daemon"]])
        self.cluster.run("scancel", str(blocker))

    def counted(self):
        """The users' fairshare factors once Slurm has worked them out from their usage: RawUsage
        shows first, the factor (and LevelFS, "inf" without usage) at the next calculation."""
        out = self.cluster.run("sshare", "-n", "-P", "-a", "-o", "Account,User,RawUsage,LevelFS,FairShare").stdout
        rows = {p[1]: p for p in (line.split("|") for line in out.splitlines()) if len(p) == 5 and p[1]}
        if not all(u in rows and int(rows[u][2] or 0) > 0 and rows[u][3] != "inf" for u in ("nobody", "daemon")):
            return None
        return {u: float(rows[u][4]) for u in ("nobody", "daemon")}

    def cpu_seconds(self):
        out = self.cluster.run("sacct", "-n", "-X", "-P", "-a", "--format=User,CPUTimeRAW").stdout
        usage = {}
        for line in out.splitlines():
            user, _, seconds = line.partition("|")
            if user in ("nobody", "daemon"):
                usage[user] = usage.get(user, 0) + int(seconds or 0)
        return usage


if __name__ == "__main__":
    main()
