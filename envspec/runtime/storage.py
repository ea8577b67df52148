"""A run's disk: the variant's ``storage_gb`` as a file system of its own, so that what the agent
and the scorer write is bounded by it, not by the host's free space.

The disk is a sparse ext4 image under ``$ENVSPEC_HOME/disks`` (it takes only what is written),
attached to a loop device and mounted at a folder the backend chooses. Both backends put every
place the run may write on it: the solution folder, the agent's home and temporary folders, the
scorings' sandboxes. Writing past the size fails with "No space left on device" inside the run.

A disk needs root and a loop device (``losetup``, ``mkfs.ext4`` from util-linux and e2fsprogs);
where either is missing the run is started without one and says so (``storage: unbounded``).
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import shutil
import subprocess
from pathlib import Path

from envspec import constants
from envspec.errors import EnvspecError
from envspec.runtime import runstore

log = logging.getLogger(__name__)
_OCTAL = re.compile(r"\\([0-7]{3})")

#: a variant that names no ``hardware.storage_gb`` gets this much
DEFAULT_STORAGE_GB = 20.0
#: the subfolders a disk is made with (the backends mount or bind them where the run needs them)
LAYOUT = ("solution", "home", "tmp", "scoring")


class StorageError(EnvspecError):
    """A run's disk could not be made, mounted or removed."""


def disks_dir() -> Path:
    """Where disk images live (root-only)."""
    path = constants.envspec_home() / "disks"
    path.mkdir(mode=0o700, exist_ok=True)
    return path


def unsupported() -> str | None:
    """Why this host cannot give runs a disk of their own; None when it can."""
    if os.geteuid() != 0:
        return "envspec is not root (loop devices need it)"
    for tool in ("losetup", "mkfs.ext4", "mount", "umount"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (apt-get install util-linux e2fsprogs)"
    if not Path("/dev/loop-control").exists():
        return "this kernel offers no loop devices (/dev/loop-control)"
    return None


def _image(run_id: str) -> Path:
    return disks_dir() / f"{run_id}.img"


def _run(argv: list[str]) -> str:
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise StorageError(
            f"{' '.join(argv[:2])} failed: {done.stderr.strip() or done.stdout.strip()}",
            hint="check that loop devices are free (`losetup -a`) and the disk has room",
        )
    return done.stdout.strip()


def create(run_id: str, size_gb: float | None, mountpoint: Path) -> Path:
    """Make the run's disk of ``size_gb`` (a variant's ``hardware.storage_gb``; None:
    :data:`DEFAULT_STORAGE_GB`), mount it at ``mountpoint`` (made if missing) with the folders
    of :data:`LAYOUT` on it, and return the mount point. Nothing is left on failure."""
    image = _image(run_id)
    size = int((size_gb or DEFAULT_STORAGE_GB) * 1e9)
    try:
        with image.open("xb") as f:
            f.truncate(size)  # sparse: blocks are taken as they are written
        # lazy initialisation and no discard: a large disk is made in milliseconds and costs
        # only its metadata; no reserved blocks (the run's user may fill it all)
        _run(
            [
                "mkfs.ext4", "-q", "-F", "-m", "0",
                "-E", "lazy_itable_init=1,lazy_journal_init=1,nodiscard", str(image),
            ]
        )  # fmt: skip
        device = _run(["losetup", "--find", "--show", str(image)])
        mountpoint.mkdir(mode=0o711, parents=True, exist_ok=True)
        try:
            # noinit_itable: no background zeroing of a disk that may be hundreds of GB
            _run(["mount", "-o", "nosuid,nodev,noinit_itable", device, str(mountpoint)])
        finally:
            # autoclear: the loop device goes with the last unmount (or now, if mount failed)
            _run(["losetup", "--detach", device])
        os.chmod(mountpoint, 0o711)
        shutil.rmtree(mountpoint / "lost+found", ignore_errors=True)
        for name in LAYOUT:
            (mountpoint / name).mkdir(mode=0o700)
        os.chmod(mountpoint / "scoring", 0o711)  # sandbox uids pass through to their folders
        return mountpoint
    except BaseException:
        remove(run_id)
        raise


def remove(run_id: str) -> None:
    """Unmount the run's disk wherever it is mounted and delete its image (no error when there
    is none). A mount still busy (a process still in it) is detached lazily."""
    image = _image(run_id)
    for device in _devices_of(image):
        mountpoints = _mountpoints(device)
        if not mountpoints:
            # attached but never mounted (a create that stopped half-way): autoclear is not
            # set, so detach it by hand; nobody else frees a device that is attached and idle
            subprocess.run(["losetup", "--detach", device], capture_output=True, check=False)
            continue
        for mountpoint in mountpoints:
            done = subprocess.run(["umount", mountpoint], capture_output=True, check=False)
            if done.returncode != 0:
                subprocess.run(["umount", "--lazy", mountpoint], capture_output=True, check=False)
            with contextlib.suppress(OSError):  # the empty folder it was mounted on
                os.rmdir(mountpoint)
        if _mountpoints(device):  # still mounted: keep the image, so that gc finds it again
            log.warning("the disk of run %s is still mounted from %s", run_id, device)
            return
        # The last unmount freed the device (autoclear). It is not detached by name here: by
        # now another run may have been given the same device, and detaching it would pull
        # that run's disk from under its mount (seen under parallel tests).
    with contextlib.suppress(FileNotFoundError):
        image.unlink()


def reap(keep: set[str]) -> list[str]:
    """Remove the disks of runs not in ``keep``; returns their run ids."""
    gone = [r for r in images() if r not in keep and not runstore.still_kept(r)]
    for run_id in gone:
        remove(run_id)
    return gone


def _mountpoints(device: str) -> list[str]:
    with open("/proc/self/mounts", encoding="utf-8", errors="surrogateescape") as f:
        rows = [line.split() for line in f]
    # the kernel escapes space, tab, newline and backslash in octal (\040), nothing else
    found = [_OCTAL.sub(lambda m: chr(int(m[1], 8)), row[1]) for row in rows if row[0] == device]
    return sorted(found, key=len, reverse=True)  # deepest first


def _devices_of(image: Path) -> list[str]:
    if shutil.which("losetup") is None or not image.exists():
        return []
    done = subprocess.run(
        ["losetup", "--associated", str(image), "--noheadings", "--output", "NAME"],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.split()


def images() -> list[str]:
    """Run ids that have a disk image."""
    folder = constants.envspec_home() / "disks"
    return sorted(p.stem for p in folder.glob("*.img")) if folder.is_dir() else []
