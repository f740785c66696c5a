#!/usr/bin/env python3
"""The CI integrations a site's config repository uses (docs/ci.md), run as their CI would run
them on a config with findings: the pre-commit hooks (.pre-commit-hooks.yaml), the GitHub Actions
composite action (action.yml: its lint step and its final step, with GitHub's bash options) and
the GitLab CI template (packaging/ci/gitlab-ci.yml: each hidden job's script in one shell). Each
must exit 1, and the SARIF it writes must be what code scanning reads (sarif-upload.schema.json)
and locate the findings. A clean config passes the lint hook.

usage: ci_test.py SOURCE_DIR MAUIC
"""
import json
import os
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile

import jsonschema
import yaml

# An error for lint (syntax-error: the bracket is never closed, line 3) and for check (starvation:
# class batch may only use partition gpu, which has no node, line 4).
CONFIG = """SERVERHOST head
NODECFG[n01] PARTITION=cpu PROCS=8
USERCFG[bob MAXJOB=2
CLASSCFG[batch] PLIST=gpu
"""
CLEAN = "SERVERHOST head\nRMCFG[base] TYPE=PBS\n"

problems = []


def expect(condition, what):
    if not condition:
        problems.append(what)
    return condition


def run(args, cwd, env, shell_script=None):
    r = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, input=shell_script)
    return r


def check_sarif(path, what, rule=None, line=None):
    if not expect(path.exists(), f"{what}: no SARIF report at {path.name}"):
        return
    try:
        report = json.loads(path.read_text())
    except json.JSONDecodeError as e:
        problems.append(f"{what}: {path.name} is not JSON: {e}")
        return
    schema = json.loads((pathlib.Path(__file__).parent / "sarif-upload.schema.json").read_text())
    try:
        jsonschema.validate(report, schema)
    except jsonschema.ValidationError as e:
        problems.append(f"{what}: {path.name} is not what code scanning reads: {e.message} at {list(e.absolute_path)}")
        return
    results = report["runs"][0]["results"]
    if not expect(results, f"{what}: {path.name} has no results"):
        return
    if rule is not None:
        found = [r for r in results if r.get("ruleId") == rule]
        if expect(found, f"{what}: no {rule} result in {path.name}") and line is not None:
            lines = [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in found]
            expect(line in lines, f"{what}: {rule} at lines {lines}, expected {line}")


def pre_commit(source, site, env):
    hooks = {h["id"]: h for h in yaml.safe_load((source / ".pre-commit-hooks.yaml").read_text())}
    expect(set(hooks) == {"mauic-lint", "mauic-check"}, f"hooks: {sorted(hooks)}")
    for hook in hooks.values():
        files = re.compile(hook["files"])
        expect(files.search("maui.cfg") and files.search("site/maui-prod.cfg") and not files.search("README.md"),
               f"{hook['id']}: files {hook['files']!r} does not select exactly the maui*.cfg files")
        entry = shlex.split(hook["entry"])
        if hook["language"] == "script":  # relative to the hook repository
            entry[0] = str(source / entry[0])
        r = run(entry + hook.get("args", []) + ["maui.cfg"], site, env)
        expect(r.returncode == 1, f"{hook['id']} on a config with findings: exit {r.returncode}, expected 1\n"
               f"{r.stdout}{r.stderr}")
    (site / "clean").mkdir()
    (site / "clean/maui.cfg").write_text(CLEAN)
    r = run(shlex.split(hooks["mauic-lint"]["entry"]) + ["maui.cfg"], site / "clean", env)
    expect(r.returncode == 0, f"mauic-lint on a clean config: exit {r.returncode}\n{r.stdout}{r.stderr}")


def substitute(value, inputs, outputs):
    def one(m):
        expr = m.group(1).strip()
        if expr.startswith("inputs."):
            return inputs[expr[len("inputs."):]]
        if expr.startswith("steps.lint.outputs."):
            return outputs.get(expr[len("steps.lint.outputs."):], "")
        raise KeyError(expr)
    return re.sub(r"\$\{\{(.*?)\}\}", one, str(value))


