"""The docker backend's reading of a scoring's result from the run's disk, where the scorer's
sandboxes share the folder it lies in: only a regular file, never through a link."""

from __future__ import annotations

import os
from pathlib import Path

from envspec.runtime.backends.docker import _read_regular


def test_a_result_is_read_only_as_a_regular_file(tmp_path: Path) -> None:
    secret = tmp_path / "host-secret"
    secret.write_text('{"valid": true, "score": 1}')
    result = tmp_path / "envspec-result.json"
    result.write_text('{"valid": true, "score": 2}')
    assert _read_regular(result) == b'{"valid": true, "score": 2}'

    result.unlink()
    assert _read_regular(result) is None  # no result
    result.symlink_to(secret)  # a sandbox's link to a file of the host is not followed
    assert _read_regular(result) is None
    result.unlink()
    os.mkfifo(result)  # a FIFO neither blocks the read nor counts
    assert _read_regular(result) is None
    result.unlink()
    result.mkdir()
    assert _read_regular(result) is None
    result.rmdir()
    result.write_bytes(b"x" * 11)  # larger than the limit: no result, not a truncated one
    assert _read_regular(result, limit=10) is None
    assert _read_regular(result, limit=11) == b"x" * 11
