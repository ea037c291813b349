"""Numbers typed by people, read in one place: ASCII digits only, and a sane length.

``str.isdigit()`` is true for "²" and "٣", which ``int()`` then rejects (a ``ValueError``
no learner can read) or silently reads as 3; and a 5,000-digit "bid" would still be
parsed. Every game reads the numbers in its notation (bids, card ranks like "10H",
Relógio's "swap 7:2", Injun's "bet 5") through :func:`read_number`, and says in its own
words what it expected when the answer is None.
"""

from __future__ import annotations

MAX_DIGITS = 9  # no count, bid, chip amount or position in any game needs more
_DIGITS = frozenset("0123456789")


def read_number(text: object, *, signed: bool = False, max_digits: int = MAX_DIGITS) -> int | None:
    """The whole number ``text`` spells in ASCII digits (a leading sign if ``signed``), else None."""
    if not isinstance(text, str):
        return None
    t = text.strip()
    sign = 1
    if signed and t[:1] in ("-", "+"):
        sign = -1 if t[0] == "-" else 1
        t = t[1:]
    if not t or len(t) > max_digits or not _DIGITS.issuperset(t):
        return None
    return sign * int(t)
