"""Fixtures for the authoring tests: the template rendered once per session, copied per test."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from envspec.authoring.template import new_environment
from tests.support.authoring import cookiecutter_config


@pytest.fixture(autouse=True)
def _cookiecutter_config(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(
        "COOKIECUTTER_CONFIG", str(cookiecutter_config(tmp_path_factory.getbasetemp()))
    )


@pytest.fixture(scope="session")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """`envspec new authoring-demo --no-input`, once per session (never modify it)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COOKIECUTTER_CONFIG", str(cookiecutter_config(tmp_path_factory.getbasetemp())))
        out = tmp_path_factory.mktemp("rendered")
        yield new_environment("authoring-demo", output_dir=out)


@pytest.fixture()
def fresh(rendered: Path, tmp_path: Path) -> Path:
    """A private copy of the rendered template, to edit."""
    return Path(shutil.copytree(rendered, tmp_path / rendered.name))
