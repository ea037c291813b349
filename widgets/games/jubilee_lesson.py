"""The pieces of the Jubilee lesson: the pack on show, the checks, the scripted deal."""

from __future__ import annotations

import random
from collections import Counter

import ipywidgets as w

import engine
from engine.cards import jubilee_61, parse_card
from engine.dealing import stack_deck
from engine.games.jubilee import Jubilee, card_value, keeps_count_legal, multiple_passed, score_for
from engine.games.jubilee_ai import landing_cards
from widgets.card_svg import card_img_html
from widgets.page_style import Picture
from widgets.quiz import CardPickQuiz, ChoiceQuiz
from widgets.shared_look import shared_layout
from widgets.table_html import esc
from widgets.walkthrough import Walkthrough

SCORE_CHOICES = ("+10", "+20", "−5", "no score")


def pack_html(width: int = 40) -> Picture:
    """The 61 cards, one row per kind, with how many of each."""
    rows = []
    groups = [("Hearts (one suit)", "H", 1), ("Spades (two suits)", "S", 2), ("Clubs A–9 (two suits)", "C", 2)]
    for title, suit, copies in groups:
        cards = [c for c in dict.fromkeys(jubilee_61()) if c.suit == suit]
        rows.append(f"<div><b>{title}</b> ×{copies}<br>{''.join(card_img_html(c, width) for c in cards)}</div>")
    rows.append(f"<div><b>Jokers</b> ×4<br>{card_img_html('JK', width)}</div>")
    return Picture("<div style='display:grid;gap:6px'>" + "".join(rows) + "</div>")


def values_html() -> w.HTML:
    samples = ["AS", "KS", "7C", "2S", "JK", "2H", "9H", "QH", "AH"]
    cells = "".join(
        f"<td style='text-align:center;padding:4px'>{card_img_html(c, 48)}<br>"
        f"<b>{card_value(parse_card(c)):+d}</b></td>"
        for c in samples)
    return w.HTML(f"<table><tr>{cells}</tr></table>")


def value_check(card: str = "8H") -> ChoiceQuiz:
    c = parse_card(card)
    v = card_value(c)
    choices = sorted({f"{v:+d}", f"{-v:+d}", "+0"} if v else {"+0", "+10", "−10"})
    colour = "a heart, so it subtracts" if c.suit == "H" else "black, so it adds" if v else "a joker: it adds nothing"
    return ChoiceQuiz(f"What does the {c.symbol} do to the count?", choices, f"{v:+d}",
                      f"The {c.symbol} is {colour}: {v:+d}.")


def playable_check(count: int = 6, cards: tuple[str, ...] = ("7H", "5H", "9S", "JK", "AH")) -> CardPickQuiz:
    def judge(card: str) -> tuple[bool, str]:
        c = parse_card(card)
        after = count + card_value(c)
        if not keeps_count_legal(count, c):
            return False, f"{c.symbol} would take the count from {count} to {after}: below 0 is not allowed."
        return True, f"{c.symbol} is fine: the count goes from {count} to {after}."
    return CardPickQuiz(f"The count is <b>{count}</b>. Click every card you may play.", cards, judge)


def safe_play_check(count: int = 34, cards: tuple[str, ...] = ("2C", "JS", "7H", "AS", "9S", "JK")) -> CardPickQuiz:
    """"Which cards leave the next player no way to score?" — the idea behind the hints."""
    def judge(card: str) -> tuple[bool, str]:
        c = parse_card(card)
        after = count + card_value(c)
        values, _ = landing_cards(after)
        if not values:
            return True, f"{c.symbol} leaves {after}: no single card lands on a multiple of 25 from there."
        need = " or ".join(f"{v:+d}" for v in sorted(values, reverse=True))
        return False, f"{c.symbol} leaves {after}: a card worth {need} would give the next player a Jubilee."
    return CardPickQuiz(f"The count is <b>{count}</b>. Click every card that leaves the next player "
                        "<i>no</i> way to score.", cards, judge)


