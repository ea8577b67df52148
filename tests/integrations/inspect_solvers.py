"""A solver for the Inspect integration test (loaded by ``inspect eval --solver FILE@NAME``).

It writes a solution through the sandbox, reads it back, runs a command with stdin, a working
directory and a variable, then lets Inspect's mock model, scripted to call the environment's
``score`` tool, take one turn, and runs that call through Inspect's own tool execution.
"""

from __future__ import annotations

from pathlib import Path

from inspect_ai.model import ModelOutput, ModelUsage, execute_tools, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.util import sandbox


@solver
def write_and_score(files: str = "") -> Solver:
    """Write the files under ``files`` (if given) into the workdir, then call ``score``."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        box = sandbox()
        if files:
            root = Path(files)
            for path in sorted(p for p in root.rglob("*") if p.is_file()):
                await box.write_file(str(path.relative_to(root)), path.read_bytes())
        state.store.set("answer_read_back", await box.read_file("answer.txt"))
        probe = await box.exec(
            ["sh", "-c", 'echo "$(pwd) $GREETING $(id -un)"; cat'],
            input="from stdin",
            cwd="/tmp",
            env={"GREETING": "hello world"},
        )
        state.store.set("probe", [probe.returncode, probe.stdout])

        # the mock model's turn: a call to `score` (usage given, so no tokenizer is needed)
        turn = ModelOutput.for_tool_call("mockllm/model", "score", {})
        turn.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
        model = get_model("mockllm/model", custom_outputs=[turn])
        state.output = await model.generate(state.messages, state.tools)
        state.messages.append(state.output.message)
        result = await execute_tools(state.messages, state.tools)
        state.messages.extend(result.messages)
        return state

    return solve
