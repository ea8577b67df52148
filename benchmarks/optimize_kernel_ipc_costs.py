"""What each step of the optimize_kernel checker's GPU plumbing costs (run on a GPU host).

    python benchmarks/optimize_kernel_ipc_costs.py [N]

A parent (the checker's role) and a child process (the worker's role) exchange CUDA IPC handles
of N-int32 allocations; prints the median and spread in microseconds of opening and closing a
handle on either side, of an equality check of two N-vectors, and of a signal round trip.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(
    0, str(Path(__file__).resolve().parents[1] / "envs" / "optimize_kernel" / "scoring")
)
import cuda_ipc
import torch

N = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1] != "child" else 100_000_000
REPS = 15


def us(samples: list[float]) -> dict[str, float]:
    return {
        "median_us": round(statistics.median(samples), 1),
        "min_us": round(min(samples), 1),
        "max_us": round(max(samples), 1),
    }


def child() -> None:
    torch.zeros(1, device="cuda")
    out = torch.zeros(N, dtype=torch.int32, device="cuda")
    for line in sys.stdin:
        req = json.loads(line)
        if req["op"] == "open":
            t0 = time.perf_counter()
            ptr, _ = cuda_ipc.open_handle(req["handle"])
            t1 = time.perf_counter()
            x = torch.as_tensor(cuda_ipc.DeviceArray(ptr, N), device="cuda")
            t2 = time.perf_counter()
            del x
            cuda_ipc.close_handle(ptr)
            t3 = time.perf_counter()
            print(
                json.dumps(
                    {"open": (t1 - t0) * 1e6, "wrap": (t2 - t1) * 1e6, "close": (t3 - t2) * 1e6}
                ),
                flush=True,
            )
        elif req["op"] == "export":
            t0 = time.perf_counter()
            h, off = cuda_ipc.export(out.data_ptr())
            print(
                json.dumps(
                    {"handle": h, "offset": off, "export": (time.perf_counter() - t0) * 1e6}
                ),
                flush=True,
            )
        elif req["op"] == "ping":
            print(json.dumps({}), flush=True)


def main() -> None:
    torch.zeros(1, device="cuda")
    proc = subprocess.Popen(
        [sys.executable, __file__, "child", str(N)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin and proc.stdout

    def ask(req: dict) -> dict:
        proc.stdin.write(json.dumps(req) + "\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    ptrs = [cuda_ipc.alloc(N * 4) for _ in range(REPS)]
    child_open, child_close, wrap, ping, export, p_open, p_close, equal = ([] for _ in range(8))
    a = torch.zeros(N, dtype=torch.int32, device="cuda")
    for ptr in ptrs:
        r = ask({"op": "open", "handle": cuda_ipc.export(ptr)[0]})
        child_open.append(r["open"])
        child_close.append(r["close"])
        wrap.append(r["wrap"])
        t0 = time.perf_counter()
        ask({"op": "ping"})
        ping.append((time.perf_counter() - t0) * 1e6)
        r = ask({"op": "export"})
        export.append(r["export"])
        t0 = time.perf_counter()
        base, _ = cuda_ipc.open_handle(r["handle"])
        t1 = time.perf_counter()
        got = torch.as_tensor(cuda_ipc.DeviceArray(base + r["offset"], N), device="cuda")
        t2 = time.perf_counter()
        torch.equal(got, a)
        t3 = time.perf_counter()
        del got
        cuda_ipc.close_handle(base)
        t4 = time.perf_counter()
        p_open.append((t1 - t0) * 1e6)
        equal.append((t3 - t2) * 1e6)
        p_close.append((t4 - t3) * 1e6)
    proc.stdin.close()
    proc.wait()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "envspec" / "kit"))
    import scorer_kit

    sig = []
    for _ in range(REPS):
        t0 = time.perf_counter()
        scorer_kit.signal_uid(1_900_000_123, 0)
        sig.append((time.perf_counter() - t0) * 1e6)
    print(
        json.dumps(
            {
                "n": N,
                "worker_open_input": us(child_open),
                "worker_wrap": us(wrap),
                "worker_close_input": us(child_close),
                "pipe_round_trip": us(ping),
                "worker_export_output": us(export),
                "checker_open_output": us(p_open),
                "checker_equal": us(equal),
                "checker_close_output": us(p_close),
                "signal_uid": us(sig),
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    child() if len(sys.argv) > 1 and sys.argv[1] == "child" else main()
