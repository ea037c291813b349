"""The pieces of the Jabberwocky lesson: the checks, the positions and the scripted round.

Every answer a check marks right or wrong comes from the engine (the hook, the legal
cards, the trick winner, the points), so the lesson cannot drift from the rules.
"""

from __future__ import annotations

from typing import Sequence

import ipywidgets as w

from engine import tricks
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, parse_card, parse_cards, standard_52
from engine.dealing import stack_deck
from engine.games.jabberwocky import FULL_SCHEDULE, RULES, Jabberwocky, forbidden_bid, round_points
from engine import words
from widgets.card_svg import card_img_html
from widgets.page_style import Picture
from widgets.quiz import CardPickQuiz, ChoiceQuiz
from widgets.table_html import esc
from widgets.walkthrough import Walkthrough

NAMES = ["You", "Ada", "Ben", "Cleo", "Dev"]


def rule(rule_id: str) -> str:
    """A rule's text from the engine's rulebook, for the lesson to quote."""
    return RULES[rule_id].text


# ---- what you need, the rounds ----

def suit_ranking_html(suit: str = "S", width: int = 44) -> Picture:
    """One suit from the Ace down to the 2: the order of the cards in every suit."""
    cards = sorted((c for c in standard_52() if c.suit == suit), key=lambda c: -tricks.index(c))
    return Picture("<div>" + "".join(card_img_html(c, width) for c in cards)
                  + "</div><div>Highest on the left: A K Q J 10 9 8 7 6 5 4 3 2.</div>")


def cards_needed_check(players: int = 5) -> ChoiceQuiz:
    size = max(FULL_SCHEDULE)
    need = players * size + 1
    choices = [str(players * size), str(need), "52"]
    return ChoiceQuiz(f"In the 9-card round with {players} players, how many cards leave the pack, "
                      "counting the turned-up card?", choices, str(need),
                      f"{players} × {size} = {players * size} in the hands, and 1 more is turned up: {need}. "
                      "A 52-card pack is always enough.")


def schedule_html(current: int | None = None) -> Picture:
    """The 13 rounds as a staircase of card counts."""
    bars = []
    for i, size in enumerate(FULL_SCHEDULE):
        colour = "#ffd54a" if i == current else "#f4f1e8"
        bars.append(f"<div style='text-align:center;width:30px'><div style='height:{size * 11}px;background:{colour};"
                    f"border-radius:4px 4px 0 0;color:#1f5a37;font-weight:700'>{size}</div>"
                    f"<div class='parlour-sub'>{i + 1}</div></div>")
    return Picture("<div class='parlour-table' style='display:flex;gap:4px;align-items:flex-end'>"
                  + "".join(bars) + "</div><div>Cards per player in each round (round number below).</div>")


def round_size_check(round_number: int = 10) -> ChoiceQuiz:
    size = FULL_SCHEDULE[round_number - 1]
    choices = sorted({str(size), str(min(9, round_number + 2)), str(size + 1), str(size - 1)}, key=int)
    return ChoiceQuiz(f"How many cards does each player get in round {round_number}?", choices, str(size),
                      f"Up from 3 to 9 in rounds 1 to 7, then down again: round {round_number} deals {size}.")


# ---- the deal and the trump card ----

def demo_deal(players: int = 4, seed: int = 7) -> Jabberwocky:
    """A real first round, to look at a hand and the turn-up."""
    return Jabberwocky(players=players, seed=seed, first_dealer=players - 1, names=NAMES[:players])


def deal_html(game: Jabberwocky, seat: int = 0) -> Picture:
    """Your hand and the turned-up card beside it."""
    view = game.view(seat)
    hand = "".join(card_img_html(c, 56) for c in view["hand"])
    return Picture(f"<div class='parlour-table' style='display:flex;gap:28px;align-items:center'>"
                  f"<div><div class='parlour-sub'>Your {len(view['hand'])} cards</div>{hand}</div>"
                  f"<div style='text-align:center'><div class='parlour-sub'>Turned up by "
                  f"{esc(game.names[view['dealer']])}, the dealer</div>{card_img_html(view['trump_card'], 56)}</div>"
                  "</div>")


def trump_check(game: Jabberwocky) -> ChoiceQuiz:
    view = game.view(0)
    turn_up = parse_card(view["trump_card"])
    choices = [f"{SUIT_SYMBOLS[s]} {SUIT_NAMES[s]}" for s in tricks.SUITS]
    answer = f"{SUIT_SYMBOLS[view['trump']]} {SUIT_NAMES[view['trump']]}"
    return ChoiceQuiz("Which suit is trumps in this round?", choices, answer,
                      f"The turned-up card is {turn_up.symbol}, so {SUIT_NAMES[turn_up.suit]} are trumps "
                      "until the round ends. Its rank does not matter.")


