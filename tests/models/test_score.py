"""The pure score model: the scorer contract, score records, aggregation, normalisation."""

from __future__ import annotations

import dataclasses
import datetime
import json
import math
from typing import Any

import jsonschema
import pytest

from envspec.constants import SCORE_LOG_GENESIS, SCORER_OUTPUT_MAX_BYTES
from envspec.errors import InvalidScoreRecord
from envspec.models.score import (
    CONTRACT_MESSAGE,
    RunsMean,
    ScoreRecord,
    ScorerOutput,
    canonical_json,
    final_raw_score,
    mean_normalised,
    normalise,
    record_hash,
    utc_timestamp,
)
from envspec.schema import load_schema, schema_path

WHEN = datetime.datetime(2025, 1, 2, 3, 4, 5, tzinfo=datetime.UTC)


# --- the scorer contract -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"valid": true, "score": 4.61}', ScorerOutput(True, 4.61)),
        ('{"valid": true, "score": 3}', ScorerOutput(True, 3.0)),
        ('{"valid": true, "score": -0.5, "message": "ok"}', ScorerOutput(True, -0.5, None, "ok")),
        (
            '{"valid": false, "reason": "wrong answer", "message": "try again",'
            ' "details": {"case": 17, "t": [1.5, 2]}}',
            ScorerOutput(False, None, "wrong answer", "try again", {"case": 17, "t": [1.5, 2]}),
        ),
        (b'\xef\xbb\xbf{"valid": true, "score": 1e3}', ScorerOutput(True, 1000.0)),
        ('  {"valid": true, "score": 0}\n', ScorerOutput(True, 0.0)),
    ],
)
def test_parse_valid_outputs(text: str | bytes, expected: ScorerOutput) -> None:
    assert ScorerOutput.parse(text) == expected
    if isinstance(text, str):
        assert ScorerOutput.parse(text.encode()) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (None, "wrote no result file"),
        ("", "is empty"),
        (b"  \n", "is empty"),
        ("not json", "not valid JSON"),
        ('{"valid": true, "score": 1', "not valid JSON"),
        ('{"valid": true, "score": NaN}', "not valid JSON: NaN"),
        ('{"valid": true, "score": Infinity}', "not valid JSON: Infinity"),
        ('{"valid": true, "score": -Infinity}', "not valid JSON: -Infinity"),
        ('{"valid": true, "score": 1e999}', "not a finite number"),
        ('{"valid": true, "score": 1' + "0" * 400 + "}", "not a finite number"),
        ('{"valid": true, "score": 1' + "0" * 5000 + "}", "not valid JSON"),
        ('{"valid": false, "reason": "x", "details": {"t": NaN}}', "not valid JSON"),
        ("[1, 2]", "JSON array, not an object"),
        ("4.5", "JSON number, not an object"),
        ('"ok"', "JSON string, not an object"),
        ("null", "JSON null, not an object"),
        ("{}", "'valid' is a required property"),
        ('{"valid": true}', "'score' is a required property"),
        ('{"valid": false}', "'reason' is a required property"),
        ('{"valid": false, "reason": ""}', "reason"),
        ('{"valid": true, "score": "4.5"}', "at score"),
        ('{"valid": true, "score": true}', "at score"),
        ('{"valid": 1, "score": 4.5}', "at valid"),
        ('{"valid": false, "score": 4.5, "reason": "x"}', "score: not allowed when valid is false"),
        ('{"valid": true, "score": 4.5, "reason": "x"}', "reason: not allowed when valid is true"),
        ('{"valid": true, "score": 4.5, "scroe": 1}', "'scroe' was unexpected"),
        ('{"valid": true, "score": 4.5, "message": 5}', "at message"),
        ('{"valid": true, "score": 4.5, "details": []}', "at details"),
        ('{"valid": false, "reason": "x", "valid": true, "score": 1}', "duplicate key 'valid'"),
        (b'{"valid": true, "score": 1, "message": "\xff"}', "not UTF-8"),
        (b"\x00\x01\x02", "not valid JSON"),
        (b"\x89PNG\r\n\x1a\n", "not UTF-8"),
    ],
)
def test_parse_broken_outputs_are_invalid_never_errors(
    text: str | bytes | None, reason: str
) -> None:
    out = ScorerOutput.parse(text)
    assert out.valid is False
    assert out.score is None
    assert out.reason is not None and reason in out.reason
    assert len(out.reason) <= 300
    assert out.message == CONTRACT_MESSAGE


