"""fix_embedding `lite` end to end through the docker backend: the assets rebuild from packages
to the digests the manifest pins; calibration (the reference trained inside its run) gives
starting ≈ 0 and reference ≈ 1; every exploit is invalid; the uncorrupted model and the hidden
split never reach the agent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from envspec.authoring.exploits import apply_exploit, find_exploits
from envspec.authoring.image_files import image_files
from envspec.models.reference import RegistryTarget
from envspec.runtime import runs
from envspec.runtime.calibrate import calibrate
from envspec.schema import load_manifest
from tests.support.envs import agent_image_paths, assert_pinned, load_module, publish

try:
    import torch  # noqa: F401  (the asset builder trains with it)
except ImportError:  # in CI scripts/bootstrap installs the CPU wheel: there it must be present
    if os.environ.get("CI"):
        raise
    pytest.skip("TORCH MISSING: run scripts/bootstrap", allow_module_level=True)

# pretraining the assets takes minutes on 2 cores, more on a busy machine
pytestmark = [
    pytest.mark.integration,
    pytest.mark.usefixtures("torch_cpu_base"),
    pytest.mark.timeout(2400),
]

ENV = Path(__file__).resolve().parents[1]
HIDDEN = ("test", "large")


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The assets rebuilt from packages (corpus, tokenizer, both models pretrained, the
    permuted one) and pushed to a store of this module's own."""
    root = tmp_path_factory.mktemp("fix-embedding")
    builder = load_module(ENV / "scoring" / "build_assets.py", "fe_e2e")
    builder.build(root / "build", "lite")
    builder.push(root / "build", RegistryTarget(store=str(root / "store")), "lite")
    return root / "store"


@pytest.fixture(scope="module")
def published(store: Path) -> str:
    return publish(ENV, store)


def test_assets_rebuild_to_the_pinned_digests(store: Path) -> None:
    version = load_module(ENV / "scoring" / "build_assets.py", "fe_e2e").VERSION
    rebuild = "run envs/fix_embedding/scoring/build_assets.py"
    assert_pinned(store, load_manifest(ENV).assets_of("lite"), version, rebuild)


def test_starting_scores_zero_and_reference_one(published: str) -> None:
    figures = calibrate(ENV, "lite", repeats=2, reference=published, backend="docker")
    for role, want in (("starting", 0.0), ("reference", 1.0)):
        scores = figures[role]["scores"]
        assert scores[0] == scores[1], "a fixed split in fixed order: one model, one score"
        assert figures[role]["normalised"] == pytest.approx(want, abs=0.1), figures
    print(
        f"\n[fix_embedding lite] starting {figures['starting']['median']:.4f}, "
        f"reference {figures['reference']['median']:.4f}"
    )


def test_every_exploit_is_invalid(published: str) -> None:
    manifest = load_manifest(ENV)
    exploits = find_exploits(ENV)
    assert len(exploits) >= 9
    run = runs.start_run(published, variant="lite", backend="docker")
    outcomes: dict[str, dict[str, object]] = {}
    try:
        for exploit in exploits:
            runs.exec_in_run(run.id, ["rm", "-f", "model.pt"])
            note = apply_exploit(run.id, exploit, manifest)
            view = runs.score_run(run.id).agent_view()
            outcomes[exploit.name] = view
            assert view["valid"] is False, f"{exploit.name} ({note}) scored {view}"
            assert view["reason"], view
        # the refusals are not blanket: the starting solution, submitted the same way, is valid
        runs.exec_in_run(run.id, ["rm", "-f", "model.pt"])
        runs.exec_in_run(run.id, list(manifest.prepare["starting"]))
        view = runs.score_run(run.id).agent_view()
        assert view["valid"], view
    finally:
        runs.finish_run(run.id)
    assert "weights_only" in str(outcomes["pickle_payload"]["reason"])
    assert "regular file" in str(outcomes["link_to_hidden"]["reason"])
    assert "config" in str(outcomes["small_model"]["reason"])


def test_hidden_assets_never_reach_the_agent(published: str) -> None:
    names = agent_image_paths(published)
    # the published images hold no asset (a variant's are added when its run starts) and
    # neither the scorer nor the reference
    assert not [n for n in names if n.startswith("assets/")]
    assert not [n for n in names if n.split("/")[0] in ("scoring", "reference")]
    mounts = {a.name: a.mount for a in load_manifest(ENV).assets_of("lite")}
    run = runs.start_run(published, variant="lite", backend="docker")
    try:
        # the image the agent's container runs: the pulled one plus lite's agent assets
        files = image_files(run.backend_state["agent_image"])
        probe = runs.exec_in_run(
            run.id,
            ["sh", "-c", 'ls /assets; echo "[$ENVSPEC_ASSET_LARGE$ENVSPEC_ASSET_TEST]"'],
        )
    finally:
        runs.finish_run(run.id)
    assert f"{mounts['corrupted']}/model.pt" in files and f"{mounts['data']}/train.bin" in files
    for hidden in HIDDEN:
        assert not [n for n in files if n.startswith(mounts[hidden])], hidden
    assert not [n for n in files if n.endswith(("test.bin", "metrics.json"))]
    out = probe.stdout.decode().split()
    assert sorted(out[:-1]) == ["corrupted", "data", "small"] and out[-1] == "[]", out
