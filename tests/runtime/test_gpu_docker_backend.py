"""GPU plumbing of the docker backend without a GPU: a configured inventory and a private
dockerd whose NVIDIA hook is a stub, so the device request takes the real path end to end."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from envspec.oci import engine
from envspec.runtime import runs
from tests.support.gpu_dockerd import private_gpu_dockerd

pytestmark = pytest.mark.integration


def test_allocated_gpus_reach_the_agent_and_scorer_containers(
    publish: Callable[..., str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    inventory = [{"index": i, "name": "NVIDIA H100 80GB HBM3", "memory_gb": 80} for i in range(4)]
    monkeypatch.setenv("ENVSPEC_GPUS", json.dumps(inventory))

    def two_h100(m: dict[str, Any]) -> None:
        m["variants"]["lite"]["hardware"]["gpu"] = {"count": 2, "models": ["h100"]}

    ref = publish("gpu-pair", two_h100)  # built and pushed through the main engine
    with private_gpu_dockerd(tmp_path) as daemon:
        monkeypatch.setenv("DOCKER_HOST", daemon.host)
        engine.client.cache_clear()
        try:
            a = runs.start_run(ref, backend="docker")
            b = runs.start_run(ref, backend="docker")
            seen = {}
            for r in (a, b):
                # the runtime hook sets it on the container's init process (PID 1), which runs
                # as root (the agent cannot read its environment: read it as root here)
                script = "tr '\\0' '\\n' < /proc/1/environ | sed -n 's/^NVIDIA_VISIBLE_DEVICES=//p'"
                agent = daemon.client.containers.get(r.backend_state["agent_container"])
                out = agent.exec_run(["sh", "-c", script], user="0").output
                seen[r.id] = out.decode().strip()
            assert seen == {a.id: "0,1", b.id: "2,3"}
            assert runs.score_run(b.id).record.valid  # the scorer gets the run's GPUs too
            calls = [c["NVIDIA_VISIBLE_DEVICES"] for c in daemon.hook_calls()]
            assert calls == ["0,1", "2,3", "2,3"]
            result = runs.finish_run(b.id)
            assert [g["index"] for g in result["gpus"]] == [2, 3]
            assert {g["model"] for g in result["gpus"]} == {"h100"}
            runs.finish_run(a.id)
            assert daemon.client.containers.list(all=True) == []
        finally:
            monkeypatch.delenv("DOCKER_HOST")
            engine.client.cache_clear()
