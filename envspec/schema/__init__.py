"""Load and validate manifests in stages: parse → JSON Schema → semantics → resolve.

Each stage is one function that returns every :class:`~envspec.errors.Problem` it finds, each
with a dotted field path (``variants.lite.hardware.gpu.count``, ``assets[0].ref``) and a hint.
:func:`load_manifest` runs them in order and stops after the first stage with problems, since
later stages rely on the earlier ones.

Stages: :mod:`~envspec.schema.parsing` (YAML), :mod:`~envspec.schema.explain` (JSON Schema),
:mod:`~envspec.schema.semantic`, :mod:`~envspec.schema.resolving` (files); the whole load is
:mod:`~envspec.schema.load`, the schema files :mod:`~envspec.schema.schemas`.
"""

from __future__ import annotations

from envspec.schema.explain import validate_schema
from envspec.schema.load import (
    check_data,
    check_manifest,
    load_manifest,
    load_manifest_data,
    manifest_file,
)
from envspec.schema.parsing import MAX_DEPTH, MAX_MANIFEST_BYTES, MAX_NODES, parse
from envspec.schema.problems import PathParts
from envspec.schema.resolving import resolve
from envspec.schema.schemas import MANIFEST_SCHEMA, load_schema, schema_path
from envspec.schema.semantic import validate_semantics

__all__ = [
    "MANIFEST_SCHEMA",
    "MAX_DEPTH",
    "MAX_MANIFEST_BYTES",
    "MAX_NODES",
    "PathParts",
    "check_data",
    "check_manifest",
    "load_manifest",
    "load_manifest_data",
    "load_schema",
    "manifest_file",
    "parse",
    "resolve",
    "schema_path",
    "validate_schema",
    "validate_semantics",
]
