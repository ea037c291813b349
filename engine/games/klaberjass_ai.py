"""Klaberjass bots and hints, from one seat's view.

- easy: takes a suit at random now and then, and plays any card the rules allow;
- medium: bids from trump strength (the Jack, 9, Ace and 10 of a suit and the side
  Aces), then plays by rule of thumb: bank points when the trick is won anyway, win
  cheaply, throw away cards worth nothing, and keep the Jack and 9 of trumps;
- hard: determinized search (:mod:`engine.search`): it deals the cards it cannot see in
  many ways that fit what the opponent has shown (his voids, a trump lead he could not
  beat, his shown sequences), plays every candidate out with the medium habits on the
  lean path (:class:`~engine.games.klaberjass.Deal`), and keeps the best on average.

The bid hint simulates whole deals from the bidding on; the play hint is the hard
search with more deals. Both say what they assume: the cards are imagined, and both
players go on as the medium bot plays.
"""

from __future__ import annotations

import random
from typing import Callable, Mapping, Sequence

from .. import claims, tricks
from ..card_codes import SYM, code_of
from ..cards import SUIT_NAMES, SUIT_SYMBOLS, parse_card
from ..claims import Certain, Claim, Comparison, Figure, Sampled, paragraph, say
from ..hints import Alternative, Hint
from ..i18n import N_, Sentence
from ..search import Tally, pimc
from ..words import agreeing, inside, is_you, possessive, verb_for
from .klaberjass import (ACCEPT, BIDDING, EXCHANGE, MOVE_OF_TEXT, MOVES, NAME_SUIT, PASS, RANK_10, RANK_9, RANK_A,
                         RANK_J, SUIT_CODES, TAKE, TRUMP_POWER, POINTS, REPLY_WINS, UNSET, Deal, card_points,
                         opponent_known, settle, trick_winner, unseen)

from .klaberjass import KlaberjassView
View = KlaberjassView  # the game's view, key by key (engine/games/klaberjass.py)

HINT_BID_DEALS = 120   # simulated deals per bidding choice in a hint (the same deals for every choice)
BOT_BID_DEALS = 60
HINT_PLAYOUTS = 260    # playouts shared out among the legal cards (every card in the same imagined deals)
BOT_PLAYOUTS = 120     # the hard bot: fewer deals, to answer quickly at the table
MIN_SAMPLES = 30       # imagined deals at least, whatever the number of legal cards

#: The languages this advisor writes its reasons in (engine.hints.hint_for_view): every sentence of a hint is a
#: catalog template, so a Portuguese table reads its hints in Portuguese (issue 36).
LANGUAGES = ("en", "pt")
BOT_MIN_SAMPLES = 10
TAKE_AT = 6.0          # the medium bot's trump strength needed to take or name a suit


# ---- the medium player's habits (also how search imagines both players go on) ---------------------

