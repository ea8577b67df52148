"""Reference for `standard` (GPU), of the original's kind: three Triton launches.

1. per tile, its state: the parity T of its positive values, and the sum of the elements it
   includes when entered with an even (S0) or an odd (S1 = total - S0) count of positives;
2. one program scans the tiles' states in order, chunk by chunk: what enters each tile;
3. per tile, the conditional prefix sum of its elements from what enters it.

Every sum is int32 and wraps as torch's int32 results do. (`reference/strong/` is a single-pass
kernel with decoupled look-back, about three times as fast on an H200: README "Reference".)
"""

import torch
import triton
import triton.language as tl

BLOCK = 4096  # elements a tile
CHUNK = 1024  # tile states the scan program takes at once
WARPS = 8


@triton.jit
def _add(a, b):
    return a + b


@triton.jit
def _combine(t1, a1, b1, t2, a2, b2):
    """Two tiles in a row: (parity of positives, sum entered even, sum entered odd)."""
    odd = t1 == 1
    return t1 ^ t2, a1 + tl.where(odd, b2, a2), b1 + tl.where(odd, a2, b2)


@triton.jit
def _reduce_tiles(x_ptr, t_ptr, s0_ptr, s1_ptr, n, BLOCK: tl.constexpr):
    tile = tl.program_id(0)
    offs = tile.to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    pos = (x > 0).to(tl.int32)
    before = tl.cumsum(pos, 0) - pos  # positives before each element, within the tile
    s0 = tl.sum(tl.where((before & 1) == 1, x, 0), 0)
    tl.store(t_ptr + tile, tl.sum(pos, 0) & 1)
    tl.store(s0_ptr + tile, s0)
    tl.store(s1_ptr + tile, tl.sum(x, 0) - s0)


@triton.jit
def _scan_tiles(t_ptr, s0_ptr, s1_ptr, p_ptr, c_ptr, tiles, CHUNK: tl.constexpr):
    p = tl.zeros((), tl.int32)  # parity entering the chunk
    c = tl.zeros((), tl.int32)  # sum entering the chunk
    for start in range(0, tiles, CHUNK):
        idx = start + tl.arange(0, CHUNK)
        inside = idx < tiles
        t = tl.load(t_ptr + idx, mask=inside, other=0)
        a = tl.load(s0_ptr + idx, mask=inside, other=0)
        b = tl.load(s1_ptr + idx, mask=inside, other=0)
        it, ia, ib = tl.associative_scan((t, a, b), 0, _combine)
        et = it ^ t  # exclusive: the tiles of the chunk before each one
        ea = ia - tl.where(et == 1, b, a)
        eb = ib - tl.where(et == 1, a, b)
        tl.store(p_ptr + idx, p ^ et, mask=inside)
        tl.store(c_ptr + idx, c + tl.where(p == 1, eb, ea), mask=inside)
        last = tl.arange(0, CHUNK) == CHUNK - 1
        c = c + tl.where(p == 1, tl.sum(tl.where(last, ib, 0), 0), tl.sum(tl.where(last, ia, 0), 0))
        p = p ^ tl.sum(tl.where(last, it, 0), 0)


@triton.jit
def _scan_within(x_ptr, y_ptr, p_ptr, c_ptr, n, BLOCK: tl.constexpr):
    tile = tl.program_id(0)
    offs = tile.to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    inside = offs < n
    x = tl.load(x_ptr + offs, mask=inside, other=0)
    pos = (x > 0).to(tl.int32)
    parity = tl.load(p_ptr + tile) + tl.cumsum(pos, 0) - pos
    included = tl.where((parity & 1) == 1, x, 0)
    tl.store(y_ptr + offs, tl.cumsum(included, 0) + tl.load(c_ptr + tile), mask=inside)


def prefix_sum(x: torch.Tensor, block: int = BLOCK, warps: int = WARPS) -> torch.Tensor:
    n = x.numel()
    y = torch.empty_like(x)
    if n == 0:
        return y
    tiles = triton.cdiv(n, block)
    state = torch.empty((5, tiles), dtype=torch.int32, device=x.device)
    t, s0, s1, p, c = state
    _reduce_tiles[(tiles,)](x, t, s0, s1, n, block, num_warps=warps)
    _scan_tiles[(1,)](t, s0, s1, p, c, tiles, CHUNK, num_warps=warps)
    _scan_within[(tiles,)](x, y, p, c, n, block, num_warps=warps)
    return y
