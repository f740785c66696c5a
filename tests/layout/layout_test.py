#!/usr/bin/env python3
"""Checks the map of the source tree: every #include of every .h and .cc, and every library's link
list in CMake, is allowed by the tables "Who may include whom" of ARCHITECTURE.md (the top-level
folders) and runtime/README.md (runtime's own folders), every source folder has its place in
them, and the pure folders (runtime/engine, runtime/views, runtime/report) do no I/O.

    layout_test.py [ROOT]                   prints every problem as file:line: message, exits 1 if any
    layout_test.py ROOT --expect FILE       exits 0 only if the problems are exactly FILE's lines
                                            (the planted fixture tests/layout/bad/ shows each check fails)
"""
import pathlib
import re
import sys

# Headers that read or write the outside world (files, sockets, processes, the terminal).
IO_HEADERS = {
    "fstream", "iostream", "ostream", "istream", "cstdio", "stdio.h", "filesystem", "thread",
    "unistd.h", "fcntl.h", "zlib.h", "signal.h", "csignal", "dirent.h", "poll.h",
}
# llvm/Support/raw_ostream.h is not among them: it is also where llvm writes into a string
# (raw_string_ostream), as the pure folders do; writing to the process's streams is caught by name.
IO_PREFIXES = ("sys/", "netinet/", "llvm/Support/FileSystem", "llvm/Support/MemoryBuffer",
               "llvm/Support/Process", "llvm/Support/Program")
IO_CALLS = re.compile(r"\b(?P<name>llvm::(outs|errs|dbgs)(?=\s*\()|raw_fd_ostream|std::(cout|cerr|clog))\b")
# runtime/README.md: "engine/, views/ and report/ include no header that does I/O".
PURE = ("runtime/engine", "runtime/views", "runtime/report", "runtime/sweep")

SOURCE_SUFFIXES = (".h", ".cc")
INCLUDE = re.compile(r'\s*#\s*include\s*([<"])([^>"]+)[>"]')


def read_table(path, title):
    """The table of `path`: {folder: [allowed entries]}, and the line of each folder."""
    if not path.is_file():
        sys.exit(f"{path}: missing (it holds the table '{title}')")
    text = path.read_text()
    block = re.search(r"## " + re.escape(title) + r".*?```\n(.*?)```", text, re.S)
    if not block:
        sys.exit(f"{path}: no '{title}' table")
    first_line = text[:block.start(1)].count("\n") + 1
    table, lines = {}, {}
    for offset, line in enumerate(block.group(1).splitlines()):
        if not line.strip():
            continue
        folder, _, allowed = line.partition(":")
        table[folder.strip()] = allowed.split()
        lines[folder.strip()] = first_line + offset
    return table, lines


class Map:
    """The two tables as one: folder -> the folders it may include ("x/..." is x and all below it)."""

    def __init__(self, root):
        self.root = root
        top, self.top_lines = read_table(root / "ARCHITECTURE.md", "Who may include whom")
        inner, self.runtime_lines = read_table(root / "runtime" / "README.md", "Who may include whom")
        self.allowed = {}
        for folder, entries in top.items():
            if folder != "runtime":
                self.allowed[folder] = entries
        # runtime's folders: what runtime/README.md allows among them, and what ARCHITECTURE.md
        # allows runtime outside it.
        outside = top.get("runtime", [])
        for folder, entries in inner.items():
            self.allowed["runtime/" + folder] = ["runtime/" + e for e in entries] + outside
        self.tops = {folder.split("/")[0] for folder in self.allowed} | {"runtime"}

    def folder_of(self, directory):
        """The folder of the table that `directory` (relative, posix) belongs to: the deepest one
        that is it or above it; None when none is."""
        parts = directory.split("/")
        for n in range(len(parts), 0, -1):
            candidate = "/".join(parts[:n])
            if candidate in self.allowed:
                return candidate
        return None

    def may_include(self, folder, target):
        if target == folder:
            return True
        for entry in self.allowed[folder]:
            if entry.endswith("/..."):
                base = entry[:-4]
                if target == base or target.startswith(base + "/"):
                    return True
            elif target == entry:
                return True
        return False


def sources(root, skip):
    """Every .h and .cc of ours: the top-level folders, without build trees and hidden folders."""
    for top in sorted(p for p in root.iterdir() if p.is_dir()):
        if top.name.startswith(".") or top.name.startswith("build"):
            continue
        for path in sorted(top.rglob("*")):
            rel = path.relative_to(root).as_posix()
            if path.suffix in SOURCE_SUFFIXES and path.is_file() and not any(
                    rel.startswith(s + "/") for s in skip) and "node_modules" not in path.parts:
                yield path


