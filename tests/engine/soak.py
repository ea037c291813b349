"""How many seeded games a soak plays: a quick size in ``./run test``, the full size in CI.

A soak finds rare bugs by volume, and volume costs time: the full sizes (thousands of games per
game) took 25 of ``./run test``'s 48 minutes on a busy two-core machine. Each soak therefore
names two sizes. The quick one, played by default, still reaches every rare case the soak asserts
(each soak counts them and fails when one never happened) and costs about a quarter of the full
one. ``PARLOUR_SOAK=full`` plays the full size: ``.ci/run`` sets it, so every submission is still
soaked as before, and a developer can ask for it (``PARLOUR_SOAK=full ./run test tests/engine``).
"""

from __future__ import annotations

import os

ENV = "PARLOUR_SOAK"


def full() -> bool:
    """True when this run asked for the full soaks (``PARLOUR_SOAK=full``)."""
    value = os.environ.get(ENV, "quick").strip().lower()
    if value not in ("quick", "full"):
        raise ValueError(f"{ENV} must be 'quick' or 'full', not {value[:20]!r}")
    return value == "full"


def size(quick: int, full_size: int) -> int:
    """The number of games (or sessions) a soak plays in this run."""
    if not 0 < quick <= full_size:
        raise ValueError(f"a soak's quick size ({quick}) must be between 1 and its full size ({full_size})")
    return full_size if full() else quick
