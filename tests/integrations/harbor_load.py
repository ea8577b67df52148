"""Load a Harbor task directory with Harbor's own task model; print what it parsed as JSON.

Run as a script (``python harbor_load.py TASK_DIR``) so that the shim stays out of the test
process: Harbor requires Python 3.12, but its task models need only ``typing.override`` from
it, which Python 3.11 gets from typing_extensions.
"""

from __future__ import annotations

import json
import sys
import typing

import typing_extensions

if not hasattr(typing, "override"):
    typing.override = typing_extensions.override  # type: ignore[attr-defined]

from harbor.models.task.config import TaskConfig
from harbor.models.task.task import Task
from harbor.models.task.verifier_mode import (
    resolve_task_verifier_mode,
    resolve_verifier_environment_definition,
)


def main(task_dir: str) -> None:
    """Print Harbor's view of the task directory."""
    task = Task(task_dir)
    definition = resolve_verifier_environment_definition(task.config, task.paths)
    dumped = task.config.model_dump_toml()
    print(
        json.dumps(
            {
                "valid_dir": Task.is_valid_dir(task_dir),
                "name": task.name,
                "instruction": task.instruction,
                "config": task.config.model_dump(mode="json"),
                "round_trips": TaskConfig.model_validate_toml(dumped) == task.config,
                "verifier_mode": resolve_task_verifier_mode(task.config).value,
                "verifier_dir": str(definition.directory) if definition else None,
                "bundled_tests": definition.bundled_tests if definition else None,
                "solve": str(task.paths.discovered_solve_path),
                "test": str(task.paths.discovered_test_path),
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1])
