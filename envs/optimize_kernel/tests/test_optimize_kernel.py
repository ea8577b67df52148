"""optimize_kernel `lite` end to end through the docker backend: the starting solution scores
≈ 0 and the reference ≈ 1 (normalised, within the calibrated spread), every exploit is
invalid, and the agent image holds neither the scorer nor the reference."""

from __future__ import annotations

import io
import json
import math
import os
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from envspec import constants
from envspec.authoring.exploits import NO_GAIN, apply_exploit, find_exploits
from envspec.models.reference import Reference, RegistryTarget
from envspec.oci.pull import image_layers, resolve, shared_layers
from envspec.oci.push import push_environment
from envspec.runtime import runs
from envspec.schema import load_manifest
from tests.support.fixtures import LeasedUids, module_folder

pytestmark = [
    pytest.mark.integration,
    pytest.mark.usefixtures("torch_cpu_base", "interpreter_for_run_users"),
]

ENV = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """optimize_kernel pushed to a store of this module's own."""
    with module_folder(tmp_path_factory, "ok-store") as store:
        pushed = push_environment(ENV, RegistryTarget(store=str(store)))
        yield str(pushed.environment)


#: exploits run on a lighter lite (a copy with smaller inputs and fewer calls: the checks do not
#: depend on the size, and two backends times every exploit must fit the CI budget)
LIGHT = {"n": 1 << 22, "repeats": 3, "warmup": 1}


