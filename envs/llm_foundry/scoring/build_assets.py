"""Build llm_foundry's assets from Debian packages, deterministically.

    python scoring/build_assets.py OUT [--variant lite|standard]

writes ``OUT/base`` (for the agent and the scorer: the base model as a Hugging Face GPT-2
folder with its tokenizer, and ``train_data.jsonl``, rows of the corpus's train split to
develop with) and ``OUT/pool`` (the scorer's only: rows of the validation and test splits,
from which every scoring draws a fresh data set). ``lite``: restricted_mlm's corpus (fortunes,
jargon-text, bible-kjv), a 4,096-id byte-level BPE and a 1.3 M-parameter model; ``standard``:
the seven-source corpus, an 8,192-id BPE (both BPEs trained on the corpus's lite train slice)
and a 17 M-parameter model. The base model's weights come from a fixed seed.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import torch

from envspec.assets import tokenizer as tok
from envspec.assets.corpus import SEPARATOR, build_corpus

HERE = Path(__file__).resolve().parent
#: a row is consecutive documents of a split joined up to at least this many characters
ROW_CHARS = 1500
LITE_MODEL = {
    "model_type": "gpt2",
    "architectures": ["GPT2LMHeadModel"],
    "vocab_size": 4096,
    "n_positions": 256,
    "n_embd": 128,
    "n_layer": 4,
    "n_head": 4,
    "activation_function": "gelu_new",
    "layer_norm_epsilon": 1e-5,
    "resid_pdrop": 0.0,
    "embd_pdrop": 0.0,
    "attn_pdrop": 0.0,
    "tie_word_embeddings": True,
    "bos_token_id": 0,
    "eos_token_id": 0,
}


@dataclass(frozen=True)
class Preset:
    sources: list[str] | None  # None: every source of the corpus
    model: dict
    visible_rows: int
    #: round the initial weights to bfloat16's precision (kept as float32): the model's layer
    #: then compresses to about half, so that it travels to a GPU host in one 64 MiB call
    rounded: bool


PRESETS = {
    "lite": Preset(["fortunes", "jargon-text", "bible-kjv"], LITE_MODEL, 500, rounded=False),
    "standard": Preset(
        None,
        LITE_MODEL | {"vocab_size": 8192, "n_embd": 384, "n_layer": 8, "n_head": 6},
        2000,
        rounded=True,
    ),
}
SEED = 1234


def rows(docs: list[str]) -> list[str]:
    """The documents' lines, in order, joined into rows of at least ROW_CHARS characters (a
    row never spans two documents' boundary without a blank line between them)."""
    out, cur = [], ""
    for doc in docs:
        for line in doc.split("\n"):
            cur = f"{cur}\n{line}" if cur else line
            if len(cur) >= ROW_CHARS:
                out.append(cur)
                cur = ""
        if cur:
            cur += "\n"
    return out


def write_rows(path: Path, texts: list[str]) -> None:
    with path.open("w", encoding="utf-8") as f:
        for text in texts:
            f.write(json.dumps({"text": text}, ensure_ascii=False) + "\n")


def base_model(out: Path, config: dict, rounded: bool) -> None:
    """The initial weights, GPT-2's initialisation, as a Hugging Face folder. Drawn with
    Python's own generator, which gives the same numbers on every CPU (torch's vectorised
    samplers differ between instruction sets)."""
    sys.path.insert(0, str(HERE.parent / "task" / "solution" / "scripts"))
    import model as gpt2

    rng = random.Random(SEED)
    model = gpt2.GPT2LMHeadModel(config)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if name.endswith("bias"):
                p.zero_()
            elif ".ln_" in name or name.startswith("transformer.ln_f"):
                p.fill_(1.0)
            else:
                std = 0.02
                if name.endswith("c_proj.weight"):  # residual projections, scaled with depth
                    std /= (2 * config["n_layer"]) ** 0.5
                values = [rng.gauss(0.0, std) for _ in range(p.numel())]
                drawn = torch.tensor(values, dtype=torch.float32)
                if rounded:
                    drawn = drawn.to(torch.bfloat16).to(torch.float32)
                p.copy_(drawn.view(p.shape))
    gpt2.save(model, out)


def main(out: Path, variant: str = "lite") -> None:
    """Build the asset folders ``out/base`` and ``out/pool`` for ``variant``."""
    preset = PRESETS[variant]
    work = out.parent / f"{out.name}-work"
    build_corpus(work, preset.sources, lite_bytes=3_000_000)
    split = {
        s: (work / f"{s}.txt").read_text(encoding="utf-8").split(SEPARATOR)
        for s in ("train", "validation", "test")
    }
    lite_train = (work / "lite" / "train.txt").read_text(encoding="utf-8").split(SEPARATOR)
    tokenizer = tok.train_small_bpe(lite_train, vocab_size=preset.model["vocab_size"])
    base, pool = out / "base", out / "pool"
    base_model(base / "model", preset.model, preset.rounded)
    tok.save(tokenizer, base / "model")
    (base / "model" / "special_tokens.json").unlink()
    write_rows(base / "train_data.jsonl", rows(split["train"])[: preset.visible_rows])
    pool.mkdir(parents=True)
    write_rows(pool / "rows.jsonl", rows(split["validation"]) + rows(split["test"]))
    shutil.copyfile(work / "sources.json", out / "base" / "sources.json")
    shutil.copyfile(work / "sources.json", pool / "sources.json")
    shutil.rmtree(work)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--variant", choices=sorted(PRESETS), default="lite")
    args = ap.parse_args()
    main(args.out, args.variant)