def score_words(before: int, card: str) -> str:
    points, _ = score_for(before, parse_card(card))
    return {10: "+10", 20: "+20", -5: "−5"}.get(points, "no score")


def explain_play(before: int, card: str) -> str:
    c = parse_card(card)
    after = before + card_value(c)
    points, rule = score_for(before, c)
    if rule == "jubilee.hundred":
        why = f"{after} is a multiple of 100: +20."
    elif rule == "jubilee.jubilee":
        why = f"{after} is a multiple of 25: a Jubilee, +10."
    elif rule == "jubilee.passing":
        why = f"it jumps over {multiple_passed(before, after)}: −5."
    elif c.is_joker:
        why = "a joker never scores, not even on a multiple of 25."
    elif before % 25 == 0 and before > 0:
        why = f"leaving {before} is not jumping over it: no score."
    else:
        why = "no multiple of 25 is landed on or jumped over: no score."
    return f"{before} {'+' if card_value(c) >= 0 else '−'} {abs(card_value(c))} = {after}; {why}"


class CountCheck(w.VBox):
    """"What count does this card make, and does it score?" — with a fresh question on demand."""

    EXAMPLES = [(43, "7S"), (90, "QS"), (95, "8S"), (110, "JH"), (24, "2S"), (25, "JK"), (25, "7H"), (101, "2H")]

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.position = 0
        self.prompt = w.HTML()
        self.count_box = w.IntText(description="New count", layout=shared_layout(width="180px"))
        self.score_box = w.ToggleButtons(options=SCORE_CHOICES, value=None, description="Score")
        self.check_button = w.Button(description="Check", button_style="primary")
        self.again_button = w.Button(description="Another one")
        self.feedback = w.HTML()
        self.check_button.on_click(lambda _: self.check())
        self.again_button.on_click(lambda _: self.another())
        super().__init__([self.prompt, w.HBox([self.count_box, self.check_button, self.again_button]),
                          self.score_box, self.feedback])
        self.before, self.card = self.EXAMPLES[0]
        self._ask()

    def another(self) -> None:
        self.position += 1
        if self.position < len(self.EXAMPLES):
            self.before, self.card = self.EXAMPLES[self.position]
        else:  # then random positions, always with a legal card
            self.before = self.rng.randrange(0, 200)
            cards = [c for c in dict.fromkeys(jubilee_61()) if keeps_count_legal(self.before, c)]
            self.card = str(self.rng.choice(cards))
        self._ask()

    def _ask(self) -> None:
        c = parse_card(self.card)
        self.prompt.value = (f"<b>Check:</b> the count is <b>{self.before}</b> and you play "
                             f"{card_img_html(c, 40)} <b>{esc(c.symbol)}</b>. "
                             "What is the new count, and does it score?")
        self.feedback.value = ""
        self.score_box.value = None

    def check(self) -> bool:
        after = self.before + card_value(parse_card(self.card))
        right_score = score_words(self.before, self.card)
        count_ok = self.count_box.value == after
        score_ok = self.score_box.value == right_score
        if count_ok and score_ok:
            self.feedback.value = f"✓ Right! {esc(explain_play(self.before, self.card))}"
        else:
            wrong = [] if count_ok else ["the count"]
            wrong += [] if score_ok else ["the score"]
            self.feedback.value = f"✗ Check {' and '.join(wrong)}: {esc(explain_play(self.before, self.card))}"
        return count_ok and score_ok


# ---- the scripted deal of the walkthrough ----
# Three players; Cleo deals, so you play first. The hands are stacked so that the
# first ten moves show a plain play, a Jubilee, leaving 25, a joker and a jump over 25.
WALK_HANDS = ["10S QS JK 4S 3S 5S 6S 7S",
              "8C 2C 9C KS AS 3C 4C 5C",
              "5H 7H 6H 8H 9H 10H JH QH"]
