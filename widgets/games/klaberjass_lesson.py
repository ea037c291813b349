"""The pieces of the Klaberjass lesson: pictures, checks, positions and the scripted deal.

Every answer a check marks right or wrong comes from the engine (the legal cards, the
trick winner, the points, the sequences, the maker's rule), so the lesson cannot drift
from the rules of seed 004 and docs/rules/klaberjass.md.
"""

from __future__ import annotations

from typing import Any, Sequence

import ipywidgets as w

from engine import tricks
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, parse_card, parse_cards
from engine.games.klaberjass import (LAST_TRICK, MAX_DEAL_CARD_POINTS, PACK, RULES, Klaberjass, card_points,
                                     find_sequences, sequence_points, sequence_winner, settle,
                                     trick_winner)
from widgets.card_svg import card_img_html
from widgets.page_style import Picture
from widgets.quiz import CardPickQuiz, ChoiceQuiz
from widgets.table_html import esc
from widgets.walkthrough import Walkthrough

NAMES = ["You", "Ada"]
PLAIN_ORDER = "A 10 K Q J 9 8 7".split()
TRUMP_ORDER = "J 9 A 10 K Q 8 7".split()


def rule(rule_id: str) -> str:
    """A rule's text from the engine's rulebook, for the lesson to quote."""
    return RULES[rule_id].text


def _ix(cards: str | Sequence[str]) -> list[int]:
    return [tricks.index(c) for c in parse_cards(cards)]


def _sym(card: str) -> str:
    return parse_card(card).symbol


def _felt(body: str, caption: str = "") -> Picture:
    note = f"<div>{caption}</div>" if caption else ""
    return Picture(f"<div class='parlour-table' style='min-width:0'>{body}</div>{note}")


# ---- the pack and the two rank orders ---------------------------------------------------------

def pack_html(width: int = 40) -> Picture:
    """The 32 cards: A K Q J 10 9 8 7 of each suit."""
    rows = []
    for suit in "SHDC":
        cards = [f"{r}{suit}" for r in "A K Q J 10 9 8 7".split()]
        rows.append("<div>" + "".join(card_img_html(c, width) for c in cards) + "</div>")
    return _felt("".join(rows), "32 cards: the 2s to 6s are taken out of an ordinary pack.")


def rank_orders_html(trump: str = "H", plain: str = "S", width: int = 46) -> Picture:
    """The two rank orders side by side, highest on the left, each card's points beneath it."""
    t = tricks.SUIT_INDEX[trump]

    def row(suit: str, order: list[str], title: str) -> str:
        cells = []
        for r in order:
            card = f"{r}{suit}"
            pts = card_points(tricks.index(parse_card(card)), t)
            cells.append(f"<div style='text-align:center'>{card_img_html(card, width)}"
                         f"<div class='parlour-sub'><b>{pts}</b></div></div>")
        return (f"<div style='margin:4px 0'><b>{title}</b><div style='display:flex;flex-wrap:wrap;gap:2px'>"
                f"{''.join(cells)}</div></div>")
    body = (row(plain, PLAIN_ORDER, f"A plain suit ({SUIT_SYMBOLS[plain]} here): A 10 K Q J 9 8 7")
            + row(trump, TRUMP_ORDER, f"The trump suit ({SUIT_SYMBOLS[trump]} here): J 9 A 10 K Q 8 7"))
    return _felt(body, "Highest on the left. The number under each card is what it is worth to whoever takes it.")


def pack_points_check() -> ChoiceQuiz:
    total = sum(card_points(c, 0) for c in PACK)
    return ChoiceQuiz("How many points are the 32 cards worth together?", ["120", str(total), "162", "180"],
                      str(total), f"Each plain suit holds 11 + 10 + 4 + 3 + 2 = 30, the trump suit 20 + 14 + 11 + 10 "
                      f"+ 4 + 3 = 62: 3 × 30 + 62 = {total}. Only the 18 cards in the two hands are played in a "
                      f"deal, so a deal's cards and the {LAST_TRICK} for the last trick bring at most "
                      f"{MAX_DEAL_CARD_POINTS}, and usually far less: what matters is who takes more.")


