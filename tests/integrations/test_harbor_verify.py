"""The exported verifier script on its own: scorer outcomes become Harbor reward files."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from envspec.integrations import harbor_verify
from envspec.models import aggregate

SCORER = """
import json, os, sys, time
mode = sys.argv[1]
assert os.environ["ENVSPEC_SOLUTION"] and os.environ["ENVSPEC_VARIANT"] == "lite"
out = {"valid": True, "score": 21.0, "message": "ok"}
if mode == "invalid":
    out = {"valid": False, "reason": "answer.txt must hold one integer"}
if mode == "slow":
    time.sleep(5)
if mode != "none":
    open(os.environ["ENVSPEC_RESULT"], "w").write(json.dumps(out))
"""


def _verify(tmp_path: Path, mode: str, normalisation: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    tests = tmp_path / "tests"
    tests.mkdir()
    shutil.copyfile(harbor_verify.__file__, tests / "envspec_verify.py")
    shutil.copyfile(aggregate.__file__, tests / "envspec_aggregate.py")
    (tmp_path / "score.py").write_text(SCORER)
    spec = {
        "entrypoint": [sys.executable, str(tmp_path / "score.py"), mode],
        "env": {"ENVSPEC_VARIANT": "lite", "ENVSPEC_PARAMETERS": "{}"},
        "solution": str(tmp_path),
        "timeout_s": 2,
        "normalisation": normalisation,
    }
    (tests / "envspec.json").write_text(json.dumps(spec))
    logs = tmp_path / "logs"
    done = subprocess.run(
        [sys.executable, str(tests / "envspec_verify.py")],
        env={"ENVSPEC_HARBOR_VERIFIER_DIR": str(logs), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 0, done.stderr
    return (
        json.loads((logs / "reward.json").read_text()),
        json.loads((logs / "envspec-score.json").read_text()),
    )


@pytest.mark.parametrize(
    ("mode", "normalisation", "reward"),
    [
        ("valid", {"starting": 42, "reference": 0}, {"reward": 0.5, "valid": 1.0, "raw": 21.0}),
        ("valid", None, {"reward": 21.0, "valid": 1.0, "raw": 21.0}),
        ("invalid", {"starting": 42, "reference": 0}, {"reward": 0.0, "valid": 0.0}),
        ("none", {"starting": 42, "reference": 0}, {"reward": 0.0, "valid": 0.0}),
        ("slow", {"starting": 42, "reference": 0}, {"reward": 0.0, "valid": 0.0}),
    ],
)
def test_rewards(tmp_path: Path, mode: str, normalisation: Any, reward: dict[str, float]) -> None:
    got, details = _verify(tmp_path, mode, normalisation)
    assert got == reward
    reasons = {
        "invalid": "one integer",
        "none": "no result",
        "slow": "timed out after 2 s",
    }
    if mode in reasons:
        assert reasons[mode] in details["reason"]
