"""A run's score log: an append-only, hash-chained JSON-lines file on the host.

Each line is one :class:`~envspec.models.score.ScoreRecord` in canonical JSON; its ``hash`` covers
the previous record's hash and its own fields, and the first record's ``prev_hash`` is the log's
genesis, derived from the run id so a log cannot be moved to another run. Editing, deleting,
inserting or reordering lines breaks the chain, and :meth:`ScoreLog.verify` names the line.
Removing lines from the end, or rewriting the whole chain, is caught only against a head hash
kept elsewhere (the run's result records it): pass it to ``verify(expected_head=...)``.

Writers take a lock (``<log>.lock``) and add each record with one ``write`` on an ``O_APPEND``
descriptor, then ``fsync``. A crash can leave at most one partial last line: readers ignore it
and the next append cuts it off. Readers take no lock.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import filelock

from envspec.constants import SCORE_LOG_GENESIS
from envspec.errors import InvalidScoreRecord, ScoreLogError, ScoreLogLocked
from envspec.models.score import (
    ScoreRecord,
    ScorerOutput,
    canonical_json,
    record_hash,
)

log = logging.getLogger(__name__)

FILE_MODE = 0o600
LOCK_TIMEOUT_S = 60.0
_GENESIS_DOMAIN = b"envspec-score-log-v1\0"


def genesis_hash(salt: str | None = None) -> str:
    """The ``prev_hash`` of a log's first record: ``SCORE_LOG_GENESIS`` (all zeros) without a
    salt, else ``sha256:`` + sha256 of the salt (the run id is a good one)."""
    if salt is None:
        return SCORE_LOG_GENESIS
    digest = hashlib.sha256(_GENESIS_DOMAIN + salt.encode("utf-8", "surrogatepass")).hexdigest()
    return f"sha256:{digest}"


@dataclass(frozen=True)
class Verification:
    """What :meth:`ScoreLog.verify` found: ``ok`` when ``problems`` is empty.

    ``count`` is the number of complete lines, ``head`` the last record's hash (the genesis hash
    for an empty log, ``""`` when the last line is unreadable). Each problem names its line.
    """

    ok: bool
    count: int
    head: str
    problems: list[str] = field(default_factory=list)


class ScoreLog:
    """The score log at ``path``, chained from ``genesis_hash(genesis)``.

    The file need not exist yet; the first :meth:`append` creates it with mode 0600. Its folder
    must exist.
    """

    def __init__(
        self, path: Path | str, genesis: str | None = None, *, lock_timeout: float = LOCK_TIMEOUT_S
    ) -> None:
        self.path = Path(path)
        self.genesis = genesis_hash(genesis)
        self.lock_timeout = lock_timeout

    def __repr__(self) -> str:
        return f"ScoreLog({str(self.path)!r})"

    # --- reading -------------------------------------------------------------------------------
    def records(self) -> list[ScoreRecord]:
        """Every record, in order; a partial last line (an interrupted append) is left out.

        Hashes are not checked: :meth:`verify` does that.

        Raises:
            ScoreLogError: the file cannot be read, or a line is not a score record.
        """
        return [self._parse(number, line)[1] for number, line in enumerate(self._lines(), 1)]

    @property
    def head_hash(self) -> str:
        """The last record's hash; the genesis hash when the log is empty.

        Raises:
            ScoreLogError: the file cannot be read, or its last line is not a score record.
        """
        lines = self._lines()
        return self._parse(len(lines), lines[-1])[1].hash if lines else self.genesis

    def verify(self, *, expected_head: str | None = None) -> Verification:
        """Check the whole chain: every line is a score record, seq counts 0, 1, 2, ..., each
        ``prev_hash`` is the previous hash (the genesis hash for line 1), every hash recomputes,
        and nothing follows a final record. With ``expected_head``, the last hash must equal it.

        Never raises for a damaged log; an unreadable file is a problem too.
        """
        try:
            lines = self._lines()
        except ScoreLogError as exc:
            return Verification(False, 0, "", [exc.message])
        problems: list[str] = []
        prev: str | None = self.genesis
        final_line: int | None = None
        for number, line in enumerate(lines, 1):
            where = f"line {number}"
            try:
                raw, record = _parse(line)
            except (UnicodeDecodeError, ValueError, InvalidScoreRecord) as exc:
                problems.append(f"{where}: {_what(exc)}")
                prev = _claimed_hash(line)  # so the next line's link is still checked
                continue
            if record.seq != number - 1:
                problems.append(
                    f"{where}: seq is {record.seq}, expected {number - 1} "
                    "(a line was deleted, inserted or moved)"
                )
            if prev is not None and record.prev_hash != prev:
                problems.append(
                    f"{where}: prev_hash is not this log's genesis hash (the first line was "
                    "deleted, or the log belongs to another run)"
                    if number == 1
                    else f"{where}: prev_hash does not match line {number - 1}'s hash "
                    "(a line was deleted, inserted, moved or edited)"
                )
            if record_hash(record.prev_hash, raw) != record.hash:
                problems.append(f"{where}: hash does not match the record (the line was edited)")
            if final_line is not None:
                problems.append(f"{where}: follows the final record on line {final_line}")
            if record.kind == "final":
                final_line = number
            prev = record.hash
        head = (prev or "") if lines else self.genesis
        if expected_head is not None and head != expected_head:
            problems.append(
                f"line {len(lines)}: head hash is {head or 'unreadable'}, expected {expected_head} "
                "(lines were removed from the end, or the log was replaced)"
            )
        return Verification(not problems, len(lines), head, problems)

    # --- writing -------------------------------------------------------------------------------
    def append(
        self,
        kind: str,
        output: ScorerOutput,
        *,
        elapsed_s: float,
        within_budget: bool,
        timestamp: datetime.datetime | None = None,
    ) -> ScoreRecord:
        """Add the record of one scorer call and return it, durably written (fsync) on return.

        A partial last line left by a crash is cut off first.

        Raises:
            ScoreLogLocked: another process held the lock longer than ``lock_timeout``.
            ScoreLogError: the file or its folder cannot be written; its last line is not a
                score record; or the log already has its final record.
            InvalidScoreRecord: ``kind``, ``elapsed_s`` or ``timestamp`` is out of range.
        """
        if not self.path.parent.is_dir():  # else filelock would create it, mode 0755
            raise ScoreLogError(
                f"cannot write score log {self.path}: its folder does not exist",
                path=str(self.path),
                hint="create the run folder first",
            )
        lock = filelock.FileLock(f"{self.path}.lock", timeout=self.lock_timeout, mode=FILE_MODE)
        try:
            with lock:
                return self._append_locked(kind, output, elapsed_s, within_budget, timestamp)
        except filelock.Timeout:
            raise ScoreLogLocked(
                f"score log {self.path} stayed locked for {self.lock_timeout:g}s",
                path=str(self.path),
                hint=f"another envspec process is scoring this run; if none is, remove "
                f"{self.path}.lock",
            ) from None
        except OSError as exc:
            raise ScoreLogError(
                f"cannot write score log {self.path}: {exc.strerror or exc}",
                path=str(self.path),
                hint="check that the run folder exists and is writable",
            ) from exc

    def _append_locked(
        self,
        kind: str,
        output: ScorerOutput,
        elapsed_s: float,
        within_budget: bool,
        timestamp: datetime.datetime | None,
    ) -> ScoreRecord:
        created = not self.path.exists()
        flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW
        fd = os.open(self.path, flags, FILE_MODE)
        try:
            data = _read_all(fd)
            size = data.rfind(b"\n") + 1
            if size != len(data):
                # An append was interrupted; drop its partial line so the chain stays valid.
                log.warning(
                    "%s: dropping a partial last line (%d bytes)", self.path, len(data) - size
                )
                os.ftruncate(fd, size)
            lines = _split(data[:size])
            seq, prev_hash = 0, self.genesis
            if lines:
                raw, head = self._parse(len(lines), lines[-1])
                if head.seq != len(lines) - 1 or record_hash(head.prev_hash, raw) != head.hash:
                    raise self._damaged(len(lines), "the last record does not fit the chain")
                if head.kind == "final":
                    raise ScoreLogError(
                        f"score log {self.path} already has its final record (line {len(lines)})",
                        path=str(self.path),
                        line=len(lines),
                        hint="a finished run takes no more scores; start a new run",
                    )
                seq, prev_hash = head.seq + 1, head.hash
            record = ScoreRecord.create(
                output,
                seq=seq,
                kind=kind,
                elapsed_s=elapsed_s,
                within_budget=within_budget,
                prev_hash=prev_hash,
                timestamp=timestamp,
            )
            line = canonical_json(record.to_dict()) + b"\n"
            written = os.write(fd, line)  # one write on O_APPEND: the line lands whole, at the end
            if written != len(line):
                os.ftruncate(fd, size)
                raise ScoreLogError(
                    f"short write to score log {self.path} ({written} of {len(line)} bytes)",
                    path=str(self.path),
                    hint="is the disk full?",
                )
            os.fsync(fd)
        finally:
            os.close(fd)
        if created:
            _fsync_dir(self.path.parent)
        log.debug("%s: appended %s record %d", self.path, kind, record.seq)
        return record

    # --- helpers -------------------------------------------------------------------------------
    def _lines(self) -> list[bytes]:
        """The complete lines (without their newlines); a partial last line is left out."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise ScoreLogError(
                f"cannot read score log {self.path}: {exc.strerror or exc}", path=str(self.path)
            ) from exc
        return _split(data[: data.rfind(b"\n") + 1])

    def _parse(self, number: int, line: bytes) -> tuple[dict[str, Any], ScoreRecord]:
        try:
            return _parse(line)
        except (UnicodeDecodeError, ValueError, InvalidScoreRecord) as exc:
            raise self._damaged(number, _what(exc)) from None

    def _damaged(self, number: int, what: str) -> ScoreLogError:
        return ScoreLogError(
            f"score log {self.path}, line {number}: {what}",
            path=str(self.path),
            line=number,
            hint="the log was damaged or tampered with; ScoreLog.verify() lists every problem, "
            "and the run's score cannot be trusted",
        )


