"""The same snapshot, two drivers, the same starts: `serve --once --dry-run --snapshot-out` on a real
Slurm (two jobs running, a queue of mixed widths waiting) and the simulator's iteration on the
snapshot serve wrote (`mauirun schedule`) start the same jobs on the same nodes with the same
tasks; and the client commands serve answers over its socket print, byte for byte, what
`mauirun schedule --show` prints of the same snapshot."""
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
    def running_and_a_queue(self, serve):
        """Two jobs started by serve, then, with serve stopped, a queue: the widest first (it
        cannot start: 5 CPUs are free), then narrower ones that backfill may start around its
        reservation. The queue's job ids, widest first."""
        serve.start()
        running = [self.cluster.sbatch("-n", "6", "--time=10", seconds=300),
                   self.cluster.sbatch("-n", "5", "--time=10", seconds=300)]
        wait_until("two jobs running", lambda: all(self.cluster.jobs()[j]["job_state"] == "RUNNING" for j in running), 60)
        self.assertEqual(serve.stop(), 0)
        queue = []
        for n, minutes in ((8, 10), (3, 2), (2, 20), (1, 1), (4, 1)):
            queue.append(self.cluster.sbatch("-n", str(n), f"--time={minutes}", seconds=30))
            time.sleep(1.1)  # distinct submit times: queue-time priorities differ
        return running, queue

    def test_serve_and_the_simulator_start_the_same_jobs(self):
        serve = self.serve(CONFIG)
        self.running_and_a_queue(serve)
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

    def test_serve_and_the_simulator_show_the_same_views(self):
        # A long poll: after its first turn serve waits (nothing in Slurm changes), so the views
        # it answers are of the snapshot it wrote.
        serve = self.serve(CONFIG.replace("00:00:05", "00:10:00"))
        running, queue = self.running_and_a_queue(serve)
        snapshot = os.path.join(self.cluster.dir, "views-snapshot.json")
        serve.extra += ["--dry-run", "--snapshot-out", snapshot]
        serve.start()
        wait_until("the dry-run turn", lambda: [e for e in serve.events("start") if "dry run" in e.get("reason", "")], 30)
        views = ["showq", "showq -r", "showq -i", "showq -b", "showres", "showres -n", "diagnose -p", "diagnose -r",
                 f"checkjob {queue[0]} -v", f"checkjob {queue[1]}", f"checkjob {running[0]} -v",
                 f"showstart {queue[0]}", "checknode n1"]
        socket = os.path.join(serve.state_dir, "mauirun.sock")
        for attempt in range(3):
            written = os.stat(snapshot).st_mtime_ns
            live = []
            for v in views:
                out = subprocess.run([MAUIRUN] + v.split() + ["--socket", socket], capture_output=True, text=True,
                                     timeout=30, env=self.cluster.env)
                self.assertEqual(out.returncode, 0, f"{v}: {out.stderr}")
                live.append(out.stdout)
            if os.stat(snapshot).st_mtime_ns == written:
                break  # no turn came between: the views are all of the snapshot read
        else:
            self.fail("serve took a turn during every round of views")
        args = [MAUIRUN, "schedule", "--config", serve.config, "--jobs", snapshot]
        for v in views:
            args += ["--show", v]
        out = subprocess.run(args, capture_output=True, text=True, timeout=60, env=self.cluster.env)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.maxDiff = None
        # schedule prints the views one after another, a blank line between two.
        self.assertEqual(out.stdout, "\n".join(live))
        # The views show something: the widest job reserved, a job starting by backfill.
        self.assertIn("Reservation", live[views.index(f"checkjob {queue[0]} -v")])
        self.assertIn("Starting", live[0])
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
