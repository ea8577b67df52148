"""The solution's side of the optimize_kernel scorer: a sandboxed process that the checker
(score.py) drives. Nothing it says about time or outputs is believed: the checker owns the
clock, makes each input and reads each output itself.

    python worker.py solution|null CODE_DIR CHANNEL_FD N DEVICE

``null`` never imports the agent's code: the checker times it to learn the fixed cost of a
call's plumbing, which it subtracts. The channel is a SOCK_SEQPACKET socket, one JSON message
a step:

- worker → checker, once ready: ``{"ok": true}`` (or ``{"ok": false, "error"}``);
- checker → worker, per call: ``{"call": i}`` plus the input: on a CPU an open file
  descriptor (SCM_RIGHTS) of a file holding the int32 input, mapped here copy-on-write; on a
  GPU ``"handle"``, the CUDA IPC handle of the checker's input allocation;
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
    data, fds, _, _ = socket.recv_fds(channel, 65536, 4)
    if not data:
        sys.exit(0)  # the checker has gone
    return json.loads(data), fds


def load_function():  # type: ignore[no-untyped-def]
    """The agent's prefix_sum, or (null) a function that returns a ready tensor."""
    if MODE == "null":
        ready = torch.zeros(N, dtype=torch.int32, device=DEVICE)
        return lambda x: ready
    sys.path.insert(0, CODE_DIR)
    import solution  # the agent's code: from here on, everything in this process is untrusted

    fn = getattr(solution, "prefix_sum", None)
    if not callable(fn):
        raise RuntimeError("solution.py defines no function prefix_sum(x)")
    return fn


def take_input(request: dict, fds: list[int]) -> tuple[torch.Tensor, object]:
    """The call's input as a tensor, and what must stay alive while it is used."""
    if CUDA:
        ptr, _ = cuda_ipc.open_handle(str(request["handle"]))
        return torch.as_tensor(cuda_ipc.DeviceArray(ptr, N), device="cuda"), ptr
    if len(fds) != 1:
        raise RuntimeError("the checker sends one input file")
    flags = mmap.MAP_PRIVATE | getattr(mmap, "MAP_POPULATE", 0)
    mapped = mmap.mmap(fds[0], N * 4, flags=flags, prot=mmap.PROT_READ | mmap.PROT_WRITE)
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
    # the framework warmed up before agent code runs, so its pools and threads exist already
    torch.zeros(1024, dtype=torch.int32, device=DEVICE).cumsum(0)
    try:
        fn = load_function()
    except BaseException as e:
        send(channel, ok=False, error=f"importing solution.py failed: {_type(e).__name__}: {e}")
        return
    send(channel, ok=True)
    kept: list[object] = []  # the previous call's input and output, alive until the next call
    opened: list[int] = []  # (GPU) the previous call's mapping of the checker's input
    while True:
        request, fds = receive(channel)
        kept = []
        for ptr in opened:
            cuda_ipc.close_handle(ptr)
        opened = []
        x, holder = take_input(request, fds)
        if CUDA:
            opened.append(int(holder))  # type: ignore[call-overload]
        try:
            out = fn(x)
        except BaseException as e:
            send(channel, ok=False, error=f"prefix_sum raised {_type(e).__name__}: {e}")
            return
        bad = tampering() or describe(out)
        if bad:
            send(channel, ok=False, error=bad)
            return
        kept = [x, holder, out]
        if CUDA:
            torch.cuda.synchronize()
            handle, offset = cuda_ipc.export(out.data_ptr())
            send(channel, ok=True, call=request["call"], handle=handle, offset=offset)
        else:
            send(channel, ok=True, call=request["call"], address=out.data_ptr())


if __name__ == "__main__":
    main()
