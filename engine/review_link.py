"""The moves of a review link: a deal's history packed short enough for a page's address.

Why: a teacher puts one student's deal on the board by opening the student's review link, so the
link must carry every move made (the deal code carries the cards and the settings). Written out,
a Rummy match's moves run to thousands of characters; here each move is its place among the moves
the rules allowed then (every seat allowed to act, in turn order, each seat's legal list), and
the places are packed into one number in a mixed radix, so a move with 12 choices costs under 4
bits and a forced move none. A move the list does not name (an amount of chips typed into the
box: games with amounts accept any legal amount) is written out after the number.

A link is read by replaying it on a fresh deal, every move checked by the engine's rules, and by
comparing a short check of the game, its set-up and its moves: a link changed by hand, cut short,
or made on another deal (or another game) is refused with a sentence saying so, never replayed
into a different game. The text is ``<moves>.<check>.<number>`` then ``~<move written out>`` for
each move the lists do not name.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re

from urllib.parse import quote

from .i18n import N_, Sentence
from .protocol import Game, IllegalAction, ParlourError

#: most moves a link may carry (a nine-deal Kalooki match played at random runs to 22,000)
MAX_MOVES = 30_000
#: most characters of a link's moves, as a page's address carries them (the packed number and the moves
#: written out, percent-encoded): a Kalooki match of 22,000 moves takes 12,400. Addresses this long still
#: open through a hub's proxy, whose limit (Node.js: 16 KB for the request line and headers together)
#: leaves room for cookies; a longer match gets no link (:func:`moves_code` says why), never one refused.
MAX_LENGTH = 13_000
_SHAPE = re.compile(r"(?P<count>[0-9]{1,5})\.(?P<check>[A-Za-z0-9_-]{6})\.(?P<number>[A-Za-z0-9_-]*)"
                    r"(?P<spelled>(?:~[^~]{1,200})*)")


class ReviewLinkError(ParlourError):
    """A review link's moves that cannot be replayed on its deal."""


def _candidates(game: Game) -> list[tuple[int, str]]:
    """Every (seat, move) the rules list now, seats in turn order."""
    return [(seat, str(action)) for seat in game.to_act() for action in game.legal_actions(seat)]


def _names_any_move(game: Game) -> bool:
    """Whether the rules accept moves their list does not name (an amount of chips)."""
    return type(game)._allows is not Game._allows


def _check(game: Game, history: list[tuple[int, str]]) -> str:
    """Six characters that tie the moves to the game, its set-up (not the seats' names) and its cards."""
    setup = {k: v for k, v in game.setup_args().items() if k not in ("names", "lang")}
    body = json.dumps([game.id, setup, history], sort_keys=True, default=str, ensure_ascii=True)
    return base64.urlsafe_b64encode(hashlib.sha256(body.encode()).digest()).decode()[:6]


def moves_code(game: Game, stop: int | None = None) -> str:
    """The link's text for the first ``stop`` moves of ``game``'s history (all by default).

    A ReviewLinkError says so when the moves are too many for a link :func:`replay_moves` would open.
    """
    history = game.history[:stop]
    if len(history) > MAX_MOVES:
        raise _too_long(len(history))
    replay = type(game)(**game.setup_args())
    number, weight, spelled = 0, 1, []
    for seat, action in history:
        choices = _candidates(replay)
        seats = replay.to_act() if _names_any_move(replay) else []
        radix = len(choices) + len(seats)
        if (seat, action) in choices:
            digit = choices.index((seat, action))
        else:  # a move the list does not name: its seat here, the move written out after the number
            if "~" in action:
                raise ValueError(f"{action!r} cannot be written in a review link")
            digit = len(choices) + seats.index(seat)
            spelled.append(action)
        number += digit * weight
        weight *= radix
        replay.apply(action, seat)
    code = f"{len(history)}.{_check(game, history)}.{_packed(number)}" + "".join(f"~{a}" for a in spelled)
    if len(address_form(code)) > MAX_LENGTH:
        raise _too_long(len(history))
    return code


def address_form(code: str) -> str:
    """The moves as a page's address carries them (what :data:`MAX_LENGTH` counts): a space is ``%20``."""
    return quote(code, safe="")


def _too_long(moves: int) -> ReviewLinkError:
    return ReviewLinkError(Sentence(N_("This review has no link: its {moves} moves are more than a page's address "
                                       "can carry. The deal code opens the same deal."), moves=f"{moves:,}"))


def _packed(number: int) -> str:
    return base64.urlsafe_b64encode(number.to_bytes((number.bit_length() + 7) // 8, "big")).decode().rstrip("=")


def replay_moves(game: Game, code: str) -> Game:
    """A new game: ``game``'s deal (its set-up; its own moves are ignored) with the link's moves made.

    A ReviewLinkError says what is wrong with a link that is not one, was cut or changed, or was
    made on another deal; ``game`` is never touched.
    """
    text = str(code).strip()
    if len(text) > MAX_LENGTH:
        raise ReviewLinkError(Sentence(N_("This review link is too long to be one.")))
    shape = _SHAPE.fullmatch(text)
    if shape is None or int(shape["count"]) > MAX_MOVES:
        raise ReviewLinkError(Sentence(N_("This review link's moves are not written as a review link writes them: "
                                          "it may have been cut short when it was copied.")))
    count = int(shape["count"])
    try:
        raw = base64.urlsafe_b64decode(shape["number"] + "=" * (-len(shape["number"]) % 4))
    except ValueError:
        raise ReviewLinkError(Sentence(N_("This review link's moves are not written as a review link writes "
                                          "them: it may have been cut short when it was copied."))) from None
    number = int.from_bytes(raw, "big")
    if _packed(number) != shape["number"]:  # a character changed where base64 leaves bits unused
        raise _not_this_deal()
    spelled = shape["spelled"].split("~")[1:]
    replay = type(game)(**game.setup_args())
    for _ in range(count):
        choices = _candidates(replay)
        seats = replay.to_act() if _names_any_move(replay) else []
        radix = len(choices) + len(seats)
        if radix == 0:
            raise _not_this_deal()
        number, digit = divmod(number, radix)
        if digit < len(choices):
            seat, action = choices[digit]
        elif not spelled:
            raise _not_this_deal()
        else:
            seat, action = seats[digit - len(choices)], spelled.pop(0)
        try:
            replay.apply(action, seat)
        except IllegalAction:
            raise _not_this_deal() from None
    if number or spelled or _check(replay, replay.history) != shape["check"]:
        raise _not_this_deal()
    return replay


def _not_this_deal() -> ReviewLinkError:
    return ReviewLinkError(Sentence(N_("This review link's moves do not belong to this deal: the link was changed, "
                                       "or made on another deal or game.")))


__all__ = ["MAX_LENGTH", "MAX_MOVES", "ReviewLinkError", "address_form", "moves_code", "replay_moves"]
