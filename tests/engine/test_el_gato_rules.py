"""El Gato against its sources: seed 001 and docs/rules/el_gato.md (each test cites its rule)."""

from collections import Counter

import pytest

import engine
from engine.cards import Card, parse_card, spanish_40
from engine.games.el_gato import GATO, ElGato, rank_of

from .helpers import stack_deal


def stacked(hands: list[str], dealer: int, **options) -> ElGato:
    """A game whose packets are ``hands`` (by seat, top card first), dealt by ``dealer``."""
    n = len(hands)
    g = engine.new_game("el_gato", players=n, seed=1, first_dealer=dealer,
                        deck=stack_deal(hands, first=(dealer + 1) % n),
                        names=[f"P{i + 1}" for i in range(n)], **options)
    assert isinstance(g, ElGato)
    return g


def play(g: ElGato, times: int) -> list[engine.Event]:
    events: list[engine.Event] = []
    for _ in range(times):
        events += g.apply("play")
    return events


def fill(tops: list[str]) -> list[str]:
    """Packets that start with ``tops`` (one per seat); the rest of the pack is shared out in order."""
    rest = [str(c) for c in spanish_40() if str(c) not in tops]
    each = 40 // len(tops) - 1
    return [" ".join([top] + rest[i * each:(i + 1) * each]) for i, top in enumerate(tops)]


# The docs/rules/el_gato.md 2-player example, completed to 20 cards each (the rest never matters here).
P1_CARDS = "7Co 3Es 1Or 1Co 1Es 1Ba 2Or 2Co 2Es 2Ba 3Or 3Co 3Ba 4Or 4Co 4Es 4Ba 5Co 5Es 5Ba"
P2_CARDS = "7Ba 9Or 6Or 6Co 6Es 6Ba 7Or 7Es 8Or 8Co 8Es 8Ba 9Co 9Es 9Ba 10Or 10Co 10Es 10Ba 5Or"


def test_the_pack_is_the_spanish_forty():
    """Seed: "Baralho Espanhol (48 cartas), do qual se retiram os Reis e Cavaleiros … apenas 40
    cartas"; docs/rules/el_gato.md: 1–9 and the Sota in oros, copas, espadas, bastos."""
    g = engine.new_game("el_gato", players=2, seed=3)
    held = Counter(c for p in g.deal.packets for c in p)
    assert held == Counter(spanish_40()) and len(held) == 40
    assert {c.suit for c in held} == {"Or", "Co", "Es", "Ba"} and {c.rank for c in held} == set(range(1, 11))
    assert parse_card("5Or") == GATO and GATO.name == "5 de oros" and parse_card("10Co").name == "Sota de copas"


