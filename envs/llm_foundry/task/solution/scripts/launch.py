"""The launcher: finds the devices, starts one training process per device and waits.

python scripts/launch.py scripts/train.py finetune.toml
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import torch


def main(argv: list[str]) -> int:
    nproc = torch.cuda.device_count() if torch.cuda.is_available() else 1
    procs = []
    for rank in range(nproc):
        env = dict(os.environ, RANK=str(rank), LOCAL_RANK=str(rank), WORLD_SIZE=str(nproc))
        procs.append(subprocess.Popen([sys.executable, *argv], env=env))
    while any(p.poll() is None for p in procs):
        time.sleep(1.0)
    return max(p.returncode for p in procs)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
