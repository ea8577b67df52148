"""Helpers for the environments' own end-to-end tests (envs/*/tests): loading an
environment's scripts as modules, publishing it with its assets, checking asset pins, copying
it with other pins, and listing what a published image's layers hold."""

from __future__ import annotations

import importlib.util
import io
import os
import shutil
import sys
import tarfile
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

import pytest

from envspec.models.manifest import Asset
from envspec.models.reference import Reference, RegistryTarget
from envspec.oci.layout import LayoutStore
from envspec.oci.pull import image_layers, resolve
from envspec.oci.push import push_environment
from envspec.oci.store import Store
from envspec.schema import load_manifest


def require_torch() -> ModuleType:
    """torch, for an environment's tests at module level: a loud skip where it is missing,
    except in CI, where scripts/bootstrap installs the CPU wheel and it must be present."""
    try:
        import torch
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip("TORCH MISSING: run scripts/bootstrap", allow_module_level=True)
    return torch


def load_module(path: Path, prefix: str = "env") -> ModuleType:
    """An environment's script (not a package) imported as ``<prefix>_<stem>``."""
    spec = importlib.util.spec_from_file_location(f"{prefix}_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def publish(env: Path, store: Path) -> str:
    """Push ``env`` to the layout ``store``, its assets taken from that same store."""
    target = RegistryTarget(store=str(store))
    return str(push_environment(env, target, assets_from=f"oci:{store}").environment)


def assert_pinned(
    store: Path,
    assets: tuple[Asset, ...],
    version: str,
    rebuild: str,
    *,
    built_on: str | None = None,
) -> None:
    """Each asset, rebuilt and pushed to ``store`` as ``version``, has the digest its
    manifest pins; ``rebuild`` says how to re-pin when it does not. ``built_on`` names the CPU
    the pins of CPU-trained models were built on (:func:`envspec.assets.lm.build_cpu`): on
    another CPU their bytes differ by rounding, and the comparison is skipped, loudly."""
    from envspec.assets.lm import build_cpu

    layout = LayoutStore(store)
    for asset in assets:
        got = layout.head_manifest(Reference.parse(asset.ref).repository, version)
        if got != asset.digest and built_on is not None and built_on != build_cpu():
            pytest.skip(
                f"PINS BUILT ON ANOTHER CPU: {asset.name} was pinned on {built_on}, this is "
                f"{build_cpu()}; models trained on CPU repeat their bytes only on the same kind"
            )
        assert got == asset.digest, (
            f"{asset.name}: rebuilt {got}, the manifest pins {asset.digest}; if the packages or "
            f"torch changed, {rebuild}, update envspec.yaml and recalibrate"
        )


def copy_with_pins(env: Path, dest: Path, variant: str, pins: Mapping[str, str]) -> Path:
    """A copy of the environment folder ``env`` at ``dest`` whose manifest pins, for
    ``variant``, the references ``pins`` (asset name -> ``ns/name@sha256:...``) in place of
    its own; everything else, comments included, as in ``env``. For a test that builds an
    asset from a secret of its own, which can never have the published digest."""
    shutil.copytree(env, dest, ignore=shutil.ignore_patterns("__pycache__"))
    path = dest / "envspec.yaml"
    text = path.read_text()
    assets = {a.name: a for a in load_manifest(env).assets_of(variant)}
    for name, ref in pins.items():
        if name not in assets:
            raise AssertionError(f"{variant} has no asset {name!r}: {sorted(assets)}")
        old = f"ref: {assets[name].ref}\n"
        if text.count(old) != 1:
            raise AssertionError(f"{old.strip()} is not pinned exactly once in {path}")
        text = text.replace(old, f"ref: {ref}\n")
    path.write_text(text)
    copied = {a.name: a.ref for a in load_manifest(dest).assets_of(variant)}
    assert copied == {n: pins.get(n, a.ref) for n, a in assets.items()}, copied
    return dest


def layer_paths(store: Store, repo: str, digest: str) -> set[str]:
    """Every path the layers of image ``repo@digest`` in ``store`` hold (no leading ./)."""
    names: set[str] = set()
    for layer in image_layers(store, repo, digest):
        with tarfile.open(fileobj=io.BytesIO(store.get_blob(repo, layer["digest"]))) as tar:
            names.update(m.name.removeprefix("./") for m in tar.getmembers())
    return names


def agent_image_paths(published: str) -> set[str]:
    """Every path the published environment's agent image layers hold."""
    ref = Reference.parse(published)
    store, resolved = resolve(ref)
    return layer_paths(store, ref.repository, resolved.artifact.agent_digest)
