"""The variant's storage bounds what a run writes, on both backends: the solution folder, the
agent's home and temporary folders share one disk of ``hardware.storage_gb``, the image is
read-only around it, and the disk goes with the run."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from envspec.runtime import runs, runstore, storage

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(storage.unsupported() is not None, reason=str(storage.unsupported())),
]


def _small_disk(m: dict[str, Any]) -> None:
    m["variants"]["lite"]["hardware"]["storage_gb"] = 0.25


def _sh(run_id: str, script: str) -> tuple[int, str]:
    r = runs.exec_in_run(run_id, ["sh", "-c", script], timeout=120)
    return r.exit_code, (r.stdout + r.stderr).decode()


@pytest.mark.parametrize("backend", ["docker", "local"])
def test_a_run_writes_no_more_than_its_storage(publish: Callable[..., str], backend: str) -> None:
    run = runs.start_run(publish("tiny-disk", _small_disk), backend=backend)
    image = storage.disks_dir() / f"{run.id}.img"
    token = secrets.token_hex(6)
    try:
        assert runstore.load(run.id).backend_state.get("disk"), "the run got no disk"
        # the starting solution and the home's files are there, and /tmp persists across commands
        code, out = _sh(run.id, f"cat answer.txt && test -w $HOME && echo {token} > /tmp/{token}")
        assert code == 0, out
        code, out = _sh(run.id, f"cat /tmp/{token}")
        assert (code, out.strip()) == (0, token)
        assert not Path("/tmp", token).exists(), "the run wrote into the host's /tmp"
        # 150 MB in /tmp and 150 MB in the solution do not fit on a 250 MB disk
        code, out = _sh(run.id, "dd if=/dev/zero of=/tmp/a bs=1M count=150 2>&1")
        assert code == 0, out
        code, out = _sh(run.id, "dd if=/dev/zero of=big bs=1M count=150 2>&1")
        assert code != 0 and "No space left on device" in out, out
        code, out = _sh(run.id, "rm -f big /tmp/a; dd if=/dev/zero of=$HOME/h bs=1M count=300 2>&1")
        assert code != 0 and "No space left on device" in out, out
        # nowhere else to write: the image is read-only (docker), the host's shared folders
        # are the disk's (local)
        for place in ("/var/tmp", "/dev/shm"):
            probe = f"rm -f $HOME/h; echo x > {place}/{token} && cat {place}/{token}"
            code, out = _sh(run.id, probe)
            assert code == 0 and not Path(place, token).exists(), (place, out)
        if backend == "docker":
            code, out = _sh(run.id, "touch /envspec-probe || touch /usr/envspec-probe")
            assert code != 0 and "Read-only file system" in out, out
        if backend == "local":  # no setuid/setgid helper (crontab, at) and no host SysV IPC
            code, out = _sh(run.id, "grep NoNewPrivs /proc/self/status; readlink /proc/self/ns/ipc")
            assert out.split()[1] == "1" and out.split()[2] != os.readlink("/proc/self/ns/ipc")
        # a sparse file far larger than the disk: the scoring's copy fills the disk, not the
        # host's, is invalid, and leaves nothing behind
        code, out = _sh(run.id, "truncate -s 100G sparse.bin")
        assert code == 0, out
        view = runs.score_run(run.id).agent_view()
        assert not view["valid"], view
        disk = Path(runstore.load(run.id).backend_state["disk"])
        assert sorted(p.name for p in (disk / "scoring").iterdir()) == []
        assert not [p for p in runstore.run_dir(run.id).iterdir() if p.name.startswith("call-")]
        # scoring still works from the disk (the scorer's scratch is on it too)
        code, _ = _sh(run.id, "rm sparse.bin; echo 42 > answer.txt")
        assert runs.score_run(run.id).record.valid
    finally:
        runs.finish_run(run.id)
    attached = subprocess.run(["losetup", "-a"], capture_output=True, text=True).stdout
    assert not image.exists() and run.id not in attached, attached
    assert str(run.id) not in Path("/proc/self/mounts").read_text(), "the disk is still mounted"


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root")
def test_gc_removes_the_disk_of_a_run_whose_record_is_gone(publish: Callable[..., str]) -> None:
    """A disk whose run no longer exists (its state lost) is unmounted and deleted by gc."""
    run = runs.start_run(publish(), backend="local")
    image = storage.disks_dir() / f"{run.id}.img"
    try:
        assert image.exists()
        runs.finish_run(run.id)
        stray = storage.create("run-stray0001", 0.05, storage.disks_dir() / "run-stray0001")
        assert os.path.ismount(stray)
        runs.gc()
        assert not os.path.ismount(stray)
        assert not (storage.disks_dir() / "run-stray0001.img").exists()
    finally:
        storage.remove("run-stray0001")


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root")
def test_gc_spares_a_run_started_after_it_listed_the_runs() -> None:
    """The reapers read the run's record again right before removing anything of a run the
    list did not keep: a run started meanwhile has its record first."""
    rid = "20260101-000000-5a1e0001"
    record = runstore.runs_root() / rid
    record.mkdir()
    (record / "run.json").write_text('{"status": "starting"}')
    try:
        storage.create(rid, 0.05, storage.disks_dir() / rid)
        assert storage.reap(keep=set()) == []  # the stale list says: not kept
        assert (storage.disks_dir() / f"{rid}.img").exists()
        (record / "run.json").write_text('{"status": "failed"}')
        assert storage.reap(keep=set()) == [rid]
    finally:
        storage.remove(rid)
        shutil.rmtree(record, ignore_errors=True)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root")
def test_a_disk_mounted_at_an_unusual_path_is_found_and_removed() -> None:
    """Mount points with a space or non-ASCII letters (escaped in /proc/self/mounts) are
    unmounted; the image goes only once nothing holds it."""
    rid = "run-odd-path-0001"
    where = Path("/var/lib") / "envspec test müller" / rid
    try:
        storage.create(rid, 0.05, where)
        assert os.path.ismount(where)
        storage.remove(rid)
        assert not os.path.ismount(where) and not (storage.disks_dir() / f"{rid}.img").exists()
    finally:
        storage.remove(rid)
        shutil.rmtree(where.parent, ignore_errors=True)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root")
def test_removing_a_disk_leaves_a_device_another_run_was_just_given(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Unmounting frees the loop device at once; another run may be given it before ``remove``
    returns, and must keep it (under parallel runs a second detach by name pulled another run's
    disk from under its mount)."""
    rid = "run-freed-dev-0001"
    other = tmp_path / "other.img"
    other.write_bytes(b"\0" * 1_000_000)
    taken: list[str] = []
    real = storage._mountpoints

    def mountpoints(device: str) -> list[str]:
        found = real(device)
        if not found and not taken:  # right after the unmount: another run attaches
            attached = subprocess.run(
                ["losetup", "--find", "--show", str(other)], capture_output=True, text=True
            )
            taken.append(attached.stdout.strip())
        return found

    try:
        storage.create(rid, 0.05, storage.disks_dir() / rid)
        [device] = storage._devices_of(storage.disks_dir() / f"{rid}.img")
        monkeypatch.setattr(storage, "_mountpoints", mountpoints)
        storage.remove(rid)
        assert taken == [device], f"the other image got {taken}, not the freed {device}"
        assert storage._devices_of(other) == [device], "the other run's device was detached"
    finally:
        monkeypatch.undo()
        storage.remove(rid)
        for dev in storage._devices_of(other):
            subprocess.run(["losetup", "--detach", dev], check=False)
