"""The pieces of the Kalooki lesson: meld checks, the nine contracts, a call, scoring, a walkthrough.

Every answer a check marks right or wrong comes from the engine (what is a meld, what a
hand costs, who gets a called card), so the lesson cannot drift from the rules.
"""

from __future__ import annotations

from typing import Sequence

import ipywidgets as w

import engine
from engine.cards import parse_cards
from engine.dealing import stack_deck
from engine.games.kalooki import DEALS, RULES, Kalooki, contract_words, hand_points, penalty
from engine.melds import KALOOKI, why_not_meld
from widgets.card_svg import card_img_html
from widgets.page_style import Picture
from widgets.quiz import ChoiceQuiz
from widgets.table_html import esc
from widgets.walkthrough import Walkthrough

NAMES = ["You", "Ada", "Ben", "Cleo"]


def rule(rule_id: str) -> str:
    """A rule's text from the engine's rulebook, for the lesson to quote."""
    return RULES[rule_id].text


def cards_html(cards: Sequence[str], width: int = 44) -> str:
    return "".join(card_img_html(c, width) for c in cards)


# ---- threes and fours ----

def meld_check(cards: str) -> ChoiceQuiz:
    """"Is this a meld?" with the engine's answer and its reason."""
    group = parse_cards(cards)
    problem = why_not_meld(group, KALOOKI)
    answer = "Yes" if problem is None else "No"
    shown = " ".join("Joker" if c.is_joker else c.symbol for c in group)
    why = "It is a valid meld." if problem is None else problem
    quiz = ChoiceQuiz(f"Is {shown} a three or a four?", ["Yes", "No"], answer, why)
    quiz.children = (Picture(cards_html([str(c) for c in group])), *quiz.children)
    return quiz


# ---- the nine contracts ----

def contracts_html(current: int | None = None) -> w.HTML:
    rows = []
    for number, (size, threes, fours) in DEALS.items():
        style = " style='background:#fff3b0'" if number == current else ""
        rows.append(f"<tr{style}><td>{number}</td><td>{size}</td><td>{esc(contract_words(threes, fours))}</td>"
                    f"<td>{threes * 3 + fours * 4}</td></tr>")
    return w.HTML("<table class='parlour-panel'><tr><th>Deal</th><th>Cards each</th><th>Contract</th>"
                  "<th>Cards it takes at least</th></tr>" + "".join(rows) + "</table>")


def contract_size_check(deal: int = 7) -> ChoiceQuiz:
    size, threes, fours = DEALS[deal]
    least = threes * 3 + fours * 4
    return ChoiceQuiz(f"Deal {deal} asks for {contract_words(threes, fours)}. How many cards does that take at "
                      "the least?", [str(least - 1), str(least), str(least + 2)], str(least),
                      f"{threes} × 3 + {fours} × 4 = {least}: exactly the {size} cards you are dealt. Laying down "
                      "the contract usually means going out soon after.")


# ---- a turn and a call ----

def calling_game() -> Kalooki:
    """Deal 2, four players: you discard 8♥ and Ben, who needs it for his four, calls it."""
    deck = stack_deck(["8H 2C 2D 4C 9S JH 3H 6C 10D KS", "5D 5C 6S 9C AH 2H QD 8S 3C 7D",
                       "7S 7S 7H 8D 8C 8S 5H JK 7H QC", "9S 9C JS 4H 8C QD 5S 9H KC 2S"],
                      "10S KD 3D 10S QH 9D 4S 10C 6H", first=0)
    game = Kalooki(players=4, seed=5, deck=deck, deals=[2], first_dealer=3, names=NAMES)
    game.apply("draw", 0)
    game.apply("discard 8H", 0)
    return game


def call_demo() -> w.HTML:
    """The call, allowed: what each player did, as the log says it."""
    game = calling_game()
    lines = [e.text for e in game.apply("call", 2)] + [e.text for e in game.apply("allow", 1)]
    return w.HTML("<ul>" + "".join(f"<li>{esc(t)}</li>" for t in lines) + "</ul>")


def call_check() -> ChoiceQuiz:
    """Two players call the same card: the engine says who gets it."""
    game = calling_game()
    game.apply("call", 3)
    game.apply("call", 2)
    game.apply("allow", 1)
    winner = game.names[next(s for s in range(4) if "8H" in game.view(s)["taken"][s])]
    return ChoiceQuiz("You discard 8♥. Ada plays next. Cleo calls it, then Ben calls it too. Ada allows the "
                      "call. Who gets the card?", ["Ben", "Cleo", "Ada"], winner,
                      "Ben sits nearer after Ada, the player whose turn it is, so his call wins.")