# ---- positions built with the engine ----

def position(hands: Sequence[str], turn_up: str, moves: Sequence[str] = (), dealer: int | None = None,
             **options: object) -> Jabberwocky:
    """A round dealt from these hands (seat 0 = "You"), with ``moves`` already made.

    By default the last seat deals, so you bid first and lead the first trick.
    """
    n = len(hands)
    size = len(parse_cards(hands[0]))
    dealer = n - 1 if dealer is None else dealer
    game = Jabberwocky(players=n, seed=1, deck=stack_deck(hands, turn_up, first=(dealer + 1) % n),
                       first_dealer=dealer, rounds=[size], names=NAMES[:n], **options)
    for move in moves:
        game.apply(move)
    return game


def hook_example(size: int, bids: Sequence[int]) -> Jabberwocky:
    """The dealer (the last seat) about to bid after the others bid ``bids``: hands don't matter."""
    n = len(bids) + 1
    pack = [str(c) for c in standard_52()]
    hands = [" ".join(pack[s * size:(s + 1) * size]) for s in range(n)]
    game = Jabberwocky(players=n, seed=1, deck=stack_deck(hands, pack[n * size], first=0), first_dealer=n - 1,
                       rounds=[size], names=NAMES[:n])
    for amount in bids:
        game.apply(f"bid {amount}")
    return game


def dealer_bids(game: Jabberwocky) -> list[int]:
    """The bids the engine lets the dealer make."""
    return [int(a.arg) for a in game.legal_actions()]


def hook_demo(size: int = 6, bids: Sequence[int] = (2, 0, 3)) -> w.HTML:
    """The bids the engine offers the dealer, in words, and its reason for refusing the hook."""
    game = hook_example(size, bids)
    dealer = game.names[-1]
    allowed = words.join([str(b) for b in dealer_bids(game)], "or")
    no = forbidden_bid(size, bids)
    lines = [f"{esc(dealer)}, the dealer, may bid {allowed}."]
    if no is not None:
        lines.append(f"Asked for a bid of {no}, the game answers: “{esc(game.why_illegal(f'bid {no}') or '')}”")
    return w.HTML("".join(f"<p style='margin:2px 0'>{line}</p>" for line in lines))


def hook_check(size: int = 6, bids: Sequence[int] = (2, 0, 3)) -> ChoiceQuiz:
    """"Which bid may the dealer not make?" — the seed's example by default."""
    game = hook_example(size, bids)
    names = game.names
    dealer = names[-1]
    said = ", ".join(f"{names[s]} {b}" for s, b in enumerate(bids))
    no = forbidden_bid(size, bids)
    assert no is None or no not in dealer_bids(game)
    free = "None: the dealer is free"
    choices = [str(b) for b in range(size + 1)] + [free]
    answer = free if no is None else str(no)
    if no is None:
        why = (f"The others bid {sum(bids)}, already more than the {size} tricks, so no bid of "
               f"{dealer}'s can make the total {size}.")
    else:
        why = (f"The others bid {sum(bids)}. A bid of {no} would make the total {size}, so {dealer} may bid "
               "anything else.")
    return ChoiceQuiz(f"{len(bids) + 1} players, {size} cards each. {said}. Which bid may {dealer}, the dealer, "
                      "<i>not</i> make?", choices, answer, why)


def legal_cards_check(game: Jabberwocky, question: str) -> CardPickQuiz:
    """Click every card you may play now; the engine's ``why_illegal`` is the judge."""
    seat = game.current_player
    assert seat is not None
    hand = game.view(seat)["hand"]

    def judge(card: str) -> tuple[bool, str]:
        why = game.why_illegal(f"play {card}", seat)
        symbol = parse_card(card).symbol
        return (True, f"{symbol} may be played.") if why is None else (False, f"{symbol}: {why}")

    return CardPickQuiz(question, hand, judge)


# The example of docs/rules/jabberwocky.md#examples: ♦ trumps, not broken; you lead holding ♦ and ♣, or nothing but ♦.
TRUMP_LEAD_HANDS = ["AD 9D KC 4C", "2H 3H 4H 5H", "6H 7H 8H 9H", "10H JH QH KH"]
ALL_TRUMP_HANDS = ["AD 9D 5D 3D", "2H 3H 4H 5H", "6H 7H 8H 9H", "10H JH QH KH"]
TRUMP_BIDS = ["bid 1", "bid 0", "bid 0", "bid 1"]