WALK_STOCK = "2S 6C KH AH 9S 2H JS 8S 3H 4H"
WALK_MOVES = [
    ("play 10S", "You play first because you sit on the dealer's left. A black 10 adds 10. "
                 "Then you draw, so you hold 8 cards again."),
    ("play 8C", "Ada adds 8 and says the new count out loud: 18."),
    ("play 5H", "Cleo holds only hearts, so every card she plays takes the count down."),
    ("play QS", "The Queen is worth 10: 13 + 10 = 23. You are now 2 away from 25…"),
    ("play 2C", "…and Ada has a 2! She lands exactly on 25: a Jubilee, +10 for her."),
    ("play 7H", "Cleo takes the count from 25 down to 18. Leaving a multiple is not jumping over it: no penalty."),
    ("play JK", "A joker adds 0. It is a safe card when every other card would help the next player."),
    ("play 9C", "Ada adds 9: 18 → 27. She jumped over 25 without landing on it: −5."),
    ("play 6H", "Cleo: 27 − 6 = 21. Going down past 25 is jumping over it too: −5 for Cleo."),
    ("play 4S", "21 + 4 = 25: your own Jubilee, +10!"),
]


def walkthrough_game() -> Jubilee:
    deck = stack_deck(WALK_HANDS, WALK_STOCK)
    return Jubilee(players=3, seed=2024, deck=deck, first_dealer=2, match="single",
                   names=["You", "Ada", "Cleo"])


def board_html(game: Jubilee) -> str:
    """Every hand face up with the count: the walkthrough's picture of the table."""
    rows = []
    for seat in range(game.players):
        mark = "▶ " if game.current_player == seat else ""
        cards = "".join(card_img_html(c, 36) for c in game.deal.hands[seat])
        rows.append(f"<div class='parlour-seat'><span class='parlour-seat-name'>{mark}{esc(game.names[seat])}</span>"
                    f" · {game.scores[seat]:+d} pts<br>{cards}</div>")
    last = game.last_play
    pile = card_img_html(last["card"], 70) if last else ""
    return (f"<div class='parlour-table' style='display:flex;gap:16px;align-items:center'>"
            f"<div>{''.join(rows)}</div><div style='text-align:center'>{pile}"
            f"<div class='parlour-big'>{game.deal.count}</div>"
            f"<div class='parlour-sub'>count · stock {len(game.deal.stock)}</div>"
            f"</div></div>")


def walkthrough() -> Walkthrough[Jubilee]:
    return Walkthrough(walkthrough_game, WALK_MOVES, board_html,
                       intro="Cleo has dealt 8 cards to each of you, one at a time. You sit on her left, "
                             "so you play first. Press Next to follow the first ten moves.")


def final_count_check() -> ChoiceQuiz:
    total = sum(card_value(c) for c in jubilee_61())
    return ChoiceQuiz("Every card has been played. What is the count?", ["189", "200", str(total)], str(total),
                      "Hearts take away 99, the two spade suits add 198 and the two club suits A–9 add 118: "
                      f"−99 + 198 + 118 = {total}.")


def cannot_play_example() -> engine.Game:
    """Two players, named as the table names them (widgets.table.BOT_NAMES): Ben has only big hearts when
    the count is 4."""
    hands = ["4S 2S 3S 4C 5C 6C 7C 8C", "5H 6H 7H 8H 9H 10H JH QH"]
    game = engine.new_game("jubilee", players=2, seed=3, first_dealer=1, match="single",
                           deck=stack_deck(hands), names=["Ada", "Ben"])
    game.apply("play 4S")
    return game


def pack_total_by_suit() -> Counter[str]:
    totals: Counter[str] = Counter()
    for c in jubilee_61():
        totals["jokers" if c.is_joker else c.suit] += card_value(c)
    return totals
