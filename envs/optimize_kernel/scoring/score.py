"""The optimize_kernel scorer (the checker): ln(median milliseconds of prefix_sum), or invalid.

The agent's code runs in a worker process (worker.py) inside the scorer kit's sandbox: a uid
of its own for this scoring, a private folder, limits, no network, every process of that uid
killed at the end. Nothing that process says is believed:

- **inputs** come from secret seeds drawn here; the checker makes each one and hands it over
  only with the call (a file descriptor on a CPU, a CUDA IPC handle of an allocation of its own
  on a GPU), so it cannot be known before the clock starts;
- **the clock** is the checker's: from sending the call to the reply (CPU), or to the moment
  the checker itself has read a correct output (GPU: work still running on any stream when the
  worker replies is thus counted, never forgiven). The fixed cost of that plumbing is measured
  with a worker that never imports agent code, in a sandbox of its own, called between the
  solution's calls, and its median is subtracted;
- **the output** is read by the checker itself once every process of the sandbox's uid is
  stopped (CPU: from the worker's memory through ``/proc/PID/mem``; GPU: the worker's
  allocation, mapped through CUDA IPC), and compared with the expected one, computed here: no
  hook, thread, process or stream of the agent's runs between a call's reply and the check.

Scorer contract: $ENVSPEC_SOLUTION, $ENVSPEC_PARAMETERS, $ENVSPEC_RESULT.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import json
import math
import os
import secrets
import select
import shutil
import signal
import socket
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import scorer_kit as kit
import torch

HERE = Path(__file__).resolve().parent
#: a call's time after the fixed cost is subtracted is at least this (ln stays finite)
MIN_MS = 1e-3
#: calls of the null worker whose median is the fixed cost subtracted from each call
NULL_CALLS = 15
#: the share of the machine's CPU time other processes may take while the calls are timed
#: before the message says the measurement was disturbed
DISTURBED_SHARE = 0.2


def cpu_ticks() -> tuple[int, int]:
    """(busy, all) clock ticks of every CPU of the machine since boot, from /proc/stat (which
    a container sees host-wide); steal time counts as busy (another VM had the CPU)."""
    first = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    user, nice, system, idle, iowait, irq, softirq, steal = ([int(x) for x in first] + [0] * 8)[:8]
    busy = user + nice + system + irq + softirq + steal
    return busy, busy + idle + iowait


def ticks_of(pids: list[int]) -> int:
    """CPU clock ticks (user + system, every thread) the processes ``pids`` have used."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total


class Disturbance:
    """How much CPU time processes other than the scoring's own took while it timed calls:
    the checker measures the machine (/proc/stat) and its own processes, both from outside
    the solution, and the difference is everybody else's."""

    def __init__(self, *boxes: kit.Sandbox) -> None:
        self.boxes = boxes
        self.start = (*cpu_ticks(), self._ours())

    def _ours(self) -> int:
        pids = [os.getpid()] + [p for b in self.boxes for p in kit.processes_of(b.uid)]
        return ticks_of(sorted(set(pids)))

    def share(self) -> float:
        """Others' share of all CPU time since the start (0 to 1)."""
        busy, every, ours = (*cpu_ticks(), self._ours())
        others = (busy - self.start[0]) - (ours - self.start[2])
        return max(0.0, others) / max(1, every - self.start[1])


def make_input(seed: int, n: int, device: str) -> torch.Tensor:
    g = torch.Generator(device=device)
    g.manual_seed(seed)
    return torch.randint(-10, 10, (n,), dtype=torch.int32, device=device, generator=g)


def expected_output(x: torch.Tensor) -> torch.Tensor:
    """The conditional prefix sum of ``x``, in int64 arithmetic (the checker's own code)."""
    positive = (x > 0).to(torch.int64)
    before = torch.cumsum(positive, 0) - positive  # positives strictly before each element
    included = torch.where(before % 2 == 1, x.to(torch.int64), 0)
    return torch.cumsum(included, 0).to(torch.int32)