@pytest.mark.parametrize("players", [2, 4, 5, 8, 10])
def test_allowed_player_counts_divide_the_forty_exactly(players):
    """Seed: "desde que o seu número permita a exata divisão das 40 cartas (2, 4, 5, 8, 10 jogadores)"."""
    g = engine.new_game("el_gato", players=players, seed=4)
    assert [len(p) for p in g.deal.packets] == [40 // players] * players


@pytest.mark.parametrize("players", [1, 3, 6, 7, 9, 11])
def test_other_player_counts_are_refused(players):
    with pytest.raises(engine.OptionError, match="2, 4, 5, 8 or 10 players|for 2 to 10 players"):
        engine.new_game("el_gato", players=players)


def test_the_highest_card_deals_and_the_draw_is_narrated():
    """Seed: "escolher um carteador por meio do sorteio da maior carta"; ties for highest draw again
    (docs/rules/el_gato.md [T], the usual way to settle a draw). The draw is part of the seeded set-up."""
    ties = 0
    for seed in range(60):
        g = engine.new_game("el_gato", players=4, seed=seed)
        draws = [e for e in g.events if e.kind == "dealer"]
        assert draws and all(e.rule == "el_gato.dealer" for e in draws)
        ties += len(draws) - 1
        for e in draws[:-1]:
            assert "tie for the highest card and draw again" in e.text
        final = [(s, parse_card(c)) for s, c in draws[-1].data["draws"]]
        best = max(rank_of(c) for _, c in final)
        assert [s for s, c in final if rank_of(c) == best] == [g.dealer]
        assert f"{g.names[g.dealer]} has the highest card and deals" in draws[-1].text
        assert engine.new_game("el_gato", players=4, seed=seed).dealer == g.dealer  # same seed, same dealer
    assert ties > 0, "some seed in 60 should show a tie being drawn again"


def test_the_deal_is_one_at_a_time_from_the_dealers_left_and_packets_keep_that_order():
    """Seed: "o carteador distribui todas as cartas, uma de cada vez, começando pelo primeiro jogador
    à sua esquerda … a ordem das cartas não pode ser alterada". The first card you receive is the
    first you turn."""
    deck = [str(c) for c in spanish_40()]
    for players in (2, 4, 5, 8, 10):
        for dealer in (0, players - 1):
            g = engine.new_game("el_gato", players=players, seed=0, deck=deck, first_dealer=dealer)
            left = (dealer + 1) % players
            assert [str(c) for c in g.deal.packets[left]] == deck[0::players]
            assert g.current_player == left  # seed: "o jogo é iniciado pelo primeiro jogador à esquerda"
            events = g.apply("play")
            assert events[0].data["card"] == deck[0]


def test_two_player_guerra_worked_example():
    """docs/rules/el_gato.md#examples: 2 players: 7 vs 7 is a guerra; then 3 vs 9, so P2 puts
    [7(P1), 7(P2), 3, 9] under his packet. Seed: "deixam momentaneamente de lado as cartas
    empatadas, e iniciam uma nova vaza. O vencedor … recolher as cartas das duas vazas, na ordem
    em que foram jogadas"."""
    g = stacked([P1_CARDS, P2_CARDS], dealer=1)
    events = play(g, 2)
    guerra = events[-1]
    assert guerra.kind == "guerra" and guerra.rule == "el_gato.guerra" and guerra.data["tied"] == [0, 1]
    assert g.view(0)["aside"] == [[0, "7Co"], [1, "7Ba"]]  # set aside, face up
    events = play(g, 2)
    trick = events[-1]
    assert trick.kind == "trick" and trick.data["winner"] == 1
    assert trick.data["cards"] == ["7Co", "7Ba", "3Es", "9Or"]
    assert [str(c) for c in g.deal.packets[1][-4:]] == ["7Co", "7Ba", "3Es", "9Or"]
    assert len(g.deal.packets[0]) == 18 and len(g.deal.packets[1]) == 22
    assert g.view(0)["aside"] == [] and g.current_player == 1  # the winner leads the next trick


def test_the_gato_beats_a_sota():
    """docs/rules/el_gato.md#examples: the gato beats a Sota. Seed: "o 5 de Ouros, que é chamado gato e tem valor
    superior a qualquer outra carta"."""
    g = stacked(fill(["10Co", "5Or"]), dealer=1)
    events = play(g, 2)
    assert events[-1].kind == "trick" and events[-1].data["winner"] == 1 and events[-1].rule == "el_gato.gato"
    assert "The gato (5 de oros) is highest" in events[-1].text
    assert rank_of(GATO) > rank_of(Card(10, "Co")) and rank_of(GATO, ace_high=True) > rank_of(Card(1, "Co"), True)


def test_ranks_are_face_value_with_the_sota_highest_and_suits_equal():
    """docs/rules/el_gato.md [T]: Sota(10) > 9 > … > 1, suits equal; option ace_high puts the 1 above the Sota."""
    assert [rank_of(Card(r, "Co")) for r in range(1, 11)] == list(range(1, 11))
    assert rank_of(Card(5, "Co")) == 5  # only the 5 de oros is the gato
    assert rank_of(Card(7, "Es")) == rank_of(Card(7, "Ba"))
    assert rank_of(Card(1, "Es"), ace_high=True) == 11 > rank_of(Card(10, "Es"), ace_high=True)


@pytest.mark.parametrize("ace_high, winner", [(False, 1), (True, 0)])
def test_the_ace_high_variant_decides_an_as_against_a_sota(ace_high, winner):
    g = stacked(fill(["1Co", "10Ba"]), dealer=1, ace_high=ace_high)
    assert play(g, 2)[-1].data["winner"] == winner


def test_guerra_only_on_a_tie_for_the_highest_card_and_play_goes_clockwise_from_the_winner():
    """docs/rules/el_gato.md [T]: guerra only on a tie for the highest card; the trick winner plays first to the
    next trick, then clockwise. Seed: the winner puts the trick under his packet in play order."""
    full = fill(["3Or", "3Co", "9Es", "2Ba"])
    g = stacked(full, dealer=3)  # seat 0 leads
    events = play(g, 4)
    assert not any(e.kind == "guerra" for e in events)  # the 3s tie, but 9 is highest
    trick = events[-1]
    assert trick.data["winner"] == 2 and trick.data["cards"] == ["3Or", "3Co", "9Es", "2Ba"]
    assert [str(c) for c in g.deal.packets[2][-4:]] == ["3Or", "3Co", "9Es", "2Ba"]
    assert g.view(0)["order"] == [2, 3, 0, 1] and g.current_player == 2


# Ten players, four cards each; seat 9 deals, so seat 0 leads. Trick 1: seat 5's gato wins.
# Trick 2 (seat 5 leads): seat 8's Sota. Trick 3 (seat 8 leads): seat 5's Sota. Trick 4 (seat 5
# leads): seats 5, 7 and 8 tie with 9s; seat 7 has just played his last card.
TEN = {5: "5Or 2Co 10Or 9Or", 8: "1Or 10Co 2Es 9Co", 7: "1Co 2Ba 3Or 9Es"}
OTHERS = (0, 1, 2, 3, 4, 6, 9)
COLUMNS = ["10Es 10Ba 9Ba 1Es 1Ba 2Or 3Co", "3Es 3Ba 4Or 4Co 4Es 4Ba 5Co",
           "5Es 5Ba 6Or 6Co 6Es 6Ba 7Or", "7Co 7Es 7Ba 8Or 8Co 8Es 8Ba"]


def ten_player_game(**options) -> ElGato:
    hands = dict(TEN)
    for i, seat in enumerate(OTHERS):
        hands[seat] = " ".join(col.split()[i] for col in COLUMNS)
    return stacked([hands[s] for s in range(10)], dealer=9, **options)


def test_more_than_two_tied_play_a_tie_break_among_themselves_and_the_donor_is_the_next_tied_clockwise():
    """Seed: "Quando o empate envolve mais de dois jogadores, ele é decidido por meio de uma vaza jogada
    apenas entre os jogadores envolvidos, e o vencedor ficará com todas as cartas." docs/rules/el_gato.md: the donor
    is the next tied player clockwise who has cards."""
    g = ten_player_game()
    play(g, 30)  # three tricks of ten
    assert g.last_trick["winner"] == 5 and g.current_player == 5
    events = play(g, 10)
    guerra = next(e for e in events if e.kind == "guerra")
    assert guerra.kind == "guerra" and guerra.rule == "el_gato.guerra_many" and guerra.data["tied"] == [5, 7, 8]
    assert g.view(0)["order"] == [5, 7, 8]  # only the tied players play the tie-break
    assert len(g.deal.packets[7]) == 0 and not g.view(0)["safe"][7]  # in a guerra: not safe
    # every untied player has just turned his last card: each is safe now
    safe = [e.seat for e in events if e.kind == "safe"]
    assert sorted(safe) == list(OTHERS) and all(g.view(3)["safe"][s] for s in OTHERS)
    with pytest.raises(engine.IllegalAction, match="It is P6's turn, not P8's"):
        g.apply("play", 7)
    events = play(g, 1)  # seat 5
    top_of_8 = g.deal.packets[8][0]
    events = play(g, 1)  # seat 7, out of cards: the card comes from seat 8 (clockwise next), not seat 5
    donate = events[0]
    assert donate.kind == "donate" and donate.rule == "el_gato.last_card" and donate.data["donor"] == 8
    assert "takes the top card of P9's packet, face down" in donate.text and "card" not in donate.data
    assert events[1].data["card"] == str(top_of_8)
    events = play(g, 1)  # seat 8 ends the tie-break
    trick = next(e for e in events if e.kind == "trick")
    assert trick.data["guerra"] and trick.rule == "el_gato.guerra_many"
    assert len(trick.data["cards"]) == 13  # the whole fourth trick and the three tie-break cards
    assert trick.data["cards"][:10] == [c for _, c in g.view(0)["last_trick"]["aside"]]
    holding = [s for s in range(10) if g.deal.packets[s]]
    assert sum(len(g.deal.packets[s]) for s in holding) == 40
    if len(holding) > 1:
        assert g.current_player == trick.data["winner"]


def test_a_tied_player_without_cards_takes_the_next_opponents_card_even_if_untied_and_nobody_is_redealt():
    """docs/rules/el_gato.md: "A tied player who has no card left takes the top card of an opponent's packet (seed:
    'a primeira carta do monte de seu adversário'): the next player clockwise who still has cards, tied or
    not. A player already safe is never dealt back in." (An earlier brief said "redeal".) Seats 1 and 2
    tie with their last cards; seats 3, 4 are safe and hold nothing, so the card comes from seat 5."""
    hands = {5: "5Or 10Or 10Co 2Co"}
    last = {1: "9Or", 2: "9Co", 0: "8Or", 3: "8Co", 4: "8Es", 6: "8Ba", 7: "7Or", 8: "7Co", 9: "7Es"}
    used = set(" ".join([hands[5], *last.values()]).split())
    early = [c for c in ("10Es", "10Ba")] + [str(c) for c in spanish_40() if str(c) not in used | {"10Es", "10Ba"}]
    early[1], early[3] = early[3], early[1]  # the two Sotas go to trick 1, where the gato beats them
    for i, seat in enumerate(s for s in range(10) if s != 5):
        hands[seat] = " ".join(early[i * 3:(i + 1) * 3] + [last[seat]])
    g = stacked([hands[s] for s in range(10)], dealer=9)
    events = play(g, 30)
    assert all(e.data["winner"] == 5 for e in events if e.kind == "trick")
    events = play(g, 10)
    kinds = [e.kind for e in events]
    assert "guerra" in kinds and "redeal" not in kinds and "deal" not in kinds
    safe = {e.seat for e in events if e.kind == "safe"}
    assert safe == {0, 3, 4, 6, 7, 8, 9}  # everyone but the two tied and seat 5, who holds cards
    assert g.view(0)["order"] == [1, 2] and g.deal.packets[1] == [] and g.deal.packets[2] == []
    top_two = [str(c) for c in g.deal.packets[5][:2]]
    first = play(g, 1)
    assert first[0].kind == "donate" and first[0].data["donor"] == 5 and first[1].data["card"] == top_two[0]
    second = play(g, 1)
    assert second[0].kind == "donate" and second[0].data["donor"] == 5 and second[1].data["card"] == top_two[1]
    assert all(not g.deal.packets[s] for s in safe), "a safe player is never dealt back in"
    assert sum(len(p) for p in g.deal.packets) + len(g.deal.aside) + len(g.deal.trick) == 40


@pytest.mark.parametrize("seed", [18, 1, 2, 3, 4, 5, 6, 7])
def test_a_safe_player_never_gets_cards_again_in_ten_player_games(seed):
    """docs/rules/el_gato.md: "A player already safe (empty packet, out of the guerra) is never dealt back in"; there
    is no redeal. Seed 18 is the issue's game where the old redeal brought safe players back."""
    g = engine.new_game("el_gato", players=10, seed=seed)
    safe: set[int] = set()
    while not g.is_over:
        for e in g.apply("play"):
            assert e.kind not in ("redeal", "deal")
            if e.kind == "safe":
                safe.add(e.seat)
            assert all(not g.deal.packets[s] for s in safe)
            if e.kind == "play":
                assert e.seat not in safe


def trick_of(ranks: list[str]) -> list:
    return [(s, parse_card(c)) for s, c in enumerate(ranks)]


def test_guerra_any_pair_starts_a_guerra_below_the_highest_card():
    """docs/rules/el_gato.md, option guerra="any_pair" [V, the seed's literal words "Quando duas cartas de valor igual
    são jogadas na mesma vaza"]: any two equal cards start a guerra between their players, even below the
    highest card; the default stays "highest"."""
    hands = fill(["7Co", "9Es", "7Ba", "2Or"])
    default = stacked(hands, dealer=3)
    events = play(default, 4)
    assert events[-1].kind == "trick" and events[-1].data["winner"] == 1
    literal = stacked(hands, dealer=3, guerra="any_pair")
    events = play(literal, 4)
    guerra = events[-1]
    assert guerra.kind == "guerra" and guerra.rule == "el_gato.any_pair" and guerra.data["tied"] == [0, 2]
    assert literal.view(1)["order"] == [0, 2] and len(literal.view(1)["aside"]) == 4
    assert literal.deal.fighters(trick_of(["5Or", "3Co", "3Es"])) == [0]  # the gato still beats everything
    assert literal.deal.fighters(trick_of(["4Co", "4Es", "8Or", "8Co"])) == [2, 3]  # the highest pair counts
    with pytest.raises(engine.OptionError):
        engine.new_game("el_gato", guerra="pairs")


LOW = "1Or 1Co 1Es 1Ba 2Or 2Co 2Es 2Ba 3Or 3Co 3Es 3Ba 4Or 4Co 4Es 4Ba 5Co 5Es"
HIGH = "6Or 6Co 6Es 6Ba 7Or 7Co 7Es 7Ba 8Or 8Co 8Es 8Ba 9Or 9Co 9Es 9Ba 10Co"


def stacked_two(p1: str, p2: str) -> ElGato:
    """P2 beats P1 card for card: P1 holds the low cards, P2 the high ones (each list 20 cards)."""
    return stacked([p1, p2], dealer=1)


def test_a_player_who_ties_with_his_last_card_plays_his_opponents_top_card():
    """Seed: "Se um jogador envolver-se em uma guerra ao jogar a sua última carta da mão … deverá
    receber, fechada, a primeira carta do monte de seu adversário. Essa carta será jogada na vaza de
    desempate"."""
    g = stacked_two(f"{LOW} 5Ba 10Or", f"5Or {HIGH} 10Es 10Ba")  # the last cards are both Sotas
    play(g, 38)
    assert len(g.deal.packets[0]) == 1 and g.current_player == 1  # P2 won every trick, so he leads
    events = play(g, 2)
    assert events[-1].kind == "guerra" and g.deal.packets[0] == [] and g.view(0)["order"] == [1, 0]
    assert not g.view(1)["safe"][0]
    p2_top = g.deal.packets[1][0]
    assert p2_top == Card(1, "Or")  # the first card P2 won: P1's 1 de oros from trick 1
    events = play(g, 1)  # P2 turns his top card: the 1 de oros
    assert events[0].data["card"] == "1Or"
    gato = g.deal.packets[1][0]
    assert gato == GATO  # P2's next card is the gato he won trick 1 with …
    events = play(g, 1)  # … and P1, out of cards, takes it face down and plays it
    assert [e.kind for e in events[:2]] == ["donate", "play"]
    assert events[0].data["donor"] == 1 and events[1].data["card"] == "5Or" and events[1].seat == 0
    trick = events[-1]
    assert trick.data["winner"] == 0 and trick.data["cards"] == ["10Ba", "10Or", "1Or", "5Or"]
    assert [str(c) for c in g.deal.packets[0]] == ["10Ba", "10Or", "1Or", "5Or"]
    assert not g.is_over


def test_the_last_player_holding_cards_loses_holding_all_forty_and_the_empty_player_is_safe():
    """Seed: "O objetivo do jogo é ficar sem nenhuma carta na mão, e o perdedor será aquele que ficar
    com todas as cartas." docs/rules/el_gato.md: empty-packet players not in a guerra are safe."""
    g = stacked_two(f"{LOW} 10Or 5Ba", f"10Es {HIGH} 5Or 10Ba")  # P1's last card loses too
    events = play(g, 40)
    assert g.is_over and g.current_player is None and g.legal_actions() == []
    assert [e.kind for e in events[-3:]] == ["trick", "safe", "game_end"]
    assert events[-2].seat == 0 and events[-2].rule == "el_gato.safe"
    end = events[-1]
    assert end.rule == "el_gato.end" and end.data["loser"] == 1 and "all 40" in end.text
    assert len(g.deal.packets[1]) == 40 and g.deal.loser == 1 and g.deal.result == "lose"
    assert g.scores == [0, -1]
    assert g.view(0)["is_over"] and g.view(0)["loser"] == 1


def test_safe_players_sit_out_the_following_tricks():
    """docs/rules/el_gato.md: empty-packet players not in a guerra are safe; the next trick is among the rest."""
    g = ten_player_game()
    play(g, 10)  # trick 1: seat 5's gato; everyone still holds cards
    assert not any(g.view(0)["safe"])
    assert g.view(0)["order"] == [5, 6, 7, 8, 9, 0, 1, 2, 3, 4]


def test_the_trick_limit_guard_ends_in_a_draw():
    """docs/rules/el_gato.md [T]: a trick cap → draw (War-type games can loop)."""
    g = engine.new_game("el_gato", players=2, seed=5, trick_limit=10)
    while not g.is_over:
        g.apply("play")
    assert g.deal.rounds == 10 and g.deal.result == "draw" and g.deal.loser is None and g.scores == [0, 0]
    assert g.events[-1].rule == "el_gato.trick_limit" and "draw" in g.events[-1].text


def test_a_repeated_position_is_a_draw():
    """docs/rules/el_gato.md [T]: cycle detection → draw. A natural loop is very rare with 40 cards (none in
    the soak's games), so this test puts the packets back where they stood at the start of an
    earlier trick, as a loop would, and starts the next trick."""
    g = engine.new_game("el_gato", players=2, seed=5)
    play(g, 2)
    assert not g.deal.trick and not g.deal.tied
    earlier = [list(p) for p in g.deal.packets], g.deal.leader
    play(g, 2)
    assert not g.is_over and [list(p) for p in g.deal.packets] != earlier[0]
    g.deal.packets, g.deal.leader = [list(p) for p in earlier[0]], earlier[1]
    g._start_trick()
    assert g.is_over and g.deal.result == "draw" and g.deal.loser is None and g.scores == [0, 0]
    assert g.events[-1].rule == "el_gato.cycle" and "repeat forever" in g.events[-1].text
    # with the check switched off the same position plays on
    h = engine.new_game("el_gato", players=2, seed=5, cycle_draw=False)
    play(h, 4)
    h.deal.packets, h.deal.leader = [list(p) for p in earlier[0]], earlier[1]
    h._start_trick()
    assert not h.is_over


def test_every_event_cites_a_rule_of_the_game():
    g = engine.new_game("el_gato", players=5, seed=12)
    while not g.is_over:
        g.apply("play")
    assert {e.rule for e in g.events} <= set(engine.games.el_gato.RULES)
    assert all(e.text for e in g.events)
