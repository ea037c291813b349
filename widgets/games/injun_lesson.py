"""The pieces of the Injun lesson: pictures of the table, the checks, the scripted deals."""

from __future__ import annotations

from typing import Sequence


import engine
from engine.cards import parse_card
from engine.games.injun import Injun, deck_for, rank_value
from engine import words
from widgets.card_svg import card_img_html
from widgets.page_style import Picture
from widgets.quiz import CardPickQuiz, ChoiceQuiz
from widgets.table_html import esc
from widgets.walkthrough import Walkthrough

NAMES = ["You", "Ada", "Ben", "Cleo"]


def table_picture(game: Injun, seat: int | None = 0, width: int = 52) -> str:
    """The table as ``seat`` sees it (None: a spectator who sees every card), with chips and pot."""
    view = game.view(0 if seat is None else seat)
    cards: list[str | None] = [None if c is None else str(c) for c in game.deal.cards] if seat is None \
        else view["cards"]
    boxes = []
    for s, name in enumerate(view["names"]):
        if not view["in_deal"][s]:
            continue
        mark = "▶ " if view["current_player"] == s else ""
        note = " · folded" if view["folded"][s] else " · card on the pot" if view["all_in"][s] else ""
        face = card_img_html(cards[s], width)
        caption = "on your forehead" if s == seat and cards[s] is None else words.count(view["chips"][s], "chip")
        if s == seat and cards[s] is None:
            caption += f" · {words.count(view['chips'][s], 'chip')}"
        boxes.append(f"<div class='parlour-seat' style='text-align:center'><span class='parlour-seat-name'>"
                     f"{mark}{esc(name)}</span><br>{face}<div class='parlour-sub'>{esc(caption)}"
                     f"{esc(note)}</div></div>")
    pots = view["pots"]
    pot_lines = " · ".join(f"{'first' if i == 0 else 'second'} pot {p['amount']}" for i, p in enumerate(pots)) \
        if len(pots) > 1 else ""
    return (f"<div class='parlour-table' style='display:flex;gap:10px;align-items:center;"
            f"flex-wrap:wrap'>{''.join(boxes)}<div style='text-align:center;margin-left:12px'>"
            f"<div class='parlour-sub'>Pot</div><div class='parlour-big'>{view['pot_total']}</div>"
            f"<div class='parlour-sub'>{pot_lines}</div></div></div>")


def demo_deal(cards: Sequence[str], style: str = "poker", **options) -> Injun:
    """A first deal with these cards by seat; the last seat deals, so "You" (seat 0) bet first."""
    dealer = len(cards) - 1
    game = engine.new_game("injun", players=len(cards), seed=7, style=style, first_dealer=dealer,
                           deck=deck_for(list(cards), dealer), names=NAMES[: len(cards)], **options)
    assert isinstance(game, Injun)
    return game


def forehead_picture() -> Picture:
    return Picture(table_picture(demo_deal(["QD", "9S", "4H", "JC"])))


def first_dealer_story(seed: int = 12) -> str:
    """The seeded draw for the first dealer, as the log tells it."""
    game = engine.new_game("injun", players=4, seed=seed, names=NAMES)
    return game.events[0].text


# ---- checks ----

def rank_check() -> ChoiceQuiz:
    return ChoiceQuiz("Which card is higher: the <b>A♥</b> or the <b>K♠</b>?", ["A♥", "K♠", "they tie"], "A♥",
                      "The Ace is the highest card in Injun, and suits never matter.")


def suit_check() -> ChoiceQuiz:
    return ChoiceQuiz("Two players are left with the <b>9♠</b> and the <b>9♥</b>. Who wins?",
                      ["the 9♠", "the 9♥", "they share the pot"], "they share the pot",
                      "All suits are equal, so two 9s tie and the pot is shared.")


def chance_words(seen: Sequence[str]) -> tuple[str, str]:
    """(the right answer, why) for "what's the chance your card beats these?"."""
    cards = [parse_card(c) for c in seen]
    total = 52 - len(cards)
    best = max(rank_value(c) for c in cards)
    beats = sum(4 - sum(rank_value(c) == r for c in cards) for r in range(best + 1, 15))
    higher = [engine.Card(1 if r == 14 else r, "S").symbol[:-1] for r in range(best + 1, 15)]
    top = max(cards, key=rank_value).symbol
    why = (f"You cannot see {total} cards, and your card is equally likely to be any of them. It beats every card "
           f"you see only if it is higher than the {top}" + (f" ({', '.join(higher)})" if higher else "")
           + f": {beats} of those {total} cards, about {beats / total:.0%}.")
    return f"{beats} in {total}", why


def chance_check(seen: Sequence[str] = ("KS", "9H")) -> ChoiceQuiz:
    """"You see these cards: what's the chance yours is highest?" — counted exactly."""
    answer, why = chance_words(seen)
    total = 52 - len(seen)
    beats = int(answer.split()[0])
    wrong = {f"1 in {total}", f"{beats + 3} in {total}", f"{total // 2} in {total}"} - {answer}
    choices = sorted({answer, *list(wrong)[:2]}, key=lambda t: int(t.split()[0]))
    pictures = "".join(card_img_html(c, 40) for c in seen)
    return ChoiceQuiz(f"You see {pictures} on the others' foreheads. In how many cases does your own card "
                      "beat them all (not counting ties)?", choices, answer, why)


