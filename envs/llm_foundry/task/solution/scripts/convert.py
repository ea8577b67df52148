"""Stage 3: the last checkpoint as a Hugging Face folder (config, weights, tokenizer).

python scripts/convert.py CHECKPOINT OUTPUT        (the base model's folder in $BASE_MODEL)
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import model as gpt2
import torch


def main(checkpoint: str, output: str) -> None:
    base = Path(os.environ["BASE_MODEL"])
    model = gpt2.load(base)
    state = torch.load(checkpoint, map_location="cpu", weights_only=True)
    model.load_state_dict(state["model"])
    gpt2.save(model, output)
    shutil.copyfile(base / "tokenizer.json", Path(output) / "tokenizer.json")
    print(f"converted step {state['step']} to {output}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
