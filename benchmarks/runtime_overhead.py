"""Runtime overhead: one envspec run (run + exec + score + finish) against the same work done
with plain docker commands (create + exec + two scorer containers, since `score` and `finish`
each score once, + cleanup), on the tiny fixture.

    .venv/bin/python benchmarks/runtime_overhead.py [--repeats N]

Prints the seconds of each and their ratio. Needs the Docker engine (scripts/bootstrap).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from envspec import constants
from envspec.models.reference import RegistryTarget
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


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        import os

        os.environ["ENVSPEC_HOME"] = tmp
        pushed = push_environment(TINY, RegistryTarget(store=str(constants.default_store_path())))
        ref = str(pushed.environment)
        envspec_run(ref)  # warm: pulls the images into the engine once
        agent = f"envspec.local/{pushed.agent.repository}:0.1.0"
        scorer = f"envspec.local/{pushed.scorer.repository}:0.1.0"
        plain = [plain_docker(agent, scorer) for _ in range(args.repeats)]
        ours = [envspec_run(ref) for _ in range(args.repeats)]
    p, o = statistics.median(plain), statistics.median(ours)
    print(f"plain docker (create+exec+2 scorers+rm)  : median {p:.2f} s over {args.repeats}")
    print(f"envspec run+exec+score+finish:             median {o:.2f} s over {args.repeats}")
    print(f"overhead ratio: {o / p:.2f}x")


if __name__ == "__main__":
    main()
