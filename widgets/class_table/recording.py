"""Recording a class table's finished deals in the class's record store, as a deal played alone is recorded.

Why here and not in the kernel: at a class table the game lives in the server process (the tables), not in any
page's kernel, and that process also holds the class's record store (widgets/server/class_records.py). So the
tables hand each finished deal to :class:`TableRecorder` (their ``on_deal_over`` hook, called with a table's lock
held: it only queues), and its thread records it with :func:`widgets.records.recorder.record_deal` for each
person who played a seat through the whole deal: that seat's own review (the engine's, of that seat's decisions,
from what that seat could see), the table's code marked. The server makes one only where it records a class (the
hub, ``./run app --class NAME``), never on a plain ``./run app``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import engine
from widgets.deal_code import table_code
from widgets.records.recorder import JobThread

from .table import SharedDeal

if TYPE_CHECKING:  # the tables never load the database's modules themselves
    from widgets.records.store import Store


class TableRecorder:
    """A thread that records each finished shared deal, one after another; the tables never wait for it.

    ``store``: gives the class's store (opened on first use); ``class_name``: the class the server records.
    A record the store refuses, or a deal that cannot be replayed, is logged and the next one goes on.
    """

    def __init__(self, store: Callable[[], "Store"], class_name: str) -> None:
        self.store, self.class_name = store, class_name
        self.recorded: list[str] = []  # the keys the store took (tests, the bench)
        self._thread = JobThread(self.record, "parlour-class-table-records", "A class table's finished deal")
        self.failed = self._thread.failed

    def __call__(self, deal: SharedDeal) -> None:
        """The tables' hook: queue the deal (called under a table's lock, so nothing else happens here)."""
        if deal.seats:
            self._thread.put(deal)

    def wait(self, timeout: float = 60.0) -> bool:
        """Until every deal handed over is recorded (tests): True, or False after ``timeout`` seconds."""
        return self._thread.wait(timeout)

    def close(self) -> None:
        self._thread.close()

    def record(self, deal: SharedDeal) -> list[str]:
        """Record ``deal`` for each person who played it (the review of each seat runs here: seconds each)."""
        from widgets.records.recorder import lesson_of, record_deal

        game = engine.game_class(deal.game_id)(**deal.setup)
        for who, action in deal.history:  # every move checked again by the rules
            game.apply(action, who)
        code = table_code(game.players, game.seed, deal.settings)
        lesson = lesson_of(deal.game_id, str(game.options.get("lang", "en")))
        keys = []
        for seat, student in deal.seats:
            key = record_deal(self.store(), game, seat, student, lesson, deal.level, class_name=self.class_name,
                              deal=deal.deal, code=code, refusals=deal.refusals.get(seat), table=deal.code)
            self.recorded.append(key)
            keys.append(key)
        return keys


__all__ = ["TableRecorder"]