def trump_strength(hand: Sequence[int], suit: int) -> float:
    """How good ``hand`` is with ``suit`` as trumps: its Jack, 9, Ace and 10, its length, side Aces."""
    score = 0.0
    for c in hand:
        r = c % 13
        if c // 13 == suit:
            score += {RANK_J: 3.0, RANK_9: 2.5, RANK_A: 1.5, RANK_10: 1.2}.get(r, 0.6)
        elif r == RANK_A:
            score += 1.0
        elif r == RANK_10 and (c // 13) * 13 + RANK_A in hand:
            score += 0.4  # a ten behind its own Ace
    return score


def medium_bid(hand: Sequence[int], turn_up: int, phase: str, dealer: bool) -> int:
    """Take the turn-up's suit, name another suit, or pass (a :data:`~engine.games.klaberjass.MOVES` move),
    by :func:`trump_strength`."""
    up = turn_up // 13
    if phase == "bid1":
        # The turn-up itself comes to nobody, but taking it fixes trumps where this hand is strong.
        return TAKE if trump_strength(hand, up) >= TAKE_AT else PASS
    best = max((s for s in range(4) if s != up), key=lambda s: trump_strength(hand, s))
    need = TAKE_AT - (0.5 if dealer else 0.0)  # the dealer's pass throws the hand in: be a little bolder
    return NAME_SUIT + best if trump_strength(hand, best) >= need else PASS


def medium_move(d: Deal) -> int:
    """The medium bot's move before the play: its bid, accepting a schmeiss, exchanging for the dix."""
    if d.phase == "schmeiss":
        return ACCEPT
    if d.phase == "dix":
        return EXCHANGE
    return medium_bid(d.hands[d.turn], d.turn_up, d.phase, d.turn == d.dealer)


#: What a card is worth keeping, ``KEEP[trump][card]``: its points, more for trumps (most for the Jack and 9).
KEEP = tuple(tuple(card_points(c, t) + (8 + TRUMP_POWER[c] if c // 13 == t else 0) for c in range(52))
             for t in range(4))
#: Sort keys as single integers (the hot loop of every playout): keep value, then rank; points, then rank.
KEEP_THEN_RANK = tuple(tuple(KEEP[t][c] * 16 + c % 13 for c in range(52)) for t in range(4))
POINTS_THEN_RANK = tuple(tuple(POINTS[t][c] * 16 + c % 13 for c in range(52)) for t in range(4))


def heuristic_card(d: Deal) -> int:
    """Medium play: lead Aces and safe tens, bank points on tricks it wins, discard cheaply."""
    options = d.legal()
    if len(options) == 1:
        return options[0]
    trump = d.trump
    if not d.trick:
        plain = [c for c in options if c // 13 != trump]
        aces = [c for c in plain if c % 13 == RANK_A]
        if aces:
            return aces[0]
        trumps = [c for c in options if c // 13 == trump]
        if trump * 13 + RANK_J in trumps and len(trumps) >= 3:
            return trump * 13 + RANK_J  # draw trumps with the boss Jack when long in them
        if plain:
            return min(plain, key=POINTS_THEN_RANK[trump].__getitem__)
        return min(options, key=KEEP[trump].__getitem__)
    lead = d.trick[0]
    wins = REPLY_WINS[trump]
    beats = lead * 52  # wins[beats + c]: does the reply c take the lead?
    winners = [c for c in options if wins[beats + c]]
    if not winners:
        return min(options, key=KEEP_THEN_RANK[trump].__getitem__)
    losers = [c for c in options if not wins[beats + c]]
    plain_winners = [c for c in winners if c // 13 != trump]
    if plain_winners:  # the trick is ours in the suit led: bank the most points
        return max(plain_winners, key=POINTS[trump].__getitem__)
    cheapest = min(winners, key=KEEP[trump].__getitem__)
    if POINTS[trump][lead] >= 4 or not losers or lead // 13 == trump:
        return cheapest
    return min(losers, key=KEEP_THEN_RANK[trump].__getitem__)


def finish_deal(d: Deal) -> None:
    while d.phase == "play":
        d.play(heuristic_card(d))


# ---- reading a view into a lean deal -------------------------------------------------------------

def known_deal(view: View) -> tuple[Deal, list[int], int, Callable[[int], bool], list[int]]:
    """The deal as this seat knows it: (partial deal, unseen cards, how many the opponent holds among
    them, a test of which cards he cannot hold, the cards known to be his)."""
    opp = 1 - view["seat"]
    d = Deal.seen_from(view)
    trump = d.trump
    his = opponent_known(view)
    hidden = unseen(view)
    # What he showed he lacks: a suit he did not follow; trumps, when he neither followed nor trumped;
    # trumps above a led trump he did not beat.
    lacks: set[int] = set()
    above: int | None = None
    for leader, lead, reply, _ in d.tricks_played:
        if leader == opp:
            continue
        if reply // 13 != lead // 13:
            lacks.add(lead // 13)
            if reply // 13 != trump:
                lacks.add(trump)
        elif lead // 13 == trump and TRUMP_POWER[reply] < TRUMP_POWER[lead]:
            above = TRUMP_POWER[lead] if above is None else min(above, TRUMP_POWER[lead])

    def barred(c: int) -> bool:
        s = c // 13
        return s in lacks or (s == trump and above is not None and TRUMP_POWER[c] > above)
    his_count = view["hand_sizes"][opp] - len(his)
    return d, hidden, his_count, barred, his


def determinizer(view: View) -> Callable[[random.Random], Deal]:
    """Imagined deals that fit the view, built by :meth:`Deal.from_view`: during the bidding the opponent's
    six cards and the stock (:func:`bid_worlds`); then the opponent's hand, the rest to the stock (which play
    never reaches, so only his cards are placed).

    Only the opponent's hand is constrained (the stock may hold anything), so every hand he could hold
    is equally likely when his unknown cards are a plain random sample of the cards he may hold: exact,
    and cheaper than dealing card by card."""
    if view["phase"] in BIDDING:
        return bid_worlds(view)
    _, hidden, count, barred, _ = known_deal(view)
    possible = [c for c in hidden if not barred(c)]
    if len(possible) < count:  # what he showed contradicts itself (cannot happen in a legal game): ignore it
        possible = list(hidden)
    place = Deal.placer(view)

    def determinize(rng: random.Random) -> Deal:
        return place(rng.sample(possible, count))
    return determinize


def _value(view: View) -> Callable[[Deal, str, random.Random], tuple[float, Mapping[str, bool]]]:
    me = view["seat"]
    tie_rule, held = view["options"]["maker_tie"], view["held_over"]

    def playout(world: Deal, move: str, rng: random.Random) -> tuple[float, Mapping[str, bool]]:
        d = world.copy()
        winner = d.play(code_of(move.split(" ", 1)[1]))
        while winner is None:
            winner = d.play(heuristic_card(d))
        took = winner == me
        finish_deal(d)
        totals = d.totals()
        scored, outcome, _ = settle(totals, d.maker, tie_rule, held)
        return float(scored[me] - scored[1 - me]), {"trick": took, "made": outcome == "made",
                                                     "points": bool(scored[me])}
    return playout


def search(view: View, playouts: int, rng: random.Random, min_samples: int = MIN_SAMPLES) -> list[Tally[str]]:
    """Every legal card of this view, scored by playouts in imagined deals; best mean first."""
    moves = list(view["legal"])
    samples = max(min_samples, playouts // max(1, len(moves)))
    return pimc(moves, determinizer(view), _value(view), samples, rng)


# ---- the bidding, simulated -----------------------------------------------------------------------

def bid_worlds(view: View) -> Callable[[random.Random], Deal]:
    """Imagined deals at the bidding (:meth:`Deal.from_view`): the cards this seat cannot see, shuffled, make
    the opponent's six cards and the stock (the three more each, the bottom card). The seat's own cards keep
    the order its view shows them in: the medium habits break ties by the order of a hand."""
    place = Deal.placer(view)
    hidden = unseen(view)
    me, mine = view["seat"], [code_of(c) for c in view["hand"]]

    def world(rng: random.Random) -> Deal:
        cards = list(hidden)
        rng.shuffle(cards)
        d = place(cards)
        d.hands[me] = list(mine)
        return d
    return world


def bid_out(world: Deal, seat: int, move: int) -> Deal:
    """``move`` made by ``seat`` in a copy of ``world``, then both bid (and choose the dix) as the medium bot
    until trumps are made, or the hand is thrown in (the copy is then over, with no maker)."""
    d = world.copy()
    d.apply(seat, move)
    while d.phase in BIDDING or d.phase == "dix":
        d.apply(d.turn, medium_move(d))
    return d


def bid_outlook(view: View, deals: int, rng: random.Random) -> list[Tally[str]]:
    """Every legal bidding move, tried in the same ``deals`` imagined deals; best mean first.

    Choices whose bidding ends alike in an imagined deal (the same trumps and the same maker) share that
    deal's one playout: the play is the same, so it is played once.

    Value: what this seat scores minus what the opponent scores this deal. Outcomes:
    "mine" (I am the maker), "made" (the maker made it), "thrown" (the hand was thrown in)."""
    me = view["seat"]
    tie_rule, held = view["options"]["maker_tie"], view["held_over"]
    tallies = [Tally(m) for m in view["legal"]]
    imagine = bid_worlds(view)
    for _ in range(deals):
        world = imagine(rng)
        played: dict[tuple[int, int], tuple[list[int], str]] = {}
        for tally in tallies:
            d = bid_out(world, me, MOVE_OF_TEXT[tally.move])
            if d.maker == UNSET:
                tally.add(0.0, {"thrown": True})
                continue
            ending = (d.trump, d.maker)
            if ending not in played:
                finish_deal(d)
                scored, outcome, _ = settle(d.totals(), d.maker, tie_rule, held)
                played[ending] = (scored, outcome)
            scored, outcome = played[ending]
            tally.add(float(scored[me] - scored[1 - me]), {"mine": ending[1] == me, "made": outcome == "made"})
    return sorted(tallies, key=lambda t: -t.mean)


# ---- policies ---------------------------------------------------------------------------------------

def easy(view: View, rng: random.Random) -> str:
    legal = view["legal"]
    if view["phase"] in ("bid1", "bid2"):
        return rng.choice([a for a in legal if a != "pass"]) if rng.random() < 0.25 else "pass"
    return rng.choice(legal)


def medium(view: View, rng: random.Random) -> str:
    phase = view["phase"]
    if phase in ("bid1", "bid2"):
        hand = [code_of(c) for c in view["hand"]]
        return str(MOVES[medium_bid(hand, code_of(view["turn_up"]), phase, view["seat"] == view["dealer"])])
    if phase == "schmeiss":
        return "accept"
    if phase == "dix":
        return "exchange"
    d, _, _, _, _ = known_deal(view)
    return f"play {tricks.card(heuristic_card(d))}"


def hard(view: View, rng: random.Random) -> str:
    legal = view["legal"]
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    if phase in ("bid1", "bid2", "schmeiss"):
        return bid_outlook(view, BOT_BID_DEALS, rng)[0].move
    if phase == "dix":
        return "exchange"
    return search(view, BOT_PLAYOUTS, rng, BOT_MIN_SAMPLES)[0].move


POLICIES = {"easy": easy, "medium": medium, "hard": hard}


# ---- the hints ---------------------------------------------------------------------------------------
#
# Every fact a hint states is a claim (engine.claims), checked by tests/engine/test_claims.py against the real
# game: what a move does by the rules is Certain, what the imagined deals say is Sampled or an averaged Figure.

WINS_TRICK = claims.fact("klaberjass.wins_trick", N_("it wins this trick"), N_("it loses this trick"))
LEAD_WINS = claims.fact("klaberjass.lead_wins", N_("you win the trick"), N_("you lose the trick"))
TRICK_POINTS = claims.fact("klaberjass.trick_points", N_("worth {value} points"))
ONLY_LEGAL = claims.fact("klaberjass.only_legal", N_("{card} is your only legal card"))
MAKER_MAKES = claims.fact("klaberjass.maker_makes", N_("the maker makes it"), N_("the maker fails"))
YOU_MAKE = claims.fact("klaberjass.you_make_it", N_("you make it"), N_("you fail"))
THEY_MAKE = claims.fact("klaberjass.they_make_it", N_("{makes} it"), N_("{fails}"))
YOU_BECOME = claims.fact("klaberjass.you_become_maker", N_("you become the maker"))
THEY_BECOME = claims.fact("klaberjass.they_become_maker", N_("{becomes} the maker"))
THROWS_IN = claims.fact("klaberjass.throws_in", N_("the hand is thrown in"))
ENDS_YOU = claims.fact("klaberjass.ends_you_maker", N_("you end up the maker"))
ENDS_THEM = claims.fact("klaberjass.ends_them_maker", N_("{ends} up the maker"))
ENDS_THROWN = claims.fact("klaberjass.ends_thrown_in", N_("the hand is thrown in"))
NET = claims.fact("klaberjass.net_points", N_("{signed} {points} for you against {name}"))
CARD_WORTH = claims.fact("klaberjass.card_worth", N_("the turned-up {card} is worth {value} points as a trump"))
BEST_SUIT = claims.fact("klaberjass.most_trump_points",
                        N_("your most valuable suit as trumps is {suit}: {value} points in your hand if it were "
                           "trumps"))

#: Estimates closer than this (points a deal) cannot tell two moves apart: the hint says so.
INDISTINCT = 0.5


def _lang(view: View) -> str:
    """The table's language (the view's ``lang`` option): the hint's sentences are said in it."""
    return str(view["options"].get("lang", "en"))


def suit_word(code: str, lang: str = "en") -> Sentence:
    return say(lang, "{symbol} ({name})", symbol=SUIT_SYMBOLS[code], name=say(lang, SUIT_NAMES[code]))


def _suit_name(code: str, lang: str) -> Sentence:
    """A suit's name ("hearts") in the table's language (the catalog's suit names)."""
    return say(lang, SUIT_NAMES[code])


def _opponent(view: View) -> str:
    """The other player's name: hints never call a player "he" or "she" (issue 19, item 7)."""
    return str(view["names"][1 - view["seat"]])


def _net(points: int, move: str, samples: int, name: str, lang: str = "en") -> Figure:
    """What a move brings on average over the imagined deals: this seat's points minus the other's."""
    return Figure(NET.name, points, move=move, exact=False, samples=samples,
                  detail={"name": inside(name), "points": say(lang, agreeing(points, N_("point"), N_("points")))})


def _does(name: str, verb: str) -> str:
    """``"Ada makes"`` inside a sentence (``"you make"`` for a player named You)."""
    return f"{inside(name)} {verb_for(name, verb)}"


def _player_does(view: View, message: str) -> Sentence:
    """The other player and a verb, agreeing ("Ada makes", "you make"), in the table's language."""
    return Sentence.in_language(_lang(view), message, name=inside(_opponent(view)))


def _choice_words(view: View, move: str) -> Sentence:
    lang = _lang(view)
    if move == "take":
        code = parse_card(view["turn_up"]).suit
        return say(lang, N_("Take {suit}"), suit=SUIT_SYMBOLS[code])
    if move.startswith("name"):
        return say(lang, N_("Name {suit}"), suit=SUIT_SYMBOLS[move.split()[1]])
    words = {"pass": N_("Pass"), "schmeiss": N_("Schmeiss"), "accept": N_("Accept the schmeiss (throw in)"),
             "refuse": N_("Refuse the schmeiss")}
    return say(lang, words[move]) if move in words else say(lang, "{move}", move=move)


def advise(view: View, playouts: int | None = None, bid_deals: int | None = None, seed: int = 0) -> Hint:
    me = view["seat"]
    lang = _lang(view)
    rng = random.Random(seed * 7919 + len(view["tricks_played"]) * 31 + len(view["trick"]) + view["deal_number"])
    legal = view["legal"]
    phase = view["phase"]
    if phase == "dix":
        up, trump = parse_card(view["turn_up"]), view["trump"]
        assert trump is not None, "the dix is exchanged once trumps are made"
        worth = Figure(CARD_WORTH.name, card_points(code_of(view["turn_up"]), tricks.SUIT_INDEX[trump]),
                       move="exchange", detail={"card": up.symbol})
        return Hint(me, "exchange", say(lang, N_("Exchange: {worth}, and every trump ranks above your 7, which is "
                                                 "worth nothing (the dix rule)."), worth=worth.words(lang)),
                    [Alternative("exchange", 1.0, say(lang, N_("a higher trump for the 7: {worth}"),
                                                      worth=worth.words(lang)), (worth,)),
                     Alternative("keep", 0.0, say(lang, N_("keeps the 7, the lowest trump")))], claims=(worth,))
    if phase in ("bid1", "bid2", "schmeiss"):
        deals = HINT_BID_DEALS if bid_deals is None else bid_deals
        return _bid_hint(view, bid_outlook(view, deals, rng), deals)
    if len(legal) == 1:
        move = legal[0]
        only = Certain(ONLY_LEGAL.name, move=move, over_replies=False,
                       detail={"card": SYM[code_of(move.split()[1])]})
        text = only.words(lang)  # it opens with the card ("7♥", "K♥"): a capital or a digit already
        return Hint(me, move, say(lang, "{only}: {rule}", only=text, rule=_forced_words(view)),
                    [Alternative(move, 0.0, text, (only,))], claims=(only,))
    tallies = search(view, HINT_PLAYOUTS if playouts is None else playouts, rng)
    return _play_hint(view, tallies)


# ---- the bidding hint ----

def _bid_claims(view: View, t: Tally[str]) -> list[Claim]:
    """What one bidding move brings: who becomes the maker (by the rules, or in the imagined deals), how
    often the maker makes it, and the points on average."""
    name = _opponent(view)
    n, move = t.samples, t.move
    out: list[Claim] = []
    if move == "take" or move.startswith("name"):
        out += [Certain(YOU_BECOME.name, move=move, over_replies=False),
                Sampled(YOU_MAKE.name, move=move, hits=t.counts.get("made", 0), samples=n)]
    elif move == "refuse":  # refusing a schmeiss makes the player who offered it the maker
        out += [Certain(THEY_BECOME.name, move=move, over_replies=False,
                        detail={"becomes": _player_does(view, N_("{name} becomes"))}),
                Sampled(THEY_MAKE.name, move=move, hits=t.counts.get("made", 0), samples=n,
                        detail={"makes": _player_does(view, N_("{name} makes")),
                                "fails": _player_does(view, N_("{name} fails"))})]
    elif t.counts.get("thrown", 0) == n and _throws_in(view, move):
        out.append(Certain(THROWS_IN.name, move=move, over_replies=False))
    elif move == "schmeiss":
        pass  # what follows is the other player's choice, said in words by _bid_note
    else:
        mine, thrown = t.counts.get("mine", 0), t.counts.get("thrown", 0)
        for fact, hits, detail in ((ENDS_YOU, mine, {}),
                                   (ENDS_THEM, n - mine - thrown, {"ends": _player_does(view, N_("{name} ends"))}),
                                   (ENDS_THROWN, thrown, {})):
            if hits:
                out.append(Sampled(fact.name, move=move, hits=hits, samples=n, detail=detail))
    out.append(_net(round(t.mean), move, n, name, _lang(view)))
    return out


def _throws_in(view: View, move: str) -> bool:
    """Does ``move`` throw the hand in by the rules alone: accepting a schmeiss, or the last pass of all?"""
    if move == "accept":
        return True
    return move == "pass" and view["phase"] == "bid2" and view["seat"] == view["dealer"]


def _bid_hint(view: View, tallies: list[Tally[str]], n: int) -> Hint:
    me = view["seat"]
    lang = _lang(view)
    name = _opponent(view)
    alts = []
    parts = []
    stated: list[Claim] = []
    for t in tallies:
        said = _bid_claims(view, t)
        stated += said
        note = paragraph(lang, *(c.words(lang) for c in said), sep="; ")
        if t.move == "schmeiss":
            note = say(lang, N_("{accepts} (the hand is thrown in) or {refuses} (you become the maker with the "
                                "turned-up suit), and the medium bot accepts; {note}"),
                       accepts=_does(name, "accepts"), refuses=verb_for(name, "refuses"), name=inside(name), note=note)
        alts.append(Alternative(t.move, round(t.mean, 1), note, tuple(said), t.samples, t.margin))
        parts.append(say(lang, "{choice}: {note}", choice=_choice_words(view, t.move), note=note))
    best = tallies[0]
    hand = [code_of(c) for c in view["hand"]]
    up = code_of(view["turn_up"])
    open_suits = [s for s in range(4) if view["phase"] != "bid2" or s != up // 13]
    worth = {s: sum(card_points(c, s) for c in hand if c // 13 == s) for s in open_suits}
    top = max(open_suits, key=lambda s: (worth[s], trump_strength(hand, s)))
    suit = Comparison(BEST_SUIT.name, subject=SUIT_CODES[top], value=worth[top],
                      among=tuple(SUIT_CODES[s] for s in open_suits), detail={"suit": suit_word(SUIT_CODES[top], lang)})
    if claims.indistinct([t.mean for t in tallies], INDISTINCT):
        head = say(lang, N_("{choice}, or any other choice: my estimates cannot tell them apart."),
                   choice=_choice_words(view, best.move))
    else:
        head = say(lang, "{choice}.", choice=_choice_words(view, best.move))
    reason = paragraph(
        lang, head,
        say(lang, N_("I played this deal out {n} times, dealing the cards you cannot see at random and letting both of "
                     "you bid and play on as the medium bot does."), n=n),
        say(lang, N_("{parts}. The points are yours minus {theirs} for this deal, after the maker's rule."),
            parts=paragraph(lang, *parts, sep="; "), theirs=possessive(name), name=inside(name)),
        say(lang, N_("To judge a suit as trumps, count its Jack (20), 9 (14), Ace (11) and 10 (10): {suit}."),
            suit=suit.words(lang)))
    if best.move == "pass" and view["phase"] == "bid1":
        later = medium_bid(hand, up, "bid2", me == view["dealer"])
        if later != PASS:  # always a suit to name: the second round offers no other bid
            reason = paragraph(lang, reason, say(lang, N_("If it comes back to you, name {suit} in the second round."),
                                                 suit=SUIT_SYMBOLS[MOVES[later].arg]))
    return Hint(me, best.move, reason, alts, claims=tuple(stated) + (suit,))


# ---- the play hint ----

def _forced_words(view: View) -> Sentence:
    """Which rule limits the choice now, in a beginner's words."""
    lang = _lang(view)
    if not view["trick"]:
        if len(view["hand"]) == 1:
            return say(lang, N_("it is your last card."))
        return say(lang, N_("you are leading, so any card may be played."))
    lead = view["trick"][0][1]
    led = parse_card(lead).suit
    hand = [parse_card(c) for c in view["hand"]]
    if any(c.suit == led for c in hand):
        if led == view["trump"]:
            return say(lang, N_("a trump ({card}) was led: you must follow, and beat it if you can."),
                       card=parse_card(lead).symbol)
        return say(lang, N_("{suits} were led and you must follow suit."), suits=_suit_name(led, lang))
    if any(c.suit == view["trump"] for c in hand):
        return say(lang, N_("you have no {suits}, so you must play a trump."), suits=_suit_name(led, lang))
    return say(lang, N_("you have no {suits} and no trump, so any card may be played."), suits=_suit_name(led, lang))
def _lead_is_sure(view: View, card: int) -> bool:
    """Does leading ``card`` win the trick whatever the opponent holds? True when no card the opponent can
    hold (what is unseen and not ruled out by the play so far, and what was shown) would take it."""
    base, unseen, _, barred, his = known_deal(view)
    wins = REPLY_WINS[base.trump]
    return not any(wins[card * 52 + c] for c in his + [c for c in unseen if not barred(c)])


def _trick_claims(view: View, t: Tally[str]) -> list[Claim]:
    """Who takes this trick after the move: certain when the trick is completed by it, or when no card the
    opponent can hold beats the lead; otherwise the share of imagined deals."""
    card = code_of(t.move.split()[1])
    trump_letter = view["trump"]
    assert trump_letter is not None, "tricks are played once trumps are made"
    trump = tricks.SUIT_INDEX[trump_letter]
    if view["trick"]:
        lead = code_of(view["trick"][0][1])
        won = trick_winner((lead, card), trump) == 1
        return [Certain(WINS_TRICK.name, move=t.move, holds=won, over_replies=False),
                Figure(TRICK_POINTS.name, card_points(lead, trump) + card_points(card, trump), move=t.move)]
    if _lead_is_sure(view, card):
        return [Certain(WINS_TRICK.name, move=t.move)]
    return [Sampled(LEAD_WINS.name, move=t.move, hits=t.counts.get("trick", 0), samples=t.samples)]


def _play_hint(view: View, tallies: list[Tally[str]]) -> Hint:
    me = view["seat"]
    lang = _lang(view)
    name = _opponent(view)
    best = tallies[0]
    card = code_of(best.move.split()[1])
    said: list[Claim] = []
    parts = [say(lang, N_("Play {card}. The rule: {rule}"), card=SYM[card], rule=_forced_words(view))]
    if claims.indistinct([t.mean for t in tallies], INDISTINCT):
        parts.append(say(lang, N_("My estimates cannot tell your cards apart: this one is as good as any.")))
    trick = _trick_claims(view, best)
    said += trick
    parts.append(say(lang, N_("Played now, {trick}."), trick=paragraph(lang, *(c.words(lang) for c in trick),
                                                                       sep=", ")))
    maker = view["maker"]
    role = (say(lang, N_("You are the maker")) if maker == me or is_you(name)  # "You" as the other: "You are"
            else say(lang, N_("{name} is the maker"), name=name))
    made = Sampled(MAKER_MAKES.name, move=best.move, hits=best.counts.get("made", 0), samples=best.samples)
    net = _net(round(best.mean), best.move, best.samples, name, lang)
    said += [made, net]
    parts.append(say(lang, N_("{role}: after this card {made}. The deal ends with {net} (yours minus {theirs}, after "
                              "the maker's rule), dealing the cards you cannot see at random in ways that fit what "
                              "{has} shown and playing on as the medium bot does."),
                     role=role, made=made.words(lang), net=net.words(lang), theirs=possessive(name),
                     has=_does(name, "has"), name=inside(name)))
    if len(tallies) > 1:
        alt = tallies[1]
        other = _net(round(alt.mean), alt.move, alt.samples, name, lang)
        said.append(other)
        parts.append(say(lang, N_("Next best: {card}, with {net}."), card=SYM[code_of(alt.move.split()[1])],
                         net=other.words(lang)))
    alts = []
    for t in tallies:
        notes = _trick_claims(view, t) + [Sampled(MAKER_MAKES.name, move=t.move, hits=t.counts.get("made", 0),
                                                  samples=t.samples)]
        note = say(lang, "{trick}; {made}", trick=paragraph(lang, *(c.words(lang) for c in notes[:-1]), sep=", "),
                   made=notes[-1].words(lang))
        alts.append(Alternative(t.move, round(t.mean, 1), note, tuple(notes), t.samples, t.margin))
    return Hint(me, best.move, paragraph(lang, *parts), alts, claims=tuple(said))


__all__ = ["POLICIES", "advise", "bid_out", "bid_outlook", "bid_worlds", "determinizer", "finish_deal",
           "heuristic_card", "known_deal", "medium_bid", "medium_move", "search", "trump_strength"]
