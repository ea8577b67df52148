"""llm_foundry's asset builder, without the corpus: the base model's initial weights."""

from __future__ import annotations

from pathlib import Path

from tests.support.envs import load_module, require_torch

torch = require_torch()

ENV = Path(__file__).resolve().parents[1]
SMALL = {"vocab_size": 64, "n_positions": 16, "n_embd": 16, "n_layer": 2, "n_head": 2}


def _low_bits(folder: Path) -> int:
    """How many weights use float32's low 16 mantissa bits (bfloat16 has none of them)."""
    state = torch.load(folder / "pytorch_model.bin", weights_only=True)
    return sum(int(((t.view(torch.int32) & 0xFFFF) != 0).sum()) for t in state.values())


def test_standard_weights_are_rounded_to_bfloat16_and_stay_float32(tmp_path: Path) -> None:
    builder = load_module(ENV / "scoring" / "build_assets.py", "lf_assets")
    config = builder.LITE_MODEL | SMALL
    builder.base_model(tmp_path / "exact", config, rounded=False)
    builder.base_model(tmp_path / "rounded", config, rounded=True)
    assert _low_bits(tmp_path / "exact") > 1000
    assert _low_bits(tmp_path / "rounded") == 0
    exact = torch.load(tmp_path / "exact" / "pytorch_model.bin", weights_only=True)
    rounded = torch.load(tmp_path / "rounded" / "pytorch_model.bin", weights_only=True)
    for name, tensor in rounded.items():
        assert tensor.dtype == torch.float32
        assert torch.equal(tensor, exact[name].to(torch.bfloat16).float()), name
    assert builder.PRESETS["standard"].rounded and not builder.PRESETS["lite"].rounded
