"""The whole load of a manifest: the four stages in order, stopping at the first with problems."""

from __future__ import annotations

import logging
from pathlib import Path

from envspec.constants import MANIFEST_FILE_NAME
from envspec.errors import ManifestError, Problem
from envspec.models.manifest import Manifest
from envspec.schema.explain import validate_schema
from envspec.schema.parsing import MAX_MANIFEST_BYTES, parse, parse_problem
from envspec.schema.resolving import resolve
from envspec.schema.semantic import validate_semantics

__all__ = [
    "check_data",
    "check_manifest",
    "load_manifest",
    "load_manifest_data",
    "manifest_file",
]

log = logging.getLogger(__name__)


def manifest_file(path: Path | str) -> Path:
    """The manifest file for ``path``: ``path/envspec.yaml`` for a folder, else ``path``."""
    path = Path(path)
    return path / MANIFEST_FILE_NAME if path.is_dir() else path


def check_manifest(path: Path | str) -> list[Problem]:
    """Every problem of the manifest at ``path`` (a file or an environment folder); [] if none.

    Never raises for bad input: unreadable files are problems too.
    """
    return _load(manifest_file(path))[0]


def load_manifest(path: Path | str) -> Manifest:
    """Load, validate and resolve the manifest at ``path`` (a file or an environment folder).

    Raises:
        ManifestError: with every problem of the first stage that found any.
    """
    file = manifest_file(path)
    problems, manifest = _load(file)
    if manifest is None:
        raise ManifestError(str(file), problems)
    return manifest


def check_data(data: object) -> list[Problem]:
    """Schema and semantic problems of already-parsed manifest data (no files are checked)."""
    problems = validate_schema(data)
    if problems or not isinstance(data, dict):
        return problems
    return validate_semantics(data)


def load_manifest_data(data: object, source: str = "<manifest>") -> Manifest:
    """A Manifest from parsed data, such as one read from a registry (no files are checked).

    Raises:
        ManifestError: the data fails the schema or the semantic checks.
    """
    problems = check_data(data)
    if problems or not isinstance(data, dict):
        raise ManifestError(source, problems)
    return Manifest.from_dict(data)


def _load(file: Path) -> tuple[list[Problem], Manifest | None]:
    try:
        with file.open("rb") as handle:
            text = handle.read(MAX_MANIFEST_BYTES + 1)
    except FileNotFoundError:
        hint = f"pass an environment folder or its {MANIFEST_FILE_NAME}; `envspec new` makes one"
        return [parse_problem("", f"{file} not found", hint)], None
    except OSError as exc:
        return [parse_problem("", f"cannot read {file}: {exc.strerror or exc}")], None
    data, problems = parse(text, str(file))
    if problems or not isinstance(data, dict):
        return problems, None
    for stage in (validate_schema, validate_semantics):
        problems = stage(data)
        if problems:
            return problems, None
    problems = resolve(data, file.parent)
    if problems:
        return problems, None
    log.debug("loaded manifest %s", file)
    return [], Manifest.from_dict(data)
