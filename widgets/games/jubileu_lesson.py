"""The pieces of the Jubileu lessons (English and Portuguese): pictures, checks and a scripted deal.

Every answer a check marks right or wrong comes from the engine (the overcall rule, the
duty of the Ace holder, the callable Aces, the trick winner, the payments), so the lessons
cannot drift from the rules. Every function takes ``lang`` ("en" or "pt"); the words come
from the same gettext catalog as the table's.
"""

from __future__ import annotations

from typing import Any


from engine import tricks
from engine.cards import parse_card
from engine.games.jubileu import BIDS, LADDER, SUIT_WORDS, Jubileu, deck_for, overcall_problem, settle
from engine.i18n import N_, say
from widgets.card_svg import card_img_html
from widgets.page_style import Picture
from widgets.games.jubileu_table import JubileuTable
from widgets.quiz import CardPickQuiz, ChoiceQuiz
from widgets.session import BOT_NAMES
from widgets.table_html import esc
from widgets.walkthrough import Walkthrough


def names(lang: str) -> list[str]:
    return [say(lang, N_("You")), *BOT_NAMES[:3]]


def game(hands: dict[int, str], moves: list[str] | tuple[str, ...] = (), dealer: int = 3, ultima: str | None = None,
         lang: str = "en") -> Jubileu:
    """A deal with these cards in these seats (seat 0 is you), ``moves`` already made."""
    g = Jubileu(seed=1, deck=deck_for(hands, dealer, ultima), first_dealer=dealer, deals=1, names=names(lang),
                lang=lang)
    for move in moves:
        g.apply(move)
    return g


class Check(ChoiceQuiz):
    """A question with a few answers, in the lesson's language."""

    def __init__(self, lang: str, question: str, choices: list[str], answer: str, explanation: str) -> None:
        super().__init__(question, choices, answer, explanation, lang=lang)


# ---- the table and the deal -------------------------------------------------------------------

def anticlockwise_html(lang: str = "en") -> Picture:
    """Four seats round a table, the dealer, who speaks first and the direction of play."""
    t = lambda m, **f: esc(say(lang, m, **f))  # noqa: E731
    you, ada, ben, cleo = names(lang)
    seat = ("<div class='parlour-seat' style='position:absolute;transform:translate(-50%,-50%);left:{x}px;top:{y}px;"
            "text-align:center;min-width:110px'><b>{name}</b><div class='parlour-sub'>{note}</div></div>")
    parts = [seat.format(x=280, y=235, name=esc(you), note=t(N_("speaks and plays first"))),
             seat.format(x=470, y=130, name=esc(ada), note=t(N_("second: on your right"))),
             seat.format(x=280, y=35, name=esc(ben), note=t(N_("third"))),
             seat.format(x=95, y=130, name=esc(cleo), note=t(N_("dealer: receives the last card")))]
    arrow = (f"<div style='position:absolute;left:280px;top:125px;transform:translate(-50%,-50%);font-size:54px'>↺"
             f"</div><div style='position:absolute;left:280px;top:172px;transform:translate(-50%,-50%);"
             f"font-size:13px'>{t(N_('anticlockwise'))}</div>")
    return Picture(f"<div class='parlour-table' style='position:relative;width:560px;height:270px;"
                  "box-sizing:border-box;padding:0'>"
                  f"{''.join(parts)}{arrow}</div>")


def demo_deal(lang: str = "en", seed: int = 7) -> Jubileu:
    return Jubileu(seed=seed, first_dealer=3, deals=1, names=names(lang), lang=lang)


def deal_html(g: Jubileu, lang: str = "en") -> Picture:
    """Your 13 cards and the última the dealer shows."""
    view = g.view(0)
    hand = "".join(card_img_html(c, 46, lang=lang) for c in view["hand"])
    u = view["ultima"]
    return Picture(f"<div class='parlour-table' style='display:flex;gap:24px;align-items:center;"
                  f"flex-wrap:wrap'><div><div class='parlour-sub'>{esc(say(lang, N_('Your hand')))}</div>{hand}</div>"
                  f"<div style='text-align:center'><div class='parlour-sub'>"
                  f"{esc(say(lang, N_('A última (the dealer’s last card)')))}</div>"
                  f"{card_img_html(u['card'], 56, lang=lang)}</div>"
                  "</div>")