class Worker:
    """One worker process in the sandbox and the checker's channel to it."""

    def __init__(
        self, box: kit.Sandbox, mode: str, caller: CpuCalls | GpuCalls, timeout: float
    ) -> None:
        self.box = box
        self.sock, child = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        # read through this handle, never by name: the solution's uid owns the folder and could
        # put a link to a root-only file there before it dies
        self.log = (box.root / f"{mode}.log").open("w+b")
        argv = [sys.executable, "worker.py", mode, "code", str(child.fileno())]
        argv += [str(caller.n), caller.device]
        env = box.env({"TRITON_CACHE_DIR": str(box.root / "triton")})
        self.proc = box.popen(
            argv, env=env, stdout=self.log, stderr=self.log, pass_fds=(child.fileno(),)
        )
        child.close()
        caller.setup(self)
        hello = self.receive(timeout)
        if not hello.get("ok"):
            raise kit.Invalid(str(hello.get("error"))[:3000])
        box.stop()  # it runs only inside its calls

    def receive(self, timeout: float, *, spin: bool = False) -> dict[str, Any]:
        """The worker's next message; ``spin`` polls instead of sleeping (no wake-up latency
        in the clock, at the price of a core)."""
        deadline = time.monotonic() + timeout
        data = None
        while data is None:
            left = deadline - time.monotonic()
            if left <= 0:
                raise kit.Invalid(f"prefix_sum did not finish within {timeout:g} s")
            ready = True if spin else select.select([self.sock], [], [], left)[0]
            if ready:
                try:
                    data = self.sock.recv(65536, socket.MSG_DONTWAIT)
                except BlockingIOError:
                    continue
        if not data:
            raise kit.Invalid(f"the solution's process died; its output ends:\n{self.log_tail()}")
        try:
            message = json.loads(data)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            raise kit.Invalid("the solution wrote to the scorer's channel")
        return message

    def drain(self) -> None:
        """Nothing may be waiting from the worker before a call: a message sent while it
        should be stopped is tampering."""
        ready, _, _ = select.select([self.sock], [], [], 0)
        if ready:
            raise kit.Invalid("the solution wrote to the scorer's channel between calls")

    def log_tail(self, lines: int = 15) -> str:
        """The end of what the solution's process printed (its own output, for the agent)."""
        return kit.log_tail(self.log, lines=lines, sep="\n")[-3000:]


class CpuCalls:
    """One shared memory file holds each input, written while the sandbox is stopped; the
    output is read from the stopped worker's memory."""

    device = "cpu"

    def __init__(self, n: int) -> None:
        self.n = n
        self.fd = os.memfd_create("prefix-sum-input")
        os.ftruncate(self.fd, n * 4)

    def setup(self, w: Worker) -> None:
        socket.send_fds(w.sock, [b"{}"], [self.fd])

    def call(self, w: Worker, i: int, seed: int | None, timeout: float) -> float:
        if seed is None:
            x = want = torch.zeros(self.n, dtype=torch.int32)
        else:
            x, want = make_input(seed, self.n, "cpu"), None
        w.box.stop()  # nothing of the agent's runs while the input is written
        os.pwrite(self.fd, x.numpy().tobytes(), 0)
        want_bytes = (expected_output(x) if want is None else want).numpy().tobytes()
        w.drain()
        w.box.signal(signal.SIGCONT)
        t0 = time.perf_counter_ns()
        w.sock.send(json.dumps({"call": i}).encode())
        reply = w.receive(timeout)
        t1 = time.perf_counter_ns()
        w.box.stop()
        check_reply(reply, i)
        address = reply.get("address")
        if not isinstance(address, int) or address <= 0:
            raise kit.Invalid("the solution wrote to the scorer's channel")
        if read_memory(w.proc.pid, address, self.n * 4) != want_bytes:
            raise wrong_output(i)
        return (t1 - t0) / 1e6

    def release(self) -> None:
        os.close(self.fd)


