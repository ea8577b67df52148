"""The score log: append-only, hash-chained, crash-safe, and tampering is caught and located."""

from __future__ import annotations

import datetime
import json
import multiprocessing
import os
import stat
from pathlib import Path

import pytest

from envspec.constants import SCORE_LOG_GENESIS
from envspec.errors import InvalidScoreRecord, ScoreLogError, ScoreLogLocked
from envspec.models.score import ScorerOutput, canonical_json, record_hash
from envspec.runtime.scorelog import ScoreLog, genesis_hash

RUN = "run-20250102-abcdef"
WHEN = datetime.datetime(2025, 1, 2, 3, 4, 5, tzinfo=datetime.UTC)


def filled(path: Path, n: int = 5) -> ScoreLog:
    scores = ScoreLog(path, RUN)
    for i in range(n):
        out = ScorerOutput(True, 10.0 - i) if i % 2 == 0 else ScorerOutput.invalid(f"case {i}")
        scores.append("intermediate", out, elapsed_s=60.0 * i, within_budget=True, timestamp=WHEN)
    return scores


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines(keepends=True)


def problems_of(scores: ScoreLog) -> list[str]:
    result = scores.verify()
    assert result.ok is False
    assert result.problems
    return result.problems


# --- append and read ---------------------------------------------------------------------------
def test_append_and_read(tmp_path: Path) -> None:
    scores = ScoreLog(tmp_path / "scores.jsonl", RUN)
    assert scores.records() == []
    assert scores.head_hash == genesis_hash(RUN)
    first = scores.append(
        "intermediate",
        ScorerOutput(True, 4.5, None, "ok", {"t": [1, 2]}),
        elapsed_s=12.0,
        within_budget=True,
        timestamp=WHEN,
    )
    second = scores.append(
        "final", ScorerOutput.invalid("crashed"), elapsed_s=99.5, within_budget=False
    )
    assert scores.records() == [first, second]
    assert (first.seq, second.seq) == (0, 1)
    assert first.prev_hash == genesis_hash(RUN) and second.prev_hash == first.hash
    assert scores.head_hash == second.hash
    assert first.timestamp == "2025-01-02T03:04:05.000000Z"
    assert (first.score, first.message, first.details) == (4.5, "ok", {"t": [1, 2]})
    assert (second.valid, second.score, second.reason, second.kind) == (
        False,
        None,
        "crashed",
        "final",
    )
    # one canonical JSON object per line, newline-terminated
    text = (tmp_path / "scores.jsonl").read_bytes()
    assert text.endswith(b"\n") and text.count(b"\n") == 2
    for line, rec in zip(text.splitlines(), [first, second], strict=True):
        assert line == canonical_json(rec.to_dict())


def test_genesis(tmp_path: Path) -> None:
    assert genesis_hash() == SCORE_LOG_GENESIS == "sha256:" + "0" * 64
    assert genesis_hash(RUN) != genesis_hash("run-other") != SCORE_LOG_GENESIS
    plain = ScoreLog(tmp_path / "a.jsonl")
    rec = plain.append("intermediate", ScorerOutput(True, 1.0), elapsed_s=0, within_budget=True)
    assert rec.prev_hash == SCORE_LOG_GENESIS


