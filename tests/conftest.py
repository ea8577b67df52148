"""Fixtures for tests/: see tests/support/fixtures.py (shared with envs/*/tests)."""

from tests.support.fixtures import *  # noqa: F403
from tests.support.fixtures import (  # noqa: F401
    _interrupts_reach_commands,
    _isolated_home,
    _no_run_outlives_its_test,
)