def test_parse_huge_output_is_invalid() -> None:
    pad = "x" * SCORER_OUTPUT_MAX_BYTES
    out = ScorerOutput.parse(json.dumps({"valid": True, "score": 1, "details": {"pad": pad}}))
    assert not out.valid and out.reason is not None and "larger than" in out.reason
    out = ScorerOutput.parse(b" " * (SCORER_OUTPUT_MAX_BYTES + 1))
    assert not out.valid and out.reason is not None and "larger than" in out.reason
    # a long reason is cut by the schema, and the message envspec writes stays short
    out = ScorerOutput.parse(json.dumps({"valid": False, "reason": "y" * 100_000}))
    assert not out.valid and out.reason is not None and len(out.reason) <= 300


def test_parse_deep_nesting_is_invalid() -> None:
    for depth in (100, 100_000):
        text = '{"valid": true, "score": 1, "details": {"a": ' + "[" * depth + "]" * depth + "}}"
        out = ScorerOutput.parse(text)
        assert not out.valid and out.reason is not None and "nested" in out.reason


def test_parse_keeps_details_and_message() -> None:
    out = ScorerOutput.parse(
        '{"valid": true, "score": 2.5, "message": "fast", "details": {"stdout": "a\\u0000b"}}'
    )
    assert out == ScorerOutput(True, 2.5, None, "fast", {"stdout": "a\x00b"})


def test_scorer_output_is_consistent() -> None:
    with pytest.raises(ValueError):
        ScorerOutput(True)
    with pytest.raises(ValueError):
        ScorerOutput(True, math.nan)
    with pytest.raises(ValueError):
        ScorerOutput(False)
    with pytest.raises(ValueError):
        ScorerOutput(False, 1.0, "bad")
    assert ScorerOutput.invalid("timed out after 10m") == ScorerOutput(
        False, None, "timed out after 10m"
    )


@pytest.mark.parametrize("name", ["scorer-output-v1", "score-record-v1"])
def test_schemas_are_documented_draft_2020_12(name: str) -> None:
    schema = load_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"].endswith(f"/{name}.schema.json")
    assert schema_path(name).name == f"{name}.schema.json"
    missing = [
        name
        for node in _nodes(schema)
        for name, sub in node.get("properties", {}).items()
        if not (isinstance(sub, dict) and sub.get("description"))
    ]
    assert missing == []
    for example in schema.get("examples", []):
        assert ScorerOutput.parse(json.dumps(example)).message != CONTRACT_MESSAGE


def test_contract_documents_the_environment_variables() -> None:
    text = load_schema("scorer-output-v1")["description"]
    for var in ("SOLUTION", "PARAMETERS", "VARIANT", "HIDDEN", "RESULT"):
        assert f"ENVSPEC_{var}" in text


def _nodes(node: Any) -> list[dict[str, Any]]:
    out = []
    if isinstance(node, dict):
        out.append(node)
        for value in node.values():
            out.extend(_nodes(value))
    elif isinstance(node, list):
        for value in node:
            out.extend(_nodes(value))
    return out


# --- records -----------------------------------------------------------------------------------
def record(
    score: float | None,
    *,
    seq: int = 0,
    within_budget: bool = True,
    kind: str = "intermediate",
    reason: str = "crashed",
) -> ScoreRecord:
    output = ScorerOutput(True, score) if score is not None else ScorerOutput.invalid(reason)
    return ScoreRecord.create(
        output,
        seq=seq,
        kind=kind,
        elapsed_s=10.0 * seq,
        within_budget=within_budget,
        prev_hash=SCORE_LOG_GENESIS,
        timestamp=WHEN,
    )


def test_record_round_trips_and_matches_its_schema() -> None:
    rec = record(4.25)
    data = rec.to_dict()
    jsonschema.Draft202012Validator(load_schema("score-record-v1")).validate(data)
    assert ScoreRecord.from_dict(json.loads(canonical_json(data))) == rec
    assert rec.hash == record_hash(rec.prev_hash, data)
    assert rec.timestamp == "2025-01-02T03:04:05.000000Z"
    bad = record(None)
    jsonschema.Draft202012Validator(load_schema("score-record-v1")).validate(bad.to_dict())
    assert bad.score is None and bad.reason == "crashed"


def test_record_hash_covers_every_field_and_the_previous_hash() -> None:
    data = record(4.25).to_dict()
    base = record_hash(data["prev_hash"], data)
    for key, value in [("score", 4.5), ("seq", 1), ("message", "x"), ("within_budget", False)]:
        assert record_hash(data["prev_hash"], {**data, key: value}) != base
    assert record_hash("sha256:" + "1" * 64, data) != base
    assert record_hash(data["prev_hash"], {**data, "hash": "ignored"}) == base


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"seq": -1}, "seq"),
        ({"kind": "bonus"}, "kind"),
        ({"score": None}, "score"),  # valid without a score
        ({"valid": False}, "score"),  # invalid with a score and no reason
        ({"hash": "sha256:" + "0" * 64 + "\n"}, "hash"),
        ({"prev_hash": "md5:abc"}, "prev_hash"),
        ({"timestamp": "2025-13-45T00:00:00Z"}, "timestamp"),
        ({"extra": 1}, ""),
        ({"elapsed_s": 1e400}, "elapsed_s"),
    ],
)
def test_record_from_dict_refuses_bad_data(change: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidScoreRecord) as info:
        ScoreRecord.from_dict({**record(4.25).to_dict(), **change})
    assert info.value.field == field


