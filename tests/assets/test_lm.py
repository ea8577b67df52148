"""The language-model builder on a tiny synthetic corpus: two builds give the same bytes, the
corrupted model is the large one with its embedding rows permuted, and the model code shipped in
each asset loads its weights on its own."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from envspec.assets.corpus import SEPARATOR
from envspec.assets.lm import PRESETS, LMPreset, ModelShape, build_lm_assets, corrupt_embedding
from envspec.errors import EnvspecError

try:
    import numpy as np
    import torch
except ImportError:  # in CI scripts/bootstrap installs the CPU wheel: there it must be present
    if os.environ.get("CI"):
        raise
    pytest.skip("TORCH MISSING: run scripts/bootstrap", allow_module_level=True)

TINY = LMPreset(
    corpus_subdir="",
    vocab_size=600,
    block_size=16,
    batch_size=4,
    large=ModelShape(n_layer=1, n_head=2, n_embd=16, steps=6, lr=3e-3),
    small=ModelShape(n_layer=1, n_head=1, n_embd=8, steps=6, lr=3e-3),
    warmup=2,
    eval_every=3,
    threads=1,
    seed=7,
    permutation_seed=11,
    agent_train_fraction=0.5,
)
ASSET_FOLDERS = ("data", "test", "small", "large", "corrupted", "tokens")
WORDS = [
    "the",
    "a",
    "model",
    "of",
    "language",
    "learns",
    "to",
    "predict",
    "next",
    "token",
    "from",
    "text",
    "and",
    "its",
    "embedding",
]


def _corpus(root: Path) -> Path:
    rng = random.Random(0)
    for split, n in (("train", 120), ("validation", 20), ("test", 20)):
        docs = [
            " ".join(rng.choice(WORDS) for _ in range(rng.randint(20, 60))) + "." for _ in range(n)
        ]
        (root / f"{split}.txt").write_text(SEPARATOR.join(docs) + "\n")
    return root


def _digests(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for folder in ASSET_FOLDERS
        for p in sorted((root / folder).rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, Any]]:
    corpus = _corpus(tmp_path_factory.mktemp("corpus"))
    a, b = tmp_path_factory.mktemp("lm-a"), tmp_path_factory.mktemp("lm-b")
    report = build_lm_assets(corpus, a, TINY)
    build_lm_assets(corpus, b, TINY)
    return a, b, report


def test_two_builds_give_the_same_bytes(built: tuple[Path, Path, dict[str, Any]]) -> None:
    a, b, _ = built
    digests = _digests(a)
    assert digests == _digests(b)
    assert {
        "data/tokenizer.json",
        "data/train.bin",
        "data/validation.bin",
        "data/train.txt",
        "test/test.bin",
        "small/model.py",
        "small/model.pt",
        "large/metrics.json",
        "corrupted/config.json",
    } <= set(digests)
    # the agent's data holds no test tokens, and the corrupted model no training log
    assert not [p for p in digests if p.startswith("data/test")]
    assert not [p for p in digests if p.startswith("corrupted/") and "train" in p]


def test_the_agent_gets_a_prefix_of_the_train_documents(
    built: tuple[Path, Path, dict[str, Any]],
) -> None:
    a, _, report = built
    meta = json.loads((a / "data" / "tokens.json").read_text())
    assert report["tokens"]["agent_train_documents"] == 60  # half of 120
    agent = meta["splits"]["train"]["tokens"]
    assert agent == report["tokens"]["agent_train"] < report["tokens"]["train"]
    ids = np.fromfile(a / "data" / "train.bin", dtype="<u2")
    assert int((ids == meta["end_of_text"]).sum()) == 60
    assert (a / "data" / "train.txt").read_text().count(SEPARATOR) == 59
    assert int(ids.max()) < TINY.vocab_size


def _shipped(folder: Path) -> Any:
    """The model module shipped in an asset folder, imported from there alone."""
    spec = importlib.util.spec_from_file_location(f"shipped_{folder.name}", folder / "model.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_corrupted_is_the_large_model_with_rows_permuted(
    built: tuple[Path, Path, dict[str, Any]],
) -> None:
    a, _, report = built
    gpt = _shipped(a / "corrupted")
    large, bad = gpt.load(a / "large" / "model.pt"), gpt.load(a / "corrupted" / "model.pt")
    assert json.loads((a / "corrupted" / "config.json").read_text()) == large.config.to_dict()
    good_sd, bad_sd = large.state_dict(), bad.state_dict()
    assert set(good_sd) == set(bad_sd)
    for name in good_sd:
        if name != "wte.weight":
            assert torch.equal(good_sd[name], bad_sd[name]), name
    wte, scrambled = good_sd["wte.weight"], bad_sd["wte.weight"]
    assert not torch.equal(wte, scrambled)
    perm = torch.randperm(wte.shape[0], generator=torch.Generator().manual_seed(11))
    assert torch.equal(scrambled, wte[perm])
    metrics = json.loads((a / "large" / "metrics.json").read_text())
    assert metrics["rows_moved"] > 0.9 * TINY.vocab_size
    assert report["losses"]["large"]["test"] == metrics["losses"]["test"]


def test_small_model_is_narrower_and_trained(built: tuple[Path, Path, dict[str, Any]]) -> None:
    a, _, report = built
    small = json.loads((a / "small" / "config.json").read_text())
    large = json.loads((a / "large" / "config.json").read_text())
    assert small["n_embd"] < large["n_embd"] and small["vocab_size"] == large["vocab_size"]
    log = json.loads((a / "small" / "train.json").read_text())
    assert [h["step"] for h in log["history"]] == [3, 6]
    assert report["models"]["small"]["parameters"] < report["models"]["large"]["parameters"]


def test_corrupt_embedding_refuses_other_files(tmp_path: Path) -> None:
    torch.save({"weights": torch.zeros(2)}, tmp_path / "x.pt")
    with pytest.raises(EnvspecError):
        corrupt_embedding(tmp_path / "x.pt", tmp_path / "y.pt", 1)


def test_unknown_preset_and_missing_corpus(tmp_path: Path) -> None:
    with pytest.raises(EnvspecError, match="unknown preset"):
        build_lm_assets(tmp_path, tmp_path / "out", "huge")
    with pytest.raises(EnvspecError) as e:
        build_lm_assets(tmp_path, tmp_path / "out", "lite")
    assert "build-corpus" in (e.value.hint or "")
    assert set(PRESETS) == {"lite", "standard"}
