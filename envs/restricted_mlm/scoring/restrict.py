"""Operator-level enforcement for restricted_mlm: the model's forward pass runs under a
``TorchDispatchMode`` that sees every ATen operator it executes, and refuses any operator off
the allow-list — whatever Python name, method, ``torch.ops`` path or autograd Function led to
it. The original task monkey-patched Python names, which was easy to sidestep.

It also tracks provenance: every tensor an operator receives must be an input of the forward
pass, a parameter of the model, or the output of an allowed operator during this very call.
That refuses values computed outside the traced region (at construction time, in a previous
call, through NumPy or a Python float) and cached for later.

Two rules are about what an operator computes, not what it is called, and are checked both on
the exported graph (from each node's ``meta["val"]``) and on the actual tensors at run time:

- no integer or bool tensor out of a floating-point (or complex) one: an integer computed from
  a float, used as an index into a parameter, is a lookup table for any function (exp, 1/x);
- no reinterpretation of a tensor's bytes as another dtype (``view(torch.int32)``, float32 seen
  as bfloat16): bit patterns are a nonlinearity of the values (a float's bits ≈ its log2).

Conversions between float dtypes (``.half()``, ``.float()``) remain allowed, and so do integer
operations on integers that do not come from floats (the tokens, ``arange``). At run time the
memory ``empty`` and its kin return is zero-filled, since stale bytes of a freed tensor are
another way to reinterpret a float as an integer (and values outside this call).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from typing import Any

import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_leaves
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
        # conversions (the export graph has aten.to and its dtype assertions; at run time they
        # are _to_copy): checked by what they compute, see _check_conversion
        "copy",
        "_to_copy",
        "to",
        "type_as",
        "_assert_tensor_metadata",
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


#: why integers from floats are refused (the message the agent reads)
_WHY_INTEGERS = (
    "integers computed from floats would make indexing a lookup table for any function "
    "(exp, 1/x, ...); floats may only become other floats (.half(), .float(), "
    ".to(torch.bfloat16)), and integers come from the token ids and constants such as arange"
)
#: why reinterpreting bytes is refused
_WHY_BYTES = (
    "a bit pattern read as another dtype is a nonlinear function of the values (a float's bits "
    "are roughly its log2); convert values with .to(dtype) instead"
)
#: operators whose result is uninitialised memory: zero-filled at run time (see RestrictedMode)
_UNINITIALISED = frozenset({"empty", "empty_like", "new_empty", "empty_strided"})


class Forbidden(Exception):
    """The forward pass used something the task does not allow."""


def _floating(dtype: torch.dtype) -> bool:
    """Whether values of ``dtype`` are real numbers (complex counts: it holds floats)."""
    return dtype.is_floating_point or dtype.is_complex


def _dtype_name(dtype: torch.dtype) -> str:
    return str(dtype).removeprefix("torch.")


def _label(func: Any) -> str:
    """The operator as the agent would look it up: aten.copy_, aten.view.dtype."""
    return str(func).removesuffix(".default")


def _check_conversion(
    op: str, inputs: Iterable[torch.dtype], outputs: Iterable[torch.dtype]
) -> None:
    """Refuse an integer or bool result of an operator that reads floats, whatever its name
    (``_to_copy``, ``copy_`` into an integer tensor, ``sum(dtype=torch.int64)``, ...)."""
    source = next((d for d in inputs if _floating(d)), None)
    if source is None:
        return
    result = next((d for d in outputs if not _floating(d)), None)
    if result is not None:
        raise Forbidden(
            f"{op} turns a {_dtype_name(source)} tensor into {_dtype_name(result)}: {_WHY_INTEGERS}"
        )


def _check_alias(op: str, source: torch.dtype, result: torch.dtype) -> None:
    """Refuse a result that shares its input's bytes under another dtype."""
    if source != result:
        raise Forbidden(
            f"{op} reinterprets the bytes of a {_dtype_name(source)} tensor as "
            f"{_dtype_name(result)}: {_WHY_BYTES}"
        )


def _meta_dtypes(node: Any) -> list[torch.dtype] | None:
    """The dtypes of the tensors a graph node yields (its ``meta["val"]``), None if unknown."""
    if "val" not in node.meta:
        return None
    dtypes = [v.dtype for v in tree_leaves(node.meta["val"]) if isinstance(v, torch.Tensor)]
    return dtypes or None


