"""optimize_kernel: host time of the `standard` reference's launch, Triton's path against the
compiled kernel launched directly, and both timed the way the scorer times a call.

    python3 benchmarks/optimize_kernel_launch_overhead.py

Measured on the lent H200 (2026-11-29, with the kernel's earlier signature, separate status
arrays; the launch path is the same): host time a call in a loop, allocations 35.5 us, Triton's
launch 46.6 us, the direct launch 21.1 us, the whole `prefix_sum` 114.4 us; as scored (event
time, GPU idle at the start): through Triton's launch 0.582 ms, direct 0.491 ms, torch.cumsum
0.410 ms. Needs a CUDA GPU with torch and triton.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import torch
import triton

sys.path.insert(0, str(Path(__file__).resolve().parent))
from optimize_kernel_gpu import ENV, as_scored, expected, load


def host_us(fn, reps: int = 50) -> float:  # type: ignore[no-untyped-def]
    """Median host time of fn() in microseconds, the device idle before each call."""
    times = []
    for _ in range(reps):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1e6)
    return round(statistics.median(times), 1)


def main() -> None:
    ref = load(ENV / "reference" / "strong" / "solution.py", "ref_solution")
    x = torch.randint(-10, 10, (100_000_000,), dtype=torch.int32, device="cuda")
    n = x.numel()
    tiles = triton.cdiv(n, ref.K * 32 * ref.WARPS)
    constants = (ref.K, ref.WARPS, ref.WINDOW, True, ref.SPIN)
    options = {"maxnreg": ref.MAXNREG} if ref.MAXNREG else {}

    def buffers():  # type: ignore[no-untyped-def]
        y = torch.empty_like(x)
        return y, torch.zeros(2 * tiles + 1, dtype=torch.int64, device=x.device)

    y, state = buffers()
    kernel = ref._scan_kernel[(tiles,)](x, y, state, n, *constants, num_warps=ref.WARPS, **options)

    def direct(x: torch.Tensor) -> torch.Tensor:
        y, state = buffers()
        kernel[(tiles, 1, 1)](x, y, state, n, *constants)
        return y

    def through_triton(x: torch.Tensor) -> torch.Tensor:
        y, state = buffers()
        ref._scan_kernel[(tiles,)](x, y, state, n, *constants, num_warps=ref.WARPS, **options)
        return y

    assert torch.equal(direct(x), expected(x)) and torch.equal(through_triton(x), expected(x))
    print(
        "host us a call:",
        f"allocations {host_us(buffers)},",
        f"Triton's launch {host_us(lambda: through_triton(x))},",
        f"direct {host_us(lambda: direct(x))},",
        f"prefix_sum {host_us(lambda: ref.prefix_sum(x))}",
    )
    for name, fn in (
        ("through Triton", through_triton),
        ("direct", direct),
        ("prefix_sum", ref.prefix_sum),
        ("torch.cumsum", lambda t: torch.cumsum(t, 0, dtype=torch.int32)),
    ):
        print(f"as scored, {name}: {as_scored(fn, x)}")


if __name__ == "__main__":
    main()
