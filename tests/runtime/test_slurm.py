"""The slurm backend on a real Slurm (22.05) of two emulated nodes with two fake h100s each
(tests/support/slurm.py starts it): GPU exclusivity across nodes and queueing when full,
refusal at submission, the time limit and a node failure ending runs with nothing left, and a
batch of 20 runs whose score@k matches a brute-force computation."""

from __future__ import annotations

import copy
import json
import os
import pwd
import statistics
import subprocess
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from envspec import constants
from envspec.cli.main import main
from envspec.errors import EnvspecError, GpuRequestImpossible
from envspec.models.run import RunRecord
from envspec.runtime import runs, runstore
from envspec.runtime.backends import slurm_node
from envspec.runtime.backends.slurm import SlurmState
from envspec.runtime.host import HostCannotRun
from tests.support.batch import (
    AGENT,
    ENVSPEC,
    agent_scores,
    check_score_at_k,
    normalised_by_entry,
    results,
    write_spec,
)
from tests.support.slurm import Cluster, slurm_cluster  # noqa: F401 (the session's cluster)

pytestmark = pytest.mark.integration


@pytest.fixture()
def on_slurm(slurm_cluster: Cluster, monkeypatch: pytest.MonkeyPatch) -> Cluster:  # noqa: F811
    """Runs of this test go to the cluster, with the local backend on the nodes (the jobs
    inherit these variables) and a time limit of the budget alone."""
    monkeypatch.setenv("ENVSPEC_SLURM_INNER", "local")
    monkeypatch.setenv("ENVSPEC_SLURM_SETUP", "0")
    return slurm_cluster


def _variants(m: dict[str, Any]) -> None:
    """The tiny environment's variants for these tests (one environment: one build)."""
    lite = m["variants"]["lite"]

    def variant(gpus: int = 0, cpus: int = 1, wall_time: str = "10m") -> dict[str, Any]:
        v = copy.deepcopy(lite)
        v["hardware"]["cpus"] = cpus
        if gpus:
            v["hardware"]["gpu"] = {"count": gpus, "models": ["h100"]}
        v["budgets"]["wall_time"] = wall_time
        return v

    m["variants"].update(
        gpu=variant(gpus=1),
        three=variant(gpus=3),
        big=variant(cpus=6),
        short=variant(wall_time="1m"),
        egress={**variant(), "network": "egress"},
    )


@pytest.fixture()
def ref(publish: Callable[..., str]) -> str:
    return publish("slurm_tiny", _variants)


def state(run: RunRecord) -> SlurmState:
    return SlurmState.from_dict(runstore.load(run.id).backend_state)


def squeue(cluster: Cluster, job_id: str) -> str:
    """The job's state and reason, e.g. ``PENDING Resources``."""
    return cluster.run("squeue", "--noheader", "--states=all", f"--jobs={job_id}", "--format=%T %r")


def _labelled(kind: str, run_id: str) -> list[str]:
    """Docker containers or volumes of a run."""
    argv = ["docker", kind, "ls", "-q", "--filter", f"label={constants.LABEL_RUN}={run_id}"]
    if kind == "container":
        argv.insert(3, "--all")
    return subprocess.run(argv, capture_output=True, text=True, check=True).stdout.split()


def _wait(what: str, check: Callable[[], bool], timeout: float) -> None:
    give_up = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < give_up, f"not {what} in {timeout:g} s"
        time.sleep(0.3)


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"


def _final(run_id: str) -> bool:
    report = slurm_node.read_report(run_id)
    return report is not None and report["state"] in slurm_node.FINAL


def test_gpus_are_exclusive_across_nodes_and_a_full_cluster_queues(
    on_slurm: Cluster, ref: str
) -> None:
    with ThreadPoolExecutor(4) as pool:
        started = list(
            pool.map(lambda _: runs.start_run(ref, variant="gpu", backend="slurm"), range(4))
        )
    held = {}
    for run in started:
        st = state(run)
        assert run.backend == "slurm" and run.isolation == "user" and st.inner == "local"
        (gpu,) = runstore.load(run.id).gpus
        held[run.id] = (st.node, gpu.index)
        # the device id Slurm gave the job is what the run's commands see
        seen = runs.exec_in_run(run.id, ["sh", "-c", "echo $CUDA_VISIBLE_DEVICES"])
        assert seen.stdout.decode().strip() == str(gpu.index), seen
    # four GPUs, four runs: each has one of its own, two on each node
    assert sorted(held.values()) == [(n, i) for n in on_slurm.nodes for i in (0, 1)]

    # a fifth waits in Slurm's queue until a GPU is free, then gets the one given back
    fifth: list[RunRecord] = []
    waiting = threading.Thread(
        target=lambda: fifth.append(runs.start_run(ref, variant="gpu", backend="slurm"))
    )
    waiting.start()
    give_up = time.monotonic() + 30
    while "PENDING Resources" not in on_slurm.run("squeue", "--noheader", "--format=%T %r"):
        assert time.monotonic() < give_up, on_slurm.run("squeue")
        time.sleep(0.2)
    time.sleep(1)
    assert waiting.is_alive() and not fifth
    first = started[0]
    runs.finish_run(first.id)
    waiting.join(timeout=60)
    assert fifth, "the queued run did not start"
    (gpu,) = runstore.load(fifth[0].id).gpus
    assert (state(fifth[0]).node, gpu.index) == held[first.id]
    for run in [*started[1:], *fifth]:
        result = runs.finish_run(run.id)
        assert result["backend"] == "slurm" and result["gpus"][0]["model"] == "h100"
        assert result["score"]["raw"] == 42  # the starting solution, scored on its node
    _wait("every job ended", lambda: on_slurm.active_jobs() == [], timeout=10)


