"""The shared table's app features in Chromium: Settings carried by the code, Finish, the end of the game."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .table_page import button, deal_table

pytestmark = pytest.mark.browser


def test_settings_finish_and_the_end_of_el_gato(voila_server, voila_page, save_screenshot):
    page = voila_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(voila_server + "voila/render/el_gato.ipynb")
    table = deal_table(page, "4-000005")
    expect(table.locator(".parlour-status")).to_contain_text("Your turn", timeout=60_000)
    expect(table.get_by_role("combobox", name="Bots")).to_be_hidden()  # nothing to choose in El Gato

    # Settings: the 1 above the Sota, dealt again with the same code, which now carries the choice
    button(table, "Settings").click()
    panel = table.locator(".parlour-settings")
    expect(panel).to_be_visible()
    panel.get_by_role("combobox", name="The 1 (As)").select_option(label="Ranks above the Sota")
    button(panel, "Deal again with these settings").click()
    code = table.locator(".parlour-toolbar .widget-text input").first
    # one digit per setting: the 1 ranks above the Sota (1), the guerra rule left as it was (0)
    expect(code).to_have_value("4-000005/10", timeout=30_000)
    expect(table.locator(".parlour-status")).to_contain_text("Dealt again with your settings")
    expect(panel).to_be_hidden()

    # Finish: the whole game at once, then who lost and a way to play the same deal again
    button(table, "Finish").click()
    end = table.locator(".parlour-end")
    expect(end).to_contain_text("Game over.", timeout=60_000)
    expect(button(end, "Play again with the same deal")).to_be_visible()
    expect(button(table, "Undo")).to_be_disabled()
    end.scroll_into_view_if_needed()
    save_screenshot(page, "el_gato-end-1280x800", full_page=False)
    button(end, "Play again with the same deal").click()
    expect(end).to_be_hidden(timeout=30_000)
    expect(code).to_have_value(re.compile(r"^4-000005/10$"))
    assert not [e for e in page.errors if e.startswith("pageerror")], page.errors