def test_record_create_refuses_bad_arguments() -> None:
    with pytest.raises(InvalidScoreRecord):
        record(1.0, kind="bonus")
    with pytest.raises(InvalidScoreRecord):
        ScoreRecord.create(
            ScorerOutput(True, 1.0),
            seq=0,
            kind="final",
            elapsed_s=-1,
            within_budget=True,
            prev_hash=SCORE_LOG_GENESIS,
        )
    with pytest.raises(InvalidScoreRecord):
        utc_timestamp(datetime.datetime(2025, 1, 1))  # naive


def test_utc_timestamp_converts_to_utc() -> None:
    plus2 = datetime.timezone(datetime.timedelta(hours=2))
    assert utc_timestamp(datetime.datetime(2025, 1, 2, 5, 4, 5, tzinfo=plus2)) == (
        "2025-01-02T03:04:05.000000Z"
    )
    assert utc_timestamp().endswith("Z")


# --- what the agent sees -----------------------------------------------------------------------
SECRET = 0.7315926  # digits that appear nowhere else in a record


def secret_record(*, valid: bool) -> ScoreRecord:
    output = (
        ScorerOutput(True, SECRET, None, "correct on all cases", {"raw": SECRET})
        if valid
        else ScorerOutput(
            False, None, f"loss {SECRET} above threshold", "too slow", {"stdout": str(SECRET)}
        )
    )
    return ScoreRecord.create(
        output,
        seq=3,
        kind="intermediate",
        elapsed_s=12.5,
        within_budget=True,
        prev_hash=SCORE_LOG_GENESIS,
        timestamp=WHEN,
    )


@pytest.mark.parametrize("valid", [True, False])
def test_hidden_view_never_shows_score_reason_or_details(valid: bool) -> None:
    view = secret_record(valid=valid).agent_view("hidden")
    assert set(view) == {"seq", "timestamp", "elapsed_s", "kind", "valid", "message"}
    assert view["valid"] is valid
    text = json.dumps(view)
    assert "7315926" not in text
    assert "stdout" not in text and "threshold" not in text


def test_visible_view_shows_score_and_reason_but_not_details() -> None:
    view = secret_record(valid=True).agent_view("visible")
    assert set(view) == {
        "seq",
        "timestamp",
        "elapsed_s",
        "kind",
        "valid",
        "score",
        "reason",
        "message",
    }
    assert view["score"] == SECRET and view["reason"] is None
    assert "raw" not in json.dumps(view)
    view = secret_record(valid=False).agent_view("visible")
    assert view["score"] is None and "threshold" in view["reason"]
    assert "stdout" not in json.dumps(view)
    with pytest.raises(ValueError):
        secret_record(valid=True).agent_view("public")


# --- aggregation -------------------------------------------------------------------------------
def log(*scores: float | None) -> list[ScoreRecord]:
    return [record(s, seq=i) for i, s in enumerate(scores)]


@pytest.mark.parametrize(
    ("aggregation", "direction", "expected"),
    [
        ("best", "minimise", 1.0),
        ("best", "maximise", 5.0),
        ("last", "minimise", 3.0),
        ("last", "maximise", 3.0),
    ],
)
def test_final_raw_score(aggregation: str, direction: str, expected: float) -> None:
    records = log(4.0, None, 1.0, 5.0, 3.0, None)
    assert final_raw_score(records, aggregation=aggregation, direction=direction) == expected


def test_final_takes_the_final_scoring_alone() -> None:
    """``final``: a lucky intermediate score never stands in for the final scoring's."""
    lucky = [record(0.9, seq=0), record(0.1, seq=1)]
    final_invalid = [*lucky, record(None, seq=2, kind="final")]
    final_valid = [*lucky, record(0.2, seq=2, kind="final")]
    for direction in ("minimise", "maximise"):
        assert final_raw_score(final_invalid, aggregation="final", direction=direction) is None
        assert final_raw_score(final_valid, aggregation="final", direction=direction) == 0.2
        assert final_raw_score(lucky, aggregation="final", direction=direction) is None
        assert final_raw_score(final_invalid, aggregation="last", direction=direction) == 0.1


