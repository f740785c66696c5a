"""A state directory belongs to one Slurm cluster: state.json names it (ClusterName and
controller); serve on the state of another cluster refuses to start before it touches any job,
and a state.json of an older mauirun (no cluster in it) is adopted, said once in the log."""
import json
import os
import zlib

from harness import ClusterTest, main

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
"""


def read_state(path):
    with open(path) as f:
        header = f.readline()
        body = f.read()
    assert header.startswith("mauirun-state 1 "), header
    return json.loads(body)


def write_state(path, state):
    # The header of runtime/daemon/daemon_state.h: the body's size and CRC-32.
    body = json.dumps(state, indent=1) + "\n"
    data = body.encode()
    with open(path, "w") as f:
        f.write(f"mauirun-state 1 bytes={len(data)} crc32={zlib.crc32(data):08x}\n{body}")


class StateCluster(ClusterTest):
    def test_another_clusters_state_is_refused_an_old_one_adopted(self):
        job = self.cluster.sbatch("-n", "1", "--time=1", seconds=30)
        serve = self.serve(CONFIG, "--dry-run")
        out = serve.once()
        self.assertEqual(out.returncode, 0, out.stderr)
        path = os.path.join(serve.state_dir, "state.json")
        state = read_state(path)
        name = self.cluster.vars["SLURM_CLUSTER_NAME"]
        self.assertEqual(state["cluster"]["name"], name)
        # slurmctld's host name and its port (the test clusters share a host).
        controller = state["cluster"]["controller"]
        self.assertRegex(controller, r"^[^:]+:[0-9]+$")

        # The state of another cluster, with a start in flight of a job numbered like ours: the
        # journal would clear its node list and give it the node counts "it asked for" (3 nodes).
        other = dict(state)
        other["cluster"] = {"name": "othercluster", "controller": "ctl9:7000"}
        other["adapter"] = {
            "starting": {str(job): {"nodes": ["n1"], "tasks": [1], "asked": 1_700_000_000}},
            "requests": {str(job): {"min_nodes": 3, "max_nodes": 3, "required_nodes": "", "excluded_nodes": ""}},
            "held_again": [],
        }
        write_state(path, other)
        before = self.cluster.jobs()[job]
        serve.extra = []  # not a dry run: it would change Slurm
        out = serve.once()
        self.assertEqual(out.returncode, 2, out.stdout + out.stderr)
        self.assertIn(f"{path} is the state of Slurm cluster 'othercluster' (controller ctl9:7000), and Slurm here "
                      f"is cluster '{name}' (controller {controller}): not started", out.stderr)
        after = self.cluster.jobs()[job]
        for field in ("job_state", "node_count", "priority", "required_nodes"):
            self.assertEqual(after.get(field), before.get(field), f"the job's {field} was changed")
        self.assertEqual(read_state(path)["cluster"]["name"], "othercluster", "the other cluster's state was saved over")

        # An older mauirun's file, without the cluster: adopted, said once, saved with it.
        del state["cluster"]
        write_state(path, state)
        serve.extra = ["--dry-run"]
        for _ in range(2):
            out = serve.once()
            self.assertEqual(out.returncode, 0, out.stderr)
        adopted = [e for e in serve.events("state") if "names no cluster" in e["reason"]]
        self.assertEqual(len(adopted), 1, adopted)
        self.assertIn(f"adopted for cluster '{name}'", adopted[0]["reason"])
        self.assertEqual(read_state(path)["cluster"]["name"], name)


if __name__ == "__main__":
    main()
