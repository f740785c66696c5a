#!/usr/bin/env python3
"""Opens an HTML report of mauirun in headless Chromium (Debian's `chromium`) and checks it the
way a person would see it, through the DevTools protocol over a pipe (--remote-debugging-pipe:
no port, no extra package):

- no console error, no uncaught exception, no network request but the file itself (a live page,
  --url: but the page and its data.json, which it asks again every few seconds: --redraws);
- the page is drawn (window.mauiReport.ready) within --max-seconds, of wall time or of the
  browser's CPU time, in the best of up to --loads loads;
- each Gantt chart drew the expected number of rectangles (--expect SIDE:BLOCKS:SHADES), the sweep
  page's chart its points (--points N);
- a screenshot of every chart is not empty: enough pixels that are not the background, in
  enough colours;
- the file is at most --max-bytes long.

Prints what it measured; exits 1 on the first check that fails, 77 (skipped) without Chromium."""
import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse


class Browser:
    """Chromium driven through the DevTools protocol: NUL-terminated JSON on fds 3 and 4."""

    def __init__(self, chromium):
        self.profile = tempfile.mkdtemp(prefix="maui-report-chromium-")
        to_browser_r, to_browser_w = os.pipe()
        from_browser_r, from_browser_w = os.pipe()
        # The browser reads commands on fd 3 and writes answers on fd 4: move our ends there
        # for the child only.
        high = [os.dup(fd) for fd in (to_browser_r, from_browser_w)]
        for fd in (to_browser_r, from_browser_w):
            os.close(fd)

        def child_fds():  # in the child, before exec: fds made by dup2 are inherited
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-dev-shm-usage", f"--user-data-dir={self.profile}", "--remote-debugging-pipe",
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=child_fds, close_fds=False)
        for fd in high:
            os.close(fd)
        self.out = os.fdopen(to_browser_w, "wb", buffering=0)
        self.inp = os.fdopen(from_browser_r, "rb", buffering=0)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:  # the browser may be gone already
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

    def read_message(self):
        while b"\0" not in self.buffer:
            chunk = self.inp.read(1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        self.out.write(json.dumps(message).encode() + b"\0")
        while True:
            answer = self.read_message()
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def new_page(self, background=False):
        # A page opened in the background leaves the one in front drawing (a screenshot of a
        # page behind another never comes).
        target = self.send("Target.createTarget", {"url": "about:blank", "background": background},
                           session=False)["targetId"]
        return self.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]

    def open_page(self):
        self.session = self.new_page()
        for domain in ("Runtime", "Log", "Network", "Page"):
            self.send(domain + ".enable")
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": 1400, "height": 1000, "deviceScaleFactor": 1, "mobile": False})

    def evaluate(self, expression, session=None):
        params = {"expression": expression, "returnByValue": True, "awaitPromise": True}
        saved = self.session
        self.session = session or self.session
        try:
            result = self.send("Runtime.evaluate", params)
        finally:
            self.session = saved
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")


# Counts, in a page of its own, the pixels of a PNG that are not the white background and its
# colours (Chromium decodes it: decoding in Python took seconds per chart).
COUNT_PIXELS = """(async (b64) => {
  const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0));
  const image = await createImageBitmap(new Blob([bytes], {type: 'image/png'}));
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const d = context.getImageData(0, 0, image.width, image.height).data;
  const colours = new Set();
  let ink = 0;
  for (let i = 0; i < d.length; i += 4) {
    colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    if (Math.min(d[i], d[i + 1], d[i + 2]) < 235) ink++;
  }
  return [ink / Math.max(image.width * image.height, 1), colours.size];
})"""


