"""`envspec new`: the template renders into a valid environment whose own tests pass and
which, unchanged, builds, runs and scores as its manifest says (0 and 1, exactly)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from envspec.authoring.template import new_environment
from envspec.errors import EnvspecError
from envspec.models.reference import RegistryTarget
from envspec.oci.push import push_environment
from envspec.runtime import runs
from envspec.runtime.calibrate import reference_files
from envspec.schema import check_manifest, load_manifest
from tests.support.fixtures import module_folder

EXPECTED = [
    ".dockerignore",
    "Dockerfile",
    "README.md",
    "calibration/default.json",
    "envspec.yaml",
    "exploits/README.md",
    "exploits/symlink_labels.sh",
    "reference/predict.py",
    "reference/predictions.csv",
    "scoring/hidden/test_labels.csv",
    "scoring/make_data.py",
    "scoring/score.py",
    "task/data/test.csv",
    "task/data/train.csv",
    "task/instructions.md",
    "task/solution/predict.py",
    "task/solution/predictions.csv",
    "tests/test_authoring_demo.py",
]


def test_new_renders_a_valid_environment(rendered: Path) -> None:
    files = sorted(str(p.relative_to(rendered)) for p in rendered.rglob("*") if p.is_file())
    assert files == EXPECTED
    assert check_manifest(rendered) == []
    manifest = load_manifest(rendered)
    assert manifest.name == "authoring-demo" and manifest.version == "0.1.0"
    assert manifest.canary.startswith("ENVSPEC-CANARY ") and "authoring-demo" in manifest.canary
    assert manifest.canary in (rendered / "task" / "instructions.md").read_text()
    for path in rendered.rglob("*"):
        if path.is_file():
            text = path.read_text()
            assert "{{" not in text and "{%" not in text and "cookiecutter" not in text, path
    calibration = json.loads((rendered / "calibration" / "default.json").read_text())
    assert calibration["environment"] == "authoring-demo:0.1.0"
    norm = manifest.variant("default").normalisation
    assert norm is not None
    assert calibration["normalisation"]["starting"] == norm.starting
    assert calibration["normalisation"]["reference"] == norm.reference


def test_each_environment_gets_its_own_canary_and_values(tmp_path: Path) -> None:
    a = new_environment("env-a", output_dir=tmp_path)
    b = new_environment(
        "env-b", output_dir=tmp_path, context={"title": "Other", "author": "Ada <ada@x.org>"}
    )
    ma, mb = load_manifest(a), load_manifest(b)
    assert ma.canary != mb.canary
    assert mb.title == "Other" and mb.authors == ("Ada <ada@x.org>",)
    assert (b / "tests" / "test_env_b.py").is_file()


def test_new_refuses_bad_names_and_existing_folders(tmp_path: Path) -> None:
    for bad in ("My_Env", "a b", "-x", "x" * 65, "../up"):
        with pytest.raises(EnvspecError, match="not a valid environment name") as info:
            new_environment(bad, output_dir=tmp_path)
        assert info.value.hint
    new_environment("taken", output_dir=tmp_path)
    with pytest.raises(EnvspecError, match="already exists"):
        new_environment("taken", output_dir=tmp_path)


def test_the_environments_own_tests_pass(rendered: Path, tmp_path: Path) -> None:
    """The host-side tests the template ships (its `envspec check` test is left out here:
    tests/authoring/test_check.py checks the same folder)."""
    pytest_args = ["-q", "-p", "no:cacheprovider", "-k", "not envspec_check", "--rootdir", "."]
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", *pytest_args, str(rendered / "tests")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "11 passed" in proc.stdout, proc.stdout


@pytest.fixture(scope="module")
def published(rendered: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The unchanged template, built and pushed to a store of this module's own."""
    with module_folder(tmp_path_factory, "template-store") as store:
        yield str(push_environment(rendered, RegistryTarget(store=str(store))).environment)


@pytest.mark.integration
@pytest.mark.usefixtures("python_base")
def test_unchanged_it_scores_zero_and_one_through_docker(published: str, rendered: Path) -> None:
    views = {}
    for role in ("starting", "reference"):
        run = runs.start_run(published, variant="default", backend="docker")
        try:
            if role == "reference":
                runs.put_files(run.id, reference_files(rendered, "default"))
            views[role] = runs.score_run(run.id).agent_view()
        finally:
            result = runs.finish_run(run.id)
        assert result["backend"] == "docker" and result["isolation"] == "container"
    assert views["starting"]["valid"] and views["reference"]["valid"], views
    assert views["starting"]["normalised"] == 0.0, views
    assert views["reference"]["normalised"] == 1.0, views
