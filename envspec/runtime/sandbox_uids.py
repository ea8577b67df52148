"""Blocks of uids for scorings' sandboxes, leased across every process on this host.

Each scoring gets a block of its own (``ENVSPEC_SANDBOX_UIDS=start:count``) from which the
scorer kit draws a uid per sandbox, so two scorings never share a uid, whichever backend or
``ENVSPEC_HOME`` runs them. A lease is a lock on a file in a host-wide folder (the kit's
``lock_any``). When the lease ends every process of the block's uids is killed: a scorer
killed at its timeout (or crashed) cannot kill its sandboxes', and they must not outlive it (the
kit also kills a uid's leftovers when it takes that uid, but only if it takes that uid again).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from envspec import constants
from envspec.errors import EnvspecError
from envspec.kit import scorer_kit


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
    locked = scorer_kit.lock_any(_lock_dir(), range(constants.SANDBOX_UID_BLOCKS))
    if locked is None:
        raise EnvspecError(
            f"all {constants.SANDBOX_UID_BLOCKS} blocks of sandbox uids are in use",
            hint="wait for running scorings to finish",
        )
    block, held = locked
    first = constants.SANDBOX_UID_BASE + block * constants.SANDBOX_UID_BLOCK
    try:
        yield first, constants.SANDBOX_UID_BLOCK
    finally:
        try:
            kill_leftovers(first, constants.SANDBOX_UID_BLOCK)
        finally:
            held.close()


def kill_leftovers(first: int, count: int) -> None:
    """Kill every process of the uids ``first .. first + count - 1`` (as root; a scorer that
    is not root has no sandbox uids to leave behind)."""
    if os.geteuid() != 0:
        return
    for uid in sorted(scorer_kit.uids_with_processes(first, count)):
        scorer_kit.kill_uid(uid)
