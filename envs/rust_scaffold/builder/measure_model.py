"""Measure a packaged code model on the bank, without a scaffold of the agent's: what the
starting scaffold and the reference's kind would solve, and the raw model's pass@k.

    python envs/rust_scaffold/builder/measure_model.py MODEL.gguf --out FILE
        [--max-rating 800] [--problems N] [--samples K] [--threads 2] [--parallel 1]

Serves the model with the runtime's llama.cpp engine (``envspec/services/llamacpp.py``) and, for
each problem, asks it ``K`` times with the reference scaffold's prompt (the first answer greedy,
the rest at temperature 0.8). Each answer is judged as the scorer would on the problem's tests
(drawn from the public seed: a measurement of difficulty, not a scoring), three ways:

- ``raw``: the answer compiled as it is (the starting scaffold's kind: a raw answer, though to
  the reference's prompt; the starting scaffold itself is measured through the runtime);
- ``code``: the code extracted from the answer (``rust_tools.extract_code``);
- ``examples``: whether that code passes the public examples (what the reference filters by).

The report (JSON): per problem the verdicts of every sample; overall the starting kind's
fraction (the greedy raw answer), pass@1 (greedy, extracted), the unbiased pass@k estimate for
k = 1, 2, 4, ..., K over the samples, and the reference's kind (of the first ``SAMPLES`` answers,
as many as reference/scaffold.py asks for, the first that passes the examples, else the first
that compiles: the reference's own rule), each with its standard error over the problems.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ENV = HERE.parent
REPO = ENV.parent.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ENV / "task" / "solution"))
import bank_check  # noqa: E402 (this folder's tool)
import build_assets  # noqa: E402
import rust_tools  # noqa: E402 (the judge's utilities)

# the reference scaffold (its prompt and sample count), by path: the starting one is also
# called scaffold.py
reference = bank_check.load_module(ENV / "reference" / "scaffold.py")

ENGINE = REPO / "envspec" / "services" / "llamacpp.py"
TEMPERATURE = 0.8


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(
    model: Path, threads: int, parallel: int, ctx: int
) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    argv = [sys.executable, str(ENGINE), str(model), "--port", str(port)]
    argv += ["--threads", str(threads), "--parallel", str(parallel), "--ctx", str(ctx)]
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the engine exited ({proc.returncode}) before it served")
        try:
            with urllib.request.urlopen(f"{url}/health", timeout=5) as r:
                if r.status == 200:
                    return proc, url
        except OSError:
            time.sleep(1)
    proc.terminate()
    raise SystemExit("the engine did not start within 300 s")


def _ask(url: str, description: str, temperature: float, max_tokens: int) -> tuple[str, int]:
    body = {
        "messages": [
            {"role": "system", "content": reference.SYSTEM},
            {"role": "user", "content": description},
        ],
        "max_tokens": max_tokens,
        "temperature": temperature,
    }
    req = urllib.request.Request(
        f"{url}/v1/chat/completions",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=900) as r:
        answer = json.load(r)
    return str(answer["choices"][0]["message"]["content"]), int(answer["usage"]["total_tokens"])


def _verdict(source: str, problem: dict[str, Any]) -> dict[str, bool]:
    with tempfile.TemporaryDirectory(prefix="measure-") as tmp:
        compiled = rust_tools.compile_rust(source, Path(tmp))
        if compiled.binary is None:
            return {"compiles": False, "examples": False, "solves": False}
        pub = problem["public_tests"]
        examples = rust_tools.passes(compiled.binary, pub["input"], pub["output"])
        tests = problem["tests"]
        solves = examples and rust_tools.passes(
            compiled.binary, [t["input"] for t in tests], [t["output"] for t in tests]
        )
        return {"compiles": True, "examples": examples, "solves": solves}


def _sample(url: str, problem: dict[str, Any], i: int, max_tokens: int) -> dict[str, Any]:
    temperature = 0.0 if i == 0 else TEMPERATURE
    began = time.monotonic()
    answer, tokens = _ask(url, problem["description"], temperature, max_tokens)
    seconds = time.monotonic() - began
    raw = _verdict(answer.strip() + "\n", problem)["solves"]
    code = _verdict(rust_tools.extract_code(answer), problem)
    return {"i": i, "tokens": tokens, "seconds": round(seconds, 1), "raw": raw, **code}


def pass_at_k(n: int, c: int, k: int) -> float:
    """The unbiased estimate of pass@k from ``c`` correct of ``n`` samples (Chen et al. 2021)."""
    if n - c < k:
        return 1.0
    return 1.0 - math.prod((n - c - j) / (n - j) for j in range(k))


def _reference_kind(samples: list[dict[str, Any]]) -> bool:
    """Whether the reference's pick among these samples solves (its rule, restated on verdicts
    already judged; tests/test_bank_and_judge.py checks both)."""
    first = samples[: reference.SAMPLES]
    for s in first:
        if s["examples"]:
            return bool(s["solves"])
    for s in first:
        if s["compiles"]:
            return bool(s["solves"])
    return False


def _mean_se(values: list[float]) -> dict[str, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return {"mean": round(mean, 4), "standard_error": round(math.sqrt(var / n), 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("model", type=Path, help="a GGUF (envspec asset build-model's)")
    parser.add_argument("--out", type=Path, required=True, help="the report (JSON)")
    parser.add_argument("--max-rating", type=int, default=800)
    parser.add_argument("--problems", type=int, default=0, help="at most this many (0: all)")
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--parallel", type=int, default=1, help="requests at once (the service: 1)")
    parser.add_argument("--max-tokens", type=int, default=768)
    args = parser.parse_args()
    if args.samples < reference.SAMPLES:
        raise SystemExit(f"--samples must be at least the reference's {reference.SAMPLES}")
    bank = bank_check.BANK_DIR
    slugs = sorted(p.name for p in bank.iterdir() if (p / "meta.json").is_file())
    problems = []
    for slug in slugs:
        p = bank_check.load_problem(bank / slug)
        if p.rating <= args.max_rating:
            tests = build_assets.tests_of(p, build_assets.HIDDEN_TESTS, build_assets.PUBLIC_SEED)
            problems.append(build_assets.record(p, tests))
    if args.problems:
        problems = problems[: args.problems]
    proc, url = _serve(args.model, args.threads, args.parallel, ctx=4096 * args.parallel)
    began = time.monotonic()
    rows: dict[str, list[dict[str, Any]]] = {p["name"]: [] for p in problems}
    try:
        jobs = [(p, i) for p in problems for i in range(args.samples)]
        with ThreadPoolExecutor(args.parallel) as pool:
            for (p, _), done in zip(
                jobs,
                pool.map(lambda j: _sample(url, j[0], j[1], args.max_tokens), jobs),
                strict=True,
            ):
                rows[p["name"]].append(done)
                print(p["name"], done, file=sys.stderr, flush=True)
    finally:
        proc.terminate()
        proc.wait(30)
    seconds = time.monotonic() - began
    n = args.samples
    ks = [k for k in (1, 2, 4, 8, 16, 32, 64) if k <= n]
    per = {name: sorted(s, key=lambda s: s["i"]) for name, s in rows.items()}
    summary = {
        "starting_kind": _mean_se([float(s[0]["raw"]) for s in per.values()]),
        "greedy_pass@1": _mean_se([float(s[0]["solves"]) for s in per.values()]),
        "reference_kind": _mean_se([float(_reference_kind(s)) for s in per.values()]),
        **{
            f"pass@{k}": _mean_se(
                [pass_at_k(n, sum(x["solves"] for x in s), k) for s in per.values()]
            )
            for k in ks
        },
        "compiles": round(sum(x["compiles"] for s in per.values() for x in s) / (n * len(per)), 4),
    }
    report = {
        "what": "a packaged code model on the bank's problems with the reference's prompt, "
        "judged on tests from the public seed (builder/measure_model.py)",
        "model": json.loads((args.model.parent / "provenance.json").read_text())["model"]
        if (args.model.parent / "provenance.json").is_file()
        else args.model.name,
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, llama.cpp {args.threads} threads",
        "max_rating": args.max_rating,
        "problems": len(problems),
        "samples": n,
        "temperature": {"first": 0.0, "rest": TEMPERATURE},
        "max_tokens": args.max_tokens,
        "seconds": round(seconds, 1),
        "tokens": sum(x["tokens"] for s in per.values() for x in s),
        "summary": summary,
        "per_problem": per,
    }
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    print(
        json.dumps({k: report[k] for k in ("problems", "samples", "seconds", "summary")}, indent=1)
    )


if __name__ == "__main__":
    main()
