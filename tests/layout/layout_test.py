#!/usr/bin/env python3
"""Checks runtime/'s layout: every #include of a runtime header is allowed by the table in
runtime/README.md ("Who may include whom"), and the pure folders include no header that does I/O.
Prints every violation as file:line: message and exits 1 if there is one."""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
runtime = root / "runtime"

# Headers that read or write the outside world (files, sockets, processes, the terminal).
IO_HEADERS = {
    "fstream", "iostream", "ostream", "istream", "cstdio", "stdio.h", "filesystem", "thread",
    "unistd.h", "fcntl.h", "zlib.h", "signal.h", "csignal", "dirent.h", "poll.h",
}
IO_PREFIXES = ("sys/", "netinet/", "llvm/Support/FileSystem", "llvm/Support/MemoryBuffer",
               "llvm/Support/raw_ostream", "llvm/Support/Process", "llvm/Support/Program")
PURE = {"engine", "views", "report"}


def read_table():
    text = (runtime / "README.md").read_text()
    block = re.search(r"## Who may include whom.*?```\n(.*?)```", text, re.S)
    if not block:
        sys.exit("runtime/README.md: no 'Who may include whom' table")
    table = {}
    for line in block.group(1).splitlines():
        folder, _, allowed = line.partition(":")
        table[folder.strip()] = set(allowed.split())
    return table


def folder_of(path):
    rel = path.relative_to(runtime).parent.as_posix()
    return rel


def main():
    table = read_table()
    problems = []
    sources = sorted(p for p in runtime.rglob("*") if p.suffix in (".h", ".cc"))
    if not sources:
        sys.exit("no runtime sources found under " + str(runtime))
    for path in sources:
        folder = folder_of(path)
        where = path.relative_to(root).as_posix()
        if folder not in table:
            problems.append(f"{where}:1: folder '{folder}' is not in runtime/README.md's table")
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            m = re.match(r'\s*#\s*include\s*([<"])([^>"]+)[>"]', line)
            if not m:
                continue
            header = m.group(2)
            if m.group(1) == '"' and header.startswith("runtime/"):
                target = pathlib.PurePosixPath(header).parent.as_posix()[len("runtime/"):]
                if target != folder and target not in table[folder]:
                    problems.append(f"{where}:{number}: {folder}/ may not include {header} "
                                    f"(allowed: {' '.join(sorted(table[folder])) or 'nothing'})")
            elif m.group(1) == "<" and folder.split("/")[0] in PURE:
                if header in IO_HEADERS or header.startswith(IO_PREFIXES):
                    problems.append(f"{where}:{number}: {folder}/ does no I/O, but includes <{header}>")
    for p in problems:
        print(p)
    print(f"layout: {len(sources)} files checked, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