def beats_all_pick(seen: Sequence[str] = ("10C", "7D", "QH"),
                   candidates: Sequence[str] = ("JS", "KD", "QS", "AH", "9C", "2S")) -> CardPickQuiz:
    best = max(rank_value(parse_card(c)) for c in seen)
    shown = " ".join(parse_card(c).symbol for c in seen)

    def judge(card: str) -> tuple[bool, str]:
        c = parse_card(card)
        if rank_value(c) > best:
            return True, f"{c.symbol} beats every card you see ({shown})."
        if rank_value(c) == best:
            return False, f"{c.symbol} only ties the highest card you see: the pot would be shared."
        return False, f"{c.symbol} loses to a higher card you can see."
    return CardPickQuiz(f"You see {shown}. Click every card that, if it were yours, would win outright.",
                        list(candidates), judge)


def call_check() -> ChoiceQuiz:
    return ChoiceQuiz("Ada opens with a bet of 20, Ben raises by 2 (to 22), and Cleo raises by 5 (to 27). "
                      "How many more chips must Ada put in to call?", ["5", "7", "27"], "7",
                      "Ada has 20 in; the highest bet is now 27, so calling costs her 27 − 20 = 7.")


def pot_odds_check(call: int = 2, pot: int = 7) -> ChoiceQuiz:
    need = call / (pot + call)
    answer = f"{need:.0%}"
    choices = sorted({answer, f"{call / pot:.0%}", "50%"}, key=lambda t: int(t[:-1]))
    return ChoiceQuiz(f"A call costs you <b>{call}</b> chips and the pot holds <b>{pot}</b>. How often must you win "
                      "for the call to pay?", choices, answer,
                      f"If you call, the pot holds {pot + call}, and {call} of it is yours: you need to win "
                      f"{call} times out of {pot + call}, about {answer}.")


def brag_split_check() -> ChoiceQuiz:
    return ChoiceQuiz("Brag style, three players, ante 1. A puts in 1, B 1, C drops out; A puts in 1; B pays 2 to see. "
                      "Both hold a King. What does each get back?", ["3 each", "4 each", "A 3, B 5"], "4 each",
                      "The pot is 3 (antes) + 1 + 1 + 1 + 2 = 8, and equal cards share it: 4 each.")


def second_pot_check() -> ChoiceQuiz:
    return ChoiceQuiz("Brag style: Ben runs out of chips and lays his card on the pot. Ada and Cleo go on. "
                      "Who can win the <b>second</b> pot?", ["Ada, Ben and Cleo", "Ada and Cleo", "only Ben"],
                      "Ada and Cleo",
                      "Ben's chips are all in the first pot, which all three contest. Later bets go into a second "
                      "pot that only the two who went on can win.")


# ---- the scripted deals ----
# Brag, three players: Ada has only 3 chips. She runs out and lays her card on the pot,
# so a second pot starts for you and Ben.
BRAG_CARDS = ["QS", "AH", "KC"]
BRAG_MOVES = [
    ("chip", "Brag style: on your turn you put in one chip or drop out. You see an A♥ on Ada and a K♣ on Ben, "
             "which looks bad for you; but one chip is cheap."),
    ("chip", "Ada puts in a chip. She has only 1 left."),
    ("chip", "Ben puts in a chip. Three players are still betting, so nobody may pay to see yet."),
    ("chip", "You put in another chip."),
    ("chip", "Ada puts in her last chip. With no chips left she shows her card to the others again and lays it on "
             "the pot. She can win only this first pot: 3 chips from each of you."),
    ("chip", "Now you and Ben are 'the two'. Ben's chip brings him up to Ada's 3, completing the first pot. "
             "Any chip beyond that goes into a second pot, which only you two contest."),
    ("chip", "Your chip is the first one in the second pot. You could also have paid 2 to see, or quit."),
    ("see", "Ben pays 2 to see. Every card is turned up: Ada's A♥ takes the first pot, and Ben's K♣ beats your "
            "Q♠ for the second."),
]


def brag_walkthrough_game() -> Injun:
    return demo_deal(BRAG_CARDS, style="brag", starting_chips=[10, 3, 10])


POKER_CARDS = ["9S", "KD", "4C"]
POKER_MOVES = [
    ("bet 20", "Poker style: you open with a bet of any size, here 20 chips (the example in the original rules)."),
    ("raise 2", "Ada sees your 9♠ and Ben's 4♣, and likes her chances: she puts in 22, raising by 2."),
    ("raise 5", "Ben raises by 5: the highest bet is now 27."),
    ("call", "You put in 7 more to match 27. Ada has not matched Ben's raise yet, so the betting goes on."),
    ("call", "Ada just matches. Everyone still in has matched the last raise: the betting is over, and the cards "
             "are shown. Ada's K♦ wins."),
]


def poker_walkthrough_game() -> Injun:
    return demo_deal(POKER_CARDS, style="poker", starting_chips=100)


def _spectator(game: Injun) -> str:
    return table_picture(game, seat=None, width=44)


def brag_walkthrough() -> Walkthrough[Injun]:
    return Walkthrough(brag_walkthrough_game, BRAG_MOVES, _spectator,
                       intro="Ben deals; you sit on his left and bet first. Ada has only 3 chips. Here every card "
                             "is shown face up so you can follow; at the table you would not see your own Q♠.")


def poker_walkthrough() -> Walkthrough[Injun]:
    return Walkthrough(poker_walkthrough_game, POKER_MOVES, _spectator,
                       intro="Ben deals; you bet first. Everyone has 100 chips. All cards are shown face up here.")