def trump_lead_check() -> CardPickQuiz:
    game = position(TRUMP_LEAD_HANDS, "2D", TRUMP_BIDS)
    return legal_cards_check(game, "Trumps are ♦ and nobody has played one yet. You lead. "
                                   "Click every card you may lead.")


def all_trumps_lead() -> Jabberwocky:
    return position(ALL_TRUMP_HANDS, "2D", TRUMP_BIDS)


def all_trumps_lead_demo(lead: str = "AD") -> Picture:
    """A hand of nothing but trumps: the cards the engine lets you lead, then what leading one says."""
    game = all_trumps_lead()
    cards = [a.card for a in game.legal_actions()]
    said = [e.text for e in game.apply(f"play {lead}")]
    return Picture(f"<div>{''.join(card_img_html(c, 44) for c in cards)}</div>"
                  f"<p style='margin:2px 0'>You may lead any of them: {words.join([c.symbol for c in cards], 'or')}."
                  "</p>" + "".join(f"<p style='margin:2px 0'>{esc(line)}</p>" for line in said))


# Three players; Ada deals, so Ben leads and you play second. ♦ are trumps.
FOLLOW_HANDS = ["QC 7H 2H 5S", "9S 10S JS QS", "KH 3C 4C 6C"]
FOLLOW_VOID_HANDS = ["QC 7C 5S 2D", "9S 10S JS QS", "KH 3C 4C 6C"]


def _ben_leads_a_heart(hands: Sequence[str]) -> Jabberwocky:
    game = position(hands, "8D", ["bid 1", "bid 1", "bid 1"], dealer=1)
    game.apply("play KH")
    return game


def follow_check() -> CardPickQuiz:
    """Ben leads the K♥ and you hold hearts: only a heart will do."""
    return legal_cards_check(_ben_leads_a_heart(FOLLOW_HANDS),
                             "Trumps are ♦. Ben leads K♥. Click every card you may play.")


def void_check() -> CardPickQuiz:
    """Ben leads a heart and you have none: anything goes, a trump too."""
    return legal_cards_check(_ben_leads_a_heart(FOLLOW_VOID_HANDS),
                             "Trumps are ♦. Ben leads K♥, and you hold no heart. Click every card you may play.")


# ---- who wins a trick ----

def trick_winner(cards: Sequence[str], trump: str) -> int:
    """The position (0 = the lead) of the card that wins, by the shared trick rules."""
    return tricks.winning_position([tricks.index(parse_card(c)) for c in cards], tricks.SUIT_INDEX[trump])


def trick_html(cards: Sequence[str], players: Sequence[str], trump: str) -> Picture:
    cells = "".join(f"<td style='text-align:center;padding:0 6px'>{card_img_html(c, 54)}<br>{i + 1}. {esc(p)}</td>"
                    for i, (c, p) in enumerate(zip(cards, players)))
    return Picture(f"<div class='parlour-table' style='display:inline-block'>"
                  f"<div class='parlour-sub'>Trumps: {SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]}</div>"
                  f"<table><tr>{cells}</tr></table></div>")


def trick_check(cards: Sequence[str], trump: str, players: Sequence[str] = ("Ada", "Ben", "Cleo", "You")) -> w.VBox:
    """A trick on the table and "who wins it?", answered by the engine."""
    win = trick_winner(cards, trump)
    won = parse_card(cards[win])
    led = parse_card(cards[0]).suit
    if won.suit == trump and led != trump:
        why = f"{won.symbol} is a trump, and the highest trump wins, whatever was led."
    else:
        others = [parse_card(c).symbol for c in cards if parse_card(c).suit not in (led, trump)]
        tail = f" {' and '.join(others)} cannot win: not the suit led, not a trump." if others else ""
        why = f"No trump was played, so the highest {SUIT_NAMES[led][:-1]} (the suit led) wins: {won.symbol}.{tail}"
    quiz = ChoiceQuiz("Who wins this trick?", list(players), players[win], why)
    return w.VBox([trick_html(cards, players, trump), quiz])


# ---- scoring ----

def score_check(bid: int, won: int, revokes: int = 0, scoring: str = "seed") -> ChoiceQuiz:
    points = round_points(bid, won, revokes, scoring)
    rule_text = rule("jabberwocky.score" if scoring == "seed" else "jabberwocky.score_classic")
    if revokes:
        rule_text += " " + rule("jabberwocky.revoke")
    choices = sorted({str(points), "0", "1", str(10 + bid), str(points + 3 * revokes), str(-3 * revokes)}, key=int)
    mode = {"seed": "", "classic": " (classic scoring)"}[scoring]
    revoked = f", and you revoked {words.count(revokes, 'time')} (table mode)" if revokes else ""
    total = f"{points:+d}" if points else "0 points"
    return ChoiceQuiz(f"You bid {bid} and took {won}{revoked}. What do you score{mode}?", choices, str(points),
                      f"{rule_text} So: {total}.")


