#!/usr/bin/env python3
"""mauirun serve against Slurm's own scheduler, on the same 4-node test cluster, in one run
(README, "Benchmarks"). Root, Debian 12 with the Slurm packages; a few minutes.

  python3 bench/slurm/serve_bench.py [--mauirun build/release/tools/mauirun] [--latency 40]
                                     [--burst 1000] [--pending 10000]

1. Latency on an idle cluster: a one-CPU job submitted, waited for until Slurm shows it running,
   then the next; median and 95th percentile of sbatch-returned to RUNNING-seen (squeue polled
   every 20 ms, which the figures include).
2. A burst: N ready one-CPU jobs (`true`) queued while nothing schedules them, then scheduling
   turned on; jobs started per second, from the moment scheduling is turned on to the last start
   Slurm records (whole seconds: jobcomp).
   mauirun serve: the jobs wait held and serve is started. Slurm's sched/backfill (no
   job_submit.lua): the partitions are down while the jobs are submitted, then up.
3. One serve turn with N jobs held in Slurm: `mauirun serve --once --dry-run` and `--once`, its
   read / decide / apply times as the daemon logs them (the "turn" line).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "slurm"))
import harness  # noqa: E402

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:01:00
QUEUETIMEWEIGHT 1
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
"""


def squeue_state(cluster, job):
    out = subprocess.run(["squeue", "-h", "-t", "all", "-j", str(job), "-o", "%T"], env=cluster.env,
                         capture_output=True, text=True)
    return out.stdout.strip()


def latency(cluster, n):
    samples = []
    for _ in range(n):
        job = cluster.sbatch("-n", "1", "--time=1", seconds=1)
        t1 = time.time()
        while squeue_state(cluster, job) not in ("RUNNING", "COMPLETING", "COMPLETED"):
            if time.time() - t1 > 30:
                raise RuntimeError(f"job {job} did not start in 30 s")
            time.sleep(0.02)
        samples.append(time.time() - t1)
        time.sleep(1.2)  # idle again
    samples.sort()
    return statistics.median(samples), samples[int(0.95 * (len(samples) - 1))]


def submit_many(cluster, n, wrap="true"):
    """n one-CPU jobs, submitted by 4 sbatch at a time."""
    script = os.path.join(cluster.dir, "submit.sh")
    with open(script, "w") as f:
        f.write(f"cd {cluster.tmp}\nfor i in $(seq 1 {n}); do echo $i; done | "
                f"xargs -P 4 -I{{}} sbatch --parsable -o /dev/null -n 1 --time=1 --wrap '{wrap}' >/dev/null\n")
    subprocess.run(["bash", script], env=cluster.env, check=True)


def mauirun_side(args):
    c = harness.Cluster("bench-mr")
    try:
        serve = harness.Serve(c, CONFIG)
        serve.start()
        lat = latency(c, args.latency)
        serve.stop()
        submit_many(c, args.burst)
        before = len(c.finished())
        t0 = time.time()
        serve.start()
        done = harness.wait_until("the burst", lambda: (lambda f: f if len(f) >= before + args.burst else None)(c.finished()), 1200)
        last = max(r["start"] for r in done)
        rate = args.burst / max(1.0, last - int(t0))
        serve.stop()
        turn = {}
        if args.pending:
            submit_many(c, args.pending, wrap="sleep 600")
            for extra in (["--dry-run"], []):
                out = serve.once(*extra)
                lines = [json.loads(l) for l in open(os.path.join(serve.state_dir, "serve.jsonl")) if '"turn"' in l]
                turn["dry run" if extra else "applied"] = lines[-1]
        return lat, rate, turn
    finally:
        c.stop()


def slurm_side(args):
    os.environ["SLURM_CLUSTER_SCHEDULER"] = "backfill"
    try:
        c = harness.Cluster("bench-sl")
    finally:
        del os.environ["SLURM_CLUSTER_SCHEDULER"]
    try:
        lat = latency(c, args.latency)
        for p in ("batch", "debug"):
            c.run("scontrol", "update", f"PartitionName={p}", "State=DOWN")
        before = len(c.finished())
        submit_many(c, args.burst)
        t0 = time.time()
        for p in ("batch", "debug"):
            c.run("scontrol", "update", f"PartitionName={p}", "State=UP")
        done = harness.wait_until("the burst", lambda: (lambda f: f if len(f) >= before + args.burst else None)(c.finished()), 1200)
        last = max(r["start"] for r in done)
        return lat, args.burst / max(1.0, last - int(t0))
    finally:
        c.stop()


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--mauirun", default=harness.MAUIRUN)
    p.add_argument("--latency", type=int, default=40)
    p.add_argument("--burst", type=int, default=1000)
    p.add_argument("--pending", type=int, default=10000)
    args = p.parse_args()
    harness.MAUIRUN = os.path.abspath(args.mauirun)
    (mr_med, mr_p95), mr_rate, turn = mauirun_side(args)
    (sl_med, sl_p95), sl_rate = slurm_side(args)
    print("| | mauirun serve (sched/builtin + job_submit.lua) | Slurm's sched/backfill |")
    print("|---|---|---|")
    print(f"| sbatch to RUNNING, idle cluster ({args.latency} jobs): median | {mr_med:.2f} s | {sl_med:.2f} s |")
    print(f"| the same: 95th percentile | {mr_p95:.2f} s | {sl_p95:.2f} s |")
    print(f"| a burst of {args.burst} ready one-CPU jobs: jobs started per second | {mr_rate:.1f} | {sl_rate:.1f} |")
    for kind, line in turn.items():
        print(f"| one serve turn, {args.pending} jobs held in Slurm ({kind}): read / decide / apply | "
              f"{line['read_ms']} / {line['decide_ms']} / {line['apply_ms']} ms ({line['reason']}) | |")


if __name__ == "__main__":
    main()
