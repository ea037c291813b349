"""Kalooki's rules, each test citing docs/rules/kalooki.md (the Kalooki spec and its test lines) or seed 002.

Positions are stacked with ``deck=``: the hands (by seat), the upcard, then the stock top first;
:func:`table` pads each hand with spare low cards so a test names only the cards it is about.
"""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine.cards import JOKER, double_52_with_jokers, parse_cards
from engine.dealing import stack_deck
from engine.games.kalooki import DEALS, TRINIDAD_MELDS, contract_problem, hand_points, penalty
from engine.melds import KALOOKI, as_meld, why_not_meld

from .helpers import refused

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
#: Spare cards for padding hands: scattered ranks and suits that make no meld together.
SPARES = parse_cards("2C 5D 9S JH 4C 8D QS 3H 6C 10D KS AH 2D 6S 10H 3C 7D JS 4H 8C QD 5S 9H KC "
                     "2C 5D 9S JH 4C 8D QS 3H 6C 10D KS AH 2D 6S 10H 3C 7D JS 4H 8C QD 5S 9H KC")
SPARES += [c for c in double_52_with_jokers() if not c.is_joker]  # more, for the long deals


def table(hands: list[str], upcard: str, stock: str = "", deal: int = 1, later: tuple[int, ...] = (),
          **options) -> engine.Game:
    """Deal ``deals=[deal, *later]`` with these hands (padded from SPARES), seat 0 to play first."""
    n = len(hands)
    size = DEALS[deal][0]
    named = [parse_cards(h) for h in hands]
    used = Counter(c for h in named for c in h) + Counter(parse_cards(upcard + " " + stock))
    spares = list(SPARES)
    full = []
    for h in named:
        h = list(h)
        while len(h) < size:
            c = spares.pop(0)
            if used[c] < 2:
                used[c] += 1
                h.append(c)
        full.append(h)
    deck = stack_deck(full, upcard + " " + stock, first=0)
    return engine.new_game("kalooki", players=n, seed=5, deck=deck, deals=[deal, *later], first_dealer=n - 1,
                           names=NAMES[:n], **options)


def play(g: engine.Game, moves: str) -> None:
    """``"0:draw 0:discard 5D 2:call"``: seat, colon, move; moves separated by commas."""
    for item in moves.split(","):
        seat, _, move = item.strip().partition(":")
        g.apply(move, int(seat))


def held(g: engine.Game, seat: int) -> list[str]:
    return g.view(seat)["hand"]


# ---- the pack, the deals, the contracts (§6.1–2) ---------------------------------------

def test_the_pack_has_108_cards_and_the_nine_deals_follow_the_seed_table():
    """§6.1 '108 cards (2 × 52 + 4 jokers)'; seed: 'Game No. Cards dealt Contract 1 9 three threes …
    9 16 four fours'."""
    assert len(double_52_with_jokers()) == 108 and double_52_with_jokers().count(JOKER) == 4
    assert [DEALS[k][0] for k in range(1, 10)] == [9, 10, 11, 12, 12, 13, 14, 15, 16]
    assert [DEALS[k][1:] for k in range(1, 10)] == [(3, 0), (2, 1), (1, 2), (0, 3), (4, 0), (3, 1), (2, 2),
                                                   (1, 3), (0, 4)]
    g = engine.new_game("kalooki", players=4, seed=11, first_dealer=1)
    v = g.view(0)
    assert v["deal_number"] == 1 and v["contract"]["text"] == "three threes" and v["cards_dealt"] == 9
    assert v["hand_sizes"] == [9, 9, 9, 9] and v["discard_size"] == 1 and v["stock_size"] == 108 - 37
    assert v["dealer"] == 1 and g.current_player == 2  # §6 turn: the player on the dealer's left begins
    assert engine.new_game("kalooki", players=4, seed=11, deals="short").view(0)["schedule"] == [1, 2, 3]


