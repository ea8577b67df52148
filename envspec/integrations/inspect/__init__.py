"""Inspect AI adapter: the ``envspec`` sandbox environment and ``envspec_task``.

Installed with the ``inspect`` extra; Inspect finds the sandbox through the ``inspect_ai``
entry point (``_registry``), so ``sandbox=("envspec", EnvspecSandboxConfig(...))`` and
``inspect eval envspec/envspec_task -T ref=REF`` work without importing envspec first.
"""

from envspec.integrations.inspect.sandbox import (
    SANDBOX_TYPE,
    EnvspecSandboxConfig,
    EnvspecSandboxEnvironment,
)
from envspec.integrations.inspect.scorer import envspec_scorer
from envspec.integrations.inspect.solvers import submit_as_is
from envspec.integrations.inspect.task import envspec_task
from envspec.integrations.inspect.tools import score_tool

__all__ = [
    "SANDBOX_TYPE",
    "EnvspecSandboxConfig",
    "EnvspecSandboxEnvironment",
    "envspec_scorer",
    "envspec_task",
    "score_tool",
    "submit_as_is",
]
