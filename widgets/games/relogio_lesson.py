"""The pieces of the Relógio lessons: the clock on show, the checks, two scripted deals and the
win rates over many deals, computed live (quickly: a lean play-out, checked against the engine
by tests/engine/test_relogio_hints.py)."""

from __future__ import annotations

import random

import ipywidgets as w

from engine.cards import parse_card, standard_52
from engine.dealing import stacked_pack
from engine.games.relogio import CENTRE, HOURS, Relogio, clock_deck, deal_piles, hour_label
from engine.games.relogio_ai import Layout, card_code, play_out, real_outcome
from engine.games.relogio_real import RelogioReal
from engine.i18n import N_, say
from engine.numerals import number
from widgets.card_svg import card_img_html, card_name
from widgets.page_style import Picture
from widgets.quiz import ChoiceQuiz, check_in
from widgets.stored_results import stored
from widgets.games.relogio_table import CLOCK_AREAS, hour_words
from widgets.table_html import esc
from widgets.walkthrough import Walkthrough

WORDS = [
    ("Relógio", "clock", "the game: the thirteen piles make a clock face"),
    ("Relógio Real", "royal clock", "the variant dealt face up"),
    ("paciência", "patience", "a card game for one player (a solitaire)"),
    ("monte", "pile", "each of the thirteen stacks of four cards"),
    ("hora", "hour", "the place of a pile on the clock: 1 to 12"),
    ("Ás, Valete, Dama, Rei", "Ace, Jack, Queen, King",
     "the Ace is 1 o'clock, the Jack 11, the Queen 12, the King the centre"),
    ("Curinga", "Joker", "not used: the pack is 52 cards"),
]


def names_html() -> w.HTML:
    """The seed's Portuguese words with their meanings."""
    rows = "".join(f"<tr><td><b>{esc(pt)}</b></td><td><i>{esc(en)}</i></td><td>{esc(note)}</td></tr>"
                   for pt, en, note in WORDS)
    return w.HTML(f"<table><tr><th>Portuguese</th><th>English</th><th></th></tr>{rows}</table>")


# ---- a picture of the clock (lessons and walkthroughs: plain HTML, nothing to click) ----

def _pile_html(cards: list[str | None], label: str, mark: bool = False, width: int = 30, lang: str = "en") -> str:
    pictures = "".join(f"<span style='margin-left:{0 if i == 0 else -width * 0.6}px'>"
                       f"{card_img_html(c, width, lang=lang)}</span>" for i, c in enumerate(cards))
    colour = "#ffd54a" if mark else "inherit"
    return (f"<div style='text-align:center'><div style='color:{colour};font-weight:{700 if mark else 400}'>"
            f"{'▶ ' if mark else ''}{esc(label)}</div>"
            f"<div style='white-space:nowrap'>{pictures or '&nbsp;'}</div></div>")


#: The clock face is 616 px wide: on a narrower page (a phone) it is drawn smaller, never cut at the edge.
CLOCK_PICTURE_CSS = """<style>
.rl-clock-box { container-type: inline-size; }
@container (max-width: 660px) { .rl-clock { zoom: .8; } }
@container (max-width: 540px) { .rl-clock { zoom: .56; } }
@container (max-width: 380px) { .rl-clock { zoom: .45; } }
</style>"""


def clock_html(piles: dict[int, list[str | None]], mark: int | None = None, side: str = "", lang: str = "en") -> str:
    """Thirteen piles (cards left to right, the top card last) on the clock face."""
    cells = "".join(f"<div style='grid-area:h{hour_label(h)}'>"
                    f"{_pile_html(piles[h], hour_label(h), h == mark, lang=lang)}</div>" for h in HOURS)
    areas = " ".join(line.strip() for line in CLOCK_AREAS.strip().splitlines())
    return (f"{CLOCK_PICTURE_CSS}<div class='rl-clock-box'><div class='parlour-table' "
            f"style='display:flex;flex-wrap:wrap;gap:14px;align-items:center'>"
            f"<div class='rl-clock' style='display:grid;grid-template-areas:{areas};"
            f"grid-template-columns:repeat(5,120px);gap:4px'>{cells}</div><div>{side}</div></div></div>")


