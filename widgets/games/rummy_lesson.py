"""The pieces of the Rummy lesson: the checks, the scripted deal and its walkthrough.

Every answer a check marks right or wrong comes from the engine (engine.melds says what
is a meld and what lays off where; the rules class scores the hands), so the lesson
cannot drift from the rules.
"""

from __future__ import annotations

from typing import Any, Sequence

import ipywidgets as w

from engine.cards import parse_card, parse_cards
from engine.dealing import stack_deck
from engine.games.rummy import RULES, Rummy, hand_value
from engine.melds import BASIC_RUMMY, as_meld, layoffs, why_not_meld
from widgets.card_svg import card_img_html
from widgets.page_style import Picture
from widgets.games.rummy_table import RummyTable
from widgets.quiz import CardPickQuiz, ChoiceQuiz
from widgets.table_html import esc
from widgets.walkthrough import Walkthrough

NAMES = ["You", "Ada", "Ben", "Cleo"]


def rule(rule_id: str) -> str:
    """A rule's text from the engine's rulebook, for the lesson to quote."""
    return RULES[rule_id].text


def _symbols(cards: Sequence[str]) -> str:
    return " ".join(parse_card(c).symbol for c in cards)


def cards_html(cards: str, caption: str = "", width: int = 56) -> Picture:
    pictures = "".join(card_img_html(c, width) for c in parse_cards(cards))
    return Picture(f"<div class='parlour-table' style='display:inline-block'>{pictures}</div>"
                  f"<div>{esc(caption)}</div>")


def meld_check(cards: str) -> w.VBox:
    """"Is this a meld?" with the cards drawn, the answer and the reason from engine.melds."""
    group = parse_cards(cards)
    problem = why_not_meld(group, BASIC_RUMMY)
    if problem is None:
        meld = as_meld(group, BASIC_RUMMY)
        answer, why = "Yes", f"{_symbols(cards.split())} is {meld.describe().split(' (')[0]}."
    else:
        answer, why = "No", problem
    quiz = ChoiceQuiz("Is this a meld?", ["Yes", "No"], answer, why)
    return w.VBox([cards_html(cards), quiz])


def layoff_check(meld: str = "4S 5S 6S", cards: str = "3S 7S 6H 8S AS") -> CardPickQuiz:
    """Which cards of a hand can be laid off on a meld on the table? Judged by engine.melds."""
    target = as_meld(parse_cards(meld), BASIC_RUMMY)

    def judge(card: str) -> tuple[bool, str]:
        c = parse_card(card)
        if layoffs(target, c, BASIC_RUMMY):
            return True, f"{c.symbol} fits at an end of {_symbols(meld.split())}."
        return False, f"{c.symbol} does not fit: only the card just below or just above the run, in its suit."

    return CardPickQuiz(f"The run {_symbols(meld.split())} is on the table. Which of these cards could you lay "
                        "off on it?", cards.split(), judge)


def score_check(loser: str = "KS 7D AC", rummy: bool = False) -> ChoiceQuiz:
    """The winner's score from the loser's hand (docs/rules/rummy.md#examples: K♠ 7♦ A♣ → 18, 36 for rummy)."""
    value = hand_value(parse_cards(loser))
    right = value * (2 if rummy else 1)
    choices = sorted({str(value), str(value * 2), str(value + 10), str(value - 1 if value > 1 else 2)}, key=int)
    how = (f"King 10 + 7 + Ace 1 = {value}" if loser == "KS 7D AC" else f"the cards add up to {value}")
    if rummy:
        question = (f"The winner went rummy. The loser holds {_symbols(loser.split())}. What does the winner "
                    "score?")
        why = f"{how}, doubled for going rummy: {right}."
    else:
        question = f"The loser holds {_symbols(loser.split())}. What does the winner score?"
        why = f"{how}. Face cards count 10, an Ace 1, the others their number."
    return ChoiceQuiz(question, choices, str(right), why)


def target_html() -> w.HTML:
    """The target score, said with the engine's own figure: the number the lesson's table plays to."""
    target = Rummy.option_defaults()["target"]
    return w.HTML(f"<p>Deals go on until someone reaches the <b>target score</b>. The page this game comes from "
                  f"gave a target for 2, 3 and 4 players, but its numbers are lost, so this tutor plays to "
                  f"<b>{target}</b>. The table shows it under the scores.</p>")


