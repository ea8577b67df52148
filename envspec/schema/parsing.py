"""Stage 1 of loading a manifest: parse YAML safely into JSON-compatible data."""

from __future__ import annotations

import logging
import math

import yaml

from envspec.errors import Problem
from envspec.schema.problems import PathParts, field_path, shorten, type_name

__all__ = ["MAX_DEPTH", "MAX_MANIFEST_BYTES", "MAX_NODES", "parse", "parse_problem"]

log = logging.getLogger(__name__)

MAX_MANIFEST_BYTES = 1024 * 1024
MAX_DEPTH = 64  # nesting levels; deeper input is refused before the schema walks it
MAX_NODES = 100_000  # values after expanding YAML aliases


class _Loader(yaml.SafeLoader):
    """Safe YAML that keeps dates as strings (JSON has no date type)."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def parse(text: str | bytes, source: str) -> tuple[object | None, list[Problem]]:
    """Parse manifest text as YAML; never raises, whatever the input.

    Returns the data (a mapping with string keys and JSON-compatible values) and no problems,
    or None and the problems (stage ``parse``): not text, empty, YAML syntax errors with their
    line and column, duplicate keys, non-mapping top level, values JSON cannot hold.
    """
    try:
        return _parse(text, source)
    except RecursionError:
        return None, [parse_problem("", f"{source} is nested too deeply to parse")]
    except Exception as exc:  # any input must give problems, never a traceback
        log.debug("parsing %s failed", source, exc_info=True)
        reason = shorten(f"{type(exc).__name__}: {exc}", 200)
        return None, [parse_problem("", f"could not parse {source}: {reason}")]


def _parse(text: str | bytes, source: str) -> tuple[object | None, list[Problem]]:
    if len(text) > MAX_MANIFEST_BYTES:
        return None, [parse_problem("", f"{source} is larger than {MAX_MANIFEST_BYTES} bytes")]
    if isinstance(text, bytes):
        if b"\x00" in text:
            return None, [_binary(source)]
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            return None, [
                parse_problem(
                    "",
                    f"{source} is not UTF-8 text (invalid byte at offset {exc.start})",
                    hint="save the manifest as UTF-8; is this a binary file?",
                )
            ]
    if "\x00" in text:
        return None, [_binary(source)]
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, [
                parse_problem(
                    "",
                    f"{source} is empty",
                    hint="a manifest starts with `envspec: 1` and `name: ...`; "
                    "`envspec new` writes one",
                )
            ]
        problems = _duplicate_keys(node)
        if problems:
            return None, problems
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        return None, [_yaml_problem(exc)]
    except yaml.YAMLError as exc:
        return None, [parse_problem("", f"invalid YAML: {shorten(str(exc), 200)}")]
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        return None, [
            parse_problem(
                "",
                f"the top level must be a mapping of fields, got {type_name(data)}",
                hint="a manifest starts with `envspec: 1` then `name: ...`, one field per line",
            )
        ]
    problems = _check_values(data)
    return (None, problems) if problems else (data, [])


def parse_problem(path: str, message: str, hint: str | None = None) -> Problem:
    """A problem of stage ``parse``."""
    return Problem(path, message, hint, stage="parse")


def _binary(source: str) -> Problem:
    return parse_problem("", f"{source} looks binary (it contains NUL bytes)", "pass envspec.yaml")


def _yaml_problem(exc: yaml.MarkedYAMLError) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
    what = "; ".join(str(x) for x in (exc.context, exc.problem) if x) or "invalid YAML"
    hint = "check indentation (spaces, not tabs), colons and quoting"
    if mark:
        hint += f" near line {mark.line + 1}"
    return parse_problem("", f"YAML syntax error{where}: {what}", hint)


def _duplicate_keys(root: yaml.Node) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[int] = set()
    stack: list[tuple[yaml.Node, PathParts]] = [(root, ())]
    while stack:
        node, path = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            lines: dict[tuple[str, str], int] = {}
            for key, value in node.value:
                name = key.value if isinstance(key, yaml.ScalarNode) else "?"
                if isinstance(key, yaml.ScalarNode) and key.tag != "tag:yaml.org,2002:merge":
                    line = key.start_mark.line + 1
                    first = lines.get((key.tag, name))
                    lines.setdefault((key.tag, name), line)
                    if first is not None:
                        problems.append(
                            parse_problem(
                                field_path((*path, name)),
                                f"duplicate key {name!r} at line {line} (first at line {first})",
                                "remove one of them; YAML would silently keep only the last",
                            )
                        )
                stack.append((value, (*path, name)))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((item, (*path, i)) for i, item in enumerate(node.value))
    return sorted(problems, key=lambda p: p.path)


def _check_values(data: object) -> list[Problem]:
    """Refuse what JSON cannot hold, cycles, deep nesting and alias bombs."""
    problems: list[Problem] = []
    sizes: dict[int, int] = {}
    active: set[int] = set()

    def walk(value: object, path: PathParts, depth: int) -> int:
        if len(problems) >= 20 or value is None or isinstance(value, bool | int | str):
            return 1
        if isinstance(value, float):
            if not math.isfinite(value):
                problems.append(
                    parse_problem(
                        field_path(path), f"{value} is not a finite number", "use a number"
                    )
                )
            return 1
        if not isinstance(value, dict | list):
            problems.append(
                parse_problem(
                    field_path(path),
                    f"unsupported YAML value of type {type(value).__name__}",
                    "use plain strings, numbers, booleans, lists and mappings "
                    "(no !!binary, !!set or !!timestamp tags)",
                )
            )
            return 1
        key = id(value)
        if key in sizes:
            return sizes[key]
        if key in active or depth >= MAX_DEPTH:
            problems.append(
                parse_problem(
                    field_path(path),
                    f"nested more than {MAX_DEPTH} levels deep or refers to itself",
                    "flatten the structure; YAML aliases may not refer to their own anchor",
                )
            )
            return 1
        active.add(key)
        total = 1
        if isinstance(value, dict):
            for k, v in value.items():
                if not isinstance(k, str):
                    problems.append(
                        parse_problem(
                            field_path((*path, str(k))),
                            f"key {k!r} is not a string but a {type_name(k)}",
                            "quote the key",
                        )
                    )
                total += walk(v, (*path, str(k)), depth + 1)
        else:
            for i, v in enumerate(value):
                total += walk(v, (*path, i), depth + 1)
        active.discard(key)
        sizes[key] = total
        return total

    if walk(data, (), 0) > MAX_NODES:
        problems.append(
            parse_problem("", f"more than {MAX_NODES} values after expanding YAML aliases")
        )
    return problems
