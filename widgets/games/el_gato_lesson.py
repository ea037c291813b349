"""The pieces of the El Gato lesson: the pack, the checks, a scripted guerra, and the luck shown."""

from __future__ import annotations

from collections import Counter
from statistics import mean, median


import engine
from engine.cards import SPANISH_SUITS, SUIT_NAMES, parse_card, spanish_40
from engine.dealing import stack_deck
from engine.games.el_gato import GATO, ElGato, card_words, rank_of
from engine import words
from engine.i18n import N_, say
from engine.numerals import number
from widgets.card_svg import card_img_html
from widgets.page_style import Picture
from widgets.quiz import CardPickQuiz, ChoiceQuiz, check_in
from widgets.stored_results import stored
from widgets.table_html import esc
from widgets.walkthrough import Walkthrough

SUIT_MEANINGS = {"Or": N_("oros: gold coins"), "Co": N_("copas: cups"), "Es": N_("espadas: swords"),
                 "Ba": N_("bastos: clubs")}


def pack_html(width: int = 40, lang: str = "en") -> Picture:
    """The 40 cards, one row per suit, with the gato picked out."""
    rows = []
    for suit in SPANISH_SUITS:
        cards = "".join(
            f"<span style='{'outline:3px solid #ffd54a;border-radius:6px;' if c == GATO else ''}"
            f"display:inline-block'>{card_img_html(c, width, lang=lang)}</span>"
            for c in spanish_40() if c.suit == suit)
        rows.append(f"<div><b>{esc(say(lang, SUIT_MEANINGS[suit]))}</b><br>{cards}</div>")
    return Picture("<div style='display:grid;gap:6px'>" + "".join(rows) + "</div>"
                   f"<div>{say(lang, N_('Outlined: the 5 de oros, the <b>gato</b> (cat).'))}</div>")


def said_card(card: str, lang: str = "en") -> str:
    """A card as the lesson's sentences name it: "Sota de espadas", "the gato (5 de oros)"."""
    c = parse_card(card)
    return card_words(c) if lang == "en" else say(lang, N_("the gato ({card})"), card=c.name) if c == GATO else c.name


def suit_names() -> list[str]:
    return [SUIT_NAMES[s] for s in SPANISH_SUITS]


def winner_of(cards: list[str], ace_high: bool = False) -> str | None:
    """The card that takes a trick of these cards, or None when the highest ties (a guerra)."""
    ranks = [rank_of(parse_card(c), ace_high) for c in cards]
    top = max(ranks)
    return cards[ranks.index(top)] if ranks.count(top) == 1 else None


def trick_check(cards: tuple[str, ...] = ("9Or", "10Es", "1Co", "5Ba"), lang: str = "en") -> CardPickQuiz:
    """"Click the card that takes this trick": the Sota, not the 9 of gold coins."""
    best = winner_of(list(cards))

    def judge(card: str) -> tuple[bool, str]:
        if card == best:
            return True, say(lang, N_("{card} is the highest card here, so it takes the trick."),
                             card=said_card(card, lang))
        return False, say(lang, N_("{card} is lower than {best}: suits do not matter."), card=said_card(card, lang),
                          best=said_card(best or card, lang))
    return CardPickQuiz(say(lang, N_("Four players turn these cards. Click the card that takes the trick.")), cards,
                        judge, lang=lang)


def gato_check(lang: str = "en") -> ChoiceQuiz:
    return check_in(lang, N_("One player turns the Sota de espadas, another the 5 de oros. Who takes the trick?"),
                  [N_("The Sota"), N_("The 5 de oros"), N_("It is a guerra")], 1,
                  N_("The 5 de oros is the gato: it beats every card, even a Sota."))


def guerra_check(lang: str = "en") -> ChoiceQuiz:
    """The example of docs/rules/el_gato.md#examples: 7 against 7, then 3 against 9."""
    return check_in(lang, N_("Two players. Ada turns a 7 and Ben turns a 7: guerra! Then Ada turns a 3 and Ben a 9. "
                           "Ben takes all four cards. In what order do they go under his packet?"),
                  ["9, 3, 7, 7", "7, 7, 3, 9", "7, 3, 7, 9"], 1,
                  N_("In the order they were played: Ada's 7, Ben's 7, Ada's 3, Ben's 9."))


