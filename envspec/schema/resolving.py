"""Stage 4 of loading a manifest: resolve the files it names (instructions, Dockerfile)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from envspec.constants import BUILD_ARG_BASE
from envspec.errors import Problem
from envspec.models.manifest import Manifest, did_you_mean

__all__ = ["resolve"]

_FROM = re.compile(r"^FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?\s*$", re.IGNORECASE)
_ARG_BASE = re.compile(rf"^ARG\s+{BUILD_ARG_BASE}(?:=.*)?\s*$", re.IGNORECASE)


def resolve(data: Mapping[str, Any], env_dir: Path) -> list[Problem]:
    """Check the files the manifest names under ``env_dir`` (stage ``resolve``).

    The instructions (and the canary in them), the build context, and the Dockerfile with
    ``ARG BASE_IMAGE`` before its first FROM and one stage per target. ``data`` must have
    passed :func:`validate_schema`.
    """
    problems: list[Problem] = []

    def add(path: str, message: str, hint: str | None = None) -> None:
        problems.append(Problem(path, message, hint, stage="resolve"))

    manifest = Manifest.from_dict(data)
    images = manifest.images
    try:
        # resolved, links included: a context that is (or passes through) a link to a folder
        # above would send that folder to the engine, and into a published image
        root = env_dir.resolve()
        context = (env_dir / images.context).resolve()
        if not context.is_relative_to(root):
            add(
                "images.context",
                f"build context {images.context!r} resolves to {context}, outside the "
                "environment folder",
                "point it at a folder inside the environment (links out of it are refused)",
            )
        elif not context.is_dir():
            add("images.context", f"build context {images.context!r} is not a directory")
        elif not (env_dir / images.dockerfile_relpath).resolve().is_relative_to(context):
            add(
                "images.dockerfile",
                f"{images.dockerfile_relpath} resolves outside the build context "
                f"{images.context!r}",
                "keep the Dockerfile inside the context (it is relative to the context)",
            )
        instructions = env_dir / manifest.task.instructions
        if not instructions.is_file():
            add(
                "task.instructions",
                f"{manifest.task.instructions} not found",
                "write the agent's instructions there, or fix the path",
            )
        elif manifest.canary not in instructions.read_text(encoding="utf-8", errors="replace"):
            add(
                "canary",
                f"the canary string does not appear in {manifest.task.instructions}",
                "add it to the instructions, e.g. on the last line",
            )
        for name, extra in manifest.extra_solutions.items():
            if not (env_dir / extra.files).is_dir():
                add(
                    f"calibration.extra.{name}.files",
                    f"{extra.files} not found",
                    "put the solution's files in that folder, or fix the path",
                )
        dockerfile = env_dir / images.dockerfile_relpath
        if not dockerfile.is_file():
            add(
                "images.dockerfile",
                f"{images.dockerfile_relpath} not found",
                f"write a Dockerfile with stages `FROM ${{{BUILD_ARG_BASE}}} AS "
                f"{images.agent_target}` and `... AS {images.scorer_target}`",
            )
        else:
            text = dockerfile.read_text(encoding="utf-8", errors="replace")
            for path, message, hint in _check_dockerfile(text, manifest):
                add(path, message, hint)
    except OSError as exc:
        add("", f"cannot read the environment folder {env_dir}: {exc}")
    return problems


def _check_dockerfile(text: str, manifest: Manifest) -> list[tuple[str, str, str | None]]:
    images = manifest.images
    lines = [ln.strip() for ln in re.sub(r"\\[ \t]*\r?\n", " ", text).splitlines()]
    lines = [ln for ln in lines if ln and not ln.startswith("#")]
    froms = [i for i, ln in enumerate(lines) if _FROM.match(ln)]
    rel = images.dockerfile_relpath
    arg = f"`ARG {BUILD_ARG_BASE}={images.base}`"
    if not froms:
        return [("images.dockerfile", f"{rel} has no FROM instruction", f"start it with {arg}")]
    out: list[tuple[str, str, str | None]] = []
    if not any(_ARG_BASE.match(ln) for ln in lines[: froms[0]]):
        out.append(
            (
                "images.dockerfile",
                f"{rel} does not declare ARG {BUILD_ARG_BASE} before its first FROM",
                f"add {arg} as the first line and use `FROM ${{{BUILD_ARG_BASE}}} AS ...`",
            )
        )
    stages = []
    for i in froms:
        match = _FROM.match(lines[i])
        if match and match.group(2):
            stages.append(match.group(2).lower())
    targets = {"agent_target": images.agent_target, "scorer_target": images.scorer_target}
    for field, target in targets.items():
        if target.lower() not in stages:
            hint = did_you_mean(target.lower(), stages) or f"add `FROM ... AS {target}`"
            out.append((f"images.{field}", f"{rel} has no stage named {target!r}", hint))
    return out
