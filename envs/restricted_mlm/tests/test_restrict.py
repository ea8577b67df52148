"""The operator-level restriction: allowed architectures run; every exploit is refused."""

from __future__ import annotations

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

    with torch.no_grad(), pytest.raises(restrict.Forbidden, match="only float conversions"):
        restrict.restricted_forward(Quantise(), TOKENS)
