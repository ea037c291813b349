"""The pieces of the El Gato lesson: the pack, the checks, a scripted guerra, and the luck shown."""

from __future__ import annotations

from collections import Counter
from statistics import mean, median


import engine
from engine.cards import SPANISH_SUITS, SUIT_NAMES, parse_card, spanish_40
from engine.dealing import stack_deck
from engine.games.el_gato import GATO, ElGato, card_words, rank_of
from engine import words
from widgets.card_svg import card_img_html
from widgets.page_style import Picture
from widgets.quiz import CardPickQuiz, ChoiceQuiz
from widgets.stored_results import stored
from widgets.table_html import esc
from widgets.walkthrough import Walkthrough

SUIT_MEANINGS = {"Or": "oros: gold coins", "Co": "copas: cups", "Es": "espadas: swords", "Ba": "bastos: clubs"}


def pack_html(width: int = 40) -> Picture:
    """The 40 cards, one row per suit, with the gato picked out."""
    rows = []
    for suit in SPANISH_SUITS:
        cards = "".join(
            f"<span style='{'outline:3px solid #ffd54a;border-radius:6px;' if c == GATO else ''}"
            f"display:inline-block'>{card_img_html(c, width)}</span>"
            for c in spanish_40() if c.suit == suit)
        rows.append(f"<div><b>{esc(SUIT_MEANINGS[suit])}</b><br>{cards}</div>")
    return Picture("<div style='display:grid;gap:6px'>" + "".join(rows) + "</div>"
                  "<div>Outlined: the 5 de oros, the <b>gato</b> (cat).</div>")


def suit_names() -> list[str]:
    return [SUIT_NAMES[s] for s in SPANISH_SUITS]


def winner_of(cards: list[str], ace_high: bool = False) -> str | None:
    """The card that takes a trick of these cards, or None when the highest ties (a guerra)."""
    ranks = [rank_of(parse_card(c), ace_high) for c in cards]
    top = max(ranks)
    return cards[ranks.index(top)] if ranks.count(top) == 1 else None


def trick_check(cards: tuple[str, ...] = ("9Or", "10Es", "1Co", "5Ba")) -> CardPickQuiz:
    """"Click the card that takes this trick": the Sota, not the 9 of gold coins."""
    best = winner_of(list(cards))

    def judge(card: str) -> tuple[bool, str]:
        c = parse_card(card)
        if card == best:
            return True, f"{card_words(c)} is the highest card here, so it takes the trick."
        return False, f"{card_words(c)} is lower than {card_words(parse_card(best or card))}: suits do not matter."
    return CardPickQuiz("Four players turn these cards. Click the card that takes the trick.", cards, judge)


def gato_check() -> ChoiceQuiz:
    return ChoiceQuiz("One player turns the Sota de espadas, another the 5 de oros. Who takes the trick?",
                      ["The Sota", "The 5 de oros", "It is a guerra"], "The 5 de oros",
                      "The 5 de oros is the gato: it beats every card, even a Sota.")


def guerra_check() -> ChoiceQuiz:
    """The example of docs/rules/el_gato.md#examples: 7 against 7, then 3 against 9."""
    right = "7, 7, 3, 9"
    return ChoiceQuiz("Two players. Ada turns a 7 and Ben turns a 7: guerra! Then Ada turns a 3 and Ben a 9. "
                      "Ben takes all four cards. In what order do they go under his packet?",
                      ["9, 3, 7, 7", right, "7, 3, 7, 9"], right,
                      "In the order they were played: Ada's 7, Ben's 7, Ada's 3, Ben's 9.")


def safe_check() -> ChoiceQuiz:
    return ChoiceQuiz("Four players. Cleo turns her last card, a 2, and Dev's Sota takes the trick. What happens "
                      "to Cleo?", ["She is out and safe", "She must take a card from Dev", "She loses"],
                      "She is out and safe",
                      "An empty packet outside a guerra means you are safe: you can no longer lose.")


def dealing_demo(players: int = 4, seed: int = 7) -> list[str]:
    """The first lines of a seeded game: the draw for the deal, and the deal itself."""
    game = engine.new_game("el_gato", players=players, seed=seed, names=["You", "Ada", "Ben", "Cleo"][:players])
    return [e.text for e in game.events]


