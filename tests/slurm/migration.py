"""What the live tests of `mauic migrate --to slurm` share: a test cluster with accounting and
Slurm's own sched/backfill (no mauirun in front), a config migrated and applied to it as
MIGRATION.md says (sacctmgr.sh, slurm.conf merged and slurmctld restarted, scontrol.sh), and the
state Slurm shows read back and compared with MIGRATION.md's tables.

MAUIC names the mauic binary under test (the build's own)."""
import json
import os
import re
import subprocess
import time

from harness import CLUSTER_SH, HERE, Cluster, ClusterTest, node_set, wait_until

MAUIC = os.environ.get("MAUIC", os.path.join(HERE, "..", "..", "build", "release", "tools", "mauic"))
SOURCE = os.path.realpath(os.path.join(HERE, "..", ".."))
TEST_DATA = os.path.join(SOURCE, "tests", "data")  # the corpus of real configs (tests/data/README.md)
ACCOUNTING = {"SLURM_CLUSTER_ACCOUNTING": "1", "SLURM_CLUSTER_SCHEDULER": "backfill"}


def cluster_json(path, partitions=("batch", "debug")):
    """A JOBS.json of the test cluster's nodes (docs/jobs-json.md), for --cluster."""
    nodes = [{"name": f"n{i}", "procs": 4, "memory": 4096, "classes": list(partitions)} for i in range(1, 5)]
    with open(path, "w") as f:
        json.dump({"jobs": [], "nodes": nodes}, f)
    return path


def migrate(config, out, cluster=None, cwd=None):
    """`mauic migrate --to slurm CONFIG -o OUT --format json` run in CONFIG's directory; the JSON."""
    cwd = cwd or os.path.dirname(os.path.abspath(config))
    args = [MAUIC, "migrate", "--to", "slurm", os.path.basename(config), "-o", out, "--format", "json"]
    if cluster:
        args += ["--cluster", cluster]
    r = subprocess.run(args, capture_output=True, text=True, cwd=cwd)
    if r.returncode not in (0, 1):
        raise AssertionError(f"mauic migrate {config} exited {r.returncode}: {r.stderr}")
    return json.loads(r.stdout)


def md_tables(path):
    """MIGRATION.md's tables under "What Slurm shows": {"scontrol show config": [row dict], ...}."""
    with open(path) as f:
        text = f.read()
    shown = text.split("## What Slurm shows once it is applied", 1)[1].split("\n## ", 1)[0]
    tables = {}
    for block in shown.split("### ")[1:]:
        title, _, body = block.partition("\n")
        rows = [line for line in body.splitlines() if line.startswith("|")]
        if len(rows) < 2:
            tables[title.strip("` ")] = []
            continue

        def cells(line):
            parts = re.split(r"(?<!\\)\|", line.strip())[1:-1]
            return [p.strip().strip("`").replace("\\|", "|") for p in parts]
        header = cells(rows[0])
        tables[title.strip("` ")] = [dict(zip(header, cells(r))) for r in rows[2:]]
    return tables