def relogio_board(game: Relogio) -> str:
    """Face-up cards peeking out from under each pile, face-down cards as backs (in the game's language)."""
    lang = game.lang
    view = game.view(0)
    piles: dict[int, list[str | None]] = {p["hour"]: [*p["face_up"], *[None] * p["face_down"]] for p in view["piles"]}
    turned = view["pending"] or (view["last"] or {}).get("card")
    side = (f"{card_img_html(turned, 70, lang=lang)}<div class='parlour-sub'>{esc(say(lang, N_('just turned')))}"
            "</div>" if turned else "")
    side += ("<div class='parlour-sub'>" + esc(say(lang, N_("face up: {n} · Kings: {kings}"), n=view["face_up"],
                                                   kings=view["kings_up"])) + "</div>")
    return clock_html(piles, None if view["pending"] else view["current"], side, lang)


def real_board(game: RelogioReal) -> str:
    lang = game.lang
    view = game.view(0)
    piles: dict[int, list[str | None]] = {p["hour"]: list(reversed(p["cards"])) for p in view["piles"]}
    side = (f"{card_img_html(view['carried'], 70, lang=lang)}<div class='parlour-sub'>"
            f"{esc(say(lang, N_('in hand')))}</div>" if view["carried"] else "")
    side += ("<div class='parlour-sub'>" + esc(say(lang, N_("rounds removed: {n}"), n=len(view["removed"])))
             + "</div>")
    return clock_html(piles, view["target"], side, lang)


def deal_picture(lang: str = "en") -> Picture:
    """A fresh deal: 13 piles of 4 backs."""
    return Picture(relogio_board(Relogio(seed=1, lang=lang)))


# ---- checks ----

def hour_check(card: str = "JD", lang: str = "en") -> ChoiceQuiz:
    c = parse_card(card)
    right = hour_words(c.rank, lang)
    others = [x for x in (hour_words(h, lang) for h in (CENTRE, 11, 1, 12)) if x != right]
    return ChoiceQuiz(say(lang, N_("You turn the {card}. Under which pile does it go?"), card=c.symbol),
                      sorted([right, *others[:2]]), right,
                      say(lang, N_("The {card} belongs to {hour}: Ace 1, 2-10 their number, Jack 11, Queen 12, "
                                   "King the centre."), card=card_name(c, lang), hour=right), lang=lang)


def next_pile_check(lang: str = "en") -> ChoiceQuiz:
    return check_in(lang, N_("You turned the 5♠ from the centre and put it under 5 o'clock. Which card do you turn "
                           "next?"),
                  [N_("the next card of the centre"), N_("the top card of 5 o'clock"), N_("the top card of 6 o'clock")],
                  1, N_("You always carry on from the pile you just put a card under: here 5 o'clock."))


def own_hour_check(lang: str = "en") -> ChoiceQuiz:
    return check_in(lang, N_("At 8 o'clock you turn the 8♥. What now?"),
                  [N_("it goes under 8 o'clock and you turn 8 o'clock's next card"),
                   N_("you go back to the centre"), N_("the game is lost")], 0,
                  N_("A card of the pile's own hour goes under that same pile, and play stays there."))


def king_check(lang: str = "en") -> ChoiceQuiz:
    return check_in(lang, N_("You turn the fourth King while 9 cards are still face down (no swap left). What "
                           "happens?"),
                  [N_("you lose"), N_("you start again from the centre"), N_("you win")], 0,
                  N_("The fourth King goes to the centre, which has no face-down card left: play stops, "
                     "and a game with cards still face down is lost."))


def swap_check(lang: str = "en") -> ChoiceQuiz:
    return check_in(lang, N_("You turn the fourth King and may still swap it. Where should it go?"),
                  [N_("on top of a pile"), N_("at the bottom of a pile"), N_("it does not matter")], 1,
                  N_("That King ends the game the moment it is turned again. Above the bottom of a pile it comes "
                     "out before that pile's last card, so you cannot win; at the bottom it may be the very last."))


