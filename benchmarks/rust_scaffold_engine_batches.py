"""How long the served code model takes over one batch of rust_scaffold's reference: the
runtime's transformers engine (continuous batching on a GPU) asked as the reference asks, a
batch's problems at once, round after round (the first greedy, the rest at 0.8), with the
reference's prompt, on statements of the public bank.

    python benchmarks/rust_scaffold_engine_batches.py MODEL.gguf [--problems 20] [--rounds 4]
        [--max-rating R] [--max-tokens 768] [--engine-args "--cuda-graphs on" ...] [--json OUT]

Prints each round's seconds, tokens and tokens a second, how many of its answers compile and
pass their public examples (with rustc: a configuration must answer as well, not only as fast),
and the batch's total: what
`standard`'s batch time (60 s) and token cap must hold; with several ``--engine-args``, for
each of the engine's configurations in turn (the step tuning: a scoring of `standard` through
the runtime on the lent H100, 2026-12-05, read about 300 completion tokens a second with the
defaults, where the plain batched `generate` of measure_model read about 3,000). Every answer
of a round is also checked to be the engine's own (greedy answers asked twice agree; sampled
ones differ).
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
ENV = REPO / "envs" / "rust_scaffold"
sys.path.insert(0, str(ENV / "builder"))
import bank_check  # noqa: E402 (the bank's reader)
import build_assets  # noqa: E402 (a problem as the scorer shows it)
import rust_tools  # noqa: E402 (the judge's utilities, on measure_model's path)
from measure_model import chat, reference, verdict  # noqa: E402 (the reference's prompt)

ENGINE = REPO / "envspec" / "services" / "transformers_engine.py"


def wait_ready(url: str, engine: subprocess.Popen[bytes], seconds: float) -> float:
    """Seconds until the engine answers /health (raises if it ends or takes too long)."""
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        if engine.poll() is not None:
            raise SystemExit(f"the engine ended with {engine.returncode}")
        try:
            urllib.request.urlopen(f"{url}/health", timeout=2)
            return time.monotonic() - began
        except OSError:
            time.sleep(1)
    raise SystemExit(f"the engine was not ready in {seconds:.0f} s")


def judged(texts: list[str], problems: list[dict[str, Any]]) -> dict[str, int]:
    """How many of a round's answers compile and pass their problem's public examples, once
    their code is extracted as the reference extracts it: whether a configuration's answers are
    as good, not only as fast (CUDA graphs where transformers would not capture them)."""
    with ThreadPoolExecutor(8) as pool:
        codes = [rust_tools.extract_code(text) for text in texts]
        verdicts = list(pool.map(verdict, codes, problems))
    return {
        "compiles": sum(v["compiles"] for v in verdicts),
        "passes_examples": sum(v["examples"] for v in verdicts),
    }


def measure(
    engine_args: list[str], problems: list[dict[str, Any]], args: argparse.Namespace
) -> dict[str, Any]:
    """The engine started with ``engine_args``, asked the reference's rounds; its figures."""
    descriptions = [p["description"] for p in problems]
    url = f"http://127.0.0.1:{args.port}"
    argv = [sys.executable, str(ENGINE), str(args.model), "--port", str(args.port), *engine_args]
    engine = subprocess.Popen(argv)
    rounds: list[dict[str, Any]] = []
    try:
        loaded = wait_ready(url, engine, 600)
        first_greedy: list[str] = []
        with ThreadPoolExecutor(len(descriptions)) as pool:
            for r in range(args.rounds + 1):
                # round 0 greedy, then sampled; a last greedy round checks it answers alike
                temperature = 0.0 if r in (0, args.rounds) else 0.8
                began = time.monotonic()
                asks = [(url, d, temperature, args.max_tokens) for d in descriptions]
                answers = list(pool.map(lambda a: chat(*a), asks))
                seconds = time.monotonic() - began
                texts = [a["choices"][0]["message"]["content"] for a in answers]
                completion = sum(a["usage"]["completion_tokens"] for a in answers)
                total = sum(a["usage"]["total_tokens"] for a in answers)
                row = {
                    "round": r,
                    "temperature": temperature,
                    "seconds": round(seconds, 1),
                    "completion_tokens": completion,
                    "total_tokens": total,
                    "tokens_per_s": round(total / seconds, 1),
                    "completion_tokens_per_s": round(completion / seconds, 1),
                    "distinct_answers": len(set(texts)),
                    **judged(texts, problems),
                }
                if r == 0:
                    first_greedy = texts
                if r == args.rounds:
                    same = zip(texts, first_greedy, strict=True)
                    row["greedy_again_equal"] = sum(a == b for a, b in same)
                rounds.append(row)
                print(json.dumps(row), flush=True)
    finally:
        engine.terminate()
        engine.wait(timeout=60)
    batch = rounds[: args.rounds]  # the reference's rounds (the check's last one aside)
    return {
        "engine_args": engine_args,
        "engine_ready_s": round(loaded, 1),
        "rounds": rounds,
        "batch_seconds": round(sum(r["seconds"] for r in batch), 1),
        "batch_tokens": sum(r["total_tokens"] for r in batch),
        "completion_tokens_per_s": round(
            sum(r["completion_tokens"] for r in batch) / sum(r["seconds"] for r in batch), 1
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("model", type=Path)
    parser.add_argument("--problems", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=reference.SAMPLES)
    parser.add_argument(
        "--max-rating",
        type=int,
        default=None,
        help="the first problems of at most this rating (to compare with measure_model's)",
    )
    parser.add_argument("--max-tokens", type=int, default=768)
    parser.add_argument("--port", type=int, default=8777)
    parser.add_argument(
        "--engine-args",
        action="append",
        default=None,
        help="the engine's flags, as one string (repeat it to compare; default: none)",
    )
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    bank = bank_check.BANK_DIR
    slugs = sorted(p.name for p in bank.iterdir() if (p / "meta.json").is_file())
    loaded = (bank_check.load_problem(bank / s) for s in slugs)
    rated = [p for p in loaded if args.max_rating is None or p.rating <= args.max_rating]
    problems = [build_assets.record(p, []) for p in rated[: args.problems]]
    configs = []
    for engine_args in args.engine_args or [""]:
        try:
            configs.append(measure(shlex.split(engine_args), problems, args))
        except (SystemExit, OSError) as e:  # one configuration that fails: say so, go on
            configs.append({"engine_args": shlex.split(engine_args), "failed": str(e)})
        print(json.dumps({k: v for k, v in configs[-1].items() if k != "rounds"}), flush=True)
    report = {
        "what": "the transformers engine over one batch of the reference's requests",
        "problems": [p["name"] for p in problems],
        "max_tokens": args.max_tokens,
        "configurations": configs,
    }
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