def ultima_check(g: Jubileu, lang: str = "en") -> Check:
    view = g.view(0)
    suit = tricks.SUIT_INDEX[view["ultima"]["suit"]]
    choices = [say(lang, SUIT_WORDS[s]) for s in range(4)]
    answer = say(lang, SUIT_WORDS[suit])
    why = say(lang, N_("The dealer's last card is {card}: its suit is trump in every bid \"da Última\"."),
              card=parse_card(view["ultima"]["card"]).symbol)
    return Check(lang, say(lang, N_("If this deal is played as Jubileu da Última, which suit is trump?")), choices,
                 answer, why)


# ---- the ladder and the overcalls --------------------------------------------------------------

def ladder_html(lang: str = "en", highlight: tuple[str, ...] = ()) -> Picture:
    """The 17 levels, lowest first, each with its bids, the tricks they promise and their chips. The levels
    wrap onto as many rows as the page needs (about two on a laptop, six on a phone): no sideways scroll."""
    t = lambda m, **f: esc(say(lang, m, **f))  # noqa: E731
    levels: dict[int, list[str]] = {}
    for b in LADDER:
        levels.setdefault(b.level, []).append(b.key)
    cols = []
    for level, keys in levels.items():
        bids = "".join(
            f"<div style='background:{'#ffd54a' if k in highlight else '#f4f1e8'};color:#1f3a28;border-radius:4px;"
            f"margin:2px 0;padding:2px 3px;font-size:11px;line-height:1.15'><b>{esc(BIDS[k].name)}</b><br>"
            f"{_promise(BIDS[k].key, lang)}</div>" for k in keys)
        cols.append(f"<div style='width:100px'><div class='parlour-sub' style='line-height:1.2;font-size:12px'>"
                    f"<span style='font-weight:700'>{t(N_('level {n}'), n=level)}</span><br>{BIDS[keys[0]].chips} "
                    f"{t(N_('chips'))}</div>{bids}</div>")
    return Picture(f"<div class='parlour-table' data-testid='bid-ladder' style='display:flex;"
                  f"flex-wrap:wrap;max-width:980px;gap:8px 4px;align-items:flex-start'>{''.join(cols)}</div>")


def _promise(key: str, lang: str) -> str:
    bid = BIDS[key]
    if key == "meia-miseria":
        return esc(say(lang, N_("exactly 1 trick, no trump")))
    if bid.misere:
        return esc(say(lang, N_("no trick")) + (" · " + say(lang, N_("hand shown")) if bid.open else ""))
    text = say(lang, N_("{n}+ tricks"), n=bid.tricks)
    if bid.partner:
        text += " · " + say(lang, N_("with a partner"))
    return esc(text)


def overcall_check(standing: str, new: str, lang: str = "en") -> Check:
    """"Can Meia Miséria follow Solo Oito?" — answered by the engine's overcall rule."""
    problem = overcall_problem(standing, new)
    yes, no = say(lang, N_("Yes")), say(lang, N_("No"))
    old, bid = BIDS[standing], BIDS[new]
    if problem is None:
        why = say(lang, N_("{new} (level {new_level}) may follow {old} (level {old_level})."), new=bid.name,
                  old=old.name, new_level=bid.level, old_level=old.level)
        if bid.level == old.level:
            why += " " + say(lang, N_("It is one of the two exceptions: the \"da Última\" bid beats its plain twin."))
    else:
        why = say(lang, problem, new=bid.name, old=old.name, new_level=bid.level, old_level=old.level)
    return Check(lang, say(lang, N_("{old} stands. May the next player bid {new}?"), old=old.name, new=bid.name),
                 [yes, no], yes if problem is None else no, why)


