"""The pieces of the Injun lesson: pictures of the table, the checks, the scripted deals."""

from __future__ import annotations

from typing import Sequence


import engine
from engine.cards import parse_card
from engine.games.injun import Injun, deck_for, rank_value
from engine import words
from engine.i18n import N_, say
from engine.numerals import number
from widgets.card_svg import card_img_html
from widgets.page_style import Picture
from widgets.quiz import CardPickQuiz, ChoiceQuiz, check_in
from widgets.table_html import esc
from widgets.walkthrough import Walkthrough

NAMES = ["You", "Ada", "Ben", "Cleo"]


def names(lang: str = "en") -> list[str]:
    """The lesson's players, "You" in the lesson's language ("Você")."""
    return [say(lang, N_("You")), *NAMES[1:]]


def table_picture(game: Injun, seat: int | None = 0, width: int = 52) -> str:
    """The table as ``seat`` sees it (None: a spectator who sees every card), with chips and pot, in the game's
    language."""
    lang = game.lang
    t = lambda m, **f: say(lang, m, **f)  # noqa: E731
    view = game.view(0 if seat is None else seat)
    cards: list[str | None] = [None if c is None else str(c) for c in game.deal.cards] if seat is None \
        else view["cards"]
    boxes = []
    for s, name in enumerate(view["names"]):
        if not view["in_deal"][s]:
            continue
        mark = "▶ " if view["current_player"] == s else ""
        note = (" · " + t(N_("folded")) if view["folded"][s] else " · " + t(N_("card on the pot"))
                if view["all_in"][s] else "")
        face = card_img_html(cards[s], width, lang=lang)
        chips = t(words.agreeing(view["chips"][s], N_("{n} chip"), N_("{n} chips")), n=view["chips"][s])
        caption = t(N_("on your forehead")) if s == seat and cards[s] is None else chips
        if s == seat and cards[s] is None:
            caption += f" · {chips}"
        boxes.append(f"<div class='parlour-seat' style='text-align:center'><span class='parlour-seat-name'>"
                     f"{mark}{esc(name)}</span><br>{face}<div class='parlour-sub'>{esc(caption)}"
                     f"{esc(note)}</div></div>")
    pots = view["pots"]
    pot_lines = " · ".join(t(N_("first pot {n}") if i == 0 else N_("second pot {n}"), n=p["amount"])
                           for i, p in enumerate(pots)) if len(pots) > 1 else ""
    return (f"<div class='parlour-table' style='display:flex;gap:10px;align-items:center;"
            f"flex-wrap:wrap'>{''.join(boxes)}<div style='text-align:center;margin-left:12px'>"
            f"<div class='parlour-sub'>{esc(t(N_('Pot')))}</div><div class='parlour-big'>{view['pot_total']}</div>"
            f"<div class='parlour-sub'>{pot_lines}</div></div></div>")


def demo_deal(cards: Sequence[str], style: str = "poker", lang: str = "en", **options) -> Injun:
    """A first deal with these cards by seat; the last seat deals, so "You" (seat 0) bet first."""
    dealer = len(cards) - 1
    game = engine.new_game("injun", players=len(cards), seed=7, style=style, first_dealer=dealer,
                           deck=deck_for(list(cards), dealer), names=names(lang)[: len(cards)], lang=lang, **options)
    assert isinstance(game, Injun)
    return game


def forehead_picture(lang: str = "en") -> Picture:
    return Picture(table_picture(demo_deal(["QD", "9S", "4H", "JC"], lang=lang)))


def first_dealer_story(seed: int = 12, lang: str = "en") -> str:
    """The seeded draw for the first dealer, as the log tells it."""
    game = engine.new_game("injun", players=4, seed=seed, names=names(lang), lang=lang)
    return game.events[0].text


# ---- checks ----

def rank_check(lang: str = "en") -> ChoiceQuiz:
    return check_in(lang, N_("Which card is higher: the <b>A♥</b> or the <b>K♠</b>?"), ["A♥", "K♠", N_("they tie")], 0,
                  N_("The Ace is the highest card in Injun, and suits never matter."))


def suit_check(lang: str = "en") -> ChoiceQuiz:
    return check_in(lang, N_("Two players are left with the <b>9♠</b> and the <b>9♥</b>. Who wins?"),
                  [N_("the 9♠"), N_("the 9♥"), N_("they share the pot")], 2,
                  N_("All suits are equal, so two 9s tie and the pot is shared."))


