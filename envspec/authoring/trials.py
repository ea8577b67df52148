"""Trial runs for ``envspec check``: one fresh run per solution (starting, reference, each
exploit), scored once through the real runtime, as ``envspec calibrate`` does."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from envspec.authoring.exploits import Exploit, apply_exploit
from envspec.errors import EnvspecError, GpuError
from envspec.models.manifest import Manifest, Variant
from envspec.runtime import runs
from envspec.runtime.host import HostCannotRun
from envspec.runtime.placement import HostPlacement

log = logging.getLogger(__name__)

#: prepares a started run (by id) before it is scored; returns a note for the report
Setup = Callable[[str], str | None]


@dataclass(frozen=True)
class Trial:
    """How one solution scored: valid and raw score, or invalid with the reason; ``error`` when
    the runtime itself failed (then there is no score at all)."""

    valid: bool
    score: float | None = None
    reason: str | None = None
    message: str | None = None
    note: str | None = None
    error: EnvspecError | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "valid": self.valid,
            "score": self.score,
            "reason": self.reason,
            "message": self.message,
            "note": self.note,
            "error": self.error.message if self.error else None,
        }


def why_host_cannot_run(v: Variant) -> str | None:
    """Why this host can never run variant ``v`` (CPUs, memory, GPUs), or None if it can."""
    try:
        HostPlacement().check_variant(v)
    except (HostCannotRun, GpuError) as e:
        return e.message
    return None


def score_once(
    reference: str, variant: str, *, setup: Setup | None = None, backend: str | None = None
) -> Trial:
    """Start a run of ``reference``, apply ``setup``, score once, finish. Runtime failures
    become a Trial with ``error`` set; nothing is left running."""
    try:
        run = runs.start_run(reference, variant=variant, backend=backend)
    except EnvspecError as e:
        return Trial(valid=False, error=e)
    try:
        note = setup(run.id) if setup is not None else None
        record = runs.score_run(run.id).record
        log.info("%s %s: %s", reference, variant, record.score if record.valid else record.reason)
        return Trial(record.valid, record.score, record.reason, record.message, note)
    except EnvspecError as e:
        return Trial(valid=False, error=e)
    finally:
        runs.finish_run(run.id)


def prepared(manifest: Manifest, role: str, files: dict[str, bytes]) -> Setup:
    """Put a solution's files in place and run its ``calibration.prepare`` command, as
    ``envspec calibrate`` does."""

    def setup(run_id: str) -> str | None:
        if files:
            runs.put_files(run_id, files)
        argv = manifest.prepare.get(role)
        if argv is None:
            return None
        done = runs.exec_in_run(run_id, list(argv))
        if done.exit_code != 0:
            why = "timed out" if done.timed_out else f"exited with {done.exit_code}"
            tail = (done.stderr or done.stdout).decode(errors="replace")[-1000:]
            raise EnvspecError(
                f"preparing the {role} solution ({' '.join(argv)}) {why}: {tail}",
                hint="fix calibration.prepare in envspec.yaml, or the solution",
            )
        return f"prepared with {' '.join(argv)}"

    return setup


def exploit(known: Exploit, manifest: Manifest) -> Setup:
    """Apply the exploit ``known`` as the agent (:func:`apply_exploit`)."""
    return lambda run_id: apply_exploit(run_id, known, manifest)
