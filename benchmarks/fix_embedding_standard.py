"""fix_embedding `standard`: build its models on a GPU host and take the figures that decide it.

Three steps, each within a device call's ten minutes:

    # here (CPU, Debian packages installed): corpus (all sources), 8,192-token BPE, token
    # files, packed into .devcarry-fe/data.tar.xz (≈ 32 MB; what a device call may carry)
    python benchmarks/fix_embedding_standard.py prepare .devdata-fe
    # on the GPU host (repository root, .devcarry-fe carried along; the wrapper unpacks it):
    benchmarks/fix_embedding_standard_gpu.sh pretrain OUT
    benchmarks/fix_embedding_standard_gpu.sh measure OUT

``pretrain`` trains the large and small models and the permuted one (``envspec.assets.lm``,
preset ``standard``, bf16 autocast on the GPU), the permutation derived from the secret in
``--secret-file`` (else ``$ENVSPEC_ASSET_SECRET``, else a fresh one: then re-derive it at home
with ``envspec asset corrupt-lm`` and the operator's secret before pushing, which needs no GPU,
so that the secret never travels). ``measure`` runs the real scorer on the starting
and the reference solutions (``reference/fix.py`` with ``ENVSPEC_VARIANT=standard``), and
trains the large model's architecture **from scratch** on what the agent is given (a tenth of
the train split) until its validation loss stops improving: the best that retraining can do
whatever the budget, since more steps on the same data only overfit. It writes
``OUT/figures.json``: losses, raw scores, times, and the floor candidates.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
ENV = ROOT / "envs" / "fix_embedding"


def prepare(data: Path) -> None:
    from envspec.assets.corpus import build_corpus
    from envspec.assets.lm import prepare_lm_data
    from envspec.schema import load_manifest

    # the GPU host needs only torch and numpy: the variant's parameters travel as JSON
    params = dict(load_manifest(ENV).variant("standard").parameters)
    data.mkdir(parents=True, exist_ok=True)
    (data / "params.json").write_text(json.dumps(params, indent=2) + "\n")
    build_corpus(data / "corpus")
    counts = prepare_lm_data(data / "corpus", data / "assets", "standard")
    shutil.rmtree(data / "corpus")
    (data / "prepared.json").write_text(json.dumps(counts, indent=2) + "\n")
    carry = ROOT / ".devcarry-fe"
    carry.mkdir(exist_ok=True)
    subprocess.run(
        f"tar -C {data} -cf - . | xz -T0 -6 > {carry / 'data.tar.xz'}", shell=True, check=True
    )
    print(json.dumps(counts))


def pretrain(data: Path, out: Path, preset: str, device: str, secret_file: Path | None) -> None:
    from envspec.assets.lm import train_lm_models
    from envspec.assets.secret import load_secret

    t0 = time.monotonic()
    secret = load_secret(secret_file)
    report = train_lm_models(data / "assets", preset, device=device, secret=secret)
    report["seconds"]["total"] = round(time.monotonic() - t0, 1)
    (data / "pretrained.json").write_text(json.dumps(report, indent=2) + "\n")
    out.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(data / "pretrained.json", out / "pretrained.json")
    for log in (data / "assets").glob("*.log"):
        shutil.copyfile(log, out / log.name)
    print(json.dumps(report["losses"]), report["seconds"])


def _asset_env(data: Path) -> dict[str, str]:
    assets = data / "assets"
    return {f"ENVSPEC_ASSET_{n.upper()}": str(assets / n) for n in ("data", "small", "corrupted")}


def _score(data: Path, solution: Path, params: dict[str, Any], variant: str) -> dict[str, Any]:
    """The real scorer on ``solution/model.pt`` (as root its worker runs as ``nobody``)."""
    assets = data / "assets"
    env = dict(os.environ) | _asset_env(data)
    env |= {
        "ENVSPEC_ASSET_TEST": str(assets / "test"),
        "ENVSPEC_ASSET_LARGE": str(assets / "large"),
        "ENVSPEC_SOLUTION": str(solution),
        "ENVSPEC_PARAMETERS": json.dumps(params),
        "ENVSPEC_VARIANT": variant,
        "ENVSPEC_RESULT": str(solution / "result.json"),
    }
    subprocess.run([sys.executable, str(ENV / "scoring" / "score.py")], env=env, check=True)
    return dict(json.loads((solution / "result.json").read_text()))


def _from_scratch(data: Path, minutes: float, patience: int, device: str) -> dict[str, Any]:
    """Train the large architecture from random weights on the agent's data; early stopping."""
    import torch

    sys.path.insert(0, str(data / "assets" / "corrupted"))
    import model as gpt  # the shipped model code
    import numpy as np

    def tokens(path: Path) -> torch.Tensor:
        return torch.from_numpy(np.fromfile(path, dtype="<u2").astype(np.int64))

    cfg = gpt.GPTConfig(**json.loads((data / "assets" / "corrupted" / "config.json").read_text()))
    torch.manual_seed(0)
    m = gpt.GPT(cfg).to(device)
    train = tokens(data / "assets" / "data" / "train.bin")
    val = tokens(data / "assets" / "data" / "validation.bin").to(device)
    test = tokens(data / "assets" / "test" / "test.bin").to(device)
    opt = torch.optim.AdamW(m.parameters(), lr=1e-3, betas=(0.9, 0.95), weight_decay=0.1)
    g = torch.Generator().manual_seed(1)
    offsets = torch.arange(cfg.block_size + 1)
    best: dict[str, Any] = {"validation": math.inf}
    t0, step, since = time.monotonic(), 0, 0
    history = []
    while time.monotonic() - t0 < minutes * 60 and since < patience:
        starts = torch.randint(0, train.numel() - cfg.block_size - 1, (64,), generator=g)
        rows = train[starts[:, None] + offsets].to(device)
        for group in opt.param_groups:
            group["lr"] = 1e-3 * min(1.0, (step + 1) / 300)
        with torch.autocast("cuda", dtype=torch.bfloat16, enabled=device == "cuda"):
            loss = m.loss(rows[:, :-1], rows[:, 1:])
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(m.parameters(), 1.0)
        opt.step()
        step += 1
        since += 1
        if step % 250 == 0:
            v = gpt.evaluate(m, val, batch_size=64)
            m.train()
            history.append({"step": step, "validation": v})
            if v < best["validation"]:
                t = gpt.evaluate(m, test, batch_size=64)
                m.train()
                best = {"validation": v, "test": t, "step": step}
                since = 0
    tokens_per_epoch = train.numel()
    return {
        "best": best,
        "steps": step,
        "epochs": round(step * 64 * cfg.block_size / tokens_per_epoch, 1),
        "seconds": round(time.monotonic() - t0, 1),
        "stopped": "patience" if since >= patience else "time",
        "history": history,
    }


