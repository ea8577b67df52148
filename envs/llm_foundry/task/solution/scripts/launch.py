"""The launcher: finds the devices, starts one training process per device and waits.

python scripts/launch.py scripts/train.py finetune.toml      (NPROC=N: N processes instead)
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import torch


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main(argv: list[str]) -> int:
    nproc = torch.cuda.device_count() if torch.cuda.is_available() else 1
    nproc = int(os.environ.get("NPROC", nproc))
    # the processes meet on the loopback (torch.distributed's env:// rendezvous)
    meet = {"MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(free_port())}
    procs = []
    for rank in range(nproc):
        env = dict(os.environ, RANK=str(rank), LOCAL_RANK=str(rank), WORLD_SIZE=str(nproc), **meet)
        procs.append(subprocess.Popen([sys.executable, *argv], env=env))
    while any(p.poll() is None for p in procs):
        time.sleep(1.0)
    return max(p.returncode for p in procs)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
