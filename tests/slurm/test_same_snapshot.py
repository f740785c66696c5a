"""The same snapshot, two drivers, the same starts: `serve --once --dry-run --snapshot-out` on a real
Slurm (two jobs running, a queue of mixed widths waiting) and the simulator's iteration on the
snapshot serve wrote (`mauirun schedule`) start the same jobs on the same nodes with the same
tasks."""
import json
import os
import subprocess
import time

from harness import MAUIRUN, ClusterTest, main, wait_until

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
QUEUETIMEWEIGHT 1
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
"""


class SameSnapshot(ClusterTest):
    def test_serve_and_the_simulator_start_the_same_jobs(self):
        serve = self.serve(CONFIG)
        serve.start()
        running = [self.cluster.sbatch("-n", "6", "--time=10", seconds=300),
                   self.cluster.sbatch("-n", "5", "--time=10", seconds=300)]
        wait_until("two jobs running", lambda: all(self.cluster.jobs()[j]["job_state"] == "RUNNING" for j in running), 60)
        self.assertEqual(serve.stop(), 0)
        # With serve stopped, a queue: the widest first (it cannot start: 5 CPUs are free),
        # then narrower ones that backfill may start around its reservation.
        for n, minutes in ((8, 10), (3, 2), (2, 20), (1, 1), (4, 1)):
            self.cluster.sbatch("-n", str(n), f"--time={minutes}", seconds=30)
            time.sleep(1.1)  # distinct submit times: queue-time priorities differ
        snapshot = os.path.join(self.cluster.dir, "snapshot.json")
        once = serve.once("--dry-run", "--snapshot-out", snapshot)
        self.assertEqual(once.returncode, 0, once.stderr)
        serve_starts = {}
        for e in serve.events("start"):
            if "dry run" in e.get("reason", ""):
                serve_starts[e["job"]] = sorted((n, t) for n, t in e.get("nodes", []))
        out = subprocess.run([MAUIRUN, "schedule", "--config", serve.config, "--jobs", snapshot, "--format", "json"],
                             capture_output=True, text=True, timeout=60)
        self.assertEqual(out.returncode, 0, out.stderr)
        simulator_starts = {s["job"]: sorted((n["name"], n["tasks"]) for n in s["nodes"]) for s in json.loads(out.stdout)["starts"]}
        self.assertTrue(serve_starts, "serve started nothing: the comparison would prove nothing")
        self.assertEqual(serve_starts, simulator_starts)
        # Nothing was changed in Slurm: the queue still waits.
        self.assertEqual(sum(j["job_state"] == "RUNNING" for j in self.cluster.jobs().values()), 2)


if __name__ == "__main__":
    main()
