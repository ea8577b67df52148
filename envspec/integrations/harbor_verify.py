"""Harbor's verifier for an exported envspec environment (copied into the export's ``tests/``).

Runs inside the environment's scorer image, with the standard library only: runs the scorer
entrypoint on the agent's solution as envspec's scorer contract says, then writes Harbor's
reward file ``/logs/verifier/reward.json``: ``reward`` (the normalised score, floored at 0;
the raw score where the variant is uncalibrated; 0 for an invalid solution, since Harbor has
no "no score"), ``valid`` (1 or 0) and, for a valid solution, ``raw``. What the scorer said
(message, reason, details, its output) goes to ``/logs/verifier/envspec-score.json``.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, TypeGuard

HERE = Path(__file__).resolve().parent
SPEC_FILE = "envspec.json"  # written by the export: entrypoint, env, solution, normalisation
REWARD_DIR = Path(os.environ.get("ENVSPEC_HARBOR_VERIFIER_DIR", "/logs/verifier"))


def main() -> int:
    """Score, write the reward and the details, print a one-line summary."""
    spec = json.loads((HERE / SPEC_FILE).read_text())
    rewards, details = verify(spec)
    REWARD_DIR.mkdir(parents=True, exist_ok=True)
    (REWARD_DIR / "reward.json").write_text(json.dumps(rewards, sort_keys=True))
    (REWARD_DIR / "envspec-score.json").write_text(json.dumps(details, indent=2, sort_keys=True))
    print(f"envspec verifier: {json.dumps(rewards, sort_keys=True)}")
    return 0


def verify(spec: dict[str, Any]) -> tuple[dict[str, float], dict[str, Any]]:
    """Run the scorer once; return Harbor's rewards and the operator's details."""
    output, run = _run_scorer(spec)
    score = output.get("score")
    details: dict[str, Any] = {"scorer_output": output, "scorer_run": run}
    if output.get("valid") is not True or not _finite(score):
        details.update(valid=False, reason=output.get("reason") or "no valid score")
        return {"reward": 0.0, "valid": 0.0}, details
    details["valid"] = True
    raw = float(score)
    norm = spec.get("normalisation")
    if norm is None:
        reward = raw
    else:
        # envspec's own formula, shipped next to this file (envspec/models/aggregate.py)
        sys.path.insert(0, str(HERE))
        aggregate = importlib.import_module("envspec_aggregate")
        reward = float(aggregate.normalise(raw, float(norm["starting"]), float(norm["reference"])))
    details["normalised"] = None if norm is None else reward
    return {"reward": reward, "valid": 1.0, "raw": raw}, details


def _run_scorer(spec: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    with tempfile.TemporaryDirectory(prefix="envspec-verify-") as tmp:
        result = Path(tmp) / "result.json"
        env = {
            **os.environ,
            **spec["env"],
            "ENVSPEC_SOLUTION": spec["solution"],
            "ENVSPEC_RESULT": str(result),
        }
        began = time.monotonic()
        run: dict[str, Any] = {"entrypoint": spec["entrypoint"]}
        try:
            done = subprocess.run(
                spec["entrypoint"],
                env=env,
                timeout=spec["timeout_s"],
                capture_output=True,
                text=True,
                errors="replace",
            )
        except subprocess.TimeoutExpired:
            run["seconds"] = round(time.monotonic() - began, 3)
            return {"valid": False, "reason": f"scoring timed out after {spec['timeout_s']} s"}, run
        except OSError as e:
            return {"valid": False, "reason": f"the scorer could not start: {e}"}, run
        run.update(
            exit_code=done.returncode,
            seconds=round(time.monotonic() - began, 3),
            logs=(done.stdout + done.stderr)[-20000:],
        )
        if not result.is_file():
            return {"valid": False, "reason": f"no result (exit code {done.returncode})"}, run
        try:
            output = json.loads(result.read_text())
        except ValueError as e:
            return {"valid": False, "reason": f"the result is not JSON: {e}"}, run
        if not isinstance(output, dict):
            return {"valid": False, "reason": "the result is not a JSON object"}, run
        return output, run


def _finite(value: Any) -> TypeGuard[float]:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


if __name__ == "__main__":
    sys.exit(main())