def trick_points(cards: Sequence[str], trump: str) -> int:
    t = tricks.SUIT_INDEX[trump]
    return sum(card_points(c, t) for c in _ix(cards))


def trick_points_check(cards: Sequence[str] = ("AH", "JH"), trump: str = "H") -> w.VBox:
    """"How many points is this trick worth?" with the cards shown."""
    worth = trick_points(cards, trump)
    choices = sorted({worth, worth + 9, max(0, worth - 9), trick_points(cards, "S" if trump != "S" else "C")})
    parts = " + ".join(f"{_sym(c)} {card_points(tricks.index(parse_card(c)), tricks.SUIT_INDEX[trump])}"
                       for c in cards)
    quiz = ChoiceQuiz(f"{SUIT_NAMES[trump].capitalize()} are trumps. How many points is this trick worth?",
                      [str(c) for c in choices], str(worth), f"{parts} = {worth}.")
    picture = _felt("".join(card_img_html(c, 56) for c in cards))
    return w.VBox([picture, quiz])


# ---- bidding ----------------------------------------------------------------------------------

def second_round_check(turn_up: str = "QH") -> ChoiceQuiz:
    up = parse_card(turn_up)
    game = deal_position("7S 8S 9S 7C 8C 9D QD KD 10S", "JC 9C AC 10H AS 7D 8H 10C JS", turn_up,
                         ["pass", "pass"])
    allowed = [s for s in "SHDC" if f"name {s}" in [str(a) for a in game.legal_actions()]]
    choices = [f"{SUIT_SYMBOLS[s]} {SUIT_NAMES[s]}" for s in "SHDC"]
    refused = f"{SUIT_SYMBOLS[up.suit]} {SUIT_NAMES[up.suit]}"
    return ChoiceQuiz(f"The turn-up was {up.symbol} and you both passed. In the second round, which suit may "
                      "you NOT name?", choices, refused,
                      f"{SUIT_NAMES[up.suit].capitalize()} were offered and refused in the first round; "
                      f"now only {', '.join(SUIT_NAMES[s] for s in allowed)} may be named, or you pass again.")


# ---- positions built with the engine -------------------------------------------------------------

def deal_position(non_dealer: str, dealer: str, turn_up: str, moves: Sequence[str] = (),
                  you_deal: bool = False, **options: Any) -> Klaberjass:
    """A deal of these nine-card hands (the non-dealer's first), moves made; "You" are seat 0."""
    nd, dl = parse_cards(non_dealer), parse_cards(dealer)
    deck = [str(c) for c in nd[0:3] + dl[0:3] + nd[3:6] + dl[3:6] + parse_cards(turn_up) + nd[6:9] + dl[6:9]]
    game = Klaberjass(seed=1, deck=deck, first_dealer=0 if you_deal else 1, names=NAMES, **options)
    for move in moves:
        game.apply(move)
    return game


def legal_cards_check(game: Klaberjass, question: str) -> CardPickQuiz:
    """Pick the cards you may play; each pick is judged by the engine with its reason."""
    hand = game.view(0)["hand"]

    def judge(card: str) -> tuple[bool, str]:
        why = game.why_illegal(f"play {card}", 0)
        return (True, f"{_sym(card)} is allowed.") if why is None else (False, why)
    return CardPickQuiz(question, hand, judge)


def follow_check() -> CardPickQuiz:
    """Seed: follow suit; on a trump lead, win if you can (docs/rules/klaberjass.md#examples: J♥ and 7♥ against 9♥ →
    only J♥)."""
    game = deal_position("9H KS QS 7S 8D 9D 10C JC QC", "JH 7H AS 10S 7D 10D AC KC 8C", "8H",
                         ["pass", "take", "play 9H"], you_deal=True)
    return legal_cards_check(game, "Hearts are trumps and Ada leads the 9♥. Which cards may you play?")


def follow_either_check() -> CardPickQuiz:
    """docs/rules/klaberjass.md#examples: A♥ and 7♥ against a 9♥ lead → either (neither can beat it)."""
    game = deal_position("9H KS QS 7S 8D 9D 10C JC QC", "AH 7H AS 10S 7D 10D AC KC 8C", "8H",
                         ["pass", "take", "play 9H"], you_deal=True)
    return legal_cards_check(game, "Now you hold A♥ and 7♥ instead. Ada leads the 9♥ again. Which may you play?")


