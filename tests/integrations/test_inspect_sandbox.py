"""The `envspec` Inspect sandbox driven directly (no eval): errors map to Inspect's."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import anyio
import pytest
from inspect_ai.util import LimitExceededError, SandboxUserUnsupportedError

from envspec.integrations.inspect.sandbox import (
    EnvspecSandboxConfig,
    EnvspecSandboxEnvironment,
    capped_output,
    wrap_command,
)
from envspec.runtime import runstore


def test_wrap_command_applies_cwd_env_and_stdin_with_shell_builtins() -> None:
    assert wrap_command(["ls", "-l"]) == ["ls", "-l"]
    argv = wrap_command(["cat"], cwd="/tmp/a b", env={"K": "it's"}, stdin_path="/tmp/in")
    assert argv[:2] == ["/bin/sh", "-c"] and argv[3:] == ["envspec-exec", "cat"]
    assert argv[2] == (
        "export K='it'\"'\"'s'; cd '/tmp/a b' || exit 1; "
        'exec 3< /tmp/in && rm -f /tmp/in && exec "$@" <&3 3<&-'
    )
    with pytest.raises(ValueError, match="invalid environment variable"):
        wrap_command(["true"], env={"A B": "x"})


def test_output_over_the_limit_keeps_its_end_and_says_so() -> None:
    out, err = capped_output(b"a" * 5 + b"tail", b"oops", 0, limit=6)
    assert out == "aatail" and err.startswith("oops\n[envspec: output truncated: 3 bytes")
    assert capped_output(b"ok", b"", 0, limit=6) == ("ok", "")  # whole output: no note
    _, err = capped_output(b"ok", b"", 1 << 20, limit=6)  # what the runtime already dropped
    assert "1,048,576 bytes left out" in err


@pytest.mark.integration
def test_sandbox_files_users_and_deadline(publish: Callable[..., str], tmp_path: Path) -> None:
    ref = publish()
    config = EnvspecSandboxConfig(
        reference=ref, variant="lite", backend="docker", budgets=(("wall_time", "8s"),)
    )

    async def scenario() -> None:
        envs = await EnvspecSandboxEnvironment.sample_init("t", config, {})
        box = envs["default"]
        assert isinstance(box, EnvspecSandboxEnvironment)
        try:
            await box.write_file("sub/dir/data.bin", bytes(range(256)) * 1000)
            assert await box.read_file("sub/dir/data.bin", text=False) == bytes(range(256)) * 1000
            with pytest.raises(FileNotFoundError):
                await box.read_file("nope.txt")
            with pytest.raises(IsADirectoryError):
                await box.read_file("sub")
            # hidden assets live only in the scorer image
            with pytest.raises(FileNotFoundError):
                await box.read_file("/scoring/hidden/target.txt")
            with pytest.raises(SandboxUserUnsupportedError):
                await box.exec(["id"], user="root")
            ok = await box.exec(["id", "-un"], user="agent")
            assert ok.success and ok.stdout == "agent\n"
            with pytest.raises(TimeoutError):
                await box.exec(["sleep", "5"], timeout=1)
            run = runstore.load(box.run_id)
            time.sleep(max(0.0, (run.deadline or 0) - time.time()) + 0.5)
            # past the runtime's deadline the sample ends as an Inspect time limit
            with pytest.raises(LimitExceededError) as info:
                await box.exec(["true"])
            assert info.value.type == "time"
        finally:
            await EnvspecSandboxEnvironment.sample_cleanup("t", config, envs, False)
        assert runstore.load(box.run_id).status == "finished"

    anyio.run(scenario)
