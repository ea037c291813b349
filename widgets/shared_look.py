"""One plain Layout and one plain style per kind, shared by every widget that never changes its own.

ipywidgets gives every widget its own ``Layout`` and (Buttons, HTML, Dropdowns, ...) its own style
object, and each of those is a model of its own: a lesson with two tables held about 970 models, 600
of them plain layouts and styles, and a page opens only after the browser has built every model
(``bench/bench_page_state.py`` counts them). Sharing the plain ones is what ipywidgets itself allows
(a ``Layout`` may serve many widgets); measured on a page of 130 rows of an HTML and a Button, it took
the page from 1.86 s to 1.47 s, the one-button page's time.

A shared look is frozen: changing it would change every widget that shares it, so it refuses with an
error naming the attribute. A widget that changes its layout or style later (shown and hidden, resized)
changes through ``set_layout(widget, display="none")``, which gives it its own copy first.
Layouts with values (``shared_layout(width="auto")``) are shared the same way.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w
from ipywidgets.widgets.trait_types import InstanceDict


class _Frozen:
    """Refuses a change to any synced attribute once made: it is shared by many widgets."""

    _frozen = False

    def __setattr__(self, name: str, value: Any) -> None:
        if self._frozen and name in self.keys:  # type: ignore[attr-defined]
            raise AttributeError(
                f"this {type(self).__bases__[-1].__name__} is shared by many widgets (Parlour shares plain looks so "
                f"that pages open sooner), so '{name}' cannot change here: change one widget's with "
                f"widgets.shared_look.set_layout(widget, {name}=...) or set_style(widget, {name}=...)")
        super().__setattr__(name, value)


_shared: dict[tuple[type, tuple[tuple[str, Any], ...]], w.Widget] = {}
_frozen_kinds: dict[type, type] = {}


def shared_look(kind: type, **values: Any) -> w.Widget:
    """The one frozen ``kind`` (a Layout or a style class) with these ``values`` in this kernel: made on
    first use, and again if it was closed (tests close every widget between tests)."""
    key = (kind, tuple(sorted(values.items())))
    look = _shared.get(key)
    if look is None or look.comm is None:
        frozen = _frozen_kinds.get(kind)
        if frozen is None:
            frozen = _frozen_kinds[kind] = type(f"Shared{kind.__name__}", (_Frozen, kind), {})
        look = frozen(**values)
        look._frozen = True
        _shared[key] = look
    return look


def shared_layout(**values: Any) -> w.Layout:
    """A layout with these values, shared by every widget that asks for the same and never changes it."""
    return shared_look(w.Layout, **values)  # type: ignore[return-value]


def _copy(look: w.Widget, changes: dict[str, Any]) -> w.Widget:
    """A widget's own copy of a shared look, with these values changed."""
    kind = type(look).__bases__[-1]
    return kind(**{**{name: getattr(look, name) for name in look.keys if not name.startswith("_")}, **changes})


def _every_widget_class() -> list[type[w.DOMWidget]]:
    found: list[type[w.DOMWidget]] = []
    todo: list[type[w.DOMWidget]] = [w.DOMWidget]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def share_plain_looks() -> None:
    """Make every widget's default layout and style the shared frozen one (idempotent)."""
    for cls in _every_widget_class():
        for name in ("layout", "style"):
            trait = cls.class_traits().get(name)
            if isinstance(trait, InstanceDict) and not getattr(trait, "_parlour_shared", False):
                kind = trait.klass
                trait.make_dynamic_default = lambda kind=kind: shared_look(kind)  # type: ignore[method-assign]
                trait._parlour_shared = True


def set_layout(widget: w.DOMWidget, **values: Any) -> None:
    """Change ``widget``'s layout alone: a shared one is first copied into the widget's own, unless the
    values asked for are already there (a log row hidden again stays on the shared layout)."""
    if not _differs(widget.layout, values):
        return
    if isinstance(widget.layout, _Frozen):
        widget.layout = _copy(widget.layout, values)
    else:
        _assign(widget.layout, values)


def set_style(widget: w.DOMWidget, **values: Any) -> None:
    """Change ``widget``'s style alone, as ``set_layout`` does its layout."""
    style = widget.style  # type: ignore[attr-defined]
    if not _differs(style, values):
        return
    if isinstance(style, _Frozen):
        widget.style = _copy(style, values)  # type: ignore[attr-defined]
    else:
        _assign(style, values)


def _differs(look: w.Widget, values: dict[str, Any]) -> bool:
    return any(getattr(look, name) != value for name, value in values.items())


def _assign(look: w.Widget, values: dict[str, Any]) -> None:
    with look.hold_sync():  # one message for all the values
        for name, value in values.items():
            setattr(look, name, value)