@pytest.fixture(scope="module")
def published_light(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with module_folder(tmp_path_factory, "ok-light") as root:
        env = root / "optimize_kernel"
        shutil.copytree(ENV, env, ignore=shutil.ignore_patterns("__pycache__", "calibration"))
        manifest = env / "envspec.yaml"
        data = yaml.safe_load(manifest.read_text())
        data["version"] += "-light"
        data["variants"]["lite"]["parameters"].update(LIGHT)
        manifest.write_text(yaml.safe_dump(data, sort_keys=False))
        pushed = push_environment(env, RegistryTarget(store=str(root / "store")))
        yield str(pushed.environment)


def _score(ref: str, solution: Path | None) -> dict[str, object]:
    run = runs.start_run(ref, variant="lite", backend="docker")
    try:
        if solution is not None:
            runs.put_files(run.id, {"solution.py": solution.read_bytes()})
        return runs.score_run(run.id).agent_view()
    finally:
        runs.finish_run(run.id, final_score=False)  # scored: a final scoring would time it again


def _tolerance() -> float:
    """Normalised units: four calibrated standard deviations, at least 0.3. On the 2-core CI
    machine type the starting solution's calls are bimodal (about 1.0 s or 1.7 s: its int64
    temporaries are fresh page-faulted memory each call), which the 5-scoring spread misses:
    a whole scoring in the fast mode normalises to about 0.19 (seen in the demo)."""
    norm = load_manifest(ENV).variant("lite").normalisation
    assert norm is not None, "lite must be calibrated (envspec calibrate --update)"
    span = abs(norm.reference - norm.starting)
    spread = max(norm.provenance.spread_starting, norm.provenance.spread_reference)
    return max(0.3, 4 * spread / span)


@pytest.mark.calibration  # trains/times both solutions (minutes): scripts/calibration-checks
def test_starting_scores_zero_and_reference_one(published: str) -> None:
    start = _score(published, None)
    assert start["valid"], start
    reference = _score(published, ENV / "reference" / "lite" / "solution.py")
    assert reference["valid"], reference
    tol = _tolerance()
    print(
        f"\n[optimize_kernel lite] starting {start['score']:.4f} → {start['normalised']:.3f}; "
        f"reference {reference['score']:.4f} → {reference['normalised']:.3f} (±{tol:.2f})"
    )
    assert math.isclose(float(start["normalised"]), 0.0, abs_tol=tol)  # type: ignore[arg-type]
    assert math.isclose(float(reference["normalised"]), 1.0, abs_tol=tol)  # type: ignore[arg-type]


@pytest.mark.parametrize("backend", ["docker", "local"])
def test_every_exploit_fails(published_light: str, backend: str, leased_uids: LeasedUids) -> None:
    """Each exploit, on a run of the starting solution, through both backends (the local one
    as root: the scorer kit's sandbox uids): invalid, or for the marked no-gain ones no better
    than the starting solution scored in the same run; and no process of any sandbox uid
    outlives its scoring."""
    manifest = load_manifest(ENV)
    exploits = find_exploits(ENV)
    assert len(exploits) >= 15
    norm = manifest.variant("lite").normalisation
    assert norm is not None
    span = norm.starting - norm.reference
    tol = _tolerance()
    starting = (ENV / "task" / "solution" / "solution.py").read_bytes()
    run = runs.start_run(published_light, variant="lite", backend=backend)
    outcomes: dict[str, str] = {}
    try:
        control = runs.score_run(run.id).agent_view()
        assert control["valid"], control
        best, rescored = float(control["score"]), False  # type: ignore[arg-type]
        for exploit in exploits:
            runs.exec_in_run(run.id, ["rm", "-f", "solution.py"])
            runs.put_files(run.id, {"solution.py": starting})
            note = apply_exploit(run.id, exploit, manifest)
            view = runs.score_run(run.id).agent_view()
            outcomes[exploit.name] = f"{note}: {view}"
            assert not leased_uids.left, f"{exploit.name} left {leased_uids.left}"
            if exploit.expect == NO_GAIN and view["valid"]:
                gain = (best - float(view["score"])) / span  # type: ignore[arg-type]
                if gain > tol and not rescored:
                    # a machine busy with other tests slows a single scoring by more than the
                    # tolerance (CI: 41% of the CPU taken, the control 0.39 of the span slower):
                    # the starting solution is scored once more and its best time compared
                    rescored = True
                    runs.exec_in_run(run.id, ["rm", "-f", "solution.py"])
                    runs.put_files(run.id, {"solution.py": starting})
                    again = runs.score_run(run.id).agent_view()
                    assert again["valid"], again
                    best = min(best, float(again["score"]))  # type: ignore[arg-type]
                    gain = (best - float(view["score"])) / span  # type: ignore[arg-type]
                    outcomes[exploit.name] += f" (the start again: {again['score']})"
                assert gain <= tol, outcomes[exploit.name]
            else:
                assert view["valid"] is False, outcomes[exploit.name]
                assert view["reason"], view
    finally:
        # no final scoring: it would score the last exploit again, which tells nothing more
        runs.finish_run(run.id, final_score=False)
    assert "link" in outcomes["link_solution"], outcomes["link_solution"]
    # the crash is reported, from the solution's own output: not the scorer's script's end
    assert "died" in outcomes["log_link"], outcomes["log_link"]
    assert "run_scorer" not in outcomes["log_link"], outcomes["log_link"]


def _files(store: object, repo: str, layers: list[dict[str, object]]) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    for layer in layers:
        data = store.get_blob(repo, layer["digest"])  # type: ignore[attr-defined]
        with tarfile.open(fileobj=io.BytesIO(data)) as tar:
            for member in tar.getmembers():
                f = tar.extractfile(member) if member.isfile() else None
                out[member.name.removeprefix("./")] = f.read() if f is not None else b""
    return out


def test_a_busy_machine_is_reported_not_believed(published_light: str) -> None:
    """Other processes busy on every CPU while the calls are timed: the score says the
    measurement was disturbed (the checker measures the machine's CPU time and its own)."""
    busy = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"])
        for _ in range(os.cpu_count() or 2)
    ]
    try:
        view = _score(published_light, None)
    finally:
        for p in busy:
            p.kill()
            p.wait()
    assert view["valid"], view
    assert "WARNING: the measurement was disturbed" in str(view["message"]), view


