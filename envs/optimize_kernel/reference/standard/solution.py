"""Reference for `standard` (GPU): one Triton kernel, one pass over the data.

A single-pass scan with decoupled look-back. Each program takes the next tile (an atomic ticket,
so tiles start in order), scans it locally, and publishes the tile's aggregate at once. The
aggregate of a run of tiles depends on the parity entering it, so it is (T, S0, S1): the parity
of its positives, and its included sum if entered with even (S0) or odd (S1) parity. Combining
an earlier run A with a later run B is non-commutative:
    T = T_A ^ T_B,  S0 = S0_A + (S1_B if T_A else S0_B),  S1 = S1_A + (S0_B if T_A else S1_B).
The program then looks back over its predecessors' published words until it meets an inclusive
prefix (P, C), derives its own carry-in, publishes its inclusive prefix, and writes its output.
Every published word is 64-bit: a ready flag (bit 62), a parity (bit 32) and a 32-bit sum.
"""

import torch
import triton
import triton.language as tl

READY = tl.constexpr(1 << 62)  # bit 62 of a published word: the word is ready
LOW32 = tl.constexpr(0xFFFFFFFF)


@triton.jit
def _pack(parity, total):
    return (
        tl.full((), READY, tl.int64)
        | (parity.to(tl.int64) << 32)
        | (total.to(tl.int64) & LOW32)
    )


@triton.jit
def _scan_kernel(x_ptr, y_ptr, agg0_ptr, agg1_ptr, pref_ptr, ticket_ptr, n, BLOCK: tl.constexpr):
    tile = tl.atomic_add(ticket_ptr, 1)  # tiles begin in order: look-back never waits on the unstarted
    offs = tile.to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    positive = (x > 0).to(tl.int32)
    count = tl.cumsum(positive, 0)
    local_parity = (count - positive) & 1  # positives strictly before, within the tile
    t_tile = tl.sum(positive, 0) & 1
    s0_tile = tl.sum(tl.where(local_parity == 1, x, 0), 0)
    s1_tile = tl.sum(tl.where(local_parity == 0, x, 0), 0)

    zero = tl.full((), 0, tl.int64)
    if tile == 0:
        p_in = tl.full((), 0, tl.int32)
        c_in = tl.full((), 0, tl.int32)
    else:
        tl.atomic_xchg(agg0_ptr + tile, _pack(t_tile, s0_tile))
        tl.atomic_xchg(agg1_ptr + tile, _pack(tl.full((), 0, tl.int32), s1_tile))
        # look back: r_* is the aggregate of tiles (j, tile), entered at tile j + 1
        j = tile - 1
        r_t = tl.full((), 0, tl.int32)
        r_s0 = tl.full((), 0, tl.int32)
        r_s1 = tl.full((), 0, tl.int32)
        p_in = tl.full((), 0, tl.int32)
        c_in = tl.full((), 0, tl.int32)
        done = tl.full((), 0, tl.int32)
        while done == 0:
            w = tl.atomic_add(pref_ptr + j, zero)
            if (w & READY) != 0:
                p_j = ((w >> 32) & 1).to(tl.int32)
                c_j = (w & LOW32).to(tl.int32)
                p_in = p_j ^ r_t
                c_in = c_j + tl.where(p_j == 1, r_s1, r_s0)
                done = 1
            else:
                a0 = tl.atomic_add(agg0_ptr + j, zero)
                a1 = tl.atomic_add(agg1_ptr + j, zero)
                if ((a0 & READY) != 0) & ((a1 & READY) != 0):
                    t_j = ((a0 >> 32) & 1).to(tl.int32)
                    s0_j = (a0 & LOW32).to(tl.int32)
                    s1_j = (a1 & LOW32).to(tl.int32)
                    new_s0 = s0_j + tl.where(t_j == 1, r_s1, r_s0)
                    new_s1 = s1_j + tl.where(t_j == 1, r_s0, r_s1)
                    r_s0 = new_s0
                    r_s1 = new_s1
                    r_t = r_t ^ t_j
                    j = j - 1
    c_out = c_in + tl.where(p_in == 1, s1_tile, s0_tile)
    tl.atomic_xchg(pref_ptr + tile, _pack(p_in ^ t_tile, c_out))

    included = tl.where((local_parity ^ p_in) == 1, x, 0)
    y = tl.cumsum(included, 0) + c_in
    tl.store(y_ptr + offs, y, mask=mask)


BLOCK = 4096
NUM_WARPS = 8


def prefix_sum(x: torch.Tensor, block: int = BLOCK, num_warps: int = NUM_WARPS) -> torch.Tensor:
    n = x.numel()
    y = torch.empty_like(x)
    if n == 0:
        return y
    tiles = triton.cdiv(n, block)
    state = torch.zeros(3 * tiles + 1, dtype=torch.int64, device=x.device)
    agg0, agg1, pref = state[:tiles], state[tiles : 2 * tiles], state[2 * tiles : 3 * tiles]
    ticket = state[3 * tiles :].view(torch.int32)[:1]
    _scan_kernel[(tiles,)](x, y, agg0, agg1, pref, ticket, n, BLOCK=block, num_warps=num_warps)
    return y
