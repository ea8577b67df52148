"""Print the loss of a model file on the validation split (as the scorer measures it on the
hidden split): python evaluate.py [model.pt] [--tokens N]"""

import argparse
import os
import sys
from pathlib import Path

import numpy as np
import torch

CORRUPTED = Path(os.environ.get("ENVSPEC_ASSET_CORRUPTED", "/assets/corrupted"))
DATA = Path(os.environ.get("ENVSPEC_ASSET_DATA", "/assets/data"))
sys.path.insert(0, str(CORRUPTED))
import model as gpt  # noqa: E402  (the model code shipped with the models)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("model", nargs="?", default="model.pt")
    parser.add_argument("--tokens", type=int, default=0, help="only the first N tokens")
    args = parser.parse_args()
    torch.set_num_threads(int(os.environ.get("THREADS", os.cpu_count() or 1)))
    device = "cuda" if torch.cuda.is_available() else "cpu"
    model = gpt.load(args.model, map_location=device)
    ids = np.fromfile(DATA / "validation.bin", dtype="<u2").astype(np.int64)
    tokens = torch.from_numpy(ids[: args.tokens] if args.tokens else ids)
    print(f"validation loss {gpt.evaluate(model, tokens):.4f} ({tokens.numel():,} tokens)")


if __name__ == "__main__":
    main()
