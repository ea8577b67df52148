"""Fixtures for the environments' own tests: see tests/support/fixtures.py."""

from tests.support.fixtures import *  # noqa: F403
from tests.support.fixtures import (  # noqa: F401
    _caches_outlive_no_module,
    _interrupts_reach_commands,
    _isolated_home,
    _no_run_outlives_its_test,
)
