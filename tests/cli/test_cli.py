"""The CLI in-process: exit codes, JSON output, and errors without tracebacks."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from envspec.cli.main import main
from tests.support.registry import RegistryInfo


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_validate_ok_and_problems(capsys: pytest.CaptureFixture[str], tiny_env: Path) -> None:
    code, out, _ = run(capsys, "validate", str(tiny_env))
    assert code == 0 and "ok" in out
    manifest = tiny_env / "envspec.yaml"
    manifest.write_text(manifest.read_text().replace("title:", "titel:"))
    code, out, err = run(capsys, "validate", str(tiny_env), "--json")
    assert code == 2
    problems = json.loads(out)[str(tiny_env)]
    assert any(p["path"] == "titel" and "title" in (p["hint"] or "") for p in problems)
    assert "Traceback" not in out + err


def test_validate_binary_junk_has_no_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    junk = tmp_path / "envspec.yaml"
    junk.write_bytes(bytes(range(256)) * 4)
    code, out, err = run(capsys, "validate", str(junk))
    assert code == 2
    assert "Traceback" not in out + err and "problem" in out


def test_bad_reference_and_unreachable_registry(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "inspect", "Not A Reference")
    assert code == 2 and "invalid reference" in err and "hint:" in err
    code, _, err = run(capsys, "inspect", "127.0.0.1:1/ns/x:1.0.0")
    assert code == 6 and "hint:" in err and "Traceback" not in err


@pytest.mark.integration
@pytest.mark.usefixtures("python_base")
def test_push_inspect_list_pull_json(
    capsys: pytest.CaptureFixture[str], tiny_env: Path, registry: RegistryInfo, tmp_path: Path
) -> None:
    code, out, err = run(
        capsys, "push", str(tiny_env), "--registry", f"{registry.host}/cli", "--json"
    )
    assert code == 0, err
    pushed = json.loads(out)
    assert pushed["environment"].startswith(f"{registry.host}/cli/tiny:0.1.0@sha256:")

    code, out, _ = run(capsys, "inspect", f"{registry.host}/cli/tiny:0.1.0", "--json")
    assert code == 0
    inspected = json.loads(out)
    assert inspected["reference"] == pushed["environment"]
    assert inspected["manifest"]["scoring"]["direction"] == "minimise"

    code, out, _ = run(capsys, "list", "--registry", f"{registry.host}/cli", "--json")
    assert code == 0
    assert [r["repository"] for r in json.loads(out)] == ["cli/tiny"]

    lock = tmp_path / "lock.json"
    code, out, err = run(capsys, "pull", pushed["environment"], "--lock", str(lock), "--json")
    assert code == 0, err
    assert json.loads(out)["digests"]["environment"] in pushed["environment"]
    assert lock.exists()

    code, out, err = run(capsys, "push", str(tiny_env), "--registry", f"{registry.host}/cli")
    assert code == 0 and "unchanged" in out


def test_agent_text_cannot_drive_the_terminal() -> None:
    """Escape sequences in agent-derived text (a scorer message, an error) are shown, not run."""
    from envspec.cli.render import safe_text

    shown = safe_text("valid\x1b[2J\x1b]0;pwned\x07 normalised 7.1\nnext\tline \x9b é")
    assert "\x1b" not in shown and "\x07" not in shown and "\x9b" not in shown
    assert shown == "valid\\x1b[2J\\x1b]0;pwned\\x07 normalised 7.1\nnext\tline \\x9b é"


class _Terminal(io.TextIOWrapper):
    def isatty(self) -> bool:
        return True


def test_exec_output_is_escaped_on_a_terminal_and_exact_in_a_pipe(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`envspec exec` shows an agent's escape sequences on a terminal; a pipe gets the bytes."""
    import typer

    from envspec.cli import runs as cli_runs
    from envspec.runtime.backends.base import ExecResult

    hostile = b"\x1b]0;pwned\x07\x1b[2Jvalid, normalised 7.1\n"
    monkeypatch.setattr(
        "envspec.runtime.runs.exec_in_run",
        lambda *a, **k: ExecResult(0, hostile, b"\x1b[31mred\n"),
    )
    for tty in (True, False):
        out, err = io.BytesIO(), io.BytesIO()
        wrap = _Terminal if tty else io.TextIOWrapper
        monkeypatch.setattr("sys.stdout", wrap(out, encoding="utf-8"))
        monkeypatch.setattr("sys.stderr", wrap(err, encoding="utf-8"))
        with pytest.raises(typer.Exit):
            cli_runs.exec_("some-run", ["cat", "x"], timeout=None, as_json=False)
        __import__("sys").stdout.flush()
        __import__("sys").stderr.flush()
        if tty:
            assert b"\x1b" not in out.getvalue() and b"\x07" not in out.getvalue()
            assert out.getvalue() == b"\\x1b]0;pwned\\x07\\x1b[2Jvalid, normalised 7.1\n"
            assert err.getvalue() == b"\\x1b[31mred\n"
        else:
            assert out.getvalue() == hostile and err.getvalue() == b"\x1b[31mred\n"