def duty_check(lang: str = "en") -> Check:
    """The Jogo Obrigatório duty: 3 Aces and Solo Sete standing."""
    g = game({1: "AS AH AD"}, ["bid solo-7"], lang=lang)
    ok = "pass" in g.view(1)["legal"]
    return Check(lang, say(lang, N_("Ada holds A♠ A♥ A♦. You bid Solo Sete. May Ada pass?")),
                 [say(lang, N_("Yes")), say(lang, N_("No"))], say(lang, N_("Yes")) if ok else say(lang, N_("No")),
                 g.why_illegal("pass", 1) or "")


# ---- calling a partner, Espirra -----------------------------------------------------------------

CALL_HANDS = {0: "AC 10C 9C KH QH 5D 4D 3D KS QS JS 9S 8S", 1: "AH", 2: "AS", 3: "AD"}


def call_game(lang: str = "en") -> Jubileu:
    """You won the auction with Jubileu and named spades trump: now call an Ace."""
    return game(CALL_HANDS, ["bid jubileu", "pass", "pass", "pass", "trump S"], lang=lang)


def call_check(lang: str = "en") -> CardPickQuiz:
    g = call_game(lang)
    aces = ["AS", "AH", "AD", "AC"]

    def judge(card: str) -> tuple[bool, str]:
        why = g.why_illegal(f"call {card}", 0)
        if why is None:
            return True, say(lang, N_("You may call {card}: you do not hold it and it is not trump."),
                             card=parse_card(card).symbol)
        return False, why
    question = say(lang, N_("Spades are trump and you hold A♣. Which Aces may you call? Click each one."))
    return CardPickQuiz(esc(question), aces, judge, lang=lang)


ESPIRRA_HANDS = {0: "2C 3C 4C KS QS JS 10S KH QH JH 5D 4D 3D", 1: "AH 5C 6C", 2: "AS 2H 3H 4H 5H 6H 7H 8H 9H 10H",
                 3: "AD AC"}
ESPIRRA_MOVES = [("bid jubileu", N_("You open with Jubileu: seven tricks with a partner you will choose by an Ace.")),
                 ("pass", N_("Ada passes. A pass is final: she will not speak again in this auction.")),
                 ("pass", N_("Ben passes.")),
                 ("pass", N_("Cleo, the dealer, passes: everyone else has passed since your bid, so you won it.")),
                 ("trump S", N_("You name spades trump: your longest suit.")),
                 ("call AH", N_("You call the A♥. Its holder is your partner, but nobody says who: it is Ada, and "
                                "only she knows.")),
                 ("espirra", N_("You say \"Espirra\"! Whoever holds the A♥ must play it at the next turn.")),
                 ("play 2C", N_("You lead a small club.")),
                 ("play AH", N_("Ada holds clubs, but the order comes first: she plays the A♥ and shows herself as "
                                "your partner.")),
                 ("play AS", N_("Ben has no clubs and ruffs with the Ace of trumps…")),
                 ("play AC", N_("…and Cleo plays her A♣. The espirra Ace beats them all, even the trump Ace: Ada wins "
                                "the trick."))]


def espirra_game(lang: str = "en") -> Jubileu:
    return game(ESPIRRA_HANDS, ultima="KD", lang=lang)


def board_html(g: Jubileu, lang: str = "en") -> str:
    """Every hand face up, the contract, the trick: the walkthrough's table."""
    view = g.view(0)
    t = lambda m, **f: esc(say(lang, m, **f))  # noqa: E731
    rows = []
    for seat in range(4):
        mark = "▶ " if g.current_player == seat else ""
        cards = "".join(card_img_html(c, 30, lang=lang) for c in g.view(seat)["hand"])
        rows.append(f"<div class='parlour-seat'><span class='parlour-seat-name'>{mark}{esc(g.names[seat])}</span>"
                    f"{' · ' + t(N_('Dealer')) if seat == view['dealer'] else ''} · {t(N_('tricks'))} "
                    f"{view['tricks_won'][seat]}<br>{cards}</div>")
    trick = view["trick"]
    label = ""
    if not trick and view["last_trick"]:
        last = view["last_trick"]
        trick = list(zip(last["seats"], last["cards"]))
        label = say(lang, N_("{who} won the last trick"), who=g.names[last["winner"]])
    played = "".join(f"<div style='display:inline-block;text-align:center'>{card_img_html(c, 48, lang=lang)}"
                     f"<div class='parlour-sub'>{esc(g.names[s])}</div></div>" for s, c in trick)
    contract = BIDS[view["contract"]].name if view["contract"] else say(lang, N_("Auction"))
    trump = view["trump"]
    suit = say(lang, SUIT_WORDS[tricks.SUIT_INDEX[trump]]) if trump else "—"
    return (f"<div class='parlour-table' style='display:flex;gap:14px;align-items:center;flex-wrap:wrap'>"
            f"<div>{''.join(rows)}</div><div style='text-align:center;min-width:220px'>"
            f"<div><b>{esc(contract)}</b> · {t(N_('Trump: {suit}'), suit=suit)}</div>"
            f"<div class='parlour-sub'>{esc(label)}</div>{played}</div></div>")


