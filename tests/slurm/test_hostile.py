"""A hostile local user (uid nobody, through setpriv) doing its worst on the admin socket while
root runs Maui's commands: hundreds of idle connections reopened as they are closed, and
megabytes of refused requests (60 KB setres, releasehold of jobs that are not its own, garbage).
Root's showq, runjob and schedctl -s / -r each answer within a second (two under the
sanitizers), the state directory (where the logs are) grows by less than a few MB, and the
refusals are in audit.log, a bounded number."""
import json
import os
import shutil
import subprocess
import sys
import time

from harness import MAUIRUN, NOBODY, SANITIZED, ClusterTest, main, wait_until

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
QUEUETIMEWEIGHT 1
USERCFG[root] MAXJOB=1
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
"""
FLOOD_SECONDS = 20
# The bound an admin is promised, the Release build's. Under the sanitizers the client itself
# starts and runs two to three times slower, and CI runs clang-tidy on both cores beside it: there
# root's showq once took 1.07 s (the same run's Release build answered within the second).
ANSWER_SECONDS = 2.0 if SANITIZED else 1.0


def tree_bytes(path):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(path) for f in files
               if os.path.exists(os.path.join(d, f)))


class Hostile(ClusterTest):
    def root_asks(self, serve, *args):
        """Root's command, timed: (exit status, stdout, stderr, seconds)."""
        t0 = time.monotonic()
        out = subprocess.run([MAUIRUN, *args, "--socket", os.path.join(serve.state_dir, "mauirun.sock")],
                             capture_output=True, text=True, timeout=60, env=self.cluster.env)
        return out.returncode, out.stdout, out.stderr, time.monotonic() - t0

    def quick(self, serve, *args):
        code, out, err, seconds = self.root_asks(serve, *args)
        self.assertEqual(code, 0, f"root's {args} during the flood: {err}")
        self.assertLess(seconds, ANSWER_SECONDS, f"root's {args} took {seconds:.2f} s during the flood")
        return out

    def test_a_flooding_user_keeps_no_admin_out_and_fills_no_disk(self):
        serve = self.serve(CONFIG)
        serve.start()
        first = self.cluster.sbatch("-n", "1", "--time=5", seconds=120)
        blocked = self.cluster.sbatch("-n", "1", "--time=5", seconds=120)
        wait_until("the first job to run", lambda: self.cluster.jobs()[first]["job_state"] == "RUNNING", 60)
        self.quick(serve, "showq")  # the daemon is up and answering before the flood
        before = tree_bytes(serve.state_dir)
        # Where nobody can read it (the checkout may be under a directory only root may enter).
        script = shutil.copy(os.path.join(HERE, "flood_socket.py"), self.cluster.dir)
        os.chmod(script, 0o644)
        flood = subprocess.Popen(NOBODY + ["/usr/bin/python3", script,
                                           os.path.join(serve.state_dir, "mauirun.sock"), str(FLOOD_SECONDS)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            time.sleep(3)  # the flood at its height
            for _ in range(5):
                self.assertIn(str(first), self.quick(serve, "showq"))
                time.sleep(0.5)
            out = self.quick(serve, "runjob", str(blocked))
            self.assertTrue(out.startswith(f"job {blocked} started on n"), out)
            self.quick(serve, "schedctl", "-s")
            self.quick(serve, "schedctl", "-r")
            self.assertIsNone(flood.poll(), "the flood ended before root was done: it proves nothing")
        finally:
            seen, err = flood.communicate(timeout=FLOOD_SECONDS + 30)
        self.assertEqual(flood.returncode, 0, err)
        print("flood:", seen.strip(), file=sys.stderr)
        seen = json.loads(seen)
        self.assertGreater(seen["bytes_tried"], 5 << 20, "the flood tried less than 5 MB of refused requests")
        self.assertLessEqual(seen["held_max"], 300)
        self.assertIsNone(serve.proc.poll(), "serve died under the flood")
        grown = tree_bytes(serve.state_dir) - before
        self.assertLess(grown, 2 << 20, f"the state directory grew by {grown} bytes during the flood")
        with open(os.path.join(serve.state_dir, "audit.log")) as f:
            audit = f.read()
        nobody = [line for line in audit.splitlines() if "(uid 65534)" in line]
        self.assertTrue(nobody, "the refusals are not in audit.log")
        # The budget: 10 lines a minute for one user, each line bounded.
        self.assertLessEqual(len(nobody), 10 + 2, "\n".join(nobody[:20]))
        self.assertTrue(all(len(line) < 2000 for line in nobody))
        # What the flood was told: its connections over its share refused, and a request that got
        # a connection refused for what it asked. (How many got one depends on the machine's speed:
        # under the sanitizers its idle connections may have held all four slots throughout.)
        told = " ".join(seen["answers"])
        self.assertIn("connections to the daemon open already", told + " ".join(nobody))
        for answer in seen["answers"]:
            self.assertTrue(answer.startswith(("permission denied", "mauirun: ", "(no answer)")), answer)
        # Once the flood is over, its own setres gets its answer: refused.
        out = subprocess.run(NOBODY + [MAUIRUN, "setres", "x", "HOSTLIST=n1", "DURATION=1:00:00", "--socket",
                                       os.path.join(serve.state_dir, "mauirun.sock")],
                             capture_output=True, text=True, timeout=60, env=self.cluster.env)
        self.assertEqual(out.returncode, 3, out.stderr)
        self.assertEqual(out.stderr.strip(), "permission denied: setres needs ADMIN2")
        self.assertEqual(self.cluster.jobs()[blocked]["job_state"], "RUNNING")
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
