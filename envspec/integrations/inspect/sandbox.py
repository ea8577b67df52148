"""The ``envspec`` sandbox environment for Inspect AI: each sample is one envspec run.

Sample set-up starts a run (pull, host check, GPU allocation, the agent's sandbox), ``exec``
is the runtime's exec as the agent, files go in and out through the runtime, and clean-up
finishes the run. Inspect agents so get envspec's isolation, GPUs and budgets; nothing reaches
the agent's side except through the runtime.
"""

from __future__ import annotations

import logging
import shlex
import uuid
from typing import Any, Literal, overload

import anyio.to_thread
from inspect_ai.util import (
    ExecResult,
    LimitExceededError,
    OutputLimitExceededError,
    SandboxConnection,
    SandboxEnvironment,
    SandboxEnvironmentConfigType,
    SandboxEnvironmentLimits,
    SandboxUnavailableError,
    SandboxUserUnsupportedError,
    sandboxenv,
)
from pydantic import BaseModel, ConfigDict, Field
from typing_extensions import override

from envspec.errors import EnvspecError
from envspec.models.manifest import Manifest
from envspec.models.run import RunRecord
from envspec.runtime import files, runs, runstore
from envspec.runtime.backends.base import FileReadError
from envspec.runtime.backends.docker import RunGone
from envspec.runtime.budget import BudgetExceeded

log = logging.getLogger(__name__)

#: the sandbox type name, as in ``Task(sandbox=("envspec", ...))``
SANDBOX_TYPE = "envspec"


def capped_output(stdout: bytes, stderr: bytes, dropped: int, limit: int) -> tuple[str, str]:
    """A command's output for Inspect: over ``limit`` bytes a stream keeps its trailing part
    (Inspect allows this or an error), and stderr ends with a line saying what was cut, so the
    model is not shown a partial output as if it were whole. ``dropped``: bytes the runtime
    already left out (past its own cap)."""
    cut = max(0, len(stdout) - limit) + max(0, len(stderr) - limit) + dropped
    out = stdout[-limit:].decode("utf-8", errors="replace")
    err = stderr[-limit:].decode("utf-8", errors="replace")
    if cut:
        err += (
            f"\n[envspec: output truncated: {cut:,} bytes left out, the end of each stream kept]\n"
        )
    return out, err


class EnvspecSandboxConfig(BaseModel):
    """Which environment a sample runs, and how (the sandbox's Inspect configuration)."""

    model_config = ConfigDict(frozen=True)

    reference: str = Field(description="environment reference, pinned by digest ideally")
    variant: str | None = Field(default=None, description="variant; default: the first")
    backend: str | None = Field(default=None, description="docker | local; default: detected")
    # pairs, not a dict: Inspect hashes sandbox configs
    budgets: tuple[tuple[str, str], ...] = Field(
        default=(), description="budget overrides, e.g. (('wall_time', '30m'),)"
    )


