"""A batch: many trials of (environment, variant, solution or agent) x repeats. Pure data.

The spec is a YAML or JSON file (docs/batch.md)::

    backend: docker            # optional; the runtime's default otherwise
    concurrency: 2             # trials at once
    max_k: 8                   # score@k up to this k (default: every run of a group)
    entries:
      - name: starting         # the group a trial's runs are aggregated in
        environment: envspec/optimize_kernel:0.2.2
        variant: lite
        repeats: 5
      - name: my-solution
        environment: envspec/optimize_kernel:0.2.2
        variant: lite
        solution: solutions/fast   # its files go into the run's solution folder
        prepare: [python, build.py]
      - name: my-agent
        environment: envspec/optimize_kernel:0.2.2
        variant: lite
        agent: python agent.py     # drives `envspec exec/score` with $ENVSPEC_RUN_ID
        repeats: 3
        budgets: {wall_time: 20m}
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from envspec.errors import BadInput

__all__ = ["BatchSpec", "Entry", "Trial", "parse_batch"]

_TOP = {"backend", "concurrency", "max_k", "seed", "entries"}
_ENTRY = {"name", "environment", "variant", "repeats", "solution", "prepare", "agent", "budgets"}


@dataclass(frozen=True)
class Entry:
    """One line of the batch: what runs, how often, and the group its runs count in."""

    name: str
    environment: str
    variant: str | None = None
    repeats: int = 1
    solution: Path | None = None  # a folder; None: the starting solution as shipped
    prepare: tuple[str, ...] = ()  # run as the agent after the solution's files are put
    agent: str | None = None  # a shell command that drives the run
    budgets: dict[str, str] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        """``agent`` or ``solution``."""
        return "agent" if self.agent is not None else "solution"


@dataclass(frozen=True)
class Trial:
    """One run of one entry: ``<entry name>/<repeat>``, stable across resumptions."""

    id: str
    entry: Entry
    repeat: int


@dataclass(frozen=True)
class BatchSpec:
    """A parsed batch spec (paths resolved against the spec's folder)."""

    entries: tuple[Entry, ...]
    base: Path = Path(".")  # the spec's folder: agents' commands run there
    backend: str | None = None
    concurrency: int = 1
    max_k: int | None = None
    seed: int = 0

    def trials(self) -> list[Trial]:
        """Every trial, entry by entry, repeat by repeat."""
        return [Trial(f"{e.name}/{i}", e, i) for e in self.entries for i in range(1, e.repeats + 1)]

    def fingerprint(self) -> str:
        """A digest of what the batch runs: a resumed batch must run the same trials."""
        entries = [
            {
                "name": e.name,
                "environment": e.environment,
                "variant": e.variant,
                "repeats": e.repeats,
                "solution": str(e.solution) if e.solution else None,
                "prepare": list(e.prepare),
                "agent": e.agent,
                "budgets": e.budgets,
            }
            for e in self.entries
        ]
        text = json.dumps({"backend": self.backend, "entries": entries}, sort_keys=True)
        return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def parse_batch(data: Any, base: Path) -> BatchSpec:
    """The spec from its parsed YAML/JSON ``data``; relative solution paths are taken from
    ``base`` (the spec file's folder).

    Raises:
        BadInput: a field is unknown, missing or of the wrong kind (its path is named).
    """
    if not isinstance(data, dict):
        raise BadInput("a batch spec is a mapping with `entries`", hint=_HINT)
    _known(data, _TOP, "")
    raw = data.get("entries")
    if not isinstance(raw, list) or not raw:
        raise BadInput("`entries` must be a non-empty list", hint=_HINT)
    entries = [_entry(item, base, f"entries[{i}]") for i, item in enumerate(raw)]
    names = [e.name for e in entries]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise BadInput(f"entry names must be unique: {', '.join(twice)}", hint=_HINT)
    backend = data.get("backend")
    if backend is not None and not isinstance(backend, str):
        raise BadInput("`backend` must be a string (docker, local, slurm)", hint=_HINT)
    return BatchSpec(
        entries=tuple(entries),
        base=base,
        backend=backend,
        concurrency=_positive(data.get("concurrency", 1), "concurrency"),
        max_k=None if data.get("max_k") is None else _positive(data["max_k"], "max_k"),
        seed=_integer(data.get("seed", 0), "seed"),
    )


_HINT = "see docs/batch.md for the spec's fields"


def _entry(item: Any, base: Path, where: str) -> Entry:
    if not isinstance(item, dict):
        raise BadInput(f"{where} must be a mapping", hint=_HINT)
    _known(item, _ENTRY, f"{where}.")
    env = item.get("environment")
    if not isinstance(env, str) or not env:
        raise BadInput(f"{where}.environment is required (NAME[:VERSION][@DIGEST])", hint=_HINT)
    if "solution" in item and "agent" in item:
        raise BadInput(f"{where}: give `solution` or `agent`, not both", hint=_HINT)
    solution = item.get("solution")
    if solution is not None and not isinstance(solution, str):
        raise BadInput(f"{where}.solution must be a folder's path", hint=_HINT)
    agent = item.get("agent")
    if agent is not None and (not isinstance(agent, str) or not agent.strip()):
        raise BadInput(f"{where}.agent must be a command line", hint=_HINT)
    prepare = item.get("prepare", [])
    if not isinstance(prepare, list) or not all(isinstance(a, str) for a in prepare):
        raise BadInput(f"{where}.prepare must be a list of strings (argv)", hint=_HINT)
    budgets = item.get("budgets", {})
    if not isinstance(budgets, dict):
        raise BadInput(f"{where}.budgets must be a mapping (name: value)", hint=_HINT)
    variant = item.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise BadInput(f"{where}.variant must be a string", hint=_HINT)
    name = item.get("name", f"{env}:{variant or 'default'}")
    if not isinstance(name, str) or not name or "/" in name:
        raise BadInput(f"{where}.name must be a non-empty string without '/'", hint=_HINT)
    return Entry(
        name=name,
        environment=env,
        variant=variant,
        repeats=_positive(item.get("repeats", 1), f"{where}.repeats"),
        solution=(base / solution).resolve() if solution is not None else None,
        prepare=tuple(prepare),
        agent=agent,
        budgets={str(k): str(v) for k, v in budgets.items()},
    )


def _known(data: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(map(str, data)) - allowed)
    if unknown:
        raise BadInput(
            f"unknown field {where}{unknown[0]}",
            hint=f"the fields here are {', '.join(sorted(allowed))}",
        )


def _integer(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"`{where}` must be an integer, not {value!r}", hint=_HINT)
    return value


def _positive(value: Any, where: str) -> int:
    number = _integer(value, where)
    if number < 1:
        raise BadInput(f"`{where}` must be at least 1, not {number}", hint=_HINT)
    return number
