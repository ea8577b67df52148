"""The solution's side of the optimize_kernel scorer: a separate, unprivileged process.

It imports the agent's ``solution.py`` only after taking its own references to every function
it times and copies with, and after each call it checks that none of the watched functions
was replaced, that no Python thread is left running and (on a GPU) that no work is left on
another stream. It never sees the expected outputs: the checker keeps them in its own process.

Protocol (JSON lines on the file descriptor given as argv[2], one request → one reply):
    {"seed": int, "out": path}  →  {"ok": true, "ms": float} | {"ok": false, "error": str}
"""

import builtins
import json
import math
import socket
import sys
import threading
import time

import torch

SOLUTION_DIR, CHANNEL_FD, N, DEVICE = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
CUDA = DEVICE == "cuda"
#: work a call may leave running on other streams after it returns, beyond the sync cost
#: measured before the solution is imported: (fraction of the call, absolute ms)
STREAM_TAIL_LIMIT = (0.25, 0.05)

# --- our own references, taken before any agent code runs ----------------------------------------
_perf_ns = time.perf_counter_ns
_type = builtins.type
_Tensor = torch.Tensor
_int32 = torch.int32
_tensor_cpu = torch._C.TensorBase.cpu
_tensor_numpy = torch._C.TensorBase.numpy
_tensor_contiguous = torch._C.TensorBase.contiguous
_randint = torch.randint
_empty = torch.empty
_mul_ = torch._C.TensorBase.mul_
_Generator = torch.Generator
_enumerate_threads = threading.enumerate
_main_thread = threading.main_thread()
if CUDA:
    _device_sync = torch._C._cuda_synchronize
    _Event = torch.cuda.Event
    _record = torch.cuda.Event.record
    _event_sync = torch.cuda.Event.synchronize
    _elapsed = torch.cuda.Event.elapsed_time

#: (owner, attribute) pairs a solution must not replace: timers, sync, events, equality, copies
WATCHED = [
    (time, "perf_counter"),
    (time, "perf_counter_ns"),
    (time, "monotonic"),
    (time, "time"),
    (time, "process_time"),
    (torch, "equal"),
    (torch, "randint"),
    (torch.Tensor, "__eq__"),
    (torch.Tensor, "cpu"),
    (torch.Tensor, "numpy"),
    (builtins, "type"),
    (builtins, "isinstance"),
    (threading, "enumerate"),
]
if CUDA:
    WATCHED += [
        (torch.cuda, "synchronize"),
        (torch.cuda, "Event"),
        (torch.cuda.Event, "record"),
        (torch.cuda.Event, "elapsed_time"),
        (torch.cuda.Event, "synchronize"),
        (torch.cuda, "current_stream"),
        (torch._C, "_cuda_synchronize"),
    ]
_originals = {(id(owner), name): getattr(owner, name) for owner, name in WATCHED}


def tampered() -> list[str]:
    """Watched names that no longer point at the originals."""
    return [
        f"{getattr(owner, '__name__', owner)}.{name}"
        for owner, name in WATCHED
        if getattr(owner, name, None) is not _originals[(id(owner), name)]
    ]


def make_input(seed: int) -> torch.Tensor:
    """The call's input: the same generator and seed the checker used."""
    g = _Generator(device=DEVICE)
    g.manual_seed(seed)
    return _randint(-10, 10, (N,), dtype=_int32, device=DEVICE, generator=g)


_scratch: list[torch.Tensor] = []


def spin_up(ms: float = 25.0) -> None:
    """Keep the GPU busy for a moment before a timed call: between calls it idles for a second
    or more (outputs are written and hashed), and a call straight after idling runs at lower
    clocks, which would time the power state rather than the solution."""
    if not _scratch:
        _scratch.append(_empty(64 << 20, dtype=torch.float32, device=DEVICE))
    t0 = _perf_ns()
    while (_perf_ns() - t0) / 1e6 < ms:
        for _ in range(8):
            _mul_(_scratch[0], 1.0)
        _device_sync()