def _in(count: int, total: int, lang: str) -> str:
    """"5 in 50": a count of cases out of all of them."""
    return say(lang, N_("{n} in {total}"), n=count, total=total)


def chance_words(seen: Sequence[str], lang: str = "en") -> tuple[str, str]:
    """(the right answer, why) for "what's the chance your card beats these?"."""
    cards = [parse_card(c) for c in seen]
    total = 52 - len(cards)
    best = max(rank_value(c) for c in cards)
    beats = sum(4 - sum(rank_value(c) == r for c in cards) for r in range(best + 1, 15))
    higher = [engine.Card(1 if r == 14 else r, "S").symbol[:-1] for r in range(best + 1, 15)]
    top = max(cards, key=rank_value).symbol
    why = say(lang, N_("You cannot see {total} cards, and your card is equally likely to be any of them. It beats "
                       "every card you see only if it is higher than the {top}{higher}: {beats} of those {total} "
                       "cards, about {share}."), total=total, top=top,
              higher=f" ({', '.join(higher)})" if higher else "", beats=beats, share=number(beats / total, lang, ".0%"))
    return _in(beats, total, lang), why


def chance_check(seen: Sequence[str] = ("KS", "9H"), lang: str = "en") -> ChoiceQuiz:
    """"You see these cards: what's the chance yours is highest?" — counted exactly."""
    answer, why = chance_words(seen, lang)
    total = 52 - len(seen)
    beats = int(answer.split()[0])
    wrong = {_in(1, total, lang), _in(beats + 3, total, lang), _in(total // 2, total, lang)} - {answer}
    choices = sorted({answer, *list(wrong)[:2]}, key=lambda t: int(t.split()[0]))
    pictures = "".join(card_img_html(c, 40, lang=lang) for c in seen)
    return ChoiceQuiz(say(lang, N_("You see {cards} on the others' foreheads. In how many cases does your own card "
                                   "beat them all (not counting ties)?"), cards=pictures), choices, answer, why,
                      lang=lang)


def beats_all_pick(seen: Sequence[str] = ("10C", "7D", "QH"),
                   candidates: Sequence[str] = ("JS", "KD", "QS", "AH", "9C", "2S"), lang: str = "en") -> CardPickQuiz:
    best = max(rank_value(parse_card(c)) for c in seen)
    shown = " ".join(parse_card(c).symbol for c in seen)

    def judge(card: str) -> tuple[bool, str]:
        c = parse_card(card)
        if rank_value(c) > best:
            return True, say(lang, N_("{card} beats every card you see ({shown})."), card=c.symbol, shown=shown)
        if rank_value(c) == best:
            return False, say(lang, N_("{card} only ties the highest card you see: the pot would be shared."),
                              card=c.symbol)
        return False, say(lang, N_("{card} loses to a higher card you can see."), card=c.symbol)
    return CardPickQuiz(say(lang, N_("You see {shown}. Click every card that, if it were yours, would win outright."),
                            shown=shown), list(candidates), judge, lang=lang)


def call_check(lang: str = "en") -> ChoiceQuiz:
    return check_in(lang, N_("Ada opens with a bet of 20, Ben raises by 2 (to 22), and Cleo raises by 5 (to 27). "
                           "How many more chips must Ada put in to call?"), ["5", "7", "27"], 1,
                  N_("Ada has 20 in; the highest bet is now 27, so calling costs her 27 − 20 = 7."))


def pot_odds_check(call: int = 2, pot: int = 7, lang: str = "en") -> ChoiceQuiz:
    need = call / (pot + call)
    answer = number(need, lang, ".0%")
    choices = sorted({answer, number(call / pot, lang, ".0%"), number(0.5, lang, ".0%")},
                     key=lambda t: int(t[:-1]))
    return ChoiceQuiz(say(lang, N_("A call costs you <b>{call}</b> chips and the pot holds <b>{pot}</b>. How often "
                                   "must you win for the call to pay?"), call=call, pot=pot), choices, answer,
                      say(lang, N_("If you call, the pot holds {total}, and {call} of it is yours: you need to win "
                                   "{call} times out of {total}, about {share}."), total=pot + call, call=call,
                          share=answer), lang=lang)


def brag_split_check(lang: str = "en") -> ChoiceQuiz:
    return check_in(lang, N_("Brag style, three players, ante 1. A puts in 1, B 1, C drops out; A puts in 1; B pays 2 "
                           "to see. Both hold a King. What does each get back?"),
                  [N_("3 each"), N_("4 each"), N_("A 3, B 5")], 1,
                  N_("The pot is 3 (antes) + 1 + 1 + 1 + 2 = 8, and equal cards share it: 4 each."))


def second_pot_check(lang: str = "en") -> ChoiceQuiz:
    return check_in(lang, N_("Brag style: Ben runs out of chips and lays his card on the pot. Ada and Cleo go on. "
                           "Who can win the <b>second</b> pot?"),
                  [N_("Ada, Ben and Cleo"), N_("Ada and Cleo"), N_("only Ben")], 1,
                  N_("Ben's chips are all in the first pot, which all three contest. Later bets go into a second "
                     "pot that only the two who went on can win."))


# ---- the scripted deals ----
# Brag, three players: Ada has only 3 chips. She runs out and lays her card on the pot,
# so a second pot starts for you and Ben.
BRAG_CARDS = ["QS", "AH", "KC"]
BRAG_MOVES = [
    ("chip", N_("Brag style: on your turn you put in one chip or drop out. You see an A♥ on Ada and a K♣ on Ben, "
                "which looks bad for you; but one chip is cheap.")),
    ("chip", N_("Ada puts in a chip. She has only 1 left.")),
    ("chip", N_("Ben puts in a chip. Three players are still betting, so nobody may pay to see yet.")),
    ("chip", N_("You put in another chip.")),
    ("chip", N_("Ada puts in her last chip. With no chips left she shows her card to the others again and lays it "
                "on the pot. She can win only this first pot: 3 chips from each of you.")),
    ("chip", N_("Now you and Ben are 'the two'. Ben's chip brings him up to Ada's 3, completing the first pot. "
                "Any chip beyond that goes into a second pot, which only you two contest.")),
    ("chip", N_("Your chip is the first one in the second pot. You could also have paid 2 to see, or quit.")),
    ("see", N_("Ben pays 2 to see. Every card is turned up: Ada's A♥ takes the first pot, and Ben's K♣ beats your "
               "Q♠ for the second.")),
]


def brag_walkthrough_game(lang: str = "en") -> Injun:
    return demo_deal(BRAG_CARDS, style="brag", lang=lang, starting_chips=[10, 3, 10])


POKER_CARDS = ["9S", "KD", "4C"]
POKER_MOVES = [
    ("bet 20", N_("Poker style: you open with a bet of any size, here 20 chips (the example in the original "
                  "rules).")),
    ("raise 2", N_("Ada sees your 9♠ and Ben's 4♣, and likes her chances: she puts in 22, raising by 2.")),
    ("raise 5", N_("Ben raises by 5: the highest bet is now 27.")),
    ("call", N_("You put in 7 more to match 27. Ada has not matched Ben's raise yet, so the betting goes on.")),
    ("call", N_("Ada just matches. Everyone still in has matched the last raise: the betting is over, and the cards "
                "are shown. Ada's K♦ wins.")),
]


def poker_walkthrough_game(lang: str = "en") -> Injun:
    return demo_deal(POKER_CARDS, style="poker", lang=lang, starting_chips=100)


def _spectator(game: Injun) -> str:
    return table_picture(game, seat=None, width=44)


def brag_walkthrough(lang: str = "en") -> Walkthrough[Injun]:
    return Walkthrough(lambda: brag_walkthrough_game(lang), [(m, say(lang, c)) for m, c in BRAG_MOVES], _spectator,
                       lang=lang, intro=say(lang, N_("Ben deals; you sit on his left and bet first. Ada has only 3 "
                                                     "chips. Here every card is shown face up so you can follow; at "
                                                     "the table you would not see your own Q♠.")))


def poker_walkthrough(lang: str = "en") -> Walkthrough[Injun]:
    return Walkthrough(lambda: poker_walkthrough_game(lang), [(m, say(lang, c)) for m, c in POKER_MOVES], _spectator,
                       lang=lang, intro=say(lang, N_("Ben deals; you bet first. Everyone has 100 chips. All cards are "
                                                     "shown face up here.")))