# ---- the scripted deal of the walkthrough ----
# Two players; Ada deals, so you turn first. The packets are stacked so that the first
# tricks show a plain trick, the gato, a guerra (7 against 7, then 3 against 9), and the
# winner leading the next trick.
WALK_YOU = "4Co 10Es 7Co 3Es 5Or 1Or 1Co 1Es 1Ba 2Or 2Co 2Es 2Ba 3Or 3Co 3Ba 4Or 4Es 4Ba 5Co"
WALK_ADA = "8Ba 9Co 7Ba 9Or 10Co 6Or 6Co 6Es 6Ba 7Or 7Es 8Or 8Co 8Es 9Es 9Ba 10Or 10Ba 5Es 5Ba"
WALK_MOVES = [
    ("play", "You sit on Ada's left, so you turn first: the 4 de copas."),
    ("play", "Ada's 8 beats your 4: she takes both cards and puts them under her packet, your 4 first."),
    ("play", "Ada won the last trick, so she leads this one: a 9."),
    ("play", "Your Sota is the highest card in the pack after the gato: the trick is yours."),
    ("play", "You won, so you lead: the 7 de copas…"),
    ("play", "…and Ada turns a 7 too. A tie for the highest card: guerra! The two 7s are set aside."),
    ("play", "A new trick decides the guerra. You turn a 3…"),
    ("play", "…and Ada a 9. She takes all four cards, in the order they were played: 7, 7, 3, 9."),
    ("play", "Ada leads: a Sota. Surely she wins this one?"),
    ("play", "No: your card is the 5 de oros, the gato. It beats everything, even a Sota."),
]


def walkthrough_game() -> ElGato:
    game = engine.new_game("el_gato", players=2, seed=2024, first_dealer=1, names=["You", "Ada"],
                           deck=stack_deck([WALK_YOU, WALK_ADA], first=0))
    assert isinstance(game, ElGato)
    return game


def board_html(game: ElGato) -> str:
    """Both packets face up (a demonstration: in the game nobody sees them), and the table."""
    rows = []
    for seat in range(game.players):
        mark = "▶ " if game.current_player == seat else ""
        cards = "".join(card_img_html(c, 30) for c in game.deal.packets[seat][:12])
        more = f" … +{len(game.deal.packets[seat]) - 12}" if len(game.deal.packets[seat]) > 12 else ""
        rows.append(f"<div class='parlour-seat'><span class='parlour-seat-name'>{mark}{esc(game.names[seat])}"
                    f"</span> · {words.count(len(game.deal.packets[seat]), 'card')}, top first<br>{cards}{more}</div>")
    middle = "".join(card_img_html(c, 56) for _, c in game.deal.aside + game.deal.trick)
    if not middle and game.last_trick is not None:
        middle = "".join(card_img_html(c, 56) for _, c in game.last_trick["aside"] + game.last_trick["plays"])
    return (f"<div class='parlour-table' style='display:flex;gap:16px;align-items:center'>"
            f"<div>{''.join(rows)}</div><div style='text-align:center;min-width:130px'>{middle}</div></div>")


def walkthrough() -> Walkthrough[ElGato]:
    return Walkthrough(walkthrough_game, WALK_MOVES, board_html,
                       intro="Ada has dealt 20 cards each. Here both packets are shown face up, top card "
                             "first, so you can see what is coming. In a real game nobody can. Press Next.")


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


def luck_html(report: dict[str, object]) -> Picture:
    """A histogram of game lengths and a table of who lost, by position at the table."""
    lengths = sorted(report["lengths"])  # type: ignore[call-overload]
    losers: Counter[int] | list[int] = report["losers"]  # type: ignore[assignment]  # by seat either way
    players: int = report["players"]  # type: ignore[assignment]
    step = 100
    buckets = Counter(min(n // step, 10) for n in lengths)
    most = max(buckets.values())
    bars = "".join(
        f"<tr><td>{k * step}–{k * step + step - 1 if k < 10 else '…'}</td>"
        f"<td><div style='background:#2f7d4f;height:12px;width:{3 * buckets[k] * 100 // most}px'></div></td>"
        f"<td>{buckets[k]}</td></tr>" for k in range(11) if buckets[k])
    who = "".join(f"<tr><td>{'first to play' if p == 0 else words.count(p, 'seat') + ' later'}</td>"
                  f"<td>{losers[p]}</td></tr>" for p in range(players))
    return Picture(
        f"<div class='parlour-panel'><b>{report['games']} games of {players} players</b>: "
        f"median {median(lengths):.0f} tricks, mean {mean(lengths):.0f}, shortest {lengths[0]}, "
        f"longest {lengths[-1]}; {report['draws']} draws.<table><tr><th>tricks</th><th></th><th>games</th></tr>"
        f"{bars}</table><br><b>Who lost</b>, by where they sat:<table>{who}</table></div>")
