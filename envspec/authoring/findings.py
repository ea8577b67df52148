"""What ``envspec check`` reports: findings (severity, code, message, what to do) and the report.

Pure data. Codes are stable identifiers that tests, CI and authors can match on; ``CODES``
lists every one with what it means (docs/authoring.md shows the same table).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ERROR = "error"
WARNING = "warning"
INFO = "info"
SEVERITIES = (ERROR, WARNING, INFO)

#: code -> (severity, what it means)
CODES: dict[str, tuple[str, str]] = {
    "manifest-parse": (ERROR, "envspec.yaml is not readable YAML"),
    "manifest-schema": (ERROR, "envspec.yaml breaks the JSON Schema"),
    "manifest-semantic": (ERROR, "envspec.yaml breaks a rule the schema cannot express"),
    "manifest-resolve": (ERROR, "a file envspec.yaml names is missing"),
    "variant-hardware-missing": (ERROR, "a variant does not say what hardware it needs"),
    "variant-budgets-missing": (ERROR, "a variant has no budgets"),
    "budget-scorer-calls-missing": (WARNING, "intermediate scoring is allowed without a cap"),
    "budget-llm-tokens-missing": (WARNING, "a model service is offered without a token cap"),
    "budget-unit-missing": (WARNING, "a custom service is offered without a budget in its unit"),
    "normalisation-missing": (WARNING, "a variant has no normalisation (not calibrated)"),
    "normalisation-without-provenance": (ERROR, "normalisation scores without their provenance"),
    "normalisation-stale": (ERROR, "normalisation differs from the last calibration file"),
    "calibration-missing": (INFO, "no calibration/*.json backs a variant's normalisation"),
    "hidden-raw-normalisation": (WARNING, "a hidden scorer's raw figures are in the manifest"),
    "canary-missing": (ERROR, "the instructions do not contain the canary string"),
    "reference-missing": (ERROR, "no reference solution for a variant"),
    "exploits-missing": (WARNING, "exploits/ holds no exploit"),
    "build-failed": (ERROR, "the agent or scorer image does not build"),
    "hidden-file-in-agent-image": (ERROR, "scoring/ or reference/ content in the agent image"),
    "hidden-asset-in-agent-image": (ERROR, "a scorer-only asset's path is in the agent image"),
    "variant-not-run": (INFO, "this host cannot run a variant, so it was not scored"),
    "run-failed": (ERROR, "the runtime could not start or score a run"),
    "starting-invalid": (ERROR, "the starting solution scores invalid"),
    "reference-invalid": (ERROR, "the reference solution scores invalid"),
    "reference-not-better": (ERROR, "the reference does not score better than the starting one"),
    "normalisation-off": (WARNING, "a solution's raw score is far from the manifest's figure"),
    "exploit-scores-valid": (ERROR, "an exploit scores valid"),
    "exploit-gains": (ERROR, "a no-gain exploit scores better than the starting solution"),
}


@dataclass(frozen=True)
class Finding:
    """One thing ``envspec check`` found: how bad, which check, what, and what to do."""

    severity: str
    code: str
    message: str
    hint: str | None = None
    where: str | None = None  # a field path, a file, or a variant

    def __str__(self) -> str:
        where = f" [{self.where}]" if self.where else ""
        hint = f" ({self.hint})" if self.hint else ""
        return f"{self.severity} {self.code}{where}: {self.message}{hint}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
            "where": self.where,
        }


def finding(code: str, message: str, hint: str | None = None, where: str | None = None) -> Finding:
    """A finding with the severity ``CODES`` gives ``code``."""
    return Finding(CODES[code][0], code, message, hint, where)


@dataclass
class CheckReport:
    """Everything ``envspec check`` found in one environment folder, and what it ran."""

    env_dir: str
    findings: list[Finding] = field(default_factory=list)
    built: bool = False
    #: variant -> role or exploit name -> the agent's view of the score (valid, score, reason)
    trials: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)

    @property
    def errors(self) -> list[Finding]:
        """The findings that fail the check."""
        return [f for f in self.findings if f.severity == ERROR]

    @property
    def ok(self) -> bool:
        """Whether nothing failed the check (warnings and notes allowed)."""
        return not self.errors

    def codes(self) -> set[str]:
        """The codes found, for quick assertions."""
        return {f.code for f in self.findings}

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (``--json``)."""
        return {
            "env_dir": self.env_dir,
            "ok": self.ok,
            "built": self.built,
            "findings": [f.to_dict() for f in self.findings],
            "trials": self.trials,
        }
