"""Issue 32's "done when": with serve in front, a mixed workload runs to the end as its users
asked, checked from Slurm's own records (the jobcomp log, squeue): job arrays (one throttled with
%2), GPU jobs (n3 and n4 have two GPUs each), a job asking for the feature `fast` (n4 only),
exclusive jobs, a begin time, afterok / afterany / singleton dependencies, and a Slurm
maintenance reservation on n1 open now. Each task runs once, never more than two GPU jobs on a
node at once, nothing beside an exclusive job, nothing before its begin time or before the jobs
it depends on, and nothing but the job that asked for it in the maintenance window."""
import time

from harness import ClusterTest, main, node_set, wait_until
from test_placement import CONFIG
from test_reservations import window


def overlap(a, b):
    return a["start"] < b["end"] and b["start"] < a["end"]


class MixedWorkload(ClusterTest):
    def test_every_kind_of_job_runs_as_asked(self):
        c = self.cluster
        c.run("scontrol", "create", "reservation", "ReservationName=maint", "StartTime=now", "Duration=2",
              "Nodes=n1", "Users=root", "Flags=MAINT")
        maint = window(c, "maint")
        serve = self.serve(CONFIG)
        serve.start()
        submitted = time.time()
        throttled = c.sbatch("--array=1-4%2", "-n", "1", "--time=1", seconds=3)
        wide = c.sbatch("--array=0-2", "-n", "2", "--time=1", seconds=3, user="nobody")
        gpu = [c.sbatch("--gres=gpu:1", "-n", "1", "--time=1", seconds=5) for _ in range(5)]
        fast = c.sbatch("--constraint=fast", "-n", "1", "--time=1", seconds=3, user="nobody")
        exclusive = [c.sbatch("--exclusive", "-n", "1", "--time=1", seconds=5) for _ in range(2)]
        later = c.sbatch("-n", "1", "--time=1", "--begin=now+15", seconds=2, user="nobody")
        first = c.sbatch("-n", "1", "--time=1", "-J", "chain", seconds=3, user="nobody")
        after_ok = c.sbatch("-n", "1", "--time=1", f"--dependency=afterok:{first}", seconds=2, user="nobody")
        after_any = c.sbatch("-n", "1", "--time=1", f"--dependency=afterany:{after_ok}", seconds=2, user="nobody")
        single = c.sbatch("-n", "1", "--time=1", "-J", "chain", "--dependency=singleton", seconds=2, user="nobody")
        inside = c.sbatch("-n", "4", "--time=1", "--reservation=maint", seconds=3)
        plain = [c.sbatch("-n", "2", "--time=1", seconds=4, user=u) for u in ("nobody", None, "nobody", None)]
        singles = gpu + [fast] + exclusive + [later, first, after_ok, after_any, single, inside] + plain

        def records():
            by_id, tasks = {}, {}
            for r in c.finished():
                by_id.setdefault(r["job_id"], []).append(r)
                if r["array_job_id"] is not None:
                    tasks.setdefault(r["array_job_id"], []).append(r)
            return by_id, tasks

        def all_done():
            by_id, tasks = records()
            ok = all(j in by_id for j in singles) and len(tasks.get(throttled, [])) >= 4 and \
                len(tasks.get(wide, [])) >= 3
            return (by_id, tasks) if ok else None

        by_id, tasks = wait_until("the mixed workload to finish", all_done, 300)
        for j in singles:
            self.assertEqual(len(by_id[j]), 1, f"job {j} ran {len(by_id[j])} times")
        done = {j: by_id[j][0] for j in singles}
        for array, ids in ((throttled, [1, 2, 3, 4]), (wide, [0, 1, 2])):
            self.assertEqual(sorted(r["array_task_id"] for r in tasks[array]), ids, f"array {array}: a task twice")
        every = list(done.values()) + tasks[throttled] + tasks[wide]
        for r in every:
            self.assertEqual(r["state"], "COMPLETED", r)

        # The throttle: at most two of its tasks at once.
        for r in tasks[throttled]:
            at_once = [t for t in tasks[throttled] if t["start"] <= r["start"] < t["end"]]
            self.assertLessEqual(len(at_once), 2, at_once)
        # GPUs: only on n3 and n4, at most two jobs on a node at once.
        for j in gpu:
            self.assertTrue(node_set(done[j]["nodes"]) <= {"n3", "n4"}, done[j])
            for node in node_set(done[j]["nodes"]):
                there = [k for k in gpu if node in node_set(done[k]["nodes"])
                         and done[k]["start"] <= done[j]["start"] < done[k]["end"]]
                self.assertLessEqual(len(there), 2, f"{node} ran GPU jobs {there} at once")
        self.assertEqual(node_set(done[fast]["nodes"]), {"n4"})
        # Nothing beside an exclusive job while it runs.
        for x in exclusive:
            for r in every:
                if r is not done[x] and overlap(r, done[x]):
                    self.assertFalse(node_set(r["nodes"]) & node_set(done[x]["nodes"]),
                                     f"job {r['job_id']} ran beside exclusive job {x}")
        # Begin times and dependencies.
        self.assertGreaterEqual(done[later]["start"], int(submitted) + 15)
        self.assertGreaterEqual(done[after_ok]["start"], done[first]["end"])
        self.assertGreaterEqual(done[after_any]["start"], done[after_ok]["end"])
        self.assertFalse(overlap(done[single], done[first]), "singleton ran beside the user's other 'chain'")
        # The maintenance window: only the job that asked ran on n1 during it.
        self.assertEqual(node_set(done[inside]["nodes"]), {"n1"})
        for r in every:
            if r is not done[inside] and "n1" in node_set(r["nodes"]):
                self.assertFalse(r["start"] < maint[1] and maint[0] < r["end"], f"job {r['job_id']} ran in maint")
        self.assertFalse(serve.events("start-failed"), "Slurm refused a start")
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