def check_includes(root, layout, skip, problems):
    count = 0
    for path in sources(root, skip):
        count += 1
        where = path.relative_to(root).as_posix()
        folder = layout.folder_of(path.parent.relative_to(root).as_posix())
        if folder is None:
            problems.append(f"{where}:1: folder '{path.parent.relative_to(root).as_posix()}' has no line in "
                            "ARCHITECTURE.md's or runtime/README.md's table")
            continue
        pure = folder in PURE
        for number, line in enumerate(path.read_text().splitlines(), 1):
            m = INCLUDE.match(line)
            if not m:
                call = IO_CALLS.search(line.split("//")[0]) if pure else None
                if call:
                    problems.append(f"{where}:{number}: {folder}/ does no I/O, but writes to a stream of the "
                                    f"process ({call.group('name')})")
                continue
            header = m.group(2)
            top = header.split("/")[0]
            if m.group(1) == '"' and "/" not in header:
                problems.append(f"{where}:{number}: include our headers by their path from the root, "
                                f"not \"{header}\"")
            elif top in layout.tops:
                target = layout.folder_of(pathlib.PurePosixPath(header).parent.as_posix())
                if target is None:
                    problems.append(f"{where}:{number}: {header} is in no folder of the map")
                elif not layout.may_include(folder, target):
                    problems.append(f"{where}:{number}: {folder}/ may not include {header} "
                                    f"(allowed: {' '.join(layout.allowed[folder]) or 'nothing'})")
            elif pure and (header in IO_HEADERS or header.startswith(IO_PREFIXES)):
                quoted = f'"{header}"' if m.group(1) == '"' else f"<{header}>"
                problems.append(f"{where}:{number}: {folder}/ does no I/O, but includes {quoted}")
    return count


def cmake_calls(text, command):
    """(line, words) of every `command(...)` of a CMakeLists.txt, comments left out."""
    code = re.sub(r'#[^\n]*', "", re.sub(r'"[^"\n]*"', '""', text))
    for m in re.finditer(r"\b" + command + r"\s*\(([^)]*)\)", code):
        yield code[:m.start()].count("\n") + 1, m.group(1).split()


def check_links(root, layout, skip, problems):
    """A library or tool may link only libraries of the folders it may include. Targets named by a
    variable are left out: the test binaries (tests/ may link anything) and the fuzz build's
    instrumentation, which tests/fuzz/ adds to the libraries it instruments."""
    lists = [p for p in sorted(root.rglob("CMakeLists.txt"))
             if not any(p.relative_to(root).as_posix().startswith(s + "/") for s in skip)
             and not p.relative_to(root).parts[0].startswith(("build", "."))]
    home = {}  # target -> its folder of the map ("" for the root's shared settings: maui_flags, ...)
    for path in lists:
        directory = path.parent.relative_to(root).as_posix()
        for _, words in list(cmake_calls(path.read_text(), "add_library")) + list(
                cmake_calls(path.read_text(), "add_executable")):
            if words and "${" not in words[0]:
                home[words[0]] = "" if directory == "." else layout.folder_of(directory)
    for path in lists:
        where = path.relative_to(root).as_posix()
        for line, words in cmake_calls(path.read_text(), "target_link_libraries"):
            if not words or words[0] not in home or not home[words[0]]:
                continue
            folder = home[words[0]]
            for lib in words[1:]:
                target = home.get(lib)
                if target and not layout.may_include(folder, target):
                    problems.append(f"{where}:{line}: {words[0]} ({folder}/) may not link {lib} ({target}/)")


def check_table_names_folders(root, layout, problems):
    for folder, line in layout.top_lines.items():
        if not (root / folder).is_dir():
            problems.append(f"ARCHITECTURE.md:{line}: '{folder}' is no folder")
    for folder, line in layout.runtime_lines.items():
        if not (root / "runtime" / folder).is_dir():
            problems.append(f"runtime/README.md:{line}: '{folder}' is no folder")


def main():
    args = sys.argv[1:]
    expect = None
    if "--expect" in args:
        at = args.index("--expect")
        expect = pathlib.Path(args[at + 1])
        del args[at:at + 2]
    root = pathlib.Path(args[0] if args else ".").resolve()
    layout = Map(root)
    # The fixture is a tree of its own, checked on its own.
    skip = ["tests/layout/bad"]
    problems = []
    count = check_includes(root, layout, skip, problems)
    if not count:
        sys.exit("no sources found under " + str(root))
    check_links(root, layout, skip, problems)
    check_table_names_folders(root, layout, problems)
    if expect is None:
        for p in problems:
            print(p)
        print(f"layout: {count} files checked, {len(problems)} problem(s)")
        return 1 if problems else 0
    wanted = {line.strip() for line in expect.read_text().splitlines()
              if line.strip() and not line.startswith("#")}
    missed, extra = sorted(wanted - set(problems)), sorted(set(problems) - wanted)
    for p in missed:
        print("not found:", p)
    for p in extra:
        print("not expected:", p)
    print(f"layout: {count} files checked, {len(problems) - len(extra)} of the {len(wanted)} expected "
          f"problem(s) found, {len(extra)} unexpected")
    return 1 if missed or extra else 0


if __name__ == "__main__":
    sys.exit(main())
