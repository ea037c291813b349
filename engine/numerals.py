"""Numbers as the reader's language writes them: the one place that says how a figure is printed.

Why: a Portuguese page read "+0.00" and "−6.75 fichas" because every sentence printed its numbers the way
Python does. Here a caller still chooses what a number shows (how many decimals, a sign), with a format
spec as Python writes it (``"+.2f"``, ``".0%"``); this module says how the reader's language writes the
result: its decimal mark, its thousands separator and its percent sign. The digits, and so the rounding
(Python's own: the nearest decimal, ties to even), are the same in every language.

The rules of each language:

- ``en``: exactly what Python prints: "6.75", "1234", "12.5%". English keeps no thousands separator
  because its pages have always printed "1234" and must not change by a byte (the engine's fingerprint,
  tests/engine/fingerprint.py, pins every English sentence).
- ``pt`` (Brazilian Portuguese): a decimal comma, "6,75"; a point between thousands from four digits on,
  "1.234", "12.345,5"; the percent sign right after the number, with no space, "12,5%". Sources: the
  Unicode CLDR locale data for pt_BR, which Brazilian systems print by (decimal ",", group ".", percent
  pattern "#,##0%"; tests/engine/test_numerals.py checks these rules against it through Babel), and the
  Brazilian Senate's style guide, Manual de Elaboração de Textos do Senado Federal, 4.3 "Grafia dos
  numerais": the symbol "%" "deve vir grafado imediatamente depois do algarismo, sem qualquer espaço em
  branco" (42%, 57%). The SI's "12,5 %" (a space, as INMETRO writes units) is for technical texts, not
  for a page a learner reads.

A sign (``+``, ``-`` or a true minus ``−``) is the caller's: it passes through untouched.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class NumberStyle:
    """How one language writes a number: its decimal mark, its thousands separator ("" for none, from
    ``group_from`` digits on) and where its percent sign goes (``{n}`` is the number)."""

    decimal: str
    group: str
    group_from: int
    percent: str


STYLES = {
    "en": NumberStyle(decimal=".", group="", group_from=4, percent="{n}%"),
    "pt": NumberStyle(decimal=",", group=".", group_from=4, percent="{n}%"),
}

#: A number as Python prints it with a format spec: a sign, digits, decimals, maybe a percent sign.
_NUMERAL = re.compile(r"([+\-−]?)(\d+)(?:\.(\d+))?(%?)")


def style(lang: str) -> NumberStyle:
    try:
        return STYLES[lang]
    except KeyError:
        raise ValueError(f"no way of writing numbers for language {lang!r}: choose one of "
                         f"{', '.join(STYLES)}") from None


def localize(numeral: str, lang: str) -> str:
    """A number Python printed (``"-1234.5"``, ``"+0.25"``, ``"12.5%"``) as ``lang`` writes it
    (``"-1.234,5"``, ``"+0,25"``, ``"12,5%"`` in Portuguese). Anything else is refused: words are not
    numbers, and guessing which point of a sentence is a decimal one would change the sentence."""
    if numeral.lstrip("+-−") in ("inf", "nan"):
        return numeral  # not a number any language writes with digits: as Python says it
    found = _NUMERAL.fullmatch(numeral)
    if found is None:
        raise ValueError(f"{numeral!r} is not a number as Python prints one")
    writes = style(lang)
    sign, whole, decimals, percent = found.groups()
    if writes.group and len(whole) >= writes.group_from:
        head = len(whole) % 3 or 3
        whole = whole[:head] + "".join(writes.group + whole[i:i + 3] for i in range(head, len(whole), 3))
    text = sign + whole + ("" if decimals is None else writes.decimal + decimals)
    return writes.percent.format(n=text) if percent else text


def number(x: float, lang: str = "en", spec: str = "") -> str:
    """``x`` printed with the format ``spec`` (``"+.2f"``, ``"d"``, ``".1%"``), as ``lang`` writes it:
    ``number(-6.75, "pt", "+.2f") == "-6,75"``, ``number(0.125, "pt", ".1%") == "12,5%"``."""
    return localize(format(x, spec), lang)


def formatted(template: str, x: float, lang: str = "en") -> str:
    """``template.format(x)`` for a template holding one number (``"{:+.2f}"``, ``"{:.0f}%"``), as ``lang``
    writes it: what a table's figure column declares, printed in the table's language."""
    return localize(template.format(x), lang)


__all__ = ["NumberStyle", "STYLES", "formatted", "localize", "number", "style"]