def _split(complete: bytes) -> list[bytes]:
    return complete.split(b"\n")[:-1] if complete else []


def _what(exc: Exception) -> str:
    if isinstance(exc, UnicodeDecodeError):
        return "not UTF-8"
    if isinstance(exc, InvalidScoreRecord):
        return exc.message
    if isinstance(exc, json.JSONDecodeError):
        return f"not JSON ({exc.msg} at column {exc.colno})"
    return str(exc)


def _parse(line: bytes) -> tuple[dict[str, Any], ScoreRecord]:
    """The line's data as parsed (its hash is over exactly this) and its record."""
    raw = json.loads(line.decode("utf-8"), parse_constant=_refuse_constant)
    if not isinstance(raw, dict):
        raise InvalidScoreRecord("not a score record: not a JSON object")
    return raw, ScoreRecord.from_dict(raw)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _claimed_hash(line: bytes) -> str | None:
    try:
        claimed = json.loads(line.decode("utf-8", "replace")).get("hash")
    except (ValueError, AttributeError):
        return None
    return claimed if isinstance(claimed, str) else None


def _read_all(fd: int) -> bytes:
    chunks, offset = [], 0
    while chunk := os.pread(fd, 1 << 20, offset):
        chunks.append(chunk)
        offset += len(chunk)
    return b"".join(chunks)


def _fsync_dir(folder: Path) -> None:
    # A new file's directory entry is durable only once its folder is synced.
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