def safe_check(lang: str = "en") -> ChoiceQuiz:
    return check_in(lang, N_("Four players. Cleo turns her last card, a 2, and Dev's Sota takes the trick. What "
                           "happens to Cleo?"),
                  [N_("She is out and safe"), N_("She must take a card from Dev"), N_("She loses")], 0,
                  N_("An empty packet outside a guerra means you are safe: you can no longer lose."))


def dealing_demo(players: int = 4, seed: int = 7, lang: str = "en") -> list[str]:
    """The first lines of a seeded game: the draw for the deal, and the deal itself."""
    game = engine.new_game("el_gato", players=players, seed=seed,
                           names=[say(lang, N_("You")), "Ada", "Ben", "Cleo"][:players], lang=lang)
    return [e.text for e in game.events]


# ---- the scripted deal of the walkthrough ----
# Two players; Ada deals, so you turn first. The packets are stacked so that the first
# tricks show a plain trick, the gato, a guerra (7 against 7, then 3 against 9), and the
# winner leading the next trick.
WALK_YOU = "4Co 10Es 7Co 3Es 5Or 1Or 1Co 1Es 1Ba 2Or 2Co 2Es 2Ba 3Or 3Co 3Ba 4Or 4Es 4Ba 5Co"
WALK_ADA = "8Ba 9Co 7Ba 9Or 10Co 6Or 6Co 6Es 6Ba 7Or 7Es 8Or 8Co 8Es 9Es 9Ba 10Or 10Ba 5Es 5Ba"
WALK_MOVES = [
    ("play", N_("You sit on Ada's left, so you turn first: the 4 de copas.")),
    ("play", N_("Ada's 8 beats your 4: she takes both cards and puts them under her packet, your 4 first.")),
    ("play", N_("Ada won the last trick, so she leads this one: a 9.")),
    ("play", N_("Your Sota is the highest card in the pack after the gato: the trick is yours.")),
    ("play", N_("You won, so you lead: the 7 de copas…")),
    ("play", N_("…and Ada turns a 7 too. A tie for the highest card: guerra! The two 7s are set aside.")),
    ("play", N_("A new trick decides the guerra. You turn a 3…")),
    ("play", N_("…and Ada a 9. She takes all four cards, in the order they were played: 7, 7, 3, 9.")),
    ("play", N_("Ada leads: a Sota. Surely she wins this one?")),
    ("play", N_("No: your card is the 5 de oros, the gato. It beats everything, even a Sota.")),
]


def walkthrough_game(lang: str = "en") -> ElGato:
    game = engine.new_game("el_gato", players=2, seed=2024, first_dealer=1, names=[say(lang, N_("You")), "Ada"],
                           deck=stack_deck([WALK_YOU, WALK_ADA], first=0), lang=lang)
    assert isinstance(game, ElGato)
    return game


def board_html(game: ElGato) -> str:
    """Both packets face up (a demonstration: in the game nobody sees them), and the table (in its language)."""
    lang = game.lang
    rows = []
    for seat in range(game.players):
        mark = "▶ " if game.current_player == seat else ""
        cards = "".join(card_img_html(c, 30, lang=lang) for c in game.deal.packets[seat][:12])
        more = f" … +{len(game.deal.packets[seat]) - 12}" if len(game.deal.packets[seat]) > 12 else ""
        size = len(game.deal.packets[seat])
        held = say(lang, words.agreeing(size, N_("{n} card, top first"), N_("{n} cards, top first")), n=size)
        rows.append(f"<div class='parlour-seat'><span class='parlour-seat-name'>{mark}{esc(game.names[seat])}"
                    f"</span> · {esc(held)}<br>{cards}{more}</div>")
    middle = "".join(card_img_html(c, 56, lang=lang) for _, c in game.deal.aside + game.deal.trick)
    if not middle and game.last_trick is not None:
        middle = "".join(card_img_html(c, 56, lang=lang)
                         for _, c in game.last_trick["aside"] + game.last_trick["plays"])
    return (f"<div class='parlour-table' style='display:flex;gap:16px;align-items:center'>"
            f"<div>{''.join(rows)}</div><div style='text-align:center;min-width:130px'>{middle}</div></div>")


