"""The slurm backend's per-run overhead against the backend it runs on the node, for the same
trial on the tiny fixture: run + exec + score + finish through the Python API, each phase
timed, medians of a few runs; the docker backend against slurm with docker on the node, and
the local backend against slurm with local on the node.

    sudo .venv/bin/python benchmarks/slurm_overhead.py [--repeats N]

Uses the cluster ``SLURM_CONF`` names, or starts the tests' two-node cluster (as root, with
slurm-wlm and munge installed: scripts/bootstrap) for the measurement and stops it after.
The cluster runs on this machine, so the figures are Slurm's own costs (sbatch, scheduling,
the job agent's start, an srun step per request, scancel), without a network between hosts.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.support, from a checkout

from envspec import constants
from envspec.models.reference import RegistryTarget
from envspec.oci.push import push_environment
from envspec.runtime import runs

TINY = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "envs" / "tiny"
PHASES = ("run", "exec", "score", "finish")


def trial(ref: str, backend: str) -> dict[str, float]:
    """One run's phases, in seconds."""
    times = {}
    began = time.perf_counter()
    run = runs.start_run(ref, backend=backend)
    times["run"] = time.perf_counter() - began
    began = time.perf_counter()
    runs.exec_in_run(run.id, ["sh", "-c", "echo 42 > answer.txt"])
    times["exec"] = time.perf_counter() - began
    began = time.perf_counter()
    runs.score_run(run.id)
    times["score"] = time.perf_counter() - began
    began = time.perf_counter()
    runs.finish_run(run.id)
    times["finish"] = time.perf_counter() - began
    times["total"] = sum(times.values())
    return times


def medians(ref: str, backend: str, repeats: int, inner: str | None = None) -> dict[str, float]:
    """Median phases of ``repeats`` trials (after one to warm caches)."""
    if inner is not None:
        os.environ["ENVSPEC_SLURM_INNER"] = inner
    trial(ref, backend)
    done = [trial(ref, backend) for _ in range(repeats)]
    return {k: statistics.median(t[k] for t in done) for k in done[0]}


@contextlib.contextmanager
def a_cluster() -> Iterator[None]:
    """The cluster SLURM_CONF names, or the tests' own for the measurement."""
    if os.environ.get("SLURM_CONF"):
        yield
        return
    from tests.support import slurm

    why = slurm.missing()
    if why is not None:
        sys.exit(f"no Slurm cluster: {why} (or set SLURM_CONF to one)")
    root = Path(tempfile.mkdtemp(prefix="envspec-slurm-"))
    os.chmod(root, 0o755)  # munged wants the folders above its socket open to all
    try:
        with slurm.cluster(root) as c:
            os.environ["SLURM_CONF"] = str(c.conf)
            yield
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    os.environ["ENVSPEC_SLURM_SETUP"] = "0"
    with tempfile.TemporaryDirectory() as home, a_cluster():
        os.environ["ENVSPEC_HOME"] = home
        pushed = push_environment(TINY, RegistryTarget(store=str(constants.default_store_path())))
        ref = str(pushed.environment)
        rows = [
            ("docker", medians(ref, "docker", args.repeats)),
            ("slurm (docker on the node)", medians(ref, "slurm", args.repeats, inner="docker")),
            ("local", medians(ref, "local", args.repeats)),
            ("slurm (local on the node)", medians(ref, "slurm", args.repeats, inner="local")),
        ]
    print(f"medians of {args.repeats} runs, seconds")
    print(f"{'backend':28}" + "".join(f"{p:>9}" for p in (*PHASES, "total")) + "   overhead")
    for i, (name, t) in enumerate(rows):
        base = rows[i - 1][1]["total"] if i % 2 else None
        extra = f"   +{t['total'] - base:.2f} s ({t['total'] / base:.2f}x)" if base else ""
        print(f"{name:28}" + "".join(f"{t[p]:9.2f}" for p in (*PHASES, "total")) + extra)


if __name__ == "__main__":
    main()
