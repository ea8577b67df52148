"""`envspec new` and `envspec check` in-process: exit codes, prompts, JSON output."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from envspec.cli.main import main
from envspec.schema import load_manifest
from tests.support.authoring import cookiecutter_config


@pytest.fixture(autouse=True)
def _cookiecutter_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COOKIECUTTER_CONFIG", str(cookiecutter_config(tmp_path)))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_new_then_check_without_building(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "new", "cli-env", "--no-input", "--output-dir", str(tmp_path))
    assert code == 0 and f"created {tmp_path / 'cli-env'}" in out
    code, out, _ = run(capsys, "check", str(tmp_path / "cli-env"), "--no-build")
    assert code == 0 and "ok: 0 error(s), 0 warning(s)" in out

    code, _, err = run(capsys, "new", "cli-env", "--no-input", "--output-dir", str(tmp_path))
    assert code == 2 and "already exists" in err and "hint" in err
    code, _, err = run(capsys, "new", "Bad Name", "--no-input", "--output-dir", str(tmp_path))
    assert code == 2 and "not a valid environment name" in err


def test_new_prompts_for_the_template_values(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # name (keep the default given on the command line), title, author, license (keep)
    monkeypatch.setattr("sys.stdin", io.StringIO("\nMy own task\nAda <ada@example.org>\n\n"))
    code, _, _ = run(capsys, "new", "asked", "--output-dir", str(tmp_path))
    assert code == 0
    manifest = load_manifest(tmp_path / "asked")
    assert manifest.title == "My own task" and manifest.authors == ("Ada <ada@example.org>",)
    assert manifest.license == "Apache-2.0"


def test_check_fails_with_findings_as_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run(capsys, "new", "broken", "--no-input", "--output-dir", str(tmp_path))
    env = tmp_path / "broken"
    (env / "exploits" / "symlink_labels.sh").unlink()
    instructions = env / "task" / "instructions.md"
    instructions.write_text(instructions.read_text().replace("ENVSPEC-CANARY", "(canary)"))
    code, out, _ = run(capsys, "check", str(env), "--no-build", "--json")
    assert code == 8
    report = json.loads(out)
    assert report["ok"] is False and report["built"] is False
    assert {(f["code"], f["severity"]) for f in report["findings"]} == {("canary-missing", "error")}

    instructions.write_text(instructions.read_text().replace("(canary)", "ENVSPEC-CANARY"))
    code, out, _ = run(capsys, "check", str(env), "--no-build")
    assert code == 0  # a warning does not fail the check
    assert "warning exploits-missing [exploits/]" in out and "what to do:" in out

    code, _, err = run(capsys, "check", str(env), "--no-build", "--variant", "nope")
    assert code == 2 and "no variant 'nope'" in err
