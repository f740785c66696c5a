"""The what-if workflow of the README on real `sacct --parsable2` output (before, only exports
recorded or written by hand were read): jobs of two users in both partitions run on a test cluster
with accounting (Slurm's own sched/backfill), the README's export command is run as it is, and
`mauirun compare` replays that export under two policies on the cluster's size, with its HTML
report; every job Slurm ran is read, with Slurm's own submit, start and end times."""
import json
import os
import subprocess
import time

from harness import MAUIRUN, main
from migration import SOURCE, MigrationTest, wait_until

# The README's export, with a start time that takes in this test's jobs.
EXPORT = ["sacct", "--allusers", "--parsable2", "--starttime", "now-1days",
          "--format=JobIDRaw,JobID,User,Group,Account,Partition,QOS,Submit,Start,End,Elapsed,Timelimit,NCPUS,State"]

FAVOUR_NOBODY = """SERVERHOST localhost
CREDWEIGHT 1
USERWEIGHT 1
USERCFG[nobody] PRIORITY=100000
"""


class WhatIfOnSacct(MigrationTest):
    def test_compare_replays_the_clusters_own_accounting(self):
        self.cluster.run("sacctmgr", "-i", "add", "account", "whatif")
        self.cluster.run("sacctmgr", "-i", "add", "user", "nobody", "account=whatif")
        ids = []
        for k in range(10):  # 10 jobs on 16 CPUs: some wait for others
            user = "nobody" if k % 2 else "root"
            part = "debug" if k % 3 == 0 else "batch"
            extra = ["-A", "whatif"] if user == "nobody" else []
            ids.append(self.sbatch_as(user, "-n", str(2 + 2 * (k % 4)), "-t", "1", "-p", part, *extra, seconds=2 + k % 3))
        rows = wait_until("sacct to show every job ended", lambda: self.exported(ids), 120, 1)
        trace = os.path.join(self.cluster.dir, "month.txt")
        with open(trace, "w") as f:
            f.write(rows)

        cfg = os.path.join(self.cluster.dir, "favour-nobody.cfg")
        with open(cfg, "w") as f:
            f.write(FAVOUR_NOBODY)
        html = os.path.join(self.cluster.dir, "whatif.html")
        r = subprocess.run([MAUIRUN, "compare", "--old", f"{SOURCE}/examples/easy.cfg", "--new", cfg, "--trace", trace,
                            "--nodes", "4", "--procs-per-node", "4", "--format", "json", "--html", html],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        result = json.loads(r.stdout)
        for side in ("old", "new"):
            self.assertEqual(result[side]["jobs_read"], 10)
            self.assertEqual(result[side]["metrics"]["started"], 10)
        users = {u["name"] for u in result["by"]["user"]}
        self.assertEqual(users, {"root", "nobody"})
        self.assertGreater(os.path.getsize(html), 10000)

        # The replay starts from Slurm's own times: the first submission is second 0 of the trace.
        sim = subprocess.run([MAUIRUN, "simulate", "--config", f"{SOURCE}/examples/easy.cfg", "--trace", trace,
                              "--nodes", "4", "--procs-per-node", "4", "--jobs-out", os.path.join(self.cluster.dir, "jobs.csv")],
                             capture_output=True, text=True)
        self.assertEqual(sim.returncode, 0, sim.stderr)
        self.assertIn("10 read, 10 started", sim.stdout)

    def exported(self, ids):
        out = self.cluster.run(*EXPORT).stdout
        lines = out.splitlines()
        jobs = {line.split("|")[0]: line for line in lines[1:] if "|" in line and "." not in line.split("|")[1]}
        if not all(str(i) in jobs and "|COMPLETED" in jobs[str(i)] for i in ids):
            return None
        return out


if __name__ == "__main__":
    main()
