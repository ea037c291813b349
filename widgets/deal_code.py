"""Deal codes: "3-K7QM3P/01" read into players, seed and settings, refused when they are not one.

The same code deals the same cards, so a class that types it plays the same game. Pure functions:
the deal toolbar (widgets/deal_toolbar.py) and deal links (widgets/deal_link.py) read codes with them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine import words
from engine.i18n import N_, Sentence
from engine.protocol import ParlourError
from engine.shuffle import deal_code, decode_deal_code


class DealCodeError(ParlourError):
    """Text typed into the deal-code box that is not a deal code."""


@dataclass(frozen=True)
class TableCode:
    """What a table's code says: the players, the deal, and (after a slash) the settings."""

    players: int
    seed: int
    settings: str | None = None


NOT_A_CODE = N_("“{text}” is not a deal code: a code is six letters and digits, like 4-K7QM3P.")
# "4-K7QM3P", "K7QM3P", "4-K7QM3P/0120"; a long number is a seed too big for six letters.
_TABLE_CODE = re.compile(r"(?:(?P<players>[0-9]{1,2})\s*-\s*)?(?P<deal>[A-Za-z0-9 -]{1,24}?)"
                         r"(?:\s*/\s*(?P<settings>[0-9]{1,16}))?")
_MAX_CODE_TEXT = 40


def read_table_code(code: str, default_players: int) -> TableCode:
    """``"3-K7QM3P/01"`` → 3 players, the seed of K7QM3P, settings ``"01"``; refuses anything else.

    A deal code is exactly six letters and digits (look-alikes such as O for 0 are
    forgiven), so "hello" is refused rather than dealt. Only ASCII digits count as
    numbers: "3²-K7QM3P" is not a player count.
    """
    text = str(code).strip()
    if len(text) > _MAX_CODE_TEXT or not (found := _TABLE_CODE.fullmatch(text)):
        raise DealCodeError(Sentence(NOT_A_CODE, text=text[:_MAX_CODE_TEXT]))
    players = int(found["players"]) if found["players"] else default_players
    deal = found["deal"].replace(" ", "").replace("-", "")
    if deal.isdigit() and len(deal) > 6:
        if len(deal) > 19:
            raise DealCodeError(Sentence(N_("“{text}” is not a deal code: that number is too long."), text=text))
        return TableCode(players, int(deal), found["settings"])
    if len(deal) != 6:
        raise DealCodeError(Sentence(NOT_A_CODE, text=text))
    try:
        seed = decode_deal_code(deal)
    except ValueError:
        raise DealCodeError(Sentence(NOT_A_CODE, text=text)) from None
    return TableCode(players, seed, found["settings"])


def parse_table_code(code: str, default_players: int) -> tuple[int, int]:
    """``"3-K7QM3P"`` → (3 players, seed); a bare ``"K7QM3P"`` keeps the player count."""
    read = read_table_code(code, default_players)
    return read.players, read.seed


def table_code(players: int, seed: int, settings: str = "") -> str:
    """The code of a deal: players, the six letters of its seed (or a seed too big for them), settings after a slash."""
    code = f"{players}-{deal_code(seed)}" if seed < 32 ** 6 else f"{players}-{seed}"
    return f"{code}/{settings}" if settings else code


def check_players(game: str, low: int, high: int, players: int) -> None:
    """A DealCodeError if a code's player count is not one the game is played by."""
    if low <= players <= high:
        return
    if low == high:
        raise DealCodeError(Sentence(words.agreeing(low, N_("{game} is for exactly {low} player, not {n}."),
                                                    N_("{game} is for exactly {low} players, not {n}.")),
                                     game=game, low=low, n=players))
    raise DealCodeError(Sentence(N_("{game} is for {low} to {high} players, not {n}."), game=game, low=low,
                                 high=high, n=players))


def code_box_width(code: str) -> str:
    """The deal-code box's width: the whole code in sight (one with settings is longer), never under 220 px."""
    return f"max(220px, calc(var(--jp-widgets-inline-label-width, 80px) + {round(len(code) * 1.2) + 3}ch))"
