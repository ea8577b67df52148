"""Build llm_foundry's assets from Debian packages, deterministically.

    python scoring/build_assets.py OUT

writes ``OUT/base`` (for the agent and the scorer: the base model as a Hugging Face GPT-2
folder with its tokenizer, and ``train_data.jsonl``, rows of the corpus's train split to
develop with) and ``OUT/pool`` (the scorer's only: rows of the validation and test splits,
from which every scoring draws a fresh data set). The corpus is restricted_mlm's (fortunes,
jargon-text, bible-kjv) and the tokenizer a 4,096-id byte-level BPE trained on its lite train
slice; the base model's weights come from a fixed seed.
"""

from __future__ import annotations

import json
import random
import shutil
import sys
from pathlib import Path

import torch

from envspec.assets import tokenizer as tok
from envspec.assets.corpus import SEPARATOR, build_corpus

HERE = Path(__file__).resolve().parent
SOURCES = ["fortunes", "jargon-text", "bible-kjv"]
VOCAB = 4096
#: a row is consecutive documents of a split joined up to at least this many characters
ROW_CHARS = 1500
VISIBLE_ROWS = 500
MODEL = {
    "model_type": "gpt2",
    "architectures": ["GPT2LMHeadModel"],
    "vocab_size": VOCAB,
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


def base_model(out: Path) -> None:
    """The initial weights, GPT-2's initialisation, as a Hugging Face folder. Drawn with
    Python's own generator, which gives the same numbers on every CPU (torch's vectorised
    samplers differ between instruction sets)."""
    sys.path.insert(0, str(HERE.parent / "task" / "solution" / "scripts"))
    import model as gpt2

    rng = random.Random(SEED)
    model = gpt2.GPT2LMHeadModel(MODEL)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if name.endswith("bias"):
                p.zero_()
            elif ".ln_" in name or name.startswith("transformer.ln_f"):
                p.fill_(1.0)
            else:
                std = 0.02
                if name.endswith("c_proj.weight"):  # residual projections, scaled with depth
                    std /= (2 * MODEL["n_layer"]) ** 0.5
                values = [rng.gauss(0.0, std) for _ in range(p.numel())]
                p.copy_(torch.tensor(values, dtype=torch.float32).view(p.shape))
    gpt2.save(model, out)


def main(out: Path) -> None:
    """Build the asset folders ``out/base`` and ``out/pool``."""
    work = out.parent / f"{out.name}-work"
    build_corpus(work, SOURCES, lite_bytes=3_000_000)
    split = {
        s: (work / f"{s}.txt").read_text(encoding="utf-8").split(SEPARATOR)
        for s in ("train", "validation", "test")
    }
    lite_train = (work / "lite" / "train.txt").read_text(encoding="utf-8").split(SEPARATOR)
    tokenizer = tok.train_small_bpe(lite_train, vocab_size=VOCAB)
    base, pool = out / "base", out / "pool"
    base_model(base / "model")
    tok.save(tokenizer, base / "model")
    (base / "model" / "special_tokens.json").unlink()
    write_rows(base / "train_data.jsonl", rows(split["train"])[:VISIBLE_ROWS])
    pool.mkdir(parents=True)
    write_rows(pool / "rows.jsonl", rows(split["validation"]) + rows(split["test"]))
    shutil.copyfile(work / "sources.json", out / "base" / "sources.json")
    shutil.copyfile(work / "sources.json", pool / "sources.json")
    shutil.rmtree(work)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
