"""``envspec_task``: an envspec environment as an Inspect AI task."""

from __future__ import annotations

from inspect_ai import Task, task
from inspect_ai.dataset import Sample
from inspect_ai.solver import Solver, basic_agent, system_message, use_tools
from inspect_ai.tool import Tool, bash, python
from inspect_ai.util import SandboxEnvironmentSpec

from envspec.integrations.inspect.sandbox import SANDBOX_TYPE, EnvspecSandboxConfig
from envspec.integrations.inspect.scorer import envspec_scorer
from envspec.integrations.inspect.tools import score_tool
from envspec.integrations.source import load_published
from envspec.models.manifest import Manifest
from envspec.runtime.budget import limits_for


@task
def envspec_task(
    ref: str,
    variant: str | None = None,
    backend: str | None = None,
    budgets: dict[str, str] | None = None,
) -> Task:
    """One sample: the environment's instructions, worked on in an ``envspec`` sandbox.

    The agent gets ``bash``, ``python`` and (where the environment allows intermediate scoring)
    ``score``; the scorer reports the run's final raw score, normalised score and validity.
    The wall-clock budget becomes the sample's time limit and the LLM-token budget its token
    limit; the runtime enforces every budget either way (GPU-hours and scorer calls only there).

    Args:
        ref: the environment reference (``[registry/]ns/name:version[@digest]`` or
            ``oci:PATH:ns/name:version``); it is pinned by digest for the run.
        variant: the variant to run (default: the manifest's first).
        backend: ``docker`` or ``local`` (default: docker where an engine answers).
        budgets: budget overrides, e.g. ``{"wall_time": "30m"}`` (the result then records
            the run as not comparable).

    Raises:
        EnvspecError: the environment cannot be resolved, has no such variant, or a budget
            override is malformed.
    """
    env = load_published(ref)
    manifest = env.manifest
    name = variant or next(iter(manifest.variants))
    v = manifest.variant(name)
    limits = limits_for(v.budgets, budgets)
    config = EnvspecSandboxConfig(
        reference=str(env.reference),
        variant=name,
        backend=backend,
        budgets=tuple(sorted((budgets or {}).items())),
    )
    tools = agent_tools(manifest)
    return Task(
        dataset=[
            Sample(
                id=f"{manifest.name}-{name}",
                input=env.instructions,
                metadata={
                    "environment": manifest.id,
                    "reference": str(env.reference),
                    "variant": name,
                    "visibility": manifest.scoring.visibility,
                },
            )
        ],
        # setup runs even when --solver replaces the default, so any solver has the tools
        setup=use_tools(tools),
        solver=default_solver(manifest, tools),
        scorer=envspec_scorer(),
        sandbox=SandboxEnvironmentSpec(SANDBOX_TYPE, config),
        time_limit=max(1, int(limits.wall_time_s)),
        token_limit=v.budgets.llm_tokens,
        metadata={"envspec": {"environment": manifest.id, "variant": name}},
    )


def agent_tools(manifest: Manifest) -> list[Tool]:
    """The agent's tools: a shell and Python in the sandbox, and ``score`` if allowed."""
    tools = [bash(), python()]
    if manifest.scoring.intermediate:
        tools.append(score_tool())
    return tools


def default_solver(manifest: Manifest, tools: list[Tool]) -> Solver:
    """A ReAct agent with the environment's tools and where it works."""
    scoring = (
        "Call score() to score your current solution (each call counts against a budget)."
        if manifest.scoring.intermediate
        else "Your solution is scored once, when you submit."
    )
    return basic_agent(
        init=system_message(
            f"You work in {manifest.task.workdir} as the user {manifest.task.user}; your"
            f" solution is what that directory holds when you submit. {scoring}"
        ),
        tools=tools,
    )
