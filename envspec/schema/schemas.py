"""The JSON Schema files: where they are, their parsed content, and the manifest validator."""

from __future__ import annotations

import functools
import importlib.resources
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from envspec.errors import EnvspecError

__all__ = ["MANIFEST_SCHEMA", "load_schema", "manifest_validator", "schema_path"]

MANIFEST_SCHEMA = "envspec-manifest-v1"


def schema_path(name: str) -> Path:
    """The file of the JSON Schema ``name`` (``"envspec-manifest-v1"`` or a file name).

    Looks in ``schemas/`` of a source checkout, then in the installed package's ``_schemas``.

    Raises:
        EnvspecError: the schema is in neither place.
    """
    filename = name if name.endswith(".json") else f"{name}.schema.json"
    # envspec/schema/schemas.py -> the repository root, which holds schemas/
    candidate = Path(__file__).resolve().parents[2] / "schemas" / filename
    if candidate.is_file():
        return candidate
    resource = importlib.resources.files("envspec").joinpath("_schemas", filename)
    if resource.is_file():
        return Path(str(resource))
    raise EnvspecError(f"JSON Schema {filename!r} not found", hint="reinstall envspec")


@functools.cache
def load_schema(name: str = MANIFEST_SCHEMA) -> dict[str, Any]:
    """The parsed JSON Schema ``name`` (cached)."""
    schema: dict[str, Any] = json.loads(schema_path(name).read_text(encoding="utf-8"))
    return schema


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
    # Python's `$` also matches before a trailing newline; JSON Schema's (ECMA 262) does not.
    if validator.is_type(instance, "string") and (
        re.search(pattern, instance) is None or (pattern.endswith("$") and instance.endswith("\n"))
    ):
        from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped]

        yield ValidationError(f"{instance!r} does not match {pattern!r}")


@functools.cache
def manifest_validator() -> Any:
    """The (cached) validator of the manifest JSON Schema, with ECMA 262 ``pattern``."""
    # imported here: jsonschema costs a tenth of a second, which commands that never
    # validate a manifest (exec, status, runs) should not pay at start-up
    import jsonschema  # type: ignore[import-untyped]

    validator = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"pattern": _pattern})
    return validator(load_schema(MANIFEST_SCHEMA))
