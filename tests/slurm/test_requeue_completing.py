"""A job Slurm requeues while its last run still completes is not started until Slurm has
released its nodes, and costs it no DEFERTIME: it runs again as soon as it can.

The epilog holds the requeued job's last run in COMPLETING for 15 s (cluster.sh's
ctl/epilog_sleep), as a node whose slurmd died holds it until the node is set down; Slurm
starts no such job meanwhile. Before: serve released it at once, the start timed out after
10 s, and the job was deferred for an hour (DEFERSTARTCOUNT 1, DEFERTIME 1:00:00)."""
import os
import subprocess
import time

from harness import MAUIRUN, ClusterTest, main, wait_until

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
"""

EPILOG_SECONDS = 15


class RequeueCompleting(ClusterTest):
    def checkjob(self, serve, job):
        out = subprocess.run([MAUIRUN, "checkjob", str(job), "--socket", os.path.join(serve.state_dir, "mauirun.sock")],
                             capture_output=True, text=True, timeout=30, env=self.cluster.env)
        return out.stdout if out.returncode == 0 else ""

    def test_a_requeued_job_waits_for_its_last_run_then_runs(self):
        serve = self.serve(CONFIG)
        serve.start()
        job = self.cluster.sbatch("-n", "1", "--time=2", "--requeue", seconds=120)
        # Confirmed by serve (not only seen running in Slurm): the start is settled.
        wait_until("serve to see the job run", lambda: [e for e in serve.events("started") if e.get("job") == str(job)],
                   30)
        with open(os.path.join(self.cluster.dir, "ctl", "epilog_sleep"), "w") as f:
            f.write(f"{EPILOG_SECONDS}\n")
        requeued = time.time()
        self.cluster.run("scontrol", "requeue", str(job))
        # Shown held while its last run completes, with the reason.
        shown = wait_until("checkjob to show the completing hold",
                           lambda: (lambda t: t if "Completing" in t else None)(self.checkjob(serve, job)), 10)
        self.assertIn("requeued while its last run still completes on its nodes", shown)
        # Runs again once Slurm has released its node: the epilog's time and a turn, not an hour.
        wait_until("the requeued job to run again", lambda: (lambda j: j["job_state"] == "RUNNING" and
                                                             j["restart_cnt"] >= 1)(self.cluster.jobs()[job]),
                   EPILOG_SECONDS + 20)
        self.assertGreaterEqual(time.time() - requeued, EPILOG_SECONDS - 1, "started before its last run completed")
        ours = [e for e in serve.log() if e.get("job") == str(job)]
        self.assertFalse([e for e in ours if e["event"] in ("defer", "hold")], ours)
        self.assertFalse([e for e in ours if e["event"] == "start-failed"], "released while it still completed")
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