def must_trump_check() -> CardPickQuiz:
    """docs/rules/klaberjass.md#examples: ♠ led, void in ♠ holding 7♥ → must play 7♥."""
    game = deal_position("KS QS 7S 9H 8D 9D 10C JC QC", "7H AD KD QD JD 10D AC KC 8C", "8H",
                         ["take", "play KS"], you_deal=True)
    return legal_cards_check(game, "Hearts are trumps. Ada leads the K♠ and you have no spades. Which may you play?")


def trick_winner_check(cards: Sequence[str] = ("AS", "7H"), trump: str = "H") -> ChoiceQuiz:
    pos = trick_winner(_ix(cards), tricks.SUIT_INDEX[trump])
    choices = [f"Ada ({_sym(cards[0])}, led)", f"You ({_sym(cards[1])})"]
    return ChoiceQuiz(f"{SUIT_NAMES[trump].capitalize()} are trumps. Ada leads {_sym(cards[0])}, you play "
                      f"{_sym(cards[1])}. Who wins the trick?", choices, choices[pos],
                      "Any trump beats every card of a plain suit; between two cards of one suit, the higher in that "
                      "suit's order wins.")


# ---- sequences, Bella and the maker ---------------------------------------------------------------

def sequences_html(cards: str) -> Picture:
    seqs = find_sequences(_ix(cards))
    lines = [f"{'Tertz' if s[0] == 3 else 'Fifty'}: {' '.join(tricks.card(c).symbol for c in s[3])} = "
             f"{sequence_points(s)}" for s in seqs] or ["No sequence."]
    return _felt("".join(card_img_html(c, 44) for c in parse_cards(cards))
                 + "<div>" + "<br>".join(esc(x) for x in lines) + "</div>")


def sequence_points_check(cards: str = "AS KS QS JS 7H 8H 9H 10D QC") -> w.VBox:
    total = sum(sequence_points(s) for s in find_sequences(_ix(cards)))
    choices = sorted({total, 50, 20, 40, 90} - {total - 1})
    quiz = ChoiceQuiz("How many points are the sequences in this hand worth (if they win the comparison)?",
                      [str(c) for c in choices], str(total),
                      "A K Q J♠ are four in a row (a fifty, 50) and 7 8 9♥ three (a tertz, 20): 70. "
                      "The 10♦ and Q♣ are on their own.")
    picture = _felt("".join(card_img_html(c, 44) for c in parse_cards(cards)))
    return w.VBox([picture, quiz])


def sequence_compare_check(trump_rule: str = "seed") -> ChoiceQuiz:
    """docs/rules/klaberjass.md#examples: non-dealer 9-10-J♠ vs dealer 9-10-J♣ with ♣ trump → the non-dealer by the
    seed."""
    you, ada = _ix("9S 10S JS"), _ix("9C 10C JC")
    winner = sequence_winner([you, ada], 1, tricks.SUIT_INDEX["C"], trump_rule)  # Ada (seat 1) deals
    choices = ["You", "Ada", "Nobody"]
    answer = "Nobody" if winner is None else NAMES[winner]
    why = ("Both sequences have three cards topped by a Jack: a tie. A tie goes to the non-dealer, and "
           "Ada is dealing." if trump_rule == "seed" else
           "A tie; with this variant, the sequence in trumps (clubs) wins.")
    return ChoiceQuiz("Clubs are trumps and Ada deals. You hold 9-10-J♠, Ada holds 9-10-J♣. Whose sequence "
                      "scores?", choices, answer, why)


def longer_sequence_check() -> ChoiceQuiz:
    you, ada = _ix("7D 8D 9D 10D"), _ix("AS KS QS")
    winner = sequence_winner([you, ada], 1, tricks.SUIT_INDEX["H"], "seed")
    return ChoiceQuiz("You hold 7-8-9-10♦, Ada holds A-K-Q♠. Whose sequence is better?", ["You", "Ada"],
                      NAMES[winner] if winner is not None else "You",
                      "More cards wins first: four beat three, however high. Only equal lengths compare top cards.")


