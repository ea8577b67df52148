"""Writing files that readers (other threads, other processes) see whole or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, data: bytes | str, *, durable: bool = False) -> None:
    """Replace ``path`` with ``data`` in one step: a reader sees the old file or the new one.

    The staging file has a unique name in ``path``'s folder, so concurrent writers (threads of
    one process included) never share it; ``durable`` fsyncs it before the rename, for records
    that must survive a crash of the machine."""
    raw = data.encode() if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
