"""The ``score`` tool: intermediate scoring under the environment's visibility rules."""

from __future__ import annotations

import json

import anyio.to_thread
from inspect_ai.tool import Tool, ToolError, tool
from inspect_ai.util import sandbox

from envspec.errors import EnvspecError
from envspec.integrations.inspect.sandbox import EnvspecSandboxEnvironment
from envspec.runtime import runs


@tool(name="score")
def score_tool() -> Tool:
    """A tool that scores the agent's current solution through the envspec runtime."""

    async def execute() -> str:
        """Score your current solution. Each call counts against the scorer-call budget.

        Returns:
            JSON with whether the solution is valid and a message; where the environment
            shows scores, also the raw score and the normalised one (0 = starting
            solution, 1 = reference solution).
        """
        env = sandbox().as_type(EnvspecSandboxEnvironment)
        try:
            outcome = await anyio.to_thread.run_sync(runs.score_run, env.run_id)
        except EnvspecError as e:  # budget spent, scoring not allowed, run over
            raise ToolError(e.message) from e
        # the runtime decides what the agent may see (hidden: never the raw score)
        return json.dumps(outcome.agent_view(), sort_keys=True)

    return execute