def test_a_request_no_node_can_meet_is_refused_at_submission(
    on_slurm: Cluster, ref: str, capsys: pytest.CaptureFixture[str]
) -> None:
    before = {r.id for r in runstore.all_runs()}
    jobs_before = on_slurm.run("squeue", "--noheader", "--states=all", "--format=%i").split()
    with pytest.raises(GpuRequestImpossible) as refused:
        runs.start_run(ref, variant="three", backend="slurm")
    assert "no node of the Slurm cluster has 1 CPUs and 1024 MB with 3x h100" in str(refused.value)
    assert "nodeA (4 CPUs, 8000 MB, gpu:h100:2)" in str(refused.value)
    assert refused.value.hint and "fewer GPUs" in refused.value.hint
    with pytest.raises(HostCannotRun, match="no node of the Slurm cluster has 6 CPUs"):
        runs.start_run(ref, variant="big", backend="slurm")
    # the partition allows 30 minutes: a 45-minute budget could never run there
    with pytest.raises(HostCannotRun, match=r"time limit \(45 min.*exceeds .*\(30 min\)"):
        runs.start_run(ref, variant="gpu", backend="slurm", budgets={"wall_time": "45m"})
    # the CLI says it with the hint and the exit code of "this host cannot"
    code = main(["run", ref, "--variant", "three", "--backend", "slurm"])
    err = capsys.readouterr().err
    assert code == 4 and "3x h100" in err and "hint:" in err
    # refused before anything was submitted or recorded
    assert {r.id for r in runstore.all_runs()} == before
    jobs_after = on_slurm.run("squeue", "--noheader", "--states=all", "--format=%i").split()
    assert jobs_after == jobs_before


def test_a_local_inner_runs_no_variant_with_a_network(on_slurm: Cluster, ref: str) -> None:
    """Its agent would reach slurmctld from the host's network and submit jobs of its own,
    past the run's budget, which then ran as a later run given its uid (an attacker's
    review, 2026-12-06): the job agent refuses it before the run starts."""
    with pytest.raises(EnvspecError) as refused:
        runs.start_run(ref, variant="egress", backend="slurm")
    assert "ENVSPEC_SLURM_INNER=local runs only variants with network none" in str(refused.value)
    failed = [r for r in runstore.all_runs() if r.variant == "egress"]
    assert failed and all(r.status == "failed" for r in failed)
    _wait("its job gone", lambda: not on_slurm.run("squeue", "--noheader").strip(), 30)


