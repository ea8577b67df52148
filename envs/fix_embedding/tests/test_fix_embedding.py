"""fix_embedding `lite` end to end through the docker backend: the public assets rebuild from
packages to the digests the manifest pins (the models only on the kind of CPU they were pinned
on: calibration/lite-assets.json), and the corrupted model, built here with a fresh
secret of the test's own, differs from the pinned one and from the one the public seed of
0.1.0 gives (which the public-seed exploit undoes exactly); then, on a copy of the environment
that pins the assets the test built: calibration (the reference trained inside its run)
gives starting ≈ 0 and reference ≈ 1; every exploit is invalid, or gains nothing where marked
so; the uncorrupted model and the hidden split never reach the agent."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from envspec.assets.lm import corrupt_embedding
from envspec.assets.secret import AssetSecret
from envspec.authoring.exploits import NO_GAIN, apply_exploit, find_exploits, gains
from envspec.authoring.image_files import image_files
from envspec.models.reference import RegistryTarget
from envspec.oci.assets import push_asset
from envspec.oci.layout import LayoutStore
from envspec.runtime import runs
from envspec.runtime.calibrate import calibrate
from envspec.schema import load_manifest
from tests.support.envs import (
    agent_image_paths,
    assert_pinned,
    copy_with_pins,
    load_module,
    publish,
    require_torch,
)
from tests.support.fixtures import module_folder

torch = require_torch()  # the asset builder trains with it

# pretraining the assets takes minutes on 2 cores, more on a busy machine
pytestmark = [
    pytest.mark.integration,
    pytest.mark.usefixtures("torch_cpu_base", "interpreter_for_run_users"),
    pytest.mark.timeout(2400),
]

ENV = Path(__file__).resolve().parents[1]
HIDDEN = ("test", "large")
#: what fix_embedding 0.1.0 permuted the rows with: a seed in public code
PUBLIC_SEED = 4321
#: 0.1.0's corrupted model (the public seed's), as pinned then
PUBLIC_SEED_DIGEST = "sha256:f118ff67062af7214a2594a871a877534f446036d642d519076510c5e1703b7d"
REPO = "fix_embedding-lite-corrupted"
#: the kind of CPU the lite models were pinned on
BUILT_ON = json.loads((ENV / "calibration" / "lite-assets.json").read_text())["built_on"]


@dataclass(frozen=True)
class Built:
    """The assets rebuilt from packages with the test's own secret, in a store of its own."""

    root: Path
    store: Path
    secret: AssetSecret
    refs: dict[str, str]  # manifest asset name -> the reference pushed to ``store``
    public_seed: Path  # the corrupted folder 0.1.0's public code would build


def _builder() -> Any:
    return load_module(ENV / "scoring" / "build_assets.py", "fe_e2e")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Built]:
    with module_folder(tmp_path_factory, "fix-embedding") as root:
        builder = _builder()
        secret = AssetSecret(secrets.token_hex(32).encode(), "fresh")  # known to this test only
        report = builder.build(root / "build", "lite", secret=secret)
        assert report["corruption"]["secret"]["fingerprint"] == secret.fingerprint
        store = root / "store"
        refs = builder.push(root / "build", RegistryTarget(store=str(store)), "lite")
        # what the builder's code path made of the public seed up to 0.1.0
        assets = root / "build" / "assets"
        public = root / "public-seed" / "corrupted"
        public.mkdir(parents=True)
        for name in ("model.py", "config.json"):
            shutil.copyfile(assets / "corrupted" / name, public / name)
        data = torch.load(assets / "large" / "model.pt", weights_only=True)
        rows = data["state_dict"]["wte.weight"].shape[0]
        perm = torch.randperm(rows, generator=torch.Generator().manual_seed(PUBLIC_SEED))
        corrupt_embedding(assets / "large" / "model.pt", public / "model.pt", perm.tolist())
        yield Built(root, store, secret, refs, public)


@pytest.fixture(scope="module")
def env_copy(built: Built) -> Path:
    """The environment, pinning for lite the assets built here: its own corrupted model, and
    models that on another kind of CPU than the pins' differ from them by rounding."""
    dest = built.root / "env" / "fix_embedding"
    return copy_with_pins(ENV, dest, "lite", built.refs)


@pytest.fixture(scope="module")
def published(built: Built, env_copy: Path) -> str:
    return publish(env_copy, built.store)


def test_public_assets_rebuild_to_the_pinned_digests(built: Built) -> None:
    builder = _builder()
    rebuild = "run envs/fix_embedding/scoring/build_assets.py"
    assets = [a for a in load_manifest(ENV).assets_of("lite") if a.name != "corrupted"]
    tokens = [a for a in assets if a.name in ("data", "test")]  # no training: on any CPU
    for asset in tokens:
        assert_pinned(built.store, (asset,), builder.version_of(asset.name), rebuild)
    for asset in assets:
        version = builder.version_of(asset.name)
        assert_pinned(built.store, (asset,), version, rebuild, built_on=BUILT_ON)


