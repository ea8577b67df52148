"""Starting solution: plain PyTorch. Make prefix_sum faster; keep its results exactly equal."""

import torch


def prefix_sum(x: torch.Tensor) -> torch.Tensor:
    """Inclusive cumulative sum of x that includes element j only when the number of positive
    values strictly before j is odd (element 0 is never included). int32 in, int32 out."""
    positive = (x > 0).to(torch.int32)
    count_before = torch.cumsum(positive, 0) - positive
    included = torch.where(count_before % 2 == 1, x, torch.zeros_like(x))
    return torch.cumsum(included, 0).to(torch.int32)
