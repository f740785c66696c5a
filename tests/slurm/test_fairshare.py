"""Fairshare accrues from the jobs Slurm ran: after they end, the usage in the FS.<epoch> files of
the state directory (Maui's format, DEDICATEDPS) equals each user's CPU-seconds from Slurm's own
start and end times, and `mauirun fairshare --fs-dir` reads them."""
import glob
import os
import subprocess

from harness import MAUIRUN, ClusterTest, main, wait_until

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
QUEUETIMEWEIGHT 1
FSPOLICY DEDICATEDPS
FSINTERVAL 01:00:00
FSDEPTH 4
FSWEIGHT 1
FSUSERWEIGHT 1
USERCFG[DEFAULT] FSTARGET=50
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
"""


def usage_by_user(state_dir):
    usage = {}
    for path in glob.glob(os.path.join(state_dir, "FS.*")):
        with open(path) as f:
            for line in f:
                parts = line.split()
                if len(parts) == 3 and parts[0] == "user":
                    usage[parts[1]] = usage.get(parts[1], 0.0) + float(parts[2])
    return usage


class Fairshare(ClusterTest):
    def test_usage_equals_the_jobs_cpu_seconds(self):
        serve = self.serve(CONFIG)
        serve.start()
        jobs = [self.cluster.sbatch("-n", "2", "--time=1", seconds=3),
                self.cluster.sbatch("-n", "3", "--time=1", seconds=5, user="nobody"),
                self.cluster.sbatch("-n", "1", "--time=1", seconds=2),
                self.cluster.sbatch("-n", "4", "--time=1", seconds=4, user="nobody")]
        done = wait_until("all jobs to finish", lambda: (lambda f: f if len(f) >= 4 else None)(
            {r["job_id"]: r for r in self.cluster.finished()}), 120)
        # The daemon sees the last end (an iteration follows it) before it stops.
        last = max(r["end"] for r in done.values())
        wait_until("an iteration after the last end", lambda: [e for e in serve.events("ended")
                                                               if int(e["job"]) in jobs and e["time"] >= last], 30)
        self.assertEqual(serve.stop(), 0)
        expected = {}
        for j in jobs:
            r = done[j]
            expected[r["user"]] = expected.get(r["user"], 0) + r["procs"] * (r["end"] - r["start"])
        self.assertTrue(all(v > 0 for v in expected.values()))
        self.assertEqual(usage_by_user(serve.state_dir), expected)
        out = subprocess.run([MAUIRUN, "fairshare", "--config", serve.config, "--fs-dir", serve.state_dir,
                              "--format", "json"], capture_output=True, text=True)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn('"nobody"', out.stdout)


if __name__ == "__main__":
    main()
