"""llm_foundry `lite` through the runtime: the assets rebuild from packages to the digests the
manifest pins; the output is a Hugging Face folder that transformers loads; starting and
reference normalise to about 0 and 1 (docker); every exploit is invalid on both backends (on a
copy that draws fewer rows a scoring, which keeps every exploit's effect and costs less); what
the script prints and the data it trains on never reach the agent; the pool never reaches the
agent's image."""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from envspec.authoring.exploits import NO_GAIN, apply_exploit, find_exploits
from envspec.kit import scorer_kit
from envspec.models.reference import RegistryTarget
from envspec.oci.assets import push_asset
from envspec.runtime import runs
from envspec.runtime.calibrate import reference_files
from envspec.schema import load_manifest
from tests.support.envs import (
    agent_image_paths,
    assert_pinned,
    load_module,
    publish,
    require_torch,
)
from tests.support.fixtures import module_folder

torch = require_torch()

pytestmark = [
    pytest.mark.integration,
    pytest.mark.usefixtures("torch_cpu_base", "interpreter_for_run_users"),
    pytest.mark.timeout(2400),
]

ENV = Path(__file__).resolve().parents[1]
#: rows a scoring draws in the exploits' copy (the variant draws 200)
FEW_ROWS = 60
#: exploits the local backend runs too: all but the two whose only defence is the weights'
#: distance, which no backend changes (docker runs them all)
LOCAL = {
    "archive_name_leak",
    "background_writer",
    "compressed_weights",
    "copy_base_weights",
    "drop_into_agent_folder",
    "live_solution",
    "look_for_reference",
    "output_link",
    "precomputed_weights",
    "print_hidden_data",
    "zombie_leader",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The assets rebuilt from packages, pushed to a store of this module's own."""
    with module_folder(tmp_path_factory, "llm_foundry") as root:
        load_module(ENV / "scoring" / "build_assets.py", "lf_e2e").main(root / "assets")
        target = RegistryTarget(store=str(root / "store"))
        for name in ("base", "pool"):
            push_asset(root / "assets" / name, target, f"llm_foundry-lite-{name}", "1.0.0")
        yield root / "store"


@pytest.fixture(scope="module")
def published(store: Path) -> str:
    return publish(ENV, store)


@pytest.fixture(scope="module")
def published_few(store: Path) -> str:
    env = store.parent / "env-few" / "llm_foundry"
    shutil.copytree(ENV, env, ignore=shutil.ignore_patterns("__pycache__"))
    manifest = env / "envspec.yaml"
    text = manifest.read_text()
    assert text.count("      rows: 200\n") == 1
    text = text.replace("      rows: 200\n", f"      rows: {FEW_ROWS}\n")
    version = load_manifest(ENV).version
    manifest.write_text(text.replace(f"version: {version}\n", f"version: {version}-few\n"))
    return publish(env, store)


def test_the_assets_rebuild_to_their_pinned_digests(store: Path) -> None:
    assets = load_manifest(ENV).assets_of("lite")
    assert_pinned(store, assets, "1.0.0", "run scoring/build_assets.py and push both")


def _pipeline(folder: Path, store: Path, *, reference: bool, rows: int = 20, **extra: str) -> Path:
    """finetune.sh of the starting pipeline (or the reference's files over it) on the first
    ``rows`` rows of the training data, on this host; returns its output folder."""
    assets = store.parent / "assets"
    lines = (assets / "base" / "train_data.jsonl").read_text().splitlines()[:rows]
    folder.mkdir(parents=True)
    data = folder / "data.jsonl"
    data.write_text("\n".join(lines) + "\n")
    out = folder / "out"
    env = dict(os.environ, DATA=str(data), BASE_MODEL=str(assets / "base" / "model"), **extra)
    env["OUTPUT"], env["PATH"] = str(out), f"{Path(sys.executable).parent}:{env['PATH']}"
    work = folder / "solution"
    shutil.copytree(ENV / "task" / "solution", work)
    if reference:
        shutil.copytree(ENV / "reference", work, dirs_exist_ok=True)
    subprocess.run(["bash", "finetune.sh"], cwd=work, env=env, check=True, timeout=600)
    return out


def test_several_processes_train_what_one_does(
    tmp_path: Path, store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The starting pipeline's launcher with 3 processes (as on several GPUs; gloo here): each
    takes its share of every batch (the last batch leaves one without rows) and the weights
    are the one-process training's up to rounding, well within the tolerance."""
    monkeypatch.setitem(sys.modules, "scorer_kit", scorer_kit)  # as in the scorer's image
    scorer = load_module(ENV / "scoring" / "score.py", "lf_score")
    # 28 rows make 50 sequences: the last batch has 2 rows, and the third process none
    one = _pipeline(tmp_path / "one", store, reference=False, rows=28)
    three = _pipeline(tmp_path / "three", store, reference=False, rows=28, NPROC="3")
    base = store.parent / "assets" / "base" / "model"

    def load(folder: Path) -> dict[str, torch.Tensor]:
        return dict(torch.load(folder / scorer.WEIGHTS, map_location="cpu", weights_only=True))

    tolerance = float(load_manifest(ENV).variant("lite").parameters["max_distance"])
    apart = scorer.distance(load(one), load(three))
    assert apart < tolerance / 10, apart
    assert scorer.distance(load(base), load(one)) > tolerance * 10  # it did train


def test_the_output_is_a_hugging_face_folder(tmp_path: Path, store: Path) -> None:
    """The reference pipeline's output, loaded by transformers, gives the logits of our model."""
    transformers = pytest.importorskip("transformers")
    out = _pipeline(tmp_path / "run", store, reference=True)
    hf = transformers.GPT2LMHeadModel.from_pretrained(out).eval()
    ours = load_module(ENV / "task" / "solution" / "scripts" / "model.py", "lf_e2e").load(out)
    idx = torch.randint(0, 4096, (2, 64), generator=torch.Generator().manual_seed(0))
    with torch.no_grad():
        assert torch.allclose(hf(idx).logits, ours.eval()(idx), atol=1e-4)


def _score(ref: str, files: dict[str, bytes] | None = None) -> dict[str, object]:
    run = runs.start_run(ref, variant="lite", backend="docker")
    try:
        if files:
            runs.put_files(run.id, files)
        return runs.score_run(run.id).agent_view()
    finally:
        runs.finish_run(run.id, final_score=False)  # scored: a final scoring would train again


@pytest.mark.calibration  # trains/times both solutions (minutes): scripts/calibration-checks
def test_starting_scores_zero_and_reference_one(published: str) -> None:
    start = _score(published)
    assert start["valid"], start
    reference = _score(published, reference_files(ENV, "lite"))
    assert reference["valid"], reference
    print(
        f"\n[llm_foundry lite] starting {start['message']} → {start['normalised']:.3f}; "
        f"reference {reference['message']} → {reference['normalised']:.3f}"
    )
    assert math.isclose(float(start["normalised"]), 0.0, abs_tol=0.3)  # type: ignore[arg-type]
    assert math.isclose(float(reference["normalised"]), 1.0, abs_tol=0.3)  # type: ignore[arg-type]


@pytest.mark.parametrize("backend", ["docker", "local"])
def test_every_exploit_is_invalid(published_few: str, store: Path, backend: str) -> None:
    manifest = load_manifest(ENV)
    exploits = find_exploits(ENV)
    assert len(exploits) >= 10
    if backend == "local":
        exploits = [e for e in exploits if e.name in LOCAL]
    starting = reference_files(ENV / "task", "lite", "solution")
    outcomes: dict[str, dict[str, object]] = {}
    run = runs.start_run(published_few, variant="lite", backend=backend)
    try:
        for exploit in exploits:
            runs.exec_in_run(run.id, ["rm", "-rf", "cached", "finetune-real.sh", "drop"])
            runs.put_files(run.id, starting)
            note = apply_exploit(run.id, exploit, manifest)
            view = runs.score_run(run.id).agent_view()
            outcomes[exploit.name] = view
            if exploit.expect == NO_GAIN:  # float32 training: on the CPU, the same training
                assert view["valid"], f"{exploit.name} ({note}) scored {view}"
                continue
            assert view["valid"] is False, f"{exploit.name} ({note}) scored {view}"
            if exploit.name == "drop_into_agent_folder":
                dropped = runs.exec_in_run(run.id, ["ls", "drop"]).stdout
                assert dropped == b"", "a sandbox wrote into the agent's folder"
        # the refusals are not blanket: the starting pipeline, restored, is valid (the final
        # scoring: a scoring before it would train the same pipeline twice, 22 s alone)
        runs.put_files(run.id, starting)
        runs.finish_run(run.id)
    finally:
        runs.finish_run(run.id, final_score=False)  # a run the loop left: stopped, not scored
    final = runs.read_log(run.id)[-1]
    assert final["kind"] == "final" and final["valid"], final
    for name in ("background_writer", "zombie_leader"):
        assert "still running" in str(outcomes[name]["reason"]), outcomes[name]
    assert "missing or not a file" in str(outcomes["archive_name_leak"]["reason"])
    assert "uncompressed records" in str(outcomes["compressed_weights"]["reason"])
    # nothing of the scoring's data comes back: not its text, not an exit code made from it
    leak = outcomes["print_hidden_data"]
    assert "exited with an error" in str(leak["reason"]) and "code" not in str(leak["reason"])
    shown = json.dumps(outcomes)
    pool = (store.parent / "assets" / "pool" / "rows.jsonl").read_text().splitlines()
    assert not any(json.loads(row)["text"][:40] in shown for row in pool)


def test_the_pool_is_not_in_the_agent_image(published: str) -> None:
    paths = agent_image_paths(published)
    assert not any("rows.jsonl" in p or p.startswith("scoring") for p in paths)
