"""What the live-Slurm tests of `mauirun serve` share: a private test cluster (cluster.sh), a
serve process in front of it, job submission as root or as `nobody`, and reading back what
Slurm did (squeue --json while jobs are visible, the jobcomp log for finished jobs).

Every test starts its own cluster under a directory of its own and stops only what it started:
ctest runs several at once. MAUIRUN names the mauirun binary under test (the build's own)."""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
CLUSTER_SH = os.path.join(HERE, "cluster.sh")
# Built with ASan + UBSan (tests/slurm/CMakeLists.txt): every process runs two to three times slower.
SANITIZED = os.environ.get("MAUI_SANITIZED") == "1"
MAUIRUN = os.environ.get("MAUIRUN", os.path.join(HERE, "..", "..", "build", "release", "tools", "mauirun"))
NOBODY = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]


def wait_until(what, predicate, timeout=60.0, interval=0.2):
    """Calls predicate until it returns something true; fails the test after `timeout` s."""
    end = time.time() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.time() > end:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)


def node_set(text):
    """The node names of a Slurm node list: "n[1-2]", "n3", "n1,n3"."""
    # "n[1-2]" / "n3" / "n1,n3" as jobcomp writes Slurm's node lists
    if "[" not in text:
        return set(text.split(","))
    prefix, _, rest = text.partition("[")
    out = set()
    for part in rest.rstrip("]").split(","):
        a, _, b = part.partition("-")
        out |= {f"{prefix}{i}" for i in range(int(a), int(b or a) + 1)}
    return out


class Cluster:
    """A 4-node Slurm 22.05 cluster (n1-n4, 4 CPUs each, partitions batch and debug)."""

    def __init__(self, name, settings=None):
        # Short: slurmd's step sockets live under it, and a Unix socket path has at most 108 bytes.
        self.dir = tempfile.mkdtemp(prefix=f"mr-{name[:10]}-", dir="/tmp")
        os.chmod(self.dir, 0o755)
        # settings: cluster.sh's SLURM_CLUSTER_* variables for this start (the accounting mode ...)
        out = subprocess.run(["bash", CLUSTER_SH, "start", self.dir], capture_output=True, text=True,
                             env=dict(os.environ, **(settings or {})))
        if out.returncode != 0:
            # A start that failed halfway may have left daemons running (slurmctld up, a slurmd
            # not): stop what cluster.sh recorded, so that a failed test leaves nothing behind.
            subprocess.run(["bash", CLUSTER_SH, "stop", self.dir], capture_output=True)
            raise RuntimeError(f"cluster.sh start failed:\n{out.stdout}\n{out.stderr}")
        self.vars = {}
        with open(os.path.join(self.dir, "env")) as f:
            for line in f:
                if line.startswith("export "):
                    key, _, value = line[len("export "):].strip().partition("=")
                    self.vars[key] = value.strip("'")
        self.env = dict(os.environ, **self.vars)
        # Under AddressSanitizer: libslurm's own leaks are not mauirun's (libslurm.supp says which).
        lsan = self.env.get("LSAN_OPTIONS", "")
        self.env["LSAN_OPTIONS"] = (lsan + ":" if lsan else "") + "suppressions=" + os.path.join(HERE, "libslurm.supp")
        self.tmp = self.vars["SLURM_CLUSTER_TMP"]

    def stop(self):
        subprocess.run(["bash", CLUSTER_SH, "stop", self.dir], capture_output=True, text=True)

    def run(self, *args, user=None, check=True):
        cmd = (NOBODY if user == "nobody" else []) + list(args)
        out = subprocess.run(cmd, capture_output=True, text=True, env=self.env, cwd=self.tmp)
        if check and out.returncode != 0:
            raise AssertionError(f"{' '.join(cmd)} failed ({out.returncode}): {out.stderr}")
        return out

    def sbatch(self, *options, seconds=5, user=None):
        """Submits `sleep SECONDS`; returns the job id."""
        out = self.run("sbatch", "--parsable", "-o", "/dev/null", *options, "--wrap", f"sleep {seconds}", user=user)
        return int(out.stdout.strip().split(";")[0])

    def jobs(self):
        """Every job Slurm shows (finished ones for MinJobAge), by id."""
        out = self.run("squeue", "--json")
        return {j["job_id"]: j for j in json.loads(out.stdout)["jobs"]}

    def nodes(self):
        out = self.run("sinfo", "--json")
        return {n["name"]: n for n in json.loads(out.stdout)["nodes"]}

    def finished(self):
        """The jobcomp log: one record per finished job (several if a job ended twice)."""
        path = self.vars["SLURM_CLUSTER_JOBCOMP"]
        if not os.path.exists(path):
            return []
        with open(path) as f:
            return [json.loads(line) for line in f if line.strip()]

    def running(self):
        return [j for j in self.jobs().values() if j["job_state"] == "RUNNING"]


