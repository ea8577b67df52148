"""Stage 1: tokenise a JSON-lines file of {"text": ...} rows into fixed-length sequences.

Every row is encoded and followed by the end-of-text id; all rows are joined and cut into
sequences of max_seq_len + 1 tokens (inputs and shifted targets); the remainder is dropped.
"""

from __future__ import annotations

import argparse
import json
import tomllib
from pathlib import Path

import torch
from bpe import Tokenizer


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--tokenizer", required=True)
    ap.add_argument("--config", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    tok = Tokenizer(args.tokenizer)
    ids: list[int] = []
    with open(args.data, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                ids += [*tok.encode(json.loads(line)["text"]), tok.end_of_text]
    span = tomllib.loads(Path(args.config).read_text())["max_seq_len"] + 1
    n = len(ids) // span
    seqs = torch.tensor(ids[: n * span], dtype=torch.int64).view(n, span)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    torch.save(seqs, out / "sequences.pt")
    print(f"tokenised {n} sequences of {span} tokens")


if __name__ == "__main__":
    main()