def timed(fn, x):  # type: ignore[no-untyped-def]
    """Run fn(x); return (output, ms, pending ms).

    On a GPU, ms is the calling stream's time from the call to the return (CUDA events).
    Pending is how long a device-wide sync then still waits once the calling stream is done:
    work left on other streams shows up there. On a CPU, a monotonic clock and no pending.
    """
    if not CUDA:
        t0 = _perf_ns()
        out = fn(x)
        return out, (_perf_ns() - t0) / 1e6, 0.0
    start, returned = _Event(enable_timing=True), _Event(enable_timing=True)
    spin_up()
    _record(start)
    out = fn(x)
    _record(returned)
    _event_sync(returned)  # the calling stream has finished the call's work
    t0 = _perf_ns()
    _device_sync()  # returns at once unless something still runs elsewhere
    pending = (_perf_ns() - t0) / 1e6
    return out, _elapsed(start, returned), pending


def check_output(out: object, x: torch.Tensor) -> str | None:
    """Why the output is unacceptable, or None."""
    if _type(out) is not _Tensor:
        return f"prefix_sum must return a plain torch.Tensor, not {_type(out).__name__}"
    if out.dtype != _int32:
        return f"the output must be int32, not {out.dtype}"
    if tuple(out.shape) != tuple(x.shape):
        return f"the output must have shape {tuple(x.shape)}, not {tuple(out.shape)}"
    if out.device != x.device:
        return f"the output must be on {x.device}, not {out.device}"
    return None


def reply(channel, **fields) -> None:  # type: ignore[no-untyped-def]
    channel.write(json.dumps(fields) + "\n")
    channel.flush()


def main() -> None:
    channel = socket.socket(fileno=CHANNEL_FD).makefile("rw", buffering=1)
    # warm the framework before agent code runs, so its own threads and pools exist already
    warm = make_input(1)
    warm.cumsum(0)
    sync_tail = 0.0
    if CUDA:
        spin_up()  # allocates its scratch buffer before any agent code runs
        tails = sorted(timed(lambda t: t.cumsum(0), warm)[2] for _ in range(7))
        sync_tail = tails[len(tails) // 2]  # what that sync costs when nothing is pending
    del warm
    sys.path.insert(0, SOLUTION_DIR)
    try:
        import solution  # the agent's code, from here on untrusted
    except BaseException as e:
        reply(channel, ok=False, error=f"importing solution.py failed: {_type(e).__name__}: {e}")
        return
    fn = getattr(solution, "prefix_sum", None)
    if not callable(fn):
        reply(channel, ok=False, error="solution.py defines no function prefix_sum(x)")
        return
    reply(channel, ok=True, ready=True)
    for line in channel:
        request = json.loads(line)
        x = make_input(int(request["seed"]))
        try:
            out, ms, tail_ms = timed(fn, x)
        except BaseException as e:
            reply(channel, ok=False, error=f"prefix_sum raised {_type(e).__name__}: {e}")
            return
        problems = tampered()
        if problems:
            reply(channel, ok=False, error=f"the solution replaced {', '.join(problems)}")
            return
        alive = [t.name for t in _enumerate_threads() if t is not _main_thread and t.is_alive()]
        if alive:
            reply(channel, ok=False, error=f"threads still running after return: {alive}")
            return
        if CUDA and tail_ms - sync_tail > max(STREAM_TAIL_LIMIT[0] * ms, STREAM_TAIL_LIMIT[1]):
            reply(
                channel,
                ok=False,
                error=(
                    f"the device was still busy {tail_ms:.3f} ms after prefix_sum's {ms:.3f} ms "
                    "finished on the calling stream: work left on another stream is not allowed"
                ),
            )
            return
        bad = check_output(out, x)
        if bad:
            reply(channel, ok=False, error=bad)
            return
        if not math.isfinite(ms) or ms <= 0:
            reply(channel, ok=False, error=f"the measured time {ms!r} ms is not usable")
            return
        _tensor_numpy(_tensor_cpu(_tensor_contiguous(out))).tofile(request["out"])
        del out, x
        reply(channel, ok=True, ms=ms)


if __name__ == "__main__":
    main()
