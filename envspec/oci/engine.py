"""The Docker engine: builds, image import, and moving images between the engine and OCI layouts.

Builds go through the docker SDK (classic builder, ``forcerm`` so failed steps leave no
containers). Moving images between the engine and OCI layouts goes through skopeo, which
converts Docker's save format into compressed OCI layers reproducibly.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import re
import shutil
import subprocess
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import docker
import docker.errors

from envspec.errors import BuildError, EngineError

log = logging.getLogger(__name__)

_STEP = re.compile(r"^Step (\d+/\d+) : (.*)$")
_RUNNING = re.compile(r"^ ---> Running in ([0-9a-f]{12,64})$")


@functools.cache
def client() -> Any:
    """A docker SDK client for the engine named by ``DOCKER_HOST`` (or the default socket).

    Raises:
        EngineError: no engine answers.
    """
    try:
        c = docker.from_env(timeout=600)
        c.ping()
    except docker.errors.DockerException as e:
        raise EngineError(
            f"no Docker engine answers: {e}",
            hint="start one (`dockerd &`, or scripts/bootstrap) or set DOCKER_HOST",
        ) from e
    return c


def build_dockerfile(
    context: Path,
    *,
    tag: str,
    dockerfile: str = "Dockerfile",
    target: str | None = None,
    buildargs: Mapping[str, str] | None = None,
    labels: Mapping[str, str] | None = None,
    on_line: Callable[[str], None] | None = None,
) -> str:
    """Build one target of a Dockerfile and tag it. Returns the image id (``sha256:...``).

    Raises:
        BuildError: the build failed; ``step`` is the Dockerfile step that failed.
    """
    api = client().api
    step: str | None = None
    image_id: str | None = None
    tail: list[str] = []
    steps: list[str] = []  # the build's step containers, by the ids it prints
    try:
        stream = api.build(
            path=str(context),
            dockerfile=dockerfile,
            tag=tag,
            target=target,
            buildargs=dict(buildargs or {}),
            labels=dict(labels or {}),
            rm=True,
            forcerm=True,
            decode=True,
        )
        for chunk in stream:
            if "error" in chunk:
                detail = chunk.get("errorDetail", {}).get("message") or chunk["error"]
                _remove_step_containers(steps)
                raise BuildError(
                    f"building {tag} failed at step {step or '?'}: {detail.strip()}\n"
                    + "\n".join(tail[-10:]),
                    step=step,
                    hint="fix that Dockerfile step; no build containers were left behind",
                )
            line = str(chunk.get("stream", "")).rstrip()
            if not line:
                if "aux" in chunk and "ID" in chunk["aux"]:
                    image_id = chunk["aux"]["ID"]
                continue
            if m := _STEP.match(line):
                step = f"{m.group(1)} {m.group(2)}"
            elif m := _RUNNING.match(line):
                steps.append(m.group(1))
            tail = ([*tail, line])[-20:]
            if on_line is not None:
                on_line(line)
    except docker.errors.APIError as e:
        _remove_step_containers(steps)
        raise BuildError(f"building {tag} failed: {e.explanation or e}", step=step) from e
    if image_id is None:
        image_id = client().images.get(tag).id
    log.info("built %s (%s)", tag, image_id)
    return image_id


def _remove_step_containers(ids: list[str]) -> None:
    """Remove what is left of a failed build's step containers: ``forcerm`` asks the engine to,
    but on a busy host its removal can fail (it only logs that) and the container stays."""
    for cid in ids:
        try:
            client().api.remove_container(cid, force=True)
        except docker.errors.NotFound:
            continue
        except docker.errors.APIError as e:
            if e.status_code != 409:  # 409: its removal is already under way
                log.warning("could not remove build container %s: %s", cid, e)


def import_rootfs(tarball: Path, tag: str, *, changes: list[str]) -> str:
    """Import a root filesystem tarball as an image (``docker import``). Returns the image id.

    Raises:
        BuildError: the engine refused the import.
    """
    repo, _, t = tag.rpartition(":")
    try:
        out = client().api.import_image_from_file(
            str(tarball), repository=repo, tag=t, changes=changes
        )
    except docker.errors.APIError as e:
        raise BuildError(f"importing {tag} failed: {e}", step="import") from e
    log.debug("import: %s", out)
    return str(client().images.get(tag).id)


def image_id(ref: str) -> str | None:
    """The id of a local image, or None if the engine does not have it."""
    try:
        return str(client().images.get(ref).id)
    except docker.errors.ImageNotFound:
        return None


def image_labels(ref: str) -> dict[str, str]:
    """The labels of a local image (empty when it has none)."""
    return dict(client().images.get(ref).labels or {})


def image_user(ref: str) -> str:
    """The user an image's containers run as (empty for root)."""
    return str(client().images.get(ref).attrs.get("Config", {}).get("User") or "")


def tag_image(image: str, ref: str) -> None:
    """Tag a local image as ``ref`` (``repo:tag``)."""
    repo, _, t = ref.rpartition(":")
    client().images.get(image).tag(repo, t)


# --- engine <-> OCI layout, through skopeo ------------------------------------------------------


def _skopeo(args: list[str], *, what: str) -> str:
    if shutil.which("skopeo") is None:
        raise EngineError("skopeo is not installed", hint="apt-get install skopeo")
    proc = subprocess.run(["skopeo", *args], capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise EngineError(f"{what} failed: {proc.stderr.strip()[-2000:]}")
    return proc.stdout


def _daemon_host(flag: str) -> list[str]:
    # skopeo's docker-daemon transport ignores DOCKER_HOST; name the engine explicitly
    host = os.environ.get("DOCKER_HOST")
    return [flag, host] if host else []


def save_to_layout(image: str, layout_dir: Path, ref_name: str = "image") -> str:
    """Write a local engine image into a fresh OCI layout. Returns the manifest digest.

    Raises:
        EngineError: skopeo failed.
    """
    _skopeo(
        [
            "copy",
            "--quiet",
            *_daemon_host("--src-daemon-host"),
            f"docker-daemon:{image}",
            f"oci:{layout_dir}:{ref_name}",
        ],
        what=f"exporting {image} from the engine",
    )
    index = json.loads((layout_dir / "index.json").read_text())
    return str(index["manifests"][0]["digest"])


def load_from_layout(layout_dir: Path, ref_name: str, tag: str) -> str:
    """Load an image from an OCI layout into the engine as ``tag``. Returns the image id.

    Raises:
        EngineError: skopeo failed.
    """
    _skopeo(
        [
            "copy",
            "--quiet",
            *_daemon_host("--dest-daemon-host"),
            f"oci:{layout_dir}:{ref_name}",
            f"docker-daemon:{tag}",
        ],
        what=f"loading {tag} into the engine",
    )
    found = image_id(tag)
    if found is None:
        raise EngineError(f"{tag} is not in the engine after loading it")
    return found