# ---- scoring ----

def score_check(cards: str = "JK AS AH 10D 7C") -> ChoiceQuiz:
    hand = parse_cards(cards)
    total = hand_points(hand)
    parts = " + ".join(str(penalty(c)) for c in hand)
    return ChoiceQuiz("Someone goes out while you hold these cards. How many points do you score?",
                      [str(total - 14), str(total), str(total + 14)], str(total),
                      f"Joker 50, black Ace 15, red Ace 1, ten 10, 7 is 7: {parts} = {total}. Low is good.")


def score_cards_html(cards: str = "JK AS AH 10D 7C") -> Picture:
    return Picture(cards_html(cards.split()))


# ---- the walkthrough of deal 1 ----

WALK_DECK = stack_deck(["7S 7S 7H 8D 8C JK 9S 9H QD", "2C 5D 9D JH 4C 8H QS 3H 6C",
                        "10D KS AH 2D 6S 10H 3C 9C JS"], "4H KD 5S 4D", first=0)

WALK_MOVES = [
    ("draw", "You have two threes (7s and 8s with a joker) and a pair of 9s: the 4♥ on the pile does not help, "
             "so you draw from the stock."),
    ("discard QD", "The K♦ and Q♦ fit nothing. You keep the K♦ for now and let the Q♦ go."),
    ("draw", "Ada draws from the stock."),
    ("discard 5S", "Ada lets the 5♠ go."),
    ("draw", "Ben draws too."),
    ("discard 9C", "Ben discards the 9♣: the card you need for your third three."),
    ("take", "Your turn: you take the 9♣ from the pile as your draw."),
    ("lay 7S 7S 7H | 8D 8C JK | 9S 9H 9C", "Three threes of different ranks: the contract of deal 1, exactly."),
    ("discard KD", "One card left: discarding it empties your hand. You are out: Kalooki!"),
]


def walkthrough_game() -> Kalooki:
    return Kalooki(players=3, seed=3, deck=WALK_DECK, deals=[1], first_dealer=2, names=NAMES[:3])


def board_html(game: Kalooki) -> str:
    """Every hand face up, the pile and the melds: the walkthrough's table."""
    view = game.view(0)
    rows = []
    for seat in range(game.players):
        mark = "▶ " if game.current_player == seat else ""
        hand = game.view(seat)["hand"]
        cards = cards_html(hand, 34) or "<i>no cards</i>"
        rows.append(f"<div class='parlour-seat'><span class='parlour-seat-name'>{mark}{esc(game.names[seat])}</span>"
                    f"<div>{cards}</div></div>")
    melds = "".join(f"<div>{cards_html(m['cards'], 30)}</div>" for m in view["melds"])
    top = view["discard_top"]
    pile = f"Discard pile: {card_img_html(top, 34) if top else ''} · stock {view['stock_size']}"
    return ("<div class='parlour-table'>" + "".join(rows) + f"<div>{pile}</div>{melds}</div>")


def walkthrough() -> Walkthrough[Kalooki]:
    return Walkthrough(walkthrough_game, WALK_MOVES, board_html,
                       intro="Three players, deal 1: nine cards each, and the contract is three threes. Ben dealt, "
                             "so you play first. All hands are face up so you can follow. Press Next.")


#: A first deal whose contract is one card away: you draw the 9♣ and can lay down at once.
PRACTICE_DECK = stack_deck(["7S 7S 7H 8D 8C JK 9S 9H QD", "2C 5D 9D JH 10C 8S QS 3D 6C",
                            "10D KS AC 2D 6S 10H 3C JC JS"], "4H 9C", first=0)


def practice_table(seed: int | str = 7, **options) -> w.Widget:
    """Deal 1 stacked so that you can lay down on your first turn, then deal 2 as it comes."""
    from widgets.games.kalooki_table import KalookiTable
    return KalookiTable(players=3, seed=seed, deck=PRACTICE_DECK, deals=[1, 2], first_dealer=2, **options)


def match_table(players: int = 3, seed: int | str | None = None, **options) -> w.Widget:
    """A short match (deals 1 to 3) against bots, with hints."""
    from widgets.games.kalooki_table import KalookiTable
    return KalookiTable(players=players, seed=seed, deals=options.pop("deals", "short"), **options)


def new_game(**options) -> engine.Game:
    return engine.new_game("kalooki", **options)