def test_contract_words_read_like_the_table():
    g = engine.new_game("kalooki", players=3, deals=[3])
    assert g.view(0)["contract"] == {"threes": 1, "fours": 2, "text": "two fours and a three"}
    assert engine.new_game("kalooki", players=3, deals=[7]).view(0)["contract"]["text"] == "two threes and two fours"


# ---- threes and fours (§6.3, the test lines) -------------------------------------------

@pytest.mark.parametrize("cards, ok", [
    ("7S 7S 7H", True),        # §6 tests: [7♠ 7♠ 7♥] ✓ (duplicates are fine)
    ("QD JK JK", False),       # [Q♦ Jk Jk] ✗: a three needs two real cards
    ("5H JK 7H JK", True),     # [5♥ Jk 7♥ Jk] ✓
    ("5H JK JK 8H", False),    # [5♥ Jk Jk 8♥] ✗: jokers side by side
    ("KC AC 2C 3C", False),    # [K♣ A♣ 2♣ 3♣] ✗: the Ace only at an end
    ("JS QS KS AS", True),     # [J♠ Q♠ K♠ A♠] ✓
    ("AD 2D 3D 4D", True),     # A-2-3-4 ✓
    ("4D 5D 6D", False),       # a four has at least four cards
])
def test_threes_and_fours(cards, ok):
    assert (why_not_meld(parse_cards(cards), KALOOKI) is None) == ok


def test_a_meld_that_breaks_a_rule_cannot_be_laid_down():
    """The test lines again, through the engine: Ann holds [5♥ Jk Jk 8♥] and two threes (deal 2)."""
    g = table(["5H JK JK 8H 7S 7S 7H 9C 9D 9H", "", ""], "2C", "KD", deal=2)
    play(g, "0:draw")
    refused(g, "lay 7S 7S 7H | 9C 9D 9H | 5H JK JK 8H", 0, match="two jokers may not stand", rule="kalooki.lay")


def test_two_threes_of_one_rank_or_two_fours_of_one_suit_are_not_a_contract():
    """§6.3 'a player's threes in one contract are of different ranks … fours … of different suits'."""
    eights = [as_meld(parse_cards("8S 8H 8D"), KALOOKI), as_meld(parse_cards("8C 8S JK"), KALOOKI),
              as_meld(parse_cards("2H 2D 2C"), KALOOKI)]
    assert "different ranks" in contract_problem(eights, 3, 0)
    fours = [as_meld(parse_cards("2H 3H 4H 5H"), KALOOKI), as_meld(parse_cards("9H 10H JH QH"), KALOOKI),
             as_meld(parse_cards("KS KH KD"), KALOOKI)]
    assert "different suits" in contract_problem(fours, 1, 2)
    g = table(["8S 8H 8D 8C 8S JK 2H 2D 2C", "", ""], "3C", "KD")
    play(g, "0:draw")
    refused(g, "lay 8S 8H 8D | 8C 8S JK | 2H 2D 2C", 0, match="different ranks", rule="kalooki.lay")


def test_the_83_point_hand():
    """§6 tests: hand [Jk A♠ A♥ 10♦ 7♣] = 83 (joker 50, black Ace 15, red Ace 1, ten 10, 7)."""
    assert [penalty(c) for c in parse_cards("JK AS AH 10D 7C")] == [50, 15, 1, 10, 7]
    assert hand_points(parse_cards("JK AS AH 10D 7C")) == 83
    assert [penalty(c) for c in parse_cards("KC QD JS 10H 9S 2D AC AD")] == [10, 10, 10, 10, 9, 2, 15, 1]


# ---- laying down exactly the contract (§6.4) ---------------------------------------------

CONTRACT_HANDS = {
    1: "7S 7S 7H | 8D 8C JK | 9S 9H 9C",
    2: "7S 7H 7D | 8D 8C 8H | 3S 4S 5S 6S",
    3: "3H 4H 5H 6H | 9C 10C JK QC | KS KH KD",
    4: "AS 2S 3S 4S | JH QH KH AH | 5D JK 7D 8D",
    5: "2S 2H 2D | 3C 3C JK | 4S 4H 4D | 5S 5H 5C",
    6: "6S 6H 6D | 7S 7H JK | 8S 8H 8D | 9C 10C JC QC",
    7: "QS QH QD | KS KH KD | 2H 3H 4H 5H | 6C 7C 8C 9C",
    8: "AS AH AD | 2S 3S 4S 5S | 6H 7H 8H 9H | 10D JD QD KD",
    9: "AS 2S 3S 4S | 5H 6H 7H 8H | 9D 10D JD QD | 10C JC QC KC",
}


