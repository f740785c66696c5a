"""Job arrays: each pending task is a job of the scheduler, released alone by its task id (Slurm
splits it out of the array's record); an array's `%N` throttle is never exceeded; a limit counts
each task; a kill -9 of serve in the middle finds the tasks split and in flight again. From
Slurm's own records (the jobcomp log: each task's start and end)."""
import time

from harness import ClusterTest, main, wait_until
from test_limits import most_at_once

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
QUEUETIMEWEIGHT 1
USERCFG[nobody] MAXJOB=1
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
"""


class Arrays(ClusterTest):
    def test_each_task_once_within_the_throttle_through_a_kill_9(self):
        serve = self.serve(CONFIG)
        serve.start()
        throttled = self.cluster.sbatch("--array=1-6%2", "-n", "1", "--time=1", seconds=3)
        # MAXJOB=1 for nobody: its four tasks one at a time, though the cluster has room for all.
        limited = self.cluster.sbatch("--array=0-3", "-n", "1", "--time=1", seconds=3, user="nobody")

        def tasks_of(array):
            return [r for r in self.cluster.finished() if r["array_job_id"] == array]

        wait_until("two tasks of the throttled array to end", lambda: len(tasks_of(throttled)) >= 2, 60)
        serve.kill9()
        time.sleep(1)
        serve.start()
        wait_until("every task to end", lambda: len(tasks_of(throttled)) >= 6 and len(tasks_of(limited)) >= 4, 90)
        time.sleep(2)  # a task run twice would end later
        for array, tasks, at_once in ((throttled, range(1, 7), 2), (limited, range(0, 4), 1)):
            done = tasks_of(array)
            self.assertEqual(sorted(r["array_task_id"] for r in done), list(tasks), "a task ran twice, or never")
            for r in done:
                self.assertEqual(r["state"], "COMPLETED", r)
            # The throttle (the limit) held them back, not the 16 CPUs: reached, never exceeded.
            self.assertEqual(most_at_once([(r["start"], r["end"]) for r in done]), at_once, done)
        slurm = self.cluster.jobs()
        for r in tasks_of(throttled) + tasks_of(limited):
            self.assertEqual(slurm[r["job_id"]]["restart_cnt"], 0, f"task {r['array_task_id']} started twice")
        # The scheduler knew each task by its task id, split out or not: its start line, or,
        # for a start the kill -9 came between Slurm's release and the log line, the restart's
        # `started` line for the start it found in its journal (docs/serve.md).
        decided = {e["job"] for e in serve.events("start") + serve.events("started")}
        for t in range(1, 7):
            self.assertIn(f"{throttled}_{t}", decided)
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