@pytest.mark.parametrize("aggregation", ["best", "last", "final"])
@pytest.mark.parametrize("direction", ["minimise", "maximise"])
def test_all_invalid_log_has_no_score_not_zero(aggregation: Any, direction: Any) -> None:
    # RE-Bench aggregated an all-failed log as 0, which on a log-time scale beats the reference.
    assert (
        final_raw_score(log(None, None, None), aggregation=aggregation, direction=direction) is None
    )
    assert final_raw_score([], aggregation=aggregation, direction=direction) is None


def test_zero_is_a_real_score() -> None:
    assert final_raw_score(log(None, 0.0), aggregation="best", direction="maximise") == 0.0
    assert final_raw_score(log(0.0, -2.0), aggregation="best", direction="maximise") == 0.0


def test_records_outside_budget_never_count() -> None:
    records = [
        record(5.0, seq=0),
        record(1.0, seq=1, within_budget=False),
        record(None, seq=2),
        record(0.5, seq=3, within_budget=False, kind="final"),
    ]
    assert final_raw_score(records, aggregation="best", direction="minimise") == 5.0
    assert final_raw_score(records, aggregation="last", direction="minimise") == 5.0
    late_only = [record(1.0, seq=0, within_budget=False)]
    assert final_raw_score(late_only, aggregation="best", direction="minimise") is None


def test_last_follows_seq_not_list_order() -> None:
    records = list(reversed(log(2.0, 7.0)))
    assert final_raw_score(records, aggregation="last", direction="minimise") == 7.0


def test_aggregation_refuses_unknown_policies() -> None:
    with pytest.raises(ValueError):
        final_raw_score(log(1.0), aggregation="mean", direction="minimise")
    with pytest.raises(ValueError):
        final_raw_score(log(1.0), aggregation="best", direction="lower")


# --- normalisation -----------------------------------------------------------------------------
def test_normalise() -> None:
    # maximise: starting 0.2, reference 0.8
    assert normalise(0.8, 0.2, 0.8) == pytest.approx(1.0)
    assert normalise(0.5, 0.2, 0.8) == pytest.approx(0.5)
    assert normalise(1.1, 0.2, 0.8) == pytest.approx(1.5)  # beating the reference is > 1
    assert normalise(0.1, 0.2, 0.8) == 0.0  # floored
    # minimise (log time): starting 5, reference 3
    assert normalise(4.0, 5.0, 3.0) == pytest.approx(0.5)
    assert normalise(0.0, 5.0, 3.0) == pytest.approx(2.5)
    assert normalise(6.0, 5.0, 3.0) == 0.0
    with pytest.raises(ValueError):
        normalise(1.0, 2.0, 2.0)
    with pytest.raises(ValueError):
        normalise(math.nan, 0.0, 1.0)


def test_mean_normalised_counts_runs_without_score_as_zero() -> None:
    mean = mean_normalised([0.5, None, 1.0])
    assert mean.mean == pytest.approx(0.5)  # (0.5 + 0 + 1.0) / 3, not 0.75
    assert (mean.n_runs, mean.n_without_score, mean.n_scored) == (3, 1, 2)
    assert mean.to_dict() == {"mean": pytest.approx(0.5), "n_runs": 3, "n_without_score": 1}
    assert mean_normalised([None, None]) == RunsMean(mean=0.0, n_runs=2, n_without_score=2)
    assert mean_normalised([]) == RunsMean(mean=None, n_runs=0, n_without_score=0)
    assert mean_normalised([0.0]) == RunsMean(mean=0.0, n_runs=1, n_without_score=0)
    assert mean_normalised(iter([2.0, None])).mean == pytest.approx(1.0)  # any iterable
    with pytest.raises(ValueError, match="None"):
        mean_normalised([0.5, math.nan])  # NaN is not "no score"
    with pytest.raises(dataclasses.FrozenInstanceError):
        mean.mean = 1.0  # type: ignore[misc]


def test_a_single_run_without_score_is_still_no_score() -> None:
    """Only aggregates count a failed run as 0; the run's own final score stays None."""
    failed = [record(None, seq=1), record(None, seq=2, kind="final")]
    assert final_raw_score(failed, aggregation="best", direction="maximise") is None
    assert final_raw_score([], aggregation="last", direction="minimise") is None


def test_with_details_replaces_details() -> None:
    out = ScorerOutput.parse('{"valid": true, "score": 1.5, "details": {"a": 1}}')
    more = out.with_details({**out.details, "exit_code": 0})
    assert more == ScorerOutput(True, 1.5, None, "", {"a": 1, "exit_code": 0})
    assert out.details == {"a": 1}
