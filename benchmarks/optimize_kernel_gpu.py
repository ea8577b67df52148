"""optimize_kernel on a GPU: correctness of both Triton references on awkward sizes, then the
figures the environment's README reports: copy bandwidth (the floor), torch.cumsum, the
PyTorch starting solution, the three-launch reference (`reference/standard`, over a few tile
sizes) and the single-pass one (`reference/strong`: timed twice, and without its look-back).
The sweep over the single-pass kernel's configurations is
benchmarks/optimize_kernel_scan_variants.py.

    python3 benchmarks/optimize_kernel_gpu.py [--n 100000000] [--json OUT]

Needs a CUDA GPU with torch and triton (run it on the lent H200 through the device tool).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import time
from pathlib import Path

import torch
import triton
import triton.testing

ENV = Path(__file__).resolve().parents[1] / "envs" / "optimize_kernel"


def load(path: Path, name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def expected(x: torch.Tensor) -> torch.Tensor:
    positive = (x > 0).to(torch.int64)
    before = torch.cumsum(positive, 0) - positive
    return torch.cumsum(torch.where(before % 2 == 1, x.to(torch.int64), 0), 0).to(torch.int32)


def median_ms(fn) -> float:  # type: ignore[no-untyped-def]
    return float(triton.testing.do_bench(fn, warmup=100, rep=500, return_mode="median"))


def host_and_device(fn, x: torch.Tensor, calls: int = 10) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Medians over `calls` of one call's time from the host's call to the device's last work
    (CUDA events after a synchronised start), and of the host time alone. The scorer times a
    call from the checker's own process (scoring/score.py); its figures are the calibration's."""
    events, hosts = [], []
    for _ in range(calls):
        torch.cuda.synchronize()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        h0 = time.perf_counter()
        start.record()
        fn(x)
        hosts.append((time.perf_counter() - h0) * 1e3)
        end.record()
        end.synchronize()
        events.append(start.elapsed_time(end))
    return {"event_ms": statistics.median(events), "host_ms": statistics.median(hosts)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=100_000_000)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    dev = torch.device("cuda")
    three = load(ENV / "reference" / "standard" / "solution.py", "three_pass_solution")
    ref = load(ENV / "reference" / "strong" / "solution.py", "strong_solution")
    start = load(ENV / "task" / "solution" / "solution.py", "start_solution")
    out: dict[str, object] = {
        "gpu": torch.cuda.get_device_name(),
        "torch": torch.__version__,
        "triton": triton.__version__,
        "n": args.n,
    }
    print(json.dumps(out))

    # correctness first, on awkward sizes and contents, fresh inputs each time
    g = torch.Generator(device=dev).manual_seed(1234)
    sizes = [1, 2, 7, 1023, 4095, 4096, 4097, 8191, 65537, 1_000_003, 12_345_678, args.n]
    failures = []
    for n in sizes:
        cases = {"random": torch.randint(-10, 10, (n,), dtype=torch.int32, device=dev, generator=g)}
        if n < 2_000_000:
            lo, hi = -(2**31), 2**31 - 1
            cases["large"] = torch.randint(lo, hi, (n,), dtype=torch.int32, device=dev, generator=g)
            cases["all_positive"] = torch.randint(1, 10, (n,), dtype=torch.int32, device=dev)
            cases["no_positive"] = torch.randint(-10, 1, (n,), dtype=torch.int32, device=dev)
        for kind, x in cases.items():
            for options in ({}, {"k": 8, "warps": 2, "window": 16}, {"k": 16, "window": 32}):
                y = ref.prefix_sum(x, **options)
                torch.cuda.synchronize()
                if not torch.equal(y, expected(x)):
                    bad = (y != expected(x)).nonzero()[:1].tolist()
                    failures.append(f"n={n} {kind} {options} first bad {bad}")
            for options in ({}, {"block": 1024, "warps": 4}):
                if not torch.equal(three.prefix_sum(x, **options), expected(x)):
                    failures.append(f"three-pass n={n} {kind} {options}")
            assert torch.equal(start.prefix_sum(x), expected(x))
    print("correctness:", "OK" if not failures else failures[:10], flush=True)
    out["correct"] = not failures

    n = args.n
    x = torch.randint(-10, 10, (n,), dtype=torch.int32, device=dev, generator=g)
    y = torch.empty_like(x)
    copy_ms = median_ms(lambda: y.copy_(x))
    bandwidth = 2 * 4 * n / (copy_ms * 1e-3) / 1e12
    floor_ms = 2 * 4 * n / (bandwidth * 1e12) * 1e3
    out |= {"copy_ms": copy_ms, "copy_tb_s": bandwidth, "floor_ms": floor_ms}
    out["torch_cumsum_ms"] = median_ms(lambda: torch.cumsum(x, 0, dtype=torch.int32))
    out["starting_ms"] = median_ms(lambda: start.prefix_sum(x))
    out["three_pass_ms"] = median_ms(lambda: three.prefix_sum(x))
    out["three_pass_config"] = {"BLOCK": three.BLOCK, "WARPS": three.WARPS, "CHUNK": three.CHUNK}
    out["three_pass_sweep_ms"] = {
        f"block={b},warps={w}": median_ms(lambda b=b, w=w: three.prefix_sum(x, block=b, warps=w))
        for b in (1024, 2048, 4096, 8192)
        for w in (4, 8)
    }
    print("three-pass:", json.dumps(out["three_pass_sweep_ms"]), flush=True)
    config = {k: getattr(ref, k) for k in ("K", "WARPS", "WINDOW", "SPIN")}
    out["strong_config"] = config
    out["strong_ms"] = median_ms(lambda: ref.prefix_sum(x))
    out["strong_ms_again"] = median_ms(lambda: ref.prefix_sum(x))
    out["strong_tile_only_ms"] = median_ms(lambda: ref.prefix_sum(x, look_back=False))
    # a whole call: the kernel plus what the host spends launching it
    out["call"] = {
        "three_pass": host_and_device(three.prefix_sum, x),
        "strong": host_and_device(ref.prefix_sum, x),
        "torch_cumsum": host_and_device(lambda t: torch.cumsum(t, 0, dtype=torch.int32), x),
        "starting": host_and_device(start.prefix_sum, x),
    }
    print("call:", json.dumps(out["call"]), flush=True)
    ms = float(out["strong_ms"])  # type: ignore[arg-type]
    print(f"copy {copy_ms:.4f} ms = {bandwidth:.2f} TB/s; floor {floor_ms:.4f} ms")
    print(f"torch.cumsum {out['torch_cumsum_ms']:.4f} ms; starting {out['starting_ms']:.4f} ms")
    print(f"three-pass {out['three_pass_config']}: {out['three_pass_ms']:.4f} ms")
    print(
        f"strong {config}: {ms:.4f} ms, again {out['strong_ms_again']:.4f} ms "
        f"({ms / floor_ms:.2f}x floor); without look-back {out['strong_tile_only_ms']:.4f} ms"
    )
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))
    sys.exit(0 if not failures else 1)


if __name__ == "__main__":
    main()
