"""The solution's side of the optimize_kernel scorer: a sandboxed process that the checker
(score.py) drives. Nothing it says about time or outputs is believed: the checker owns the
clock, writes each input and reads each output itself.

    python worker.py solution|null CODE_DIR CHANNEL_FD N DEVICE

``null`` never imports the agent's code: the checker times it to learn the fixed cost of a
call's plumbing, which it subtracts. The channel is a SOCK_SEQPACKET socket, one JSON message
a step:

- worker → checker, once ready: ``{"ok": true}`` (or ``{"ok": false, "error"}``);
- checker → worker, once: where the input will be. On a CPU an open file descriptor
  (SCM_RIGHTS) of a memory file, mapped here shared; on a GPU ``"input"``, the CUDA IPC handle
  of the checker's input allocation. The worker answers ``{"ok": true}``;
- per call, checker → worker: ``{"call": i}``, once the checker has written the input: while
  every process of the sandbox was stopped (CPU), or after starting its clock (GPU);
- worker → checker: ``{"ok": true, "call": i, ...}`` with where the output is: on a CPU its
  ``address`` in this process (the checker reads it from ``/proc/PID/mem`` once every process
  of the sandbox is stopped), on a GPU the IPC ``handle`` and ``offset`` of its allocation.
"""

import builtins
import json
import mmap
import os
import socket
import sys
import threading
import time

import torch

MODE, CODE_DIR, CHANNEL_FD, N, DEVICE = (
    sys.argv[1],
    sys.argv[2],
    int(sys.argv[3]),
    int(sys.argv[4]),
    sys.argv[5],
)
CUDA = DEVICE == "cuda"
if CUDA:
    import cuda_ipc  # next to this file

# --- early warnings, taken before agent code runs --------------------------------------------
# They are not the defence (this whole process is the agent's once solution.py is imported;
# the checker's clock and its own reading of the output are): they turn the known cheats into
# a clear refusal instead of a merely useless score.
_type = builtins.type
_enumerate_threads = threading.enumerate
_main_thread = threading.main_thread()
#: (owner, attribute) pairs a solution must not replace: clocks, sync, equality, the channel
WATCHED = [
    (time, "perf_counter"),
    (time, "perf_counter_ns"),
    (time, "monotonic"),
    (time, "time"),
    (torch, "equal"),
    (torch.Tensor, "__eq__"),
    (torch.Tensor, "data_ptr"),
    (builtins, "type"),
    (builtins, "isinstance"),
    (threading, "enumerate"),
    (socket.socket, "send"),
]
if CUDA:
    WATCHED += [(torch.cuda, "synchronize"), (torch._C, "_cuda_synchronize")]
_originals = {(id(owner), name): getattr(owner, name) for owner, name in WATCHED}


def tampering() -> str | None:
    """What the solution left behind that could act after it returns, or None."""
    replaced = [
        f"{getattr(owner, '__name__', owner)}.{name}"
        for owner, name in WATCHED
        if getattr(owner, name, None) is not _originals[(id(owner), name)]
    ]
    if replaced:
        return f"the solution replaced {', '.join(replaced)}"
    if sys.gettrace() is not None or sys.getprofile() is not None:
        return "the solution left a trace or profile hook installed"
    if torch._C._len_torch_function_stack() or torch._C._len_torch_dispatch_stack():
        return "the solution left a torch function or dispatch mode active"
    alive = [t.name for t in _enumerate_threads() if t is not _main_thread and t.is_alive()]
    if alive:
        return f"threads still running after prefix_sum returned: {alive}"
    return None


def send(channel: socket.socket, **fields: object) -> None:
    channel.send(json.dumps(fields).encode())


def receive(channel: socket.socket) -> tuple[dict, list[int]]:
    """The checker's next message, waited for by polling (no wake-up latency in the clock)."""
    while True:
        try:
            data, fds, _, _ = socket.recv_fds(channel, 65536, 4)
            break
        except BlockingIOError:
            continue
    if not data:
        sys.exit(0)  # the checker has gone
    return json.loads(data), fds


def load_function():  # type: ignore[no-untyped-def]
    """The agent's prefix_sum, or (null) a function that returns a ready tensor."""
    if MODE == "null":
        # a ready answer, after one tiny read of the input: on a GPU the worker's context then
        # runs as a solution's would, so the switches between the two processes' contexts are
        # part of the fixed cost too
        ready = torch.zeros(N, dtype=torch.int32, device=DEVICE)
        return lambda x: (x[:1].clone(), ready)[1]
    sys.path.insert(0, CODE_DIR)
    import solution  # the agent's code: from here on, everything in this process is untrusted

    fn = getattr(solution, "prefix_sum", None)
    if not callable(fn):
        raise RuntimeError("solution.py defines no function prefix_sum(x)")
    return fn


def map_input(setup: dict, fds: list[int]) -> tuple[torch.Tensor, object]:
    """The input tensor every call reads, and what keeps its memory mapped."""
    if CUDA:
        ptr, _ = cuda_ipc.open_handle(str(setup["input"]))
        return torch.as_tensor(cuda_ipc.DeviceArray(ptr, N), device="cuda"), ptr
    if len(fds) != 1:
        raise RuntimeError("the checker sends one input file")
    mapped = mmap.mmap(fds[0], N * 4, flags=mmap.MAP_SHARED)
    os.close(fds[0])
    return torch.frombuffer(mapped, dtype=torch.int32), mapped


def describe(out: object) -> str | None:
    """Why ``out`` cannot be the answer, or None (the checker verifies the bytes anyway)."""
    if _type(out) is not torch.Tensor:
        return f"prefix_sum must return a plain torch.Tensor, not {_type(out).__name__}"
    if out.dtype != torch.int32:
        return f"the output must be int32, not {out.dtype}"
    if tuple(out.shape) != (N,):
        return f"the output must have shape {(N,)}, not {tuple(out.shape)}"
    if out.device.type != DEVICE:
        return f"the output must be on {DEVICE}, not {out.device}"
    if not out.is_contiguous():
        return "the output must be contiguous"
    return None


def main() -> None:
    channel = socket.socket(fileno=CHANNEL_FD)
    channel.setblocking(False)
    # the framework warmed up before agent code runs, so its pools and threads exist already
    torch.zeros(1024, dtype=torch.int32, device=DEVICE).cumsum(0)
    x, _mapping = map_input(*receive(channel))
    try:
        fn = load_function()
    except BaseException as e:
        send(channel, ok=False, error=f"importing solution.py failed: {_type(e).__name__}: {e}")
        return
    send(channel, ok=True)
    out = None  # the previous call's output stays alive until the next call
    while True:
        request, _ = receive(channel)
        out = None
        try:
            out = fn(x)
        except BaseException as e:
            send(channel, ok=False, error=f"prefix_sum raised {_type(e).__name__}: {e}")
            return
        bad = tampering() or describe(out)
        if bad:
            send(channel, ok=False, error=bad)
            return
        if CUDA:
            torch.cuda.synchronize()
            handle, offset = cuda_ipc.export(out.data_ptr())
            send(channel, ok=True, call=request["call"], handle=handle, offset=offset)
        else:
            send(channel, ok=True, call=request["call"], address=out.data_ptr())


if __name__ == "__main__":
    main()
