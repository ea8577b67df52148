"""Reference for `lite` (CPU): the same function in a few vectorised NumPy passes over int8/int32
buffers instead of PyTorch's int64 cumulative sums, into buffers kept from call to call (fresh
memory is page-faulted in on every call otherwise, which on small VMs costs more than the
arithmetic and varies with the host)."""

import numpy as np
import torch

_buffers: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = {}


def prefix_sum(x: torch.Tensor) -> torch.Tensor:
    a = x.numpy()
    n = a.shape[0]
    if n not in _buffers:
        _buffers[n] = (
            np.empty(n, np.int8),
            np.empty(n, np.int8),
            np.empty(n, np.int32),
            np.empty(n, np.int32),
        )
    positive, parity, product, out = _buffers[n]
    np.greater(a, 0, out=positive.view(np.bool_))
    np.bitwise_xor.accumulate(positive, out=parity)  # parity of positives up to and including j
    np.bitwise_xor(parity, positive, out=parity)  # ... strictly before j
    np.multiply(a, parity, out=product)
    np.cumsum(product, dtype=np.int32, out=out)
    return torch.from_numpy(out)
