"""Maui's client commands on the running daemon, against a real Slurm: showq and checkjob of a job
blocked by MAXJOB, runjob past the limit, setres keeping a node free, sethold / releasehold,
schedctl -s / -r, a reload with a broken config that keeps the policy; and the access levels
with a real second uid (`nobody` through setpriv): each level's rights and refusals."""
import json
import os
import subprocess
import time

from harness import MAUIRUN, NOBODY, ClusterTest, main, node_set, wait_until

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
QUEUETIMEWEIGHT 1
USERCFG[root] MAXJOB=1
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
"""


class Admin(ClusterTest):
    def client(self, serve, *args, user=None, json_out=False):
        cmd = (NOBODY if user == "nobody" else []) + [MAUIRUN] + list(args) + [
            "--socket", os.path.join(serve.state_dir, "mauirun.sock")]
        if json_out:
            cmd += ["--format", "json"]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=150, env=self.cluster.env)
        return out.returncode, out.stdout, out.stderr

    def ok(self, serve, *args, user=None):
        code, out, err = self.client(serve, *args, user=user)
        self.assertEqual(code, 0, f"{args} as {user or 'root'}: {err}")
        return out

    def refused(self, serve, level, *args, user="nobody"):
        code, out, err = self.client(serve, *args, user=user)
        self.assertEqual(code, 3, f"{args}: {out} {err}")
        self.assertEqual(err.strip(), f"permission denied: {args[0]} needs {level}")

    def running_on(self, job):
        j = self.cluster.jobs()[job]
        return j["job_state"], j.get("nodes", "")

    def reload(self, serve, config):
        with open(serve.config, "w") as f:
            f.write(config)
        return self.client(serve, "schedctl", "-R")

    def test_operator_commands_end_to_end(self):
        serve = self.serve(CONFIG)
        serve.start()
        first = self.cluster.sbatch("-n", "1", "--time=5", seconds=120)
        blocked = self.cluster.sbatch("-n", "1", "--time=5", seconds=120)
        wait_until("the first job to run", lambda: self.running_on(first)[0] == "RUNNING", 60)
        # showq: the second job is blocked by root's MAXJOB, and says so.
        code, out, err = self.client(serve, "showq", json_out=True)
        self.assertEqual(code, 0, err)
        q = json.loads(out)
        self.assertEqual([a["id"] for a in q["active"]], [str(first)])
        self.assertEqual([b["id"] for b in q["blocked"]], [str(blocked)])
        self.assertIn("MAXJOB", q["blocked"][0]["reason"])
        # checkjob in Maui 3.3.1's words; --explain adds the config line of the limit (docs/views.md).
        check = self.ok(serve, "checkjob", str(blocked))
        self.assertIn("violates active HARD MAXJOB limit of 1 for user root", check)
        self.assertIn("USERCFG[root]", self.ok(serve, "checkjob", str(blocked), "--explain"))

        # runjob past the limit: started at once, on the node the answer names.
        out = self.ok(serve, "runjob", str(blocked))
        self.assertTrue(out.startswith(f"job {blocked} started on n"), out)
        state, nodes = wait_until("the runjob job to run", lambda: (lambda s: s if s[0] == "RUNNING" else None)(
            self.running_on(blocked)), 30)
        self.assertIn(f"started on {sorted(node_set(nodes))[0]}:", out)

        # setres keeps n4 free: sixteen one-CPU jobs of nobody, more than n1-n3 hold beside root's
        # two: those that run are not on n4; released, n4 (2 CPUs free at least) takes some at once.
        self.ok(serve, "setres", "maint", "ENDTIME=+1:00:00", "HOSTLIST=n4")
        self.assertIn("maint", self.ok(serve, "showres"))
        small = [self.cluster.sbatch("-n", "1", "--time=5", seconds=60, user="nobody") for _ in range(16)]
        wait_until("ten of nobody's jobs to run", lambda: sum(self.running_on(j)[0] == "RUNNING" for j in small) >= 10, 60)
        wait_until("a turn after they started", lambda: len(serve.events("started")) >= 12, 30)
        for j in small:
            self.assertNotIn("n4", node_set(self.running_on(j)[1]))
        pending = [j for j in small if self.running_on(j)[0] == "PENDING"]
        self.assertGreaterEqual(len(pending), 4)
        self.ok(serve, "releaseres", "maint")
        wait_until("waiting jobs to run on n4 once it is free", lambda: any(
            self.running_on(j)[0] == "RUNNING" and "n4" in node_set(self.running_on(j)[1]) for j in pending), 30)
        self.cluster.run("scancel", *[str(j) for j in small])  # room for what follows

        # schedctl -s: nothing starts, the views still answer; -r: it starts.
        self.ok(serve, "schedctl", "-s")
        late = self.cluster.sbatch("-n", "1", "--time=5", seconds=5, user="nobody")
        self.ok(serve, "showq")
        wait_until("a turn that saw the job", lambda: [e for e in serve.events("submitted") if e["job"] == str(late)], 30)
        self.assertEqual(self.running_on(late)[0], "PENDING")
        self.ok(serve, "schedctl", "-r")
        wait_until("the job to run after schedctl -r", lambda: self.running_on(late)[0] in ("RUNNING", "COMPLETED"), 30)

        # sethold keeps a job from starting; its owner sees the hold and releases it.
        # (held while scheduling is stopped: else the turn its submission wakes would start it)
        self.ok(serve, "schedctl", "-s")
        waiting = self.cluster.sbatch("-n", "1", "--time=5", seconds=5, user="nobody")
        wait_until("a turn that saw it", lambda: [e for e in serve.events("submitted") if e["job"] == str(waiting)], 30)
        self.ok(serve, "sethold", str(waiting))
        self.ok(serve, "schedctl", "-r")
        time.sleep(3)  # turns go on (RMPOLLINTERVAL 5 s, and at once after each change)
        check = self.ok(serve, "checkjob", str(waiting), user="nobody")
        self.assertIn("user", check)
        self.assertIn("root", check)  # who set the hold
        self.assertEqual(self.running_on(waiting)[0], "PENDING")
        self.ok(serve, "releasehold", str(waiting), user="nobody")
        wait_until("the released job to run", lambda: self.running_on(waiting)[0] in ("RUNNING", "COMPLETED"), 30)

        # A reload with a broken config keeps the running policy; the daemon answers on.
        code, out, err = self.reload(serve, CONFIG + "USERCFG[nobody MAXJOB=2\n")  # a syntax error
        self.assertEqual(code, 1, out)
        self.assertIn("the running policy stays", err)
        self.ok(serve, "showq")
        code, out, err = self.reload(serve, CONFIG)
        self.assertEqual(code, 0, err)

        # The audit log has each change with who made it.
        with open(os.path.join(serve.state_dir, "audit.log")) as f:
            audit = f.read()
        for what in (f"root (uid 0): runjob {blocked}", "root (uid 0): setres maint", "root (uid 0): releaseres maint",
                     "root (uid 0): schedctl -s", f"nobody (uid 65534): releasehold {waiting}", "schedctl -R"):
            self.assertIn(what, audit)
        self.assertEqual(serve.stop(), 0)

    def test_each_level_with_a_second_uid(self):
        serve = self.serve(CONFIG)
        serve.start()
        mine = self.cluster.sbatch("-n", "1", "--time=5", seconds=300)
        theirs = self.cluster.sbatch("-n", "1", "-H", "--time=5", seconds=5, user="nobody")
        wait_until("a turn that saw both jobs", lambda: len(serve.events("submitted")) >= 2, 30)
        # No level: the queue, the backfill windows, their own job; nothing else.
        self.ok(serve, "showq", user="nobody")
        # showbf without -u/-g answers for the asker, named from the socket peer's uid and gid.
        self.assertIn("user: 'nobody' group: 'nogroup'", self.ok(serve, "showbf", user="nobody"))
        self.assertIn("user: 'root' group: 'root'", self.ok(serve, "showbf"))
        self.ok(serve, "checkjob", str(theirs), user="nobody")
        code, _, err = self.client(serve, "checkjob", str(mine), user="nobody")
        self.assertEqual(code, 3, err)
        self.refused(serve, "ADMIN3", "diagnose", "-p")
        self.refused(serve, "ADMIN2", "setspri", "10", str(mine))
        self.refused(serve, "ADMIN2", "sethold", str(mine))
        self.refused(serve, "ADMIN2", "runjob", str(mine))
        self.refused(serve, "ADMIN2", "setres", "x", "ENDTIME=+1:00", "HOSTLIST=n1")
        self.refused(serve, "ADMIN1", "schedctl", "-s")
        # ADMIN3: looks at everything, changes nothing.
        self.assertEqual(self.reload(serve, CONFIG + "ADMIN3 nobody\n")[0], 0)
        self.ok(serve, "diagnose", "-p", user="nobody")
        self.ok(serve, "checkjob", str(mine), user="nobody")
        self.ok(serve, "showconfig", user="nobody")
        self.ok(serve, "checknode", "n1", user="nobody")
        self.refused(serve, "ADMIN2", "setspri", "10", str(mine))
        # ADMIN2: operator.
        self.assertEqual(self.reload(serve, CONFIG + "ADMIN2 nobody\n")[0], 0)
        self.ok(serve, "setspri", "10", str(theirs), user="nobody")
        self.ok(serve, "setres", "x", "ENDTIME=+1:00:00", "HOSTLIST=n1", user="nobody")
        self.ok(serve, "releaseres", "x", user="nobody")  # their own
        self.refused(serve, "ADMIN1", "schedctl", "-s")
        self.ok(serve, "setres", "y", "ENDTIME=+1:00:00", "HOSTLIST=n2")  # root's
        code, _, err = self.client(serve, "releaseres", "y", user="nobody")
        self.assertEqual((code, err.strip()), (3, "permission denied: releaseres of reservation y (set by root) needs ADMIN1"))
        # ADMIN1 by the config.
        self.assertEqual(self.reload(serve, CONFIG + "ADMIN1 root nobody\n")[0], 0)
        self.ok(serve, "releaseres", "y", user="nobody")
        self.ok(serve, "schedctl", "-s", user="nobody")
        self.ok(serve, "schedctl", "-r", user="nobody")
        # Their own sbatch -H hold, released through the scheduler (Slurm refuses them: job_submit.lua).
        self.assertEqual(self.reload(serve, CONFIG)[0], 0)
        self.ok(serve, "releasehold", str(theirs), user="nobody")
        wait_until("nobody's job to run", lambda: self.running_on(theirs)[0] in ("RUNNING", "COMPLETED"), 30)
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