def test_agent_image_holds_no_scorer_or_reference(published: str) -> None:
    store, resolved = resolve(Reference.parse(published))
    repo = resolved.reference.repository
    scorer_repo = repo + constants.SCORER_REPO_SUFFIX
    art = resolved.artifact
    base = shared_layers(store, [(repo, art.agent_digest), (scorer_repo, art.scorer_digest)])
    own = [x for x in image_layers(store, repo, art.agent_digest) if x["digest"] not in base]
    agent = _files(store, repo, own)
    assert "home/agent/solution/solution.py" in agent
    assert not [n for n in agent if n.split("/")[0] in ("scoring", "reference")]
    secret = {
        p.read_bytes()
        for p in [*(ENV / "scoring").rglob("*.py"), *(ENV / "reference").rglob("*.py")]
    }
    assert not [n for n, data in agent.items() if data in secret]
    # and the scorer image does hold the scorer
    own_scorer = [
        x for x in image_layers(store, scorer_repo, art.scorer_digest) if x["digest"] not in base
    ]
    assert "scoring/worker.py" in _files(store, scorer_repo, own_scorer)


def test_standard_variant_is_calibrated_on_an_h200() -> None:
    standard = load_manifest(ENV).variant("standard")
    assert standard.hardware.gpu is not None and standard.hardware.gpu.models == ("h200",)
    norm = standard.normalisation
    assert norm is not None and "H200" in norm.provenance.hardware
    figures = json.loads((ENV / "calibration" / "standard.json").read_text())
    assert figures["normalisation"]["starting"] == pytest.approx(norm.starting)
    assert figures["normalisation"]["reference"] == pytest.approx(norm.reference)
    # a timing task: at least 5 scorings; the single-pass kernel is placed on the scale whose 1
    # is the original's kind of reference (three launches), above it
    assert norm.provenance.repeats >= 5
    raw, normalised = norm.provenance.extra["strong"]
    assert normalised > 1 and raw == pytest.approx(figures["strong"]["median"], abs=1e-6)


POLLER = r"""
import os, sys, time
roots = ["/tmp", "/var/tmp", "/var/lib", "/run", "/dev/shm"]
mine = os.getcwd()
def readable():
    found = set()
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            if dirpath.startswith(mine):
                continue
            for name in filenames:
                path = os.path.join(dirpath, name)
                try:
                    with open(path, "rb") as f:
                        f.read(1)
                    found.add(path)
                except OSError:
                    pass
    return found
before = readable()
with open("poll-ready", "w") as f:
    f.write("ready")
seen = set()
deadline = time.time() + float(sys.argv[1])
while time.time() < deadline and not os.path.exists("poll-stop"):
    seen |= readable() - before
with open("poll.txt", "w") as f:
    f.write("\n".join(sorted(seen)))
"""


def test_a_poller_beside_a_local_scoring_finds_nothing(
    published_light: str, leased_uids: LeasedUids
) -> None:
    """The agent's own poller, running through a whole local-backend scoring, can read none of
    the files the scoring makes (snapshot, sandbox folders, inputs, hidden data)."""
    run = runs.start_run(published_light, variant="lite", backend="local")
    try:
        runs.put_files(run.id, {"poller.py": POLLER.encode()})
        runs.exec_in_run(run.id, ["sh", "-c", "python3 poller.py 600 >/dev/null 2>&1 &"])
        for _ in range(600):
            if runs.exec_in_run(run.id, ["test", "-e", "poll-ready"]).exit_code == 0:
                break
            time.sleep(0.5)
        view = runs.score_run(run.id).agent_view()
        assert view["valid"], view
        runs.exec_in_run(run.id, ["touch", "poll-stop"])
        for _ in range(600):
            done = runs.exec_in_run(run.id, ["cat", "poll.txt"])
            if done.exit_code == 0:
                break
            time.sleep(0.5)
        seen = [p for p in done.stdout.decode().splitlines() if p]
    finally:
        runs.finish_run(run.id, final_score=False)  # the scoring watched is done
    assert seen == [], seen
    assert leased_uids.blocks and not leased_uids.left
