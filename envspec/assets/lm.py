"""Small language models built offline: a tokenizer, token files and two pretrained GPTs.

:func:`build_lm_assets` trains the small BPE on a corpus (:mod:`envspec.assets.corpus`), writes
each split as uint16 token files (documents joined by the end-of-text id), pretrains a "large"
and a "small" GPT of different widths on the train split, and makes the large model's corrupted
twin by a permutation of its (tied) embedding rows that a secret decides
(:mod:`envspec.assets.secret`). Token files are :mod:`envspec.assets.tokens`'s. Each result is
a folder that ``envspec asset push`` turns into one asset:

=============  ==========================================================  =============
folder         files                                                       who sees it
=============  ==========================================================  =============
``data``       tokenizer.json, special_tokens.json, train/validation .bin   agent
               and .txt, tokens.json
``test``       test.bin, tokens.json                                        scorer only
``small``      model.py, config.json, model.pt, train.json                 agent
``large``      model.py, config.json, model.pt, train.json, metrics.json   scorer only
               (its losses)
``corrupted``  model.py, config.json, model.pt                             agent
=============  ==========================================================  =============

Same inputs give the same bytes: training runs in a child process whose CPU code paths and
thread count are pinned before torch loads (``MKL_CBWR``, ``ATEN_CPU_CAPABILITY``,
``ONEDNN_MAX_CPU_ISA``), with fixed seeds and deterministic algorithms; nothing records a time.
Bit-identical weights need the same torch version and an x86 CPU with AVX2. The inputs of every
folder but ``corrupted`` are public (the corpus, the preset); ``corrupted`` also depends on the
secret, and nothing any folder holds reveals the secret or the permutation (the build report,
``report.json``, which is no asset, names the secret's source and fingerprint only).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from envspec.assets import tokenizer as tok
from envspec.assets.corpus import SEPARATOR
from envspec.assets.secret import AssetSecret, keyed_permutation, load_secret
from envspec.assets.tokens import INFO_NAME, encode_splits
from envspec.errors import BadInput, EnvspecError

__all__ = [
    "PRESETS",
    "LMPreset",
    "ModelShape",
    "build_cpu",
    "build_lm_assets",
    "corrupt_embedding",
    "corrupt_lm_model",
    "embedding_permutation",
    "prepare_lm_data",
    "train_lm_models",
]

log = logging.getLogger(__name__)

MODEL_SOURCE = Path(__file__).with_name("gpt.py")
#: set in the training child before torch loads: one CPU code path on any AVX2 machine
DETERMINISTIC_ENV = {
    "MKL_CBWR": "AVX2",
    "ATEN_CPU_CAPABILITY": "avx2",
    "ONEDNN_MAX_CPU_ISA": "AVX2",
    "CUBLAS_WORKSPACE_CONFIG": ":4096:8",
    "PYTHONHASHSEED": "0",
}


def build_cpu() -> str:
    """The CPU a CPU pretraining's bytes depend on: its vendor, model name and whether it has
    AVX-512. The pinned environment above makes one machine repeat its bytes, but MKL's
    reproducible mode does not make an Intel and an AMD CPU agree (measured: lite models
    built on an AMD EPYC and an Intel Xeon differ), so pins record where they were built."""
    fields: dict[str, str] = {}
    flags: set[str] = set()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            key = key.strip()
            if key in ("vendor_id", "model name") and key not in fields:
                fields[key] = value.strip()
            elif key == "flags" and not flags:
                flags = set(value.split())
    except OSError:
        return "unknown CPU"
    avx512 = "AVX-512" if "avx512f" in flags else "no AVX-512"
    return f"{fields.get('vendor_id', '?')} {fields.get('model name', '?')} ({avx512})"


@dataclass(frozen=True)
class ModelShape:
    """Depth, heads and width of one model, and how long it is pretrained."""

    n_layer: int
    n_head: int
    n_embd: int
    steps: int
    lr: float


@dataclass(frozen=True)
class LMPreset:
    """Everything that decides the assets' bytes (with the corpus and the torch version)."""

    corpus_subdir: str  # "lite" for the corpus's lite slice, "" for the whole corpus
    vocab_size: int
    block_size: int
    batch_size: int
    large: ModelShape
    small: ModelShape
    warmup: int
    eval_every: int
    threads: int
    seed: int
    agent_train_fraction: float  # the prefix of the train documents the agent gets
    name: str = "custom"  # in the label the permutation is derived under (PERMUTATION_LABEL)