def test_slurm_ending_a_job_leaves_nothing_of_its_run(
    on_slurm: Cluster, ref: str, docker_engine: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A node failure (its slurmd killed mid-run: the run fails) and the time limit (Slurm
    kills the job) each end a run with nothing of it left: containers, volumes, disk,
    processes, its user and folder. One test: the two waits (about 20 s for the controller to
    declare the node down, 60-90 s for the time limit) run side by side."""
    # B: local backend on nodeB, with an agent process left running in the background
    monkeypatch.setenv("ENVSPEC_SLURM_ARGS", "--nodelist=nodeB")
    b = runs.start_run(ref, variant="gpu", backend="slurm")
    sb = state(b)
    assert (sb.node, sb.inner) == ("nodeB", "local")
    left = runs.exec_in_run(b.id, ["sh", "-c", "nohup sleep 600 >/dev/null 2>&1 & echo $!"])
    sleeper = int(left.stdout)
    assert not _gone(sleeper), "the background process is not running"
    area = Path(sb.inner_state["workdir"]).parent
    agent_b = int(slurm_node.read_report(b.id)["pid"])  # type: ignore[index]
    on_slurm.kill_slurmd("nodeB")

    # A: docker backend on nodeA, a budget of one minute: Slurm's time limit is one minute
    monkeypatch.setenv("ENVSPEC_SLURM_INNER", "docker")
    monkeypatch.setenv("ENVSPEC_SLURM_ARGS", "--nodelist=nodeA")
    a = runs.start_run(ref, variant="short", backend="slurm")
    sa = state(a)
    assert (sa.node, sa.inner, a.isolation) == ("nodeA", "docker", "container")
    assert runs.exec_in_run(a.id, ["sh", "-c", "echo 40 > answer.txt"]).exit_code == 0
    assert runs.score_run(a.id).record.score == 2
    assert _labelled("container", a.id) and _labelled("volume", a.id)
    disk = Path(sa.inner_state["disk"])

    # B: the controller declares nodeB down and fails the job; gc fails the run; the job's
    # agent, alive on the "failed" node, sees it and removes the run's side there
    def b_failed() -> bool:
        runs.gc()
        return runstore.load(b.id).status == "failed"

    _wait("run B failed", b_failed, timeout=60)
    assert "NODE_FAIL" in (runstore.load(b.id).note or "")
    _wait("run B's agent gone", lambda: _final(b.id) and _gone(agent_b), timeout=30)
    assert _gone(sleeper), "the agent's background process outlived the node"
    assert not area.exists()
    with pytest.raises(KeyError):
        pwd.getpwnam(sb.inner_state["user"])
    result = runs.finish_run(b.id)
    assert result["status"] == "failed" and not result["score"]["valid"]
    # the job's own processes on the node end too (the agent was its batch script)
    _wait("job B's steps gone", lambda: not on_slurm.steps(sb.job_id), timeout=30)
    on_slurm.start_slurmd("nodeB")

    # A: Slurm kills its job at the time limit (nothing of envspec's asks it to: no gc here)
    _wait("job A timed out", lambda: squeue(on_slurm, sa.job_id).startswith("TIMEOUT"), 150)
    _wait("job A's agent done", lambda: _final(a.id), timeout=30)
    assert _labelled("container", a.id) == [] and _labelled("volume", a.id) == []
    assert not disk.exists() and not (disk.parent / f"{a.id}.img").exists()
    result = runs.finish_run(a.id)
    assert result["status"] == "finished" and result["score"]["raw"] == 2
    # its clock started on the node and stopped at the job's end: within the minute
    assert result["budget"]["elapsed_s"] == pytest.approx(sa.deadline - sa.started_at, abs=0.01)
    assert 50 < result["budget"]["elapsed_s"] <= 60
    on_slurm.wait_node("nodeB", ("idle",))


def test_a_batch_of_20_runs_through_slurm_matches_brute_force(
    on_slurm: Cluster, ref: str, tmp_path: Path
) -> None:
    (tmp_path / "half").mkdir()
    (tmp_path / "half" / "answer.txt").write_text("21\n")
    entries = [
        {"name": "agent", "environment": ref, "variant": "gpu", "agent": AGENT, "repeats": 14},
        {"name": "half", "environment": ref, "variant": "gpu", "solution": "half", "repeats": 6},
    ]
    # more trials at once than GPUs: Slurm queues the fifth
    spec = write_spec(tmp_path, entries, concurrency=5)
    out = tmp_path / "out"
    argv = [ENVSPEC, "batch", str(spec), "--out", str(out), "--backend", "slurm", "--json"]
    done = subprocess.run([*argv, "--no-report"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert (summary["done"], summary["errors"]) == (20, 0)
    groups = {g["entry"]: g for g in summary["groups"]}
    by_entry = normalised_by_entry(out)
    assert sorted(by_entry["agent"]) == pytest.approx(agent_scores(14))
    assert groups["agent"]["without_score"] == 2
    assert groups["agent"]["mean"] == pytest.approx(statistics.fmean(agent_scores(14)))
    assert by_entry["half"] == pytest.approx([0.5] * 6)
    for name in ("agent", "half"):
        check_score_at_k(groups[name], by_entry[name])
    # every run on Slurm, and no two at once on one GPU of one node
    found = list(results(out).values())
    assert {r["backend"] for r in found} == {"slurm"} and len(found) == 20
    spans: dict[str, list[tuple[float, float]]] = {}
    for r in found:
        (gpu,) = r["gpus"]
        spans.setdefault(gpu["uuid"], []).append((r["started_at"], r["finished_at"]))
    assert len(spans) == 4, spans
    for held in spans.values():
        held.sort()
        assert all(x[1] <= y[0] for x, y in pairwise(held)), held
    _wait("every job ended", lambda: on_slurm.active_jobs() == [], timeout=10)
