"""Seeded shuffles and deal codes that give the same deal on every machine.

Python's ``random`` module promises no stable sequence across versions, so Parlour
carries its own tiny generator (SplitMix64) and Fisher–Yates shuffle: a deal code
a teacher writes on the board reproduces the same cards for every student, today
and after an upgrade.
"""

from __future__ import annotations

import hashlib
from typing import Sequence, TypeVar

from .notation import quoted

T = TypeVar("T")
_MASK = (1 << 64) - 1
_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base 32: no I, L, O, U
_CODE_LENGTH = 6  # 30 bits: about a billion deals


class Rng:
    """SplitMix64: small, fast, and the same numbers everywhere."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _MASK - (_MASK % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]


#: Seeds are 64-bit: any deal code fits, and a seed always prints and saves.
MAX_SEED = 2**64


def seed_int(seed: int | str) -> int:
    """Seeds may be integers or deal codes; a code means its number."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ValueError(f"a seed is a whole number or a deal code, not {quoted(seed, 24)}")
    if isinstance(seed, int):
        if seed < 0 or seed >= MAX_SEED:
            raise ValueError("a seed is a whole number from 0 to 2**64 - 1"
                             + (f", not {seed}" if seed.bit_length() <= 128 else ", not one of thousands of digits"))
        return seed
    return decode_deal_code(seed)


def rng_for(seed: int | str, *stream: int | str) -> Rng:
    """A generator for one purpose of one game (deal 2's shuffle, the first dealer …).

    Streams are derived by hashing so that adding a new use never changes old deals.
    """
    text = ":".join(str(x) for x in (seed_int(seed), *stream))
    digest = hashlib.sha256(text.encode()).digest()
    return Rng(int.from_bytes(digest[:8], "big"))


def shuffled(items: Sequence[T], seed: int | str, *stream: int | str) -> list[T]:
    out = list(items)
    rng_for(seed, *stream).shuffle(out)
    return out


def deal_code(seed: int) -> str:
    """A short code for a seed below 2**30, e.g. ``'K7QM3P'``, easy to read aloud."""
    if not 0 <= seed < 32 ** _CODE_LENGTH:
        raise ValueError(f"deal codes cover seeds 0 to {32 ** _CODE_LENGTH - 1}")
    chars = []
    for _ in range(_CODE_LENGTH):
        seed, digit = divmod(seed, 32)
        chars.append(_CODE_ALPHABET[digit])
    return "".join(reversed(chars))


def decode_deal_code(code: str) -> int:
    """The seed behind a deal code; forgiving about case, dashes and look-alike letters."""
    text = code.strip().upper().replace("-", "").replace(" ", "")
    text = text.replace("O", "0").replace("I", "1").replace("L", "1")
    if len(text) != _CODE_LENGTH or any(c not in _CODE_ALPHABET for c in text):  # "hello" is not a code
        raise ValueError(f"{code!r:.24} is not a deal code: it has {_CODE_LENGTH} letters and digits, like K7QM3P")
    value = 0
    for c in text:
        value = value * 32 + _CODE_ALPHABET.index(c)
    return value


def random_seed() -> int:
    """A fresh seed for "New deal" (from the OS), small enough for a deal code."""
    import secrets

    return secrets.randbelow(32 ** _CODE_LENGTH)
