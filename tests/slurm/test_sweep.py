"""`mauirun sweep --slurm-array` on a real Slurm running its own scheduler (sched/backfill): the
array's tasks run as Slurm jobs, the merge job runs after them (--dependency=afterok), and its
ranking is the local sweep's, byte for byte."""
import os
import re
import subprocess

from harness import MAUIRUN, Cluster, ClusterTest, main, wait_until

BASE = """SERVERHOST head
RMCFG[base] TYPE=PBS
QUEUETIMEWEIGHT 1
RESERVATIONDEPTH 1
"""
VARIES = ["--vary", "USERCFG[DEFAULT] MAXJOB=1,2", "--vary", "BACKFILLPOLICY=FIRSTFIT,NONE"]


def trace():
    """30 jobs of four users on 4 nodes, arriving faster than they run."""
    lines = ["; 30 jobs, four users"]
    for i in range(1, 31):
        run, procs = 100 + 37 * (i % 5), 1 + i % 3
        lines.append(f"{i} {10 * i} -1 {run} {procs} -1 -1 {procs} {run + 100} -1 1 {1 + i % 4} 1 -1 1 -1 -1 -1")
    return "\n".join(lines) + "\n"


class Sweep(ClusterTest):
    def setUp(self):
        self.cluster = Cluster(self.id().split(".")[-1], settings={"SLURM_CLUSTER_SCHEDULER": "backfill"})
        self.serves = []

    def sweep(self, *args):
        out = subprocess.run([MAUIRUN, "sweep", "--config", self.base, "--trace", self.trace, "--nodes", "4",
                              *VARIES, *args], capture_output=True, text=True, timeout=300)
        self.assertEqual(out.returncode, 0, out.stderr)
        return out.stdout

    def test_the_array_runs_under_slurm_and_merges_to_the_local_ranking(self):
        c = self.cluster
        self.base = os.path.join(c.dir, "base.cfg")
        self.trace = os.path.join(c.dir, "t.swf")
        with open(self.base, "w") as f:
            f.write(BASE)
        with open(self.trace, "w") as f:
            f.write(trace())
        local_text, local_json = self.sweep(), self.sweep("--format", "json")
        array = os.path.join(c.dir, "sweep")
        self.sweep("--slurm-array", array, "--array-limit", "2")
        out = c.run("bash", os.path.join(array, "submit.sh"))
        m = re.search(r"array job (\d+) \(5 tasks\), merge job (\d+)", out.stdout)
        self.assertTrue(m, out.stdout)
        array_job, merge_job = int(m.group(1)), int(m.group(2))

        def merged():
            done = {r["job_id"]: r for r in c.finished()}
            return done if merge_job in done else None
        done = wait_until("the merge job to end", merged, 180)
        self.assertEqual(done[merge_job]["state"], "COMPLETED", done[merge_job])
        tasks = [r for r in done.values() if r["array_job_id"] == array_job]
        self.assertEqual(sorted(r["array_task_id"] for r in tasks), [0, 1, 2, 3, 4])
        self.assertTrue(all(r["state"] == "COMPLETED" for r in tasks), tasks)
        # The merge began after the last task had ended (afterok).
        self.assertGreaterEqual(done[merge_job]["start"], max(r["end"] for r in tasks))
        with open(os.path.join(array, "ranking.txt")) as f:
            self.assertEqual(f.read(), local_text)
        with open(os.path.join(array, "ranking.json")) as f:
            self.assertEqual(f.read(), local_json)
        self.assertGreater(os.path.getsize(os.path.join(array, "sweep.html")), 100000)


if __name__ == "__main__":
    main()