# ---- the scripted round of the walkthrough ----
# Four players, 3 cards; Cleo deals, so you bid first and lead. ♠ are trumps.
WALK_HANDS = ["AH KH 3C", "QH 9S 5C", "7H 2D 8D", "JH 10H KC"]
WALK_TURN_UP = "4S"
WALK_MOVES = [
    ("bid 2", "You sit on the dealer's left, so you bid first. Two top hearts look like two tricks…"),
    ("bid 1", "Ada has one trump, the 9♠. Once she has no hearts left it can win a heart trick."),
    ("bid 0", "Ben has no high card and no trump, so he bids 0. Zero is a real bid: it scores if he takes "
              "no trick at all."),
    ("bid 1", "Cleo deals, so she bids last. The others bid 2 + 1 + 0 = 3, exactly the number of tricks, so the "
              "hook forbids her 0. She bids 1 for her K♣. The bids make 4: somebody will miss."),
    ("play AH", "You lead. You hold no trump, so any card may be led. The A♥ is the highest heart."),
    ("play QH", "Ada must follow suit with her one heart."),
    ("play 7H", "Ben follows suit too."),
    ("play JH", "Cleo follows. Nobody trumped, so the highest heart wins: your Ace takes the first trick."),
    ("play KH", "The winner leads the next trick. You try your K♥ for your second trick…"),
    ("play 9S", "…but Ada has no heart left, so she may play anything. She trumps with the 9♠. That is the first "
                "trump played to a trick: trumps are now broken."),
    ("play 2D", "Ben has no heart either. He throws away a diamond: it cannot win, which suits his bid of 0."),
    ("play 10H", "Cleo must follow with a heart. Ada's trump beats every heart, so Ada wins the trick."),
    ("play 5C", "Ada won, so she leads. She has only the 5♣ left."),
    ("play 8D", "Ben has no club: his 8♦ cannot win. Still no tricks for Ben."),
    ("play KC", "Cleo follows with the K♣, the highest club so far."),
    ("play 3C", "Your 3♣ is too low: Cleo takes the last trick. The round is over. You bid 2 but took 1, so you "
                "score nothing. Ada (1), Ben (0) and Cleo (1) took exactly their bids: +1 each."),
]


def walkthrough_game() -> Jabberwocky:
    return position(WALK_HANDS, WALK_TURN_UP)


def board_html(game: Jabberwocky) -> str:
    """Every hand face up, the bids and tricks, the turn-up and the trick: the walkthrough's table."""
    view = game.view(0)
    rows = []
    for seat in range(game.players):
        mark = "▶ " if game.current_player == seat else ""
        bid = view["bids"][seat]
        cards = "".join(card_img_html(c, 34) for c in game.view(seat)["hand"]) or "<i>no cards</i>"
        rows.append(f"<div class='parlour-seat'><span class='parlour-seat-name'>{mark}{esc(game.names[seat])}</span>"
                    f"{' (dealer)' if seat == view['dealer'] else ''} · bid {'—' if bid is None else bid}"
                    f" · won {view['tricks_won'][seat]}<br>{cards}</div>")
    trick = view["trick"]
    label = "Trick"
    if not trick and view["tricks_played"]:
        last = view["tricks_played"][-1]
        trick = list(zip(last["seats"], last["cards"]))
        label = f"{game.names[last['winner']]} won this trick"
    played = "".join(f"<div style='display:inline-block;text-align:center'>{card_img_html(c, 52)}"
                     f"<div class='parlour-sub'>{esc(game.names[s])}</div></div>" for s, c in trick)
    broken = "broken" if view["trump_broken"] else "not broken"
    return (f"<div class='parlour-table' style='display:flex;gap:16px;align-items:center'>"
            f"<div>{''.join(rows)}</div>"
            f"<div style='text-align:center'>{card_img_html(view['trump_card'], 52)}"
            f"<div class='parlour-sub'>turn-up: {SUIT_NAMES[view['trump']]} are trumps ({broken})</div></div>"
            f"<div style='text-align:center;min-width:240px'><div class='parlour-sub'>{esc(label)}</div>"
            f"{played}</div></div>")


def walkthrough() -> Walkthrough[Jabberwocky]:
    return Walkthrough(walkthrough_game, WALK_MOVES, board_html,
                       intro="Four players, round 1: three cards each. Cleo dealt and turned up the 4♠, so spades "
                             "are trumps. All hands are shown face up so you can follow every choice. Press Next.")