@pytest.mark.parametrize("deal", range(1, 10))
def test_each_contract_is_laid_down_exactly_and_going_out_ends_the_deal(deal):
    """§6.4 'lay down the contract: exactly the required threes and fours'; §6.7 going out by a discard."""
    lay = CONTRACT_HANDS[deal]
    g = table([lay.replace("|", ""), "", ""], "2C", "KD", deal=deal)
    play(g, "0:draw")
    assert any(a.startswith("lay ") for a in g.view(0)["legal"])          # the engine finds it too
    events = g.apply("lay " + lay, 0)
    assert events[0].kind == "lay" and len(g.view(0)["melds"]) == DEALS[deal][1] + DEALS[deal][2]
    assert held(g, 0) == ["KD"]
    events = g.apply("discard KD", 0)
    assert [e.kind for e in events][:2] == ["discard", "out"]
    assert g.is_over and g.scores[0] == 0
    assert g.scores[1:] == [hand_points(parse_cards(" ".join(e.data["hand"]))) for e in events
                            if e.kind == "score" and e.seat in (1, 2)]


def test_a_lay_down_with_a_meld_missing_is_refused():
    """§6.4 'exactly the required threes and fours': no fewer melds."""
    g = table(["7S 7H 7D 8D 8C 8H 3S 4S 5S 6S", "", ""], "2C", "KD", deal=2)
    play(g, "0:draw")
    refused(g, "lay 7S 7H 7D | 3S 4S 5S 6S", 0, match="exactly", rule="kalooki.lay")
    refused(g, "lay 7S 7H 7D | 8D 8C 8H | 3S 4S 5S 6S | 2C 2D JK", 0, match="does not hold")


def test_melds_may_be_longer_than_the_minimum():
    """§6.4 'each of which may be longer than the minimum'."""
    g = table(["7S 7H 7D 7C 8D 8C 8H 3S 4S 5S", "", ""], "2C", "6S", deal=2)
    play(g, "0:draw, 0:lay 7S 7H 7D 7C | 8D 8C 8H | 3S 4S 5S 6S")
    assert g.is_over  # the whole hand melded: out without a discard (§6.7)
    assert [len(m["cards"]) for m in g.view(1)["melds"]] == [4, 3, 4]


# ---- calls (§6.6) --------------------------------------------------------------------------

def calling_table(**options) -> engine.Game:
    """Deal 2, four players. Ann discards 8H; Cy holds 7S 7S 7H 8D 8C 8S 5H JK 7H QC and wants it."""
    return table(["8H 2C 2D", "5D 5C", "7S 7S 7H 8D 8C 8S 5H JK 7H QC", "9S 9C"], "2C",
                 "KD 3D 10S QH 9D 4S 10C 6H", deal=2, **options)


def test_after_a_discard_the_next_player_and_every_caller_may_act():
    """§6.6: a player who has not laid down may call the top discard when it is not his turn next."""
    g = calling_table()
    assert g.to_act() == [0, 1, 2, 3]                      # the upcard may be called too
    play(g, "0:draw, 0:discard 8H")
    assert g.current_player == 1 and g.to_act() == [1, 2, 3]  # Ann discarded it: she may not call it
    v = g.view(2)
    assert v["can_call"] and v["legal"] == ["call", "pass"] and v["discard_top"] == "8H"
    assert g.legal_actions(0) == []
    refused(g, "call", 0, match="turn", rule="turn.order")


