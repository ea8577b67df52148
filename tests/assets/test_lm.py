"""The language-model builder on a tiny synthetic corpus: two builds with the same secret give
the same bytes, another secret changes the corrupted model only, the corrupted model is the
large one with its embedding rows permuted as the secret decides (and as no public seed does),
nothing the build writes reveals the secret, and the model code shipped in each asset loads its
weights on its own."""

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
from envspec.assets.lm import (
    PRESETS,
    LMPreset,
    ModelShape,
    build_lm_assets,
    corrupt_embedding,
    corrupt_lm_model,
    embedding_permutation,
)
from envspec.assets.secret import ENV_VAR, AssetSecret
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
    agent_train_fraction=0.5,
    name="tiny",
)
ASSET_FOLDERS = ("data", "test", "small", "large", "corrupted", "tokens")
SECRET = AssetSecret(b"a test secret, 32 bytes long...!", "file")
OTHER = AssetSecret(b"another test secret of 32 bytes!", "environment")
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
    """Two builds with the same secret."""
    corpus = _corpus(tmp_path_factory.mktemp("corpus"))
    a, b = tmp_path_factory.mktemp("lm-a"), tmp_path_factory.mktemp("lm-b")
    report = build_lm_assets(corpus, a, TINY, secret=SECRET)
    build_lm_assets(corpus, b, TINY, secret=AssetSecret(SECRET.value, "environment"))
    return a, b, report


@pytest.fixture(scope="module")
def other_secret(
    tmp_path_factory: pytest.TempPathFactory, built: tuple[Path, Path, dict[str, Any]]
) -> tuple[Path, dict[str, Any]]:
    """A build with another secret, from $ENVSPEC_ASSET_SECRET (no secret argument)."""
    corpus = _corpus(tmp_path_factory.mktemp("corpus-c"))
    c = tmp_path_factory.mktemp("lm-c")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(ENV_VAR, OTHER.value.decode())
        report = build_lm_assets(corpus, c, TINY)
    return c, report


def test_two_builds_give_the_same_bytes(built: tuple[Path, Path, dict[str, Any]]) -> None:
    a, b, report = built
    digests = _digests(a)
    assert digests == _digests(b)
    assert report["corruption"]["secret"] == {
        "source": "file",
        "fingerprint": SECRET.fingerprint,
        "repeatable": True,
    }
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


def test_another_secret_changes_the_corrupted_model_only(
    built: tuple[Path, Path, dict[str, Any]], other_secret: tuple[Path, dict[str, Any]]
) -> None:
    a, _, _ = built
    c, report = other_secret
    assert report["corruption"]["secret"]["source"] == "environment"
    assert report["corruption"]["secret"]["fingerprint"] == OTHER.fingerprint != SECRET.fingerprint
    mine, theirs = _digests(a), _digests(c)
    assert mine.keys() == theirs.keys()
    differ = {p for p in mine if mine[p] != theirs[p]}
    assert differ == {"corrupted/model.pt"}  # large/metrics.json included: no secret in it
    assert report["losses"]["corrupted"] != built[2]["losses"]["corrupted"]
    assert report["losses"]["large"] == built[2]["losses"]["large"]


def test_nothing_written_reveals_the_secret_or_the_permutation(
    built: tuple[Path, Path, dict[str, Any]],
) -> None:
    a, _, report = built
    vocab = TINY.vocab_size
    perm = embedding_permutation(SECRET, TINY, vocab)
    secret_hex = SECRET.value.hex().encode()
    for path in [*a.rglob("*")]:
        if path.is_file():
            data = path.read_bytes()
            assert SECRET.value not in data and secret_hex not in data, path
    assert json.loads((a / "large" / "metrics.json").read_text()).keys() == {"losses"}
    text = json.dumps(report)
    assert "permutation_seed" not in text and str(perm[:8])[1:-1] not in text
    assert "value" not in report["corruption"]["secret"]
    assert SECRET.value.decode() not in repr(SECRET)


