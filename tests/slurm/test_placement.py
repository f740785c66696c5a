"""Where a job may run (docs/semantics.md 134-136), checked from Slurm's own records: a partition
restricted to some nodes runs only there, a --constraint job only on nodes with the feature, and
nothing shares the nodes of an --exclusive job while it runs. The partition and the feature are
made on the running cluster (scontrol), so that the other tests' cluster stays as it is."""
import json
import os

from harness import ClusterTest, main, wait_until
from test_standing import hosts

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:02
QUEUETIMEWEIGHT 1
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
NODEALLOCATIONPOLICY FIRSTAVAILABLE
"""


def overlap(a, b):
    return a["start"] < b["end"] and b["start"] < a["end"]


class Placement(ClusterTest):
    def finished(self, jobs, timeout=240):
        return wait_until(f"{len(jobs)} jobs to finish", lambda: (lambda f: f if set(jobs) <= set(f) else None)(
            {r["job_id"]: r for r in self.cluster.finished()}), timeout)

    def test_partition_nodes_features_and_exclusive(self):
        self.cluster.run("scontrol", "create", "PartitionName=small", "Nodes=n3,n4", "MaxTime=INFINITE", "State=UP")
        self.cluster.run("scontrol", "update", "NodeName=n4", "AvailableFeatures=fast", "ActiveFeatures=fast")
        serve = self.serve(CONFIG)
        serve.start()
        # FIRSTAVAILABLE would put each of these first on n1: only n3 and n4 run small's jobs,
        # only n4 has the feature.
        small = [self.cluster.sbatch("-p", "small", "-n", "2", "--time=1", seconds=3) for _ in range(6)]
        fast = [self.cluster.sbatch("--constraint=fast", "-n", "1", "--time=1", seconds=3) for _ in range(3)]
        done = self.finished(small + fast)
        for j in small:
            self.assertTrue(hosts(done[j]) <= {"n3", "n4"}, f"small's job {j} ran on {done[j]['nodes']}")
        for j in fast:
            self.assertEqual(hosts(done[j]), {"n4"}, f"job {j} asking for fast ran on {done[j]['nodes']}")
        self.assertFalse(serve.events("start-failed"), "Slurm refused a start")
        # An exclusive job of one CPU holds its node: none of the one-CPU jobs around it is
        # ever on its node while it runs, though 3 of its 4 CPUs stay free.
        before = [self.cluster.sbatch("-n", "1", "--time=1", seconds=8) for _ in range(2)]
        exclusive = self.cluster.sbatch("--exclusive", "-n", "1", "--time=1", seconds=8)
        after = [self.cluster.sbatch("-n", "1", "--time=1", seconds=8) for _ in range(8)]
        done = self.finished(before + [exclusive] + after)
        x = done[exclusive]
        self.assertEqual(len(hosts(x)), 1)
        for j in before + after:
            if overlap(done[j], x):
                self.assertFalse(hosts(done[j]) & hosts(x), f"job {j} ran on {done[j]['nodes']} beside exclusive "
                                 f"{exclusive} on {x['nodes']}")
        self.assertFalse(serve.events("start-failed"), "Slurm refused a start")
        self.assertEqual(serve.stop(), 0)

    def test_gpu_jobs_only_where_their_gpus_are_free(self):
        # n3 and n4 have two GPUs each (tests/slurm/cluster.sh); FIRSTAVAILABLE would take n1 first.
        serve = self.serve(CONFIG)
        serve.start()
        gpu = [self.cluster.sbatch("--gres=gpu:1", "-n", "1", "--time=1", seconds=6) for _ in range(7)]
        done = self.finished(gpu)
        for j in gpu:
            self.assertTrue(hosts(done[j]) <= {"n3", "n4"}, f"GPU job {j} ran on {done[j]['nodes']}")
        # Never more than two at once on a node: at each start, count the jobs running there.
        for j in gpu:
            at = done[j]["start"]
            for node in hosts(done[j]):
                there = [k for k in gpu if node in hosts(done[k]) and done[k]["start"] <= at < done[k]["end"]]
                self.assertLessEqual(len(there), 2, f"{node} ran {there} at once")
        self.assertFalse(serve.events("start-failed"), "Slurm refused a start")
        self.assertEqual(serve.stop(), 0)

    def test_what_serve_reads_of_a_job_and_what_it_holds(self):
        self.cluster.run("scontrol", "create", "PartitionName=small", "Nodes=n3,n4", "MaxTime=INFINITE", "State=UP")
        self.cluster.run("scontrol", "update", "NodeName=n3", "AvailableFeatures=slow", "ActiveFeatures=slow")
        self.cluster.run("scontrol", "update", "NodeName=n4", "AvailableFeatures=fast,big", "ActiveFeatures=fast,big")
        both = self.cluster.sbatch("-p", "small", "--constraint=fast&big", "--exclusive", "-n", "1", "--time=1")
        either = self.cluster.sbatch("--constraint=fast|slow", "-n", "1", "--time=1")
        plain = self.cluster.sbatch("-n", "1", "--time=1")
        serve = self.serve(CONFIG)
        snapshot = os.path.join(self.cluster.dir, "snapshot.json")
        once = serve.once("--dry-run", "--snapshot-out", snapshot)
        self.assertEqual(once.returncode, 0, once.stderr)
        with open(snapshot) as f:
            read = json.load(f)
        nodes = {n["name"]: n for n in read["nodes"]}
        jobs = {j["id"]: j for j in read["jobs"]}
        self.assertEqual(sorted(nodes["n4"]["features"]), ["big", "fast"])
        self.assertIn("small", nodes["n3"]["classes"])
        self.assertNotIn("small", nodes["n1"]["classes"])
        self.assertEqual(jobs[str(both)]["class"], "small")
        self.assertEqual(jobs[str(both)]["features"], ["fast", "big"])
        self.assertTrue(jobs[str(both)]["exclusive"])
        self.assertNotIn("exclusive", jobs[str(plain)])
        self.assertEqual(nodes["n3"].get("gres"), {"gpu": 2})
        self.assertNotIn("gres", nodes["n1"])
        # An OR list waits, held, with the reason in the log: placed by the engine, it could go
        # where Slurm refuses it.
        self.assertEqual(jobs[str(either)]["holds"], ["constraint not supported (only a or a&b)"])
        self.assertTrue([e for e in serve.events("slurm") if f"job {either}: constraint 'fast|slow'" in e["reason"]],
                        serve.log())
        started = {e["job"]: e["nodes"] for e in serve.events("start") if "dry run" in e.get("reason", "")}
        self.assertEqual(started.get(str(both)), [["n4", 1]])
        self.assertNotIn(str(either), started)


if __name__ == "__main__":
    main()