def cpu_seconds(root):
    """CPU time (user and system) of process `root` and all its descendants, the children they
    have reaped included: what Chromium's processes (browser, renderer, GPU, ...) have computed."""
    parents, times = {}, {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        # After the command: state, ppid, ..., utime (14th field), stime, cutime, cstime.
        parents[int(entry)] = int(fields[1])
        times[int(entry)] = sum(int(x) for x in fields[11:15])
    tree, grew = {root}, True
    while grew:
        grown = tree | {pid for pid, parent in parents.items() if parent in tree}
        grew, tree = len(grown) > len(tree), grown
    return sum(times.get(pid, 0) for pid in tree) / os.sysconf("SC_CLK_TCK")


def runs_rectangles(path):
    """Rectangles of the runs in a --runs-out CSV: `job,start,end,how,nodes` with nodes as
    `name:tasks` separated by spaces; the cluster's nodes are every node named, in name order
    (node001 ... as --nodes names them, NODECFG's in its sorted order)."""
    import csv
    with open(path, newline="") as f:
        runs = [[n.rsplit(":", 1)[0] for n in row["nodes"].split()] for row in csv.DictReader(f)]
    order = {name: i for i, name in enumerate(sorted({n for run in runs for n in run}))}
    count = 0
    for run in runs:
        positions = sorted(order[n] for n in run)
        count += 1 + sum(1 for a, b in zip(positions, positions[1:]) if b != a + 1)
    return count


checks_made = 0


def check(condition, message, failures):
    global checks_made
    checks_made += 1
    print(("ok    " if condition else "FAIL  ") + message)
    if not condition:
        failures.append(message)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("html", nargs="?", help="the report file (or --url)")
    parser.add_argument("--url", help="open the live page there (mauirun serve --http) instead of a file: "
                        "its data.json may be asked as well")
    parser.add_argument("--redraws", type=int, help="a live page: wait until it drew itself this many times "
                        "(each new data.json), within --redraw-seconds")
    parser.add_argument("--redraw-seconds", type=float, default=90.0)
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser"))
    parser.add_argument("--max-seconds", type=float, default=5.0)
    parser.add_argument("--loads", type=int, default=5, help="loads tried for --max-seconds, the best counts")
    parser.add_argument("--max-bytes", type=int, default=20_000_000)
    parser.add_argument("--expect", action="append", default=[], help="SIDE:BLOCKS:SHADES of a Gantt chart")
    parser.add_argument("--points", type=int, help="the sweep page (mauirun sweep --html) drew this many points: "
                        "one per candidate that ran, and BASE")
    parser.add_argument("--runs-csv", help="side 0's Gantt draws one rectangle per contiguous node range of each "
                        "run of this `mauirun simulate --runs-out` file (nodes in name order)")
    parser.add_argument("--screenshots", action="store_true", help="check a screenshot of every chart")
    parser.add_argument("--charts", type=int, default=7, help="with --screenshots: the charts the page has")
    parser.add_argument("--save", help="write the screenshots into this directory")
    parser.add_argument("--page-shot", help="write a screenshot of the top of the page (its first "
                        "--page-shot-height pixels) to this PNG file: the README's picture, docs/report.md")
    parser.add_argument("--page-shot-height", type=int, default=1900)
    args = parser.parse_args()
    if not args.chromium or not os.path.exists(args.chromium):
        print("skipped: no chromium (Debian: apt-get install chromium)")
        return 77

    if bool(args.html) == bool(args.url):
        parser.error("give the report file or --url")
    failures = []
    if args.html:
        size = os.path.getsize(args.html)
        check(size <= args.max_bytes, f"file size {size / 1e6:.2f} MB <= {args.max_bytes / 1e6:.0f} MB", failures)
        url = "file://" + os.path.abspath(args.html)
        allowed = {url}
    else:
        url = args.url
        allowed = {url, urllib.parse.urljoin(url, "data.json")}
    browser = Browser(args.chromium)
    try:
        browser.open_page()
        # The time from the start of loading to the last chart drawn, as the page measures it; the
        # best of up to --loads loads, stopping at the first within the bound. On a shared 2-core
        # machine other builds can stretch any one load two or three times over, so the CPU time
        # the browser's processes took for the load counts as well: what the page costs whatever
        # else runs (on an idle machine a load's wall time exceeds it only by the moments when
        # none of them computes, frames waited on).
        best, best_cpu = None, None
        for attempt in range(args.loads):
            start = time.monotonic()
            cpu = cpu_seconds(browser.proc.pid)
            browser.send("Page.navigate", {"url": url})
            ready = False
            while time.monotonic() - start < args.max_seconds + 30:
                if browser.evaluate("!!(window.mauiReport && window.mauiReport.ready)"):
                    ready = True
                    break
                time.sleep(0.02)
            if not ready:
                break
            t = browser.evaluate("[window.mauiReport.startedAt, window.mauiReport.optionsSetAt, "
                                 "window.mauiReport.drawnAt]")
            cpu = cpu_seconds(browser.proc.pid) - cpu
            print(f"      load {attempt + 1}: script started at {t[0] / 1e3:.2f} s, charts set up at "
                  f"{t[1] / 1e3:.2f} s, all drawn at {t[2] / 1e3:.2f} s after the page began to load; "
                  f"the browser's CPU time {cpu:.2f} s")
            best = t[2] / 1e3 if best is None else min(best, t[2] / 1e3)
            best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
            if min(best, best_cpu) < args.max_seconds:
                break
        check(ready and best is not None and min(best, best_cpu) < args.max_seconds,
              f"drawn in {best:.2f} s, {best_cpu:.2f} s of CPU time (either < {args.max_seconds} s)" if ready
              else "never drawn", failures)
        if args.redraws is not None:
            end = time.monotonic() + args.redraw_seconds
            draws = 0
            while time.monotonic() < end:
                draws = browser.evaluate("window.mauiReport.ready ? window.mauiReport.draws : 0")
                if draws >= args.redraws:
                    break
                time.sleep(0.2)
            check(draws >= args.redraws, f"the live page drew itself {draws} times, expected {args.redraws} "
                  f"within {args.redraw_seconds:.0f} s", failures)
        heap = browser.send("Runtime.getHeapUsage")
        print(f"      JavaScript heap {heap['usedSize'] / 1e6:.1f} MB used of {heap['totalSize'] / 1e6:.1f} MB")

        for spec in args.expect:
            side, blocks, shades = (int(x) for x in spec.split(":"))
            got = browser.evaluate(f"window.mauiReport.ganttElements({side})")
            check(got == {"blocks": blocks, "shades": shades},
                  f"Gantt {side}: {got} rectangles drawn, expected {blocks} job runs and {shades} reservation shades",
                  failures)

        if args.points is not None:
            got = browser.evaluate("window.mauiReport.points")
            check(got == args.points, f"sweep chart: {got} points drawn, expected {args.points}", failures)

        if args.runs_csv:
            expected = runs_rectangles(args.runs_csv)
            got = browser.evaluate("window.mauiReport.ganttElements(0).blocks")
            check(got == expected, f"Gantt 0: {got} job rectangles drawn; the runs file makes {expected}", failures)

        if args.screenshots:
            counter = browser.new_page(background=True)
            boxes = browser.evaluate(
                "Object.entries(window.mauiReport.charts).map(([name, c]) => {"
                " const r = c.getDom().getBoundingClientRect();"
                " return [name, r.left + window.scrollX, r.top + window.scrollY, r.width, r.height]; })")
            check(len(boxes) == args.charts, f"{len(boxes)} charts on the page, expected {args.charts}", failures)
            for name, x, y, w, h in boxes:
                shot = browser.send("Page.captureScreenshot", {
                    "format": "png", "captureBeyondViewport": True,
                    "clip": {"x": x, "y": y, "width": w, "height": h, "scale": 1}})
                png = base64.b64decode(shot["data"])
                if args.save:
                    with open(os.path.join(args.save, name + ".png"), "wb") as f:
                        f.write(png)
                ink, colours = browser.evaluate(f"{COUNT_PIXELS}('{shot['data']}')", session=counter)
                check(ink > 0.02 and colours >= 4,
                      f"chart {name}: {ink * 100:.1f} % of its {int(w)}x{int(h)} pixels drawn, {colours} colours",
                      failures)

        if args.page_shot:
            width, height = browser.evaluate("[document.documentElement.scrollWidth, "
                                             "document.documentElement.scrollHeight]")
            shot = browser.send("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": width, "height": min(height, args.page_shot_height), "scale": 1}})
            with open(args.page_shot, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
            print(f"      the top of the page ({width}x{min(height, args.page_shot_height)}) in {args.page_shot}")

        # Every event so far: what the console said and what was asked of the network.
        browser.send("Runtime.evaluate", {"expression": "0"})
        errors, requests = [], []
        for e in browser.events:
            method, params = e.get("method"), e.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert", "warning"):
                errors.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
            elif method == "Runtime.exceptionThrown":
                errors.append(params["exceptionDetails"].get("exception", {}).get("description", "exception"))
            elif method == "Log.entryAdded" and params["entry"].get("level") in ("error", "warning"):
                errors.append(params["entry"].get("text", ""))
            elif method == "Network.requestWillBeSent":
                requests.append(params["request"]["url"])
        check(not errors, f"no console error or warning {errors[:3]}", failures)
        others = [r for r in requests if r not in allowed and not r.startswith(("data:", "blob:"))]
        check(not others, f"no network request but the page and its data ({len(requests)} requests; others: "
              f"{others[:3]})", failures)
    finally:
        browser.close()
    print(f"{checks_made - len(failures)} checks passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