def bella_check() -> ChoiceQuiz:
    return ChoiceQuiz("Hearts are trumps. Ada won the sequences, and you hold K♥ and Q♥. What do they give you?",
                      ["Nothing: Ada won the sequences", "20 points when you play the second of them",
                       "20 points at once"], "20 points when you play the second of them",
                      rule("klaberjass.bella"))


# ---- two variants the table's Settings offer: Dix and Schmeiss ---------------------------------------

VARIANT_HANDS = ("7H 8S 9S 7C 8C 9D QD KD 10S", "JC 9C AC 10H AS 7D 8H 10C JS")  # you hold the 7♥; Ada deals


def dix_check(turn_up: str = "QH") -> ChoiceQuiz:
    """With Dix on, the holder of the 7 of trumps may swap it for the turn-up (the engine's offer, checked)."""
    up = parse_card(turn_up)
    seven = parse_card(f"7{up.suit}")
    game = deal_position(*VARIANT_HANDS, turn_up, ["take"], dix=True)
    offered = {str(a) for a in game.legal_actions()}
    swap = f"Swap your {seven.symbol} for the {up.symbol}"
    choices = [swap, f"Swap any card for the {up.symbol}", f"Nothing: the {up.symbol} stays out of play"]
    answer = swap if {"exchange", "keep"} <= offered else choices[2]
    return ChoiceQuiz(f"Dix is in play. You took the turned-up {up.symbol}, so {SUIT_NAMES[up.suit]} are trumps, "
                      f"and you hold the {seven.symbol}. What may you do before the first lead?", choices, answer,
                      f"Only the 7 of trumps may be swapped, and only for the turned-up card. The {up.symbol} is "
                      "worth more in your hand; the swap itself scores nothing, and you may also keep your 7.")


def schmeiss_check(turn_up: str = "QH") -> ChoiceQuiz:
    """With Schmeiss on, a refused offer makes the offerer the maker in the turned-up suit (the engine's answer)."""
    up = parse_card(turn_up)
    game = deal_position(*VARIANT_HANDS, turn_up, ["schmeiss", "refuse"], schmeiss=True)
    made = f"You must play with {SUIT_NAMES[up.suit]} as trumps, as the maker"
    choices = [made, f"Ada must play with {SUIT_NAMES[up.suit]} as trumps, as the maker", "The cards are thrown in"]
    answer = made if game.deal.maker == 0 and game.deal.trump == tricks.SUIT_INDEX[up.suit] else choices[1]
    return ChoiceQuiz(f"Schmeiss is in play and the turn-up is {up.symbol}. You offer to throw the hand in, and "
                      "Ada refuses. What happens?", choices, answer,
                      "A refused offer binds the player who made it: you take the turned-up suit and must now "
                      "score more than Ada. Had she accepted, the cards would have been thrown in for a new deal.")


def maker_check(maker_total: int = 70, other_total: int = 92) -> ChoiceQuiz:
    """docs/rules/klaberjass.md#examples: maker 70 vs 92 → the opponent +162, the maker 0; 81 vs 81 the same."""
    scored, outcome, _ = settle([maker_total, other_total], 0, "fails")
    choices = [f"You {maker_total}, Ada {other_total}", f"You 0, Ada {maker_total + other_total}",
               f"You {maker_total}, Ada 0"]
    answer = f"You {scored[0]}, Ada {scored[1]}"
    why = ("The maker must score MORE than his opponent. " +
           ("A tie is not more: " if outcome == "tie" else "") +
           f"Ada takes both totals, {maker_total} + {other_total} = {maker_total + other_total}, and you score "
           "nothing.")
    return ChoiceQuiz(f"You took the trumps (you are the maker). At the end of the deal you have {maker_total} "
                      f"points and Ada {other_total}. What does each of you score?", choices, answer, why)


# ---- the scripted deal ------------------------------------------------------------------------------