def play_table(**options: Any) -> RummyTable:
    """The lesson's game: two players against easy bots, to the engine's target."""
    return RummyTable(**{"players": 2, "level": "easy", **options})


# ---- the scripted deal -----------------------------------------------------------------

WALK_HANDS = ["10H JH QH 2D 3D 4D 9C 9D 9S 5S", "AS 2S 3S 4S 6H 6D 6C KS 7D AC"]
WALK_STOCK = "QC 9H KH 8C JD"
WALK_MOVES = [
    ("draw stock", "Ada starts (you dealt). She draws the top card of the stock: only she sees it."),
    ("meld AS 2S 3S 4S", "A run of four spades. The Ace is low, so A-2-3-4 is fine."),
    ("discard 9H", "Her turn ends with a discard, face up on the pile."),
    ("draw stock", "Your turn. The 9♥ on the pile fits nothing of yours, so you draw from the stock: the K♥."),
    ("meld 10H JH QH KH", "The K♥ completes a run in hearts: put it down at once, it takes 40 points out of "
                          "your hand."),
    ("discard 5S", "The 5♠ is your only card in no meld, so it goes. (Careful: it fits Ada's run, so she "
                   "could take it and lay it off.)"),
    ("draw stock", "Ada draws again."),
    ("meld 6H 6D 6C", "A set of three 6s. Ada has three cards left: K♠ 7♦ A♣."),
    ("discard 8C", "She throws the card she drew."),
    ("draw stock", "You draw the J♦: it fits nothing, but look at what is left in your hand."),
    ("meld 2D 3D 4D", "A run in diamonds."),
    ("meld 9C 9D 9S", "A set of 9s. Only the J♦ remains."),
    ("discard JD", "You discard your last card: you are out and win the deal. Ada pays what she still holds: "
                   "K♠ 10 + 7♦ 7 + A♣ 1 = 18 points to you. You had melded before this turn, so it is not "
                   "rummy and the score is not doubled."),
]


def walkthrough_game() -> Rummy:
    deck = stack_deck(WALK_HANDS, WALK_STOCK, first=1)
    return Rummy(players=2, deck=deck, first_dealer=0, names=NAMES[:2])


def board_html(game: Rummy) -> str:
    """Every hand face up, the melds, the stock and the discard pile: the walkthrough's table."""
    view = game.view(0)
    rows = []
    for seat in range(game.players):
        mark = "▶ " if game.current_player == seat else ""
        cards = "".join(card_img_html(c, 34) for c in game.view(seat)["hand"]) or "<i>no cards</i>"
        rows.append(f"<div class='parlour-seat'><span class='parlour-seat-name'>{mark}{esc(game.names[seat])}</span>"
                    f" · score {view['scores'][seat]}<br>{cards}</div>")
    melds = "".join(f"<div style='display:inline-block;margin-right:10px'><div class='parlour-sub'>{m['number']} · "
                    f"{esc(game.names[m['owner']])}</div>{''.join(card_img_html(c, 30) for c in m['cards'])}</div>"
                    for m in view["melds"]) or "<span class='parlour-sub'>no melds yet</span>"
    top = card_img_html(view["discard_top"], 44) if view["discard_top"] else ""
    return (f"<div class='parlour-table' style='display:flex;gap:16px;align-items:center;flex-wrap:wrap'>"
            f"<div>{''.join(rows)}</div>"
            f"<div style='text-align:center'>{card_img_html(None, 44)}<div class='parlour-sub'>stock "
            f"{view['stock_size']}</div></div>"
            f"<div style='text-align:center'>{top}<div class='parlour-sub'>discard pile</div></div>"
            f"<div><div class='parlour-sub'>Melds on the table</div>{melds}</div></div>")


def walkthrough() -> Walkthrough[Rummy]:
    return Walkthrough(walkthrough_game, WALK_MOVES, board_html,
                       intro="Two players, ten cards each. You dealt, so Ada plays first. The Q♣ was turned up to "
                             "start the discard pile. All hands are face up so you can follow every choice. "
                             "Press Next.")


__all__ = ["board_html", "cards_html", "layoff_check", "meld_check", "play_table", "rule", "score_check",
           "target_html", "walkthrough", "walkthrough_game"]
