"""Walking a table's widgets, for tests that look for one or count what is sent to them."""

from __future__ import annotations

from typing import Any


def descendants(widget: Any) -> list[Any]:
    """``widget`` and every widget in its boxes, depth first."""
    return [widget, *(d for child in getattr(widget, "children", ()) for d in descendants(child))]