class LessonWalkthrough(Walkthrough[Jubileu]):
    """The shared walkthrough of the Espirra deal, its notes in the lesson's language."""

    def __init__(self, lang: str, moves: list[tuple[str, str]], intro: str) -> None:
        super().__init__(lambda: espirra_game(lang), [(m, say(lang, c)) for m, c in moves],
                         lambda g: board_html(g, lang), intro, lang=lang)


def espirra_walkthrough(lang: str = "en") -> LessonWalkthrough:
    return LessonWalkthrough(lang, ESPIRRA_MOVES, say(lang, N_(
        "All four hands are shown face up so you can follow. Cleo dealt; her last card, the K♦, is the última. "
        "Press Next.")))


def trick_winner_check(lang: str = "en") -> Check:
    """After the Espirra trick: who won it?"""
    g = game(ESPIRRA_HANDS, [m for m, _ in ESPIRRA_MOVES], ultima="KD", lang=lang)
    winner = g.view(0)["last_trick"]["winner"]
    who = names(lang)
    return Check(lang, say(lang, N_("Trump ♠. Clubs led, Ada plays the called A♥ under Espirra, Ben ruffs with A♠, "
                                    "Cleo plays A♣. Who wins the trick?")), who[1:], who[winner],
                 say(lang, N_("The espirra Ace beats every card, trumps included.")))


# ---- payments -------------------------------------------------------------------------------------

def payment_check(lang: str = "en") -> Check:
    """Seed: Solo Nove made with 7 tricks costs 4 + 1 to each opponent."""
    pays = settle("solo-9", 0, None, [7, 2, 2, 2])
    total = sum(p.chips for p in pays)
    each = pays[0].chips
    choices = [str(n) for n in (8, 12, 15, 18)]
    return Check(lang, say(lang, N_("You bid Solo Nove (4 chips) and take only 7 tricks. How many chips do you pay "
                                    "in all?")), choices, str(total),
                 say(lang, N_("Two tricks short: the 4 chips, plus 1 for the trick short beyond the first, to each of "
                              "the three: {each} × 3 = {total}."), each=each, total=total))


def partnership_payment_check(lang: str = "en") -> Check:
    pays = settle("jubileu", 0, 1, [5, 4, 2, 2])
    each = pays[0].chips
    return Check(lang, say(lang, N_("You and Ada make Jubileu with 9 tricks. How many chips does Ben pay you?")),
                 ["2", "4", "6"], str(each),
                 say(lang, N_("2 chips for Jubileu plus 1 for each of the 2 tricks over: {n}. Ben pays you and Cleo "
                              "pays Ada."), n=each))


# ---- the game ----------------------------------------------------------------------------------

def play_table(lang: str = "en", **options: Any) -> JubileuTable:
    options.setdefault("deals", 2)
    return JubileuTable(lang=lang, **options)


__all__ = ["anticlockwise_html", "call_check", "deal_html", "demo_deal", "duty_check", "espirra_walkthrough",
           "ladder_html", "overcall_check", "partnership_payment_check", "payment_check", "play_table",
           "trick_winner_check", "ultima_check"]