def test_file_mode_is_0600(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        scores = filled(tmp_path / "scores.jsonl", 1)
    finally:
        os.umask(old)
    assert stat.S_IMODE(scores.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(Path(f"{scores.path}.lock").stat().st_mode) & 0o077 == 0


def test_nothing_follows_the_final_record(tmp_path: Path) -> None:
    scores = filled(tmp_path / "scores.jsonl", 2)
    scores.append("final", ScorerOutput(True, 1.0), elapsed_s=200, within_budget=True)
    with pytest.raises(ScoreLogError, match="already has its final record") as info:
        scores.append("intermediate", ScorerOutput(True, 0.5), elapsed_s=201, within_budget=True)
    assert info.value.line == 3
    assert len(scores.records()) == 3 and scores.verify().ok


def test_append_refuses_bad_arguments(tmp_path: Path) -> None:
    scores = ScoreLog(tmp_path / "scores.jsonl", RUN)
    with pytest.raises(InvalidScoreRecord):
        scores.append("bonus", ScorerOutput(True, 1.0), elapsed_s=1, within_budget=True)
    with pytest.raises(InvalidScoreRecord):
        scores.append("final", ScorerOutput(True, 1.0), elapsed_s=-1, within_budget=True)
    assert scores.records() == [] and scores.verify().ok


def test_missing_folder_is_a_score_log_error(tmp_path: Path) -> None:
    scores = ScoreLog(tmp_path / "no" / "such" / "scores.jsonl", RUN)
    with pytest.raises(ScoreLogError, match="cannot write score log"):
        scores.append("final", ScorerOutput(True, 1.0), elapsed_s=1, within_budget=True)


def test_lock_timeout(tmp_path: Path) -> None:
    import filelock

    path = tmp_path / "scores.jsonl"
    scores = ScoreLog(path, RUN, lock_timeout=0.1)
    with (
        filelock.FileLock(f"{path}.lock"),
        pytest.raises(ScoreLogLocked, match="stayed locked"),
    ):
        scores.append("final", ScorerOutput(True, 1.0), elapsed_s=1, within_budget=True)


# --- verify ------------------------------------------------------------------------------------
def test_verify_ok(tmp_path: Path) -> None:
    scores = filled(tmp_path / "scores.jsonl")
    result = scores.verify()
    assert result.ok and result.problems == []
    assert result.count == 5
    assert result.head == scores.head_hash == scores.records()[-1].hash
    assert scores.verify(expected_head=result.head).ok


def test_verify_empty_and_missing(tmp_path: Path) -> None:
    result = ScoreLog(tmp_path / "none.jsonl", RUN).verify()
    assert (result.ok, result.count, result.head) == (True, 0, genesis_hash(RUN))


def test_verify_detects_edited_score(tmp_path: Path) -> None:
    scores = filled(tmp_path / "scores.jsonl")
    text = lines(scores.path)
    data = json.loads(text[2])
    assert data["score"] == 8.0
    data["score"] = 1.0
    text[2] = json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n"
    scores.path.write_text("".join(text))
    assert problems_of(scores) == ["line 3: hash does not match the record (the line was edited)"]


def test_verify_detects_edit_with_recomputed_hash(tmp_path: Path) -> None:
    scores = filled(tmp_path / "scores.jsonl")
    text = lines(scores.path)
    data = json.loads(text[1])
    data.update(valid=True, score=0.0, reason=None)
    data["hash"] = record_hash(data["prev_hash"], data)
    text[1] = canonical_json(data).decode() + "\n"
    scores.path.write_text("".join(text))
    problems = problems_of(scores)
    assert len(problems) == 1 and problems[0].startswith("line 3: prev_hash does not match line 2")


def test_verify_detects_deleted_line(tmp_path: Path) -> None:
    scores = filled(tmp_path / "scores.jsonl")
    text = lines(scores.path)
    del text[2]
    scores.path.write_text("".join(text))
    problems = problems_of(scores)
    assert problems[0].startswith("line 3: seq is 3, expected 2")
    assert any(p.startswith("line 3: prev_hash does not match line 2") for p in problems)
    assert all(not p.startswith(("line 1", "line 2")) for p in problems)


def test_verify_detects_deleted_first_line(tmp_path: Path) -> None:
    scores = filled(tmp_path / "scores.jsonl")
    scores.path.write_text("".join(lines(scores.path)[1:]))
    problems = problems_of(scores)
    assert any("line 1: prev_hash is not this log's genesis" in p for p in problems)


def test_verify_detects_truncated_tail_against_expected_head(tmp_path: Path) -> None:
    scores = filled(tmp_path / "scores.jsonl")
    head = scores.head_hash
    scores.path.write_text("".join(lines(scores.path)[:-1]))
    assert scores.verify().ok  # a shorter chain is still a chain...
    result = scores.verify(expected_head=head)  # ...but not the one the result recorded
    assert not result.ok
    assert result.problems[0].startswith("line 4: head hash is")


def test_verify_detects_reordered_lines(tmp_path: Path) -> None:
    scores = filled(tmp_path / "scores.jsonl")
    text = lines(scores.path)
    text[1], text[2] = text[2], text[1]
    scores.path.write_text("".join(text))
    problems = problems_of(scores)
    assert problems[0].startswith("line 2: seq is 2, expected 1")
    assert any(p.startswith("line 3: seq is 1, expected 2") for p in problems)


def test_verify_detects_inserted_line(tmp_path: Path) -> None:
    scores = filled(tmp_path / "scores.jsonl")
    other = filled(tmp_path / "other.jsonl")  # same run id: a well-formed record from elsewhere
    forged = json.loads(lines(other.path)[0])
    forged.update(seq=2, score=0.001, prev_hash=scores.records()[1].hash)
    forged["hash"] = record_hash(forged["prev_hash"], forged)
    text = lines(scores.path)
    text.insert(2, canonical_json(forged).decode() + "\n")
    scores.path.write_text("".join(text))
    problems = problems_of(scores)
    assert any(p.startswith("line 4: seq is 2, expected 3") for p in problems)
    assert any(p.startswith("line 4: prev_hash does not match line 3") for p in problems)


def test_verify_detects_changed_genesis(tmp_path: Path) -> None:
    path = tmp_path / "scores.jsonl"
    filled(path)
    for genesis in ("run-other", None):
        problems = problems_of(ScoreLog(path, genesis))
        assert problems == [
            "line 1: prev_hash is not this log's genesis hash (the first line was deleted, "
            "or the log belongs to another run)"
        ]


def test_verify_detects_garbage_lines(tmp_path: Path) -> None:
    scores = filled(tmp_path / "scores.jsonl")
    text = lines(scores.path)
    text[1] = "not json\n"
    text[3] = '{"seq": 3}\n'
    scores.path.write_text("".join(text))
    problems = problems_of(scores)
    assert problems[0].startswith("line 2: not JSON")
    assert any(p.startswith("line 4: not a score record") for p in problems)
    with pytest.raises(ScoreLogError, match="line 2: not JSON") as info:
        scores.records()
    assert info.value.line == 2
    scores.path.write_bytes(scores.path.read_bytes().replace(b"not json", b"\xff\xfe"))
    assert problems_of(scores)[0] == "line 2: not UTF-8"


def test_verify_detects_records_after_final(tmp_path: Path) -> None:
    path = tmp_path / "scores.jsonl"
    scores = filled(path, 2)
    scores.append("final", ScorerOutput(True, 1.0), elapsed_s=200, within_budget=True)
    final_line = lines(path)[-1]
    # forge a well-chained record after the final one, as a second writer without the check would
    data = json.loads(final_line)
    data.update(seq=3, kind="intermediate", prev_hash=data["hash"])
    data["hash"] = record_hash(data["prev_hash"], data)
    with path.open("a") as handle:
        handle.write(canonical_json(data).decode() + "\n")
    assert problems_of(scores) == ["line 4: follows the final record on line 3"]


def test_append_refuses_a_damaged_head(tmp_path: Path) -> None:
    scores = filled(tmp_path / "scores.jsonl", 3)
    text = lines(scores.path)
    data = json.loads(text[-1])
    data["message"] = "edited"
    text[-1] = canonical_json(data).decode() + "\n"
    scores.path.write_text("".join(text))
    with pytest.raises(ScoreLogError, match="line 3") as info:
        scores.append("final", ScorerOutput(True, 1.0), elapsed_s=1, within_budget=True)
    assert info.value.hint and "verify" in info.value.hint


# --- crashes -----------------------------------------------------------------------------------
def test_partial_last_line_is_ignored_and_repaired(tmp_path: Path) -> None:
    scores = filled(tmp_path / "scores.jsonl", 3)
    before = scores.records()
    head = scores.head_hash
    whole = scores.path.read_bytes()
    # a crash in the middle of the next append's write
    nxt = canonical_json({"seq": 3, "timestamp": "2025-01-02T03:04", "valid": True})
    with scores.path.open("ab") as handle:
        handle.write(nxt[:40])
    assert scores.records() == before
    assert scores.head_hash == head
    result = scores.verify(expected_head=head)
    assert result.ok and result.count == 3

    rec = scores.append("final", ScorerOutput(True, 2.0), elapsed_s=300, within_budget=True)
    assert rec.seq == 3 and rec.prev_hash == head
    assert scores.path.read_bytes() == whole + canonical_json(rec.to_dict()) + b"\n"
    assert scores.records() == [*before, rec]
    assert scores.verify(expected_head=rec.hash).ok


def test_partial_only_line_is_repaired(tmp_path: Path) -> None:
    path = tmp_path / "scores.jsonl"
    path.write_bytes(b'{"seq":0,"ti')
    scores = ScoreLog(path, RUN)
    assert scores.records() == [] and scores.verify().ok
    rec = scores.append("intermediate", ScorerOutput(True, 1.0), elapsed_s=1, within_budget=True)
    assert rec.seq == 0 and rec.prev_hash == genesis_hash(RUN)
    assert scores.verify().ok and scores.records() == [rec]


# --- concurrency -------------------------------------------------------------------------------
WRITERS = 6
PER_WRITER = 15


def _writer(path: str, writer: int) -> None:
    scores = ScoreLog(path, RUN)
    for i in range(PER_WRITER):
        scores.append(
            "intermediate",
            ScorerOutput(True, float(writer * 1000 + i), None, f"w{writer}", {"pad": "x" * 3000}),
            elapsed_s=float(i),
            within_budget=True,
        )


@pytest.mark.timeout(120)
def test_concurrent_appends_from_processes_keep_one_chain(tmp_path: Path) -> None:
    path = tmp_path / "scores.jsonl"
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(str(path), w)) for w in range(WRITERS)]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(100)
        assert proc.exitcode == 0
    scores = ScoreLog(path, RUN)
    result = scores.verify()
    assert result.ok, result.problems
    assert result.count == WRITERS * PER_WRITER
    records = scores.records()
    assert [r.seq for r in records] == list(range(WRITERS * PER_WRITER))
    assert sorted(r.score or 0 for r in records) == sorted(
        float(w * 1000 + i) for w in range(WRITERS) for i in range(PER_WRITER)
    )
    # each writer's own records stay in its order
    for w in range(WRITERS):
        mine = [r.score or 0.0 for r in records if r.message == f"w{w}"]
        assert mine == sorted(mine)
