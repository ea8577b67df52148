"""Atomic writes: concurrent writers (threads of one process) never trip over each other, and a
reader sees one whole version."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from envspec.atomic import write_atomic


def test_threads_writing_one_file_each_leave_a_whole_version(tmp_path: Path) -> None:
    target = tmp_path / "record.json"
    versions = [str(i).encode() * 4096 for i in range(10)]

    def write(i: int) -> None:
        for _ in range(30):
            write_atomic(target, versions[i], durable=i % 2 == 0)

    with ThreadPoolExecutor(max_workers=10) as pool:
        list(pool.map(write, range(10)))  # raises what any writer raised
    assert target.read_bytes() in versions
    assert [p.name for p in tmp_path.iterdir()] == ["record.json"]  # no staging file left


def test_a_failed_write_leaves_the_old_file_and_no_staging_file(tmp_path: Path) -> None:
    target = tmp_path / "record.json"
    write_atomic(target, "old")
    with pytest.raises(TypeError):
        write_atomic(target, object())  # type: ignore[arg-type]
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["record.json"]
