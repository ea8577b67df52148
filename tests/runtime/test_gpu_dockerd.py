"""Docker's GPU device-request path, end to end, without a GPU.

A private dockerd with the stub ``nvidia-container-runtime-hook`` on its PATH registers the
``nvidia`` device driver: a ``DeviceRequest`` for GPUs 1 and 3 reaches the container as
``NVIDIA_VISIBLE_DEVICES=1,3`` and runs the (stub) prestart hook. The main engine, which has no
hook, refuses the same request.
"""

from __future__ import annotations

import os
import shutil
import uuid
from pathlib import Path
from typing import Any

import docker
import docker.errors
import pytest
from docker.types import DeviceRequest

from envspec import constants
from tests.support.gpu_dockerd import (
    HOOK_NAME,
    STUB_HOOK_DIR,
    mounts_under,
    private_gpu_dockerd,
    processes_under,
    unavailable_reason,
)

pytestmark = pytest.mark.integration

LABEL = "envspec.test.gpu-dockerd"
COMMAND = ["sh", "-c", "echo $NVIDIA_VISIBLE_DEVICES"]


def _gpus_1_and_3() -> list[Any]:
    return [DeviceRequest(device_ids=["1", "3"], capabilities=[["gpu"]])]


def _need_private_dockerd() -> None:
    reason = unavailable_reason()
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"integration prerequisite missing in CI: {reason}")
    pytest.skip(f"INTEGRATION TEST SKIPPED: {reason}")


def test_private_dockerd_passes_gpu_request_through_stub_hook(
    tmp_path: Path, python_base: str
) -> None:
    _need_private_dockerd()
    run_id = uuid.uuid4().hex
    with private_gpu_dockerd(tmp_path, images=[python_base]) as daemon:
        root, pid = daemon.root, daemon.pid
        assert daemon.host == f"unix://{root}/docker.sock"
        assert len(str(root / "exec" / "containerd" / "containerd.sock.ttrpc")) < 100
        assert python_base == constants.BASE_IMAGES["python"]
        assert daemon.client.images.get(python_base).tags == [python_base]

        container = daemon.client.containers.run(
            python_base,
            COMMAND,
            device_requests=_gpus_1_and_3(),
            network_mode="none",
            labels={LABEL: run_id},
            detach=True,
        )
        try:
            result = container.wait(timeout=60)
            output = container.logs().decode()
        finally:
            container.remove(force=True)
        assert result["StatusCode"] == 0, output
        assert output.strip() == "1,3"

        calls = daemon.hook_calls()
        assert len(calls) == 1, daemon.hook_log.read_text()
        (call,) = calls
        assert call["argv"] == "prestart"
        assert call["id"] == container.id
        assert call["status"] == "creating"  # runc runs prestart hooks during create
        assert call["NVIDIA_VISIBLE_DEVICES"] == "1,3"

        # Without a device request the hook stays out of it.
        plain = daemon.client.containers.run(
            python_base, COMMAND, network_mode="none", labels={LABEL: run_id}, remove=True
        )
        assert plain.decode().strip() == ""
        assert len(daemon.hook_calls()) == 1

    # Nothing of the private daemon survives: no dockerd, containerd or shim, no mount, no state.
    assert not Path(f"/proc/{pid}").exists()
    assert processes_under(root) == []
    assert mounts_under(root) == []
    assert not root.exists()


def test_private_dockerd_start_failure_reports_log(tmp_path: Path) -> None:
    _need_private_dockerd()
    with (
        pytest.raises(RuntimeError, match=r"(?s)exited with status \d+.*no-such-driver") as info,
        private_gpu_dockerd(tmp_path, extra_args=["--storage-driver=no-such-driver"]),
    ):
        pytest.fail("dockerd started with a storage driver that does not exist")
    root = Path(str(info.value).split("unix://", 1)[-1].split("/docker.sock", 1)[0])
    assert root.name.startswith("gpud-")
    assert not root.exists()
    assert processes_under(root) == []


def test_main_dockerd_refuses_gpu_request(docker_engine: Any, python_base: str) -> None:
    if shutil.which(HOOK_NAME, path=os.environ.get("PATH", "").replace(str(STUB_HOOK_DIR), "")):
        pytest.skip("a real NVIDIA hook is installed: the main engine may accept GPU requests")
    client: Any = docker_engine
    run_id = uuid.uuid4().hex
    try:
        with pytest.raises(docker.errors.APIError, match="could not select device driver"):
            client.containers.run(
                python_base,
                COMMAND,
                device_requests=_gpus_1_and_3(),
                network_mode="none",
                labels={LABEL: run_id},
                remove=True,
            )
    finally:
        # docker-py creates the container, then the start fails and nothing removes it.
        leftovers = client.containers.list(all=True, filters={"label": f"{LABEL}={run_id}"})
        for container in leftovers:
            container.remove(force=True)
    assert len(leftovers) <= 1
    assert client.containers.list(all=True, filters={"label": f"{LABEL}={run_id}"}) == []