class Applied:
    """A migration applied to a cluster, as MIGRATION.md's "Apply it" says, with what it made."""

    def __init__(self, cluster, out):
        self.cluster = cluster
        self.out = out
        self.tables = md_tables(os.path.join(out, "MIGRATION.md"))
        self.runs = {}

    def script(self, name):
        r = subprocess.run(["sh", os.path.join(self.out, name)], capture_output=True, text=True,
                           env=self.cluster.env, cwd=self.cluster.tmp)
        self.runs.setdefault(name, []).append(r)
        return r

    def restart_with_conf(self):
        for args in (["merge-conf", self.cluster.dir, os.path.join(self.out, "slurm.conf")],
                     ["stop-ctld", self.cluster.dir], ["start-ctld", self.cluster.dir]):
            r = subprocess.run(["bash", CLUSTER_SH] + args, capture_output=True, text=True)
            if r.returncode != 0:
                log = os.path.join(self.cluster.dir, "log", "slurmctld.log")
                tail = open(log).read()[-3000:] if os.path.exists(log) else ""
                raise AssertionError(f"cluster.sh {' '.join(args)} failed: {r.stdout}{r.stderr}\n{tail}")

    def apply(self):
        """sacctmgr.sh, slurm.conf and a slurmctld restart, scontrol.sh: each must succeed."""
        r = self.script("sacctmgr.sh")
        if r.returncode != 0:
            raise AssertionError(f"sacctmgr.sh failed ({r.returncode}): {r.stdout}{r.stderr}")
        self.restart_with_conf()
        r = self.script("scontrol.sh")
        if r.returncode != 0:
            raise AssertionError(f"scontrol.sh failed ({r.returncode}): {r.stdout}{r.stderr}")
        return self

    # ---- what Slurm shows, against MIGRATION.md

    def config_differences(self):
        shown = {}
        for line in self.cluster.run("scontrol", "show", "config").stdout.splitlines():
            key, sep, value = line.partition(" = ")
            if sep:
                shown[key.strip()] = value.strip()
        return [f"scontrol show config: {r['key']} is {shown.get(r['key'])!r}, MIGRATION.md says {r['value']!r}"
                for r in self.tables["scontrol show config"] if shown.get(r["key"]) != r["value"]]

    def qos_differences(self):
        rows = self.tables["sacctmgr show qos"]
        if not rows:
            return []
        columns = [c for c in rows[0] if c != "Name"]
        out = self.cluster.run("sacctmgr", "-n", "-P", "show", "qos",
                               "format=name," + ",".join(QOS_FORMAT[c] for c in columns)).stdout
        shown = {line.split("|")[0]: dict(zip(columns, line.split("|")[1:])) for line in out.splitlines() if line}
        problems = []
        for r in rows:
            got = shown.get(r["Name"])
            if got is None:
                problems.append(f"sacctmgr show qos: no QOS {r['Name']}")
                continue
            for c in columns:
                if not same(c, got[c], r[c]):
                    problems.append(f"sacctmgr show qos {r['Name']} {c}: {got[c]!r}, MIGRATION.md says {r[c]!r}")
        return problems

    def assoc_differences(self):
        rows = self.tables["sacctmgr show assoc"]
        if not rows:
            return []
        columns = [c for c in rows[0] if c not in ("Account", "User")]
        out = self.cluster.run("sacctmgr", "-n", "-P", "show", "assoc",
                               "format=account,user," + ",".join(ASSOC_FORMAT[c] for c in columns)).stdout
        shown = {}
        for line in out.splitlines():
            parts = line.split("|")
            shown[(parts[0], parts[1])] = dict(zip(columns, parts[2:]))
        problems = []
        for r in rows:
            got = shown.get((r["Account"], r["User"]))
            if got is None:
                problems.append(f"sacctmgr show assoc: no association {r['Account']}/{r['User']}")
                continue
            for c in columns:
                if not same(c, got[c], r[c]):
                    problems.append(f"sacctmgr show assoc {r['Account']}/{r['User']} {c}: {got[c]!r}, "
                                    f"MIGRATION.md says {r[c]!r}")
        return problems

    def reservations(self):
        out = self.cluster.run("scontrol", "-o", "show", "reservation", check=False).stdout
        return {f["ReservationName"]: f for f in (fields(line) for line in out.splitlines() if "=" in line)}

    def reservation_differences(self):
        return self.object_differences("reservation", self.tables["scontrol show reservation"], self.reservations())

    def partition_differences(self):
        out = self.cluster.run("scontrol", "-o", "show", "partition").stdout
        shown = {f["PartitionName"]: f for f in (fields(line) for line in out.splitlines() if "=" in line)}
        return self.object_differences("partition", self.tables["scontrol show partition"], shown)

    @staticmethod
    def object_differences(kind, rows, shown):
        """MIGRATION.md's rows of reservations or partitions against `scontrol -o show`'s fields
        (a reservation's StartTime: its time of day; a partition's QOS is shown as QoS)."""
        name = "ReservationName" if kind == "reservation" else "PartitionName"
        problems = []
        for r in rows:
            got = shown.get(r[name])
            if got is None:
                problems.append(f"scontrol show {kind}: no {r[name]}")
                continue
            for c, want in r.items():
                if c == name or not want:
                    continue
                have = got.get("QoS" if c == "QOS" else c, "")
                if c == "StartTime":
                    have = have.partition("T")[2]
                if not same(c, have, want):
                    problems.append(f"{kind} {r[name]} {c}: {have!r}, MIGRATION.md says {want!r}")
        return problems

    def differences(self):
        return (self.config_differences() + self.qos_differences() + self.assoc_differences() +
                self.reservation_differences() + self.partition_differences())

    def remove(self):
        """Deletes what the migration made (reservations, users, accounts, QOS; root's and normal's
        settings back to none), so that the next migration on the same cluster starts clean."""
        for name in self.reservations():
            self.cluster.run("scontrol", "delete", f"reservationname={name}", check=False)
        for r in self.tables["sacctmgr show assoc"]:
            if r["User"]:
                self.cluster.run("sacctmgr", "-i", "delete", "user", f"name={r['User']}",
                                 f"account={r['Account']}", check=False)
        for r in self.tables["sacctmgr show assoc"]:
            if not r["User"] and r["Account"] != "root":
                self.cluster.run("sacctmgr", "-i", "delete", "account", f"name={r['Account']}", check=False)
        for r in self.tables["sacctmgr show qos"]:
            if r["Name"] != "normal":
                self.cluster.run("sacctmgr", "-i", "delete", "qos", f"name={r['Name']}", check=False)
        self.cluster.run("sacctmgr", "-i", "modify", "account", "where", "name=root", "set", "MaxJobs=-1",
                         "MaxWall=-1", "GrpJobs=-1", "MaxTRES=cpu=-1", "MaxTRESMins=cpu=-1",
                         "GrpTRES=cpu=-1,node=-1,mem=-1", "Priority=-1", check=False)
        self.cluster.run("sacctmgr", "-i", "modify", "qos", "where", "name=normal", "set", "Priority=0",
                         "GrpJobs=-1", "MaxJobsPerUser=-1", check=False)