def test_version_and_a_light_start() -> None:
    """`--version` answers; starting the CLI imports no engine, registry or schema code (the
    commands import what they need), which is what keeps start-up fast."""
    import subprocess
    import sys

    from envspec import __version__

    done = subprocess.run(
        [sys.executable, "-m", "envspec.cli.main", "--version"], capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.strip() == __version__
    # starting the CLI; then what the commands on a started run (exec, score, finish, status)
    # load: neither the puller and builder nor jsonschema (reading a score record imports it)
    for imported, absent in (
        ("envspec.cli.main", ("docker", "requests", "jsonschema", "envspec.oci.pull",
                              "envspec.runtime.runs", "envspec.authoring.check")),
        ("envspec.runtime.runs, envspec.runtime.backends.docker, envspec.schema",
         ("jsonschema", "envspec.oci.pull", "envspec.oci.build", "pydantic", "httpx")),
        # what starting a run adds (the puller): still no builder, schema or httpx
        ("envspec.runtime.runs, envspec.runtime.backends.docker, envspec.oci.pull",
         ("jsonschema", "envspec.oci.build", "yaml", "httpx")),
    ):  # fmt: skip
        probe = f"import sys, {imported}; print(sorted(m for m in {absent!r} if m in sys.modules))"
        loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
        assert loaded.stdout.strip() == "[]", (imported, loaded.stdout + loaded.stderr)


def test_every_command_takes_json() -> None:
    """One output contract: `--json` on every command (docs/cli.md)."""
    import typer.main

    from envspec.cli.main import app

    def leaves(command: object, prefix: str = "") -> list[tuple[str, object]]:
        subs = getattr(command, "commands", None)
        if not subs:
            return [(prefix.strip(), command)]
        return [leaf for n, sub in sorted(subs.items()) for leaf in leaves(sub, f"{prefix}{n} ")]

    found = leaves(typer.main.get_command(app))
    assert len(found) > 25
    without = [
        name
        for name, command in found
        if "--json" not in [o for p in getattr(command, "params", []) for o in p.opts]
    ]
    assert without == []


def test_errors_under_json_are_json(capsys: pytest.CaptureFixture[str]) -> None:
    """The same fields as the text error, and the exit code of the error's kind."""
    code, out, err = run(capsys, "inspect", "Not A Reference", "--json")
    error = json.loads(out)["error"]
    assert code == 2 and error == {
        "kind": "bad_input",
        "message": error["message"],
        "hint": error["hint"],
        "exit_code": 2,
    }
    assert "invalid reference" in error["message"] and error["hint"] in err
    code, out, _ = run(capsys, "inspect", "127.0.0.1:1/ns/x:1.0.0", "--json")
    assert code == 6 and json.loads(out)["error"]["kind"] == "registry"
    code, out, _ = run(capsys, "inspect", "Not A Reference")
    assert code == 2 and out == ""  # no JSON without --json
    # usage errors (typer's own, before any command runs) too
    for args, said in (
        (("statsu", "x"), "No such command 'statsu'"),
        (("status",), "Missing argument"),
        (("status", "x", "--bogus"), "No such option: --bogus"),
    ):
        code, out, _ = run(capsys, *args, "--json")
        error = json.loads(out)["error"]
        assert code == 2 and error["kind"] == "bad_input" and error["exit_code"] == 2, args
        assert said in error["message"] and "--help" in error["hint"], error
        code, out, _ = run(capsys, *args)
        assert code == 2 and out == "", args


def test_an_unknown_run_id_creates_nothing_and_hints_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from envspec.runtime import runstore

    near = runstore.runs_root() / "20260101-000000-0badc0de"
    near.mkdir()
    try:
        for command in ("score", "finish", "status", "log", "verify"):
            code, _, err = run(capsys, command, "20260101-000000-0badc0df")
            assert code == 2 and "no run '20260101-000000-0badc0df'" in err, (command, err)
            assert "did you mean '20260101-000000-0badc0de'?" in err
            assert "did you mean did you mean" not in err and "??" not in err
            assert not (runstore.runs_root() / "20260101-000000-0badc0df").exists(), command
    finally:
        near.rmdir()


def test_progress_labels_fit_80_columns() -> None:
    from envspec.cli.render import short_label

    ref = "registry.example:5000/some-team/optimize_kernel:0.2.2@sha256:" + "ab" * 32
    label = short_label(ref)
    assert len(label) <= 30 and "sha256" not in label and label.endswith("optimize_kernel:0.2.2")
    assert short_label("envspec/tiny:0.1.0") == "envspec/tiny:0.1.0"


def test_reading_commands_reclaim_nothing_and_show_the_state_now() -> None:
    """`status` and `runs` read only (no gc); a finished run's elapsed time stops at its end
    and a run past its deadline shows as expired before gc marks it."""
    from envspec.models.run import RunRecord
    from envspec.runtime.status import summary

    record = RunRecord.from_dict(
        {
            "id": "20260101-000000-00c0ffee",
            "reference": "envspec/tiny:0.1.0",
            "environment": "envspec/tiny:0.1.0",
            "digests": {},
            "variant": "lite",
            "backend": "local",
            "isolation": "user",
            "status": "running",
            "created_at": 1000.0,
            "started_at": 1000.0,
            "deadline": 1600.0,
            "limits": {"wall_time_s": 600, "scorer_calls": 5, "gpu_hours": None},
            "manifest": {},
        }
    )
    assert summary(record, 1300.0)["status"] == "running"
    assert summary(record, 2000.0)["status"] == "expired"
    ended = record.with_(status="finished", released_at=1200.0, finished_at=1200.0)
    assert ended.elapsed(5000.0) == 200.0