class Serve:
    """`mauirun serve` on a cluster, with its own state directory."""

    def __init__(self, cluster, config, *extra, state_dir=None):
        self.cluster = cluster
        self.state_dir = state_dir or os.path.join(cluster.dir, "serve-state")
        self.config = os.path.join(cluster.dir, "maui.cfg")
        with open(self.config, "w") as f:
            f.write(config)
        self.extra = list(extra)
        self.proc = None
        self.runs = 0

    def args(self):
        return [MAUIRUN, "serve", "--config", self.config, "--rm", "slurm", "--state-dir", self.state_dir] + self.extra

    def start(self):
        self.runs += 1
        started_before = len([e for e in self.log() if e["event"] == "serve" and e["reason"].startswith("started")])
        self.out = open(os.path.join(self.cluster.dir, f"serve-{self.runs}.out"), "w")
        self.proc = subprocess.Popen(self.args(), env=self.cluster.env, stdout=self.out, stderr=subprocess.STDOUT)
        wait_until("serve to start", lambda: self.proc.poll() is not None or len(
            [e for e in self.log() if e["event"] == "serve" and e["reason"].startswith("started")]) > started_before, 30)
        if self.proc.poll() is not None:
            raise AssertionError(f"serve exited at once ({self.proc.returncode}): {self.output()}")

    def once(self, *extra):
        return subprocess.run(self.args() + ["--once"] + list(extra), env=self.cluster.env, capture_output=True,
                              text=True, timeout=120)

    def stop(self, sig=signal.SIGTERM, timeout=60):
        if not self.proc:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout)
            finally:
                self.out.close()
        self.out.close()
        code = self.proc.returncode
        if code != 0:  # said where CI shows it: the daemon's last words
            sys.stderr.write(f"serve exited {code}; its output ends with:\n{self.output()[-4000:]}\n")
        return code

    def kill9(self):
        self.proc.kill()
        self.proc.wait()
        self.out.close()

    def output(self):
        with open(os.path.join(self.cluster.dir, f"serve-{self.runs}.out")) as f:
            return f.read()

    def log(self):
        path = os.path.join(self.state_dir, "serve.jsonl")
        if not os.path.exists(path):
            return []
        with open(path) as f:
            return [json.loads(line) for line in f if line.strip()]

    def events(self, kind):
        return [e for e in self.log() if e["event"] == kind]


class ClusterTest(unittest.TestCase):
    """A test with a cluster of its own, stopped whatever happens."""

    def setUp(self):
        self.cluster = Cluster(self.id().split(".")[-1])
        self.serves = []

    def tearDown(self):
        for s in self.serves:
            try:
                s.stop(signal.SIGKILL, 10)
            except Exception:  # the process may be gone already
                pass
        self.cluster.stop()
        # A passing test's cluster directory goes (an accounting cluster's database alone is
        # 150 MB, and a CI run starts some 50 clusters); a failing test's stays for its logs.
        if self.passed_so_far():
            shutil.rmtree(self.cluster.dir, ignore_errors=True)
        else:
            print(f"cluster directory kept for its logs: {self.cluster.dir}", file=sys.stderr)

    def passed_so_far(self):
        """In tearDown: has this test neither failed nor raised? (unittest records both in its
        result before tearDown runs; Python 3.11's _Outcome.success is still True there.)"""
        result = getattr(getattr(self, "_outcome", None), "result", None)
        if result is None:
            return False
        # a failed subTest is recorded as a _SubTest whose test_case is this test
        return not any(getattr(test, "test_case", test) is self for test, _ in result.failures + result.errors)

    def serve(self, config, *extra, **kw):
        s = Serve(self.cluster, config, *extra, **kw)
        self.serves.append(s)
        return s


def main():
    unittest.main(argv=sys.argv, verbosity=2)
