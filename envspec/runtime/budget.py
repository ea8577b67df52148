"""Budgets: the limits a run is held to, overrides, and the checks before each action."""

from __future__ import annotations

import time

from envspec import errors
from envspec.errors import BadInput, EnvspecError
from envspec.models.manifest import Budgets, parse_duration
from envspec.models.run import Limits, RunRecord

OVERRIDABLE = ("wall_time", "scorer_calls", "gpu_hours", "llm_tokens")


class BudgetExceeded(EnvspecError):
    """An action would exceed the run's budget."""

    exit_code = errors.EXIT_NOT_NOW


def limits_for(budgets: Budgets, overrides: dict[str, str] | None = None) -> Limits:
    """The run's limits: the variant's budgets with ``overrides`` (``name -> value``) applied.

    Raises:
        EnvspecError: an unknown budget name or a malformed value.
    """
    wall = budgets.wall_time_seconds
    calls = budgets.scorer_calls
    gpu_hours = budgets.gpu_hours
    tokens = budgets.llm_tokens
    units = dict(budgets.units)
    requests = dict(budgets.requests)
    changed = []
    for key, value in (overrides or {}).items():
        try:
            if key in units:  # a custom service's unit, e.g. flops=1e12
                units[key] = float(value)
            elif key.startswith("requests.") and key[9:] in requests:  # requests.judge=500
                requests[key[9:]] = int(value)
            elif key == "wall_time":
                wall = parse_duration(value)
            elif key == "scorer_calls":
                calls = int(value)
            elif key == "gpu_hours":
                gpu_hours = float(value)
            elif key == "llm_tokens":
                tokens = int(value)
            else:
                known = ", ".join((*OVERRIDABLE, *units, *(f"requests.{s}" for s in requests)))
                raise BadInput(f"unknown budget {key!r}", hint=f"budgets are {known}")
        except ValueError as e:
            raise BadInput(
                f"bad value {value!r} for budget {key}", hint="e.g. wall_time=30m, scorer_calls=10"
            ) from e
        changed.append(key)
    return Limits(
        wall,
        calls,
        gpu_hours,
        tuple(sorted(changed)),
        llm_tokens=tokens,
        units=units,
        requests=requests,
    )


def parse_overrides(items: list[str]) -> dict[str, str]:
    """``["wall_time=30s", ...]`` → ``{"wall_time": "30s"}``.

    Raises:
        EnvspecError: an item without ``=``.
    """
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key or not value:
            raise BadInput(f"bad budget {item!r}", hint="write NAME=VALUE, e.g. wall_time=30m")
        out[key.strip()] = value.strip()
    return out


def check_can_act(run: RunRecord, *, now: float | None = None) -> None:
    """Refuse any agent action once the deadline has passed.

    Raises:
        BudgetExceeded: the wall-clock (or GPU-hours) budget is spent.
    """
    now = time.time() if now is None else now
    if run.deadline is not None and now >= run.deadline:
        limits = run.limits
        if limits.time_s(len(run.gpus)) < limits.wall_time_s:  # the GPUs' hours ran out first
            spent = f"the GPU-hours budget ({limits.gpu_hours:g} h on {len(run.gpus)} GPUs)"
        else:
            spent = f"the wall-clock budget ({limits.wall_time_s:.0f} s)"
        raise BudgetExceeded(
            f"run {run.id}: {spent} is spent",
            hint=f"`envspec finish {run.id}` writes the result from the scores within budget",
        )


def check_can_score(run: RunRecord, *, now: float | None = None) -> None:
    """Refuse scoring past the deadline, past the scorer-call cap or past the GPU-hours cap.

    Raises:
        BudgetExceeded: which limit, and what to do.
    """
    now = time.time() if now is None else now
    check_can_act(run, now=now)
    cap = run.limits.scorer_calls
    if cap is not None and run.scorer_calls >= cap:
        raise BudgetExceeded(
            f"run {run.id}: all {cap} scorer calls are used",
            hint=f"`envspec finish {run.id}` ends the run with the best score so far",
        )
    gpu_cap = run.limits.gpu_hours
    if gpu_cap is not None and run.gpu_hours_used(now) >= gpu_cap:
        raise BudgetExceeded(
            f"run {run.id}: the GPU-hours budget ({gpu_cap:g} h) is spent",
            hint=f"`envspec finish {run.id}` writes the result",
        )
