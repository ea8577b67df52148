"""Build fix_embedding's assets from packages and push them.

    python scoring/build_assets.py OUT [--registry host:port|oci:PATH] [--preset lite]
        [--secret-file PATH]

Builds the corpus from the Debian packages ``scripts/bootstrap`` installs (the same corpus as
restricted_mlm's), then ``envspec.assets.lm.build_lm_assets`` (tokenizer, token files, the
large and small GPTs, the large one with its embedding rows permuted by a permutation derived
from the operator's secret), and pushes the five folders as assets. Prints the pinned
references (JSON) that ``envspec.yaml`` names, and where the secret came from (never the
secret). Same packages, torch version and kind of CPU (``built_on``; an Intel and an AMD CPU
round differently) → same bytes → same digests; for ``corrupted``, only with the same secret
too (``--secret-file`` or ``$ENVSPEC_ASSET_SECRET``; without either a fresh one is drawn and
the build cannot be repeated).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from envspec.assets.corpus import build_corpus
from envspec.assets.lm import build_cpu, build_lm_assets
from envspec.assets.secret import AssetSecret, load_secret
from envspec.models.reference import RegistryTarget
from envspec.oci.assets import push_asset

SOURCES = ["fortunes", "jargon-text", "bible-kjv"]
LITE_BYTES = 3_000_000
#: the version each asset is pushed as; content changes need a new one (versions are
#: immutable) and the version is part of an asset's digest, so a folder that did not change
#: keeps its version: 0.2.0 made the permutation secret (corrupted) and dropped from the
#: large model's metrics.json what the permutation decided (its seed, the corrupted losses)
VERSION = "0.1.0"
VERSIONS = {"corrupted": "0.2.0", "large": "0.2.0"}
#: manifest asset name -> (folder built by build_lm_assets, asset repository name)
ASSETS = {
    "data": ("data", "fix_embedding-{preset}-data"),
    "small": ("small", "fix_embedding-{preset}-small"),
    "corrupted": ("corrupted", "fix_embedding-{preset}-corrupted"),
    "test": ("test", "fix_embedding-{preset}-test"),
    "large": ("large", "fix_embedding-{preset}-large"),
}


def version_of(name: str) -> str:
    """The version the manifest asset ``name`` is pushed as."""
    return VERSIONS.get(name, VERSION)


def build(
    out: Path, preset: str = "lite", *, device: str = "cpu", secret: AssetSecret | None = None
) -> dict[str, Any]:
    """The corpus and the asset folders under ``out``; returns the builder's report.
    ``secret`` decides the corrupted model's permutation (default: ``$ENVSPEC_ASSET_SECRET``,
    else a fresh one)."""
    build_corpus(out / "corpus", SOURCES, lite_bytes=LITE_BYTES)
    return build_lm_assets(out / "corpus", out / "assets", preset, device=device, secret=secret)


def push(out: Path, target: RegistryTarget, preset: str = "lite") -> dict[str, str]:
    """Push the folders :func:`build` made; manifest asset name -> pinned reference."""
    refs = {}
    for name, (folder, repo) in ASSETS.items():
        version = version_of(name)
        pushed = push_asset(out / "assets" / folder, target, repo.format(preset=preset), version)
        refs[name] = f"{target.namespace}/{pushed.reference.name}@{pushed.digest}"
    return refs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--registry", default=None, help="host[:port][/ns] or oci:PATH")
    parser.add_argument("--preset", default="lite")
    parser.add_argument("--device", default="cpu")
    parser.add_argument(
        "--secret-file",
        type=Path,
        default=None,
        help="the secret the permutation is derived from (default: $ENVSPEC_ASSET_SECRET, "
        "else a fresh one: the corrupted model cannot then be rebuilt)",
    )
    args = parser.parse_args()
    secret = load_secret(args.secret_file)  # a bad file fails now, not after the training
    report = build(args.out, args.preset, device=args.device, secret=secret)
    if args.registry is None:
        from envspec.constants import default_store_path

        target = RegistryTarget(store=str(default_store_path()))
    else:
        target = RegistryTarget.parse(args.registry)
    refs = push(args.out, target, args.preset)
    summary = {
        "assets": refs,
        "built_on": build_cpu(),  # the models' bytes depend on it: calibration/lite-assets.json
        "losses": report["losses"],
        "secret": secret.describe(),
    }
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