def test_an_allowed_call_gives_the_discard_and_a_penalty_card():
    """§6.6 'allows it (the caller takes the discard plus 1 penalty card from stock and neither lays down
    nor discards; the active player then draws from stock)'."""
    g = calling_table()
    play(g, "0:draw, 0:discard 8H, 2:call")
    assert g.to_act() == [1] and g.legal_actions(1) == [engine.Action("allow"), engine.Action("refuse")]
    events = g.apply("allow", 1)
    assert "8H" in held(g, 2) and "3D" in held(g, 2) and len(held(g, 2)) == 12
    assert g.view(2)["calls"] == [0, 0, 1, 0] and g.view(0)["taken"][2] == ["8H"]
    assert "3♦" not in events[0].seen_by(0)["text"] and "3♦" in events[0].seen_by(2)["text"]
    assert [str(a) for a in g.legal_actions(1)] == ["draw"]  # the active player draws from the stock
    assert g.to_act() == [1]
    play(g, "1:draw")
    assert "10S" in held(g, 1) and g.view(1)["phase"] == "play"


def test_a_card_taken_face_up_is_known_to_all_until_it_leaves_the_hand():
    """Everyone watched Cy take the 8♥ (§6.6): every view shows it among the cards he took face up
    and still holds; the penalty card, seen by Cy alone, is not there. When a card like it leaves
    his hand it is no longer known to be there."""
    g = calling_table()
    play(g, "0:draw, 0:discard 8H, 2:call, 1:allow")
    assert all(g.view(s)["known_held"] == [[], [], ["8H"], []] for s in range(4))
    assert "3D" in held(g, 2)  # the penalty card
    play(g, "1:draw, 1:discard 10S, 2:draw, 2:discard 8H")
    assert g.view(0)["known_held"] == [[], [], [], []] and g.view(0)["taken"][2] == ["8H"]
    assert g.view(0)["discard_pile"][-1] == "8H"


def test_a_refused_call_is_the_active_players_draw():
    """§6.6 'or refuses it by taking the discard as his draw'."""
    g = calling_table()
    play(g, "0:draw, 0:discard 8H, 2:call")
    events = g.apply("refuse", 1)
    assert events[0].kind == "refuse" and "8H" in held(g, 1) and len(held(g, 2)) == 10
    assert g.view(1)["phase"] == "play" and g.to_act() == [1]
    # and his plain take of the discard, with nobody calling, shuts the window the same way
    g = calling_table()
    play(g, "0:draw, 0:discard 8H, 1:take")
    assert g.to_act() == [1] and "8H" in held(g, 1)


def test_two_callers_the_nearest_after_the_active_player_wins():
    """§6.6 'Several callers → the one nearest after the active player' [T]."""
    g = calling_table()
    play(g, "0:draw, 0:discard 8H, 3:call")
    assert g.to_act() == [1, 2]                       # Cy sits nearer after Bob than Di: he may still call
    refused(g, "call", 3, match="turn")               # Di has called already
    events = g.apply("call", 2)
    assert "gives way" in events[0].text and g.view(0)["call_pending"] == 2
    play(g, "1:allow")
    assert "8H" in held(g, 2) and len(held(g, 3)) == 10
    # the far caller cannot pre-empt a nearer one
    g = calling_table()
    play(g, "0:draw, 0:discard 8H, 2:call")
    assert g.to_act() == [1] and not g.view(3)["can_call"]


def lay_with_spares(**options) -> engine.Game:
    """Cy calls 8H, lays down with cards to spare on his turn and discards QC."""
    g = calling_table(**options)
    play(g, "0:draw, 0:discard 8H, 2:call, 1:allow, 1:draw, 1:discard 5D, 2:draw")
    play(g, "2:lay 7S 7S 7H | 8D 8C 8S | 5H JK 7H 8H, 2:discard QC")
    return g


def test_a_player_who_has_laid_down_may_not_call():
    """§6.6 'a player who has not laid down may call'."""
    g = lay_with_spares()
    assert g.view(2)["laid_down"] == [False, False, True, False]
    play(g, "3:draw, 3:discard 9S")
    assert 2 not in g.to_act() and not g.view(2)["can_call"]
    refused(g, "call", 2, match="laid down")


