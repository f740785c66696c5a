#!/usr/bin/env python3
"""packaging/spack/package.py against CMakeLists.txt: it compiles (py_compile), its one version is
the project() VERSION, every variant that sets a CMake option sets an option() that exists, and
every variant that cannot be turned off (conflicts("~name")) has no CMake option it should map to
(MAUI_<NAME>). Spack itself is not needed: the recipe is read as Python's syntax tree. The check
runs once more on a recipe whose version is changed, which it must refuse.

usage: spack_test.py SOURCE_DIR
"""
import ast
import pathlib
import py_compile
import re
import sys
import tempfile


def cmake_facts(source):
    top = (source / "CMakeLists.txt").read_text()
    version = re.search(r"project\(mauitools VERSION (\S+)", top).group(1)
    options = set()
    for path in source.rglob("CMakeLists.txt"):
        if any(part.startswith("build") or part == "node_modules" for part in path.relative_to(source).parts):
            continue
        options.update(re.findall(r"^\s*option\((\w+)", path.read_text(), re.M))
        options.update(re.findall(r"^\s*set\((\w+) [^\n]*CACHE", path.read_text(), re.M))
    return version, options


def call_name(node):
    if isinstance(node, ast.Call):
        f = node.func
        return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
    return None


def literal_args(node):
    return [a.value for a in node.args if isinstance(a, ast.Constant)]


def recipe_facts(text):
    tree = ast.parse(text)
    classes = [c for c in tree.body if isinstance(c, ast.ClassDef)
               and any(isinstance(b, ast.Name) and b.id == "CMakePackage" for b in c.bases)]
    if len(classes) != 1:
        return None
    facts = {"versions": [], "variants": [], "conflicts": [], "mapped": []}
    for node in ast.walk(classes[0]):
        name = call_name(node)
        args = literal_args(node) if name else []
        if name == "version" and args:
            facts["versions"].append(args[0])
        elif name == "variant" and args:
            facts["variants"].append(args[0])
        elif name == "conflicts" and args and args[0].startswith("~"):
            facts["conflicts"].append(args[0][1:])
        elif name == "define_from_variant" and len(args) == 2:
            facts["mapped"].append((args[0], args[1]))
    return facts


def check(recipe_text, version, options):
    facts = recipe_facts(recipe_text)
    if facts is None:
        return ["package.py: expected one class deriving from CMakePackage"]
    problems = []
    if facts["versions"] != [version]:
        problems.append(f"package.py versions {facts['versions']}, CMakeLists.txt's project() VERSION is {version}")
    mapped = {variant for _, variant in facts["mapped"]}
    for option, variant in facts["mapped"]:
        if option not in options:
            problems.append(f"variant {variant} sets {option}, which no CMakeLists.txt declares")
        if variant not in facts["variants"]:
            problems.append(f"define_from_variant({option!r}, {variant!r}): no variant {variant}")
    for variant in facts["variants"]:
        if variant in mapped:
            continue
        if variant not in facts["conflicts"]:
            problems.append(f"variant {variant} sets no CMake option and can still be turned off")
        if "MAUI_" + variant.upper() in options:
            problems.append(f"CMakeLists.txt has MAUI_{variant.upper()}: map variant {variant} to it")
    if not {"slurm", "report"} <= set(facts["variants"]):
        problems.append(f"expected variants slurm and report, got {facts['variants']}")
    return problems


def main():
    source = pathlib.Path(sys.argv[1]).resolve()
    recipe = source / "packaging/spack/package.py"
    with tempfile.TemporaryDirectory() as tmp:
        py_compile.compile(str(recipe), cfile=str(pathlib.Path(tmp) / "package.pyc"), doraise=True)
    version, options = cmake_facts(source)
    text = recipe.read_text()
    problems = check(text, version, options)
    # The check must see a stale version.
    stale = text.replace(f'version("{version}")', 'version("0.0.0-stale")')
    if stale == text or not any("versions" in p for p in check(stale, version, options)):
        problems.append("the check did not refuse a recipe with a changed version")
    for p in problems:
        print("spack_test: " + p, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"spack_test: package.py matches CMakeLists.txt (version {version})")


if __name__ == "__main__":
    main()