class GpuCalls:
    """One device allocation of the checker's holds each input, written once the clock has
    started (the call is sent when it is written: contexts of two processes are not ordered);
    the output allocation is mapped back through CUDA IPC and compared on the checker's
    device."""

    device = "cuda"
    #: how long work still queued after the reply may take to complete the output: far above
    #: any honest kernel's tail, and short enough that a wrong output costs the agent seconds
    #: of its budget, not the call's whole timeout
    SETTLE_S = 10.0

    def __init__(self, n: int) -> None:
        import cuda_ipc

        self.ipc, self.n = cuda_ipc, n
        self.scratch = torch.empty(64 << 20, dtype=torch.float32, device="cuda")
        torch.cuda.synchronize()  # the driver calls below need torch's context current here
        self.x_ptr = cuda_ipc.alloc(n * 4)
        self.x = torch.as_tensor(cuda_ipc.DeviceArray(self.x_ptr, n), device="cuda")
        #: output allocations mapped here, by handle: (base, size); and the outputs seen in
        #: them, by (handle, offset) (a mapping and a tensor kept for an allocation reused)
        self.mapped: dict[str, tuple[int, int]] = {}
        self.outputs: dict[tuple[str, int], torch.Tensor] = {}

    def setup(self, w: Worker) -> None:
        handle = self.ipc.export(self.x_ptr)[0]
        w.sock.send(json.dumps({"input": handle}).encode())

    def spin_up(self, ms: float = 25.0) -> None:
        """Keep the GPU busy for a moment before a timed call: a call straight after idling
        runs at lower clocks, which would time the power state rather than the solution."""
        t0 = time.perf_counter()
        while (time.perf_counter() - t0) * 1e3 < ms:
            for _ in range(8):
                self.scratch.mul_(1.0)
            torch.cuda.synchronize()

    def output(self, reply: dict[str, Any]) -> torch.Tensor:
        """The worker's output, mapped here (a mapping is kept for an allocation reused)."""
        handle, offset = str(reply.get("handle")), reply.get("offset", -1)
        if not isinstance(offset, int):
            raise kit.Invalid("the solution wrote to the scorer's channel")
        if (handle, offset) in self.outputs:
            return self.outputs[(handle, offset)]
        if handle not in self.mapped:
            try:
                self.mapped[handle] = self.ipc.open_handle(handle)
            except (RuntimeError, ValueError) as e:
                raise kit.Invalid(f"the output's device memory cannot be mapped ({e})") from None
        base, size = self.mapped[handle]
        if offset < 0 or offset + self.n * 4 > size or offset % 4:
            raise kit.Invalid("the output's memory does not hold the whole output")
        got = torch.as_tensor(self.ipc.DeviceArray(base + offset, self.n), device="cuda")
        self.outputs[(handle, offset)] = got
        return got

    def call(self, w: Worker, i: int, seed: int | None, timeout: float) -> float:
        if seed is None:
            source = want = torch.zeros(self.n, dtype=torch.int32, device="cuda")
        else:
            source = make_input(seed, self.n, "cuda")
            want = expected_output(source)
        self.spin_up()
        w.drain()
        w.box.signal(signal.SIGCONT)
        t0 = time.perf_counter_ns()
        self.x.copy_(source)  # the input exists from here on, inside the clock
        torch.cuda.synchronize()
        w.sock.send(json.dumps({"call": i}).encode())
        reply = w.receive(timeout, spin=True)
        check_reply(reply, i)
        got = self.output(reply)
        deadline = time.monotonic() + min(timeout, self.SETTLE_S)
        while not torch.equal(got, want):  # work still queued on any stream is timed
            if time.monotonic() > deadline:
                raise wrong_output(i)
        t1 = time.perf_counter_ns()
        w.box.signal(signal.SIGSTOP)
        return (t1 - t0) / 1e6

    def release(self) -> None:
        self.outputs.clear()
        for base, _ in self.mapped.values():
            with contextlib.suppress(RuntimeError):
                self.ipc.close_handle(base)
        with contextlib.suppress(RuntimeError):
            self.ipc.free(self.x_ptr)


def check_reply(reply: dict[str, Any], i: int) -> None:
    if not reply.get("ok"):
        raise kit.Invalid(str(reply.get("error"))[:3000])
    if reply.get("call") != i:
        raise kit.Invalid("the solution wrote to the scorer's channel")


def wrong_output(i: int) -> kit.Invalid:
    return kit.Invalid(
        f"wrong output on call {i + 1} (fresh random input): it must equal the conditional "
        "prefix sum exactly, and be complete when prefix_sum returns"
    )