def test_a_refused_call_says_what_bars_it():
    """§6.6: the words a refused call gets come from the deal's one rule of who may call (Deal.call_bar):
    the discarder, a seat that let the card go, a far caller behind a nearer one, a player who has laid
    down, and anyone once the window has shut."""
    g = calling_table()
    play(g, "0:draw, 0:discard 8H")
    assert g.why_illegal("call", 0) == "It is Bob's turn, not Ann's: You cannot call the card you just discarded."
    play(g, "3:pass")
    assert g.why_illegal("call", 3) == ("It is Bob's turn, not Di's: You let this discard go: the next discard "
                                        "may be called.")
    assert [g.deal.call_bar(s) for s in range(4)] == ["discarder", "to_move", None, "passed"]
    g = calling_table()
    play(g, "0:draw, 0:discard 8H, 2:call")
    assert g.why_illegal("call", 3) == "It is Bob's turn, not Di's: Cy called first and sits nearer after Bob."
    g = lay_with_spares()
    play(g, "3:draw, 3:discard 9S")
    assert g.why_illegal("call", 2) == ("It is Ann's turn, not Cy's: You have laid down: only players who have "
                                        "not laid down may call.")
    play(g, "0:take")
    assert g.why_illegal("call", 2) == ("It is Ann's turn, not Cy's: There is no discard to call now: a call "
                                        "comes right after a discard.")


def test_calls_are_not_capped_by_default():
    """§6.6 'No cap on calls' [T]: a fourth call in one deal is allowed."""
    g = table(["", "", "", ""], "2C", "", deal=5)
    play(g, f"0:draw, 0:discard {held(g, 0)[0]}")
    for _ in range(5):
        nxt = g.current_player
        caller = (nxt + 1) % 4
        play(g, f"{caller}:call, {nxt}:allow, {nxt}:draw, {nxt}:discard {held(g, nxt)[0]}")
    assert g.view(0)["calls"] == [1, 1, 2, 1]


# ---- tacking and the joker slide (§6.4–5) ----------------------------------------------------

def test_tacking_on_a_later_turn_and_the_joker_slide():
    """§6.4 'On later turns … tack'; §6.5 'A joker in a four may be slid to either end of that four by a
    player who lays the natural card it stands for'."""
    g = lay_with_spares()
    v = g.view(0)
    assert v["melds"][2] == {"number": 3, "owner": 2, "kind": "four", "cards": ["5H", "JK", "7H", "8H"],
                             "stands_for": ["5H", "6H", "7H", "8H"]}
    assert g.legal_actions(2) == []      # not his turn; and tacking waits for a later turn
    play(g, "3:draw, 3:discard 9S, 0:draw, 0:discard 2C, 1:draw, 1:discard 5C, 2:draw")
    assert "6H" in held(g, 2)
    legal = g.view(2)["legal"]
    assert "tack 6H 3 low" in legal and "tack 6H 3 high" in legal and "tack 3D 3" not in legal
    events = g.apply("tack 6H 3 low", 2)
    assert events[0].kind == "slide" and "low end" in events[0].text and "4♥" in events[0].text
    meld = g.view(2)["melds"][2]
    assert meld["cards"] == ["JK", "5H", "6H", "7H", "8H"] and meld["stands_for"][0] == "4H"
    refused(g, "tack 3D 1", 2, match="does not fit", rule="kalooki.tack")


def test_tacking_is_not_allowed_on_the_turn_of_laying_down_nor_before():
    g = calling_table()
    play(g, "0:draw, 0:discard 8H, 2:call, 1:allow, 1:draw, 1:discard 5D, 2:draw")
    play(g, "2:lay 7S 7S 7H | 8D 8C 8S | 5H JK 7H 8H")
    refused(g, "tack 7D 1", 2, match="turn after laying down|does not hold")
    assert not any(a.startswith("tack") for a in g.view(2)["legal"])


