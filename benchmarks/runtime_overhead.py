"""Runtime overhead, on the tiny fixture: one envspec run (run + exec + score + finish),
through the Python API and through the CLI (a process per command, as a harness drives it;
without and with `envspec daemon`), against the same work done with plain docker commands
(create + exec + two scorer containers, since `score` and `finish` each score once, + cleanup);
and the CLI's start-up: `--version`, `--help`, `validate`, `status`, `runs`, and `score`
against the scorer's own time, without and with the daemon.

    .venv/bin/python benchmarks/runtime_overhead.py [--repeats N]

Prints medians side by side. Needs the Docker engine (scripts/bootstrap).
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from envspec import constants
from envspec.models.reference import RegistryTarget
from envspec.oci.push import push_environment
from envspec.runtime import runs

TINY = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "envs" / "tiny"
#: the CLI as installed: with its bytecode cached (a shell that sets PYTHONDONTWRITEBYTECODE,
#: as some sandboxes do, makes every command compile envspec from source: +0.05-0.1 s each)
CLI_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


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


#: the console script as pip writes it (a client that uses a daemon where one listens)
CONSOLE_SCRIPT = str(Path(sys.executable).parent / "envspec")


def cli(*args: str, daemon: bool = False) -> tuple[float, str]:
    """Seconds one `envspec` command takes (a fresh client process; through the daemon or
    not), and its stdout."""
    env = CLI_ENV if daemon else {**CLI_ENV, "ENVSPEC_NO_DAEMON": "1"}
    began = time.perf_counter()
    done = subprocess.run(
        [CONSOLE_SCRIPT, *args], check=True, capture_output=True, text=True, env=env
    )
    return time.perf_counter() - began, done.stdout


def envspec_cli_run(ref: str, *, daemon: bool) -> float:
    """run + exec + score + finish, a CLI process each."""
    began = time.perf_counter()
    _, out = cli("run", ref, "--backend", "docker", daemon=daemon)
    run_id = out.strip()
    cli("exec", run_id, "--", "sh", "-c", "echo 42 > answer.txt", daemon=daemon)
    cli("score", run_id, daemon=daemon)
    cli("finish", run_id, daemon=daemon)
    return time.perf_counter() - began


def startup(ref: str, repeats: int) -> dict[str, list[float]]:
    """Medians of the reading commands, and of `score` less the scorer's own seconds, without
    and with the daemon."""
    run = runs.start_run(ref, backend="docker")
    try:
        times: dict[str, list[list[float]]] = {}
        for _ in range(repeats):
            for name, args in (
                ("--version", ("--version",)),
                ("--help", ("--help",)),
                ("validate", ("validate", str(TINY))),
                ("status", ("status", run.id)),
                ("runs", ("runs",)),
                ("score less the scorer", ("score", run.id, "--json")),
            ):
                for column, daemon in enumerate((False, True)):
                    took, _ = cli(*args, daemon=daemon)
                    if args[0] == "score":
                        took -= runs.read_log(run.id, full=True)[-1]["details"]["seconds"]
                    times.setdefault(name, [[], []])[column].append(took)
    finally:
        runs.finish_run(run.id)
    return {k: [statistics.median(v) for v in columns] for k, columns in times.items()}


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    compileall.compile_dir(Path(constants.__file__).parent, quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ENVSPEC_HOME"] = CLI_ENV["ENVSPEC_HOME"] = tmp
        pushed = push_environment(TINY, RegistryTarget(store=str(constants.default_store_path())))
        ref = str(pushed.environment)
        envspec_run(ref)  # warm: pulls the images into the engine once
        agent = f"envspec.local/{pushed.agent.repository}:0.1.0"
        scorer = f"envspec.local/{pushed.scorer.repository}:0.1.0"
        subprocess.run([CONSOLE_SCRIPT, "daemon", "start"], check=True, env=CLI_ENV)
        try:
            # interleaved: a busy moment of a shared machine weighs on every column alike
            columns: dict[str, list[float]] = {}
            for _ in range(args.repeats):
                columns.setdefault("plain", []).append(plain_docker(agent, scorer))
                columns.setdefault("api", []).append(envspec_run(ref))
                columns.setdefault("cli", []).append(envspec_cli_run(ref, daemon=False))
                columns.setdefault("daemon", []).append(envspec_cli_run(ref, daemon=True))
            starts = startup(ref, args.repeats)
        finally:
            subprocess.run([CONSOLE_SCRIPT, "daemon", "stop"], check=True, env=CLI_ENV)
    p, o, c, d = (statistics.median(columns[k]) for k in ("plain", "api", "cli", "daemon"))
    print(f"medians over {args.repeats}")
    print(f"plain docker (create+exec+2 scorers+rm)   : {p:.2f} s")
    print(f"envspec run+exec+score+finish, Python API : {o:.2f} s  ({o / p:.2f}x plain docker)")
    print(f"envspec run+exec+score+finish, CLI        : {c:.2f} s  ({c / p:.2f}x plain docker)")
    print(f"envspec run+exec+score+finish, CLI+daemon : {d:.2f} s  ({d / p:.2f}x plain docker)")
    print(f"{'':40}  without   with the daemon")
    for name, (without, with_daemon) in starts.items():
        print(f"envspec {name:32}: {without:.3f} s   {with_daemon:.3f} s")


if __name__ == "__main__":
    main()
