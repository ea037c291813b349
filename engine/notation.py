"""Numbers typed by people, read in one place: ASCII digits only, and a sane length.

``str.isdigit()`` is true for "²" and "٣", which ``int()`` then rejects (a ``ValueError``
no learner can read) or silently reads as 3; and a 5,000-digit "bid" would still be
parsed. Every game reads the numbers in its notation (bids, card ranks like "10H",
Relógio's "swap 7:2", Injun's "bet 5") through :func:`read_number`, and says in its own
words what it expected when the answer is None.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass

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


# ---- Quoting what was given ------------------------------------------------------

QUOTE_WIDTH = 40  # an error quotes at most this much of what it was given
_QUOTE_DEPTH = 3  # lists inside lists are shown this deep, then as […]
_QUOTE_ITEMS = 6  # a list shows at most this many of its items


def quoted(value: object, width: int = QUOTE_WIDTH) -> str:
    """What someone gave, short enough to quote back in an error message, saying how much more there was.

    Every refusal quotes through here. A 5,000-digit number cannot even be printed (Python's digit limit),
    a list nested 100,000 deep cannot be ``repr``-ed (the recursion limit), and a million-character move
    echoed back buries the message: each is shown in part or described, never repeated whole.
    """
    text = _shown(value, width, _QUOTE_DEPTH)
    if len(text) > width:
        text = text[:width - 1] + "…"
    return text + _how_much(value, width)


def _how_much(value: object, width: int) -> str:
    """`` (1,000,000 characters)`` after a quote that shows only part of ``value``; "" when it shows it all."""
    if isinstance(value, str) and len(value) > width:
        return f" ({len(value):,} characters)"
    if isinstance(value, (list, tuple, set, frozenset, dict)) and len(value) > _QUOTE_ITEMS:
        return f" ({len(value):,} items)"
    return ""


def _shown(value: object, width: int, depth: int) -> str:
    """``repr(value)`` as far as about ``width`` characters, built piece by piece so it never needs the whole."""
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 64:
            return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
        return repr(value)
    if isinstance(value, str):
        text = repr(value[:width + 1])
        return text if len(value) <= width else text[:-1]  # cut: no closing quote
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        brackets = {list: "[]", tuple: "()"}.get(type(value), "{}")
        opening, closing = brackets[0], brackets[1]
        if depth == 0:
            return opening + ("…" if value else "") + closing
        parts: list[str] = []
        for i, item in enumerate(value):
            if i == _QUOTE_ITEMS or sum(len(p) for p in parts) > width:
                parts.append("…")
                break
            shown = _shown(item, width, depth - 1)
            parts.append(f"{shown}: {_shown(value[item], width, depth - 1)}" if isinstance(value, dict) else shown)
        return opening + ", ".join(parts) + closing
    if is_dataclass(value):  # an Action built by hand with odd parts
        parts = [f"{f.name}={_shown(getattr(value, f.name, None), width, depth - 1)}" for f in fields(value)]
        return f"{type(value).__name__}({', '.join(parts)})"
    try:
        return repr(value)[:width + 1]
    except Exception:  # an object whose repr fails: named by its type
        return f"a {type(value).__name__} that cannot be shown"


def clipped(text: str, width: int = 2 * QUOTE_WIDTH) -> str:
    """A message of Python's own (a JSON or type error naming what it read) cut to ``width``, saying how long."""
    return text if len(text) <= width else f"{text[:width - 1]}… ({len(text):,} characters)"


def first_few(items: list[str], most: int = 4) -> str:
    """``"A♠, 2♠, 3♠, 4♠ and 48 more"``: a list in a message names a few and counts the rest."""
    if len(items) <= most:
        return ", ".join(items)
    return f"{', '.join(items[:most])} and {len(items) - most:,} more"