def measure(data: Path, out: Path, scratch_minutes: float, variant: str, device: str) -> None:
    params = json.loads((data / "params.json").read_text())
    out.mkdir(parents=True, exist_ok=True)
    figures: dict[str, Any] = {"parameters": params}
    metrics = json.loads((data / "assets" / "large" / "metrics.json").read_text())
    figures["uncorrupted"] = metrics["losses"]
    pretrained = data / "pretrained.json"  # the corrupted model's losses are in the report
    if pretrained.is_file():
        report = json.loads(pretrained.read_text())
        figures["corrupted"] = report["losses"]["corrupted"]
        figures["secret"] = report["corruption"]["secret"]  # its source and fingerprint
    with tempfile.TemporaryDirectory() as tmp:
        start = Path(tmp) / "starting"
        start.mkdir()
        shutil.copyfile(data / "assets" / "corrupted" / "model.pt", start / "model.pt")
        figures["starting"] = _score(data, start, params, variant)
        ref = Path(tmp) / "reference"
        ref.mkdir()
        shutil.copyfile(ENV / "reference" / "fix.py", ref / "fix.py")
        t0 = time.monotonic()
        env = dict(os.environ) | _asset_env(data) | {"ENVSPEC_VARIANT": variant}
        run = subprocess.run(
            [sys.executable, "fix.py"], cwd=ref, env=env, capture_output=True, text=True
        )
        figures["reference_training"] = {
            "seconds": round(time.monotonic() - t0, 1),
            "exit": run.returncode,
            "log": run.stdout[-2000:] + run.stderr[-2000:],
        }
        figures["reference"] = _score(data, ref, params, variant)
    figures["from_scratch"] = _from_scratch(data, scratch_minutes, patience=1500, device=device)
    floor = float(params["floor"])
    best = figures["from_scratch"]["best"]
    if "test" in best:
        best["score"] = math.log(max(best["test"] - floor, 1e-3))
    figures["floor_candidates"] = {
        "uncorrupted_test_minus_0.1": round(metrics["losses"]["test"] - 0.1, 3),
    }
    (out / "figures.json").write_text(json.dumps(figures, indent=2) + "\n")
    print(json.dumps({k: v for k, v in figures.items() if k != "from_scratch"}, indent=1)[:4000])
    print(json.dumps(figures["from_scratch"]["best"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("step", choices=["prepare", "pretrain", "measure", "pack"])
    parser.add_argument("data", type=Path)
    parser.add_argument("out", type=Path, nargs="?")
    parser.add_argument("--scratch-minutes", type=float, default=5.0)
    # for a smoke test on a CPU: --preset lite --variant lite --device cpu
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--device", default="cuda")
    parser.add_argument(
        "--secret-file",
        type=Path,
        default=None,
        help="pretrain: the secret the permutation is derived from (else "
        "$ENVSPEC_ASSET_SECRET, else a fresh one)",
    )
    args = parser.parse_args()
    args.data = args.data.resolve()  # the reference runs in a folder of its own
    if args.step == "prepare":
        prepare(args.data)
    elif args.step == "pretrain":
        pretrain(args.data, args.out, args.preset, args.device, args.secret_file)
    elif args.step == "measure":
        measure(args.data, args.out, args.scratch_minutes, args.variant, args.device)
    else:  # pack: the model folders as asset folders, for pushing elsewhere
        with tarfile.open(args.out / "standard-models.tar", "w") as tar:
            for name in ("small", "corrupted", "large"):
                tar.add(args.data / "assets" / name, arcname=name)


if __name__ == "__main__":
    main()