def read_memory(pid: int, address: int, size: int) -> bytes:
    """``size`` bytes at ``address`` in process ``pid`` (stopped), read by the checker."""
    chunks = []
    try:
        with open(f"/proc/{pid}/mem", "rb", buffering=0) as mem:
            while size > 0:
                chunk = os.pread(mem.fileno(), min(size, 1 << 26), address)
                if not chunk:
                    break
                chunks.append(chunk)
                address += len(chunk)
                size -= len(chunk)
    except OSError as e:
        raise kit.Invalid(f"the output's memory cannot be read ({e.strerror})") from None
    if size:
        raise kit.Invalid("the output's memory cannot be read whole")
    return b"".join(chunks)


@contextlib.contextmanager
def calls(n: int, device: str) -> Iterator[CpuCalls | GpuCalls]:
    caller = GpuCalls(n) if device == "cuda" else CpuCalls(n)
    try:
        yield caller
    finally:
        caller.release()


def score(params: dict[str, Any], solution_dir: Path) -> dict[str, Any]:
    n = int(params.get("n", 1 << 24))
    repeats = int(params.get("repeats", 5))
    warmup = int(params.get("warmup", 1))
    device = str(params.get("device", "cpu"))
    call_timeout = float(params.get("call_timeout_s", 60))
    first_timeout = float(params.get("first_call_timeout_s", 300))
    if device == "cuda" and not torch.cuda.is_available():
        raise kit.Invalid("this variant needs a GPU and the scorer sees none")
    limits = kit.Limits(
        cpu_seconds=int(first_timeout + (warmup + repeats + NULL_CALLS) * call_timeout),
        processes=512,
    )
    seeds = [secrets.randbits(62) for _ in range(warmup + repeats)]
    per_call = max(1, math.ceil(NULL_CALLS / len(seeds)))
    with (
        kit.Sandbox(limits, label="optimize-kernel") as box,
        kit.Sandbox(limits, label="optimize-kernel-null") as null_box,
        calls(n, device) as caller,
        calls(n, device) as null_caller,
    ):
        kit.copy_solution(solution_dir, box.root / "code", max_bytes=64 << 20)
        if not (box.root / "code" / "solution.py").is_file():
            raise kit.Invalid("no solution.py in your working directory")
        box.give(box.root / "code")
        for where, name in itertools.product((box, null_box), ("worker.py", "cuda_ipc.py")):
            shutil.copyfile(HERE / name, where.root / name)
            where.give(where.root / name, writable=False)
        gc.disable()  # no collection pause inside the checker's clock
        # The plumbing's fixed cost: a worker that never imports agent code, in a sandbox of
        # its own, called between the solution's calls, so that whatever slows one phase of
        # the scoring (another process busy on the machine, say) cannot slow only it.
        null = Worker(null_box, "null", null_caller, first_timeout)
        null_caller.call(null, 0, None, call_timeout)  # its own warm-up
        worker = Worker(box, "solution", caller, first_timeout)
        disturbance = Disturbance(box, null_box)
        elapsed: list[float] = []
        nulls: list[float] = []
        for i, seed in enumerate(seeds):
            for _ in range(per_call):
                nulls.append(null_caller.call(null, len(nulls) + 1, None, call_timeout))
            elapsed.append(caller.call(worker, i, seed, first_timeout if i == 0 else call_timeout))
        others = disturbance.share()
        box.kill()
        null_box.kill()
        gc.enable()
    fixed = statistics.median(nulls)
    times = [max(MIN_MS, t - fixed) for t in elapsed[warmup:]]
    median = statistics.median(times)
    message = (
        f"median {median:.4f} ms over {repeats} calls (score ln(ms) = {math.log(median):.4f}); "
        "lower is better"
    )
    if others > DISTURBED_SHARE:
        message += (
            f". WARNING: the measurement was disturbed: other processes used {others:.0%} of "
            "this machine's CPU time while the calls were timed, so this time is likely too "
            "slow; score again when nothing else runs"
        )
    return {
        "valid": True,
        "score": math.log(median),
        "message": message,
        "details": {
            "times_ms": times,
            "fixed_ms": fixed,
            "warmup_ms": [t - fixed for t in elapsed[:warmup]],
            "n": n,
            "device": device,
            "worker_isolated": box.isolated,
            "others_cpu_share": round(others, 3),
            "gpu": torch.cuda.get_device_name() if device == "cuda" else None,
            "torch": torch.__version__,
        },
    }


if __name__ == "__main__":
    kit.run_scorer(score)
