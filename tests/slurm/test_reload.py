"""SIGHUP compiles the config again: with an error in it the running policy stays (and the
diagnostics are in the log); a good one is in force from the next turn, and the views answer
from it as soon as the log says so. Every diagnostic of a compile (a warning too) is in the log
with its file:line, at start and at each reload."""
import json
import os
import signal
import subprocess
import time

from harness import MAUIRUN, ClusterTest, main, wait_until

GOOD = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
QUEUETIMEWEIGHT 1
USERCFG[nobody] MAXJOB={maxjob}
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
"""


def running_of(cluster, user):
    return [j for j in cluster.running() if j["user_name"] == user]


def showconfig_maxjob(serve):
    """USERCFG[nobody] MAXJOB as `showconfig` answers it from the running serve."""
    out = subprocess.run([MAUIRUN, "showconfig", "--format", "json", "--socket",
                          os.path.join(serve.state_dir, "mauirun.sock")], capture_output=True, text=True, timeout=30,
                         env=serve.cluster.env)
    assert out.returncode == 0, out.stderr
    return {o["name"]: o["value"] for o in json.loads(out.stdout)["objects"]}["USERCFG[nobody] MAXJOB"]


def config_lines(serve, text):
    return [e["reason"] for e in serve.events("config") if text in e["reason"]]


class Reload(ClusterTest):
    def test_a_broken_config_keeps_the_running_policy(self):
        # Line 7: a parameter Maui does not know, which it ignores: said in the log at start.
        serve = self.serve(GOOD.format(maxjob=1) + "FROBNICATEPOLICY 1\n")
        serve.start()
        self.assertEqual(config_lines(serve, "FROBNICATEPOLICY"), [
            f"{serve.config}:7:1: warning: unknown parameter 'FROBNICATEPOLICY': Maui ignores this line "
            "[unknown-parameter]"])
        jobs = [self.cluster.sbatch("-n", "1", "--time=1", seconds=30, user="nobody") for _ in range(4)]
        wait_until("one job of nobody running (MAXJOB 1)", lambda: len(running_of(self.cluster, "nobody")) == 1, 30)
        with open(serve.config, "w") as f:
            # A syntax error: the whole file is refused, the MAXJOB=4 in it too.
            f.write(GOOD.format(maxjob=4) + "USERCFG[nobody MAXJOB=2\n")
        serve.proc.send_signal(signal.SIGHUP)
        wait_until("the reload refused", lambda: [e for e in serve.events("reload") if "has errors" in e["reason"]], 30)
        refused = [e for e in serve.events("reload") if "has errors" in e["reason"]][0]
        self.assertIn("expected ']' to close the index [syntax-error]", refused["reason"])
        time.sleep(6)  # turns under the old policy
        self.assertEqual(len(running_of(self.cluster, "nobody")), 1, "the broken config's MAXJOB=4 took effect")
        self.assertIn(f"{serve.config}:7:", config_lines(serve, "[syntax-error]")[0])
        self.assertEqual(showconfig_maxjob(serve), "1")
        with open(serve.config, "w") as f:
            # Line 7: a value Maui cannot read (it keeps FIRSTFIT): a warning, the config in force.
            f.write(GOOD.format(maxjob=3) + "BACKFILLPOLICY SOMETIMES\n")
        serve.proc.send_signal(signal.SIGHUP)
        wait_until("the new policy in force", lambda: [e for e in serve.events("reload") if "in force" in e["reason"]], 30)
        # At once, not after the next turn (RMPOLLINTERVAL 5 s): the views answer from it.
        self.assertEqual(showconfig_maxjob(serve), "3")
        bad_value = config_lines(serve, "SOMETIMES")
        self.assertEqual(len(bad_value), 1, bad_value)
        self.assertTrue(bad_value[0].startswith(
            f"{serve.config}:7:16: warning: 'SOMETIMES' is not a value of BACKFILLPOLICY"), bad_value[0])
        self.assertTrue(bad_value[0].endswith("[invalid-value]"), bad_value[0])
        wait_until("three jobs of nobody running (MAXJOB 3)", lambda: len(running_of(self.cluster, "nobody")) == 3, 30)
        self.assertIsNone(serve.proc.poll())
        self.assertEqual(serve.stop(), 0)
        del jobs


if __name__ == "__main__":
    main()
