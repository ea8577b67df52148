"""Scores as plain data: the scorer's output and score-log records.

Pure: no files, processes or containers here (the JSON Schemas are read once, through
:mod:`envspec.schema`). :mod:`envspec.runtime.scorelog` stores records; the runtime runs scorers.
Aggregation (final raw score, normalisation) is :mod:`envspec.models.aggregate`, re-exported.

The scorer contract is ``schemas/scorer-output-v1.schema.json``: the scorer writes one JSON object,
``{"valid": true, "score": 4.61}`` or ``{"valid": false, "reason": "..."}``, plus an agent-facing
``message`` and operator-only ``details``. Whatever a scorer writes, :meth:`ScorerOutput.parse`
returns a :class:`ScorerOutput`; output that breaks the contract is an invalid one, never an error
and never a score.
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import hashlib
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from envspec.constants import SCORER_OUTPUT_MAX_BYTES
from envspec.errors import InvalidScoreRecord
from envspec.models.aggregate import AGGREGATIONS as AGGREGATIONS
from envspec.models.aggregate import DIRECTIONS as DIRECTIONS
from envspec.models.aggregate import RunsMean as RunsMean
from envspec.models.aggregate import final_raw_score as final_raw_score
from envspec.models.aggregate import is_finite
from envspec.models.aggregate import mean_normalised as mean_normalised
from envspec.models.aggregate import normalise as normalise
from envspec.schema.schemas import load_schema

SCORER_OUTPUT_SCHEMA = "scorer-output-v1"
SCORE_RECORD_SCHEMA = "score-record-v1"
MAX_DEPTH = 64  # nesting levels of scorer output; deeper is refused before anything walks it
MAX_REASON = 300  # characters of a reason envspec writes about broken output

#: the agent-facing message when a scorer's output breaks the contract
CONTRACT_MESSAGE = "the scorer did not produce a readable result"

# Plain strings, as in the manifest model; every function checks them (aggregation and
# direction names are in envspec.models.aggregate).
KINDS = ("intermediate", "final")
VISIBILITIES = ("visible", "hidden")

_HASH = re.compile(r"sha256:[0-9a-f]{64}")
_VISIBLE_FIELDS: tuple[str, ...] = (
    "seq",
    "timestamp",
    "elapsed_s",
    "kind",
    "valid",
    "score",
    "reason",
    "message",
)
_HIDDEN_FIELDS: tuple[str, ...] = ("seq", "timestamp", "elapsed_s", "kind", "valid", "message")


# --- the scorer's output -----------------------------------------------------------------------
@dataclass(frozen=True)
class ScorerOutput:
    """What one scorer call produced: a finite score, or invalid with a reason.

    ``message`` is for the agent (shown even when scores are hidden); ``details`` for operators.
    Build one with :meth:`parse` (from the scorer's result file) or :meth:`invalid`.
    """

    valid: bool
    score: float | None = None
    reason: str | None = None
    message: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.valid:
            if self.score is None or not is_finite(self.score) or self.reason is not None:
                raise ValueError("a valid ScorerOutput needs a finite score and no reason")
        elif self.score is not None or not self.reason:
            raise ValueError("an invalid ScorerOutput needs a reason and no score")

    @classmethod
    def invalid(
        cls, reason: str, *, message: str = "", details: Mapping[str, Any] | None = None
    ) -> ScorerOutput:
        """An invalid output, e.g. for a scorer that crashed, timed out or wrote no file."""
        return cls(False, None, reason or "invalid", message, dict(details or {}))

    def with_details(self, details: Mapping[str, Any]) -> ScorerOutput:
        """A copy with ``details`` replaced (the runtime adds exit code, timings, logs)."""
        return dataclasses.replace(self, details=dict(details))

    @classmethod
    def parse(cls, data: bytes | str | None) -> ScorerOutput:
        """Read the scorer's result file contents (None: the scorer wrote no file).

        Never raises: output that is missing, empty, larger than ``SCORER_OUTPUT_MAX_BYTES``,
        not UTF-8, not JSON (NaN and Infinity included), nested deeper than ``MAX_DEPTH`` or
        outside the contract gives an invalid output whose reason says why and whose message
        is :data:`CONTRACT_MESSAGE`. Read at most ``SCORER_OUTPUT_MAX_BYTES + 1`` bytes.
        """
        try:
            found = _parse(data)
        except RecursionError:
            found = "scorer output is nested too deeply"
        except Exception as exc:  # any output must give a result, never a traceback
            found = _short(f"scorer output could not be read: {type(exc).__name__}: {exc}")
        if isinstance(found, str):
            return cls.invalid(found, message=CONTRACT_MESSAGE)
        return found


def _parse(data: bytes | str | None) -> ScorerOutput | str:
    """The output, or the reason it breaks the contract."""
    if data is None:
        return "the scorer wrote no result file"
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if size > SCORER_OUTPUT_MAX_BYTES:
        return f"scorer output is larger than {SCORER_OUTPUT_MAX_BYTES} bytes"
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            return f"scorer output is not UTF-8 (invalid byte at offset {exc.start})"
    if not data.strip():
        return "scorer output is empty"
    try:
        obj = json.loads(
            data,
            parse_constant=_refuse_constant,
            parse_float=_finite_float,
            object_pairs_hook=_unique_keys,
        )
    except ValueError as exc:  # JSONDecodeError too
        return _short(f"scorer output is not valid JSON: {exc}")
    if not isinstance(obj, dict):
        return f"scorer output is a JSON {_json_type(obj)}, not an object"
    if _depth(obj) > MAX_DEPTH:
        return f"scorer output is nested deeper than {MAX_DEPTH} levels"
    error = _first_error(_validator(SCORER_OUTPUT_SCHEMA), obj)
    if error is not None:
        return _short(f"scorer output breaks the contract ({SCORER_OUTPUT_SCHEMA}) at {error}")
    score: float | None = None
    if obj["valid"]:
        try:
            score = float(obj["score"])
        except OverflowError:
            score = math.inf
        if not math.isfinite(score):
            return "scorer output's score is not a finite number"
    return ScorerOutput(
        valid=obj["valid"],
        score=score,
        reason=obj.get("reason"),
        message=obj.get("message", ""),
        details=obj.get("details", {}),
    )


def _first_error(validator: Any, obj: dict[str, Any]) -> str | None:
    """``field: message`` of the most useful error, or None; plain checks before the
    valid/score/reason rules, which only make sense once those pass."""
    error = _most_useful_error(validator, obj)
    if error is None:
        return None
    where = ".".join(str(p) for p in error.absolute_path) or "<root>"
    if error.validator == "not":  # the message would quote the whole instance
        name = "reason" if obj.get("valid") else "score"
        valid = "true" if obj.get("valid") else "false"
        return f"{name}: not allowed when valid is {valid}"
    return f"{where}: {error.message}"


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{_short(text, 40)} is not a finite number")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # Duplicate keys are ambiguous: another JSON reader could take the other value.
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {_short(key, 40)!r}")
        out[key] = value
    return out


def _depth(obj: object) -> int:
    deepest, stack = 0, [(obj, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            break
        if isinstance(node, dict):
            stack.extend((child, level + 1) for child in node.values())
        elif isinstance(node, list):
            stack.extend((child, level + 1) for child in node)
    return deepest


# --- score-log records -------------------------------------------------------------------------
@dataclass(frozen=True)
class ScoreRecord:
    """One line of a run's score log (format ``score-record-v1``), hash-chained to the one before.

    ``hash`` is :func:`record_hash` of ``prev_hash`` and every other field. Build one with
    :meth:`create`; :class:`~envspec.runtime.scorelog.ScoreLog` appends and verifies them.
    """

    seq: int
    timestamp: str
    elapsed_s: float
    kind: str  # intermediate | final
    valid: bool
    score: float | None
    reason: str | None
    message: str
    details: dict[str, Any]
    within_budget: bool
    prev_hash: str
    hash: str

    @classmethod
    def create(
        cls,
        output: ScorerOutput,
        *,
        seq: int,
        kind: str,
        elapsed_s: float,
        within_budget: bool,
        prev_hash: str,
        timestamp: datetime.datetime | None = None,
    ) -> ScoreRecord:
        """The record of ``output``, its hash computed.

        Raises:
            InvalidScoreRecord: a field is out of range (negative seq or elapsed time, unknown
                kind, malformed prev_hash, naive timestamp).
        """
        if kind not in KINDS:
            raise InvalidScoreRecord(f"unknown kind {kind!r}", field="kind", hint=f"use {KINDS}")
        if not (isinstance(elapsed_s, int | float) and is_finite(elapsed_s) and elapsed_s >= 0):
            raise InvalidScoreRecord(f"elapsed_s {elapsed_s!r} is not ≥ 0", field="elapsed_s")
        fields: dict[str, Any] = {
            "seq": seq,
            "timestamp": utc_timestamp(timestamp),
            "elapsed_s": float(elapsed_s),
            "kind": kind,
            "valid": output.valid,
            "score": output.score,
            "reason": output.reason,
            "message": output.message,
            "details": dict(output.details),
            "within_budget": bool(within_budget),
            "prev_hash": prev_hash,
        }
        return cls.from_dict({**fields, "hash": record_hash(prev_hash, fields)})

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-compatible data (one score-log line once serialised)."""
        return {
            "seq": self.seq,
            "timestamp": self.timestamp,
            "elapsed_s": self.elapsed_s,
            "kind": self.kind,
            "valid": self.valid,
            "score": self.score,
            "reason": self.reason,
            "message": self.message,
            "details": self.details,
            "within_budget": self.within_budget,
            "prev_hash": self.prev_hash,
            "hash": self.hash,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ScoreRecord:
        """A record from parsed data; the hash is not checked (the score log's verify does).

        Raises:
            InvalidScoreRecord: ``data`` does not match ``score-record-v1``.
        """
        error = _most_useful_error(_validator(SCORE_RECORD_SCHEMA), data)
        if error is not None:
            where = ".".join(str(p) for p in error.absolute_path)
            raise InvalidScoreRecord(
                f"not a score record: {where or '<root>'}: {_short(error.message)}", field=where
            )
        for name in ("prev_hash", "hash"):  # Python's `$` also matches before a newline
            if not _HASH.fullmatch(data[name]):
                raise InvalidScoreRecord(f"not a score record: {name} is malformed", field=name)
        try:
            datetime.datetime.fromisoformat(data["timestamp"])
        except ValueError:
            raise InvalidScoreRecord(
                f"not a score record: timestamp {data['timestamp']!r} is not a date",
                field="timestamp",
            ) from None
        score = data["score"]
        for name in ("score", "elapsed_s"):
            if data[name] is not None and not is_finite(data[name]):
                raise InvalidScoreRecord(f"not a score record: {name} is not finite", field=name)
        return cls(
            seq=data["seq"],
            timestamp=data["timestamp"],
            elapsed_s=float(data["elapsed_s"]),
            kind=data["kind"],
            valid=data["valid"],
            score=None if score is None else float(score),
            reason=data["reason"],
            message=data["message"],
            details=dict(data["details"]),
            within_budget=data["within_budget"],
            prev_hash=data["prev_hash"],
            hash=data["hash"],
        )

    @property
    def counts(self) -> bool:
        """Whether this record may count towards the final score: valid and within budget."""
        return (
            self.valid
            and self.within_budget
            and self.score is not None
            and math.isfinite(self.score)
        )

    def agent_view(self, visibility: str) -> dict[str, Any]:
        """What the agent may see of this record under the environment's scoring.visibility.

        ``visible``: seq, timestamp, elapsed_s, kind, valid, score, reason, message.
        ``hidden``: seq, timestamp, elapsed_s, kind, valid, message: never the score, nor the
        reason (it may quote the scorer's output). ``details`` are never shown.

        Raises:
            ValueError: ``visibility`` is neither ``visible`` nor ``hidden``.
        """
        if visibility == "visible":
            names = _VISIBLE_FIELDS
        elif visibility == "hidden":
            names = _HIDDEN_FIELDS
        else:
            raise ValueError(f"unknown visibility {visibility!r}: use 'visible' or 'hidden'")
        data = self.to_dict()
        return {name: data[name] for name in names}


def canonical_json(data: object) -> bytes:
    """The canonical JSON of ``data``: sorted keys, no spaces, ASCII only, no NaN.

    Raises:
        ValueError: ``data`` holds NaN or infinity.
    """
    text = json.dumps(
        data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False
    )
    return text.encode("ascii")


def record_hash(prev_hash: str, fields: Mapping[str, Any]) -> str:
    """``sha256:`` + sha256 of ``prev_hash`` followed by the canonical JSON of ``fields``.

    A ``hash`` key in ``fields`` is left out.
    """
    body = canonical_json({k: v for k, v in fields.items() if k != "hash"})
    digest = hashlib.sha256(prev_hash.encode("utf-8", "surrogatepass") + body).hexdigest()
    return f"sha256:{digest}"


def utc_timestamp(when: datetime.datetime | None = None) -> str:
    """``when`` (default now) as UTC ISO 8601 with microseconds and ``Z``.

    Raises:
        InvalidScoreRecord: ``when`` has no time zone.
    """
    if when is None:
        when = datetime.datetime.now(datetime.UTC)
    elif when.tzinfo is None:
        raise InvalidScoreRecord("timestamp has no time zone", field="timestamp", hint="use UTC")
    return when.astimezone(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


# --- helpers -----------------------------------------------------------------------------------
@functools.cache
def _validator(name: str) -> Any:
    # imported here, as in envspec.schema.schemas: commands that read no scores start faster
    import jsonschema  # type: ignore[import-untyped]

    return jsonschema.Draft202012Validator(load_schema(name))


def _most_useful_error(validator: Any, data: Any) -> Any:
    """The error jsonschema ranks first, plain checks before the valid/score/reason rules
    (``then``/``else``), which only make sense once those pass; None if ``data`` is valid."""
    from jsonschema.exceptions import best_match  # type: ignore[import-untyped]

    errors = list(validator.iter_errors(data))
    plain = [e for e in errors if not e.schema_path or e.schema_path[0] not in ("then", "else")]
    return best_match(plain) or best_match(errors)


def _json_type(value: object) -> str:
    names = {type(None): "null", bool: "boolean", int: "number", float: "number"}
    names.update({str: "string", list: "array"})
    return names.get(type(value), type(value).__name__)


def _short(text: str, limit: int = MAX_REASON) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
