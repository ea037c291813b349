"""Small checks for lessons: pick an answer, or pick the cards, and be told why."""

from __future__ import annotations

import html
from typing import Callable, Sequence

import ipywidgets as w

from engine.i18n import N_, say
from widgets.card_surface import CardRow
from widgets.shared_look import shared_layout


class ChoiceQuiz(w.VBox):
    """A question with a few answers; a click says right or wrong and explains.

    ``lang``: the language of its own words ("Check:", "Right."); the question, answers and explanation come
    in the lesson's language already."""

    def __init__(self, question: str, choices: Sequence[str], answer: str, explanation: str,
                 lang: str = "en") -> None:
        if answer not in choices:
            raise ValueError(f"the answer {answer!r} is not among the choices")
        self.answer_text = answer
        self.explanation = explanation
        self.lang = lang
        self.question = w.HTML(f"<b>{html.escape(say(lang, N_('Check:')))}</b> {question}")
        self.buttons = [w.Button(description=c, layout=shared_layout(width="auto")) for c in choices]
        for b in self.buttons:
            b.on_click(lambda btn: self.answer(btn.description))
        self.feedback = w.HTML()
        self.correct: bool | None = None
        super().__init__([self.question, w.HBox(self.buttons), self.feedback])
        self.add_class("parlour-quiz")

    def answer(self, choice: str) -> bool:
        self.correct = choice == self.answer_text
        mark = (html.escape(say(self.lang, N_("✓ Right."))) if self.correct else
                say(self.lang, N_("✗ Not quite: the answer is {answer}."),
                    answer=f"<b>{html.escape(self.answer_text)}</b>"))
        self.feedback.value = f"{mark} {html.escape(self.explanation)}"
        for b in self.buttons:
            right, picked = b.description == self.answer_text, b.description == choice
            b.button_style = "success" if right else "danger" if picked else ""
        return self.correct


def check_in(lang: str, question: str, choices: Sequence[str], answer: int, why: str) -> ChoiceQuiz:
    """A check whose words are catalog messages (``answer``: the right choice's index), said in ``lang``."""
    said = [say(lang, c) for c in choices]
    return ChoiceQuiz(say(lang, question), said, said[answer], say(lang, why), lang=lang)


class CardPickQuiz(w.VBox):
    """"Which of these cards may you play?": click cards; each click is judged with its reason.

    ``lang``: the language of its own words and of the cards' names (the question and the judge's reasons
    come in the lesson's language already)."""

    def __init__(self, question: str, cards: Sequence[str], judge: Callable[[str], tuple[bool, str]],
                 lang: str = "en") -> None:
        self.judge = judge
        self.lang = lang
        self.cards = list(cards)
        self.question = w.HTML(f"<b>{html.escape(say(lang, N_('Check:')))}</b> {question}")
        self.row = CardRow(self.cards, lang=lang, label=say(lang, N_("Cards to choose from")), card_width=64)
        self.row.on_play(lambda index, card: self.pick(index))
        self.feedback = w.HTML()
        self.found: set[int] = set()
        self.right = {i for i, c in enumerate(self.cards) if judge(c)[0]}
        super().__init__([self.question, self.row, self.feedback])

    def pick(self, index: int) -> bool:
        card = self.cards[index]
        ok, why = self.judge(card)
        if ok:
            self.found.add(index)
        left = len(self.right - self.found)
        tail = (" " + say(self.lang, N_("You found them all!")) if not left else
                " " + say(self.lang, N_("{n} more to find."), n=left) if ok else "")
        self.feedback.value = f"{'✓' if ok else '✗'} {html.escape(why)}{tail}"
        return ok
