#!/usr/bin/env python3
"""The man pages packaging/man/ builds: each renders without a warning
(`MANWIDTH=80 man --warnings -E UTF-8 -l PAGE`), mauic(1) and mauirun(1) name every subcommand and
every option and value of each subcommand's --help, each client command's page every option of
its --help, and maui.cfg(5) every parameter, family and attribute of docs/parameters.md (which
schema_tests keeps equal to the parameter table).

usage: man_test.py SOURCE_DIR MAN_DIR MAUIC MAUIRUN
"""
import gzip
import os
import pathlib
import re
import shutil
import subprocess
import sys

problems = []


def help_of(tool, *args):
    r = subprocess.run([str(tool), *args, "--help"], capture_output=True, text=True)
    if r.returncode != 0:
        problems.append(f"{tool} {' '.join(args)} --help: exit {r.returncode}\n{r.stderr}")
    return r.stdout


def page_text(page):
    """The page's source with roff's escapes of plain characters undone, fonts dropped."""
    text = gzip.decompress(page.read_bytes()).decode("utf-8")
    text = re.sub(r"\\f(\[[A-Z]*\]|[BIRP])", "", text)
    return text.replace("\\-", "-").replace("\\&", "").replace("\\e", "\\")


def mentions(text, word):
    return re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text) is not None


def check_warnings(page):
    env = dict(os.environ, MANWIDTH="80", LC_ALL="C.UTF-8")
    r = subprocess.run(["man", "--warnings", "-E", "UTF-8", "-l", str(page)], capture_output=True, text=True,
                       env=env)
    if r.returncode != 0 or r.stderr.strip():
        problems.append(f"man -l {page.name}: exit {r.returncode}, warnings:\n{r.stderr}")
    if len(r.stdout) < 200:
        problems.append(f"man -l {page.name}: renders only {len(r.stdout)} characters")


def subcommands(overview):
    lines = overview.split("\n")
    start = next((i for i, line in enumerate(lines) if line.startswith("SUBCOMMANDS:")), None)
    if start is None:
        problems.append("the overview lists no SUBCOMMANDS:")
        return []
    out = []
    for line in lines[start + 1:]:
        if line.startswith("OPTIONS:"):
            break
        m = re.match(r"^  ([a-z]+)\s+- ", line)
        if m:
            out.append(m.group(1))
    return out


def check_tool_page(tool, page):
    text = page_text(page)
    subs = subcommands(help_of(tool))
    if len(subs) < 4:
        problems.append(f"{tool.name}: only {subs} found as subcommands")
    for sub in subs:
        if not mentions(text, sub):
            problems.append(f"{page.name} does not name the subcommand {sub}")
        helptext = help_of(tool, sub)
        for line in helptext.split("\n"):
            option = re.match(r"^  (--?[a-z][a-z0-9-]*)[=\s]", line)
            value = re.match(r"^    =([a-z]+)\s", line)
            word = option.group(1) if option else value.group(1) if value else None
            if word and not mentions(text, word):
                problems.append(f"{page.name} lacks {word} of `{tool.name} {sub} --help`")


def check_client_page(link, page):
    text = page_text(page)
    helptext = help_of(link)
    options = set(re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", helptext))
    if not options:
        problems.append(f"{link.name} --help shows no option:\n{helptext}")
    for option in sorted(options):
        if not mentions(text, option):
            problems.append(f"{page.name} lacks {option} of `{link.name} --help`")
    if not mentions(text, link.name):
        problems.append(f"{page.name} does not name {link.name}")


def check_config_page(source, page):
    text = page_text(page)
    names = re.findall(r"^\| `([^`]+)` \|", (source / "docs/parameters.md").read_text(), re.M)
    if len(names) < 500:
        problems.append(f"docs/parameters.md: only {len(names)} rows read")
    tags = set(re.findall(r"^\.B (\S+)$", text, re.M))
    missing = [n for n in names if n.replace("\\|", "|") not in tags]
    if missing:
        problems.append(f"{page.name} lacks {len(missing)} rows of docs/parameters.md, e.g. {missing[:5]}")
    for section in ["SYNTAX", "PARAMETERS", "FAMILIES", "ATTRIBUTES"]:
        if not re.search(rf"^\.SH {section}\b", text, re.M):
            problems.append(f"{page.name} has no {section} section")


def main():
    source, man = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
    mauic, mauirun = pathlib.Path(sys.argv[3]), pathlib.Path(sys.argv[4])
    if shutil.which("man") is None:
        print("man_test: skipped: man not found (package man-db)")
        sys.exit(77)
    commands = re.search(r"set\(MAUI_CLIENT_COMMANDS([^)]*)\)", (source / "tools/CMakeLists.txt").read_text())
    pages = {"mauic": man / "mauic.1.gz", "mauirun": man / "mauirun.1.gz", "maui.cfg": man / "maui.cfg.5.gz"}
    pages.update({c: man / f"{c}.1.gz" for c in commands.group(1).split()})
    for name, page in pages.items():
        if not page.exists():
            problems.append(f"no page {page}")
            continue
        check_warnings(page)
        if name == "mauic":
            check_tool_page(mauic, page)
        elif name == "mauirun":
            check_tool_page(mauirun, page)
        elif name == "maui.cfg":
            check_config_page(source, page)
        else:
            check_client_page(man / "links" / name, page)
    for p in problems:
        print("man_test: " + p, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"man_test: {len(pages)} pages render without warnings and name every option")


if __name__ == "__main__":
    main()
