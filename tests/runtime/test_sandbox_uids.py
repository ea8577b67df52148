"""Leases of sandbox uid blocks: a scoring's leftovers die with its lease."""

from __future__ import annotations

import os
import subprocess
import time

import pytest

from envspec import constants
from envspec.kit import scorer_kit
from envspec.runtime import sandbox_uids

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="sandbox uids need root")


def test_processes_left_in_a_block_die_when_its_lease_ends() -> None:
    """As a scorer killed at its timeout leaves them: detached, in a session of their own."""
    with sandbox_uids.lease() as (first, count):
        uid = first + 7
        subprocess.run(
            ["setsid", "sh", "-c", "sleep 300 >/dev/null 2>&1 &"],
            user=uid,
            group=uid,
            check=True,
            cwd="/",
        )
        deadline = time.monotonic() + 5
        while not scorer_kit.processes_of(uid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert scorer_kit.processes_of(uid), "the detached process did not start"
        assert scorer_kit.uids_with_processes(first, count) == {uid}
    assert scorer_kit.processes_of(uid) == []
    with sandbox_uids.lease() as (again, _):  # the block is free again
        assert again >= 0


def test_a_sandbox_outside_the_runtime_never_takes_a_leased_blocks_uid() -> None:
    """A scorer run without a block draws from the kit's default range; were it inside the
    runtime's blocks, the end of a block's lease would kill it, and a scorer container (whose
    uid locks live in its own /run) could take the same uid."""
    blocks = range(
        constants.SANDBOX_UID_BASE,
        constants.SANDBOX_UID_BASE + constants.SANDBOX_UID_BLOCKS * constants.SANDBOX_UID_BLOCK,
    )
    first, count = scorer_kit.DEFAULT_UIDS
    assert first >= blocks.stop or first + count <= blocks.start
    with scorer_kit.Sandbox() as box:
        assert box.uid not in blocks