#: what the secret is keyed with for the corrupted model's permutation (``{preset}``: its name)
PERMUTATION_LABEL = "fix_embedding/{preset}/permutation"


PRESETS: dict[str, LMPreset] = {
    # a few minutes on 2 CPU cores: about one pass over the lite train slice (≈0.67 M tokens)
    "lite": LMPreset(
        corpus_subdir="lite",
        vocab_size=4096,
        block_size=128,
        batch_size=16,
        large=ModelShape(n_layer=4, n_head=4, n_embd=128, steps=330, lr=3e-3),
        small=ModelShape(n_layer=4, n_head=2, n_embd=64, steps=330, lr=3e-3),
        warmup=30,
        eval_every=110,
        threads=2,
        seed=1234,
        agent_train_fraction=1.0,
        name="lite",
    ),
    # one GPU: the whole train split for several passes; the agent gets a tenth of it, so
    # that pretraining anew on what it is given cannot reach the recovered model
    "standard": LMPreset(
        corpus_subdir="",
        vocab_size=8192,
        block_size=256,
        batch_size=256,
        large=ModelShape(n_layer=6, n_head=6, n_embd=192, steps=3000, lr=3e-3),
        small=ModelShape(n_layer=4, n_head=3, n_embd=96, steps=1500, lr=4e-3),
        warmup=100,
        eval_every=500,
        threads=8,
        seed=1234,
        agent_train_fraction=0.1,
        name="standard",
    ),
}


def _preset(name: str | LMPreset) -> LMPreset:
    if isinstance(name, LMPreset):
        return name
    if name not in PRESETS:
        raise BadInput(f"unknown preset {name!r}", hint=f"choose {' or '.join(PRESETS)}")
    return PRESETS[name]


