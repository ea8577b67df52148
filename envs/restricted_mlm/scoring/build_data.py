"""Build restricted_mlm's data assets from Debian packages, deterministically.

    python scoring/build_data.py OUT

writes ``OUT/visible`` (the tokenizer and the train/validation token files, for the agent) and
``OUT/hidden`` (the test token files, for the scorer only), each with ``lite/`` (the corpus's
lite slices) and ``full/`` (whole splits). The corpus uses the three sources that
``scripts/bootstrap`` installs (fortunes, jargon-text, bible-kjv); the tokenizer is a 4,096-id
byte-level BPE trained on the lite train slice. Same packages → same bytes → same digests.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from envspec.assets import tokenizer as tok
from envspec.assets.corpus import SEPARATOR, build_corpus
from envspec.assets.tokens import encode_splits

SOURCES = ["fortunes", "jargon-text", "bible-kjv"]
VOCAB = 4096


def main(out: Path) -> None:
    work = out / "work"
    corpus = work / "corpus"
    build_corpus(corpus, SOURCES, lite_bytes=3_000_000)
    text = (corpus / "lite" / "train.txt").read_text(encoding="utf-8")
    tokenizer = tok.train_small_bpe(text.split(SEPARATOR), vocab_size=VOCAB)
    visible, hidden = out / "visible", out / "hidden"
    tok.save(tokenizer, visible)
    shutil.copyfile(corpus / "sources.json", visible / "sources.json")
    for scale, lite in (("lite", True), ("full", False)):
        encode_splits(corpus, tokenizer, visible / scale, ["train", "validation"], lite=lite)
        encode_splits(corpus, tokenizer, hidden / scale, ["test"], lite=lite)
    shutil.rmtree(work)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