@sandboxenv(name=SANDBOX_TYPE)
class EnvspecSandboxEnvironment(SandboxEnvironment):
    """One envspec run, seen by Inspect as a sandbox."""

    def __init__(self, run: RunRecord) -> None:
        super().__init__()
        self.run_id = run.id
        self.manifest = Manifest.from_dict(run.manifest)

    # --- lifecycle --------------------------------------------------------------------------

    @override
    @classmethod
    def config_deserialize(cls, config: dict[str, Any]) -> BaseModel:
        return EnvspecSandboxConfig(**config)

    @override
    @classmethod
    async def sample_init(
        cls,
        task_name: str,
        config: SandboxEnvironmentConfigType | None,
        metadata: dict[str, str],
    ) -> dict[str, SandboxEnvironment]:
        cfg = _config(config)
        run = await anyio.to_thread.run_sync(
            lambda: runs.start_run(
                cfg.reference, variant=cfg.variant, backend=cfg.backend, budgets=dict(cfg.budgets)
            )
        )
        log.info("sample of %s runs as envspec run %s", task_name, run.id)
        return {"default": cls(run)}

    @override
    @classmethod
    async def sample_cleanup(
        cls,
        task_name: str,
        config: SandboxEnvironmentConfigType | None,
        environments: dict[str, SandboxEnvironment],
        interrupted: bool,
    ) -> None:
        for env in environments.values():
            if isinstance(env, EnvspecSandboxEnvironment):
                # finish is idempotent: after the scorer it only returns the stored result
                await anyio.to_thread.run_sync(runs.finish_run, env.run_id)

    @override
    @classmethod
    async def cli_cleanup(cls, id: str | None) -> None:
        # `inspect sandbox cleanup envspec [RUN]`: finish leftover runs (gc reaps the rest)
        def cleanup() -> None:
            for run in runstore.all_runs():
                if (id is None or run.id == id) and run.status in ("running", "expired"):
                    runs.finish_run(run.id)
            runs.gc()

        await anyio.to_thread.run_sync(cleanup)

    # --- exec and files ---------------------------------------------------------------------

    @override
    async def exec(
        self,
        cmd: list[str],
        input: str | bytes | None = None,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
        user: str | None = None,
        timeout: int | None = None,
        timeout_retry: bool = True,
        concurrency: bool = True,
    ) -> ExecResult[str]:
        if user is not None and user != self.manifest.task.user:
            raise SandboxUserUnsupportedError(
                f"envspec runs every command as the agent ({self.manifest.task.user!r}),"
                f" not {user!r}"
            )
        stdin_path = None
        if input is not None:
            # the runtime's exec has no stdin: stage it as a file, through the runtime
            stdin_path = f"/tmp/envspec-stdin-{uuid.uuid4().hex}"
            data = input.encode() if isinstance(input, str) else input
            await self._call(runs.put_files, self.run_id, {stdin_path: data})
        argv = wrap_command(cmd, cwd=cwd, env=env, stdin_path=stdin_path)
        result = await self._call(runs.exec_in_run, self.run_id, argv, timeout=timeout)
        if result.timed_out:
            raise TimeoutError(f"command timed out after {timeout} s: {shlex.join(cmd)}")
        stdout, stderr = capped_output(
            result.stdout,
            result.stderr,
            result.dropped,
            SandboxEnvironmentLimits.MAX_EXEC_OUTPUT_SIZE,
        )
        return ExecResult(result.exit_code == 0, result.exit_code, stdout, stderr)

    @override
    async def write_file(self, file: str, contents: str | bytes) -> None:
        data = contents.encode("utf-8") if isinstance(contents, str) else contents
        try:
            await self._call(runs.put_files, self.run_id, {file: data})
        except EnvspecError as e:
            if "Is a directory" in str(e):
                raise IsADirectoryError(file) from e
            if "Permission denied" in str(e):
                raise PermissionError(file) from e
            raise

    @overload
    async def read_file(self, file: str, text: Literal[True] = True) -> str: ...

    @overload
    async def read_file(self, file: str, text: Literal[False]) -> bytes: ...

    @override
    async def read_file(self, file: str, text: bool = True) -> str | bytes:
        try:
            data: bytes = await self._call(files.read_file, self.run_id, file)
        except FileReadError as e:
            error = {
                "missing": FileNotFoundError,
                "directory": IsADirectoryError,
                "denied": PermissionError,
            }.get(e.reason)
            if error is None:
                raise
            raise error(file) from e
        if len(data) > SandboxEnvironmentLimits.MAX_READ_FILE_SIZE:
            raise OutputLimitExceededError(
                limit_str=SandboxEnvironmentLimits.MAX_READ_FILE_SIZE_STR, truncated_output=None
            )
        return data.decode("utf-8") if text else data

    @override
    async def connection(self, *, user: str | None = None) -> SandboxConnection:
        return SandboxConnection(type=SANDBOX_TYPE, command=f"envspec exec {self.run_id} -- sh")

    async def _call(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        """Call the (blocking) runtime in a worker thread; map its refusals to Inspect's."""
        try:
            return await anyio.to_thread.run_sync(lambda: fn(*args, **kwargs))
        except BudgetExceeded as e:
            # the runtime's wall-clock budget ends the sample as an Inspect time limit would
            run = runstore.load(self.run_id)
            raise LimitExceededError(
                "time",
                value=run.limits.wall_time_s,
                limit=run.limits.wall_time_s,
                message=e.message,
            ) from e
        except runs.RunNotActive as e:
            raise SandboxUnavailableError(e.message) from e
        except RunGone as e:  # the docker backend's agent container is gone
            raise SandboxUnavailableError(e.message) from e


def wrap_command(
    cmd: list[str],
    *,
    cwd: str | None = None,
    env: dict[str, str] | None = None,
    stdin_path: str | None = None,
) -> list[str]:
    """``cmd`` with a working directory, variables and stdin applied by ``/bin/sh`` builtins.

    The runtime runs everything as the agent in its workdir, so the wrapper gains no authority:
    it only ``cd``s, ``export``s and redirects, then ``exec``s the command (found on the
    agent's PATH, as Inspect expects).
    """
    if cwd is None and not env and stdin_path is None:
        return list(cmd)
    steps = []
    for key, value in (env or {}).items():
        if not key.isidentifier():
            raise ValueError(f"invalid environment variable name {key!r}")
        steps.append(f"export {key}={shlex.quote(value)}")
    if cwd is not None:
        steps.append(f"cd {shlex.quote(cwd)} || exit 1")
    if stdin_path is not None:
        q = shlex.quote(stdin_path)
        steps.append(f'exec 3< {q} && rm -f {q} && exec "$@" <&3 3<&-')
    else:
        steps.append('exec "$@"')
    return ["/bin/sh", "-c", "; ".join(steps), "envspec-exec", *cmd]


def _config(config: SandboxEnvironmentConfigType | None) -> EnvspecSandboxConfig:
    if isinstance(config, EnvspecSandboxConfig):
        return config
    if isinstance(config, dict):
        return EnvspecSandboxConfig(**config)
    raise EnvspecError(
        f"the envspec sandbox needs an EnvspecSandboxConfig, not {config!r}",
        hint="use envspec_task(REF), or sandbox=('envspec', EnvspecSandboxConfig(reference=REF))",
    )
