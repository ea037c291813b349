"""Who a lesson page is being rendered for, as the kernel manager needs to know it.

The page handler sets these context variables in the request's task before Voilà renders the page;
the kernel manager reads them when it starts or hands out the page's kernel in that same task.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any


#: The student a lesson page is being rendered for (None outside a hub): the kernel it gets is theirs
#: (read by hub_service.py's kernel routes; here, not there, because that module needs JupyterHub and Binder has none).
PAGE_OWNER: ContextVar[str | None] = ContextVar("parlour_page_owner", default=None)
#: Who asked for the page being rendered, for ``unconnected_per_client`` (None: not told apart, see page_client).
PAGE_CLIENT: ContextVar[str | None] = ContextVar("parlour_page_client", default=None)
#: The kernels handed to the page being rendered (the handler marks them sent when the page is out).
PAGE_KERNELS: ContextVar[list[str] | None] = ContextVar("parlour_page_kernels", default=None)


def user_name(handler: Any) -> str | None:
    """The logged-in student's name (None: nobody)."""
    user = handler.current_user
    return None if user is None else getattr(user, "username", None) or getattr(user, "name", None)


def page_client(handler: Any) -> str | None:
    """Who asks for a page, as ``unconnected_per_client`` counts them: the student behind a hub's login,
    else the address asking, unless it is this machine's own (``./run app`` listens on 127.0.0.1 only:
    every page there is the one learner's, who may open many at once; the cap and the reclaiming of
    unconnected kernels still hold)."""
    import ipaddress

    if getattr(handler.kernel_manager, "per_user_kernels", False):
        user = user_name(handler)
        return None if user is None else f"student {user}"
    address = handler.request.remote_ip or ""
    try:
        if ipaddress.ip_address(address).is_loopback:
            return None
    except ValueError:
        pass
    return f"address {address}"


AUTOSAVE_OWNER_COOKIE = "parlour_user"


def autosave_owner(user: str | None) -> str | None:
    """On a hub, what names the logged-in student's saves in their browser (a digest of their name);
    None elsewhere, where a browser is one learner's. A lab's computers serve one student after another:
    a save keyed by lesson alone was offered to the next student who logged in there."""
    import hashlib
    import os

    if user is None or not os.environ.get("JUPYTERHUB_API_URL"):
        return None
    return hashlib.sha256(f"parlour-autosave:{user}".encode()).hexdigest()[:16]
