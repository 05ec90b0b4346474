"""The few statistics every study and bot comparison shares, written once: 95% intervals for a mean
(:class:`Estimate`), for a chance (:func:`wilson`) and for a difference on the same deals (:func:`paired`).

Below the bots and the studies: it imports nothing of the package (NumPy only for type checking)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Z95", "paired", "wilson", "Estimate"]

Z95 = 1.959963984540054


def paired(mine: Sequence[int], other: Sequence[int]) -> tuple[float, float]:
    """The mean of ``mine[i] - other[i]`` (lives lost by two bots on the same deals, or after two moves in the
    same play-outs) and half its paired 95% interval, 1.96 × sd / sqrt(n) (0 for n = 1). Raises
    ``ValueError`` unless both have the same number of deals, at least one."""
    n = len(mine)
    if n == 0 or len(other) != n:
        raise ValueError(f"paired needs as many deals for both, at least one: not {n} and {len(other)}")
    diffs = [a - b for a, b in zip(mine, other)]
    diff = sum(diffs) / n
    sd = math.sqrt(sum((x - diff) ** 2 for x in diffs) / (n - 1)) if n > 1 else 0.0
    return diff, Z95 * sd / math.sqrt(n)


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))  # rounding must not shut p out


@dataclass(frozen=True)
class Estimate:
    """The outcome of one choice over many simulated continuations."""

    action: str
    """The choice: ``knock``, or the move played on (``draw stock``, ``swap 9♥ A♥``...)."""
    rollouts: int
    p_lose: float
    """Chance of losing at least one life this round."""
    p_lose_ci: tuple[float, float]
    expected_lives: float
    """Expected lives lost this round."""
    expected_ci: tuple[float, float]

    @classmethod
    def from_losses(cls, action: str, losses: Sequence[int] | np.ndarray) -> Estimate:
        """The estimate from the lives lost in each play-out (a list, or a NumPy array from the lockstep)."""
        n = len(losses)
        if hasattr(losses, "dtype"):  # a NumPy array: the same sums, at C speed
            arr: Any = losses
            lost = int((arr != 0).sum())
            total = int(arr.sum())
            mean = total / n
            var = float(((arr - mean) ** 2).sum()) / (n - 1) if n > 1 else 0.0
        else:
            lost = sum(1 for x in losses if x)
            mean = sum(losses) / n
            var = sum((x - mean) ** 2 for x in losses) / (n - 1) if n > 1 else 0.0
        half = Z95 * math.sqrt(var / n)
        return cls(action, n, lost / n, wilson(lost, n), mean, (max(0.0, mean - half), mean + half))
