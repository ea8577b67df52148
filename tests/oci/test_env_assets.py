"""Assets named by a manifest: fetched by digest at build, baked into the images by visibility,
copied along on push and pull, and found by scorers and agents through ``ENVSPEC_ASSET_*``
on both backends. A scorer-only asset never reaches the agent."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from envspec import constants
from envspec.cli.main import main
from envspec.errors import NotFound
from envspec.models.reference import Reference, RegistryTarget
from envspec.oci.assets import push_asset
from envspec.oci.layout import LayoutStore
from envspec.oci.pull import (
    asset_layers,
    image_layers,
    pull_environment,
    resolve,
    shared_layers,
)
from envspec.oci.push import push_environment
from envspec.runtime import runs
from tests.support.envs import layer_paths
from tests.support.fixtures import TINY, copy_env, edit_env

pytestmark = pytest.mark.integration

SCORER = """\
import json, os
from pathlib import Path
hidden = Path(os.environ["ENVSPEC_ASSET_HIDDEN"])
public = Path(os.environ["ENVSPEC_ASSET_PUBLIC"])
target = int((hidden / "target.txt").read_text())
answer = int((Path(os.environ["ENVSPEC_SOLUTION"]) / "answer.txt").read_text())
hint = (public / "hint.txt").read_text().strip()
Path(os.environ["ENVSPEC_RESULT"]).write_text(json.dumps(
    {"valid": True, "score": float(abs(answer - target)), "message": hint}))