def _check_node_values(node: Any, target: torch._ops.OpOverload) -> None:
    """The two value rules on one graph node, from the tensor metadata export recorded. The
    file's metadata could lie, but the same rules run again on the actual tensors."""
    op = _label(target)
    schema = target._schema
    inputs: list[torch.dtype] = []
    for arg in _input_nodes(node.args, node.kwargs):
        dtypes = _meta_dtypes(arg)
        if dtypes is None:
            raise Forbidden(
                f"graph node {node.name} ({op}) reads {arg.name}, which has no tensor metadata "
                "(meta['val']): what it computes cannot be checked"
            )
        inputs += dtypes
    if not schema.returns:  # e.g. aten._assert_tensor_metadata: checks, yields nothing
        return
    outputs = _meta_dtypes(node)
    if outputs is None:
        raise Forbidden(
            f"graph node {node.name} ({op}) has no tensor metadata (meta['val']): what it "
            "computes cannot be checked"
        )
    # a view under another dtype first: its message says what really happens
    for source in _viewed_inputs(node, target):
        for s in _meta_dtypes(source) or ():
            for r in outputs:
                _check_alias(op, s, r)
    _check_conversion(op, inputs, outputs)


def _viewed_inputs(node: Any, target: torch._ops.OpOverload) -> list[Any]:
    """The input nodes whose memory the node's result shares, by the operator's schema (an
    output annotated ``Tensor(a)`` views the argument annotated ``Tensor(a)``)."""
    if _name(target) == "to":
        # annotated as aliasing because it returns its input itself when nothing changes;
        # with another dtype it converts values, which _check_conversion governs
        return []
    schema = target._schema
    shared = set().union(*(r.alias_info.before_set for r in schema.returns if r.alias_info))
    found: list[Any] = []
    for i, formal in enumerate(schema.arguments):
        if formal.alias_info is not None and formal.alias_info.before_set & shared:
            actual = node.args[i] if i < len(node.args) else node.kwargs.get(formal.name)
            found += _input_nodes(actual)
    return found


def _input_nodes(*values: Any) -> list[Any]:
    """The graph nodes among a node's arguments (in lists and dicts too)."""
    from torch.fx.node import map_arg

    found: list[Any] = []
    map_arg(values, found.append)
    return found


def check_program(program: Any) -> set[str]:
    """Check an exported program's graph before it runs: every call is an allow-listed ATen
    operator (or picks an element of a multi-output one) that turns no float into an integer
    and reinterprets no bytes (by the nodes' tensor metadata). Returns the operators named.

    Raises:
        Forbidden: anything else (another namespace, a Python function, a higher-order op, an
            integer from a float, a reinterpreting view, a node without tensor metadata).
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
        _check_node_values(node, target)
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
        inputs = [v for v in tree_leaves((args, kwargs)) if isinstance(v, torch.Tensor)]
        for value in inputs:
            if not self._known(value) and value.numel() > 1:
                raise Forbidden(
                    f"aten.{name} received a tensor of shape {tuple(value.shape)} computed "
                    "outside the forward pass (only inputs, parameters and values computed "
                    "in this call may be used)"
                )
        self.used.add(name)
        out = func(*args, **kwargs)
        outputs = [v for v in tree_leaves(out) if isinstance(v, torch.Tensor)]
        # by the actual tensors: whatever the operator, its arguments or the graph's metadata
        op = _label(func)
        for result in outputs:
            for source in inputs:
                if result.dtype != source.dtype and _same_bytes(result, source):
                    _check_alias(op, source.dtype, result.dtype)
        _check_conversion(op, [t.dtype for t in inputs], [t.dtype for t in outputs])
        for value in outputs:
            if name in _UNINITIALISED and not any(_same_bytes(value, t) for t in inputs):
                # stale bytes of a freed tensor (any dtype, maybe from an earlier call) must not
                # be readable; the whole storage, since as_strided can reach past the view
                value.untyped_storage().fill_(0)
            self._trust(value)
        return out


def _same_bytes(a: torch.Tensor, b: torch.Tensor) -> bool:
    """Whether two tensors share memory (one is a view of the other, or both of a third). A
    tensor whose memory cannot be inspected counts as sharing: refusing is the safe side."""
    try:
        sa, sb = a.untyped_storage(), b.untyped_storage()
    except (RuntimeError, NotImplementedError):
        return True
    # empty storages hold no bytes (and may all report address 0)
    return sa.nbytes() > 0 and sb.nbytes() > 0 and sa.data_ptr() == sb.data_ptr()


def restricted_forward(
    model: torch.nn.Module, inputs: torch.Tensor, *, call: Callable[..., Any] | None = None
) -> tuple[torch.Tensor, set[str]]:
    """Run ``model(inputs)`` under the restriction; return the logits and the operators used.

    Raises:
        Forbidden: an operator off the list, a tensor of unknown provenance, an integer from a
            float, or bytes reinterpreted as another dtype.
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