# MIGRATION.md's column names -> sacctmgr's format names
QOS_FORMAT = {"Priority": "priority", "GrpJobs": "grpjobs", "GrpTRES": "grptres", "MaxJobsPU": "maxjobspu",
              "MaxTRESPU": "maxtrespu", "MaxWall": "maxwall", "Preempt": "preempt", "Flags": "flags",
              "GrpTRESRunMins": "grptresrunmins", "MaxTRES": "maxtres"}
ASSOC_FORMAT = {"Fairshare": "fairshare", "Priority": "priority", "MaxJobs": "maxjobs", "GrpJobs": "grpjobs",
                "GrpTRES": "grptres", "GrpTRESRunMins": "grptresrunmins", "MaxWall": "maxwall",
                "MaxTRES": "maxtres", "MaxTRESMins": "maxtresmins", "QOS": "qos", "Def QOS": "defaultqos"}


def fields(line):
    """`scontrol -o show ...`: Key=Value tokens (values have no blanks there)."""
    out = {}
    for token in line.split():
        key, sep, value = token.partition("=")
        if sep:
            out[key] = value
    return out


def same(column, shown, expected):
    """A value as Slurm shows it against MIGRATION.md's: node lists as sets of nodes, flags and
    lists as sets (SPEC_NODES is Slurm's own output flag), "(null)" as nothing."""
    shown = "" if shown in ("(null)", "N/A") else shown
    if column == "Nodes":
        return node_set(shown) == node_set(expected) if shown and expected else shown == expected
    if column in ("Flags", "QOS", "Preempt", "AllowQos", "Users", "Accounts", "Groups"):
        as_set = lambda v: {x for x in v.split(",") if x and x != "SPEC_NODES"}
        return as_set(shown) == as_set(expected)
    return shown == expected


class MigrationTest(ClusterTest):
    """A test with an accounting cluster of its own (Slurm's sched/backfill, no mauirun)."""

    def setUp(self):
        self.cluster = Cluster(self.id().split(".")[-1], settings=ACCOUNTING)
        self.serves = []

    def migrated(self, config_text, name="maui.cfg", cluster=True):
        """Writes the config into the cluster's directory, migrates it (--cluster: the test nodes)
        and applies it; returns the Applied migration."""
        path = os.path.join(self.cluster.dir, name)
        with open(path, "w") as f:
            f.write(config_text)
        out = os.path.join(self.cluster.dir, "migrated")
        nodes = cluster_json(os.path.join(self.cluster.dir, "nodes.json")) if cluster else None
        self.report = migrate(path, out, nodes)
        applied = Applied(self.cluster, out).apply()
        wait_until("the nodes to take jobs after the restart", lambda: self.nodes_idle(), 60)
        return applied

    def nodes_idle(self):
        out = self.cluster.run("sinfo", "-h", "-N", "-o", "%N %t", check=False).stdout
        states = [line.split()[1] for line in out.splitlines() if line.strip()]
        return len(states) >= 4 and all(s in ("idle", "mix", "alloc", "resv") for s in states)

    def sbatch_as(self, user, *options, seconds=5):
        """Submits `sleep SECONDS` as `user` (root, or another uid through setpriv)."""
        cmd = [] if user == "root" else ["setpriv", f"--reuid={user}", f"--regid={user_group(user)}",
                                         "--clear-groups"]
        out = subprocess.run(cmd + ["sbatch", "--parsable", "-o", "/dev/null", *options, "--wrap", f"sleep {seconds}"],
                             capture_output=True, text=True, env=self.cluster.env, cwd=self.cluster.tmp)
        if out.returncode != 0:
            raise AssertionError(f"sbatch as {user} {' '.join(options)} failed: {out.stderr}")
        return int(out.stdout.strip().split(";")[0])


def user_group(user):
    return {"nobody": "nogroup", "daemon": "daemon"}.get(user, user)


def most_at_once(runs):
    """The most jobs running at once among (start, end) pairs (an end before a start at one second)."""
    points = sorted([(s, 1) for s, e in runs] + [(e, -1) for s, e in runs])
    now = best = 0
    for _, d in points:
        now += d
        best = max(best, now)
    return best


def finished_jobs(cluster, ids, timeout=180):
    """Waits for the jobcomp records of `ids`; returns them by id."""
    want = set(ids)
    return wait_until(f"jobs {sorted(want)} to finish",
                      lambda: (lambda f: f if want <= set(f) else None)({r["job_id"]: r for r in cluster.finished()}),
                      timeout)


__all__ = ["Applied", "MigrationTest", "TEST_DATA", "SOURCE", "cluster_json", "finished_jobs", "md_tables", "migrate",
           "most_at_once", "time", "wait_until"]