def test_a_joker_in_a_three_stays_and_a_joker_is_never_discarded():
    """§6.4 'Discard one card, never a joker (seed)'; §6.5 'A joker in a three is fixed'."""
    g = table(["JK", "", ""], "2C", "KD")
    play(g, "0:draw")
    assert "discard JK" not in g.view(0)["legal"]
    refused(g, "discard JK", 0, match="joker may never be discarded", rule="kalooki.discard")


# ---- the stock, the end (§6.7–8) ----------------------------------------------------------

def test_the_stock_is_rebuilt_from_the_discards_but_the_top_card():
    """§6.8 'Stock exhausted → shuffle the discards except the top card into a new stock' [T]."""
    g = engine.new_game("kalooki", players=6, seed=3, deals=[9])
    rebuilt = None
    while rebuilt is None:
        seat = g.current_player
        before = g.view(seat)
        events = g.apply("draw", seat)
        rebuilt = next((e for e in events if e.kind == "rebuild"), None)
        if rebuilt is None:
            card = next(c for c in g.view(seat)["hand"] if c != "JK")
            g.apply(f"discard {card}", seat)
    assert before["stock_size"] == 0 and rebuilt.data["size"] == before["discard_size"] - 1
    v = g.view(0)
    assert v["discard_size"] == 1 and v["discard_top"] == before["discard_top"]
    assert sum(v["hand_sizes"]) + v["stock_size"] + v["discard_size"] == 108
    # every card discarded face up stays in the view until it is shuffled into the stock
    assert before["discard_pile"][-1] == before["discard_top"] and len(before["discard_pile"]) == before["discard_size"]
    assert v["discard_pile"] == [v["discard_top"]]


def test_after_the_last_deal_the_lowest_total_wins():
    """§6.7 'After 9 deals the lowest total wins'."""
    g = table(["7S 7S 7H 8D 8C JK 9S 9H 9C", "", ""], "2C", "KD")
    play(g, "0:draw, 0:lay 7S 7S 7H | 8D 8C JK | 9S 9H 9C, 0:discard KD")
    end = g.events[-1]
    assert end.kind == "game_end" and end.data["winners"] == [0] and "Ann wins with the lowest total, 0" in end.text
    assert g.view(1)["deal_scores"] == [g.scores]


# ---- the Trinidad toggles (seed 002) --------------------------------------------------------

def test_trinidad_jokers_one_natural_per_meld():
    """Seed: 'There is no restriction, except that each set or run must contain at least one genuine card.'"""
    assert why_not_meld(parse_cards("QD JK JK"), TRINIDAD_MELDS) is None
    assert why_not_meld(parse_cards("5H JK JK 8H"), TRINIDAD_MELDS) is None
    assert why_not_meld(parse_cards("JK JK JK"), TRINIDAD_MELDS) is not None
    g = table(["QD JK JK 5H JK JK 8H 9C 9D 9H", "", ""], "2C", "KD", deal=2, trinidad_jokers=True)
    play(g, "0:draw, 0:lay QD JK JK | 9C 9D 9H | 5H JK JK 8H")
    assert g.view(1)["melds"][2]["stands_for"] == ["5H", "6H", "7H", "8H"]


def test_trinidad_joker_swap_from_your_own_four():
    """Seed: 'If you replace a joker by a real card in your own run, you may reuse the joker immediately …
    or store it in your hand'."""
    g = lay_with_spares(joker_swaps=True)
    play(g, "3:draw, 3:discard 9S, 0:draw, 0:discard 2C, 1:draw, 1:discard 5C, 2:draw")
    assert "swap 6H 3" in g.view(2)["legal"]
    events = g.apply("swap 6H 3", 2)
    assert events[0].kind == "swap" and "JK" in held(g, 2)
    assert g.view(2)["melds"][2]["cards"] == ["5H", "6H", "7H", "8H"]
    assert "discard JK" not in g.view(2)["legal"]
    g2 = lay_with_spares()
    play(g2, "3:draw, 3:discard 9S, 0:draw, 0:discard 2C, 1:draw, 1:discard 5C, 2:draw")
    refused(g2, "swap 6H 3", 2, match="joker swaps", rule="kalooki.swap")


