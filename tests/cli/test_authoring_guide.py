"""docs/authoring.md is run: every command of its `console` blocks, in order, in an empty
folder. `envspec` commands run in-process; others (python) in a shell with the venv first on
PATH. Then the figures calibrate measured are the ones the template ships."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from envspec.authoring.template import TEMPLATE_DIR
from envspec.cli.main import main
from tests.support.authoring import cookiecutter_config

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "authoring.md"
_BLOCK = re.compile(r"^```console\n(.*?)^```", re.MULTILINE | re.DOTALL)


def guide_commands() -> list[str]:
    """The commands of the guide's console blocks (lines starting with ``$ ``), in order."""
    return [
        line[2:]
        for block in _BLOCK.findall(GUIDE.read_text())
        for line in block.splitlines()
        if line.startswith("$ ")
    ]


def test_the_guide_has_every_step() -> None:
    verbs = [c.split()[1] for c in guide_commands() if c.startswith("envspec ")]
    for step in ("new", "check", "build", "calibrate", "push"):
        assert step in verbs, f"docs/authoring.md runs no `envspec {step}`"


@pytest.mark.integration
@pytest.mark.usefixtures("python_base")
def test_the_guide_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COOKIECUTTER_CONFIG", str(cookiecutter_config(tmp_path)))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    for command in guide_commands():
        if command.startswith("envspec "):
            code = main(shlex.split(command)[1:])
            out, err = capsys.readouterr()
        else:
            proc = subprocess.run(
                command,
                shell=True,
                capture_output=True,
                text=True,
                check=False,
                env={**os.environ, "PATH": path, "PYTHONDONTWRITEBYTECODE": "1"},
            )
            code, out, err = proc.returncode, proc.stdout, proc.stderr
        assert code == 0, f"$ {command}\n{out}\n{err}"
    env = work / "my_env"
    measured = json.loads((env / "calibration" / "default.json").read_text())
    shipped = json.loads(
        (TEMPLATE_DIR / "{{cookiecutter.name}}" / "calibration" / "default.json").read_text()
    )
    for role in ("starting", "reference"):
        assert measured["normalisation"][role] == shipped["normalisation"][role]
        assert measured[role]["scores"] == [shipped[role]["median"]] * 3
        assert measured[role]["normalised"] == (0.0 if role == "starting" else 1.0)