def github_action(source, site, env):
    action = yaml.safe_load((source / "action.yml").read_text())
    expect(action["runs"]["using"] == "composite", "action.yml: not a composite action")
    inputs = {name: spec.get("default", "") for name, spec in action["inputs"].items()}
    steps = action["runs"]["steps"]
    uploads = [s for s in steps if str(s.get("uses", "")).startswith("github/codeql-action/upload-sarif@")]
    expect(len(uploads) == 1 and uploads[0]["with"]["sarif_file"] == "${{ inputs.sarif-file }}",
           "action.yml: expected one github/codeql-action/upload-sarif step uploading inputs.sarif-file")
    outputs = {}
    github_output = site / "github_output"
    for step in (s for s in steps if "run" in s):
        step_env = dict(env, GITHUB_OUTPUT=str(github_output))
        step_env.update({k: substitute(v, inputs, outputs) for k, v in step.get("env", {}).items()})
        # What GitHub runs for `shell: bash`.
        expect(step["shell"] == "bash", f"action.yml: step {step.get('name')} is not shell: bash")
        r = run(["bash", "--noprofile", "--norc", "-eo", "pipefail"], site, step_env, step["run"])
        if step.get("id") == "lint":
            expect(r.returncode == 0, f"action.yml lint step: exit {r.returncode} (the upload must still run)\n"
                   f"{r.stdout}{r.stderr}")
            written = github_output.read_text().split() if github_output.exists() else []
            outputs = dict(line.split("=", 1) for line in written)
            expect(outputs.get("status") == "1", f"action.yml lint step: status output {outputs}, expected 1")
            check_sarif(site / inputs["sarif-file"], "action.yml", "syntax-error", 3)
        else:
            expect(r.returncode == 1, f"action.yml step {step.get('name')}: exit {r.returncode}, expected 1")


def gitlab(source, site, env):
    template = yaml.safe_load((source / "packaging/ci/gitlab-ci.yml").read_text())
    job_env = dict(env)
    job_env.update({k: str(v) for k, v in template["variables"].items()})
    for job, sarif, rule, line in [(".mauic-lint", "mauic.sarif", "syntax-error", 3),
                                   (".mauic-check", "mauic-check-maui.cfg.sarif", "starvation", 4)]:
        # GitLab's runner runs a job's script lines in one bash with errexit and pipefail.
        script = "set -eo pipefail\n" + "\n".join(template[job]["script"]) + "\n"
        r = run(["bash"], site, job_env, script)
        expect(r.returncode == 1, f"gitlab-ci.yml {job}: exit {r.returncode}, expected 1\n{r.stdout}{r.stderr}")
        expect(template[job]["artifacts"]["when"] == "always", f"gitlab-ci.yml {job}: artifacts only on success")
        check_sarif(site / sarif, f"gitlab-ci.yml {job}", rule, line)


def main():
    source, mauic = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
    with tempfile.TemporaryDirectory(prefix="mauitools-ci-") as tmp:
        tmp = pathlib.Path(tmp)
        # The mauic under test on PATH, as an installed one would be.
        (tmp / "bin").mkdir()
        (tmp / "bin/mauic").symlink_to(mauic)
        env = dict(os.environ, PATH=f"{tmp / 'bin'}:{os.environ.get('PATH', '/usr/bin:/bin')}")
        env.pop("MAUIC", None)
        for name, check in [("pre-commit", pre_commit), ("github", github_action), ("gitlab", gitlab)]:
            site = tmp / name
            site.mkdir()
            (site / "maui.cfg").write_text(CONFIG)
            check(source, site, env)
    for p in problems:
        print("ci_test: " + p, file=sys.stderr)
    if problems:
        sys.exit(1)
    print("ci_test: every hook, the action and the GitLab jobs fail on the findings with valid SARIF")


if __name__ == "__main__":
    main()
