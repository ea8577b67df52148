"""Operator-level enforcement for restricted_mlm: the model's forward pass runs under a
``TorchDispatchMode`` that sees every ATen operator it executes, and refuses any operator off
the allow-list — whatever Python name, method, ``torch.ops`` path or autograd Function led to
it. The original task monkey-patched Python names, which was easy to sidestep.

It also tracks provenance: every tensor an operator receives must be an input of the forward
pass, a parameter of the model, or the output of an allowed operator during this very call.
That refuses values computed outside the traced region (at construction time, in a previous
call, through NumPy or a Python float) and cached for later.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from typing import Any

import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_flatten
from torch.utils.weak import WeakIdKeyDictionary

#: what a model may compute with: linear maps, embeddings, sums, add/multiply, relu, and moving
#: data around. No division, exponentials, normalisation, softmax, comparisons or selections.
ALLOWED = frozenset(
    {
        # linear algebra and embeddings
        "mm",
        "addmm",
        "bmm",
        "baddbmm",
        "matmul",
        "linear",
        "embedding",
        "einsum",
        "dot",
        "mv",
        # arithmetic
        "add",
        "sub",
        "rsub",
        "mul",
        "neg",
        "sum",
        "relu",
        "cumsum",
        # shape and data movement
        "view",
        "_unsafe_view",
        "reshape",
        "permute",
        "transpose",
        "t",
        "expand",
        "expand_as",
        "unsqueeze",
        "squeeze",
        "flatten",
        "unflatten",
        "cat",
        "stack",
        "split",
        "chunk",
        "slice",
        "select",
        "index",
        "index_select",
        "gather",
        "as_strided",
        "narrow",
        "clone",
        "contiguous",
        "alias",
        "detach",
        "lift_fresh",
        "repeat",
        "roll",
        "flip",
        "pad",
        "constant_pad_nd",
        "split_with_sizes",
        "unbind",
        "movedim",
        "copy",
        "_to_copy",
        "unfold",
        # constants
        "zeros",
        "ones",
        "full",
        "zeros_like",
        "ones_like",
        "full_like",
        "arange",
        "empty",
        "empty_like",
        "new_zeros",
        "new_ones",
        "new_full",
        "new_empty",
        "fill",
        "zero",
        "scalar_tensor",
        "eye",
    }
)


#: conversions may change precision or device, never turn values into integers or booleans
#: (which would let indexing implement any nonlinearity as a lookup table)
_INTEGRAL = (torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64)


class Forbidden(Exception):
    """The forward pass used something the task does not allow."""


def _check_conversion(name: str, kwargs: dict[str, Any]) -> None:
    if name in ("_to_copy", "to") and kwargs.get("dtype") in _INTEGRAL:
        raise Forbidden(f"aten.{name} to {kwargs['dtype']} is not allowed (only float conversions)")


def check_program(program: Any) -> set[str]:
    """Check an exported program's graph before it runs: every call is an allow-listed ATen
    operator (or picks an element of a multi-output one). Returns the operators named.

    Raises:
        Forbidden: anything else (another namespace, a Python function, a higher-order op).
    """
    import operator

    used: set[str] = set()
    for node in program.graph.nodes:
        if node.op not in ("call_function",):
            if node.op in ("placeholder", "output", "get_attr"):
                continue
            raise Forbidden(f"graph node {node.name} is a {node.op}; only operator calls may run")
        target = node.target
        if target is operator.getitem:
            continue
        if not isinstance(target, torch._ops.OpOverload) or target.namespace != "aten":
            raise Forbidden(f"graph node {node.name} calls {target!r}, not an ATen operator")
        name = _name(target)
        if name not in ALLOWED:
            raise Forbidden(f"operator aten.{name} is not allowed in the forward pass")
        _check_conversion(name, dict(node.kwargs))
        used.add(name)
    return used


def _name(func: Any) -> str:
    """The operator's name without overload or in-place suffix: aten.add_.Tensor → "add"."""
    packet = getattr(func, "overloadpacket", None)
    name = str(packet.__name__) if packet is not None else str(func)
    return name[:-1] if name.endswith("_") and not name.startswith("_") else name


class RestrictedMode(TorchDispatchMode):
    """Allow-listed ATen operators only, on tensors of known provenance."""

    def __init__(self, trusted: Iterable[torch.Tensor]) -> None:
        super().__init__()
        # by identity (a tensor's == is elementwise), weakly (activations may be freed)
        self._trusted: WeakIdKeyDictionary = WeakIdKeyDictionary()
        self._trusted_storage: set[int] = set()
        for t in trusted:
            self._trust(t)
        self.used: set[str] = set()

    def _trust(self, t: torch.Tensor) -> None:
        self._trusted[t] = True
        with contextlib.suppress(RuntimeError, NotImplementedError):
            self._trusted_storage.add(t.untyped_storage().data_ptr())

    def _known(self, t: torch.Tensor) -> bool:
        if t in self._trusted:
            return True
        try:  # views of trusted tensors made before the mode saw them (e.g. parameter .T)
            return t.untyped_storage().data_ptr() in self._trusted_storage
        except (RuntimeError, NotImplementedError):
            return False

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def,override]
        kwargs = kwargs or {}
        name = _name(func)
        if name not in ALLOWED:
            raise Forbidden(f"operator aten.{name} is not allowed in the forward pass")
        _check_conversion(name, kwargs)
        inputs, _ = tree_flatten((args, kwargs))
        for value in inputs:
            if isinstance(value, torch.Tensor) and not self._known(value) and value.numel() > 1:
                raise Forbidden(
                    f"aten.{name} received a tensor of shape {tuple(value.shape)} computed "
                    "outside the forward pass (only inputs, parameters and values computed "
                    "in this call may be used)"
                )
        self.used.add(name)
        out = func(*args, **kwargs)
        outputs, _ = tree_flatten(out)
        for value in outputs:
            if isinstance(value, torch.Tensor):
                self._trust(value)
        return out


def restricted_forward(
    model: torch.nn.Module, inputs: torch.Tensor, *, call: Callable[..., Any] | None = None
) -> tuple[torch.Tensor, set[str]]:
    """Run ``model(inputs)`` under the restriction; return the logits and the operators used.

    Raises:
        Forbidden: an operator off the list, or a tensor of unknown provenance.
    """
    trusted = [inputs, *model.parameters()]
    mode = RestrictedMode(trusted)
    with mode:
        out = (call or model)(inputs)
    if not isinstance(out, torch.Tensor) or type(out) is not torch.Tensor:
        raise Forbidden(f"the model must return a plain tensor of logits, not {type(out).__name__}")
    if not mode._known(out):
        raise Forbidden("the model's output was not computed in the forward pass")
    return out, mode.used