def real_start_check(lang: str = "en") -> ChoiceQuiz:
    return check_in(lang, N_("Relógio Real: 1 o'clock shows the A♠, 2 o'clock the 2♦, 3 o'clock the 9♣. Where do "
                           "you start?"),
                  [N_("1 o'clock"), N_("2 o'clock"), N_("3 o'clock")], 2,
                  N_("1 o'clock already shows its Ace, so you start at the first wrong pile clockwise: "
                     "2 is right too, 3 is wrong."))


def real_next_check(lang: str = "en") -> ChoiceQuiz:
    return check_in(lang, N_("You carry the 9♦, picked up at 4 o'clock. 5 o'clock shows the 5♣, 6 o'clock the J♠. "
                           "Where does the 9♦ go?"),
                  [N_("under 5 o'clock"), N_("under 6 o'clock"), N_("under 9 o'clock")], 1,
                  N_("It goes to the bottom of the next wrong pile clockwise: 5 o'clock is right, so you skip it; "
                     "then you pick up the J♠."))


# ---- the scripted Relógio deal ----
RELOGIO_PILES: dict[int | str, str] = {"K": "7H 3S", 7: "7C QD", 12: "KH", 3: "AD", 1: "9C"}
RELOGIO_MOVES = [
    ("turn", N_("Play starts in the centre. The 7♥ belongs to 7 o'clock: it goes face up under that pile.")),
    ("turn", N_("Now you turn the top card of 7 o'clock: the 7♣. It belongs right here, so it goes under "
                "this same pile and you turn the next one.")),
    ("turn", N_("The Queen is 12 o'clock.")),
    ("turn", N_("A King! Kings go to the centre. This is also the moment for the once-per-game swap.")),
    ("keep", N_("It is only the first King, so keep it and save the swap: the fourth King is the one that hurts.")),
    ("turn", N_("The King went under the centre, so the centre's next card comes up: the 3♠.")),
    ("turn", N_("At 3 o'clock: the A♦ goes to 1 o'clock.")),
    ("turn", N_("And so on, pile to pile, until the fourth King reaches the centre.")),
]


def relogio_walkthrough_game(lang: str = "en") -> Relogio:
    return Relogio(deck=clock_deck(RELOGIO_PILES), names=[say(lang, N_("You"))], lang=lang)


def relogio_walkthrough(lang: str = "en") -> Walkthrough[Relogio]:
    return Walkthrough(lambda: relogio_walkthrough_game(lang), [(m, say(lang, c)) for m, c in RELOGIO_MOVES],
                       relogio_board, lang=lang,
                       intro=say(lang, N_("The cards are dealt face down. Press Next to follow the first moves; "
                                          "the marked pile is the one you turn next.")))


# ---- the scripted Relógio Real deal ----
REAL_PILES: dict[int | str, str] = {1: "5D 2C", 2: "2S", 3: "9H", 4: "4C", 5: "JS", 6: "6H", 7: "QC", 8: "8D", 9: "9S",
              10: "KD", 11: "3H", 12: "QS", "K": "AH"}
REAL_MOVES = [
    ("move", N_("1 o'clock does not show its Ace, so you start there and pick up its top card.")),
    ("move", N_("The 5♦ goes to the bottom of the next wrong pile. 2 o'clock shows the 2♠, which is right, "
                "so you skip it.")),
    ("move", N_("4 o'clock is right too: the 9♥ goes under 5 o'clock.")),
    ("move", N_("6 o'clock shows its 6: skipped.")),
    ("move", N_("8 and 9 are right: the Queen goes under 10 o'clock.")),
    ("move", N_("The King goes under 11 o'clock and you pick up the 3♥.")),
    ("move", N_("12 o'clock is right, so after 12 comes the Kings' pile, K.")),
    ("move", N_("After K comes 1 o'clock again. The A♥ goes under it, to the bottom: its top card is now the 2♣, "
                "still wrong.")),
]


def real_walkthrough_game(lang: str = "en") -> RelogioReal:
    return RelogioReal(deck=clock_deck(REAL_PILES), names=[say(lang, N_("You"))], lang=lang)