"""


def _asset(root: Path, name: str, files: dict[str, str], store: Path) -> str:
    src = root / name
    for rel, text in files.items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(text)
    pushed = push_asset(src, RegistryTarget(store=str(store), namespace="assets"), name, "1.0.0")
    return f"assets/{name}@{pushed.digest}"


def _answer_40(ref: str, **start: Any) -> dict[str, Any]:
    """What the agent is told of a scoring of the answer 40 in a fresh run of ``ref``."""
    run = runs.start_run(ref, **start)
    try:
        runs.put_files(run.id, {"answer.txt": b"40\n"})
        return runs.score_run(run.id).agent_view()
    finally:
        runs.finish_run(run.id)


@pytest.fixture()
def asset_env(tmp_path: Path, python_base: str) -> tuple[Path, Path]:
    """The tiny environment whose target lives in a scorer-only asset, plus a public asset;
    the assets are in ``source`` (an oci: store), not in the embedded store."""
    source = tmp_path / "source"
    public = _asset(tmp_path / "a", "public", {"hint.txt": "look closer\n"}, source)
    hidden = _asset(tmp_path / "a", "hidden", {"target.txt": "42\n"}, source)
    env = copy_env(TINY, tmp_path / "env", name="withassets")
    (env / "scoring" / "score.py").write_text(SCORER)
    (env / "scoring" / "hidden" / "target.txt").unlink()

    def edit(data: dict[str, Any]) -> None:
        data["assets"] = [
            {"name": "public", "ref": public, "mount": "/assets/public", "visibility": "agent"},
            {"name": "hidden", "ref": hidden, "mount": "/assets/hidden", "visibility": "scorer"},
        ]

    edit_env(env, edit)
    return env, source


def test_assets_reach_scorer_and_agent_by_visibility(
    asset_env: tuple[Path, Path], tmp_path: Path
) -> None:
    env, source = asset_env
    dest = tmp_path / "dest"
    pushed = push_environment(env, RegistryTarget(store=str(dest)), assets_from=f"oci:{source}")
    store = LayoutStore(dest)
    # the assets travelled with the environment, pinned by digest
    _, resolved = resolve(pushed.environment)
    for a in resolved.manifest.assets:
        assert store.head_manifest(Reference.parse(a.ref).repository, a.digest) == a.digest
    agent = layer_paths(store, pushed.agent.repository, resolved.artifact.agent_digest)
    scorer = layer_paths(store, pushed.scorer.repository, resolved.artifact.scorer_digest)
    assert "assets/public/hint.txt" in agent and "assets/public/hint.txt" in scorer
    assert "assets/hidden/target.txt" in scorer
    assert not any(p.startswith("assets/hidden") for p in agent)

    ref = str(pushed.environment)
    for backend in ("docker", "local"):
        run = runs.start_run(ref, backend=backend)
        try:
            seen = runs.exec_in_run(
                run.id,
                ["sh", "-c", 'cat "$ENVSPEC_ASSET_PUBLIC/hint.txt"; echo "$ENVSPEC_VARIANT"'],
            )
            assert seen.stdout.decode().split() == ["look", "closer", "lite"], backend
            hidden = runs.exec_in_run(
                run.id, ["sh", "-c", 'echo "[$ENVSPEC_ASSET_HIDDEN]"; cat /assets/hidden/*']
            )
            assert hidden.stdout.decode().strip() == "[]" and hidden.exit_code != 0, backend
            wrote = runs.exec_in_run(
                run.id, ["sh", "-c", 'echo x > "$ENVSPEC_ASSET_PUBLIC/hint.txt"']
            )
            assert wrote.exit_code != 0, f"{backend}: assets must be read-only for the agent"
            runs.put_files(run.id, {"answer.txt": b"40\n"})
            out = runs.score_run(run.id).agent_view()
            assert out["valid"] and out["score"] == 2.0 and out["message"] == "look closer"
        finally:
            runs.finish_run(run.id)


def test_missing_asset_says_where_to_publish(asset_env: tuple[Path, Path], tmp_path: Path) -> None:
    env, _ = asset_env  # its assets are not in the embedded store
    with pytest.raises(NotFound) as e:
        push_environment(env, RegistryTarget(store=str(tmp_path / "dest")))
    assert "asset push" in (e.value.hint or "")


def test_pull_into_layout_brings_assets(asset_env: tuple[Path, Path], tmp_path: Path) -> None:
    env, source = asset_env
    pushed = push_environment(
        env, RegistryTarget(store=str(constants.default_store_path())), assets_from=f"oci:{source}"
    )
    into = tmp_path / "slim"
    pull_environment(pushed.environment, into=f"oci:{into}", slim=True, lock_path=None)
    layout = LayoutStore(into)
    _, resolved = resolve(pushed.environment)
    for a in resolved.manifest.assets:
        assert layout.head_manifest(Reference.parse(a.ref).repository, a.digest) == a.digest
    # the layers that bake the assets in stay behind (the local backend reads the assets from
    # the store), the scorer's own files come along
    store = LayoutStore(constants.default_store_path())
    images = [
        (pushed.agent.repository, resolved.artifact.agent_digest),
        (pushed.scorer.repository, resolved.artifact.scorer_digest),
    ]
    baked = asset_layers(store, images, resolved.manifest)
    assert len(baked) == 2, "public in both images (one layer), hidden in the scorer's"
    for repo, digest in images:
        for layer in image_layers(store, repo, digest):
            wanted = layer["digest"] not in baked | shared_layers(store, images)
            assert layout.has_blob(repo, layer["digest"]) == wanted, layer
    if os.geteuid() == 0:  # and a run from the slim layout scores with them
        out = _answer_40(f"oci:{into}:{pushed.environment.repository}:0.1.0", backend="local")
        assert out["valid"] and out["score"] == 2.0 and out["message"] == "look closer"


@pytest.fixture()
def variant_env(tmp_path: Path, python_base: str) -> tuple[Path, Path, str]:
    """The tiny environment with two variants, each with its own public and hidden assets at
    the same mounts; ``big``'s hidden asset is published to ``source`` only when asked
    (returned: the reference it would have)."""
    source = tmp_path / "source"
    a = tmp_path / "a"
    refs = {
        "lite": (
            _asset(a / "lite", "public", {"hint.txt": "lite hint\n"}, source),
            _asset(a / "lite", "hidden", {"target.txt": "42\n"}, source),
        ),
        "big": (
            _asset(a / "big", "public-big", {"hint.txt": "big hint\n"}, source),
            _asset(a / "big", "hidden-big", {"target.txt": "7\n"}, tmp_path / "elsewhere"),
        ),
    }
    env = copy_env(TINY, tmp_path / "env", name="variantassets")
    (env / "scoring" / "score.py").write_text(SCORER)
    (env / "scoring" / "hidden" / "target.txt").unlink()

    def edit(data: dict[str, Any]) -> None:
        big = dict(data["variants"]["lite"])
        big.pop("normalisation")
        data["variants"]["big"] = big
        for name, (public, hidden) in refs.items():
            data["variants"][name]["assets"] = [
                {"name": n, "ref": r, "mount": f"/assets/{n}", "visibility": v}
                for n, r, v in (("public", public, "agent"), ("hidden", hidden, "scorer"))
            ]

    edit_env(env, edit)
    return env, source, refs["big"][1]


def test_variant_assets_are_added_when_a_run_starts(
    variant_env: tuple[Path, Path, str],
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    capsys: pytest.CaptureFixture[str],
) -> None:
    env, source, big_hidden = variant_env
    dest = tmp_path / "dest"
    pushed = push_environment(env, RegistryTarget(store=str(dest)), assets_from=f"oci:{source}")
    # big's hidden asset is not in the source: published anyway, with a warning naming it
    assert big_hidden in caplog.text
    store = LayoutStore(dest)
    _, resolved = resolve(pushed.environment)
    # neither variant's assets are baked into the images
    agent = layer_paths(store, pushed.agent.repository, resolved.artifact.agent_digest)
    scorer = layer_paths(store, pushed.scorer.repository, resolved.artifact.scorer_digest)
    assert not any(p.startswith("assets/") for p in agent | scorer)

    ref = str(pushed.environment)
    # `envspec inspect` shows each variant's own assets, pinned, under the variant
    assert main(["inspect", ref]) == 0
    shown = capsys.readouterr().out
    assert f"    asset hidden (scorer) {big_hidden}" in shown.split("variant big")[1]
    for backend in ("docker", "local"):
        run = runs.start_run(ref, variant="lite", backend=backend)
        try:
            seen = runs.exec_in_run(
                run.id, ["sh", "-c", 'cat "$ENVSPEC_ASSET_PUBLIC/hint.txt"; ls /assets/hidden']
            )
            assert seen.stdout.decode().strip() == "lite hint" and seen.exit_code != 0, backend
            hidden = runs.exec_in_run(run.id, ["sh", "-c", 'echo "[$ENVSPEC_ASSET_HIDDEN]"'])
            assert hidden.stdout.decode().strip() == "[]", backend
            runs.put_files(run.id, {"answer.txt": b"40\n"})
            out = runs.score_run(run.id).agent_view()
            assert out["valid"] and out["score"] == 2.0 and out["message"] == "lite hint"
        finally:
            runs.finish_run(run.id)
        # a variant whose asset was never published: a clear error, and nothing left running
        before = {r.id for r in runs.list_runs() if r.status == "running"}
        with pytest.raises(NotFound) as e:
            runs.start_run(ref, variant="big", backend=backend)
        assert "hidden-big" in str(e.value) and "asset push" in (e.value.hint or "")
        assert {r.id for r in runs.list_runs() if r.status == "running"} == before

    # once published next to the environment, the variant runs with its own assets
    push_asset(
        tmp_path / "a" / "big" / "hidden-big",
        RegistryTarget(store=str(dest), namespace="assets"),
        "hidden-big",
        "1.0.0",
    )
    # a layout for one variant holds only that variant's own assets
    slim = tmp_path / "slim"
    pull_environment(
        pushed.environment, into=f"oci:{slim}", slim=True, lock_path=None, variants=("lite",)
    )
    layout = LayoutStore(slim)
    for name, want in (("lite", True), ("big", False)):
        for a in resolved.manifest.variant(name).assets:
            got = layout.head_manifest(Reference.parse(a.ref).repository, a.digest) == a.digest
            assert got is want, (name, a.name)
    out = _answer_40(ref, variant="big", backend="docker")
    assert out["valid"] and out["score"] == 33.0 and out["message"] == "big hint"


def test_an_asset_fetched_again_bakes_the_same_layer(
    tmp_path: Path, python_base: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The public asset's layer in the agent's and the scorer's image is one layer even when
    docker's cache kept one built from an earlier fetch (CI, 2026-12-07: three asset layers
    where two were expected): the files carry a fixed date, not their fetch's."""
    from envspec.models.manifest import Asset
    from envspec.oci import engine
    from envspec.oci.env_assets import add_asset_layers, fetch_asset

    source = tmp_path / "source"
    ref = Reference.parse(_asset(tmp_path / "a", "public", {"d/hint.txt": "look\n"}, source))
    located = Reference.parse(f"oci:{source}:{ref.repository}@{ref.digest}")
    asset = Asset(name="public", ref=str(ref), mount="/assets/public", visibility="agent")
    diffs = []
    for n in range(2):
        cache = tmp_path / f"cache{n}"  # a fetch of its own, another second of the clock
        files = fetch_asset(located, cache)
        assert {p.stat().st_mtime for p in (files, *files.rglob("*"))} == {946684800}
        # another image under it each time: no build cache shared between the two
        base = engine.build_dockerfile(
            _context(tmp_path / f"ctx{n}", f"FROM {python_base}\nLABEL n={n}{os.getpid()}\n"),
            tag=f"envspec-test/asset-base:{n}",
        )
        image = add_asset_layers(base, f"envspec-test/asset-layer:{n}", [(asset, files)], role="x")
        diffs.append(engine.client().images.get(image).attrs["RootFS"]["Layers"][-1])
        time.sleep(1.1)
    assert diffs[0] == diffs[1]


def _context(folder: Path, dockerfile: str) -> Path:
    folder.mkdir(parents=True)
    (folder / "Dockerfile").write_text(dockerfile)
    return folder
