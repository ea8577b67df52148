"""Build fix_embedding's assets from packages and push them, deterministically.

    python scoring/build_assets.py OUT [--registry host:port|oci:PATH] [--preset lite]

Builds the corpus from the Debian packages ``scripts/bootstrap`` installs (the same corpus as
restricted_mlm's), then ``envspec.assets.lm.build_lm_assets`` (tokenizer, token files, the
large and small GPTs, the large one with its embedding rows permuted), and pushes the five
folders as assets. Prints the pinned references (JSON) that ``envspec.yaml`` names. Same
packages and torch version on an x86 CPU with AVX2 → same bytes → same digests.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from envspec.assets.corpus import build_corpus
from envspec.assets.lm import build_lm_assets
from envspec.models.reference import RegistryTarget
from envspec.oci.assets import push_asset

SOURCES = ["fortunes", "jargon-text", "bible-kjv"]
LITE_BYTES = 3_000_000
VERSION = "0.1.0"
#: manifest asset name -> (folder built by build_lm_assets, asset repository name)
ASSETS = {
    "data": ("data", "fix_embedding-{preset}-data"),
    "small": ("small", "fix_embedding-{preset}-small"),
    "corrupted": ("corrupted", "fix_embedding-{preset}-corrupted"),
    "test": ("test", "fix_embedding-{preset}-test"),
    "large": ("large", "fix_embedding-{preset}-large"),
}


def build(out: Path, preset: str = "lite", *, device: str = "cpu") -> dict[str, Any]:
    """The corpus and the asset folders under ``out``; returns the builder's report."""
    build_corpus(out / "corpus", SOURCES, lite_bytes=LITE_BYTES)
    return build_lm_assets(out / "corpus", out / "assets", preset, device=device)


def push(out: Path, target: RegistryTarget, preset: str = "lite") -> dict[str, str]:
    """Push the folders :func:`build` made; manifest asset name -> pinned reference."""
    refs = {}
    for name, (folder, repo) in ASSETS.items():
        pushed = push_asset(out / "assets" / folder, target, repo.format(preset=preset), VERSION)
        refs[name] = f"{target.namespace}/{pushed.reference.name}@{pushed.digest}"
    return refs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--registry", default=None, help="host[:port][/ns] or oci:PATH")
    parser.add_argument("--preset", default="lite")
    parser.add_argument("--device", default="cpu")
    args = parser.parse_args()
    report = build(args.out, args.preset, device=args.device)
    if args.registry is None:
        from envspec.constants import default_store_path

        target = RegistryTarget(store=str(default_store_path()))
    else:
        target = RegistryTarget.parse(args.registry)
    refs = push(args.out, target, args.preset)
    print(json.dumps({"assets": refs, "losses": report["losses"]}, indent=2))


if __name__ == "__main__":
    main()
