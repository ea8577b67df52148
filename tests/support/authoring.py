"""Helpers for the authoring tests (tests/authoring, tests/cli)."""

from __future__ import annotations

from pathlib import Path


def cookiecutter_config(base: Path) -> Path:
    """A cookiecutter config keeping its replays and clones under ``base``, not in ~."""
    root = base / "cookiecutter"
    root.mkdir(exist_ok=True)
    config = root / "config.yaml"
    config.write_text(f"replay_dir: {root / 'replay'}\ncookiecutters_dir: {root / 'clones'}\n")
    return config
