"""The submission format, read without running anything the agent wrote.

``model.mlm`` is a ``torch.save`` of a dict of four byte strings made by ``submit.py``: an
exported program's graph (JSON) and its state dict, constants and example inputs (each a
``torch.save`` of tensors). Everything is loaded with ``weights_only=True`` (no pickled code);
the graph must have static shapes and no guard code, since both would be evaluated as code:
torch's deserializer reads a symbolic size (``as_expr``) with ``sympy.sympify``, which runs
Python (an attacker's review, 2026-12-06: a size's expression replaced the checks with no-ops
in the worker). :func:`read` refuses them without deserializing anything, in the scorer
before the worker as well as in the worker.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import torch

KEYS = ("program", "state_dict", "constants", "example_inputs")
#: the entries that are themselves torch.save archives (of tensors)
TENSOR_KEYS = KEYS[1:]


class BadModelFile(Exception):
    """The file is not a model this task can load; the message says why."""


def _tensors(blob: bytes, what: str) -> Any:
    """A dict (state dict, constants) or an (args, kwargs) tuple (example inputs) of tensors."""
    if not blob:
        return {}
    try:
        value = torch.load(io.BytesIO(blob), weights_only=True)
    except Exception as e:
        raise BadModelFile(f"the {what} must hold plain tensors only ({e})") from e
    if not isinstance(value, dict | tuple):
        raise BadModelFile(f"the {what} must be a dict or a tuple, not {type(value).__name__}")
    return value


def _symbolic(value: Any) -> bool:
    """Whether the program's JSON holds a symbolic expression anywhere (any key ``as_expr`` or
    ``expr_str``): a static export has none."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "as_expr" in item or "expr_str" in item:
                return True
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def read(path: Path) -> tuple[dict[str, bytes], Any]:
    """The file's four byte strings and its program's JSON, checked without deserializing the
    program (the scorer calls this before the worker, the worker before loading).

    Raises:
        BadModelFile: not in the format ``submit.py`` writes, or dynamic shapes or symbolic
            sizes, which deserializing would evaluate as code.
    """
    try:
        blob = torch.load(path, weights_only=True)
    except Exception as e:
        raise BadModelFile(f"{path.name} is not a file written by submit.py ({e})") from e
    if not isinstance(blob, dict) or sorted(blob) != sorted(KEYS):
        raise BadModelFile(f"{path.name} must hold exactly {', '.join(KEYS)} (use submit.py)")
    if not all(isinstance(blob[k], bytes) for k in KEYS):
        raise BadModelFile(f"{path.name}: every entry must be bytes (use submit.py)")
    try:
        program = json.loads(blob["program"])
    except ValueError as e:
        raise BadModelFile(f"the program is not JSON ({e})") from e
    if not isinstance(program, dict):
        raise BadModelFile("the program must be a JSON object (use submit.py)")
    if program.get("range_constraints"):
        raise BadModelFile("the model must be exported with static shapes (no dynamic_shapes)")
    if _symbolic(program):
        raise BadModelFile(
            "the program holds a symbolic size (as_expr); export with static shapes (submit.py)"
        )
    return blob, program


def load(path: Path) -> Any:
    """The exported program in ``path``, deserialized without executing agent code.

    Raises:
        BadModelFile: not in the format ``submit.py`` writes, or uses dynamic shapes/guards.
    """
    from torch._export.serde.serialize import SerializedArtifact, deserialize

    blob, program = read(path)
    program["guards_code"] = []  # never evaluate code that came with the file
    state = _tensors(blob["state_dict"], "state dict")
    constants = _tensors(blob["constants"], "constants")
    example = _tensors(blob["example_inputs"], "example inputs")
    try:
        return deserialize(
            SerializedArtifact(json.dumps(program).encode(), state, constants, example)
        )
    except Exception as e:
        raise BadModelFile(f"the exported program does not load ({type(e).__name__}: {e})") from e
