"""The classroom server's guards that need no running server (issue 22, items 2 and 3): which
requests count as a person opening a lesson, and lessons that no checkpoint can rewrite."""

from __future__ import annotations

import asyncio
import json

import pytest
import tornado.web

from widgets.server.page_handler import foreign_request
from widgets.server.single_user import ReadOnlyContentsManager

NAVIGATE = {"Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}


@pytest.mark.parametrize("headers", [
    {},                                                              # curl, a script, an old browser
    {**NAVIGATE, "Sec-Fetch-Site": "none"},                          # typed in the address bar
    {**NAVIGATE, "Sec-Fetch-Site": "same-origin"},                   # a tile of the gallery
    {**NAVIGATE, "Sec-Fetch-Site": "cross-site", "Sec-Fetch-User": "?1"},  # a deal link in a message
    {"Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe", "Sec-Fetch-Site": "same-origin"},  # JupyterLab
])
def test_a_person_opening_a_lesson_is_let_in(headers: dict[str, str]) -> None:
    assert foreign_request(headers) is None


@pytest.mark.parametrize("headers, said", [
    ({"Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "empty", "Sec-Fetch-Site": "cross-site"}, "no-cors"),
    ({"Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty", "Sec-Fetch-Site": "cross-site"}, "cors"),
    ({"Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image", "Sec-Fetch-Site": "cross-site"}, "no-cors"),
    ({"Sec-Fetch-Dest": "image"}, "an image"),
    ({"Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe", "Sec-Fetch-Site": "cross-site"}, "frame"),
    ({**NAVIGATE, "Sec-Fetch-Site": "cross-site", "Sec-Purpose": "prefetch"}, "prefetch"),
    ({**NAVIGATE, "Purpose": "prefetch"}, "prefetch"),
])
def test_a_request_no_person_made_is_named_and_refused(headers: dict[str, str], said: str) -> None:
    why = foreign_request(headers)
    assert why is not None and said in why


def test_checkpoints_cannot_rewrite_a_shared_lesson(tmp_path) -> None:
    """Issue 22, item 3: POST …/checkpoints answered 201, DELETE 204, and a restore rewrote the lesson."""
    lesson = tmp_path / "jubilee.ipynb"
    text = json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    lesson.write_text(text)
    manager = ReadOnlyContentsManager(root_dir=str(tmp_path))

    async def attempts() -> list[int]:
        codes = []
        for call in (lambda: manager.create_checkpoint("jubilee.ipynb"),
                     lambda: manager.restore_checkpoint("checkpoint", "jubilee.ipynb"),
                     lambda: manager.delete_checkpoint("checkpoint", "jubilee.ipynb"),
                     lambda: manager.save({"type": "notebook", "content": {}}, "jubilee.ipynb"),
                     lambda: manager.delete("jubilee.ipynb")):
            try:
                await call()
            except tornado.web.HTTPError as exc:
                codes.append(exc.status_code)
        return codes

    assert asyncio.run(attempts()) == [403] * 5
    assert lesson.read_text() == text
    assert not (tmp_path / ".ipynb_checkpoints").exists()
    assert asyncio.run(manager.list_checkpoints("jubilee.ipynb")) == []


def test_the_gzip_handlers_keep_tornados_class_level_reads(tmp_path) -> None:
    """tornado hashes a static file for its version through ``cls.get_content(abspath)``; the gzip handlers
    once overrode it per request, and that call broke ("Could not open static file" for Voilà's chunks)."""
    from voila.static_file_handler import MultiStaticFileHandler

    from widgets.server.static_files import HashedAssetHandler, static_with

    asset = tmp_path / "chunk.js"
    asset.write_text("console.log('a chunk');\n" * 50)
    for handler in (HashedAssetHandler, static_with(MultiStaticFileHandler)):
        assert handler.get_content_version(str(asset))
        assert b"".join(handler.get_content(str(asset))) == asset.read_bytes()
