"""`mauic check` on the nodes of a live Slurm: `serve --once --dry-run --snapshot-out` reads them
through the adapter (changing nothing) and `mauic check --cluster` proves on them. A config
without NODECFG (its nodes come from Slurm): without the snapshot where its standing
reservations go is UNKNOWN; with it, SRCFG[night] on n1,n2 is placed, SRCFG[gone] on n9 (no
such node) matches none, and the witnesses are bounded by the cluster's 16 CPUs (4 nodes of 4)."""
import os
import subprocess
import tempfile

from harness import MAUIRUN, ClusterTest, main

MAUIC = os.path.join(os.path.dirname(MAUIRUN), "mauic")

SERVE_CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
"""

SITE_CONFIG = """SERVERHOST localhost
SRCFG[night] HOSTLIST=n1,n2 CLASSLIST=debug PERIOD=DAY STARTTIME=00:00:00 ENDTIME=06:00:00
SRCFG[gone] HOSTLIST=n9 CLASSLIST=debug PERIOD=DAY
"""


class CheckNodes(ClusterTest):
    def test_mauic_check_proves_on_slurms_nodes(self):
        serve = self.serve(SERVE_CONFIG, state_dir=tempfile.mkdtemp(dir=self.cluster.dir))
        snapshot = os.path.join(self.cluster.dir, "live.json")
        once = serve.once("--dry-run", "--snapshot-out", snapshot)
        self.assertEqual(once.returncode, 0, once.stderr)
        site = os.path.join(self.cluster.dir, "site.cfg")
        with open(site, "w") as f:
            f.write(SITE_CONFIG)

        def check(*extra):
            return subprocess.run([MAUIC, "check", site, *extra], capture_output=True, text=True, timeout=120)

        blind = check()
        self.assertIn("UNKNOWN: where SRCFG[night] is placed is unknown: the config lists no nodes", blind.stdout + blind.stderr)
        seen = check("--cluster", snapshot)
        out = seen.stdout + seen.stderr
        self.assertIn("proved: SRCFG[night] can be placed on n1, n2", out)
        self.assertIn("VIOLATED: SRCFG[gone] matches no node", out)
        self.assertIn(f"at most 16 procs (the 4 nodes of {snapshot})", out)
        self.assertNotIn("UNKNOWN: where SRCFG", out)


if __name__ == "__main__":
    main()