def test_a_fresh_secret_when_none_is_given(
    built: tuple[Path, Path, dict[str, Any]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    a, _, _ = built
    monkeypatch.delenv(ENV_VAR, raising=False)
    fingerprints = set()
    digests = set()
    for i in range(2):
        out = tmp_path / f"re-{i}"
        (out / "large").mkdir(parents=True)
        for f in (a / "large").iterdir():
            (out / "large" / f.name).write_bytes(f.read_bytes())
        report = corrupt_lm_model(out, TINY)
        assert report["secret"]["source"] == "fresh" and report["secret"]["repeatable"] is False
        fingerprints.add(report["secret"]["fingerprint"])
        digests.add(hashlib.sha256((out / "corrupted" / "model.pt").read_bytes()).hexdigest())
        assert sorted(p.name for p in (out / "corrupted").iterdir()) == [
            "config.json",
            "model.pt",
            "model.py",
        ]
    assert len(fingerprints) == 2 and len(digests) == 2  # two fresh secrets, two models
    assert "drew a fresh one" in caplog.text
    # with the build's own secret, re-corrupting gives the build's bytes
    report = corrupt_lm_model(out, TINY, SECRET)
    assert (out / "corrupted" / "model.pt").read_bytes() == (
        a / "corrupted" / "model.pt"
    ).read_bytes()
    assert report["rows_moved"] > 0.9 * TINY.vocab_size


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
    perm = embedding_permutation(SECRET, TINY, wte.shape[0])
    assert torch.equal(scrambled, wte[torch.tensor(perm)])
    assert report["corruption"]["rows_moved"] > 0.9 * TINY.vocab_size
    # not what the public code drew before 0.2.0 (a seeded torch.randperm)
    public = torch.randperm(wte.shape[0], generator=torch.Generator().manual_seed(4321))
    assert not torch.equal(scrambled, wte[public])
    # the permutation depends on the preset's name as well as on the secret
    assert embedding_permutation(SECRET, "lite", 600) != embedding_permutation(
        SECRET, "standard", 600
    )
    assert perm != embedding_permutation(OTHER, TINY, wte.shape[0])
    metrics = json.loads((a / "large" / "metrics.json").read_text())
    assert report["losses"]["large"]["test"] == metrics["losses"]["test"]


def test_small_model_is_narrower_and_trained(built: tuple[Path, Path, dict[str, Any]]) -> None:
    a, _, report = built
    small = json.loads((a / "small" / "config.json").read_text())
    large = json.loads((a / "large" / "config.json").read_text())
    assert small["n_embd"] < large["n_embd"] and small["vocab_size"] == large["vocab_size"]
    log = json.loads((a / "small" / "train.json").read_text())
    assert [h["step"] for h in log["history"]] == [3, 6]
    assert report["models"]["small"]["parameters"] < report["models"]["large"]["parameters"]


def test_corrupt_embedding_refuses_other_files(
    built: tuple[Path, Path, dict[str, Any]], tmp_path: Path
) -> None:
    torch.save({"weights": torch.zeros(2)}, tmp_path / "x.pt")
    with pytest.raises(EnvspecError):
        corrupt_embedding(tmp_path / "x.pt", tmp_path / "y.pt", [0, 1])
    large = built[0] / "large" / "model.pt"
    for bad in ([0] * TINY.vocab_size, list(range(TINY.vocab_size - 1))):
        with pytest.raises(EnvspecError, match="not a permutation"):
            corrupt_embedding(large, tmp_path / "y.pt", bad)
    with pytest.raises(EnvspecError, match="no model"):
        corrupt_lm_model(tmp_path, TINY, SECRET)


def test_unknown_preset_and_missing_corpus(tmp_path: Path) -> None:
    with pytest.raises(EnvspecError, match="unknown preset"):
        build_lm_assets(tmp_path, tmp_path / "out", "huge")
    with pytest.raises(EnvspecError) as e:
        build_lm_assets(tmp_path, tmp_path / "out", "lite")
    assert "build-corpus" in (e.value.hint or "")
    assert set(PRESETS) == {"lite", "standard"}