def _documents(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return text[:-1].split(SEPARATOR) if text else []


def _write_text(docs: list[str], out: Path) -> None:
    out.write_bytes((SEPARATOR.join(docs) + "\n").encode() if docs else b"")


def _model_dir(src: Path, dest: Path, *, with_log: bool) -> None:
    """A model asset folder: the model's code, its config and weights (and training log)."""
    import torch

    dest.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(MODEL_SOURCE, dest / "model.py")
    shutil.copyfile(src / "model.pt", dest / "model.pt")
    config = torch.load(src / "model.pt", weights_only=True)["config"]
    (dest / "config.json").write_text(json.dumps(config, indent=2, sort_keys=True) + "\n")
    if with_log:
        shutil.copyfile(src / "train.json", dest / "train.json")


def run_child(spec: dict[str, Any], spec_file: Path, log_file: Path) -> None:
    """Run :mod:`envspec.assets.pretrain` on ``spec`` in a child with the pinned environment.

    Raises:
        EnvspecError: the child failed (with the end of its log).
    """
    env = dict(os.environ) | DETERMINISTIC_ENV
    threads = str(spec["threads"])
    env |= {"OMP_NUM_THREADS": threads, "MKL_NUM_THREADS": threads}
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    spec_file.parent.mkdir(parents=True, exist_ok=True)
    spec_file.write_text(json.dumps(spec))
    with log_file.open("ab") as out:
        proc = subprocess.run(
            [sys.executable, "-m", "envspec.assets.pretrain", str(spec_file)],
            env=env,
            stdout=out,
            stderr=out,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    if proc.returncode != 0:
        tail = log_file.read_text(errors="replace")[-1500:]
        raise EnvspecError(
            f"{spec.get('task', 'pretraining')} failed (exit {proc.returncode}): {tail}",
            hint=f"see {log_file}; torch and numpy must be importable",
        )


def corrupt_embedding(src: Path, dest: Path, perm: Sequence[int]) -> None:
    """Write ``src`` (a model.pt) to ``dest`` with its token-embedding rows permuted by
    ``perm`` (new row i = old row perm[i]).

    Raises:
        EnvspecError: ``src`` is not an envspec GPT file, or ``perm`` is not a permutation of
            its rows.
    """
    import torch

    data = torch.load(src, weights_only=True)
    if not isinstance(data, dict) or "state_dict" not in data:
        raise EnvspecError(f"{src} is not an envspec GPT model file", hint="build it first")
    wte = data["state_dict"]["wte.weight"]
    if sorted(perm) != list(range(wte.shape[0])):
        raise EnvspecError(
            f"not a permutation of the {wte.shape[0]} embedding rows of {src}",
            hint="derive it with embedding_permutation()",
        )
    index = torch.tensor(list(perm), dtype=torch.long)
    data["state_dict"]["wte.weight"] = wte[index].contiguous()
    torch.save(data, dest)


def embedding_permutation(secret: AssetSecret, preset: str | LMPreset, n_rows: int) -> list[int]:
    """The corrupted model's permutation of ``n_rows`` embedding rows: keyed by ``secret``
    under :data:`PERMUTATION_LABEL` for the preset's name, so it differs from preset to preset
    and cannot be drawn without the secret."""
    label = PERMUTATION_LABEL.format(preset=_preset(preset).name)
    return keyed_permutation(secret, label, n_rows)


def corrupt_lm_model(
    out_dir: Path, preset: str | LMPreset = "lite", secret: AssetSecret | None = None
) -> dict[str, Any]:
    """The ``corrupted`` asset folder from ``out_dir/large``: the large model with its embedding
    rows permuted by :func:`embedding_permutation`. Without ``secret``, :func:`load_secret`'s
    (``$ENVSPEC_ASSET_SECRET``, else a fresh one). Seconds on a CPU, so a model pretrained
    elsewhere (on a GPU) gets a new permutation without pretraining again. Returns what a
    report may say: the secret's source and fingerprint and how many rows moved, never the
    permutation.

    Raises:
        EnvspecError: ``out_dir/large`` holds no envspec GPT model.
    """
    import torch

    p = _preset(preset)
    secret = secret if secret is not None else load_secret()
    large = out_dir / "large"
    if not (large / "model.pt").is_file():
        raise EnvspecError(f"no model in {large}", hint="build the large model first")
    corrupted = out_dir / "corrupted"
    shutil.rmtree(corrupted, ignore_errors=True)  # exactly model.py, config.json, model.pt
    _model_dir(large, corrupted, with_log=False)
    n_rows = int(torch.load(large / "model.pt", weights_only=True)["config"]["vocab_size"])
    perm = embedding_permutation(secret, p, n_rows)
    corrupt_embedding(large / "model.pt", corrupted / "model.pt", perm)
    return {
        "secret": secret.describe(),
        "label": PERMUTATION_LABEL.format(preset=p.name),
        "rows_moved": sum(i != j for i, j in enumerate(perm)),
    }


def prepare_lm_data(
    corpus_dir: Path, out_dir: Path, preset: str | LMPreset = "lite"
) -> dict[str, Any]:
    """Train the tokenizer and write the token files: the ``data`` and ``test`` asset folders,
    and ``tokens/`` (every split, for pretraining and evaluation; not an asset) under
    ``out_dir``. Returns the token counts.

    Raises:
        EnvspecError: an unknown preset, or a corpus folder without the preset's split files.
    """
    p = _preset(preset)
    source = corpus_dir / p.corpus_subdir if p.corpus_subdir else corpus_dir
    splits = {s: source / f"{s}.txt" for s in ("train", "validation", "test")}
    missing = [str(f) for f in splits.values() if not f.is_file()]
    if missing:
        raise EnvspecError(
            f"the corpus lacks {', '.join(missing)}", hint="envspec asset build-corpus DIR first"
        )
    out_dir.mkdir(parents=True, exist_ok=True)
    train_docs = _documents(splits["train"])
    tokenizer = tok.train_small_bpe(train_docs, vocab_size=p.vocab_size)
    data, test, tokens = out_dir / "data", out_dir / "test", out_dir / "tokens"
    tok.save(tokenizer, data)
    # every split for pretraining and evaluation; the agent's prefix of train and the
    # validation split for the agent; the test split for the scorer only
    everything = encode_splits(source, tokenizer, tokens, ["train", "validation", "test"])
    n_agent = round(len(train_docs) * p.agent_train_fraction)
    with tempfile.TemporaryDirectory(prefix="envspec-lm-") as tmp:
        agent_text = Path(tmp)
        _write_text(train_docs[:n_agent], agent_text / "train.txt")
        shutil.copyfile(splits["validation"], agent_text / "validation.txt")
        encode_splits(agent_text, tokenizer, data, ["train", "validation"])
        for split in ("train", "validation"):
            shutil.copyfile(agent_text / f"{split}.txt", data / f"{split}.txt")
    encode_splits(source, tokenizer, test, ["test"])
    counts = {s: int(info["tokens"]) for s, info in everything["splits"].items()}
    agent_info = json.loads((data / INFO_NAME).read_text())
    counts["agent_train"] = int(agent_info["splits"]["train"]["tokens"])
    counts["agent_train_documents"] = n_agent
    return counts


def train_lm_models(
    out_dir: Path,
    preset: str | LMPreset = "lite",
    *,
    device: str = "cpu",
    secret: AssetSecret | None = None,
) -> dict[str, Any]:
    """Pretrain the large and the small model on ``out_dir/tokens`` (from
    :func:`prepare_lm_data`), corrupt the large one (:func:`corrupt_lm_model`, with ``secret``)
    and evaluate all three: the ``large``, ``small`` and ``corrupted`` asset folders. Returns
    parameters, losses, seconds and the corruption's report.

    Raises:
        EnvspecError: pretraining or evaluation failed (with the end of its log).
    """
    p = _preset(preset)
    secret = secret if secret is not None else load_secret()  # before minutes of training
    tokens = out_dir / "tokens"
    report: dict[str, Any] = {"seconds": {}}
    trained: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="envspec-lm-") as tmp:
        work = Path(tmp)
        for which, shape in (("large", p.large), ("small", p.small)):
            t0 = time.monotonic()
            spec = {
                "train": str(tokens / "train.bin"),
                "validation": str(tokens / "validation.bin"),
                "out": str(work / which),
                "config": {
                    "vocab_size": p.vocab_size,
                    "block_size": p.block_size,
                    "n_layer": shape.n_layer,
                    "n_head": shape.n_head,
                    "n_embd": shape.n_embd,
                },
                "steps": shape.steps,
                "batch_size": p.batch_size,
                "lr": shape.lr,
                "warmup": p.warmup,
                "seed": p.seed + (0 if which == "large" else 1),
                "threads": p.threads,
                "device": device,
                "eval_every": p.eval_every,
            }
            log.info("pretraining the %s model (%d steps)", which, shape.steps)
            run_child(spec, work / f"{which}.spec.json", out_dir / f"pretrain-{which}.log")
            trained[which] = json.loads((work / which / "train.json").read_text())
            report["seconds"][which] = round(time.monotonic() - t0, 1)
        _model_dir(work / "large", out_dir / "large", with_log=True)
        _model_dir(work / "small", out_dir / "small", with_log=True)
        report["corruption"] = corrupt_lm_model(out_dir, p, secret)
        t0 = time.monotonic()
        evaluation = {
            "task": "evaluate",
            "models": {n: str(out_dir / n / "model.pt") for n in ("large", "small", "corrupted")},
            "splits": {s: str(tokens / f"{s}.bin") for s in ("validation", "test")},
            "threads": p.threads,
            "device": device,
            "out": str(work / "losses.json"),
        }
        run_child(evaluation, work / "evaluate.spec.json", out_dir / "evaluate.log")
        losses = json.loads((work / "losses.json").read_text())
        report["seconds"]["evaluation"] = round(time.monotonic() - t0, 1)
    # only what public inputs decide: the large asset's bytes must not depend on the secret
    # (the corrupted model's losses are in the report)
    metrics = {"losses": losses["large"]}
    (out_dir / "large" / "metrics.json").write_text(
        json.dumps(metrics, indent=2, sort_keys=True) + "\n"
    )
    report["models"] = {
        name: {"parameters": trained[name]["parameters"], "config": trained[name]["config"]}
        for name in ("large", "small")
    }
    report["losses"] = losses
    return report


def build_lm_assets(
    corpus_dir: Path,
    out_dir: Path,
    preset: str | LMPreset = "lite",
    *,
    device: str = "cpu",
    secret: AssetSecret | None = None,
) -> dict[str, Any]:
    """:func:`prepare_lm_data` then :func:`train_lm_models`: the five asset folders (see the
    module doc) under ``out_dir`` with ``preset`` (a name in :data:`PRESETS` or a preset) and
    ``secret`` (default :func:`load_secret`'s: ``$ENVSPEC_ASSET_SECRET``, else a fresh one).
    Returns a report (settings, token counts, parameters, losses, seconds, the secret's source
    and fingerprint), also written to ``out_dir/report.json``.

    Raises:
        EnvspecError: an unknown preset, a corpus folder without the preset's split files,
            or pretraining failed (with the end of its log).
    """
    p = _preset(preset)
    secret = secret if secret is not None else load_secret()  # before minutes of training
    started = time.monotonic()
    counts = prepare_lm_data(corpus_dir, out_dir, p)
    prepared = round(time.monotonic() - started, 1)
    report = train_lm_models(out_dir, p, device=device, secret=secret)
    report |= {"settings": asdict(p), "device": device, "tokens": counts}
    report["seconds"] |= {"tokens": prepared, "total": round(time.monotonic() - started, 1)}
    (out_dir / "report.json").write_text(json.dumps(report, indent=2, sort_keys=True) + "\n")
    return report
