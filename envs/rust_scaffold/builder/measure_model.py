"""Measure a packaged code model on the bank, without a scaffold of the agent's: what the
starting scaffold and the reference's kind would solve, and the raw model's pass@k.

    python envs/rust_scaffold/builder/measure_model.py MODEL.gguf --out FILE
        [--set DIR] [--min-rating 0] [--max-rating 800] [--problems N] [--samples K]
        [--engine llamacpp|transformers] [--threads 2] [--parallel 1] [--judges N]

Serves the model with the runtime's llama.cpp engine (``envspec/services/llamacpp.py``) and, for
each problem, asks it ``K`` times with the reference scaffold's prompt (the first answer greedy,
the rest at temperature 0.8). With ``--engine transformers`` (a GPU host without llama.cpp:
the lent machine) transformers generates from the same GGUF, dequantised, in batches, sampling
as llama.cpp's server does by default (top-k 40, top-p 0.95, min-p 0.05). Each answer is judged
as the scorer would on the problem's tests, three ways. The problems are the bank's, with tests
drawn from the public seed (a measurement of difficulty, not a scoring), or with ``--set`` a
folder that ``build_assets.py`` wrote (the operator's: its hidden tests):

- ``raw``: the answer compiled as it is (the starting scaffold's kind: a raw answer, though to
  the reference's prompt; the starting scaffold itself is measured through the runtime);
- ``code``: the code extracted from the answer (``rust_tools.extract_code``);
- ``examples``: whether that code passes the public examples (what the reference filters by).

The report (JSON): per problem the verdicts of every sample; overall the starting kind's
fraction (the greedy raw answer), pass@1 (greedy, extracted), the unbiased pass@k estimate for
k = 1, 2, 4, ..., K over the samples, and the reference's kind (of the first ``SAMPLES`` answers,
as many as reference/scaffold.py asks for, the first that passes the examples, else the first
that compiles: the reference's own rule), each with its standard error over the problems; with
more samples, also the reference's kind averaged over the disjoint groups of ``SAMPLES`` (a
steadier figure of what the reference solves), and all of it by rating.
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


def chat(url: str, description: str, temperature: float, max_tokens: int) -> dict[str, Any]:
    """One chat completion with the reference's prompt, the engine's answer as it sent it."""
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
        return dict(json.load(r))


def _ask(url: str, description: str, temperature: float, max_tokens: int) -> tuple[str, int]:
    answer = chat(url, description, temperature, max_tokens)
    return str(answer["choices"][0]["message"]["content"]), int(answer["usage"]["total_tokens"])


def verdict(source: str, problem: dict[str, Any]) -> dict[str, bool]:
    """Whether ``source`` compiles, passes the public examples and every test of ``problem``
    (the judge's utilities, in a folder of its own)."""
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


def _judged(
    problem: dict[str, Any], i: int, answer: str, tokens: int, seconds: float
) -> dict[str, Any]:
    raw = verdict(answer.strip() + "\n", problem)["solves"]
    code = verdict(rust_tools.extract_code(answer), problem)
    return {"i": i, "tokens": tokens, "seconds": round(seconds, 1), "raw": raw, **code}


def _sample(url: str, problem: dict[str, Any], i: int, max_tokens: int) -> dict[str, Any]:
    temperature = 0.0 if i == 0 else TEMPERATURE
    began = time.monotonic()
    answer, tokens = _ask(url, problem["description"], temperature, max_tokens)
    return _judged(problem, i, answer, tokens, time.monotonic() - began)


def _generate_on_gpu(
    model: Path, problems: list[dict[str, Any]], samples: int, max_tokens: int, batch: int
) -> list[tuple[int, int, str, int, float]]:
    """(problem index, sample index, answer, tokens, seconds a batch) for every sample, from
    transformers on the GPU: the greedy answers in batches of ``batch`` problems, the sampled
    ones ``samples - 1`` a problem, as many problems a batch as fit in ``batch`` sequences."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    device = "cuda" if torch.cuda.is_available() else "cpu"  # the CPU: this code's own checks
    tok = AutoTokenizer.from_pretrained(model.parent, gguf_file=model.name)
    tok.padding_side = "left"
    lm = AutoModelForCausalLM.from_pretrained(
        model.parent, gguf_file=model.name, dtype=torch.bfloat16
    ).to(device)
    # Qwen's chat turn ends with <|im_end|>; the GGUF's eos may name only <|endoftext|>
    stops = {tok.convert_tokens_to_ids(t) for t in ("<|im_end|>", "<|endoftext|>")}
    stops.discard(None)
    stops.add(tok.eos_token_id)
    pad = tok.pad_token_id if tok.pad_token_id is not None else min(stops)
    prompts = [
        tok.apply_chat_template(
            [
                {"role": "system", "content": reference.SYSTEM},
                {"role": "user", "content": p["description"]},
            ],
            add_generation_prompt=True,
            tokenize=False,
        )
        for p in problems
    ]
    done: list[tuple[int, int, str, int, float]] = []

    def run(indices: list[int], n: int, first: int) -> None:
        # ``n`` answers a problem, numbered from ``first``: sample 0 is the greedy one
        enc = tok([prompts[j] for j in indices], return_tensors="pt", padding=True)
        enc = enc.to(device)
        sampling: dict[str, Any] = (
            {
                "do_sample": True,
                "temperature": TEMPERATURE,
                "top_k": 40,
                "top_p": 0.95,
                "min_p": 0.05,
            }
            if first > 0
            else {"do_sample": False}
        )
        began = time.monotonic()
        with torch.no_grad():
            out = lm.generate(
                **enc,
                max_new_tokens=max_tokens,
                num_return_sequences=n,
                eos_token_id=sorted(stops),
                pad_token_id=pad,
                **sampling,
            )
        seconds = time.monotonic() - began
        new = out[:, enc["input_ids"].shape[1] :].tolist()
        for row, seq in enumerate(new):
            j = indices[row // n]
            end = next((k + 1 for k, t in enumerate(seq) if t in stops), len(seq))
            prompt_tokens = int(enc["attention_mask"][row // n].sum())
            text = tok.decode(seq[:end], skip_special_tokens=True)
            done.append((j, first + row % n, text, prompt_tokens + end, seconds))
        print(f"generated {len(new)} answers in {seconds:.1f} s", file=sys.stderr, flush=True)

    order = list(range(len(problems)))
    for at in range(0, len(order), batch):
        run(order[at : at + batch], 1, 0)
    if samples > 1:
        per = max(1, batch // (samples - 1))
        for at in range(0, len(order), per):
            run(order[at : at + per], samples - 1, 1)
    return done


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


def _gpu_name() -> str:
    import torch

    return str(torch.cuda.get_device_name()) if torch.cuda.is_available() else "the CPU"


def _problems(folder: Path | None) -> list[dict[str, Any]]:
    """The problems as the scorer reads them: a built set's, else the bank's with tests from
    the public seed."""
    if folder is not None:
        found = sorted(folder.glob("*.json"))
        if not found:
            raise SystemExit(f"{folder} holds no problem (a set build_assets.py wrote)")
        return [json.loads(f.read_text(encoding="utf-8")) for f in found]
    bank = bank_check.BANK_DIR
    problems = []
    for slug in sorted(p.name for p in bank.iterdir() if (p / "meta.json").is_file()):
        p = bank_check.load_problem(bank / slug)
        tests = build_assets.tests_of(p, build_assets.HIDDEN_TESTS, build_assets.PUBLIC_SEED)
        problems.append(build_assets.record(p, tests))
    return problems


def _summary(per: dict[str, list[dict[str, Any]]], n: int) -> dict[str, Any]:
    """The figures over these problems' samples (``n`` each, sorted by sample index)."""
    groups = n // reference.SAMPLES
    ks = [k for k in (1, 2, 4, 8, 16, 32, 64) if k <= n]
    return {
        "problems": len(per),
        "starting_kind": _mean_se([float(s[0]["raw"]) for s in per.values()]),
        "greedy_pass@1": _mean_se([float(s[0]["solves"]) for s in per.values()]),
        "reference_kind": _mean_se([float(_reference_kind(s)) for s in per.values()]),
        # the same rule on each disjoint group of SAMPLES answers (all but the first group
        # without a greedy first answer: the reference's first is greedy)
        "reference_kind_over_groups": _mean_se(
            [
                sum(
                    _reference_kind(s[g * reference.SAMPLES : (g + 1) * reference.SAMPLES])
                    for g in range(groups)
                )
                / groups
                for s in per.values()
            ]
        ),
        **{
            f"pass@{k}": _mean_se(
                [pass_at_k(n, sum(x["solves"] for x in s), k) for s in per.values()]
            )
            for k in ks
        },
        "compiles": round(sum(x["compiles"] for s in per.values() for x in s) / (n * len(per)), 4),
    }


def _mean_se(values: list[float]) -> dict[str, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return {"mean": round(mean, 4), "standard_error": round(math.sqrt(var / n), 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("model", type=Path, help="a GGUF (envspec asset build-model's)")
    parser.add_argument("--out", type=Path, required=True, help="the report (JSON)")
    parser.add_argument("--min-rating", type=int, default=0)
    parser.add_argument("--max-rating", type=int, default=800)
    parser.add_argument("--problems", type=int, default=0, help="at most this many (0: all)")
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--parallel", type=int, default=1, help="requests at once (the service: 1)")
    parser.add_argument("--max-tokens", type=int, default=768)
    parser.add_argument("--set", type=Path, default=None, help="a set build_assets.py wrote")
    parser.add_argument("--engine", choices=("llamacpp", "transformers"), default="llamacpp")
    parser.add_argument("--batch", type=int, default=256, help="transformers: sequences a batch")
    parser.add_argument("--judges", type=int, default=2, help="transformers: rustc jobs at once")
    args = parser.parse_args()
    if args.samples < reference.SAMPLES:
        raise SystemExit(f"--samples must be at least the reference's {reference.SAMPLES}")
    problems = [p for p in _problems(args.set) if args.min_rating <= p["rating"] <= args.max_rating]
    if args.problems:
        problems = problems[: args.problems]
    began = time.monotonic()
    rows: dict[str, list[dict[str, Any]]] = {p["name"]: [] for p in problems}
    if args.engine == "transformers":
        answers = _generate_on_gpu(args.model, problems, args.samples, args.max_tokens, args.batch)
        # kept before judging, which may outlast a lent machine's call
        args.out.with_suffix(".answers.json").write_text(json.dumps(answers) + "\n")
        with ThreadPoolExecutor(args.judges) as pool:
            for (j, _, _, _, _), done in zip(
                answers, pool.map(lambda a: _judged(problems[a[0]], *a[1:]), answers), strict=True
            ):
                rows[problems[j]["name"]].append(done)
    else:
        proc, url = _serve(args.model, args.threads, args.parallel, ctx=4096 * args.parallel)
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
    per = {name: sorted(s, key=lambda s: s["i"]) for name, s in rows.items()}
    rating = {p["name"]: p["rating"] for p in problems}
    summary = {
        **_summary(per, n),
        "by_rating": {
            r: _summary({k: v for k, v in per.items() if rating[k] == r}, n)
            for r in sorted(set(rating.values()))
        },
    }
    report = {
        "what": "a packaged code model on contest problems with the reference's prompt, judged "
        "on their tests (builder/measure_model.py)",
        "model": json.loads((args.model.parent / "provenance.json").read_text())["model"]
        if (args.model.parent / "provenance.json").is_file()
        else args.model.name,
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, "
        + (
            f"llama.cpp {args.threads} threads"
            if args.engine == "llamacpp"
            else f"transformers on {_gpu_name()}, {args.judges} rustc jobs"
        ),
        "set": str(args.set) if args.set else "the bank, tests from the public seed",
        "min_rating": args.min_rating,
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