def real_walkthrough(lang: str = "en") -> Walkthrough[RelogioReal]:
    return Walkthrough(lambda: real_walkthrough_game(lang), [(m, say(lang, c)) for m, c in REAL_MOVES], real_board,
                       lang=lang, intro=say(lang, N_("Every card is face up. Only the top card of a pile counts. "
                                                     "Press Next.")))


# ---- win rates over many deals, computed live ----

def _deal_ranks(seed: int, stream: str) -> Layout:
    piles = deal_piles(stacked_pack(standard_52(), None, seed, stream))
    return [[]] + [[c.rank for c in piles[h]] for h in HOURS]


def _random_slot_play_out(down: Layout, rng: random.Random) -> bool:
    """The measurement of docs/rules/relogio.md#examples: the swap on the 4th King, into a face-down slot chosen at
    random."""
    current, kings, swap = CENTRE, 0, True
    while down[current]:
        card = down[current].pop(0)
        slots = [(h, i) for h in HOURS for i in range(len(down[h]))]
        if card == CENTRE and kings == 3 and swap and slots:
            h, i = rng.choice(slots)
            card, down[h][i] = down[h][i], CENTRE
            swap = False
        kings += card == CENTRE
        current = card
    return not any(down)


#: How many deals the lessons count their win rates over: one figure, whichever lesson shows it.
WIN_RATE_DEALS = 2000


def win_rates(deals: int = WIN_RATE_DEALS) -> dict[str, float]:
    """Share of deals won: plain Clock, the swap on the 4th King (at random / by the rule of thumb),
    and Relógio Real, over the same seeded deals the games use."""
    rng = random.Random(0)
    wins = {"plain": 0, "swap_random": 0, "swap_bottom": 0, "real": 0}
    for seed in range(deals):
        down = _deal_ranks(seed, "relogio-deal")
        wins["plain"] += play_out([list(p) for p in down], CENTRE, 0, False)
        wins["swap_random"] += _random_slot_play_out([list(p) for p in down], rng)
        wins["swap_bottom"] += play_out([list(p) for p in down], CENTRE, 0, True)
        real = deal_piles(stacked_pack(standard_52(), None, seed, "relogio_real-deal"))
        wins["real"] += real_outcome([[]] + [[card_code(c) for c in real[h]] for h in HOURS], None, None, 0)[0]
    return {k: v / deals for k, v in wins.items()}


def win_rates_html(deals: int = WIN_RATE_DEALS, lang: str = "en") -> w.HTML:
    """The win rates over ``deals`` deals, as ``python -m widgets.stored_results`` played them.

    Both Relógio lessons call it without ``deals``, so they show the same numbers for the same games.
    """
    rates: dict[str, float] = stored(win_rates, deals=deals)
    t = lambda m, **f: esc(say(lang, m, **f))  # noqa: E731
    rows = [(N_("Relógio, no swap (plain Clock patience)"), "plain",
             say(lang, N_("1 in 13 ≈ {share}"), share=number(1 / 13, lang, ".1%"))),
            (N_("Relógio, the 4th King swapped into a random face-down card"), "swap_random",
             say(lang, N_("about {share}"), share=number(0.28, lang, ".0%"))),
            (N_("Relógio, the 4th King swapped to the bottom of the fullest pile"), "swap_bottom",
             say(lang, N_("better still"))),
            ("Relógio Real", "real", say(lang, N_("about {share}"), share=number(0.012, lang, ".1%")))]
    body = "".join(f"<tr><td>{t(name)}</td><td><b>{number(rates[key], lang, '.1%')}</b></td><td>{esc(expect)}</td>"
                   "</tr>" for name, key, expect in rows)
    count = f"{deals:,}" if lang == "en" else number(deals, lang, "d")  # English has always printed "2,000"
    return w.HTML(f"<table><tr><th>{t(N_('Game'))}</th><th>{t(N_('Won over {n} deals'), n=count)}</th>"
                  f"<th>{t(N_('Expected'))}</th></tr>{body}</table>")
