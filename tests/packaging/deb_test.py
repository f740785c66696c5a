#!/usr/bin/env python3
"""The Debian package, built by CPack from the binaries of BUILD, installed into a scratch root with
a private dpkg database (never the real system's): its contents, what the installed tools answer,
lintian's verdict, and that purging it leaves nothing behind.

usage: deb_test.py SOURCE_DIR BUILD_DIR   (exit 77, skipped, without dpkg or lintian)
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


def fail(problems):
    for p in problems:
        print("deb_test: " + p, file=sys.stderr)
    sys.exit(1)


def client_commands(source):
    """The links tools/CMakeLists.txt installs beside mauirun (its MAUI_CLIENT_COMMANDS)."""
    text = (source / "tools/CMakeLists.txt").read_text()
    m = re.search(r"set\(MAUI_CLIENT_COMMANDS([^)]*)\)", text)
    if not m:
        fail(["tools/CMakeLists.txt: expected set(MAUI_CLIENT_COMMANDS ...)"])
    return m.group(1).split()


def project_version(source):
    m = re.search(r"project\(mauitools VERSION (\S+)", (source / "CMakeLists.txt").read_text())
    return m.group(1)


def build_package(build, out):
    r = run(["cpack", "-G", "DEB", "-B", str(out), "--config", str(build / "CPackConfig.cmake")])
    if r.returncode != 0:
        fail(["cpack failed:\n" + r.stdout + r.stderr])
    debs = sorted(out.glob("*.deb"))
    if len(debs) != 1:
        fail([f"expected one .deb in {out}, found {[d.name for d in debs]}"])
    return debs[0]


def expected_paths(source):
    paths = ["usr/bin/mauic", "usr/bin/mauirun", "lib/systemd/system/mauirun.service", "etc/default/mauirun",
             "usr/share/doc/mauitools/copyright", "usr/share/doc/mauitools/changelog.gz",
             "usr/share/doc/mauitools/README.md", "usr/share/doc/mauitools/docs/parameters.md",
             "usr/share/doc/mauitools/examples/site.cfg", "usr/share/doc/mauitools/examples/slurm/job_submit.lua",
             "usr/share/doc/mauitools/examples/slurm/slurm.conf.part"]
    paths += ["usr/bin/" + c for c in client_commands(source)]
    paths += manual_pages(source)
    return paths


def manual_pages(source):
    """The man pages the package must carry (packaging/man/ makes them)."""
    pages = ["usr/share/man/man1/mauic.1.gz", "usr/share/man/man1/mauirun.1.gz", "usr/share/man/man5/maui.cfg.5.gz"]
    return pages + [f"usr/share/man/man1/{c}.1.gz" for c in client_commands(source)]


def check_control(deb, problems):
    depends = run(["dpkg-deb", "-f", str(deb), "Depends"]).stdout
    # From dpkg-shlibdeps (the binaries' libraries) and by hand (the unit's /bin/kill).
    for package in ["libc6", "libz3-4", "libslurm", "libstdc++6", "procps"]:
        if package not in depends:
            problems.append(f"Depends lacks {package}: {depends.strip()}")
    conffiles = run(["dpkg-deb", "-I", str(deb), "conffiles"]).stdout.split()
    if conffiles != ["/etc/default/mauirun"]:
        problems.append(f"conffiles: expected /etc/default/mauirun, got {conffiles}")


def install(root, deb, problems):
    admin = root / "var/lib/dpkg"
    for d in ["info", "updates"]:
        (admin / d).mkdir(parents=True)
    (admin / "status").touch()
    dpkg = ["dpkg", f"--root={root}", "--force-depends", "--force-not-root", "--log=/dev/null"]
    r = run(dpkg + ["-i", str(deb)])
    if r.returncode != 0:
        fail(["dpkg -i into the scratch root failed:\n" + r.stdout + r.stderr])
    return dpkg


def check_installed(root, source, problems):
    for rel in expected_paths(source):
        if not os.path.lexists(root / rel):
            problems.append(f"the package does not install /{rel}")
    for c in client_commands(source):
        link = root / "usr/bin" / c
        if link.is_symlink() and os.readlink(link) != "mauirun":
            problems.append(f"/usr/bin/{c} points to {os.readlink(link)}, expected mauirun")
    bin_dir = root / "usr/bin"
    version = run([str(bin_dir / "mauic"), "--version"])
    if version.returncode != 0 or project_version(source) not in version.stdout:
        problems.append(f"installed mauic --version: exit {version.returncode}, {version.stdout!r}")
    site = root / "usr/share/doc/mauitools/examples/site.cfg"
    lint = run([str(bin_dir / "mauic"), "lint", str(site)])
    if lint.returncode != 0:
        problems.append(f"installed mauic lint {site}: exit {lint.returncode}\n{lint.stdout}{lint.stderr}")
    showq = run([str(bin_dir / "showq"), "--help"])
    if showq.returncode != 0 or "showq" not in showq.stdout:
        problems.append(f"installed showq --help: exit {showq.returncode}\n{showq.stdout}{showq.stderr}")
    unit = (root / "lib/systemd/system/mauirun.service").read_text()
    for line in ["ExecStart=/usr/bin/mauirun serve", "ExecReload=/bin/kill -HUP $MAINPID", "StateDirectory=mauirun",
                 "LogsDirectory=mauirun", "EnvironmentFile=-/etc/default/mauirun"]:
        if line not in unit:
            problems.append(f"mauirun.service lacks {line!r}")
    # Every option the unit starts serve with is one the installed mauirun knows.
    serve_help = run([str(bin_dir / "mauirun"), "serve", "--help"]).stdout
    start = next((l for l in unit.splitlines() if l.startswith("ExecStart=")), "")
    for option in re.findall(r"(--[a-z][a-z-]*)", start):
        if option + " " not in serve_help and option + "=" not in serve_help:
            problems.append(f"mauirun.service starts serve with {option}, which `mauirun serve --help` does not list")


def check_lintian(deb, problems):
    r = run(["lintian", "--fail-on", "error", "--tag-display-limit", "0", str(deb)])
    print("lintian:\n" + (r.stdout or "(nothing)\n"), end="")
    errors = [line for line in r.stdout.splitlines() if line.startswith("E:")]
    if r.returncode != 0 or errors:
        problems.append(f"lintian exit {r.returncode}, errors:\n" + "\n".join(errors) + r.stderr)


def check_purged(root, dpkg, problems):
    r = run(dpkg + ["-P", "mauitools"])
    if r.returncode != 0:
        problems.append("dpkg -P failed:\n" + r.stdout + r.stderr)
        return
    left = [p.relative_to(root).as_posix() for p in sorted(root.rglob("*"))]
    left = [p for p in left if p not in ("var", "var/lib") and not p.startswith("var/lib/dpkg")]
    if left:
        problems.append("left after dpkg -P: " + ", ".join(left))
    status = (root / "var/lib/dpkg/status").read_text()
    if "Package: mauitools" in status:
        problems.append("the scratch dpkg database still lists mauitools after -P")


def main():
    source, build = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
    for tool in ["dpkg", "dpkg-deb", "lintian", "cpack"]:
        if shutil.which(tool) is None:
            print(f"deb_test: skipped: {tool} not found (.ci/install-deps installs it)")
            sys.exit(77)
    problems = []
    with tempfile.TemporaryDirectory(prefix="mauitools-deb-") as tmp:
        tmp = pathlib.Path(tmp)
        deb = build_package(build, tmp / "out")
        check_control(deb, problems)
        root = tmp / "root"
        dpkg = install(root, deb, problems)
        check_installed(root, source, problems)
        check_lintian(deb, problems)
        check_purged(root, dpkg, problems)
    if problems:
        fail(problems)
    print("deb_test: the package installs, works, passes lintian and purges cleanly")


if __name__ == "__main__":
    main()
