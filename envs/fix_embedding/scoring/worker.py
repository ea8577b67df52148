"""The fix_embedding evaluation worker: a separate, unprivileged process with a memory limit.

It reads the submitted ``model.pt`` with torch's weights-only loader (no code in the file can
run), checks that its architecture is exactly the expected one (format, config, parameter
names, shapes, dtypes, finite values), builds the model with the shipped ``model.py`` and
measures the mean next-token loss on the token file, deterministically.

    python worker.py MODEL_PT EXPECTED_JSON TOKENS_BIN DEVICE THREADS BATCH_SIZE

Prints one JSON line on stdout: ``{"ok": true, "loss": float, "tokens": int}`` or
``{"ok": false, "error": str}`` (the error is for the agent).
"""

import json
import re
import sys
from pathlib import Path

import model as gpt  # model.py, copied next to this file from the model asset
import numpy as np
import torch

MODEL_PT, EXPECTED, TOKENS, DEVICE = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
THREADS, BATCH = int(sys.argv[5]), int(sys.argv[6])


class Bad(Exception):
    """The submission is not acceptable; the message is for the agent."""


def check(data: object, expected: dict) -> dict:
    """The state dict of ``data`` if it has exactly the expected architecture."""
    if not isinstance(data, dict) or set(data) != {"format", "config", "state_dict"}:
        keys = sorted(map(str, data)) if isinstance(data, dict) else type(data).__name__
        raise Bad(
            "model.pt must hold exactly what model.py's save() writes: a dict with 'format', "
            f"'config' and 'state_dict' (found {keys})"
        )
    if data["format"] != expected["format"]:
        raise Bad(f"format must be {expected['format']!r}, not {data['format']!r}")
    if data["config"] != expected["config"]:
        raise Bad(f"config must be {expected['config']}, not {data['config']}")
    state = data["state_dict"]
    if not isinstance(state, dict):
        raise Bad("state_dict must be a dict of parameter name -> tensor")
    want = expected["parameters"]
    missing, extra = sorted(set(want) - set(state)), sorted(set(state) - set(want))
    if missing or extra:
        raise Bad(f"parameter names differ: missing {missing[:5]}, unexpected {extra[:5]}")
    for name, (shape, dtype) in want.items():
        t = state[name]
        if type(t) not in (torch.Tensor, torch.nn.Parameter) or t.layout != torch.strided:
            raise Bad(f"{name} must be a plain dense tensor, not {type(t).__name__}")
        if list(t.shape) != shape or str(t.dtype) != dtype:
            raise Bad(f"{name} must be {dtype} of shape {shape}, not {t.dtype} {list(t.shape)}")
        if not bool(torch.isfinite(t).all()):
            raise Bad(f"{name} holds NaN or infinite values")
    return state


def brief(error: Exception) -> str:
    """The gist of a loader error (torch's weights-only refusals run to many lines)."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", str(error))
    found = re.search(r"WeightsUnpickler error: ([^\n]*)", text)
    line = found.group(1) if found else text.strip().splitlines()[0] if text.strip() else ""
    return f"{type(error).__name__}: {line}"[:400]


def evaluate() -> dict:
    torch.set_num_threads(THREADS)
    torch.use_deterministic_algorithms(True, warn_only=DEVICE != "cpu")
    expected = json.loads(Path(EXPECTED).read_text())
    try:
        data = torch.load(MODEL_PT, map_location="cpu", weights_only=True)
    except MemoryError:
        raise
    except Exception as e:
        raise Bad(f"model.pt cannot be read by torch.load(weights_only=True): {brief(e)}") from None
    state = check(data, expected)
    model = gpt.GPT(gpt.GPTConfig.from_dict(data["config"]))
    model.load_state_dict(state, strict=True)
    del data, state
    tokens = torch.from_numpy(np.fromfile(TOKENS, dtype="<u2").astype(np.int64))
    loss = gpt.evaluate(model.to(DEVICE), tokens, batch_size=BATCH)
    if not np.isfinite(loss):
        raise Bad(f"the loss is not finite ({loss})")
    return {"ok": True, "loss": loss, "tokens": int(tokens.numel())}


def main() -> None:
    try:
        result = evaluate()
    except Bad as e:
        result = {"ok": False, "error": str(e)}
    except (MemoryError, torch.OutOfMemoryError):
        result = {"ok": False, "error": "the evaluation ran out of memory"}
    except Exception as e:
        result = {"ok": False, "error": f"the evaluation failed: {type(e).__name__}: {e}"}
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