def walkthrough(lang: str = "en") -> Walkthrough[ElGato]:
    return Walkthrough(lambda: walkthrough_game(lang), [(m, say(lang, c)) for m, c in WALK_MOVES], board_html,
                       lang=lang, intro=say(lang, N_("Ada has dealt 20 cards each. Here both packets are shown face "
                                                     "up, top card first, so you can see what is coming. In a real "
                                                     "game nobody can. Press Next.")))


# ---- pure luck, shown ----

def play_out(players: int, seed: int) -> ElGato:
    game = engine.new_game("el_gato", players=players, seed=seed)
    assert isinstance(game, ElGato)
    while not game.is_over:
        game.apply("play")
    return game


def luck_report(games: int = 300, players: int = 4, first_seed: int = 1) -> dict[str, object]:
    """Play ``games`` seeded games to the end: their lengths, who lost, and how many were draws."""
    lengths, losers, draws = [], Counter[int](), 0
    for seed in range(first_seed, first_seed + games):
        game = play_out(players, seed)
        lengths.append(game.deal.rounds)
        if game.deal.loser is None:
            draws += 1
        else:
            losers[(game.deal.loser - game.dealer - 1) % players] += 1  # counted from the first player
    return {"games": games, "players": players, "lengths": lengths, "losers": losers, "draws": draws}


def luck_numbers(games: int = 300, players: int = 4, first_seed: int = 1) -> dict[str, object]:
    """:func:`luck_report` as plain numbers (losers as a list by seat), as the stored file keeps it."""
    report = luck_report(games, players, first_seed)
    losers: Counter[int] = report["losers"]  # type: ignore[assignment]
    return {**report, "losers": [losers[p] for p in range(players)]}


def stored_luck_report(games: int = 200, players: int = 4) -> dict[str, object]:
    """The lesson's survey, played once by ``python -m widgets.stored_results`` (seconds of play)."""
    report: dict[str, object] = stored(luck_numbers, games=games, players=players)
    return report


def luck_html(report: dict[str, object], lang: str = "en") -> Picture:
    """A histogram of game lengths and a table of who lost, by position at the table."""
    lengths = sorted(report["lengths"])  # type: ignore[call-overload]
    losers: Counter[int] | list[int] = report["losers"]  # type: ignore[assignment]  # by seat either way
    players: int = report["players"]  # type: ignore[assignment]
    t = lambda m, **f: say(lang, m, **f)  # noqa: E731  (the figures are numbers: nothing to escape)
    step = 100
    buckets = Counter(min(n // step, 10) for n in lengths)
    most = max(buckets.values())
    bars = "".join(
        f"<tr><td>{k * step}–{k * step + step - 1 if k < 10 else '…'}</td>"
        f"<td><div style='background:#2f7d4f;height:12px;width:{3 * buckets[k] * 100 // most}px'></div></td>"
        f"<td>{buckets[k]}</td></tr>" for k in range(11) if buckets[k])
    later = (N_("{n} seat later"), N_("{n} seats later"))
    who = "".join(f"<tr><td>{t(N_('first to play')) if p == 0 else t(words.agreeing(p, *later), n=p)}</td>"
                  f"<td>{losers[p]}</td></tr>" for p in range(players))
    head = t(N_("<b>{games} games of {players} players</b>: median {median} tricks, mean {mean}, shortest "
                "{shortest}, longest {longest}; {draws} draws."), games=report["games"], players=players,
             median=number(median(lengths), lang, ".0f"), mean=number(mean(lengths), lang, ".0f"),
             shortest=lengths[0], longest=lengths[-1], draws=report["draws"])
    return Picture(
        f"<div class='parlour-panel'>{head}<table><tr><th>{t(N_('tricks'))}</th><th></th><th>{t(N_('games'))}</th>"
        f"</tr>{bars}</table><br>{t(N_('<b>Who lost</b>, by where they sat:'))}<table>{who}</table></div>")