def test_the_corrupted_model_comes_from_the_secret(built: Built) -> None:
    pinned = load_manifest(ENV).asset("corrupted", "lite")
    ours = built.refs["corrupted"].rpartition("@")[2]
    assert ours != pinned.digest, "a fresh secret rebuilt the pinned corrupted model"
    # the public seed through the builder's code path gives exactly what 0.1.0 pinned (where
    # the large model it permutes is the pinned one: on the pins' kind of CPU) ...
    public = push_asset(
        built.public_seed, RegistryTarget(store=str(built.store)), REPO, "0.1.0"
    ).digest
    large = load_manifest(ENV).asset("large", "lite").ref
    assert public == PUBLIC_SEED_DIGEST or built.refs["large"] != large
    assert ours != public
    layout = LayoutStore(built.store)
    assert layout.head_manifest(f"envspec/{REPO}", "0.2.0") == ours
    # ... and the secret's model differs from it row by row, not only in its digest
    new = torch.load(built.root / "build/assets/corrupted/model.pt", weights_only=True)
    old = torch.load(built.public_seed / "model.pt", weights_only=True)
    same = (new["state_dict"]["wte.weight"] == old["state_dict"]["wte.weight"]).all(dim=1)
    assert int(same.sum()) < 10, int(same.sum())
    # nothing the agent is given holds the secret
    assets = built.root / "build" / "assets"
    for folder in ("data", "small", "corrupted"):
        for path in (assets / folder).rglob("*"):
            if path.is_file():
                data = path.read_bytes()
                assert built.secret.value not in data, path
                assert built.secret.value.hex().encode() not in data, path


def _run_exploit(corrupted: Path, workdir: Path) -> dict[str, torch.Tensor]:
    workdir.mkdir()
    env = dict(os.environ) | {
        "ENVSPEC_ASSET_CORRUPTED": str(corrupted),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }
    script = ENV / "exploits" / "public_seed.sh"
    subprocess.run(["sh", str(script)], cwd=workdir, env=env, check=True, timeout=300)
    return dict(torch.load(workdir / "model.pt", weights_only=True)["state_dict"])


def test_the_public_seed_exploit_undoes_only_the_public_permutation(
    built: Built, tmp_path: Path
) -> None:
    large = torch.load(built.root / "build/assets/large/model.pt", weights_only=True)
    good = large["state_dict"]
    # 0.1.0's corrupted model: recovered exactly
    undone = _run_exploit(built.public_seed, tmp_path / "public")
    assert set(undone) == set(good)
    assert all(torch.equal(undone[k], good[k]) for k in good)
    # the secret's: only scrambled again
    again = _run_exploit(built.root / "build/assets/corrupted", tmp_path / "secret")
    rows = (again["wte.weight"] == good["wte.weight"]).all(dim=1)
    assert int(rows.sum()) < 10, int(rows.sum())


@pytest.mark.calibration  # trains the reference (minutes): scripts/calibration-checks
def test_starting_scores_zero_and_reference_one(published: str, env_copy: Path) -> None:
    figures = calibrate(env_copy, "lite", repeats=2, reference=published, backend="docker")
    for role, want in (("starting", 0.0), ("reference", 1.0)):
        scores = figures[role]["scores"]
        assert scores[0] == scores[1], "a fixed split in fixed order: one model, one score"
        assert figures[role]["normalised"] == pytest.approx(want, abs=0.1), figures
    print(
        f"\n[fix_embedding lite] starting {figures['starting']['median']:.4f}, "
        f"reference {figures['reference']['median']:.4f}"
    )


@pytest.mark.parametrize("backend", ["docker", "local"])
def test_every_exploit_is_invalid(published: str, env_copy: Path, backend: str) -> None:
    """Through both backends (the local one as root: the scorer kit's sandbox uids). On the
    local backend the refused ones only: the no-gain one and the control each take a whole
    evaluation, and what they show does not depend on the backend."""
    manifest = load_manifest(env_copy)
    exploits = find_exploits(env_copy)
    assert len(exploits) >= 10
    assert {e.name for e in exploits if e.expect == NO_GAIN} == {"public_seed"}
    if backend == "local":
        exploits = [e for e in exploits if e.expect != NO_GAIN]
    run = runs.start_run(published, variant="lite", backend=backend)
    outcomes: dict[str, dict[str, object]] = {}
    try:
        for exploit in exploits:
            runs.exec_in_run(run.id, ["rm", "-f", "model.pt"])
            note = apply_exploit(run.id, exploit, manifest)
            view = runs.score_run(run.id).agent_view()
            outcomes[exploit.name] = view
            if exploit.expect == NO_GAIN:
                assert view["valid"] is True, f"{exploit.name} ({note}) scored {view}"
                continue
            assert view["valid"] is False, f"{exploit.name} ({note}) scored {view}"
            assert view["reason"], view
        if backend == "docker":
            # the refusals are not blanket: the starting solution, submitted so, is valid (the
            # run's final scoring: a scoring before it would evaluate the same model twice)
            runs.exec_in_run(run.id, ["rm", "-f", "model.pt"])
            runs.exec_in_run(run.id, list(manifest.prepare["starting"]))
            runs.finish_run(run.id)
            view = runs.read_log(run.id)[-1]
            assert view["kind"] == "final" and view["valid"], view
    finally:
        # stopped without a final scoring: on local the last exploit's again, which tells nothing
        runs.finish_run(run.id, final_score=False)
    assert "weights_only" in str(outcomes["pickle_payload"]["reason"])
    assert "uncompressed records" in str(outcomes["compressed_weights"]["reason"])
    assert "regular file" in str(outcomes["link_to_hidden"]["reason"])
    assert "config" in str(outcomes["small_model"]["reason"])
    if backend == "local":
        return
    # undoing the public permutation gains nothing over the broken model as given
    public = outcomes["public_seed"]
    assert isinstance(public["score"], float) and isinstance(view["score"], float)
    assert public["normalised"] is not None and float(public["normalised"]) <= 0.05, public
    assert not gains(public["score"], view["score"], manifest, manifest.variant("lite")), (
        public,
        view,
    )


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
