"""The protocol carries the shapes the other eight games need (docs/engine.md).

Tiny rules classes stand in for those games here: each exercises one shape through the
real base class (turns, seat checks, saves, undo), not a copy of it.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.cards import standard_52
from engine.dealing import stacked_pack
from engine.protocol import Action, Game, Rule, Rulebook

RULES = Rulebook([Rule("t.turn", "Take turns."), Rule("t.call", "Others may call the discard."),
                  Rule("t.flip", "Turn your top card.")])


class Calling(Game):
    """Kalooki's shape: while a discard is up, players who are not to move may call it."""

    id, name, min_players, max_players, default_players, rules = "calling", "Calling", 3, 3, 3, RULES

    def _setup(self) -> None:
        self.turn, self.discard_up, self.calls = 0, True, []

    @property
    def current_player(self) -> int | None:
        return None if len(self._history) >= 6 else self.turn

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @property
    def scores(self) -> list[int]:
        return [self.calls.count(s) for s in range(3)]

    def to_act(self) -> list[int]:
        if self.current_player is None:
            return []
        callers = [s for s in range(3) if s != self.turn] if self.discard_up else []
        return [self.turn, *callers]

    def _legal(self, seat: int) -> list[Action]:
        return [Action("draw")] if seat == self.turn else [Action("call")]

    def _apply(self, seat: int, action: Action) -> None:
        if action.verb == "call":
            self.calls.append(seat)
            self.discard_up = False
            self._emit("call", "t.call", f"{self.names[seat]} calls the discard.", seat=seat)
        else:
            self.turn = (self.turn + 1) % 3
            self.discard_up = True
            self._emit("draw", "t.turn", f"{self.names[seat]} draws.", seat=seat)

    def view(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "to_act": self.to_act(), "legal": [str(a) for a in self.legal_actions(seat)]}


class Forehead(Game):
    """Injun's shape: every seat sees every card but its own."""

    id, name, min_players, max_players, default_players, rules = "forehead", "Forehead", 2, 15, 3, RULES

    def _setup(self) -> None:
        pack = stacked_pack(standard_52(), self.deck, self.seed, "forehead")
        self.cards = pack[: self.players]
        self.done = False

    @property
    def current_player(self) -> int | None:
        return None if self.done else 0

    @property
    def is_over(self) -> bool:
        return self.done

    @property
    def scores(self) -> list[int]:
        return [0] * self.players

    def _legal(self, seat: int) -> list[Action]:
        return [Action("show")]

    def _apply(self, seat: int, action: Action) -> None:
        self.done = True
        self._emit("show", "t.turn", "Everyone shows: " + " ".join(c.symbol for c in self.cards))

    def view(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "cards": [None if s == seat and not self.done else str(c)
                                        for s, c in enumerate(self.cards)]}


class Automatic(Game):
    """El Gato's and Relógio's shape: one player, and a single legal action at each step."""

    id, name, min_players, max_players, default_players, rules = "automatic", "Automatic", 1, 1, 1, RULES

    def _setup(self) -> None:
        self.pile = stacked_pack(standard_52(), self.deck, self.seed, "automatic")[:5]
        self.turned: list = []

    @property
    def current_player(self) -> int | None:
        return 0 if self.pile else None

    @property
    def is_over(self) -> bool:
        return not self.pile

    @property
    def scores(self) -> list[int]:
        return [len(self.turned)]

    def _legal(self, seat: int) -> list[Action]:
        return [Action("flip")]

    def _apply(self, seat: int, action: Action) -> None:
        card = self.pile.pop(0)
        self.turned.append(card)
        self._emit("flip", "t.flip", f"{card.symbol} is turned.", card=str(card))

    def view(self, seat: int) -> dict[str, Any]:
        return {"turned": [str(c) for c in self.turned], "left": len(self.pile)}


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    for cls in (Calling, Forehead, Automatic):
        monkeypatch.setitem(engine.GAMES, cls.id, cls)


def test_a_seat_may_act_out_of_turn_when_the_rules_allow_it():
    g = engine.new_game("calling", names=["Ann", "Bob", "Cy"])
    assert g.current_player == 0 and g.to_act() == [0, 1, 2]
    assert g.legal_actions(2) == [Action("call")]
    g.apply("call", seat=2)                      # Cy calls while it is Ann's turn
    assert g.current_player == 0 and g.to_act() == [0]
    with pytest.raises(engine.IllegalAction, match="It is Ann's turn, not Bob's"):
        g.apply("call", seat=1)                  # the discard is gone: nobody else may act
    g.apply("draw")
    assert g.to_act() == [1, 0, 2]
    back = engine.load_game(g.to_json())
    assert back.history == [(2, "call"), (0, "draw")] and back.scores == g.scores
    g.undo(2)
    assert g.to_act() == [0, 1, 2] and g.scores == [0, 0, 0]


def test_a_seat_sees_every_card_but_its_own():
    g = engine.new_game("forehead", players=4, seed=5, deck=["AS", "KH", "2C", "9D"])
    for seat in range(4):
        cards = g.view(seat)["cards"]
        assert cards[seat] is None
        assert [c for s, c in enumerate(cards) if s != seat] == [c for s, c in enumerate(["AS", "KH", "2C", "9D"])
                                                                 if s != seat]
    g.apply("show")
    assert g.view(0)["cards"][0] == "AS"


def test_one_player_and_no_decisions_still_have_turns_history_and_saves():
    g = engine.new_game("automatic", seed=9)
    while not g.is_over:
        assert [str(a) for a in g.legal_actions()] == ["flip"]
        g.apply("flip")
    assert g.scores == [5] and len(g.history) == 5
    assert engine.load_game(g.to_json()).view(0) == g.view(0)
    with pytest.raises(engine.OptionError, match="Automatic is for 1 player, not 2"):
        engine.new_game("automatic", players=2)
