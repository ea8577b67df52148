"""Helpers the load stages share to build problems: field paths, type names, short values."""

from __future__ import annotations

from envspec.errors import Problem

__all__ = ["PathParts", "field_path", "short_repr", "shorten", "type_name", "unique"]

PathParts = tuple[str | int, ...]


def field_path(parts: PathParts) -> str:
    """The dotted field path of ``parts``, e.g. ``variants.lite.hardware`` or ``assets[0].ref``."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def type_name(value: object) -> str:
    """The JSON/YAML name of ``value``'s type: ``null``, ``boolean``, ``mapping``, ..."""
    names = {type(None): "null", bool: "boolean", int: "integer", float: "number"}
    names.update({str: "string", list: "list", dict: "mapping"})
    return names.get(type(value), type(value).__name__)


def shorten(text: str, limit: int) -> str:
    """``text``, cut to ``limit`` characters with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def short_repr(value: object) -> str:
    """``repr(value)`` cut to 60 characters."""
    return shorten(repr(value), 60)


def unique(problems: list[Problem]) -> list[Problem]:
    """``problems`` without repeats, sorted by field path."""
    return sorted(dict.fromkeys(problems), key=lambda p: p.path)
