"""Runtime overhead, on the tiny fixture: one envspec run (run + exec + score + finish),
through the Python API and through the CLI (a process per command, as a harness drives it:
the `envspec` console script's program, without and with `envspec daemon`), against the same
work done with plain docker commands (create + exec + two scorer containers, since `score`
and `finish` each score once, + cleanup); and the CLI's start-up, without and with the
daemon: `--version`, `--help`, `validate`, `status`, `runs`, and `score` against the
scorer's own time.

    .venv/bin/python benchmarks/runtime_overhead.py [--repeats N] [--base IMAGE]

`--base` builds the fixture on another base image (one `envspec base build python --tag`
made) instead of the engine's standard one. Prints medians side by side. Needs the Docker
engine (scripts/bootstrap).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from envspec import constants
from envspec.models.reference import RegistryTarget
from envspec.oci.build import build_environment
from envspec.oci.push import push_environment
from envspec.runtime import runs

TINY = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "envs" / "tiny"


def docker(*args: str) -> str:
    """Run the docker CLI, returning its stdout."""
    return subprocess.run(["docker", *args], check=True, capture_output=True, text=True).stdout


def plain_docker(agent: str, scorer: str) -> float:
    """The same work as one run, with plain docker commands."""
    began = time.perf_counter()
    vol = docker("volume", "create").strip()
    cid = docker(
        "run",
        "-d",
        "--init",
        "--network",
        "none",
        "-v",
        f"{vol}:/home/agent/solution",
        agent,
        "sleep",
        "600",
    ).strip()
    docker("exec", cid, "sh", "-c", "echo 42 > answer.txt")
    for call in range(2):  # the intermediate and the final scoring, as score + finish do
        name = f"bench-scorer-{vol[:12]}-{call}"
        scorer_args = ["--network", "none", "-v", f"{vol}:/solution:ro"]
        scorer_args += ["-e", "ENVSPEC_SOLUTION=/solution", "-e", "ENVSPEC_RESULT=/tmp/r.json"]
        docker(
            "run",
            "--name",
            name,
            *scorer_args,
            "--entrypoint",
            "python",
            scorer,
            "/scoring/score.py",
        )
        docker("cp", f"{name}:/tmp/r.json", "-")
        docker("rm", "-f", name)
    docker("rm", "-f", cid)
    docker("volume", "rm", vol)
    return time.perf_counter() - began


def envspec_run(ref: str) -> float:
    """run + exec + score + finish through the runtime."""
    began = time.perf_counter()
    run = runs.start_run(ref, backend="docker")
    runs.exec_in_run(run.id, ["sh", "-c", "echo 42 > answer.txt"])
    runs.score_run(run.id)
    runs.finish_run(run.id)
    return time.perf_counter() - began


#: the `envspec` console script, as pip writes it for pyproject's entry point (main())
SCRIPT = """#!{python}
# -*- coding: utf-8 -*-
import re
import sys
from envspec.cli.resident.client import main
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(main())
"""
_script: list[Path] = []


def cli(*args: str) -> tuple[float, str]:
    """Seconds one `envspec` command takes (a fresh process of the console script: through
    the daemon when one is up), and its stdout."""
    began = time.perf_counter()
    done = subprocess.run([str(_script[0]), *args], check=True, capture_output=True, text=True)
    return time.perf_counter() - began, done.stdout


def envspec_cli_run(ref: str) -> float:
    """run + exec + score + finish, a CLI process each."""
    began = time.perf_counter()
    _, out = cli("run", ref, "--backend", "docker")
    run_id = out.strip()
    cli("exec", run_id, "--", "sh", "-c", "echo 42 > answer.txt")
    cli("score", run_id)
    cli("finish", run_id)
    return time.perf_counter() - began


@contextmanager
def daemon() -> Iterator[None]:
    """`envspec daemon` up meanwhile (started by a client: the daemon's key is its clients');
    checked to have served every command."""
    cli("daemon", "start")
    try:
        yield
        served = json.loads(cli("daemon", "status", "--json")[1])
        assert served["refused"] == 0 and served["served"] > 0, served
    finally:
        cli("daemon", "stop")


def startup(ref: str, repeats: int) -> dict[str, float]:
    """Medians of the reading commands, and of `score` less the scorer's own seconds."""
    run = runs.start_run(ref, backend="docker")
    try:
        times: dict[str, list[float]] = {}
        for _ in range(repeats):
            for name, args in (
                ("--version", ("--version",)),
                ("--help", ("--help",)),
                ("validate", ("validate", str(TINY))),
                ("status", ("status", run.id)),
                ("runs", ("runs",)),
            ):
                times.setdefault(name, []).append(cli(*args)[0])
            took, _ = cli("score", run.id, "--json")
            scorer_s = runs.read_log(run.id, full=True)[-1]["details"]["seconds"]
            times.setdefault("score less the scorer", []).append(took - scorer_s)
    finally:
        runs.finish_run(run.id)
    return {k: statistics.median(v) for k, v in times.items()}


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--base", default=None, help="the base image to build the fixture on")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="envspec-bench-") as tmp:
        os.environ["ENVSPEC_HOME"] = tmp
        script = Path(tmp) / "bin" / "envspec"
        script.parent.mkdir()
        script.write_text(SCRIPT.format(python=sys.executable))
        script.chmod(0o755)
        _script.append(script)
        # a name of its own: its images' tags are not those the tests build (on another base)
        env = Path(tmp) / "tiny-overhead"
        shutil.copytree(TINY, env)
        manifest = env / "envspec.yaml"
        text = manifest.read_text().replace("\nname: tiny\n", "\nname: tiny-overhead\n")
        manifest.write_text(text)
        built = build_environment(env, base=args.base)
        target = RegistryTarget(store=str(constants.default_store_path()))
        pushed = push_environment(env, target, built=built)
        ref = str(pushed.environment)
        envspec_run(ref)  # warm: pulls the images into the engine once
        agent = f"envspec.local/{pushed.agent.repository}:0.1.0"
        scorer = f"envspec.local/{pushed.scorer.repository}:0.1.0"
        # interleaved, so that a busier moment of a shared machine weighs on every column
        plain, ours, ours_cli, ours_daemon = [], [], [], []
        for _ in range(args.repeats):
            plain.append(plain_docker(agent, scorer))
            ours.append(envspec_run(ref))
            ours_cli.append(envspec_cli_run(ref))
            with daemon():
                ours_daemon.append(envspec_cli_run(ref))
        starts = startup(ref, args.repeats)
        with daemon():
            starts_daemon = startup(ref, args.repeats)
    p, o = statistics.median(plain), statistics.median(ours)
    c, d = statistics.median(ours_cli), statistics.median(ours_daemon)
    print(f"medians over {args.repeats}")
    print(f"plain docker (create+exec+2 scorers+rm)        : {p:.2f} s")
    print(f"envspec run+exec+score+finish, Python API      : {o:.2f} s  ({o / p:.2f}x)")
    print(f"envspec run+exec+score+finish, CLI             : {c:.2f} s  ({c / p:.2f}x)")
    print(f"envspec run+exec+score+finish, CLI, the daemon : {d:.2f} s  ({d / p:.2f}x)")
    print(f"{'start-up':40}  without   with the daemon")
    for name, seconds in starts.items():
        print(f"envspec {name:32}: {seconds:.3f} s   {starts_daemon[name]:.3f} s")


if __name__ == "__main__":
    main()
