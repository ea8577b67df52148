"""The operator-level restriction: allowed architectures run; every exploit is refused."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.support.envs import load_module

try:
    import torch
except ImportError:  # in CI scripts/bootstrap installs the CPU wheel: there it must be present
    if os.environ.get("CI"):
        raise
    pytest.skip(
        "TORCH MISSING: run scripts/bootstrap (installs the CPU wheel)", allow_module_level=True
    )

ENV = Path(__file__).resolve().parents[1]


restrict = load_module(ENV / "scoring" / "restrict.py", "rmlm")
VOCAB = 64
TOKENS = torch.randint(0, VOCAB, (2, 12), generator=torch.Generator().manual_seed(0))


class Mlp(torch.nn.Module):
    """The original's starting solution: embeddings → MLP → logits."""

    def __init__(self) -> None:
        super().__init__()
        self.embed = torch.nn.Embedding(VOCAB, 32)
        self.hidden = torch.nn.Linear(32, 64)
        self.out = torch.nn.Linear(64, VOCAB)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        return self.out(torch.relu(self.hidden(self.embed(tokens))))


class ResidualConv(torch.nn.Module):
    """The original's reference shape: residual 1-D convolutions from allowed operations."""

    def __init__(self, width: int = 3) -> None:
        super().__init__()
        self.width = width
        self.embed = torch.nn.Embedding(VOCAB, 16)
        self.mix = torch.nn.Linear(16 * width, 16)
        self.out = torch.nn.Linear(16, VOCAB)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        h = self.embed(tokens)  # (batch, length, 16)
        padded = torch.nn.functional.pad(h, (0, 0, self.width // 2, self.width // 2))
        windows = padded.unfold(1, self.width, 1)  # (batch, length, 16, width)
        h = h + torch.relu(self.mix(windows.flatten(2)))
        return self.out(h)


@pytest.mark.parametrize("model_cls", [Mlp, ResidualConv])
def test_allowed_architectures_run(model_cls: type[torch.nn.Module]) -> None:
    model = model_cls()
    with torch.no_grad():
        logits, used = restrict.restricted_forward(model, TOKENS)
        assert torch.equal(logits, model(TOKENS))  # the restriction does not change results
    assert logits.shape == (2, 12, VOCAB)
    assert used <= restrict.ALLOWED


def _refused(model: torch.nn.Module) -> str:
    with torch.no_grad(), pytest.raises(restrict.Forbidden) as err:
        restrict.restricted_forward(model, TOKENS)
    return str(err.value)


forbidden = load_module(ENV / "exploits" / "forbidden_ops.py", "rmlm")


@pytest.mark.parametrize("route", sorted(forbidden.VARIANTS))
def test_forbidden_operators_are_refused_whatever_the_route(route: str) -> None:
    assert "not allowed" in _refused(forbidden.build_model(VOCAB, route))


@pytest.mark.parametrize(
    "route", load_module(ENV / "exploits" / "python_round_trip.py", "rmlm").ROUTES
)
def test_python_and_numpy_round_trips_are_refused(route: str) -> None:
    module = load_module(ENV / "exploits" / "python_round_trip.py", "rmlm")
    _refused(module.build_model(VOCAB, route))


@pytest.mark.parametrize("route", ["exp", "numpy"])
def test_custom_autograd_functions_are_refused(route: str) -> None:
    module = load_module(ENV / "exploits" / "custom_function.py", "rmlm")
    _refused(module.build_model(VOCAB, route))


@pytest.mark.parametrize("route", ["buffer", "primed"])
def test_values_computed_outside_the_forward_are_refused(route: str) -> None:
    module = load_module(ENV / "exploits" / "cached_outside.py", "rmlm")
    model = module.build_model(VOCAB, route)
    if route == "primed":
        model.prime()
    assert "outside the forward pass" in _refused(model)


@pytest.mark.parametrize("model_cls", [Mlp, ResidualConv])
def test_allowed_architectures_export_and_pass_the_graph_check(
    model_cls: type[torch.nn.Module],
) -> None:
    program = torch.export.export(model_cls().eval(), (TOKENS,))
    assert restrict.check_program(program) <= restrict.ALLOWED


@pytest.mark.parametrize("route", sorted(forbidden.VARIANTS))
def test_forbidden_operators_are_refused_in_the_exported_graph(route: str) -> None:
    program = torch.export.export(forbidden.build_model(VOCAB, route).eval(), (TOKENS,))
    with pytest.raises(restrict.Forbidden, match="not allowed"):
        restrict.check_program(program)


def test_float_to_integer_conversions_are_refused() -> None:
    class Quantise(Mlp):
        def forward(self, tokens: torch.Tensor) -> torch.Tensor:
            h = self.hidden(self.embed(tokens))
            index = (h * 4.0).to(torch.int64).clamp_min(0)  # a lookup-table nonlinearity
            return self.out(self.embed.weight[index[..., 0] % VOCAB])

    with torch.no_grad(), pytest.raises(restrict.Forbidden, match="turns a float32 tensor into"):
        restrict.restricted_forward(Quantise(), TOKENS)


# --- the value rules: by what an operator computes, whatever it is called -------------------

integer_lookup = load_module(ENV / "exploits" / "integer_lookup.py", "rmlm")
reinterpret_bytes = load_module(ENV / "exploits" / "reinterpret_bytes.py", "rmlm")
VALUE_EXPLOITS = {"integer_lookup": integer_lookup, "reinterpret_bytes": reinterpret_bytes}
VALUE_ROUTES = [(f, r) for f, module in VALUE_EXPLOITS.items() for r in module.VARIANTS]


def _value_exploit(file: str, route: str) -> torch.nn.Module:
    torch.manual_seed(0)
    return VALUE_EXPLOITS[file].build_model(VOCAB, route)


def _why(route: str) -> str:
    """What the refusal must say: views reinterpret bytes, every other route converts."""
    if route.startswith("view("):
        return "reinterprets the bytes of a float32 tensor as"
    return "turns a float32 tensor into int"


def test_the_value_exploits_really_compute_forbidden_functions() -> None:
    """Unrestricted, each exploit computes exp (or log) elementwise: refusing them matters."""
    with torch.no_grad():
        for route in integer_lookup.VARIANTS:
            model = _value_exploit("integer_lookup", route)
            levels = model.levels(TOKENS)
            index = model.route(levels)
            assert not index.dtype.is_floating_point
            assert torch.equal(index.long(), levels.long()) or torch.equal(
                index.long(), levels.round().long()
            ), route
            grid = integer_lookup.LOW + index * (
                (integer_lookup.HIGH - integer_lookup.LOW) / (integer_lookup.LEVELS - 1)
            )
            assert torch.allclose(model.exp_table[index], grid.exp(), rtol=1e-5), route
        h = torch.linspace(-5.0, 5.0, 101).reshape(1, 101)
        for route in reinterpret_bytes.VARIANTS:
            got = reinterpret_bytes.VARIANTS[route](h)
            want = (torch.relu(h) + 1e-3).log() if "log" in route else h.exp()
            assert torch.allclose(got, want, rtol=0.07, atol=0.07), route


@pytest.mark.parametrize(("file", "route"), VALUE_ROUTES)
def test_integers_from_floats_and_reinterpreted_bytes_are_refused_at_run_time(
    file: str, route: str
) -> None:
    assert _why(route) in _refused(_value_exploit(file, route))


@pytest.mark.parametrize(("file", "route"), VALUE_ROUTES)
def test_integers_from_floats_and_reinterpreted_bytes_are_refused_in_the_exported_graph(
    file: str, route: str
) -> None:
    # each one exports: it is the scorer, not torch.export, that must refuse it
    program = torch.export.export(_value_exploit(file, route).eval(), (TOKENS,))
    with pytest.raises(restrict.Forbidden, match=_why(route)):
        restrict.check_program(program)
    # and the graph as the scorer runs it, had its metadata passed the check
    with torch.no_grad(), pytest.raises(restrict.Forbidden, match=_why(route)):
        restrict.restricted_forward(program.module(), TOKENS)


def _int64(h: torch.Tensor) -> torch.Tensor:
    return torch.zeros(h.shape, dtype=torch.int64)


#: one operator each, on a float activation h [batch, seq, 16]: every one yields an integer
#: (or bool) tensor from a float one, or a view of its bytes under another dtype
ONE_OPERATOR = {
    "copy_": lambda h: _int64(h).copy_(h),
    "to(int64)": lambda h: h.to(torch.int64),
    "bool()": lambda h: h.bool(),
    "sum(dtype=int64)": lambda h: h.sum(-1, dtype=torch.int64),
    "sum(out=int64)": lambda h: torch.sum(h, -1, out=torch.zeros(h.shape[:-1], dtype=torch.int64)),
    "cumsum(dtype=int32)": lambda h: h.cumsum(-1, dtype=torch.int32),
    "fill_ with a 0-d float": lambda h: torch.zeros(3, dtype=torch.int64).fill_(h[0, 0, 0]),
    "full_like(dtype=int64)": lambda h: torch.full_like(h, 1, dtype=torch.int64),
    "new_zeros(dtype=int64)": lambda h: h.new_zeros(3, dtype=torch.int64),
    "empty_like(dtype=int64)": lambda h: torch.empty_like(h, dtype=torch.int64),
    "complex to int": lambda h: h.to(torch.complex64).to(torch.int64),
    "float8 then uint8 bytes": lambda h: h.to(torch.float8_e4m3fn).view(torch.uint8),
    "view(int32)": lambda h: h.view(torch.int32),
    "view(bfloat16)": lambda h: h.view(torch.bfloat16),
    "view(float16) then as_strided": lambda h: h.view(torch.float16).as_strided((4,), (2,)),
    "complex bytes as float32": lambda h: h.to(torch.complex64).view(torch.float32),
    "int64 bytes as float64": lambda h: _int64(h).view(torch.float64),
}


class OneOperator(Mlp):
    def __init__(self, route: str) -> None:
        super().__init__()
        self.route = ONE_OPERATOR[route]

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        h = self.embed(tokens)[..., :16].detach()  # detached: no integer gradients in export
        return self.out(torch.relu(self.hidden(self.embed(tokens)))) + 0 * self.route(h).sum()


@pytest.mark.filterwarnings("ignore:Casting complex values to real")
@pytest.mark.parametrize("route", sorted(ONE_OPERATOR))
def test_every_route_to_an_integer_or_other_bytes_is_refused(route: str) -> None:
    message = _refused(OneOperator(route))
    assert "turns a" in message or "reinterprets the bytes" in message, message
    program = torch.export.export(OneOperator(route).eval(), (TOKENS,))  # each one exports
    with pytest.raises(restrict.Forbidden, match=r"turns a|reinterprets the bytes"):
        restrict.check_program(program)


def test_the_messages_say_what_was_refused_and_why() -> None:
    message = _refused(OneOperator("copy_"))
    assert message.startswith("aten.copy_ turns a float32 tensor into int64: ")
    assert "lookup table" in message and ".half()" in message
    message = _refused(OneOperator("view(bfloat16)"))
    assert message.startswith("aten.view.dtype reinterprets the bytes of a float32 tensor as ")
    assert "bfloat16" in message and ".to(dtype)" in message


class Conversions(Mlp):
    """Float-to-float conversions, integers from the tokens and arange, int → float."""

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        h = self.embed(tokens)
        h = h.half().float() + h.to(torch.bfloat16).double().float() + h.type_as(self.out.weight)
        positions = torch.arange(tokens.shape[1]).expand_as(tokens)  # integers from no float
        h = h + self.embed(positions * 2 + 1)
        h = h + positions.unsqueeze(-1).float() * 0.01 + tokens.to(torch.float16).unsqueeze(-1)
        return self.out(torch.relu(self.hidden(h.view(h.shape))))


def test_float_conversions_and_integers_from_the_tokens_are_allowed() -> None:
    model = Conversions()
    with torch.no_grad():
        logits, _ = restrict.restricted_forward(model, TOKENS)
        assert torch.equal(logits, model(TOKENS))
    program = torch.export.export(model.eval(), (TOKENS,))
    assert {"to", "type_as", "arange"} <= restrict.check_program(program)
    with torch.no_grad():
        logits, _ = restrict.restricted_forward(program.module(), TOKENS)
        assert torch.allclose(logits, model(TOKENS))


def _solution(path: str) -> torch.nn.Module:
    torch.manual_seed(0)
    return load_module(ENV / path, "rmlm").build_model(VOCAB)


@pytest.mark.parametrize("path", ["reference/model.py", "task/solution/model.py"])
def test_the_reference_and_starting_models_pass_both_checks_as_submitted(
    path: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the submission format, as the worker sees them (metadata from the file)."""
    model = _solution(path)
    monkeypatch.setenv("ENVSPEC_PARAMETERS", '{"batch_size": 2, "seq_len": 12}')
    load_module(ENV / "task" / "solution" / "submit.py", "rmlm").save(model, str(tmp_path / "m"))
    program = load_module(ENV / "scoring" / "model_file.py", "rmlm").load(tmp_path / "m")
    assert restrict.check_program(program) <= restrict.ALLOWED
    with torch.no_grad():
        logits, _ = restrict.restricted_forward(program.module(), TOKENS)
        assert torch.allclose(logits, model(TOKENS), atol=1e-5)


def test_a_submitted_conversion_is_refused_from_the_files_metadata(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENVSPEC_PARAMETERS", '{"batch_size": 2, "seq_len": 12}')
    model = _value_exploit("integer_lookup", "copy_ into an int64 tensor")
    load_module(ENV / "task" / "solution" / "submit.py", "rmlm").save(model, str(tmp_path / "m"))
    program = load_module(ENV / "scoring" / "model_file.py", "rmlm").load(tmp_path / "m")
    with pytest.raises(restrict.Forbidden, match=r"aten\.copy_ turns a float32 tensor into int64"):
        restrict.check_program(program)


@pytest.mark.parametrize("where", ["the node", "an input"])
def test_a_node_without_tensor_metadata_is_refused(where: str) -> None:
    program = torch.export.export(Mlp().eval(), (TOKENS,))
    nodes = {n.name: n for n in program.graph.nodes}
    del nodes["embedding" if where == "the node" else "tokens"].meta["val"]
    with pytest.raises(restrict.Forbidden, match="no tensor metadata"):
        restrict.check_program(program)


uninitialised = load_module(ENV / "exploits" / "uninitialised_memory.py", "rmlm")


def test_uninitialised_memory_reads_as_zeros() -> None:
    """Stale bytes of freed tensors (a reinterpretation with no operator that says so) are
    never visible: whatever block the allocator hands out, empty* results are zeros."""

    class Stale(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.w = torch.nn.Parameter(torch.ones(()))

        def forward(self, tokens: torch.Tensor) -> torch.Tensor:
            got = []
            for n in (24, 1024, 4096, 65536):  # from the small-block lists to whole pages
                freed = torch.ones(n) * self.w + 2.0**23
                alive = freed.sum() * 0
                del freed
                stale = torch.empty(n, dtype=torch.int32)
                like = torch.empty_like(stale)
                new = stale.new_empty(n)
                got += [stale.sum(), like.sum(), new.sum(), alive]
            return torch.stack(got)

    with torch.no_grad():
        for _ in range(3):
            out, _ = restrict.restricted_forward(Stale(), TOKENS)
            assert not out.any()


@pytest.mark.parametrize("exported", [False, True])
def test_the_uninitialised_memory_exploit_only_ever_sees_index_zero(exported: bool) -> None:
    torch.manual_seed(0)
    model = uninitialised.build_model(VOCAB)
    tokens = torch.randint(0, VOCAB, (16, 128), generator=torch.Generator().manual_seed(1))
    program = torch.export.export(model.eval(), (tokens,))
    assert restrict.check_program(program)  # no one operator breaks a rule: it is neutralised
    run = program.module() if exported else model
    with torch.no_grad():
        zero = model.out(model.exp_table[torch.zeros(16, 128, 16, dtype=torch.int64)])
        for _ in range(4):  # the scorer calls it once per batch: later calls reuse blocks more
            logits, _ = restrict.restricted_forward(run, tokens)
            assert torch.equal(logits, zero)


def _saved(model: torch.nn.Module, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``model`` saved by the task's submit.py for TOKENS' shape."""
    monkeypatch.setenv("ENVSPEC_PARAMETERS", json.dumps({"batch_size": 2, "seq_len": 12}))
    submit = load_module(ENV / "task" / "solution" / "submit.py", "rmlm_submit")
    path = tmp / "model.mlm"
    submit.save(model.eval(), str(path))
    return path


def test_a_symbolic_size_is_refused_before_anything_is_deserialized(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """forge.py's sym_expr: a size whose expression is Python, which torch's deserializer
    evaluates (it disabled the checks in the worker); refused from the JSON alone."""
    model_file = load_module(ENV / "scoring" / "model_file.py", "rmlm_model_file")
    forge = load_module(ENV / "exploits" / "forge.py", "rmlm_forge")
    path = _saved(Mlp(), tmp_path, monkeypatch)
    assert model_file.load(path) is not None  # an honest export has no symbolic size
    forge.forge(path, "sym_expr")
    marker = Path(forge.MARKER)
    marker.unlink(missing_ok=True)
    try:
        with pytest.raises(model_file.BadModelFile, match="symbolic size"):
            model_file.load(path)
        assert not marker.exists(), "the payload ran"
    finally:
        marker.unlink(missing_ok=True)


def test_weights_behind_a_one_element_parameter_are_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """hidden_storage.py: a parameter of one element whose storage holds far more weights
    than the count allows; the worker gives it a storage of its own element first."""
    hidden = load_module(ENV / "exploits" / "hidden_storage.py", "rmlm_hidden")
    model = hidden.build_model(VOCAB)
    stored = model.weight.untyped_storage().nbytes() // model.weight.element_size()
    assert sum(p.numel() for p in model.parameters()) == 1 and stored > 60_000
    unrestricted = model(TOKENS)  # the cheat works where nothing stops it
    assert unrestricted.shape == (*TOKENS.shape, VOCAB)
    path = _saved(model, tmp_path, monkeypatch)
    inputs = {
        "tokens": TOKENS,
        "positions": torch.tensor([[0, 1], [1, 2]]),
        "vocab_size": VOCAB,
        "batch_size": 2,
        "max_parameters": 10_000,
    }
    torch.save(inputs, tmp_path / "inputs.pt")
    worker = load_module(ENV / "scoring" / "worker.py", "rmlm_worker")
    with pytest.raises(RuntimeError, match="out of bounds"):
        worker.main(path, tmp_path / "inputs.pt", tmp_path)
    assert not (tmp_path / "logits.pt").exists()
