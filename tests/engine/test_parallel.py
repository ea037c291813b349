"""The soaks' parallel runner: results come back in order, and a failing game names its seed."""

from __future__ import annotations

import pytest

from .parallel import run_seeds


def square_unless_seven(seed: int, offset: int) -> int:
    assert seed != 7, f"seed {seed} breaks the invariant"
    return seed * seed + offset


def test_results_come_back_in_the_order_of_the_seeds():
    seeds = [s for s in range(60) if s != 7]
    assert run_seeds(square_unless_seven, [(s, 1) for s in seeds]) == [s * s + 1 for s in seeds]
    assert run_seeds(square_unless_seven, [(3, 0)], processes=1) == [9]


def test_a_failing_game_names_its_seed_and_its_assertion():
    with pytest.raises(AssertionError) as failure:
        run_seeds(square_unless_seven, [(s, 0) for s in range(20)])
    text = str(failure.value)
    assert "square_unless_seven(7, 0)" in text and "seed 7 breaks the invariant" in text
    assert text.startswith("1 of 20 games failed")