WALK_HANDS = ("AC KC QC JC 8S 9S 10D 7S AS", "KH QH 7D 8D 9D AD 10S JS 10C", "7H")
WALK_MOVES: list[tuple[str, str]] = [
    ("pass", "You are not dealing, so you speak first. Your hand has no hearts at all: you pass."),
    ("take", "Ada holds K♥ and Q♥. She takes hearts and becomes the maker: she must now score more than you. "
             "Three more cards each, and the bottom card is shown. You have a fifty in clubs and a tertz in "
             "spades; Ada only a tertz in diamonds: your fifty wins, so you show both, worth 70 if you win a trick."),
    ("play AC", "You lead the A♣, the highest club."),
    ("play 10C", "Ada must follow clubs: her only club is the 10♣. You win 21 points and have won a trick, so "
                 "your sequences now count."),
    ("play KC", "You lead the K♣."),
    ("play KH", "Ada has no clubs left, so she MUST trump: she plays the K♥ and wins."),
    ("play QH", "Ada leads the Q♥: with the K♥ already played that is Bella, +20 for her."),
    ("play 7S", "A trump was led and you have no trump: any card will do. Throw away a card worth nothing."),
    ("play AD", "Ada leads the A♦."),
    ("play 10D", "You must follow diamonds with your only one, the 10♦: Ada takes 21 points."),
    ("play 9D", "Ada leads the 9♦, a plain 9: worth nothing."),
    ("play 8S", "You have no diamonds and no trumps: any card. You give nothing away."),
    ("play 8D", "Ada leads the 8♦."),
    ("play 9S", "Still no diamonds and no trumps: another spade of no value."),
    ("play 7D", "Ada leads her last diamond."),
    ("play AS", "You have to throw something: it costs you the A♠ this time, 11 points to Ada."),
    ("play 10S", "Ada leads the 10♠."),
    ("play QC", "No spades left for you: the Q♣ goes."),
    ("play JS", "Ada leads her last card, the J♠."),
    ("play JC", "Your last card. Ada takes the last trick and its 10 points. Now the totals decide whether the "
                "maker made it."),
]


def walkthrough_game() -> Klaberjass:
    return deal_position(*WALK_HANDS, sequences_need_trick=True)


def board_html(game: Klaberjass) -> str:
    """Both hands open (a demonstration), trumps, the trick, the points and any result."""
    view = game.view(0)
    if view["results"]:
        r = view["results"][-1]
        lines = [f"Totals: You {r['totals'][0]}, Ada {r['totals'][1]}. Ada was the maker: "
                 f"{'she made it' if r['outcome'] == 'made' else 'she failed'}. Scores: You +{r['scored'][0]}, "
                 f"Ada +{r['scored'][1]}."]
        return _felt(f"<div>{esc(lines[0])}</div>").value
    rows = []
    for seat in (1, 0):
        hand = game.view(seat)["hand"]
        role = " (maker)" if view["maker"] == seat else ""
        rows.append(f"<div><b>{NAMES[seat]}{role}</b> — cards {view['card_points'][seat]}, this deal "
                    f"{view['deal_points'][seat]}<br>{''.join(card_img_html(c, 38) for c in hand)}</div>")
    trump = view["trump"]
    strip = (f"Trumps: <b>{SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]}</b>" if trump else
             f"Turn-up: {card_img_html(view['turn_up'], 30)}")
    trick = "".join(card_img_html(c, 44) for _, c in view["trick"])
    last = view["last_trick"]
    last_html = ("Last trick: " + "".join(card_img_html(c, 30) for c in last["cards"])
                 + f" won by {NAMES[last['winner']]}") if last else ""
    middle = f"<div style='min-height:70px'>Trick: {trick or '—'} &nbsp; {last_html}</div>"
    return _felt(f"<div>{strip}</div>{rows[0]}{middle}{rows[1]}").value


def walkthrough() -> Walkthrough[Klaberjass]:
    return Walkthrough(walkthrough_game, WALK_MOVES, board_html,
                       intro="Ada deals. The turn-up is the 7♥: hearts are the proposed trump. All cards are shown "
                             "face up so you can follow every choice.")


__all__ = ["bella_check", "board_html", "deal_position", "dix_check", "follow_check", "follow_either_check",
           "longer_sequence_check", "maker_check", "must_trump_check", "pack_html",
           "pack_points_check", "rank_orders_html", "schmeiss_check", "second_round_check",
           "sequence_compare_check", "sequence_points_check", "sequences_html", "trick_points_check",
           "trick_winner_check", "walkthrough"]
