"""The "connection lost" banner: when the kernel behind a page goes away, the page says so.

Without it a table whose kernel has died (a restart, a server stopped, a laptop asleep too
long) still says "Your turn" and every click goes nowhere. :class:`ConnectionWatch` is an
invisible anywidget every table carries; its browser side listens to the page's kernel
connection (the widget manager's kernel) and, once the kernel is dead, restarted (its game
is gone with it) or unreachable for a few seconds, puts one banner at the top of the page:
the game cannot go on, reload the page. The status line under it says the table is disconnected
(it said "Your turn. Click a card…" over buttons that no longer reach anything).
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

from engine.i18n import N_

_STATIC = Path(__file__).parent / "static"
LOST_MESSAGE = N_("Connection lost: this page's game stopped on the server, so clicks do nothing now. "
                  "Reload the page to play again.")
RELOAD = N_("Reload")
#: what the table's status line says under the banner, instead of inviting a move no one will receive
DISCONNECTED = N_("Disconnected: this table can no longer play. Reload the page to play again.")


class ConnectionWatch(anywidget.AnyWidget):
    """Nothing to see until the page loses its kernel; then a banner asks to reload."""

    _esm = _STATIC / "connection.js"
    #: seconds the page may be disconnected (a network blip reconnects) before it says so
    grace_seconds = traitlets.Float(4.0).tag(sync=True)
    #: the banner's words, in the table's language (the table passes them through its catalog)
    message = traitlets.Unicode(LOST_MESSAGE).tag(sync=True)
    reload_label = traitlets.Unicode(RELOAD).tag(sync=True)
    #: replaces every table's status line ("Your turn. Click a card…") once the banner shows
    status = traitlets.Unicode(DISCONNECTED).tag(sync=True)
