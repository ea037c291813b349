"""The Jubileu lesson pieces, in English and Portuguese: every answer comes from the engine (issue 11)."""

from __future__ import annotations

import pytest

from widgets.games import jubileu_lesson as lesson


@pytest.mark.parametrize("lang, yes, no", [("en", "Yes", "No"), ("pt", "Sim", "Não")])
def test_overcall_checks_answer_as_the_rules_do(lang, yes, no):
    """docs/rules/jubileu.md#examples: Solo Oito → Meia Miséria ✗; Solo Oito → Solo Oito da Última ✓."""
    q = lesson.overcall_check("solo-8", "meia-miseria", lang)
    assert q.answer_text == no and not q.answer(yes)
    assert lesson.overcall_check("solo-8", "solo-8-ultima", lang).answer_text == yes
    assert lesson.overcall_check("solo-9-ultima", "miseria", lang).answer_text == yes
    assert q.answer(no) and ("Right" in q.feedback.value or "Certo" in q.feedback.value)


def test_the_duty_check_and_the_call_check_use_the_engine():
    q = lesson.duty_check()
    assert q.answer_text == "No" and "Jogo Obrigatório duty" in q.explanation
    call = lesson.call_check()
    assert call.right == {1, 2}                                 # A♥ and A♦: not the trump Ace, not his own A♣
    assert call.pick(1) and not call.pick(0) and "trump Ace" in call.feedback.value


def test_the_espirra_walkthrough_ends_with_the_called_ace_winning():
    for lang in ("en", "pt"):
        walk = lesson.espirra_walkthrough(lang)
        for _ in range(len(walk.moves)):
            walk.next()
        assert walk.next_button.disabled
        assert ("Ada wins the trick" if lang == "en" else "Ada ganha a vaza") in walk.narration.value
        assert lesson.trick_winner_check(lang).answer_text == "Ada"
    assert "Nota:" in walk.narration.value and "Jogada 11 de 11" in walk.progress.value


def test_payment_checks_follow_the_seed():
    """Seed: Solo Nove with 7 tricks pays 5 to each (15 in all); Jubileu with 9 pays 4 each."""
    assert lesson.payment_check().answer_text == "15"
    assert lesson.partnership_payment_check("pt").answer_text == "4"


def test_pictures_and_the_deal_render_in_both_languages():
    for lang, word in (("en", "anticlockwise"), ("pt", "anti-horário")):
        assert word in lesson.anticlockwise_html(lang).value
        ladder = lesson.ladder_html(lang, ("meia-miseria",)).value
        assert ladder.count("<b>") == 21 and "Miséria Aberta com Colóquio" in ladder
        g = lesson.demo_deal(lang)
        assert g.view(0)["ultima"]["card"] in lesson.deal_html(g, lang).value or "última" in lesson.deal_html(
            g, lang).value
        q = lesson.ultima_check(g, lang)
        assert q.answer(q.answer_text)
    table = lesson.play_table("pt", seed=3, bot_delay=0)
    assert table.game.options["lang"] == "pt" and table.game.options["deals"] == 2
