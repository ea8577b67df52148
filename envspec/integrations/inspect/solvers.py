"""Solvers envspec ships for Inspect."""

from __future__ import annotations

from inspect_ai.solver import Generate, Solver, TaskState, solver


@solver
def submit_as_is() -> Solver:
    """Submit the solution the run starts with, calling no model: a smoke test of the set-up
    (pull, run, scoring) that needs neither a model nor a network. The score is the starting
    solution's (normalised 0)."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        return state

    return solve