def test_trinidad_calls_three_a_deal_even_after_laying_down():
    """Seed: 'Each person has 3 calls per round … players can call on any turn, even after they have laid
    down their contract.'"""
    g = lay_with_spares(trinidad_calls=True)
    play(g, "3:draw, 3:discard 9S")
    assert 2 in g.to_act() and g.view(2)["call_limit"] == 3
    play(g, "2:call, 0:allow, 0:draw, 0:discard 2C")
    g.deal.calls[2] = 3  # two more calls, as if made: the fourth is refused
    g._version += 1
    refused(g, "call", 2, match="3 calls")


def test_trinidad_challenge_of_more_than_18_cards():
    """Seed: 'If the challenge is wrong … the challenger counts the value of all his cards and adds an extra
    50 … drops out … If the challenger is right, the player with more than 18 cards is punished in the same way.'"""
    g = table(["", "", "", ""], "2C", "KD 3D 10S QH 6H 9D 4S 10C", deal=9, challenge=True)
    play(g, "0:draw")
    play(g, f"0:discard {held(g, 0)[0]}, 3:call, 1:allow, 1:draw")
    play(g, f"1:discard {held(g, 1)[0]}, 3:call, 2:allow, 2:draw")
    assert len(held(g, 3)) == 20
    play(g, f"2:discard {held(g, 2)[0]}")
    refused(g, "challenge 3", 3, match="challenge")          # not at your own hand
    play(g, "3:draw")
    play(g, f"3:discard {held(g, 3)[0]}")
    hand = parse_cards(held(g, 3))
    events = g.apply("challenge 3", 0)
    assert events[0].kind == "challenge" and events[1].kind == "drop" and events[1].seat == 3
    assert events[1].data["score"] == hand_points(hand) + 50 and g.view(0)["dropped"] == [False] * 3 + [True]
    assert g.view(0)["hand_sizes"][3] == 0 and 3 not in g.to_act()
    # the challenged hand goes under the pile unseen: the view shows only the cards discarded face up
    pile = g.view(0)
    assert pile["discard_size"] == len(pile["discard_pile"]) + len(hand)
    assert pile["discard_pile"][-1] == pile["discard_top"]
    # a wrong challenge: the challenger drops out and the turn passes
    assert "challenge 1" not in g.view(0)["legal"]  # one challenge a turn
    play(g, "0:draw")
    play(g, f"0:discard {held(g, 0)[0]}, 1:challenge 2")
    assert g.view(0)["dropped"] == [False, True, False, True] and g.current_player == 2


def test_tacking_onto_another_players_meld():
    """§6.4 'a player who has laid down may tack cards onto any meld' (another player's too). Cy and Di
    each call a card, so both lay down with cards to spare; then Cy tacks the 2♣ onto Di's three of 2s."""
    g = table(["9C AD", "4D KC", "7S 7S 7H 8D 8C JK 9S 9H QC", "2S 2H 2D 3S 3H 3D 4S 4H QS"], "6C",
              "KD 10D 6S 10C 5H JD QH 8S 2C")
    play(g, "0:draw, 0:discard 9C, 2:call, 1:allow, 1:draw, 1:discard 4D, 3:call, 2:allow, 2:draw")
    play(g, "2:lay 7S 7S 7H | 8D 8C JK | 9S 9H 9C, 2:discard QC, 3:draw")
    play(g, "3:lay 2S 2H 2D | 3S 3H 3D | 4S 4H 4D, 3:discard QS, 0:draw, 0:discard AD, 1:draw, 1:discard KC")
    play(g, "2:draw")
    assert "tack 2C 4" in g.view(2)["legal"]
    events = g.apply("tack 2C 4", 2)
    assert events[0].kind == "tack" and "onto meld 4 (Di's)" in events[0].text
    assert g.view(0)["melds"][3] == {"number": 4, "owner": 3, "kind": "three", "cards": ["2S", "2H", "2D", "2C"],
                                     "stands_for": ["2S", "2H", "2D", "2C"]}


# ---- no move leaves a player who must discard holding only jokers (§6.4; issue 18 item 7) ------------

