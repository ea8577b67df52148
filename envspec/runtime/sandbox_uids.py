"""Blocks of uids for scorings' sandboxes, leased across every process on this host.

Each scoring gets a block of its own (``ENVSPEC_SANDBOX_UIDS=start:count``) from which the
scorer kit draws a uid per sandbox, so two scorings never share a uid, whichever backend or
``ENVSPEC_HOME`` runs them. A lease is a lock on a file in a host-wide folder; the kill of a
block's leftovers is the kit's job when it takes a uid.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import random
from collections.abc import Iterator
from pathlib import Path

from envspec import constants
from envspec.errors import EnvspecError


def _lock_dir() -> Path:
    if os.geteuid() == 0:
        return Path("/run/envspec/sandbox-uid-blocks")
    return constants.envspec_home() / "locks" / "sandbox-uid-blocks"


@contextlib.contextmanager
def lease() -> Iterator[tuple[int, int]]:
    """A free block ``(first uid, count)``, held until the context ends.

    Raises:
        EnvspecError: every block is taken (as many concurrent scorings as blocks).
    """
    where = _lock_dir()
    where.mkdir(parents=True, exist_ok=True, mode=0o700)
    blocks = list(range(constants.SANDBOX_UID_BLOCKS))
    random.shuffle(blocks)
    for block in blocks:
        f = (where / f"{block}.lock").open("ab")
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            f.close()
            continue
        try:
            start = constants.SANDBOX_UID_BASE + block * constants.SANDBOX_UID_BLOCK
            yield start, constants.SANDBOX_UID_BLOCK
        finally:
            f.close()
        return
    raise EnvspecError(
        f"all {constants.SANDBOX_UID_BLOCKS} blocks of sandbox uids are in use",
        hint="wait for running scorings to finish",
    )
