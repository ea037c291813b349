"""The lesson page handler: only a person's visit starts a kernel, and "server full" is a page a
student can read."""

from __future__ import annotations

from typing import Any

import tornado.web
from voila.tornado.handler import TornadoVoilaHandler

from widgets.server.kernel_manager import ServerFull
from widgets.server.notices import problem_html, server_full_html
from widgets.server.page_identity import (AUTOSAVE_OWNER_COOKIE, PAGE_CLIENT, PAGE_KERNELS, PAGE_OWNER,
                                          autosave_owner, page_client, user_name)


class NotANavigation(tornado.web.HTTPError):
    """A request for a page that no person asked to open: refused before a kernel starts."""

    def __init__(self, why: str) -> None:
        super().__init__(403, "not a page visit: %s", why)


def foreign_request(headers: Any) -> str | None:
    """Why a request for a lesson page is not a person opening it, or None when it is.

    Every page request starts a kernel, so a page on another site could fill the server with
    blind ``fetch()``es, images or hidden iframes and lock a class out. Browsers say what a
    request is for (``Sec-Fetch-*``): a page visit is a navigation to a document, or an iframe
    of this same site (JupyterLab's preview). A teacher's deal link clicked on another site is
    a navigation, so it still opens. A client that sends no such header (an old browser, curl,
    a script) is not a foreign page and is let through, as before.
    """
    mode = headers.get("Sec-Fetch-Mode")
    dest = headers.get("Sec-Fetch-Dest")
    site = headers.get("Sec-Fetch-Site")
    purpose = headers.get("Sec-Purpose") or headers.get("Purpose") or ""
    if "prefetch" in purpose.lower():
        return "a prefetch"
    if mode is not None and mode != "navigate":
        return f"a {mode} request"
    if dest is not None and dest not in ("document", "iframe"):
        return f"a request for a{'n' if dest[:1] in 'aeiou' else ''} {dest}"
    if dest == "iframe" and site not in ("same-origin", "none"):
        return "a frame in another site's page"
    return None


#: Lesson pages may be framed by this site only (JupyterLab's preview), never by another.
FRAME_POLICY = "frame-ancestors 'self'"


class ParlourVoilaHandler(TornadoVoilaHandler):
    """Voilà's page handler: opens a page only for a person's visit (not another site's blind
    request), sets the XSRF cookie its unload beacon sends back, and answers "server full"
    with a page a student can read."""

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        why = foreign_request(self.request.headers)
        if why is not None:
            self.log.info("Refusing %s for %s: no kernel started", why, self.request.path)
            raise NotANavigation(why)
        if getattr(self.kernel_manager, "per_user_kernels", False):
            PAGE_OWNER.set(user_name(self))  # this request's task: the kernel chosen for it is theirs
        PAGE_CLIENT.set(page_client(self))
        handed: list[str] = []
        PAGE_KERNELS.set(handed)
        owner = autosave_owner(user_name(self))
        if owner is not None:  # widgets/static/autosave.js keys this student's saves with it
            self.set_cookie(AUTOSAVE_OWNER_COOKIE, owner, path=self.base_url, samesite="Lax")
        self.set_header("Content-Security-Policy", FRAME_POLICY)
        self.set_header("X-Frame-Options", "SAMEORIGIN")
        # Voilà's page shuts its kernel down on unload with a beacon carrying the _xsrf
        # cookie's value; the cookie is only set when a handler reads xsrf_token. Without
        # it the beacon is refused (voila issue #1458) unless XSRF checks are off for all.
        self.xsrf_token  # noqa: B018  (reading it sets the cookie)
        try:
            await super().get(path)
        finally:  # written, or given up: from now on a browser may connect, or never will
            if handed and getattr(self.kernel_manager, "per_user_kernels", False):
                from widgets.server.class_records import note_page  # "who is online" on the teacher's page

                for kernel_id in handed:
                    note_page(kernel_id, user_name(self), path)
            for kernel_id in handed:
                page_sent = getattr(self.kernel_manager, "page_sent", None)
                if page_sent is not None:
                    page_sent(kernel_id)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(exc, NotANavigation):
            self.set_header("Content-Type", "text/html; charset=UTF-8")
            self.finish("<!DOCTYPE html><html><head><meta charset='utf-8'><title>Parlour</title></head><body>"
                        + problem_html("Open this lesson yourself",
                                       "This page opens a lesson only when you visit it: type its address "
                                       "or follow a link to it.") + "</body></html>")
            return None
        if not isinstance(exc, ServerFull):
            return super().write_error(status_code, **kwargs)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Retry-After", "60")
        self.finish("<!DOCTYPE html><html><head><meta charset='utf-8'><title>Parlour: server full</title>"
                    f"</head><body>{server_full_html(exc.limit)}</body></html>")