def only_jokers_stuck(g: engine.Game, seat: int) -> bool:
    """The player must still discard, holds only jokers, and no move is left but to discard one."""
    hand = g.deal.hands[seat]
    return (g.deal.phase == "play" and g.deal.turn == seat and bool(hand) and all(c.is_joker for c in hand)
            and not any(a.verb in ("tack", "swap") for a in g.legal_actions(seat)))


def test_a_lay_down_that_leaves_only_a_joker_is_refused_and_the_engine_offers_one_that_melds_it():
    """§6.4 'no lay-down or tack may leave a player who must still discard holding only jokers: the joker
    goes into a meld where it fits … the engine never offers "discard JK"'. Ann's nine cards make the
    contract exactly and she draws a joker: laying the nine leaves her the joker alone."""
    g = table(["7S 7S 7H 8D 8C 8H 9S 9H 9C", "", ""], "2C", "JK")
    play(g, "0:draw")
    refused(g, "lay 7S 7S 7H | 8D 8C 8H | 9S 9H 9C", 0, match="only jokers", rule="kalooki.lay")
    lays = [a for a in g.view(0)["legal"] if a.startswith("lay ")]
    assert lays and "JK" in lays[0]          # the joker goes into a meld: she goes out
    g.apply(lays[0], 0)
    assert g.is_over or "discard JK" not in g.view(0)["legal"]


def test_the_move_list_and_its_quick_check_agree_on_draws_takes_and_discards():
    """``legal_actions`` and ``apply``'s check of a single move (Kalooki._allows) are one rule."""
    rng = __import__("random").Random(3)
    for seed in range(6):
        g = engine.new_game("kalooki", players=3 + seed % 3, seed=seed, deals=[1 + seed % 9])
        for _ in range(300):
            if g.is_over:
                break
            for seat in range(g.players):
                listed = set(map(str, g.legal_actions(seat)))
                for text in ["draw", "take", "call", "pass", "allow", "refuse", "discard JK",
                             *(f"discard {c}" for c in set(map(str, g.deal.hands[seat])))]:
                    act = g.parse_action(text)
                    assert g._allows(seat, act) == (text in listed), (seed, seat, text, listed)
            seat = rng.choice(g.to_act())
            g.apply(rng.choice(g.legal_actions(seat)), seat)


def test_a_tack_that_would_leave_a_joker_no_meld_can_take_is_not_offered():
    """§6.4 again, for tacks: Ann's three fours end in jokers against Aces, so no meld on the table can take
    another joker. Holding a joker and the 5♠ that the spade four's joker stands for, tacking the 5♠ would
    leave her the joker alone with nothing to do but discard it: that tack is not offered (she discards
    the 5♠ and keeps the joker); a card that leaves her a real card is tacked as usual."""
    g = table(["AS 2S 3S JK AH 2H 3H JK AD 2D 3D JK", "QH", ""], "2C",
              "9C 5D JK 6C KD 7D 8D 4S 9D 10D 5S JC", deal=4)
    play(g, "0:draw, 0:discard 9C, 1:draw, 1:discard QH, 0:call, 2:allow, 2:draw, 2:discard 6C, 0:draw")
    play(g, "0:lay AS 2S 3S JK | AH 2H 3H JK | AD 2D 3D JK, 0:discard QH")
    assert held(g, 0) == ["KD", "JK"]
    for seat in (1, 2):
        play(g, f"{seat}:draw, {seat}:discard {held(g, seat)[0]}")
    play(g, "0:draw")
    assert "tack 4S 1" in g.view(0)["legal"]           # leaves K♦ and the joker: allowed
    play(g, "0:tack 4S 1, 0:discard KD")
    assert held(g, 0) == ["JK"]
    for seat in (1, 2):
        play(g, f"{seat}:draw, {seat}:discard {held(g, seat)[0]}")
    play(g, "0:draw")
    legal = g.view(0)["legal"]
    assert held(g, 0) == ["5S", "JK"] and legal == ["discard 5S"], legal
    refused(g, "tack 5S 1", 0, match="only jokers", rule="kalooki.tack")
